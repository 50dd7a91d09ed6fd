/**
 * The hand-reviewed verdicts on real-code findings, and their comparison with a run: a finding
 * without a verdict, or a verdict whose finding is gone, is a change in behaviour someone must see.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMOKE_DIR } from './corpus.js';
import type { Finding } from './lint-corpus.js';

export const VERDICTS_PATH = path.join(SMOKE_DIR, 'verdicts.json');

export const VERDICT_VALUES = ['true-positive', 'false-positive', 'unreviewed'] as const;
export type VerdictValue = (typeof VERDICT_VALUES)[number];

export interface Verdict {
  package: string;
  version: string;
  file: string;
  rule: string;
  fingerprint: string;
  verdict: VerdictValue;
  reason: string;
  /** For the reader only (the fingerprint matches): where the finding was, and what it said. */
  line?: number;
  message?: string;
  snippet?: string;
}

export function verdictKey(entry: Pick<Verdict, 'package' | 'version' | 'file' | 'rule' | 'fingerprint'>): string {
  return [entry.package, entry.version, entry.file, entry.rule, entry.fingerprint].join('\0');
}

export function readVerdicts(file = VERDICTS_PATH): Verdict[] {
  if (!fs.existsSync(file)) return [];
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { verdicts?: unknown };
  if (!Array.isArray(parsed.verdicts)) throw new Error(`${file}: "verdicts" must be an array`);
  const seen = new Set<string>();
  return parsed.verdicts.map((raw: unknown, index) => {
    const entry = raw as Verdict;
    for (const key of ['package', 'version', 'file', 'rule', 'fingerprint', 'reason'] as const) {
      if (typeof entry[key] !== 'string') throw new Error(`${file}: verdicts[${index}].${key} must be a string`);
    }
    if (!VERDICT_VALUES.includes(entry.verdict)) {
      throw new Error(`${file}: verdicts[${index}].verdict must be one of ${VERDICT_VALUES.join(', ')}`);
    }
    if (entry.verdict !== 'unreviewed' && entry.reason.trim() === '') {
      throw new Error(`${file}: verdicts[${index}] (${entry.file} ${entry.rule}) needs a reason`);
    }
    const key = verdictKey(entry);
    if (seen.has(key)) throw new Error(`${file}: verdicts[${index}] duplicates an earlier entry`);
    seen.add(key);
    return entry;
  });
}

export interface VerdictComparison {
  matched: { finding: Finding; verdict: Verdict }[];
  /** Findings with no verdict, or with one still marked `unreviewed`. */
  unjudged: Finding[];
  /** Verdicts whose finding no longer appears. */
  stale: Verdict[];
}

export function compareWithVerdicts(findings: Finding[], verdicts: Verdict[]): VerdictComparison {
  const byKey = new Map(verdicts.map((verdict) => [verdictKey(verdict), verdict]));
  const comparison: VerdictComparison = { matched: [], unjudged: [], stale: [] };
  const used = new Set<string>();
  for (const finding of findings) {
    const key = verdictKey(finding);
    const verdict = byKey.get(key);
    if (verdict && verdict.verdict !== 'unreviewed') comparison.matched.push({ finding, verdict });
    else comparison.unjudged.push(finding);
    if (verdict) used.add(key);
  }
  comparison.stale = verdicts.filter((verdict) => !used.has(verdictKey(verdict)));
  return comparison;
}

/**
 * Rewrites the verdicts file for a new run: keeps every verdict whose finding still appears,
 * drops stale ones, and adds each new finding as `unreviewed` (which still fails the smoke test
 * until a person reviews it).
 */
export function updateVerdicts(findings: Finding[], verdicts: Verdict[], file = VERDICTS_PATH): void {
  const byKey = new Map(verdicts.map((verdict) => [verdictKey(verdict), verdict]));
  const next: Verdict[] = findings.map((finding) => {
    const existing = byKey.get(verdictKey(finding));
    return {
      package: finding.package,
      version: finding.version,
      file: finding.file,
      rule: finding.rule,
      fingerprint: finding.fingerprint,
      verdict: existing?.verdict ?? 'unreviewed',
      reason: existing?.reason ?? '',
      line: finding.line,
      message: finding.message,
      snippet: finding.snippet,
    };
  });
  next.sort(
    (a, b) =>
      a.package.localeCompare(b.package) ||
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.rule.localeCompare(b.rule) ||
      a.fingerprint.localeCompare(b.fingerprint),
  );
  fs.writeFileSync(file, `${JSON.stringify({ verdicts: next }, null, 2)}\n`);
}
