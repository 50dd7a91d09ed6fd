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
  /**
   * The class the verdict belongs to (`fp/name-only`, `tp/catch-fallback`, ...), so a re-review
   * after a rule change can go class by class; `docs/real-world.md` lists the classes.
   */
  class?: string;
  /** For the reader only (the fingerprint matches): where the finding was, and what it said. */
  line?: number;
  message?: string;
  snippet?: string;
  /**
   * Set when `--update` carried this verdict over from an entry whose fingerprint changed while
   * package, version, file, rule, line and snippet stayed the same: the old fingerprint.
   */
  carriedFrom?: string;
  /**
   * On an `unreviewed` entry: the verdict of a vanished finding of the same rule on the same line
   * of the same file, whose reported code changed. A hint for the reviewer, never counted.
   */
  previous?: { verdict: VerdictValue; reason: string; class?: string; snippet?: string; fingerprint: string };
}

export function verdictKey(entry: Pick<Verdict, 'package' | 'version' | 'file' | 'rule' | 'fingerprint'>): string {
  return [entry.package, entry.version, entry.file, entry.rule, entry.fingerprint].join('\0');
}

/** Where a finding is, without its fingerprint: same package build, file, rule and line. */
function placeKey(entry: Pick<Verdict, 'package' | 'version' | 'file' | 'rule'> & { line?: number }): string {
  return [entry.package, entry.version, entry.file, entry.rule, String(entry.line ?? '?')].join('\0');
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
    for (const key of ['class', 'carriedFrom', 'snippet', 'message'] as const) {
      if (entry[key] !== undefined && typeof entry[key] !== 'string') {
        throw new Error(`${file}: verdicts[${index}].${key} must be a string when present`);
      }
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

/** How `--update` tied a finding to an earlier verdict. */
export type CarryMatch =
  | { kind: 'fingerprint'; verdict: Verdict }
  | { kind: 'line-and-snippet'; verdict: Verdict }
  | { kind: 'same-line-hint'; verdict: Verdict };

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Ties each finding of a new run to an earlier verdict. The corpus is pinned (same package,
 * version and so the same file bytes), so a finding whose fingerprint changed but whose rule
 * still reports the same code on the same line is the same finding under a new identity (the
 * baseline's fingerprint algorithm changed, or the enclosing name it folds in). In order:
 *
 * 1. `fingerprint`: the same package, version, file, rule and fingerprint.
 * 2. `line-and-snippet`: among the findings and verdicts left, the same package, version, file,
 *    rule, line and reported snippet. Look-alikes on one line are paired in order only when the
 *    two sides are equally many and all their verdicts agree: otherwise nothing is carried.
 * 3. `same-line-hint`: one finding and one verdict left on the same line of the same file and
 *    rule, but the reported code changed (the rule now reports another node). Never carried: the
 *    finding stays `unreviewed`, with the old verdict attached as a hint for the reviewer.
 */
export function matchVerdicts(findings: readonly Finding[], verdicts: readonly Verdict[]): Map<Finding, CarryMatch> {
  const matches = new Map<Finding, CarryMatch>();
  const byFingerprint = new Map(verdicts.map((verdict) => [verdictKey(verdict), verdict]));
  const usedVerdicts = new Set<Verdict>();
  for (const finding of findings) {
    const verdict = byFingerprint.get(verdictKey(finding));
    if (!verdict) continue;
    matches.set(finding, { kind: 'fingerprint', verdict });
    usedVerdicts.add(verdict);
  }

  const snippetKey = (entry: Pick<Verdict, 'package' | 'version' | 'file' | 'rule'> & { line?: number; snippet?: string }) =>
    `${placeKey(entry)}\0${entry.snippet ?? ''}`;
  let openFindings = findings.filter((finding) => !matches.has(finding));
  let openVerdicts = verdicts.filter((verdict) => !usedVerdicts.has(verdict) && verdict.snippet !== undefined);
  const verdictsBySnippet = groupBy(openVerdicts, snippetKey);
  for (const [key, group] of groupBy(openFindings, snippetKey)) {
    const candidates = verdictsBySnippet.get(key);
    if (!candidates || candidates.length !== group.length) continue;
    const first = candidates[0]!;
    if (!candidates.every((verdict) => verdict.verdict === first.verdict && verdict.class === first.class)) continue;
    group.forEach((finding, index) => {
      matches.set(finding, { kind: 'line-and-snippet', verdict: candidates[index]! });
      usedVerdicts.add(candidates[index]!);
    });
  }

  openFindings = openFindings.filter((finding) => !matches.has(finding));
  openVerdicts = openVerdicts.filter((verdict) => !usedVerdicts.has(verdict));
  const verdictsByPlace = groupBy(openVerdicts, placeKey);
  for (const [key, group] of groupBy(openFindings, placeKey)) {
    const candidates = verdictsByPlace.get(key);
    if (group.length === 1 && candidates?.length === 1) {
      matches.set(group[0]!, { kind: 'same-line-hint', verdict: candidates[0]! });
    }
  }
  return matches;
}

/**
 * The verdicts file for a new run: keeps every verdict whose finding still appears (carrying it
 * over a fingerprint change as \`matchVerdicts\` allows, and recording that in \`carriedFrom\`),
 * drops stale false positives, and adds each new finding as \`unreviewed\` (which still fails the
 * smoke test until a person reviews it). A stale *true positive* is kept: a defect the rules no
 * longer find is a regression, and it fails the run (as a stale verdict) until a person removes
 * it by hand, exactly as a new finding fails it until a person judges it.
 */
export function nextVerdicts(findings: readonly Finding[], verdicts: readonly Verdict[]): Verdict[] {
  const matches = matchVerdicts(findings, verdicts);
  const next: Verdict[] = findings.map((finding) => {
    const match = matches.get(finding);
    const kept = match && match.kind !== 'same-line-hint' ? match.verdict : undefined;
    const entry: Verdict = {
      package: finding.package,
      version: finding.version,
      file: finding.file,
      rule: finding.rule,
      fingerprint: finding.fingerprint,
      verdict: kept?.verdict ?? 'unreviewed',
      reason: kept?.reason ?? '',
      ...(kept?.class !== undefined ? { class: kept.class } : {}),
      line: finding.line,
      message: finding.message,
      snippet: finding.snippet,
    };
    if (match?.kind === 'line-and-snippet') entry.carriedFrom = match.verdict.fingerprint;
    else if (match?.kind === 'fingerprint' && match.verdict.carriedFrom !== undefined) {
      entry.carriedFrom = match.verdict.carriedFrom;
    }
    if (match?.kind === 'same-line-hint' && match.verdict.verdict !== 'unreviewed') {
      const { verdict, reason, class: verdictClass, snippet, fingerprint } = match.verdict;
      entry.previous = { verdict, reason, ...(verdictClass !== undefined ? { class: verdictClass } : {}), snippet, fingerprint };
    } else if (match?.kind === 'fingerprint' && entry.verdict === 'unreviewed' && match.verdict.previous) {
      entry.previous = match.verdict.previous;
    }
    return entry;
  });
  const carried = new Set([...matches.values()].filter((match) => match.kind !== 'same-line-hint').map((match) => match.verdict));
  next.push(...verdicts.filter((verdict) => verdict.verdict === 'true-positive' && !carried.has(verdict)));
  return next.sort(
    (a, b) =>
      a.package.localeCompare(b.package) ||
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.rule.localeCompare(b.rule) ||
      a.fingerprint.localeCompare(b.fingerprint),
  );
}

export function updateVerdicts(findings: Finding[], verdicts: Verdict[], file = VERDICTS_PATH): void {
  fs.writeFileSync(file, `${JSON.stringify({ verdicts: nextVerdicts(findings, verdicts) }, null, 2)}\n`);
}
