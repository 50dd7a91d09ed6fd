// The plugin object as ESLint and tools around it (eslint-doc-generator, config inspectors,
// `--cache`) read it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { NON_PRODUCTION_FILES, SOURCE_FILES } from '../../src/configs.js';
import * as entry from '../../src/index.js';

const plugin = entry.default;
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
  name: string;
  version: string;
};

describe('the plugin object', () => {
  it('is the module\'s only export, so require(esm) and default-unwrapping loaders get the plugin', () => {
    expect(Object.keys(entry)).toEqual(['default']);
  });

  it('has exactly meta, rules and configs', () => {
    expect(Object.keys(plugin).sort()).toEqual(['configs', 'meta', 'rules']);
    expect(plugin.meta).toEqual({ name: manifest.name, version: manifest.version, namespace: 'schema-contract' });
  });

  it('exposes every rule as an ESLint rule module', () => {
    expect(plugin.rules).toBe(rules);
    for (const [name, rule] of Object.entries(plugin.rules ?? {})) {
      expect(typeof rule.create, name).toBe('function');
      expect(rule.meta?.type, name).toMatch(/^(problem|suggestion|layout)$/);
      expect(rule.meta?.docs?.url, name).toMatch(new RegExp(`/docs/rules/${name}\\.md$`));
    }
  });

  it('has the configs recommended and strict, each one named flat config object', () => {
    expect(Object.keys(plugin.configs).sort()).toEqual(['recommended', 'strict']);
    for (const level of ['recommended', 'strict'] as const) {
      const config = plugin.configs[level];
      expect(Array.isArray(config)).toBe(false);
      expect(config.name).toBe(`schema-contract/${level}`);
      expect(config.files).toEqual(SOURCE_FILES);
      expect(config.ignores).toEqual(NON_PRODUCTION_FILES);
      expect(Object.keys(config.plugins ?? {})).toEqual(['schema-contract']);
    }
  });

  it('covers every file kind a tool server ships and leaves every test and fixture location out', () => {
    expect(SOURCE_FILES).toEqual(['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts', '**/*.js', '**/*.mjs', '**/*.cjs']);
    expect(NON_PRODUCTION_FILES).toEqual([
      '**/*.test.*',
      '**/*.spec.*',
      '**/__tests__/**',
      '**/__fixtures__/**',
      '**/test/**',
      '**/tests/**',
    ]);
  });

  it('parses with a parser ESLint can identify for its cache', () => {
    const parser = plugin.configs.recommended.languageOptions?.parser as { meta?: { name?: string; version?: string } };
    expect(parser.meta?.name).toBe('typescript-eslint/parser');
    expect(parser.meta?.version).toBe('8.72.0');
  });
});
