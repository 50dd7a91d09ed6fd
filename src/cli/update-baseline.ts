import {
  BASELINE_FORMAT_VERSION,
  BaselineFormatError,
  createBaseline,
  missingBaselineError,
  updateBaseline,
  type BaselineEntry,
  type StoredBaseline,
  type StoredEntry,
} from '../baseline/baseline-file.js';
import type { UpdateOptions } from '../baseline/safe-write.js';
import type { Collection } from './collect.js';
import { compare, entriesAfterPrune, entriesAfterWrite, type Comparison } from './compare.js';

/** Findings per file and rule, summed over entries: what two format versions can still compare. */
export interface CountChange {
  readonly path: string;
  readonly rule: string;
  readonly before: number;
  readonly after: number;
}

/** How an older format's baseline was carried over by `baseline write`. */
export interface Migration {
  readonly fromVersion: number;
  /** Files and rules with more findings now than the old baseline held: review these. */
  readonly grew: readonly CountChange[];
  /** Old entries of files or rules this run did not lint: not carried over, so reported as new later. */
  readonly notCarried: readonly CountChange[];
}

export interface UpdateOutcome {
  readonly written: boolean;
  readonly entries: readonly BaselineEntry[];
  /** The comparison with the baseline as it was (empty for a migrated or new one). */
  readonly comparison: Comparison;
  readonly migration: Migration | undefined;
}

function countsByFileAndRule(entries: readonly StoredEntry[]): Map<string, CountChange> {
  const counts = new Map<string, CountChange>();
  for (const entry of entries) {
    const key = `${entry.path}\u0000${entry.rule}`;
    const known = counts.get(key);
    counts.set(key, { path: entry.path, rule: entry.rule, before: (known?.before ?? 0) + entry.count, after: 0 });
  }
  return counts;
}

/**
 * An older format's fingerprints cannot be matched, so its entries are replaced by this run's
 * findings; what can still be compared (counts per file and rule) is, so the reviewer sees any
 * file or rule that grew instead of trusting a wholesale rewrite. Entries of files and rules this
 * run did not lint cannot be converted: they are dropped (their findings come back as new, which
 * fails loudly) and listed.
 */
function migrate(version: number, oldEntries: readonly StoredEntry[], entries: readonly BaselineEntry[], collection: Collection): Migration {
  const before = countsByFileAndRule(oldEntries);
  const after = countsByFileAndRule(entries);
  const grew: CountChange[] = [];
  for (const [key, now] of after) {
    const old = before.get(key)?.before ?? 0;
    if (now.before > old) grew.push({ path: now.path, rule: now.rule, before: old, after: now.before });
  }
  const notCarried = [...before.values()]
    .filter((old) => !collection.ran.get(old.path)?.has(old.rule))
    .map((old) => ({ ...old, after: 0 }));
  return { fromVersion: version, grew, notCarried };
}

/**
 * `baseline write` and `baseline prune`, decided and written under the baseline's lock, so the
 * comparison is made with the baseline exactly as it is replaced: a concurrent writer either
 * finished before (and its entries are kept) or fails loudly.
 */
export function updateFromRun(
  command: 'write' | 'prune',
  file: string,
  collection: Collection,
  inScope: (absolutePath: string) => boolean,
  options: UpdateOptions = {},
): UpdateOutcome {
  const { result, written } = updateBaseline<Omit<UpdateOutcome, 'written'>>(
    file,
    (stored: StoredBaseline) => {
      if (stored.state === 'outdated') {
        // Prune never adds, and a migration is a rewrite: only `write` may do it.
        if (command === 'prune') throw new BaselineFormatError(file, stored.version);
        const entries = entriesAfterWrite(undefined, collection);
        const comparison = compare(createBaseline(file, []), collection, inScope);
        return { entries, result: { entries, comparison, migration: migrate(stored.version, stored.entries, entries, collection) } };
      }
      if (stored.state === 'absent' && command === 'prune') throw missingBaselineError(file);
      const existing = stored.state === 'current' ? stored.baseline : undefined;
      const comparison = compare(existing ?? createBaseline(file, []), collection, inScope);
      const entries =
        existing && command === 'prune' ? entriesAfterPrune(existing, comparison) : entriesAfterWrite(existing, collection);
      return { entries, result: { entries, comparison, migration: undefined } };
    },
    options,
  );
  return { ...result, written };
}

function countLine(change: CountChange, what: string): string {
  return `  ${change.path}  ${change.rule}  ${what}`;
}

/** What `baseline write` prints after carrying an older format over: what to review before committing. */
export function migrationText(shown: string, findings: number, entries: number, migration: Migration): string {
  const lines = [
    `Migrated ${shown} from baseline format ${migration.fromVersion} to ${BASELINE_FORMAT_VERSION}: ${findings} finding(s) in ${entries} entr${entries === 1 ? 'y' : 'ies'}. Review the diff before committing it.`,
  ];
  if (migration.grew.length === 0) {
    lines.push('No file or rule has more findings than the old baseline held.');
  } else {
    lines.push('More findings than the old baseline held (new since it was written, or found only now): check each before committing');
    lines.push(...migration.grew.map((change) => countLine(change, `${change.before} → ${change.after}`)));
  }
  if (migration.notCarried.length > 0) {
    lines.push('Not carried over (file or rule not linted in this run; `eslint` will report them as new): run `schema-contract baseline write` on the whole project');
    lines.push(...migration.notCarried.map((change) => countLine(change, `${change.before} finding(s)`)));
  }
  return `${lines.join('\n')}\n`;
}
