// The configs as users put them in eslint.config.js, run through a real ESLint: alone, after and
// before typescript-eslint's recommended set, on TypeScript and JavaScript, and with test files
// left out until a user opts them in.
import { ESLint, type Linter } from 'eslint';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import schemaContract from '../../src/index.js';

const cwd = import.meta.dirname;
const recommended = schemaContract.configs.recommended;
const OUR_RULES = Object.keys(recommended.rules ?? {});
const FALLBACK_RULE = 'schema-contract/no-permissive-schema-fallback';

/**
 * A permissive schema returned from a catch where the try returns a converted schema: the seed
 * ADR's defect, in TypeScript and in JavaScript.
 */
const SOURCES = {
  ts: [
    'export function toolSchema(raw: string): Record<string, unknown> {',
    '  const unused: number = 1;',
    '  try {',
    '    return zodToJsonSchema(JSON.parse(raw)) as Record<string, unknown>;',
    '  } catch {',
    "    return { type: 'object' };",
    '  }',
    '}',
    '',
  ].join('\n'),
  js: [
    'export function toolSchema(raw) {',
    '  const unused = 1;',
    '  try {',
    '    return zodToJsonSchema(JSON.parse(raw));',
    '  } catch {',
    "    return { type: 'object' };",
    '  }',
    '}',
    '',
  ].join('\n'),
  /** CommonJS; `no-undef` fails wherever `require` and `module` are not defined. */
  commonjs: [
    "const { parse } = require('./parse.cjs');",
    'function toolSchema(raw) {',
    '  try {',
    '    return parse(raw);',
    '  } catch {',
    "    return { type: 'object' };",
    '  }',
    '}',
    "const tools = [{ name: 'legacy', inputSchema: toolSchema('{}') }];",
    'module.exports = { toolSchema, tools };',
    '',
  ].join('\n'),
};

function lint(config: Linter.Config[], filePath: string, code: string): Promise<ESLint.LintResult[]> {
  return new ESLint({ cwd, overrideConfigFile: true, baseConfig: config }).lintText(code, { filePath });
}

function ruleIds(results: ESLint.LintResult[]): string[] {
  const messages = results.flatMap((result) => result.messages);
  const fatal = messages.filter((message) => message.fatal || message.ruleId === null);
  expect(fatal, JSON.stringify(fatal)).toEqual([]);
  return messages.map((message) => message.ruleId ?? '').sort();
}

async function configFor(config: Linter.Config[], file: string): Promise<Linter.Config> {
  return (await new ESLint({ cwd, overrideConfigFile: true, baseConfig: config }).calculateConfigForFile(file)) as Linter.Config;
}

describe('configs.recommended', () => {
  it('is one flat config object that users put in their config array as is', () => {
    expect(Array.isArray(recommended)).toBe(false);
    expect(recommended).not.toHaveProperty('extends');
    expect(recommended.plugins?.['schema-contract']).toBe(schemaContract);
  });

  it.each(['src/tools.ts', 'src/tools.mts', 'src/tools.cts', 'src/tools.tsx'])('alone, parses and lints %s', async (file) => {
    expect(ruleIds(await lint([recommended], file, SOURCES.ts))).toEqual([FALLBACK_RULE]);
  });

  it.each(['src/tools.js', 'src/tools.mjs', 'src/tools.cjs'])('alone, parses and lints %s', async (file) => {
    expect(ruleIds(await lint([recommended], file, SOURCES.js))).toEqual([FALLBACK_RULE]);
  });

  it('works through defineConfig extends, as the README shows', async () => {
    const config = defineConfig({ extends: [recommended] });
    expect(ruleIds(await lint(config, 'src/tools.ts', SOURCES.ts))).toEqual([FALLBACK_RULE]);
  });
});

describe('composed with typescript-eslint', () => {
  const orders: Record<string, Linter.Config[]> = {
    'typescript-eslint first': defineConfig(tseslint.configs.recommended, recommended),
    'typescript-eslint last': defineConfig(recommended, tseslint.configs.recommended),
  };

  describe.each(Object.entries(orders))('%s', (_order, config) => {
    it.each([
      ['src/tools.ts', SOURCES.ts],
      ['src/tools.js', SOURCES.js],
    ])('both rule sets report on %s, without a conflict or a parse error', async (file, code) => {
      expect(ruleIds(await lint(config, file, code))).toEqual(['@typescript-eslint/no-unused-vars', FALLBACK_RULE]);
    });

    it.each(['src/tools.ts', 'src/tools.js', 'src/tools.cjs'])('runs typescript-eslint\'s own parser on %s, whichever config comes last', async (file) => {
      const parser = (await configFor(config, file)).languageOptions?.parser as { meta?: unknown; parseForESLint?: unknown };
      expect(parser.parseForESLint).toBe(tseslint.parser.parseForESLint);
      expect(parser.meta).toBe((tseslint.parser as { meta?: unknown }).meta);
    });

    it('keeps every rule of both at its level', async () => {
      const effective = await configFor(config, 'src/tools.ts');
      const severity = (rule: string) => (effective.rules?.[rule] as unknown[] | undefined)?.[0];
      for (const rule of OUR_RULES) expect(severity(rule), rule).toBe(2);
      expect(severity('@typescript-eslint/no-explicit-any')).toBe(2);
    });
  });
});

describe('configs.recommended-rules', () => {
  const rulesOnly = schemaContract.configs['recommended-rules'];

  it.each([
    ['src/tools.js', SOURCES.js],
    ['src/tools.mjs', SOURCES.js],
    ['src/tools.cjs', SOURCES.commonjs],
  ])('alone, lints %s with ESLint\'s default parser', async (file, code) => {
    expect(ruleIds(await lint([rulesOnly], file, code))).toEqual([FALLBACK_RULE]);
    const parser = (await configFor([rulesOnly], file)).languageOptions?.parser as { name?: string };
    expect(parser.name).toBe('espree');
  });

  it.each([
    ['typescript-eslint first', defineConfig(tseslint.configs.recommended, rulesOnly)],
    ['typescript-eslint last', defineConfig(rulesOnly, tseslint.configs.recommended)],
  ])('%s, lints TypeScript with typescript-eslint\'s parser and both rule sets', async (_order, config) => {
    expect(ruleIds(await lint(config, 'src/tools.ts', SOURCES.ts))).toEqual(['@typescript-eslint/no-unused-vars', FALLBACK_RULE]);
    expect(((await configFor(config, 'src/tools.ts')).languageOptions?.parser as { parseForESLint?: unknown }).parseForESLint).toBe(
      tseslint.parser.parseForESLint,
    );
  });

  it('never replaces a parser configured before it', async () => {
    const custom = { meta: { name: 'custom-parser' }, parseForESLint: tseslint.parser.parseForESLint };
    const config = defineConfig({ languageOptions: { parser: custom } }, rulesOnly);
    expect((await configFor(config, 'src/tools.js')).languageOptions?.parser).toBe(custom);
  });
});

describe('CommonJS and ES modules', () => {
  const noUndef: Linter.Config = { rules: { 'no-undef': 'error' } };

  it.each([
    ['recommended', recommended],
    ['recommended-rules', schemaContract.configs['recommended-rules']],
  ])('%s leaves .cjs files CommonJS, as ESLint has them, in either order with the user\'s rules', async (_name, config) => {
    for (const order of [[config, noUndef], [noUndef, config]]) {
      expect(ruleIds(await lint(order, 'src/tools.cjs', SOURCES.commonjs))).toEqual([FALLBACK_RULE]);
      expect((await configFor(order, 'src/tools.cjs')).languageOptions?.sourceType).toBe('commonjs');
    }
    expect((await configFor([config], 'src/tools.mjs')).languageOptions?.sourceType).toBe('module');
  });

  it('leaves a sourceType the user set for .js files (a CommonJS package) in place, before or after', async () => {
    const commonJsPackage: Linter.Config = { files: ['**/*.js'], languageOptions: { sourceType: 'commonjs' } };
    for (const order of [[recommended, commonJsPackage, noUndef], [commonJsPackage, recommended, noUndef]]) {
      expect(ruleIds(await lint(order, 'src/tools.js', SOURCES.commonjs))).toEqual([FALLBACK_RULE]);
    }
  });
});

describe('test and fixture files', () => {
  const composed = defineConfig(tseslint.configs.recommended, recommended);

  it.each([
    'src/tools.test.ts',
    'src/tools.spec.js',
    'src/__tests__/tools.ts',
    'src/__fixtures__/tools.ts',
    'test/tools.ts',
    'packages/server/tests/tools.mjs',
  ])('%s is left to the other configs', async (file) => {
    const code = file.endsWith('ts') ? SOURCES.ts : SOURCES.js;
    expect(ruleIds(await lint(composed, file, code))).toEqual(['@typescript-eslint/no-unused-vars']);
    const effective = await configFor(composed, file);
    for (const rule of OUR_RULES) expect(effective.rules?.[rule], rule).toBeUndefined();
  });

  it('are linted after the README\'s override (the same config with narrower ignores)', async () => {
    const withTests = defineConfig(tseslint.configs.recommended, { ...recommended, name: 'schema-contract/with-tests', ignores: ['**/__fixtures__/**'] });
    expect(ruleIds(await lint(withTests, 'src/tools.test.ts', SOURCES.ts))).toEqual(['@typescript-eslint/no-unused-vars', FALLBACK_RULE]);
    expect(ruleIds(await lint(withTests, 'src/__fixtures__/tools.ts', SOURCES.ts))).toEqual(['@typescript-eslint/no-unused-vars']);
  });

  it('stay out through defineConfig extends even with empty ignores, which is why the README spreads instead', async () => {
    const viaExtends = defineConfig({ extends: [recommended], ignores: [] });
    expect(await configFor(viaExtends, 'src/tools.test.ts')).toBeUndefined();
  });
});

describe('configs.strict', () => {
  it('lints the same files as recommended, with the same rules', async () => {
    const strict = schemaContract.configs.strict;
    expect(strict.files).toEqual(recommended.files);
    expect(strict.ignores).toEqual(recommended.ignores);
    expect(ruleIds(await lint([strict], 'src/tools.ts', SOURCES.ts))).toEqual([FALLBACK_RULE]);
    expect(await configFor([strict], 'src/tools.test.ts')).toBeUndefined();
  });
});
