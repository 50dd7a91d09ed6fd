import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getModuleParseCounts, mayReachPackage } from '../../src/analysis/module-graph.js';
import { probe, show } from './probe.js';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'schema-contract-graph-'));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

describe('module graph: whether a relative import can lead to a package', () => {
  const packages = ['zod', 'valibot'];

  it('follows re-exports and imports to a module that names the package', () => {
    const root = project({
      'barrel.ts': "export * from './inner.js';\n",
      'inner.ts': "export { z as zed } from 'zod';\n",
      'model.ts': "import { helper } from './util.js';\nexport function build() { return helper(); }\n",
      'util.ts': 'export const helper = () => 1;\n',
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './model.js', packages, new Set())).toBe(false);
    expect(mayReachPackage(from, './missing.js', packages, new Set())).toBe(false);
    expect(mayReachPackage(from, 'zod', packages, new Set())).toBe(true);
  });

  it('follows plain imports only of a module that passes on local names', () => {
    const root = project({
      'passes-on.ts': "import { zed } from './inner.js';\nexport { zed };\n",
      'uses.ts': "import { zed } from './inner.js';\nexport const shape = 1;\n",
      'default.ts': "import zed from './inner.js';\nexport default zed;\n",
      'inner.ts': "export { z as zed } from 'zod';\n",
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './passes-on.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './default.js', packages, new Set())).toBe(true);
    // Its own exports are written here and none names the package: no zod binding can come out.
    expect(mayReachPackage(from, './uses.js', packages, new Set())).toBe(false);
  });

  it('is right for every module of an import cycle, whichever is asked first', () => {
    const root = project({
      'a.ts': "export * from './b.js';\nexport * from './c.js';\n",
      'b.ts': "export * from './a.js';\n",
      'c.ts': "export { picklist } from 'valibot';\n",
      'd.ts': "export * from './e.js';\n",
      'e.ts': "export * from './d.js';\n",
    });
    const from = join(root, 'server.ts');
    const pass = new Set<string>();
    expect(mayReachPackage(from, './b.js', packages, pass)).toBe(true);
    expect(mayReachPackage(from, './a.js', packages, pass)).toBe(true);
    expect(mayReachPackage(from, './d.js', packages, pass)).toBe(false);
    expect(mayReachPackage(from, './e.js', packages, pass)).toBe(false);
  });

  it('answers yes when a specifier is written with an escape it cannot decode', () => {
    const root = project({ 'a.ts': "export * from '.\\u002fb.js';\n", 'b.ts': "export { z } from 'zod';\n" });
    expect(mayReachPackage(join(root, 'server.ts'), './a.js', packages, new Set())).toBe(true);
  });

  it('sees a module change in the next pass', () => {
    const root = project({ 'a.ts': 'export const x = 1;\n' });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './a.js', packages, new Set())).toBe(false);
    writeFileSync(join(root, 'a.ts'), "export { z as x } from 'zod';\n// longer, so the stamp changes\n");
    expect(mayReachPackage(from, './a.js', packages, new Set())).toBe(true);
  });
});

describe('module graph: library resolution does not parse modules that cannot re-export a library', () => {
  it('resolves a barrel-imported builder but leaves an ordinary imported function unparsed', () => {
    const root = project({
      'third-party.ts': "export { z as zod } from 'zod';\n",
      'model.ts': 'export function orderFromRow(row: unknown) { return row; }\n',
    });
    const file = join(root, 'server.ts');
    expect(show(probe("import { zod } from './third-party.js';\nconst probe = zod.any();", { filename: file }).value)).toBe('<zod:any>');
    probe("import { orderFromRow } from './model.js';\nconst probe = orderFromRow({});", { filename: file });
    expect(getModuleParseCounts().get(join(root, 'model.ts'))).toBeUndefined();
  });

  it('finds a module created after an earlier lint pass could not resolve it', () => {
    const root = project({});
    const file = join(root, 'server.ts');
    const code = "import { TABLE } from './late.js';\nconst probe = TABLE;";
    expect(probe(code, { filename: file }).value.kind).toBe('unknown');
    writeFileSync(join(root, 'late.ts'), "export const TABLE = ['a', 'b'];\n");
    expect(probe(code, { filename: file }).value.kind).toBe('array');
  });
});
