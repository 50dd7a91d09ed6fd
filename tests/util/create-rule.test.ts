import * as tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { vocabularyPattern } from '../../src/analysis/syntax/file-text.js';
import { createRule, mayReportHere, setPrechecksForSoundnessTest } from '../../src/util/create-rule.js';

// A rule whose vocabulary is its one option: it reports every file it is created for.
function wordRule(built: string[]) {
  return createRule<[{ word?: string }], 'created'>({
    name: 'word',
    meta: {
      type: 'problem',
      docs: { description: 'Report files that spell the configured word', recommended: false },
      messages: { created: 'created' },
      schema: [{ type: 'object', additionalProperties: false, properties: { word: { type: 'string', description: 'The word.' } } }],
      defaultOptions: [{ word: 'alpha' }],
    },
    vocabulary: (_context, [options]) => {
      built.push(options.word!);
      return vocabularyPattern([options.word!]);
    },
    create(context) {
      return { Program: (node) => context.report({ node, messageId: 'created' }) };
    },
  });
}

/** One ESLint instance per config, as in a run or an editor session: it normalises the config once. */
async function findings(eslint: ESLint, code: string, filePath: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.length;
}

describe('createRule vocabulary', () => {
  it('is built once per options and settings object, and again for other ones', async () => {
    const built: string[] = [];
    const plugin = { rules: { word: wordRule(built) as never } };
    const config = (word: string, settings: Record<string, unknown> = {}): Linter.Config[] => [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { test: plugin },
        rules: { 'test/word': ['error', { word }] },
        settings,
      },
    ];
    const cwd = import.meta.dirname;
    const eslintFor = (configs: Linter.Config[]) => new ESLint({ cwd, overrideConfigFile: true, overrideConfig: configs });
    const alpha = eslintFor(config('alpha'));
    expect(await findings(alpha, 'const alpha = 1;', 'a.ts')).toBe(1);
    expect(await findings(alpha, 'const beta = 1;', 'b.ts')).toBe(0);
    expect(await findings(alpha, 'const ALPHA = 1;', 'c.ts')).toBe(1);
    // Another options object: its own word, not the cached pattern of the first.
    const beta = eslintFor(config('beta'));
    expect(await findings(beta, 'const alpha = 1;', 'a.ts')).toBe(0);
    expect(await findings(beta, 'const beta = 1;', 'b.ts')).toBe(1);
    // Another key of `settings` is no setting of this plugin: the pattern is the one built first.
    expect(await findings(eslintFor(config('alpha', { other: true })), 'const alpha = 1;', 'a.ts')).toBe(1);
    // The same word under other settings of the plugin is built again (a vocabulary may read them).
    const zodAlias = { 'schema-contract': { libraries: { zod: ['my-zod'] } } };
    expect(await findings(eslintFor(config('alpha', zodAlias)), 'const alpha = 1;', 'a.ts')).toBe(1);
    expect(built).toEqual(['alpha', 'beta', 'alpha']);
  });
});

describe('createRule vocabulary cache keys', () => {
  // Direct calls, so that one settings object can meet two options objects and the other way round.
  function create(rule: ReturnType<typeof wordRule>, options: object, settings: object, text: string): boolean {
    const context = {
      id: 'test/word',
      options: [options],
      settings,
      filename: 'file.ts',
      physicalFilename: 'file.ts',
      cwd: '/',
      sourceCode: { text, scopeManager: null },
      report() {},
    };
    return Object.keys(rule.create(context as never)).length > 0;
  }

  it('keys the pattern by the options and by the plugin settings, not by the settings object', () => {
    const built: string[] = [];
    const rule = wordRule(built);
    const plugin = { libraries: { zod: ['my-zod'] } };
    const alpha = { word: 'alpha' };
    expect(create(rule, alpha, { 'schema-contract': plugin }, 'alpha')).toBe(true);
    // ESLint 10 hands each file a copy of `settings`: the plugin's object inside is the same one.
    expect(create(rule, { word: 'alpha' }, { 'schema-contract': plugin }, 'beta')).toBe(false);
    expect(create(rule, { word: 'beta' }, { 'schema-contract': plugin }, 'beta')).toBe(true);
    expect(built).toEqual(['alpha', 'beta']);
    // Other settings of the plugin: built again.
    expect(create(rule, alpha, { 'schema-contract': { libraries: { zod: ['other-zod'] } } }, 'alpha')).toBe(true);
    expect(built).toEqual(['alpha', 'beta', 'alpha']);
  });
});

describe('createRule deferred conditions', () => {
  /**
   * A rule that reports each `return` (its candidates) when its conditions hold, and records
   * which condition is asked when: `imports` (`mayReportWithoutVocabulary`, asked of a file that
   * spells none of the vocabulary) and, when given, `evidence` (`mayHoldEvidence`, as the helper
   * rule's second condition).
   */
  function deferredRule(asked: string[], answers: { imports: boolean; evidence?: boolean }) {
    return createRule<[], 'found'>({
      name: 'deferred',
      meta: {
        type: 'problem',
        docs: { description: 'Report returns where the word and the conditions allow', recommended: false },
        messages: { found: 'found' },
        schema: [],
        defaultOptions: [],
      },
      vocabulary: () => vocabularyPattern(['alpha']),
      mayReportWithoutVocabulary: () => {
        asked.push('imports');
        return answers.imports;
      },
      ...(answers.evidence === undefined
        ? {}
        : {
            mayHoldEvidence: () => {
              asked.push('evidence');
              return answers.evidence!;
            },
          }),
      deferConditions: true,
      create(context) {
        return { ReturnStatement: (node) => mayReportHere(context) && context.report({ node, messageId: 'found' }) };
      },
    });
  }

  async function lint(answers: { imports: boolean; evidence?: boolean }, code: string, prechecks = true): Promise<{ found: number; asked: string[] }> {
    const asked: string[] = [];
    const eslint = new ESLint({
      cwd: import.meta.dirname,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser as Linter.Parser }, plugins: { t: { rules: { deferred: deferredRule(asked, answers) as never } } }, rules: { 't/deferred': 'error' } }],
    });
    setPrechecksForSoundnessTest(prechecks);
    try {
      return { found: await findings(eslint, code, 'a.ts'), asked };
    } finally {
      setPrechecksForSoundnessTest(true);
    }
  }

  const TWO_RETURNS = 'function f() { return 1; }\nfunction g() { return 2; }\n';
  const SPELLED = `const alpha = 1;\n${TWO_RETURNS}`;

  it('is not asked of a file without a candidate, and once of a file with several', async () => {
    expect(await lint({ imports: true }, 'const beta = 1;\n')).toEqual({ found: 0, asked: [] });
    expect(await lint({ imports: true }, TWO_RETURNS)).toEqual({ found: 2, asked: ['imports'] });
    expect(await lint({ imports: false }, TWO_RETURNS)).toEqual({ found: 0, asked: ['imports'] });
  });

  it('is not asked of a file that spells the vocabulary, nor while the pre-checks are off', async () => {
    expect(await lint({ imports: false }, SPELLED)).toEqual({ found: 2, asked: [] });
    expect(await lint({ imports: false }, TWO_RETURNS, false)).toEqual({ found: 2, asked: [] });
    expect(await lint({ imports: false, evidence: false }, TWO_RETURNS, false)).toEqual({ found: 2, asked: [] });
  });

  it('defers the evidence condition too: not asked without a candidate, once with several', async () => {
    expect(await lint({ imports: true, evidence: false }, 'const alpha = 1;\n')).toEqual({ found: 0, asked: [] });
    expect(await lint({ imports: true, evidence: false }, SPELLED)).toEqual({ found: 0, asked: ['evidence'] });
    expect(await lint({ imports: true, evidence: true }, SPELLED)).toEqual({ found: 2, asked: ['evidence'] });
  });

  it('asks the evidence after the imports of a file without the vocabulary, and only if they may lead to a finding', async () => {
    expect(await lint({ imports: true, evidence: true }, TWO_RETURNS)).toEqual({ found: 2, asked: ['imports', 'evidence'] });
    expect(await lint({ imports: true, evidence: false }, TWO_RETURNS)).toEqual({ found: 0, asked: ['imports', 'evidence'] });
    expect(await lint({ imports: false, evidence: true }, TWO_RETURNS)).toEqual({ found: 0, asked: ['imports'] });
  });
});

