import type { TSESLint } from '@typescript-eslint/utils';
import type { Linter } from 'eslint';
import { configParser } from './parsers.js';
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

/** A rule set: which rules, and with which options. */
export type ConfigLevel = 'recommended' | 'strict';

/**
 * `recommended` and `strict` also set the TypeScript parser, so that they lint TypeScript on their
 * own; the `-rules` variants leave every language option to the user's other configs.
 */
export type ConfigName = ConfigLevel | `${ConfigLevel}-rules`;

export const CONFIG_NAMES: readonly ConfigName[] = ['recommended', 'strict', 'recommended-rules', 'strict-rules'];

function ruleEntries(
  namespace: string,
  rules: Readonly<Record<string, AnyRule>>,
  level: ConfigLevel,
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
 * Builds one flat config object per name from rule metadata, so a rule's `meta.docs` is the only
 * place that decides whether (and how) a config enables it.
 *
 * The parser `recommended` and `strict` set is the user's own `@typescript-eslint/parser` (a peer
 * dependency): next to typescript-eslint's configs, in either order, ESLint runs the same
 * `parseForESLint`. Without a loadable TypeScript parser it is ESLint's own parser for JavaScript
 * (see `configParser`). No config sets `sourceType`: ESLint's defaults (`.cjs` as CommonJS) and
 * the user's own settings decide, whatever the order of the configs.
 */
export function buildConfig(
  namespace: string,
  plugin: object,
  rules: Readonly<Record<string, AnyRule>>,
  name: ConfigName,
): Linter.Config {
  const rulesOnly = name.endsWith('-rules');
  const level: ConfigLevel = name.startsWith('strict') ? 'strict' : 'recommended';
  return {
    name: `${namespace}/${name}`,
    files: SOURCE_FILES,
    ignores: NON_PRODUCTION_FILES,
    plugins: { [namespace]: plugin as NonNullable<Linter.Config['plugins']>[string] },
    ...(rulesOnly ? {} : { languageOptions: { parser: configParser() } }),
    rules: ruleEntries(namespace, rules, level),
  };
}
