import type { TSESLint } from '@typescript-eslint/utils';
import * as tsParser from '@typescript-eslint/parser';
import type { Linter } from 'eslint';
import type { SchemaContractRuleDocs } from './util/create-rule.js';

/** Every file kind a tool server ships; the TypeScript parser reads JavaScript too. */
export const SOURCE_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts', '**/*.js', '**/*.mjs', '**/*.cjs'];

/**
 * Tests and fixtures construct permissive schemas on purpose (to prove the fail-closed path), so
 * the configs cover production code only. Users who want tests linted add their own config object.
 */
export const NON_PRODUCTION_FILES = [
  '**/*.test.*',
  '**/*.spec.*',
  '**/__tests__/**',
  '**/__fixtures__/**',
  '**/test/**',
  '**/tests/**',
];

type AnyRule = TSESLint.RuleModule<string, readonly unknown[], SchemaContractRuleDocs>;

export type ConfigName = 'recommended' | 'strict';

function ruleEntries(
  namespace: string,
  rules: Readonly<Record<string, AnyRule>>,
  level: ConfigName,
): Linter.RulesRecord {
  const entries: Linter.RulesRecord = {};
  for (const [name, rule] of Object.entries(rules)) {
    const docs = rule.meta.docs;
    if (!docs?.recommended) continue;
    const strictOptions = level === 'strict' ? docs.strictOptions : undefined;
    entries[`${namespace}/${name}`] = strictOptions ? ['error', ...strictOptions] : 'error';
  }
  return entries;
}

/**
 * Builds one flat config object per level from rule metadata, so a rule's `meta.docs` is the only
 * place that decides whether (and how) a config enables it.
 */
export function buildConfig(
  namespace: string,
  plugin: object,
  rules: Readonly<Record<string, AnyRule>>,
  level: ConfigName,
): Linter.Config {
  return {
    name: `${namespace}/${level}`,
    files: SOURCE_FILES,
    ignores: NON_PRODUCTION_FILES,
    plugins: { [namespace]: plugin as NonNullable<Linter.Config['plugins']>[string] },
    languageOptions: {
      parser: tsParser as Linter.Parser,
      sourceType: 'module',
    },
    rules: ruleEntries(namespace, rules, level),
  };
}
