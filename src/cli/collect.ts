import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { DEFAULT_BASELINE_FILE } from '../baseline/baseline-file.js';
import { mayBeBaselinedRule, withCollector, type CollectedFinding, type RuleRun } from '../baseline/collector.js';
import { baselinePath, fingerprintOf } from '../baseline/fingerprint.js';
import type { Finding } from '../baseline/matching.js';
import { countLintTargets, isEnabled } from './lint-targets.js';
import type { Progress } from './progress.js';
import { UsageError } from './usage-error.js';

/** A finding with its identity in the chosen baseline. */
export interface RawFinding extends CollectedFinding, Finding {
  /** Path relative to the baseline's directory, as stored in the baseline. */
  readonly path: string;
  /** Disabled by an `eslint-disable` comment: never a failure, but it keeps its place in the numbering. */
  readonly suppressed: boolean;
}

export interface FatalError {
  readonly filePath: string;
  readonly message: string;
}

export interface Collection {
  /** Absolute path of the baseline the findings are compared with. */
  readonly baselineFile: string;
  /** Every baseline path the ESLint config names for the linted files. */
  readonly configuredBaselines: ReadonlySet<string>;
  /** For each baseline path, the rules that actually ran on it: only these may be judged fixed. */
  readonly ran: ReadonlyMap<string, ReadonlySet<string>>;
  /** Findings by baseline path, then rule. */
  readonly findings: ReadonlyMap<string, ReadonlyMap<string, readonly RawFinding[]>>;
  /** Files ESLint could not lint (parse errors): their rules did not run. */
  readonly fatal: readonly FatalError[];
  readonly fileCount: number;
  /** Rule ids that ran, with their documentation, as the loaded plugin describes them. */
  readonly ruleDocs: ReadonlyMap<string, { readonly description: string | undefined; readonly url: string | undefined }>;
  /** Per rule, each distinct list of options it ran with (the `tools` inventory reads the clients a server targets here). */
  readonly ruleOptions: ReadonlyMap<string, readonly (readonly unknown[])[]>;
}

export interface CollectOptions {
  readonly cwd: string;
  readonly patterns: readonly string[];
  readonly configFile: string | undefined;
  readonly baselineFile: string | undefined;
  readonly progress: Progress | undefined;
  /**
   * An internal plugin run beside the plugin's rules on every linted file (the `tools` inventory):
   * its rules never report, and are let through the rule filter.
   */
  readonly extra?: { readonly plugin: string; readonly rules: Readonly<Record<string, unknown>> };
}

function locationKey(ruleId: string | null, line: number, column: number, endLine?: number, endColumn?: number, messageId?: string): string {
  return `${ruleId ?? ''}\u0000${line}:${column}:${endLine ?? ''}:${endColumn ?? ''}\u0000${messageId ?? ''}`;
}

/** The baseline the user means: `--baseline`, else the one their config names, else the default. */
function chooseBaseline(cwd: string, override: string | undefined, configured: ReadonlySet<string>): string {
  if (override !== undefined) return resolve(cwd, override);
  if (configured.size > 1) {
    throw new UsageError(
      `the ESLint config names ${configured.size} baselines (${[...configured].join(', ')}); run once per baseline with --baseline FILE and that baseline's files`,
    );
  }
  const [only] = configured;
  return only ?? resolve(cwd, DEFAULT_BASELINE_FILE);
}

/**
 * Lints `patterns` with the user's own ESLint config, in this process, with the collector
 * installed: the plugin's rules then report everything (no baseline applied) and hand each
 * finding's identity to the collector. Only the plugin's rules run, which is also what makes this
 * cheaper than `eslint .`.
 */
export async function collect(options: CollectOptions): Promise<Collection> {
  const collected: CollectedFinding[] = [];
  const runs: RuleRun[] = [];
  const linted = new Set<string>();
  const eslint = new ESLint({
    cwd: options.cwd,
    ...(options.configFile === undefined ? {} : { overrideConfigFile: resolve(options.cwd, options.configFile) }),
    cache: false,
    // Speed only (other plugins' rules, type-aware ones above all, are skipped): which of our
    // rules ran is what the collector records, not what this lets through.
    ruleFilter: ({ ruleId }) => mayBeBaselinedRule(ruleId) || (options.extra !== undefined && ruleId.startsWith(`${options.extra.plugin}/`)),
    ...(options.extra === undefined
      ? {}
      : {
          overrideConfig: {
            plugins: { [options.extra.plugin]: { rules: options.extra.rules } as ESLint.Plugin },
            rules: Object.fromEntries(Object.keys(options.extra.rules).map((rule) => [`${options.extra!.plugin}/${rule}`, 'error' as const])),
          },
        }),
  });
  const results = await withCollector(
    {
      ruleRan(run) {
        runs.push(run);
        if (!linted.has(run.physicalFile)) {
          linted.add(run.physicalFile);
          options.progress?.linted(linted.size);
        }
      },
      found(findings) {
        collected.push(...findings);
      },
    },
    async () => {
      // Inside the collection, like the lint itself: loading the config here is the CLI's doing.
      if (options.progress) {
        const total = await countLintTargets(eslint, options.cwd, options.patterns, (rules) =>
          Object.entries(rules).some(([ruleId, entry]) => mayBeBaselinedRule(ruleId) && isEnabled(entry)),
        );
        if (total !== undefined) options.progress.total(total);
      }
      try {
        return await eslint.lintFiles([...options.patterns]);
      } finally {
        options.progress?.done();
      }
    },
  );

  const configuredBaselines = new Set(runs.flatMap((run) => (run.configuredBaseline ? [run.configuredBaseline] : [])));
  const baselineFile = chooseBaseline(options.cwd, options.baselineFile, configuredBaselines);
  const baselineDirectory = dirname(baselineFile);

  // Which findings an `eslint-disable` comment silenced: ESLint moved their messages aside.
  const suppressedByFile = new Map<string, Map<string, number>>();
  const fatal: FatalError[] = [];
  for (const result of results) {
    const counts = new Map<string, number>();
    for (const message of result.suppressedMessages) {
      const key = locationKey(message.ruleId, message.line, message.column, message.endLine, message.endColumn, message.messageId);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    suppressedByFile.set(result.filePath, counts);
    for (const message of result.messages) {
      if (message.fatal) fatal.push({ filePath: result.filePath, message: `${message.line}:${message.column} ${message.message}` });
    }
  }

  const ran = new Map<string, Set<string>>();
  for (const run of runs) {
    const path = baselinePath(baselineDirectory, run.file);
    let rulesRan = ran.get(path);
    if (!rulesRan) ran.set(path, (rulesRan = new Set()));
    rulesRan.add(run.rule);
  }

  const findings = new Map<string, Map<string, RawFinding[]>>();
  for (const finding of collected) {
    const path = baselinePath(baselineDirectory, finding.file);
    const counts = suppressedByFile.get(finding.physicalFile);
    const key = locationKey(finding.ruleId, finding.line, finding.column, finding.endLine, finding.endColumn, finding.messageId);
    const suppressedLeft = counts?.get(key) ?? 0;
    if (suppressedLeft > 0) counts?.set(key, suppressedLeft - 1);
    let byRule = findings.get(path);
    if (!byRule) findings.set(path, (byRule = new Map()));
    let list = byRule.get(finding.rule);
    if (!list) byRule.set(finding.rule, (list = []));
    list.push({
      ...finding,
      path,
      fingerprint: fingerprintOf(finding.rule, path, finding.identity),
      suppressed: suppressedLeft > 0,
    });
  }

  const ruleDocs = new Map(runs.map((run) => [run.ruleId, { description: run.description, url: run.url }]));
  const ruleOptions = new Map<string, Map<string, readonly unknown[]>>();
  for (const run of runs) {
    let lists = ruleOptions.get(run.rule);
    if (!lists) ruleOptions.set(run.rule, (lists = new Map()));
    lists.set(JSON.stringify(run.options), run.options);
  }
  return {
    baselineFile,
    configuredBaselines,
    ran,
    findings,
    fatal,
    fileCount: results.length,
    ruleDocs,
    ruleOptions: new Map([...ruleOptions].map(([rule, lists]) => [rule, [...lists.values()]])),
  };
}

/** Whether a path from the baseline names a file that is gone, inside what this run linted. */
export function isDeletedInScope(
  baselineFile: string,
  path: string,
  inScope: (absolutePath: string) => boolean,
): boolean {
  const absolute = resolve(dirname(baselineFile), path);
  if (existsSync(absolute) || !inScope(absolute)) return false;
  // A processor's code block (`README.md/0.ts`) is gone only if the file holding it is.
  for (let parent = dirname(absolute); parent !== dirname(parent); parent = dirname(parent)) {
    if (existsSync(parent)) return statSync(parent).isDirectory();
  }
  return true;
}
