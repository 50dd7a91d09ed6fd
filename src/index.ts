import type { ESLint, Linter } from 'eslint';
import { rules } from '../rules/index.js';
import { buildConfig, CONFIG_NAMES, type ConfigName } from './configs.js';
import { packageInfo } from './util/package-info.js';

const NAMESPACE = 'schema-contract';

interface SchemaContractPlugin {
  meta: { name: string; version: string; namespace: string };
  rules: typeof rules;
  configs: Record<ConfigName, Linter.Config>;
}

const plugin: SchemaContractPlugin = {
  meta: { name: packageInfo.name, version: packageInfo.version, namespace: NAMESPACE },
  rules,
  configs: {} as Record<ConfigName, Linter.Config>,
};

for (const name of CONFIG_NAMES) plugin.configs[name] = buildConfig(NAMESPACE, plugin, rules, name);

/**
 * typescript-eslint's rule types are not assignable to ESLint's own `Rule.RuleModule`, so the
 * plugin is cast once here, at the export boundary; `tests/types/config.test-d.ts` proves users'
 * `defineConfig` calls type-check against it.
 */
const exported = plugin as unknown as ESLint.Plugin & {
  meta: SchemaContractPlugin['meta'];
  configs: Record<ConfigName, Linter.Config>;
};

// One default export only: tools that `require()` the package (eslint-doc-generator, Node's
// require(esm)) unwrap the module namespace to the plugin only when `default` is its sole export.
export default exported;
