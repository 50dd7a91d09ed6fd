// `glossaryConfig()` through a real ESLint run (the Node API, a project on disk): it keys
// `--cache` and must never change which findings appear; and which modules are glossary modules
// when nothing is configured.
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import schemaContract from '../../src/index.js';
import { glossaryConfig } from '../../src/glossary-config.js';
import { SETTINGS_KEY } from '../../src/settings.js';
import { writeProject } from '../resolution/disk-project.js';

const TOOL = `import { z } from 'zod';
import { MARKETS } from './glossary.js';
import { UNITS } from './tables/units.js';
import { CODES } from './data/codes.js';
server.registerTool('search', { inputSchema: { market: z.enum(MARKETS), unit: z.enum(UNITS), code: z.enum(CODES) } }, search);
`;

/** Three unmarked lists: one in a module named like a glossary, one in a folder of tables, one in plain data. */
function project(): string {
  return writeProject({
    'package.json': JSON.stringify({ name: 'server', type: 'module' }),
    'src/glossary.ts': "export const MARKETS = ['US', 'UK'];\n",
    'src/tables/units.ts': "export const UNITS = ['g', 'kg'];\n",
    'src/data/codes.ts': "export const CODES = ['a', 'b'];\n",
    'src/tool.ts': TOOL,
  });
}

type Finding = Pick<Linter.LintMessage, 'ruleId' | 'messageId' | 'line' | 'column' | 'message'>;

async function findings(cwd: string, configs: Linter.Config[]): Promise<Finding[]> {
  const results = await new ESLint({ cwd, overrideConfigFile: true, overrideConfig: configs }).lintFiles(['src/**/*.ts']);
  return results
    .flatMap((result) => result.messages)
    .map(({ ruleId, messageId, line, column, message }) => ({ ruleId, messageId, line, column, message }));
}

const settings = (glossary: Record<string, unknown>): Linter.Config => ({ settings: { [SETTINGS_KEY]: { glossary } } });

describe('glossaryConfig() changes cache keys, never findings', () => {
  it.each([
    ['recommended, default glossary modules', 'recommended', [], () => glossaryConfig(undefined, { cwd: root })],
    ['strict, default glossary modules', 'strict', [], () => glossaryConfig(undefined, { cwd: root })],
    ['declared modules, the helper hashing the same globs', 'recommended', [settings({ modules: ['src/tables/**'] })], () => glossaryConfig(['src/tables/**'], { cwd: root })],
    // More hashed files than glossary modules: `src/data` is keyed, and stays no glossary module.
    [
      'declared modules, the helper also hashing a data folder',
      'recommended',
      [settings({ modules: ['**/glossary.*', 'src/tables/**'] })],
      () => glossaryConfig(['**/glossary.*', 'src/tables/**', 'src/data/**'], { cwd: root }),
    ],
  ] as const)('%s: the same findings with and without it, before or after the settings', async (_name, level, base, helper) => {
    const plugin = schemaContract.configs[level];
    const without = await findings(root, [plugin, ...base]);
    expect(without.length).toBeGreaterThan(0);
    expect(await findings(root, [plugin, ...base, helper()])).toEqual(without);
    expect(await findings(root, [plugin, helper(), ...base])).toEqual(without);
  });

  it('stops the lint, naming the globs, when it would key the cache on fewer modules than are glossary modules', async () => {
    await expect(findings(root, [schemaContract.configs.recommended, glossaryConfig(['src/tables/**'], { cwd: root })])).rejects.toThrow(
      "has the default glossary modules ('**/glossary.*', '**/glossary/*'), but glossaryConfig() hashes only 'src/tables/**'",
    );
  });
});

describe('default glossary modules', () => {
  it('makes a module named glossary.* a glossary module in recommended, and says so in the finding', async () => {
    const found = await findings(root, [schemaContract.configs.recommended]);
    expect(found.map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([{ messageId: 'glossaryModuleEnum', line: 5, column: 63 }]);
    expect(found[0]!.message).toContain("'MARKETS' (declared at src/glossary.ts:1), a table of a glossary module (by default, a module named glossary.* or in a glossary/ folder)");
  });

  it('is turned off with glossary.modules: [] and replaced by declared modules', async () => {
    expect(await findings(root, [schemaContract.configs.recommended, settings({ modules: [] })])).toEqual([]);
    const declared = await findings(root, [schemaContract.configs.recommended, settings({ modules: ['src/tables/**'] })]);
    expect(declared.map(({ messageId, column }) => ({ messageId, column }))).toEqual([{ messageId: 'glossaryModuleEnum', column: 86 }]);
    expect(declared[0]!.message).toContain("'UNITS' (declared at src/tables/units.ts:1), a table of a glossary module (matched by glossary.modules)");
  });
});

const root = project();
