// The configurations the benchmark compares, passed to ESLint through the Node API (the
// corpus has no eslint.config.js). Every one starts from the same base: the TypeScript parser on
// every .ts and .js file and the corpus's glossary settings, so the only difference is the rules.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { GLOSSARY_MODULE_GLOBS } from './corpus.mjs';

export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/**
 * The runner lints with a snapshot of the build (see run.mjs), named by this variable, so a
 * rebuild in the working tree during a run cannot mix two builds into one table.
 */
export const PLUGIN_ROOT_VARIABLE = 'SCHEMA_CONTRACT_BENCH_PLUGIN_ROOT';
const DIST = join(process.env[PLUGIN_ROOT_VARIABLE] ?? REPOSITORY_ROOT, 'dist', 'src');

/** The built plugin's modules, by path under dist/src: the same URLs the plugin's own imports resolve to. */
export function distModule(path) {
  return import(pathToFileURL(join(DIST, path)).href);
}

/**
 * The built module graph's counters of parses and of adopted ESLint parses, by file: the same
 * module instance the plugin's rules use. `undefined` when the build no longer has them, so that
 * a check built on them reads "not measured" instead of counting nothing.
 * @returns {Promise<{ parses: () => ReadonlyMap<string, number>, adoptions: () => ReadonlyMap<string, number> } | undefined>}
 */
export async function moduleGraphCounters() {
  let graph;
  try {
    graph = await distModule('analysis/modules/module-graph.js');
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
  if (typeof graph.getModuleParseCounts !== 'function') return undefined;
  const adoptions = typeof graph.getModuleAdoptionCounts === 'function' ? graph.getModuleAdoptionCounts : () => new Map();
  return { parses: graph.getModuleParseCounts, adoptions };
}

export const CONFIGS = {
  a: { label: 'parse only', description: 'TypeScript parser, no rules' },
  b: { label: 'recommended', description: 'schema-contract `configs.recommended`' },
  c: { label: 'strict', description: 'schema-contract `configs.strict`' },
  d: { label: 'recommended + baseline', description: 'recommended with a 10,000-entry baseline' },
  e: { label: 'typescript-eslint recommended', description: 'typescript-eslint `configs.recommended` (no type information), the peer the budget is set against' },
  r: { label: 'eslint-plugin-regexp recommended', description: "eslint-plugin-regexp's `configs.recommended`, a plugin users run beside this one" },
  h: { label: 'one core rule', description: "ESLint's core `no-debugger` alone (it reports nothing here): what hosting any rule costs over parse-only" },
  l: { label: 'listeners only', description: "recommended's rules with every listener a no-op (their real `create` runs): ESLint's cost of hosting them" },
};

export const BASELINE_FILE_NAME = 'schema-contract-baseline.json';

function baseConfig() {
  return import('@typescript-eslint/parser').then((parser) => ({
    name: 'bench/base',
    // `.js` for a real corpus that publishes its build (bench/real-corpus-barrels.json).
    files: ['**/*.ts', '**/*.js'],
    languageOptions: { parser, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    settings: { 'schema-contract': { glossary: { modules: GLOSSARY_MODULE_GLOBS } } },
  }));
}

/**
 * The flat config array for one configuration. `baselineFile` (absolute) is required for `d`.
 * @param {keyof typeof CONFIGS} name
 */
export async function buildConfig(name, { baselineFile } = {}) {
  const base = await baseConfig();
  switch (name) {
    case 'a':
      return [base];
    case 'b':
    case 'c': {
      const plugin = (await distModule('index.js')).default;
      return [base, name === 'b' ? plugin.configs.recommended : plugin.configs.strict];
    }
    case 'd': {
      if (!baselineFile) throw new Error('configuration d needs the baseline file');
      const plugin = (await distModule('index.js')).default;
      const { baselineConfig } = await distModule('baseline/config.js');
      // The setting merges into the base's schema-contract settings object: ESLint deep-merges settings.
      return [base, plugin.configs.recommended, baselineConfig(baselineFile)];
    }
    case 'h':
      // A rule of ESLint's own with one listener that never fires on the corpus: the control for
      // what any configuration with rules costs over `a` before a plugin does anything.
      return [base, { name: 'bench/one-core-rule', rules: { 'no-debugger': 'error' } }];
    case 'l': {
      // Each rule keeps its real `create` (so ESLint sees the same listener keys, file by file)
      // but every listener is a no-op: what ESLint itself spends on the plugin's rules.
      const plugin = (await distModule('index.js')).default;
      const noop = () => {};
      const rules = Object.fromEntries(
        Object.entries(plugin.rules).map(([name, rule]) => [
          name,
          { ...rule, create: (context) => Object.fromEntries(Object.keys(rule.create(context)).map((selector) => [selector, noop])) },
        ]),
      );
      return [base, { ...plugin.configs.recommended, plugins: { 'schema-contract': { ...plugin, rules } } }];
    }
    case 'e': {
      const tseslint = (await import('typescript-eslint')).default;
      return [base, ...tseslint.configs.recommended];
    }
    case 'r': {
      const regexp = (await import('eslint-plugin-regexp')).default;
      return [base, regexp.configs.recommended];
    }
    default:
      throw new Error(`unknown configuration ${name}; expected one of ${Object.keys(CONFIGS).join(', ')}`);
  }
}
