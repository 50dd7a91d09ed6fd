// The plugin lints its own source: with eslint-plugin-eslint-plugin's rules for rule authors,
// typescript-eslint's recommended set, and its own recommended config (from the build, so the
// configuration users get is the one exercised here).
import eslintPlugin from 'eslint-plugin-eslint-plugin';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import schemaContract from './dist/src/index.js';

export default defineConfig(
  globalIgnores(['dist/', 'coverage/', '.cache/', 'bench/corpus/', 'tests/**/fixtures/', 'examples/', 'tests/smoke/.cache/']),
  tseslint.configs.recommended,
  schemaContract.configs.recommended,
  {
    name: 'self/rules',
    files: ['rules/**/*.ts'],
    extends: [eslintPlugin.configs.recommended],
    // no-property-in-node needs types to tell an AST node from a plain object.
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      'eslint-plugin/require-meta-docs-description': ['error', { pattern: '^(Disallow|Enforce|Require|Report|Validate|Check)' }],
      'eslint-plugin/require-meta-schema-description': 'error',
      'eslint-plugin/require-meta-default-options': 'error',
      'eslint-plugin/meta-property-ordering': ['error', ['type', 'docs', 'fixable', 'hasSuggestions', 'messages', 'schema', 'defaultOptions']],
      'eslint-plugin/no-property-in-node': 'error',
      'eslint-plugin/prefer-placeholders': 'error',
      'eslint-plugin/require-meta-docs-url': 'off',
    },
  },
  {
    name: 'self/rule-tests',
    files: ['tests/rules/**/*.ts'],
    extends: [eslintPlugin.configs.recommended],
  },
  {
    name: 'self/unused-underscore',
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
