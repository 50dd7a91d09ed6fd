// `settings['schema-contract']` through a real ESLint run: a bad key stops the run with a message
// that names it, whatever the file contains (an unknown key is never silently ignored).
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import schemaContract from '../../src/index.js';
import { parseSettings, SETTINGS_KEY, settingsSchema } from '../../src/settings.js';

const cwd = import.meta.dirname;

function lintWith(settings: unknown, code = 'export const answer = 42;\n'): Promise<ESLint.LintResult[]> {
  const config: Linter.Config[] = [schemaContract.configs.recommended, { settings: { [SETTINGS_KEY]: settings } }];
  return new ESLint({ cwd, overrideConfigFile: true, baseConfig: config }).lintText(code, { filePath: 'src/server.ts' });
}

describe("settings['schema-contract'] in a real ESLint run", () => {
  it('accepts the documented keys', async () => {
    const [result] = await lintWith({
      glossary: { policyKey: 'enumPolicy', closedValue: 'closed', modules: ['src/glossary/**'], closed: ['UNITS'], described: ['REGIONS'] },
      libraries: { zod: ['@acme/zod'], typebox: [], valibot: [] },
    });
    expect(result?.messages).toEqual([]);
  });

  it.each([
    [{ glosary: {} }, "settings['schema-contract'] has unknown key \"glosary\""],
    [{ glossary: { policy: 'enumPolicy' } }, "settings['schema-contract'].glossary has unknown key \"policy\""],
    [{ glossary: { closed: 'UNITS' } }, "settings['schema-contract'].glossary.closed must be array"],
    [{ libraries: { zod: [''] } }, "settings['schema-contract'].libraries.zod.0 must NOT have fewer than 1 characters"],
    [{ baseline: 42 }, "settings['schema-contract'].baseline must be string"],
    ['strict', "settings['schema-contract'] must be object"],
  ])('%j stops the run, naming the key, on a file with nothing to report', async (settings, problem) => {
    await expect(lintWith(settings)).rejects.toThrow(problem);
  });

  it('names the file being linted', async () => {
    await expect(lintWith({ glosary: {} })).rejects.toThrow(/src[\\/]server\.ts/);
  });
});

describe('parseSettings', () => {
  it('fills in the documented defaults', () => {
    expect(parseSettings(undefined)).toEqual({
      glossary: { policyKey: 'enumPolicy', closedValue: 'closed', modules: ['**/glossary.*', '**/glossary/*'], closed: [], described: [] },
      libraries: { zod: [], typebox: [], valibot: [] },
      baseline: undefined,
    });
  });

  it.each([
    [{ glosary: {} }, 'unknown key "glosary" (did you mean "glossary"? known keys: glossary, libraries, baseline, glossaryHash, glossaryHashModules, baselineHash)'],
    [{ glossary: { module: ['src/glossary/**'] } }, 'unknown key "module" (did you mean "modules"? known keys: policyKey, closedValue, modules, closed, described)'],
    [{ glossary: { sources: [] } }, 'unknown key "sources" (known keys: policyKey, closedValue, modules, closed, described)'],
  ])('suggests the key that was meant for %j, as the CLI does for a flag', (settings, problem) => {
    expect(() => parseSettings(settings)).toThrow(problem);
  });

  it('throws an error whose stack is its message, so that ESLint prints no stack trace for a configuration mistake', () => {
    let thrown: unknown;
    try {
      parseSettings({ glosary: {} });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    const error = thrown as Error;
    expect(error.stack).toBe(error.message);
    // ESLint appends to the message before printing the stack: the appended lines are kept.
    error.message += '\nOccurred while linting src/server.ts';
    expect(error.stack).toMatch(/Occurred while linting src\/server\.ts$/);
    expect(error.stack).not.toMatch(/^\s+at /m);
  });

  it('stops the lint when glossaryConfig() hashes fewer globs than glossary.modules declares: a stale --cache is said, never silent', () => {
    expect(() => parseSettings({ glossaryHash: 'sha256-x', glossaryHashModules: ['src/tables/**'] })).toThrow(
      "has the default glossary modules ('**/glossary.*', '**/glossary/*'), but glossaryConfig() hashes only 'src/tables/**', so eslint --cache would keep stale results when '**/glossary.*', '**/glossary/*' change",
    );
    expect(() => parseSettings({ glossary: { modules: ['src/tables/**', 'lib/codes.ts'] }, glossaryHash: 'sha256-x', glossaryHashModules: ['src/tables/**'] })).toThrow(
      "has glossary.modules ('src/tables/**', 'lib/codes.ts'), but glossaryConfig() hashes only 'src/tables/**', so eslint --cache would keep stale results when 'lib/codes.ts' change",
    );
    // More hashed files than glossary modules (a marked table elsewhere, a JSON file) is fine.
    expect(parseSettings({ glossary: { modules: [] }, glossaryHash: 'sha256-x', glossaryHashModules: ['data/*.json'] }).glossary.modules).toEqual([]);
  });

  it('reports every problem at once', () => {
    expect(() => parseSettings({ glosary: {}, baseline: '' })).toThrow(
      /unknown key "glosary".*baseline must NOT have fewer than 1 characters|baseline must NOT have fewer than 1 characters.*unknown key "glosary"/,
    );
  });

  it('describes every key it accepts', () => {
    const described = (schema: { properties?: Record<string, { description?: string; properties?: object }> }): void => {
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        expect(value.description, key).toEqual(expect.any(String));
        described(value as never);
      }
    };
    described(settingsSchema as never);
  });
});
