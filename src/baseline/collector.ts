import type { FindingIdentity } from './fingerprint.js';

/** A raw finding as the `schema-contract` CLI sees it: before any baseline is applied. */
export interface CollectedFinding extends FindingIdentity {
  /** `context.filename`: absolute, and for processor code blocks the virtual block name. */
  readonly file: string;
  readonly physicalFile: string;
  /** Rule name without the plugin prefix: what the baseline stores. */
  readonly rule: string;
  /** The configured rule id (`schema-contract/<rule>`), as ESLint reports it. */
  readonly ruleId: string;
  readonly occurrence: number;
  readonly messageId: string;
  readonly message: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number | undefined;
  readonly endColumn: number | undefined;
}

export interface RuleRun {
  readonly file: string;
  readonly physicalFile: string;
  readonly rule: string;
  readonly ruleId: string;
  /** The baseline the file's ESLint config names (absolute), if any. */
  readonly configuredBaseline: string | undefined;
  /** From the rule's `meta.docs`, for reports that describe the rules (SARIF). */
  readonly description: string | undefined;
  readonly url: string | undefined;
  /** The options the file's config gives the rule (after ESLint applied its defaults, none of ours). */
  readonly options: readonly unknown[];
}

/**
 * Installed by the CLI for the duration of one in-process ESLint run. While it is installed the
 * rules apply no baseline at all: every finding is reported and handed here with its identity,
 * and every (file, rule) that ran is recorded, because only those may be judged fixed.
 */
export interface BaselineCollector {
  ruleRan(run: RuleRun): void;
  found(findings: readonly CollectedFinding[]): void;
}

// A registered symbol, so a CLI and a plugin loaded from two copies of the package still meet.
const COLLECTOR_KEY = Symbol.for('eslint-plugin-schema-contract.baseline-collector');

type GlobalWithCollector = typeof globalThis & { [COLLECTOR_KEY]?: BaselineCollector };

export function activeCollector(): BaselineCollector | undefined {
  return (globalThis as GlobalWithCollector)[COLLECTOR_KEY];
}

/** Runs `body` with `collector` installed, and always uninstalls it. */
export async function withCollector<T>(collector: BaselineCollector, body: () => Promise<T>): Promise<T> {
  const global = globalThis as GlobalWithCollector;
  if (global[COLLECTOR_KEY]) throw new Error('eslint-plugin-schema-contract: a baseline collection is already running');
  global[COLLECTOR_KEY] = collector;
  try {
    return await body();
  } finally {
    delete global[COLLECTOR_KEY];
  }
}

const RULE_NAMES_KEY = Symbol.for('eslint-plugin-schema-contract.baselined-rule-names');

type GlobalWithRuleNames = typeof globalThis & { [RULE_NAMES_KEY]?: Set<string> };

function ruleNameRegistry(): Set<string> {
  const global = globalThis as GlobalWithRuleNames;
  return (global[RULE_NAMES_KEY] ??= new Set());
}

/** Called for every rule given the baseline, when its module loads (so before any linting). */
export function registerBaselinedRule(name: string): void {
  ruleNameRegistry().add(name);
}

/**
 * Whether a configured rule id (`<namespace>/<name>`) may be one of the baselined rules. By name,
 * because ESLint's rule filter sees only ids; a same-named rule of another plugin merely runs too.
 */
export function mayBeBaselinedRule(ruleId: string): boolean {
  return ruleId.includes('/') && ruleNameRegistry().has(ruleId.slice(ruleId.lastIndexOf('/') + 1));
}
