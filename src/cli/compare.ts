import type { Baseline, BaselineEntry } from '../baseline/baseline-file.js';
import { matchFindings, type StaleEntry } from '../baseline/matching.js';
import { isDeletedInScope, type Collection, type RawFinding } from './collect.js';

export interface FixedEntry extends StaleEntry {
  /** The file itself is gone (and lay inside the linted patterns). */
  readonly fileDeleted: boolean;
}

export interface Comparison {
  readonly baselined: readonly RawFinding[];
  /** New findings that fail the lint (those an `eslint-disable` comment silences are left out). */
  readonly new: readonly RawFinding[];
  readonly fixed: readonly FixedEntry[];
  /** Entries whose file or rule did not run here: neither confirmed nor judged fixed. */
  readonly unverified: readonly BaselineEntry[];
}

function findingsOf(collection: Collection, path: string, rule: string): readonly RawFinding[] {
  return collection.findings.get(path)?.get(rule) ?? [];
}

/**
 * Compares a run with the baseline, one (file, rule) pair at a time with the same matching the
 * rules use. Pairs that did not run are left alone: a partial or sharded run never judges other
 * files' entries, except entries of files that no longer exist inside the linted patterns.
 */
export function compare(baseline: Baseline, collection: Collection, inScope: (absolutePath: string) => boolean): Comparison {
  const result = { baselined: [] as RawFinding[], new: [] as RawFinding[], fixed: [] as FixedEntry[], unverified: [] as BaselineEntry[] };
  const pairs = new Set<string>();
  for (const [path, rulesRan] of collection.ran) for (const rule of rulesRan) pairs.add(`${path}\u0000${rule}`);
  for (const [path, byRule] of collection.findings) for (const rule of byRule.keys()) pairs.add(`${path}\u0000${rule}`);

  for (const pair of pairs) {
    const [path = '', rule = ''] = pair.split('\u0000');
    const entries = baseline.index.get(path)?.get(rule) ?? [];
    const match = matchFindings(entries, findingsOf(collection, path, rule));
    result.baselined.push(...match.baselined);
    result.new.push(...match.new.filter((finding) => !finding.suppressed));
    result.fixed.push(...match.stale.map((stale) => ({ ...stale, fileDeleted: false })));
  }
  for (const entry of baseline.entries) {
    if (collection.ran.get(entry.path)?.has(entry.rule)) continue;
    if (isDeletedInScope(baseline.file, entry.path, inScope)) {
      result.fixed.push({ entry, fixed: entry.count, remaining: 0, fileDeleted: true });
    } else {
      result.unverified.push(entry);
    }
  }
  result.baselined.sort(byLocation);
  result.new.sort(byLocation);
  result.fixed.sort((a, b) => compareText(a.entry.path, b.entry.path) || compareText(a.entry.rule, b.entry.rule) || compareText(a.entry.fingerprint, b.entry.fingerprint));
  return result;
}

/**
 * Reading order, whatever order the files were linted and the rules ran in: file, then line and
 * column as numbers (`:7:12` before `:12:121`), then rule. Paths compare by code unit, not by
 * locale, so every machine prints the same order.
 */
export function byLocation(a: RawFinding, b: RawFinding): number {
  return compareText(a.path, b.path) || a.line - b.line || a.column - b.column || compareText(a.rule, b.rule);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `baseline write`: for every (file, rule) that ran, the entries become exactly the current
 * findings; everything else is kept. A group's count runs up to its last finding that is not
 * silenced by a directive, so the numbering the rules compute stays covered.
 */
export function entriesAfterWrite(baseline: Baseline | undefined, collection: Collection): BaselineEntry[] {
  const kept = (baseline?.entries ?? []).filter((entry) => !collection.ran.get(entry.path)?.has(entry.rule));
  const recorded = new Map<string, BaselineEntry>();
  for (const byRule of collection.findings.values()) {
    for (const findings of byRule.values()) {
      for (const finding of findings) {
        if (finding.suppressed || !collection.ran.get(finding.path)?.has(finding.rule)) continue;
        const key = `${finding.path}\u0000${finding.rule}\u0000${finding.fingerprint}`;
        const existing = recorded.get(key);
        const count = Math.max(existing?.count ?? 0, finding.occurrence + 1);
        recorded.set(key, {
          path: finding.path,
          rule: finding.rule,
          fingerprint: finding.fingerprint,
          count,
          ...(finding.context === undefined ? {} : { context: finding.context }),
          snippet: existing?.snippet ?? finding.snippet,
        });
      }
    }
  }
  return [...kept, ...recorded.values()];
}

/** `baseline prune`: lowers counts to what is still there and drops what is gone. Never adds. */
export function entriesAfterPrune(baseline: Baseline, comparison: Comparison): BaselineEntry[] {
  const remaining = new Map(comparison.fixed.map((fixed) => [fixed.entry, fixed.remaining]));
  return baseline.entries.flatMap((entry) => {
    const count = remaining.get(entry) ?? entry.count;
    return count === 0 ? [] : [{ ...entry, count }];
  });
}
