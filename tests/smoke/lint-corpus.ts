/**
 * Lints the unpacked corpus with the plugin's shipped configs through ESLint's Node API, file by
 * file, so a crash is attributed to its file and does not hide the findings of the others.
 */
import fs from 'node:fs';
import { ESLint, type Linter } from 'eslint';
import { withCollector, type CollectedFinding } from '../../src/baseline/collector.js';
import { fingerprintOf } from '../../src/baseline/fingerprint.js';
import type { UnpackedPackage } from './corpus.js';
import { SKIP_REASONS, selectFiles, skipReasonFor, type SkipReason } from './select-files.js';

export const CONFIG_NAMES = ['recommended', 'strict'] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

export interface Finding {
  package: string;
  version: string;
  /** POSIX path relative to the package root. */
  file: string;
  rule: string;
  messageId: string | undefined;
  message: string;
  line: number;
  column: number;
  /**
   * The baseline's fingerprint (rule, package-relative path, reported tokens, enclosing name) and
   * the occurrence among identical findings in the file: `<fingerprint>#<occurrence>`.
   */
  fingerprint: string;
  /** The reported code on one line, for the reviewer. */
  snippet: string;
  configs: ConfigName[];
}

export interface FileProblem {
  file: string;
  config: ConfigName;
  message: string;
}

export interface PackageReport {
  name: string;
  version: string;
  files: number;
  lines: number;
  bytes: number;
  skipped: Record<SkipReason, number>;
  timeMs: Record<ConfigName, number>;
  /** Milliseconds per rule (ESLint's `stats`), summed over files. */
  ruleTimeMs: Record<ConfigName, Record<string, number>>;
  findings: Finding[];
  /** Files the TypeScript parser rejected: ESLint's fatal messages, not this plugin's. */
  parseErrors: FileProblem[];
  /** Exceptions thrown out of ESLint while linting: a rule (or its analysis) crashed. */
  crashes: FileProblem[];
  /** Messages of this plugin's rules that speak of parsing: must stay empty. */
  pluginParseMessages: FileProblem[];
}

export interface PluginLike {
  configs: Record<ConfigName, Linter.Config>;
}

/** The verdict key of a finding: the baseline's own fingerprint, so there is one algorithm. */
export function smokeFingerprint(file: string, finding: CollectedFinding): string {
  return `${fingerprintOf(finding.rule, file, finding.identity)}#${finding.occurrence}`;
}

function firstLines(text: string, count: number): string {
  return text.split('\n').slice(0, count).join('\n');
}

export async function lintPackage(
  pkg: UnpackedPackage,
  plugin: PluginLike,
): Promise<PackageReport> {
  const report: PackageReport = {
    name: pkg.name,
    version: pkg.version,
    files: 0,
    lines: 0,
    bytes: 0,
    skipped: Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<SkipReason, number>,
    timeMs: { recommended: 0, strict: 0 },
    ruleTimeMs: { recommended: {}, strict: {} },
    findings: [],
    parseErrors: [],
    crashes: [],
    pluginParseMessages: [],
  };
  const engines = Object.fromEntries(
    CONFIG_NAMES.map((name) => [
      name,
      new ESLint({
        cwd: pkg.root,
        overrideConfigFile: true,
        baseConfig: [plugin.configs[name]],
        // The packages' own eslint-disable comments must not switch this plugin's rules off.
        allowInlineConfig: false,
        stats: true,
      }),
    ]),
  ) as Record<ConfigName, ESLint>;
  const findingsByKey = new Map<string, Finding>();

  const selection = selectFiles(pkg.root);
  for (const reason of SKIP_REASONS) report.skipped[reason] += selection.skipped[reason];
  for (const { absolute, file } of selection.lint) {
    const source = fs.readFileSync(absolute, 'utf8');
    const reason = skipReasonFor(file, source);
    if (reason) {
      report.skipped[reason]++;
      continue;
    }
    // The configs leave out tests and fixtures, and ESLint skips node_modules: lint as users would.
    if (await engines.recommended.isPathIgnored(absolute)) {
      report.skipped['outside-config']++;
      continue;
    }
    report.files++;
    report.lines += source.split('\n').length;
    report.bytes += Buffer.byteLength(source);

    for (const config of CONFIG_NAMES) {
      const collected: CollectedFinding[] = [];
      const started = performance.now();
      let results: ESLint.LintResult[];
      try {
        // The baseline collector hands over each finding with its identity (what the baseline
        // fingerprints), while the rules report everything as if no baseline were configured.
        results = await withCollector({ ruleRan() {}, found: (found) => collected.push(...found) }, () =>
          engines[config].lintFiles([absolute]),
        );
      } catch (error) {
        report.crashes.push({ file, config, message: firstLines(String((error as Error)?.stack ?? error), 12) });
        continue;
      } finally {
        report.timeMs[config] += performance.now() - started;
      }
      let pluginMessages = 0;
      for (const result of results) {
        for (const pass of result.stats?.times.passes ?? []) {
          for (const [rule, time] of Object.entries(pass.rules ?? {})) {
            const times = report.ruleTimeMs[config];
            times[rule] = (times[rule] ?? 0) + time.total;
          }
        }
        for (const message of result.messages) {
          if (message.fatal) {
            report.parseErrors.push({ file, config, message: `${message.line}:${message.column} ${message.message}` });
            continue;
          }
          if (!message.ruleId?.startsWith('schema-contract/')) {
            throw new Error(`${file}: unexpected message from outside the plugin: ${JSON.stringify(message)}`);
          }
          pluginMessages++;
          // Code quoted in a message (`S.parse(args)`) is the linted code's, not a parser's complaint.
          if (/\bpars(e|ing|er)\b/i.test(message.message.replace(/`[^`]*`/g, ''))) {
            report.pluginParseMessages.push({ file, config, message: `${message.ruleId}: ${message.message}` });
          }
        }
      }
      if (pluginMessages !== collected.length) {
        throw new Error(`${file} (${config}): ESLint reported ${pluginMessages} findings, the collector saw ${collected.length}`);
      }
      for (const finding of collected) {
        const fingerprint = smokeFingerprint(file, finding);
        const key = `${file}\0${finding.ruleId}\0${fingerprint}`;
        const existing = findingsByKey.get(key);
        if (existing) {
          if (!existing.configs.includes(config)) existing.configs.push(config);
          continue;
        }
        const entry: Finding = {
          package: pkg.name,
          version: pkg.version,
          file,
          rule: finding.ruleId,
          messageId: finding.messageId,
          message: finding.message,
          line: finding.line,
          column: finding.column,
          fingerprint,
          snippet: finding.snippet,
          configs: [config],
        };
        findingsByKey.set(key, entry);
        report.findings.push(entry);
      }
    }
  }
  return report;
}
