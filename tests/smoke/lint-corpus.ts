/**
 * Lints the unpacked corpus with the plugin's shipped configs through ESLint's Node API, file by
 * file, so a crash is attributed to its file and does not hide the findings of the others.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { withCollector, type CollectedFinding } from '../../src/baseline/collector.js';
import { fingerprintOf } from '../../src/baseline/fingerprint.js';
import type { UnpackedPackage } from './corpus.js';

export const CONFIG_NAMES = ['recommended', 'strict'] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

const CODE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Declaration files hold types only; every rule of this plugin ignores type-level code. */
const DECLARATION_FILE = /\.d\.[cm]?ts$/;
/**
 * Files past this size are bundles of a package's dependencies (chrome-devtools-mcp ships 8 MB of
 * them), not its own tool code; the adversarial fixtures prove such sizes do not crash the rules.
 */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Minified code: no reviewer can read a finding in it, and hand-written code never averages this. */
export const MAX_MEAN_LINE_LENGTH = 500;

export type SkipReason = 'declaration' | 'bundle-size' | 'minified' | 'outside-config';

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

function listFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && CODE_FILE.test(entry.name)) files.push(full);
    }
  };
  walk(root);
  return files.sort();
}

export function skipReasonFor(file: string, source: string): SkipReason | undefined {
  if (DECLARATION_FILE.test(file)) return 'declaration';
  const bytes = Buffer.byteLength(source);
  if (bytes > MAX_FILE_BYTES) return 'bundle-size';
  const lines = source.split('\n').length;
  if (bytes / lines > MAX_MEAN_LINE_LENGTH) return 'minified';
  return undefined;
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
    skipped: { declaration: 0, 'bundle-size': 0, minified: 0, 'outside-config': 0 },
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

  for (const absolute of listFiles(pkg.root)) {
    const file = path.relative(pkg.root, absolute).split(path.sep).join('/');
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
          if (/\bpars(e|ing|er)\b/i.test(message.message)) {
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
