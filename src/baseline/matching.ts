import type { BaselineEntry } from './baseline-file.js';

/** A finding of one rule in one file, ready to be compared with that file's baseline entries. */
export interface Finding {
  readonly fingerprint: string;
  /** Among findings with this fingerprint in the file, 0 for the first in source order. */
  readonly occurrence: number;
}

export interface StaleEntry {
  readonly entry: BaselineEntry;
  /** How many of the entry's `count` findings are gone. */
  readonly fixed: number;
  /** How many are still there. */
  readonly remaining: number;
}

export interface MatchResult<F extends Finding> {
  readonly baselined: F[];
  readonly new: F[];
  readonly stale: StaleEntry[];
}

/**
 * Numbers identical findings in source order (ties keep report order), so the first `count`
 * of them are the baselined ones and any beyond are new.
 */
export function assignOccurrences<T extends { readonly identity: string; readonly start: number; readonly end: number }>(
  findings: readonly T[],
): (T & { readonly occurrence: number })[] {
  const ordered = findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => a.finding.start - b.finding.start || a.finding.end - b.finding.end || a.order - b.order);
  const seen = new Map<string, number>();
  return ordered.map(({ finding }) => {
    const occurrence = seen.get(finding.identity) ?? 0;
    seen.set(finding.identity, occurrence + 1);
    return { ...finding, occurrence };
  });
}

/**
 * Compares the findings of one rule in one file with that file's entries for the rule. Used by
 * the rules (through the wrapper in create-rule) and by the CLI alike, so `eslint .` and
 * `schema-contract baseline check` can never disagree.
 */
export function matchFindings<F extends Finding>(entries: readonly BaselineEntry[], findings: readonly F[]): MatchResult<F> {
  const byFingerprint = new Map(entries.map((entry) => [entry.fingerprint, entry]));
  const found = new Map<string, number>();
  const result: MatchResult<F> = { baselined: [], new: [], stale: [] };
  for (const finding of findings) {
    found.set(finding.fingerprint, (found.get(finding.fingerprint) ?? 0) + 1);
    const entry = byFingerprint.get(finding.fingerprint);
    (entry && finding.occurrence < entry.count ? result.baselined : result.new).push(finding);
  }
  for (const entry of entries) {
    const remaining = Math.min(found.get(entry.fingerprint) ?? 0, entry.count);
    if (remaining < entry.count) result.stale.push({ entry, fixed: entry.count - remaining, remaining });
  }
  return result;
}
