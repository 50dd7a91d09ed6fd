import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/schema-contract.js';
import { writeProject } from '../resolution/disk-project.js';

function capture(cwd: string) {
  let stdout = '';
  let stderr = '';
  return {
    io: { cwd, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } },
    out: () => stdout,
    err: () => stderr,
  };
}

describe('schema-contract explain', () => {
  const outside = writeProject({ 'secret.json': '{"token":"SECRET-EXPLAIN"}' });
  const root = writeProject(
    {
      'package.json': JSON.stringify({ name: 'server', type: 'module', imports: { '#glossary': './src/glossary.ts' } }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } } }),
      'src/glossary.ts': "export const UNITS = ['g'];\n",
      'src/data.json': '{"a":1}\n',
      'src/types.ts': 'export interface Row { id: string }\n',
      'node_modules/aws-regions/package.json': JSON.stringify({ name: 'aws-regions', main: 'index.js' }),
      'node_modules/aws-regions/index.js': 'exports.REGIONS = {};\n',
      'packages/units/package.json': JSON.stringify({ name: '@acme/units', exports: './index.ts' }),
      'packages/units/index.ts': 'export const U = 1;\n',
      'src/tool.ts': [
        "import { z } from 'zod';",
        "import { UNITS } from './glossary.js';",
        "import { UNITS as AGAIN } from '@/glossary.js';",
        "import * as glossary from '#glossary';",
        "import { U } from '@acme/units';",
        "import { REGIONS } from 'aws-regions';",
        "import { readFileSync } from 'node:fs';",
        "import type { Row } from './types.js';",
        "import data from './data.json';",
        `import secret from '${'../'.repeat(8)}${outside.slice(1)}/secret.json';`,
        "import { gone } from './gone.js';",
        "const legacy = require('./glossary.js');",
        '',
      ].join('\n'),
    },
    { 'node_modules/@acme/units': '../../packages/units' },
  );

  it('lists every import with what it resolved to and whether the analysis follows it', async () => {
    const { io, out, err } = capture(root);
    expect(await run(['explain', 'src/tool.ts'], io)).toBe(0);
    expect(err()).toBe('');
    expect(out()).toBe(`src/tool.ts: 12 import(s); the project is .

  1:1  zod { z }
    ○ —: schema library zod: known by its name, not read

  2:1  ./glossary.js { UNITS }
    → src/glossary.ts: relative; followed when a value from it reaches an enum, a fallback or a schema

  3:1  @/glossary.js { UNITS }
    → src/glossary.ts: tsconfig paths; followed when a value from it reaches an enum, a fallback or a schema

  4:1  #glossary { * }
    → src/glossary.ts: package imports; followed when a value from it reaches an enum, a fallback or a schema

  5:1  @acme/units { U }
    → packages/units/index.ts: workspace package; followed when a value from it reaches an enum, a fallback or a schema

  6:1  aws-regions { REGIONS }
    ✗ node_modules/aws-regions/index.js: installed dependency aws-regions: its values are not read; an enum built from it is an unmarked table in strict

  7:1  node:fs { readFileSync }
    ✗ —: Node.js built-in node:fs

  8:1  ./types.js { Row }
    ○ src/types.ts: type-only: no value comes through it

  9:1  ./data.json { default }
    → src/data.json: JSON module (relative); followed when a value from it reaches an enum, a fallback or a schema; its values are never quoted in a message

  10:1  ${'../'.repeat(8)}${outside.slice(1)}/secret.json { default }
    ✗ —: leads outside the project: never read

  11:1  ./gone.js { gone }
    ✗ —: not found (Cannot find module './gone.js')

  12:16  ./glossary.js { default }
    → src/glossary.ts: relative; followed when a value from it reaches an enum, a fallback or a schema

6 followed (→), 2 not read by design (○: schema libraries, type-only), 4 the analysis cannot follow (✗).
`);
    expect(out()).not.toContain('SECRET-EXPLAIN');
  });

  it('counts in its summary exactly what it marks, and says what each mark means', async () => {
    const { io, out } = capture(root);
    expect(await run(['explain', 'src/tool.ts'], io)).toBe(0);
    const marks = (sign: string) => out().split('\n').filter((line) => line.startsWith(`    ${sign} `)).length;
    const summary = /^(\d+) followed \(→\), (\d+) not read by design \(○[^)]*\), (\d+) the analysis cannot follow \(✗\)\.$/m.exec(out());
    expect(summary?.slice(1).map(Number)).toEqual([marks('→'), marks('○'), marks('✗')]);
    expect(marks('→') + marks('○') + marks('✗')).toBe(12);
    const help = capture(root);
    expect(await run(['explain', '--help'], help.io)).toBe(0);
    expect(help.out()).toContain('Marks: → followed, ○ not read by design (a schema library known by its name, a type-only import),\n✗ the analysis cannot follow it');
  });

  it('prints the same as JSON', async () => {
    const { io, out } = capture(root);
    expect(await run(['explain', join(root, 'src/tool.ts'), '--format', 'json'], io)).toBe(0);
    const parsed = JSON.parse(out()) as { project: string; imports: { specifier: string; kind: string; resolvedTo?: string; followed: boolean }[] };
    expect(parsed.project).toBe(root);
    expect(parsed.imports.map(({ kind, resolvedTo, followed }) => [kind, resolvedTo ?? null, followed])).toEqual([
      ['schema-library', null, false],
      ['source', 'src/glossary.ts', true],
      ['source', 'src/glossary.ts', true],
      ['source', 'src/glossary.ts', true],
      ['source', 'packages/units/index.ts', true],
      ['dependency', 'node_modules/aws-regions/index.js', false],
      ['builtin', null, false],
      ['type-only', 'src/types.ts', false],
      ['json', 'src/data.json', true],
      ['outside', null, false],
      ['not-found', null, false],
      ['source', 'src/glossary.ts', true],
    ]);
  });

  it('says when an import leads to a module past the read limit, whose values are unknown', async () => {
    const bundled = writeProject({
      'package.json': JSON.stringify({ name: 'bundled', type: 'module' }),
      // A vendored bundle of the server's dependencies (chrome-devtools-mcp ships 7.9 MB of them).
      'third_party/index.js': `export const z = {};\n${'// padding\n'.repeat(220_000)}`,
      'src/tool.ts': "import { z } from '../third_party/index.js';\n",
    });
    const { io, out } = capture(bundled);
    expect(await run(['explain', 'src/tool.ts'], io)).toBe(0);
    expect(out()).toBe(`src/tool.ts: 1 import(s); the project is .

  1:1  ../third_party/index.js { z }
    ✗ third_party/index.js: larger than 2 MiB, the analysis's read limit: its values are unknown

0 followed (→), 0 not read by design (○: schema libraries, type-only), 1 the analysis cannot follow (✗).
`);
  });

  it('names the file when it is missing or does not parse, with exit code 2', async () => {
    const missing = capture(root);
    expect(await run(['explain', 'src/nope.ts'], missing.io)).toBe(2);
    expect(missing.err()).toBe(
      `schema-contract: explain: file src/nope.ts not found (resolved to ${join(root, 'src', 'nope.ts')})\n` +
        'Usage: schema-contract explain <file> [--format text|json]\nRun `schema-contract help explain` for details.\n',
    );
    const directory = capture(root);
    expect(await run(['explain', 'src'], directory.io)).toBe(2);
    expect(directory.err()).toMatch(/^schema-contract: explain: src is not a file \(resolved to [^\n]+\)\nUsage/);
    const bogus = capture(root);
    expect(await run(['explain', 'src/tool.ts', '--fromat', 'json'], bogus.io)).toBe(2);
    expect(bogus.err()).toBe(
      "schema-contract: unknown option '--fromat' for \"explain\" (did you mean '--format'?)\n" +
        'Usage: schema-contract explain <file> [--format text|json]\nRun `schema-contract help explain` for details.\n',
    );
    expect(missing.err()).toMatch(/^schema-contract: explain: file src\/nope\.ts not found \(resolved to [^\n]+\)\nUsage: schema-contract explain <file> \[--format text\|json\]\nRun `schema-contract help explain` for details\.\n$/);
    const broken = writeProject({ 'bad.ts': 'export const = ;\n' });
    const unparsable = capture(broken);
    expect(await run(['explain', 'bad.ts'], unparsable.io)).toBe(2);
    expect(unparsable.err()).toMatch(/^schema-contract: explain: bad\.ts does not parse: /);
    const usage = capture(root);
    expect(await run(['explain'], usage.io)).toBe(2);
    expect(usage.err()).toContain('"explain" takes exactly one file');
  });
});
