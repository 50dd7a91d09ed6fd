import * as tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { vocabularyPattern } from '../../src/analysis/syntax/file-text.js';
import { createRule } from '../../src/util/create-rule.js';

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
    // The same word under other settings is built again (a vocabulary may read the settings).
    expect(await findings(eslintFor(config('alpha', { other: true })), 'const alpha = 1;', 'a.ts')).toBe(1);
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

  it('keys the pattern by the options object and by the settings object', () => {
    const built: string[] = [];
    const rule = wordRule(built);
    const settings = {};
    const alpha = { word: 'alpha' };
    const beta = { word: 'beta' };
    expect(create(rule, alpha, settings, 'alpha')).toBe(true);
    expect(create(rule, alpha, settings, 'beta')).toBe(false);
    expect(create(rule, beta, settings, 'beta')).toBe(true);
    expect(create(rule, alpha, {}, 'alpha')).toBe(true);
    expect(built).toEqual(['alpha', 'beta', 'alpha']);
  });
});
