import { mkdirSync, mkdtempSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { getModuleParseCounts } from '../../src/analysis/modules/module-graph.js';

// Issue 31's freshness rule: caches may outlive one file's lint (module summaries, resolutions,
// parsed modules), provided every use is revalidated against the disk. An editor keeps one ESLint
// instance in one process and lints again after each edit, so these tests do the same: lint, edit
// a file the linted file reads (a glossary module, a module a pre-check summarises, a tsconfig, a
// package.json), lint again with the same instance. Every write also gets its own fixed
// modification time, and the texts differ in size, so no test depends on the clock's resolution.

let nextTime = 1_700_000_000;

function write(root: string, file: string, text: string): void {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  nextTime += 1_000;
  utimesSync(path, nextTime, nextTime);
}

function project(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-fresh-')));
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function engine(root: string): ESLint {
  return new ESLint({ cwd: root, overrideConfigFile: true, baseConfig: [plugin.configs.recommended], cache: false });
}

async function findings(eslint: ESLint, root: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([join(root, file)]);
  return result!.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}/${message.messageId}`);
}

const DESCRIBED = "export const UNITS = {\n  enumPolicy: 'described',\n  values: ['g', 'kg'],\n};\n";
const CLOSED = "export const UNITS = {\n  enumPolicy: 'closed',\n  corroboratedBy: ['ISO 80000', 'the billing API'],\n  values: ['g', 'kg', 't'],\n};\n";
const OPEN_ENUM = '3:46 schema-contract/no-open-glossary-enum/openGlossaryEnum';

/** A tool whose zod enum takes its values from `UNITS`, imported from `specifier` (line 3, column 46). */
function toolImporting(specifier: string): string {
  return `import { z } from 'zod';\nimport { UNITS } from '${specifier}';\nexport const input = z.object({ unit: z.enum(UNITS.values) });\n`;
}

describe('one ESLint instance sees an edit between two lints', () => {
  it('of the glossary module a tool reads, through a tsconfig `paths` alias', async () => {
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } } }),
      'src/glossary/units.ts': DESCRIBED,
      'src/tool.ts': toolImporting('@/glossary/units'),
    });
    const eslint = engine(root);
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([OPEN_ENUM]);
    write(root, 'src/glossary/units.ts', CLOSED);
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([]);
    write(root, 'src/glossary/units.ts', DESCRIBED);
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([OPEN_ENUM]);
  });

  it('of the tsconfig whose `paths` the import goes through', async () => {
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } } }),
      'src/glossary/units.ts': DESCRIBED,
      'closed/glossary/units.ts': CLOSED,
      'src/tool.ts': toolImporting('@/glossary/units'),
    });
    const eslint = engine(root);
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([OPEN_ENUM]);
    // The alias now leads to the closed table: the same import reads another module.
    write(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./closed/*'] } } }, null, 2));
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([]);
    write(root, 'tsconfig.json', JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } } }));
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([OPEN_ENUM]);
  });

  it("of the package.json whose `imports` map the import's specifier", async () => {
    const root = project({
      'package.json': JSON.stringify({ name: 'server', type: 'module', imports: { '#units': './src/described.ts' } }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
      'src/described.ts': DESCRIBED,
      'src/closed.ts': CLOSED,
      'src/tool.ts': toolImporting('#units'),
    });
    const eslint = engine(root);
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([OPEN_ENUM]);
    write(root, 'package.json', JSON.stringify({ name: 'server', type: 'module', imports: { '#units': './src/closed.ts' } }, null, 2));
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([]);
    write(root, 'package.json', JSON.stringify({ name: 'server', type: 'module', imports: { '#units': './src/described.ts' } }));
    expect(await findings(eslint, root, 'src/tool.ts')).toEqual([OPEN_ENUM]);
  });

  // The tool spells nothing of the fallback rule's vocabulary: whether the rule runs at all is the
  // imported module's summary's answer (`importsMayProvide`), kept per version of that module.
  const PICK = "import { BASE } from './base.js';\n\nexport function pick(given?: object) {\n  return given ? BASE : {};\n}\n";
  const SCHEMA_BASE = "export const BASE = { type: 'object', properties: { id: { type: 'string' } } };\n";
  const DATA_BASE = "export const BASE = { kind: 'row', label: 'a row' };\n";
  const PERMISSIVE = '4:25 schema-contract/no-permissive-schema-fallback/permissiveAbsenceFallback';

  it('of a module a pre-check summarises: a summary that said "nothing here" is asked again', async () => {
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
      'src/base.ts': DATA_BASE,
      'src/pick.ts': PICK,
    });
    const eslint = engine(root);
    const parsesOfBase = () => getModuleParseCounts().get(join(root, 'src/base.ts')) ?? 0;
    expect(await findings(eslint, root, 'src/pick.ts')).toEqual([]);
    // The pre-check said no from the summary's text scan: the rule never ran, the module was not parsed.
    expect(parsesOfBase()).toBe(0);
    write(root, 'src/base.ts', SCHEMA_BASE);
    expect(await findings(eslint, root, 'src/pick.ts')).toEqual([PERMISSIVE]);
    expect(parsesOfBase()).toBe(1);
    write(root, 'src/base.ts', DATA_BASE);
    expect(await findings(eslint, root, 'src/pick.ts')).toEqual([]);
    expect(parsesOfBase()).toBe(1);
  });

  it('of a module that exported only functions spelling nothing, and now exports a value', async () => {
    // The function is never called: the module counts with what it spells, which is nothing yet.
    const FUNCTIONS_ONLY = "export function describeBase() {\n  return 'a base';\n}\n";
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
      'src/base.ts': FUNCTIONS_ONLY,
      'src/pick.ts': "import { describeBase, BASE } from './base.js';\n\nexport function pick(given?: object) {\n  return given ? BASE : {};\n}\nexport const described = describeBase;\n",
    });
    const eslint = engine(root);
    const parsesOfBase = () => getModuleParseCounts().get(join(root, 'src/base.ts')) ?? 0;
    expect(await findings(eslint, root, 'src/pick.ts')).toEqual([]);
    expect(parsesOfBase()).toBe(0);
    write(root, 'src/base.ts', `${FUNCTIONS_ONLY}${SCHEMA_BASE}`);
    expect(await findings(eslint, root, 'src/pick.ts')).toEqual([PERMISSIVE]);
  });

  it('of a module behind a barrel, two imports away from the linted file', async () => {
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
      'src/index.ts': "export * from './shapes/base.js';\nexport * from './shapes/other.js';\n",
      'src/shapes/base.ts': DATA_BASE,
      'src/shapes/other.ts': 'export const OTHER = 1;\n',
      'src/pick.ts': PICK.replace("'./base.js'", "'./index.js'"),
    });
    const eslint = engine(root);
    expect(await findings(eslint, root, 'src/pick.ts')).toEqual([]);
    write(root, 'src/shapes/base.ts', SCHEMA_BASE);
    expect(await findings(eslint, root, 'src/pick.ts')).toEqual([PERMISSIVE]);
  });
});
