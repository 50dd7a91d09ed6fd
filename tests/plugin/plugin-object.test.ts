// The plugin object as ESLint and tools around it (eslint-doc-generator, config inspectors,
// `--cache`) read it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

  it('has the configs recommended and strict, and their rules-only variants, each one named flat config object', () => {
    expect(Object.keys(plugin.configs).sort()).toEqual(['recommended', 'recommended-rules', 'strict', 'strict-rules']);
    for (const name of ['recommended', 'strict', 'recommended-rules', 'strict-rules'] as const) {
      const config = plugin.configs[name];
      expect(Array.isArray(config)).toBe(false);
      expect(config.name).toBe(`schema-contract/${name}`);
      expect(config.files).toEqual(SOURCE_FILES);
      expect(config.ignores).toEqual(NON_PRODUCTION_FILES);
      expect(Object.keys(config.plugins ?? {})).toEqual(['schema-contract']);
    }
  });

  it('gives each rules-only variant exactly the rules of its config, and no language options at all', () => {
    for (const level of ['recommended', 'strict'] as const) {
      const rulesOnly = plugin.configs[`${level}-rules`];
      expect(rulesOnly.rules).toEqual(plugin.configs[level].rules);
      expect(rulesOnly).not.toHaveProperty('languageOptions');
      expect(Object.keys(plugin.configs[level]).sort()).toEqual(['files', 'ignores', 'languageOptions', 'name', 'plugins', 'rules']);
      expect(Object.keys(plugin.configs[level].languageOptions ?? {})).toEqual(['parser']);
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

  it('parses with the installed @typescript-eslint/parser (a peer), which ESLint can identify for its cache', () => {
    const installed = createRequire(import.meta.url)('@typescript-eslint/parser') as { meta: object; parseForESLint: unknown };
    const parser = plugin.configs.recommended.languageOptions?.parser as { meta?: { name?: string; version?: string }; parseForESLint?: unknown };
    expect(parser.meta).toBe(installed.meta);
    expect(parser.meta?.name).toBe('typescript-eslint/parser');
    expect(parser.parseForESLint).toBe(installed.parseForESLint);
  });
});
