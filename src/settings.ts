import { Ajv, type ErrorObject } from 'ajv';
import type { TSESLint } from '@typescript-eslint/utils';
import { suggestClosest } from './util/closest-word.js';
import { ConfigurationError } from './util/configuration-error.js';

/** The key under `settings` that every rule of this plugin reads. */
export const SETTINGS_KEY = 'schema-contract';

export interface GlossarySettings {
  /** Property whose string value states a table's policy. */
  readonly policyKey: string;
  /** The policy value that marks a table closed; every other value means described. */
  readonly closedValue: string;
  /**
   * Globs (relative to ESLint's cwd) of modules whose every exported table is a glossary table;
   * `DEFAULT_GLOSSARY_MODULES` unless set (`[]` turns glossary modules off).
   */
  readonly modules: readonly string[];
  /** Table names treated as closed, for code that cannot be annotated. */
  readonly closed: readonly string[];
  /** Table names treated as described (never an enum), for code that cannot be annotated. */
  readonly described: readonly string[];
}

export interface SchemaLibrarySettings {
  /** Extra module specifiers that export zod (a package-level barrel such as `@acme/zod`). */
  readonly zod: readonly string[];
  readonly typebox: readonly string[];
  readonly valibot: readonly string[];
}

export interface SchemaContractSettings {
  readonly glossary: GlossarySettings;
  readonly libraries: SchemaLibrarySettings;
  /** Path of the findings baseline, relative to ESLint's cwd; undefined when none is configured. */
  readonly baseline: string | undefined;
}

const stringList = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true } as const;

/**
 * The glossary modules when `glossary.modules` is not set: a module named `glossary.*` and every
 * module directly in a `glossary/` folder (not deeper: a package or fixture project named
 * `glossary` holds ordinary code in its subfolders). Its author has said what the module holds, and a table in it
 * is then what the seed's glossary policy says a table is until it is closed with corroboration:
 * described. Without this default, recommended left such a module's lists to strict, and declaring
 * it (once through `glossaryConfig()`) silently added findings.
 */
export const DEFAULT_GLOSSARY_MODULES: readonly string[] = Object.freeze(['**/glossary.*', '**/glossary/*']);

/** Published so the README and editors can show the same contract the plugin enforces. */
export const settingsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: "settings['schema-contract']",
  type: 'object',
  additionalProperties: false,
  properties: {
    glossary: {
      type: 'object',
      additionalProperties: false,
      description: 'How glossary tables (value lists) are recognised and which are closed.',
      properties: {
        policyKey: { type: 'string', minLength: 1, description: 'Property naming a table\'s policy. Default `enumPolicy`.' },
        closedValue: { type: 'string', minLength: 1, description: 'Policy value meaning closed. Default `closed`.' },
        modules: {
          ...stringList,
          description: `Globs of glossary modules: every exported table is a glossary table. Default ${DEFAULT_GLOSSARY_MODULES.map((glob) => `\`${glob}\``).join(', ')}; \`[]\` turns glossary modules off.`,
        },
        closed: { ...stringList, description: 'Names of tables that are closed although they cannot be annotated.' },
        described: { ...stringList, description: 'Names of tables that are described (never an enum).' },
      },
    },
    libraries: {
      type: 'object',
      additionalProperties: false,
      description: 'Extra module specifiers that re-export a schema library.',
      properties: {
        zod: { ...stringList, description: 'Modules that export zod, besides `zod`, `zod/v4`, `zod/v3`, `zod/mini`.' },
        typebox: { ...stringList, description: 'Modules that export TypeBox, besides `typebox` and `@sinclair/typebox`.' },
        valibot: { ...stringList, description: 'Modules that export valibot, besides `valibot`.' },
      },
    },
    baseline: {
      type: 'string',
      minLength: 1,
      description: 'Path of the findings baseline file (relative to the working directory).',
    },
    glossaryHash: {
      type: 'string',
      minLength: 1,
      description:
        "Hash of the glossary modules' paths and contents, set by `glossaryConfig()` from 'eslint-plugin-schema-contract/glossary' so that ESLint's --cache is invalidated when a glossary module changes. Never changes findings.",
    },
    glossaryHashModules: {
      ...stringList,
      description:
        'The globs `glossaryConfig()` hashed into `glossaryHash`; every glob of `glossary.modules` must be among them, or a changed glossary module would leave cached results stale.',
    },
    baselineHash: {
      type: 'string',
      minLength: 1,
      description:
        "Content hash of the baseline, set by `baselineConfig()` from 'eslint-plugin-schema-contract/baseline' so that ESLint's --cache is invalidated when the baseline changes.",
    },
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: true });
interface RawSettings {
  glossary?: Partial<Record<'policyKey' | 'closedValue', string> & Record<'modules' | 'closed' | 'described', string[]>>;
  libraries?: Partial<Record<'zod' | 'typebox' | 'valibot', string[]>>;
  baseline?: string;
  baselineHash?: string;
  glossaryHash?: string;
  glossaryHashModules?: string[];
}

const validateSettings = ajv.compile<RawSettings>(settingsSchema);

export class SettingsError extends ConfigurationError {
  override name = 'SchemaContractSettingsError';
}

/** The keys the settings schema allows at an instance path (`/glossary`), for a did-you-mean. */
function keysAt(instancePath: string): string[] {
  let schema: { properties?: Record<string, unknown> } | undefined = settingsSchema;
  for (const segment of instancePath.split('/').filter(Boolean)) {
    schema = schema?.properties?.[segment] as { properties?: Record<string, unknown> } | undefined;
  }
  return Object.keys(schema?.properties ?? {});
}

function describeError(error: ErrorObject): string {
  const where = `settings['${SETTINGS_KEY}']${error.instancePath.replaceAll('/', '.')}`;
  if (error.keyword === 'additionalProperties') {
    const key = String((error.params as { additionalProperty: string }).additionalProperty);
    const known = keysAt(error.instancePath);
    const meant = suggestClosest(key, known);
    return `${where} has unknown key "${key}" (${meant ? `did you mean "${meant}"? ` : ''}known keys: ${known.join(', ')})`;
  }
  return `${where} ${error.message ?? 'is invalid'}`;
}

const cache = new WeakMap<object, SchemaContractSettings>();
const EMPTY_SETTINGS: object = {};

/**
 * Validates and normalises the plugin's settings. An invalid settings object is a configuration
 * error the user must fix, so it throws (ESLint then names the rule and the file being linted)
 * rather than quietly running with defaults.
 */
export function parseSettings(raw: unknown): SchemaContractSettings {
  const key = typeof raw === 'object' && raw !== null ? raw : EMPTY_SETTINGS;
  const cached = cache.get(key);
  if (cached) return cached;
  const value = raw ?? {};
  if (!validateSettings(value)) {
    const problems = (validateSettings.errors ?? []).map(describeError);
    throw new SettingsError(
      `eslint-plugin-schema-contract: invalid settings: ${problems.join('; ')}.\n` +
        `Fix settings['${SETTINGS_KEY}'] in your ESLint config (the keys are listed in the plugin's README, "Settings").`,
    );
  }
  const glossary = value.glossary ?? {};
  const libraries = value.libraries ?? {};
  const modules = glossary.modules ?? DEFAULT_GLOSSARY_MODULES;
  if (value.glossaryHashModules) checkHashCoversModules(modules, glossary.modules === undefined, value.glossaryHashModules);
  const parsed: SchemaContractSettings = {
    glossary: {
      policyKey: glossary.policyKey ?? 'enumPolicy',
      closedValue: glossary.closedValue ?? 'closed',
      modules,
      closed: glossary.closed ?? [],
      described: glossary.described ?? [],
    },
    libraries: {
      zod: libraries.zod ?? [],
      typebox: libraries.typebox ?? [],
      valibot: libraries.valibot ?? [],
    },
    baseline: value.baseline,
  };
  cache.set(key, parsed);
  return parsed;
}

/**
 * `glossaryConfig()` keys ESLint's cache on the files its globs match and declares nothing, so a
 * glossary module outside them would keep a cached result after it changes: stale findings with no
 * sign of it. That is a configuration mistake (often a config written when the helper still
 * declared the modules), said as one.
 */
function checkHashCoversModules(modules: readonly string[], isDefault: boolean, hashed: readonly string[]): void {
  const missing = modules.filter((glob) => !hashed.includes(glob));
  if (missing.length === 0) return;
  const list = (globs: readonly string[]): string => globs.map((glob) => `'${glob}'`).join(', ');
  const declared = isDefault ? `the default glossary modules (${list(modules)})` : `glossary.modules (${list(modules)})`;
  throw new SettingsError(
    `eslint-plugin-schema-contract: invalid settings: settings['${SETTINGS_KEY}'] has ${declared}, but glossaryConfig() hashes only ${list(hashed)}, ` +
      `so eslint --cache would keep stale results when ${list(missing)} change.\n` +
      `glossaryConfig() only keys the cache and declares no glossary module: pass it the same globs as glossary.modules ` +
      `(glossaryConfig([${list(modules)}])), and declare any other glossary modules in settings['${SETTINGS_KEY}'].glossary.modules.`,
  );
}

export function getSettings(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): SchemaContractSettings {
  return parseSettings(context.settings[SETTINGS_KEY]);
}
