import { statSync } from 'node:fs';
import { fileVersion } from '../../util/file-version.js';

/**
 * A file's version for the caches that outlive one file's lint (issue 31's freshness rule: every
 * use is revalidated against the disk), undefined when there is no such file.
 */
export function fileStamp(file: string): string | undefined {
  try {
    // Most candidates of a resolution do not exist: without an exception that is much cheaper.
    const stats = statSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile()) return undefined;
    return fileVersion(stats);
  } catch {
    return undefined;
  }
}

/**
 * A file's or a directory's version. A directory's changes when an entry is created, removed or
 * renamed in it, which is how a cached resolution learns that a candidate it did not find (a new
 * `x.ts` beside the `x.js` it resolved to, a package installed) may now be there.
 */
export function pathStamp(path: string): string {
  try {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return 'none';
    return `${stats.isDirectory() ? 'd' : stats.isFile() ? 'f' : 'o'}${fileVersion(stats)}`;
  } catch {
    return 'none';
  }
}

/**
 * Stamps taken in one pass (one `checked` set, one linted file): resolving an import and loading
 * the module it names look at the same file, and one `stat` per path per pass is all freshness
 * needs.
 */
const stampsByPass = new WeakMap<Set<string>, Map<string, StampEntry>>();
const pathStampsByPass = new WeakMap<Set<string>, Map<string, StampEntry>>();

/** One stamp a pass took: a file's (`fileStamp`, undefined when missing) or a path's (`pathStamp`). */
export type StampEntry = readonly [kind: 'file' | 'path', path: string, stamp: string | undefined];

/**
 * What an answer rests on, for answers kept beyond the pass that found them (issue 31: a cache may
 * outlive a lint when every use is revalidated against the disk): every stamp taken while it was
 * computed, and those of every memo of the pass it used (`memoInPass` replays them). A file's
 * stamp is undefined while it is missing: its absence is then what the answer rests on.
 */
export type Dependencies = readonly StampEntry[];

interface Recording {
  /** A pass takes one entry per path (`stampInPass`): a set keeps each once. */
  readonly entries: Set<StampEntry>;
  /** Dependencies replayed into it whole: a walk stops at many modules settled by one earlier walk. */
  replayed: Set<Dependencies> | undefined;
  /** Whether it rested on something no stamp covers (`markUnstamped`). */
  unstamped: boolean;
}

/** The recordings under way, innermost last: a stamp taken belongs to every one of them. */
const recordings: Recording[] = [];

function note(entry: StampEntry): void {
  for (const recording of recordings) recording.entries.add(entry);
}

/**
 * Runs `compute` and returns its value with what it rested on; undefined dependencies when it
 * looked at something no stamp covers (then the value is good for this pass only).
 */
export function recordDependencies<T>(compute: () => T): { readonly value: T; readonly dependencies: Dependencies | undefined } {
  const recording: Recording = { entries: new Set(), replayed: undefined, unstamped: false };
  recordings.push(recording);
  let value: T;
  try {
    value = compute();
  } finally {
    recordings.pop();
  }
  // What the inner recording could not cover, no enclosing one can.
  if (recording.unstamped) markUnstamped();
  return { value, dependencies: recording.unstamped ? undefined : [...recording.entries] };
}

/** Adds what a memo's value rested on to the recordings under way, when it is used again. */
export function replayDependencies(dependencies: Dependencies | undefined): void {
  if (dependencies === undefined) {
    markUnstamped();
    return;
  }
  for (const recording of recordings) {
    recording.replayed ??= new Set();
    if (recording.replayed.has(dependencies)) continue;
    recording.replayed.add(dependencies);
    for (const entry of dependencies) recording.entries.add(entry);
  }
}

/** A lookup whose outcome no stamp covers (a resolver's search inside an installed package). */
export function markUnstamped(): void {
  for (const recording of recordings) recording.unstamped = true;
}

/** A value computed once per pass, with what it rested on, replayed to the recordings under way whenever it is used. */
export interface InPass<T> {
  readonly value: T;
  readonly dependencies: Dependencies | undefined;
}

export function memoInPass<K, T>(memo: Map<K, InPass<T>>, key: K, compute: () => T): T {
  const known = memo.get(key);
  if (known) {
    replayDependencies(known.dependencies);
    return known.value;
  }
  // Every stamp taken in `compute` is noted in the enclosing recordings as it is taken.
  const recorded = recordDependencies(compute);
  memo.set(key, recorded);
  return recorded.value;
}

export function stampInPass(file: string, checked: Set<string>): string | undefined {
  let stamps = stampsByPass.get(checked);
  if (!stamps) stampsByPass.set(checked, (stamps = new Map()));
  let entry = stamps.get(file);
  // One entry per path per pass, shared by every recording that notes it.
  if (!entry) stamps.set(file, (entry = ['file', file, fileStamp(file)]));
  if (recordings.length > 0) note(entry);
  return entry[2];
}

/** `pathStamp`, once per path per pass. */
export function pathStampInPass(path: string, checked: Set<string>): string {
  let stamps = pathStampsByPass.get(checked);
  if (!stamps) pathStampsByPass.set(checked, (stamps = new Map()));
  let entry = stamps.get(path);
  if (!entry) stamps.set(path, (entry = ['path', path, pathStamp(path)]));
  if (recordings.length > 0) note(entry);
  return entry[2]!;
}

/** Dependencies found current in a pass: several answers kept from one earlier pass share them. */
const currentInPass = new WeakMap<Set<string>, WeakSet<Dependencies>>();

/**
 * Whether every stamp `dependencies` rests on is as it was, each path looked at once in this pass
 * (and recorded by the recordings under way: what is used here rests on them too).
 */
export function stillCurrent(dependencies: Dependencies, checked: Set<string>): boolean {
  let current = currentInPass.get(checked);
  if (!current) currentInPass.set(checked, (current = new WeakSet()));
  if (current.has(dependencies)) {
    replayDependencies(dependencies);
    return true;
  }
  for (const [kind, path, stamp] of dependencies) {
    const now = kind === 'file' ? stampInPass(path, checked) : pathStampInPass(path, checked);
    if (now !== stamp) return false;
  }
  current.add(dependencies);
  return true;
}
