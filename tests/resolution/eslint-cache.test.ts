import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { glossaryConfig, matchGlossaryModules } from '../../src/glossary-config.js';
import { parseSettings } from '../../src/settings.js';
import { buildForTests, type TestBuild } from '../baseline/build.js';
import { writeProject } from './disk-project.js';

// A real `eslint --cache` process: ESLint keys cached results on the linted file and its config,
// never on the glossary module the rules import, so only a config that folds the glossary's
// version into the settings sees a table closed after the first run.
vi.setConfig({ testTimeout: 180_000 });
const eslintBin = join(createRequire(import.meta.url).resolve('eslint/package.json'), '..', 'bin', 'eslint.js');

let build: TestBuild;
beforeAll(() => {
  build = buildForTests();
}, 120_000);
afterAll(() => build.remove());

const table = (policy: string) => `export const UNITS = {\n  enumPolicy: '${policy}',\n  corroboratedBy: ['SI brochure', 'production values'],\n  values: ['g', 'kg'],\n};\n`;

function project(withHelper: boolean): string {
  const plugin = pathToFileURL(build.pluginEntry).href;
  const helper = pathToFileURL(join(build.root, 'dist', 'src', 'glossary-config.js')).href;
  // The helper keys the cache and declares nothing: the modules are declared in the settings either way.
  const modules = "{ settings: { 'schema-contract': { glossary: { modules: ['src/glossary/**/*.ts'] } } } }";
  const glossary = withHelper ? `${modules}, glossaryConfig(['src/glossary/**/*.ts'])` : modules;
  return writeProject({
    'eslint.config.js': `import plugin from '${plugin}';\nimport { glossaryConfig } from '${helper}';\nexport default [plugin.configs.recommended, ${glossary}];\n`,
    'package.json': JSON.stringify({ name: 'server', type: 'module' }),
    'src/glossary/units.ts': table('described'),
    'src/tool.ts': "import { z } from 'zod';\nimport { UNITS } from './glossary/units.js';\nexport const input = z.object({ unit: z.enum(UNITS.values) });\n",
  });
}

function lintWithCache(cwd: string): string[] {
  const result = spawnSync(process.execPath, [eslintBin, '--cache', '--format', 'json', 'src/tool.ts'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(result.stderr).toBe('');
  return (JSON.parse(result.stdout) as { messages: { line: number; messageId: string }[] }[]).flatMap((file) => file.messages.map((message) => `${message.line} ${message.messageId}`));
}

describe('glossaryConfig() and eslint --cache', () => {
  it('invalidates the cached result of a tool when its glossary module changes', () => {
    const root = project(true);
    expect(lintWithCache(root)).toEqual(['3 openGlossaryEnum']);
    writeFileSync(join(root, 'src/glossary/units.ts'), table('closed'));
    expect(lintWithCache(root)).toEqual([]);
    writeFileSync(join(root, 'src/glossary/units.ts'), table('review'));
    expect(lintWithCache(root)).toEqual(['3 openGlossaryEnum']);
  });

  it('keeps the stale result with the glossary modules set by hand: the gap the helper closes', () => {
    const root = project(false);
    expect(lintWithCache(root)).toEqual(['3 openGlossaryEnum']);
    writeFileSync(join(root, 'src/glossary/units.ts'), table('closed'));
    expect(lintWithCache(root)).toEqual(['3 openGlossaryEnum']);
  });
});

describe('glossaryConfig()', () => {
  it('declares no glossary module, and changes its key when a matched module is edited or added, not for other files', () => {
    const root = writeProject({ 'src/glossary/a.ts': 'export const A = [1];\n', 'src/glossary/deep/b.ts': '\n', 'src/tool.ts': '\n', 'node_modules/x/src/glossary/c.ts': '\n' });
    const key = () => (glossaryConfig(['src/glossary/**/*.ts', 'lib/one.ts'], { cwd: root }).settings!['schema-contract'] as { glossaryHash: string }).glossaryHash;
    const config = glossaryConfig(['src/glossary/**/*.ts'], { cwd: root });
    expect(config.name).toBe('schema-contract/glossary');
    expect(config.settings!['schema-contract']).not.toHaveProperty('glossary');
    expect(parseSettings({ glossary: { modules: ['src/glossary/**/*.ts'] }, ...(config.settings!['schema-contract'] as object) }).glossary.modules).toEqual(['src/glossary/**/*.ts']);
    expect(matchGlossaryModules(['src/glossary/**/*.ts', 'lib/one.ts'], root)).toEqual(['src/glossary/a.ts', 'src/glossary/deep/b.ts']);
    const first = key();
    expect(first).toMatch(/^sha256-[0-9a-f]{64}$/);
    writeFileSync(join(root, 'src/tool.ts'), 'export {};\n');
    expect(key()).toBe(first);
    writeFileSync(join(root, 'src/glossary/a.ts'), 'export const A = [2];\n');
    const edited = key();
    expect(edited).not.toBe(first);
    mkdirSync(join(root, 'lib'));
    writeFileSync(join(root, 'lib/one.ts'), '\n');
    expect(key()).not.toBe(edited);
  });
});
