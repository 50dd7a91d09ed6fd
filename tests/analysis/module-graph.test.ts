import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import {
  getModuleAdoptionCounts,
  getModuleParseCounts,
  offerLintedModule,
  resolveImport,
} from '../../src/analysis/modules/module-graph.js';
import { mayReachPackage } from '../../src/analysis/modules/package-reach.js';
import { getEvaluator } from '../../src/analysis/values/evaluator.js';
import { resolveLibraryReference } from '../../src/analysis/schemas/schema-libraries.js';
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
      'default-unterminated.ts': "import zed from './inner.js';\nexport default zed\n",
      'default-member.ts': "import zed from './inner.js';\nexport default zed.enum;\n",
      'default-call.ts': "import zed from './inner.js';\nexport default zed.object({})\n",
      'inner.ts': "export { z as zed } from 'zod';\n",
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './passes-on.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './default.js', packages, new Set())).toBe(true);
    // No semicolon after the name: the statement ends at the line's end all the same.
    expect(mayReachPackage(from, './default-unterminated.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './default-member.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './default-call.js', packages, new Set())).toBe(false);
    // Its own exports are written here and none names the package: no zod binding can come out.
    expect(mayReachPackage(from, './uses.js', packages, new Set())).toBe(false);
  });

  it('follows the imports of a module that exports an alias of an imported name', () => {
    const root = project({
      'alias.ts': "import { zed } from './inner.js';\nexport const zz = zed;\n",
      'member.ts': "import { zed } from './inner.js';\nexport const pick = zed.enum as typeof zed.enum;\n",
      'destructured.ts': "import { zed } from './inner.js';\nexport const {\n  object: obj,\n} = zed;\n",
      'multiline.ts': "import { zed } from './inner.js';\nexport const zz: typeof zed =\n  zed\n",
      'computed.ts': "import { zed } from './inner.js';\nexport const shape = zed.object({});\n",
      'inner.ts': "export { z as zed } from 'zod';\n",
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './alias.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './member.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './destructured.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './multiline.js', packages, new Set())).toBe(true);
    // A call's result is a value, not the library's namespace: no library reference comes out of it.
    expect(mayReachPackage(from, './computed.js', packages, new Set())).toBe(false);
  });

  it('counts a package as named only where a string literal quotes it, escapes decoded', () => {
    const root = project({
      // A bundle that carries a copy of zod's code and says so in a comment passes no binding of the package.
      'bundle.ts': "// bundled from zod@3 and valibot\nconst zodLike = { enum: (values: string[]) => values };\nexport { zodLike };\n",
      'required.ts': "const z = require('zod');\nexport { z };\n",
      'double.ts': 'export { z } from "zod";\n',
      'escaped.ts': "export { z } from '\\x7aod';\n",
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './bundle.js', packages, new Set())).toBe(false);
    // Answered from the text: the bundle is not parsed to learn that its export is its own.
    expect(getModuleParseCounts().get(join(root, 'bundle.ts'))).toBeUndefined();
    expect(mayReachPackage(from, './required.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './double.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './escaped.js', packages, new Set())).toBe(true);
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

  it('resolves a library member through a module that exports an alias of the namespace', () => {
    const root = project({
      'third-party.ts': "export { z as builders } from 'zod';\n",
      // Names no package: only following its import shows where `schemas` comes from.
      'alias.ts': "import { builders } from './third-party.js';\nexport const schemas = builders;\n",
    });
    const file = join(root, 'server.ts');
    // The enum rule finds `schemas.enum(X)` by the callee alone, without evaluating the call.
    const { value, context } = probe("import { schemas } from './alias.js';\nconst probe = schemas.enum(['a']);", { filename: file });
    const evaluator = getEvaluator(context);
    const callee = (value.node as TSESTree.CallExpression).callee;
    expect(resolveLibraryReference(evaluator.module, callee, evaluator.libraryEnvironment)).toEqual({ library: 'zod', path: ['enum'] });
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

describe('module graph: names behind a large `export *` barrel', () => {
  const sources = Array.from({ length: 12 }, (_, index) => `t${index}`);

  function barrelProject(overrides: Record<string, string> = {}): string {
    const files: Record<string, string> = { 'index.ts': sources.map((name) => `export * from './${name}.js';\n`).join('') };
    for (const name of sources) files[`${name}.ts`] = `export const ${name.toUpperCase()} = '${name}';\n`;
    return project({ ...files, ...overrides });
  }

  const definer = (root: string, name: string, checked = new Set<string>()) => {
    const target = resolveImport(join(root, 'server.ts'), './index.js', name, checked);
    return target?.kind === 'local' ? `${basename(target.module.file)}:${target.localName}` : target?.kind;
  };

  it('finds each name in the first source that exports it, as a search in order would', () => {
    const root = barrelProject({ 't7.ts': "export const T7 = 't7';\nexport const T2 = 'again';\n" });
    expect(definer(root, 'T0')).toBe('t0.ts:T0');
    expect(definer(root, 'T11')).toBe('t11.ts:T11');
    // Exported twice: the earlier source wins.
    expect(definer(root, 'T2')).toBe('t2.ts:T2');
    expect(definer(root, 'MISSING')).toBeUndefined();
    expect(definer(root, 'default')).toBeUndefined();
  });

  it('gives one pass the same answers whatever order it asks in', () => {
    const root = barrelProject({ 't7.ts': "export const T7 = 't7';\nexport const T2 = 'again';\n" });
    const checked = new Set<string>();
    expect(definer(root, 'T7', checked)).toBe('t7.ts:T7');
    expect(definer(root, 'T2', checked)).toBe('t2.ts:T2');
    expect(definer(root, 'T0', checked)).toBe('t0.ts:T0');
    expect(definer(root, 'MISSING', checked)).toBeUndefined();
    expect(definer(root, 'T11', checked)).toBe('t11.ts:T11');
  });

  it('parses only the source that defines the name asked for', () => {
    // An escape that cannot spell an exported name does not make a source worth parsing.
    const root = barrelProject({ 't1.ts': "export const T1 = /\\d+\\n/;\n" });
    expect(definer(root, 'T4')).toBe('t4.ts:T4');
    const parsed = (name: string) => getModuleParseCounts().get(join(root, `${name}.ts`)) ?? 0;
    expect(sources.map(parsed)).toEqual(sources.map((name) => (name === 't4' ? 1 : 0)));
  });

  it('parses a source whose text may pass the name on, and searches on from it', () => {
    const root = barrelProject({
      // Neither spells T9, but a star list or an escape may supply it.
      't2.ts': "export * from './deep.js';\n",
      't3.ts': "export const T\\u0039 = 'escaped';\n",
      'deep.ts': "export const DEEP = 1;\n",
    });
    const parsed = (name: string) => getModuleParseCounts().get(join(root, `${name}.ts`)) ?? 0;
    expect(definer(root, 'T9')).toBe('t3.ts:T9');
    expect([parsed('t0'), parsed('t1'), parsed('t2'), parsed('t3')]).toEqual([0, 0, 1, 1]);
  });

  it('passes over a source that spells the name only where it imports, uses or mentions it', () => {
    const root = barrelProject({
      't1.ts': "import { T4 } from './t4.js';\nexport function T1() { return T4 + '1'; }\n",
      // A declaration of its own that is not exported, and a comment.
      't2.ts': "const T4 = 'local';\n// T4 is the fourth\nexport class T2 { four = T4; }\n",
      't3.ts': "import * as all from './index.js';\nexport function T3() { return all.T4; }\n",
    });
    expect(definer(root, 'T4')).toBe('t4.ts:T4');
    const parsed = (name: string) => getModuleParseCounts().get(join(root, `${name}.ts`)) ?? 0;
    expect(sources.map(parsed)).toEqual(sources.map((name) => (name === 't4' ? 1 : 0)));
  });

  it.each([
    ['a list of an import', "import { T4 as FOUR } from './t4.js';\nexport { FOUR as T4 };\n", 't1.ts:FOUR'],
    ['a named re-export', "export { T1 as T4 } from './t1-own.js';\n", 't1-own.ts:T1'],
    ['a destructuring declaration', "const all = { T4: 'own' };\nexport const { T4 } = all;\n", 't1.ts:T4'],
    ['a declaration escaped where a comment spells the name', "// T4\nexport const T\\u0034 = 'escaped';\n", 't1.ts:T4'],
    ['an export list with a comment', "const own = 1;\nexport {\n  // T4, renamed\n  own as T4,\n};\n", 't1.ts:own'],
  ])('parses a source that may export the name it spells: %s', (_form, text, expected) => {
    const root = barrelProject({ 't1.ts': text, 't1-own.ts': "export const T1 = 'own';\n" });
    expect(definer(root, 'T4')).toBe(expected);
    expect(getModuleParseCounts().get(join(root, 't1.ts'))).toBe(1);
  });

  it('searches through a source with an `export *` of its own, in order', () => {
    const root = barrelProject({
      't3.ts': "export * from './deep.js';\n",
      'deep.ts': "export const T9 = 'deep';\nexport const DEEP = 1;\n",
    });
    expect(definer(root, 'DEEP')).toBe('deep.ts:DEEP');
    // t3 comes before t9, and passes T9 on from deep.ts.
    expect(definer(root, 'T9')).toBe('deep.ts:T9');
    expect(definer(root, 'T1')).toBe('t1.ts:T1');
  });

  it('goes on to the next source when the first one that names it cannot be followed', () => {
    const root = barrelProject({ 't1.ts': "export { T4 } from './gone.js';\nexport const T1 = 't1';\n" });
    expect(definer(root, 'T4')).toBe('t4.ts:T4');
  });

  it('sees a source edited on disk in the next pass', () => {
    const root = barrelProject();
    expect(definer(root, 'ADDED')).toBeUndefined();
    writeFileSync(join(root, 't5.ts'), "export const T5 = 't5';\nexport const ADDED = 1;\n");
    expect(definer(root, 'ADDED')).toBe('t5.ts:ADDED');
  });
});

describe('module graph: reading an imported module from the parse ESLint made of it', () => {
  function lintedModule(file: string, text: string) {
    const { ast, scopeManager } = parseForESLint(text, { filePath: file, range: true, loc: true, comment: true, sourceType: 'module' });
    return { text, ast: ast as unknown as TSESTree.Program, scopeManager };
  }

  it('reuses the offered parse when the file on disk is what ESLint linted', () => {
    const text = "export const REGIONS = ['eu', 'us'];\n";
    const root = project({ 'regions.ts': text });
    const file = join(root, 'regions.ts');
    const linted = lintedModule(file, text);
    offerLintedModule(file, linted);
    const target = resolveImport(join(root, 'server.ts'), './regions.js', 'REGIONS', new Set());
    expect(target?.kind === 'local' && target.module.ast).toBe(linted.ast);
    expect(getModuleAdoptionCounts().get(file)).toBe(1);
    expect(getModuleParseCounts().get(file)).toBeUndefined();
  });

  it('parses the file on disk when ESLint linted other text (an unsaved editor buffer)', () => {
    const root = project({ 'regions.ts': "export const REGIONS = ['eu', 'us'];\n" });
    const file = join(root, 'regions.ts');
    const linted = lintedModule(file, "export const REGIONS = ['eu', 'us', 'apac'];\n");
    offerLintedModule(file, linted);
    const target = resolveImport(join(root, 'server.ts'), './regions.js', 'REGIONS', new Set());
    expect(target?.kind).toBe('local');
    expect(target?.kind === 'local' && target.module.ast).not.toBe(linted.ast);
    expect(target?.kind === 'local' && target.module.text).toContain("['eu', 'us']");
    expect(getModuleAdoptionCounts().get(file)).toBeUndefined();
    expect(getModuleParseCounts().get(file)).toBe(1);
  });
});
