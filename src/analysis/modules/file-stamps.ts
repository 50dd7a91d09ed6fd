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
const stampsByPass = new WeakMap<Set<string>, Map<string, string | undefined>>();
const pathStampsByPass = new WeakMap<Set<string>, Map<string, string>>();

export function stampInPass(file: string, checked: Set<string>): string | undefined {
  let stamps = stampsByPass.get(checked);
  if (!stamps) stampsByPass.set(checked, (stamps = new Map()));
  if (stamps.has(file)) return stamps.get(file);
  const stamp = fileStamp(file);
  stamps.set(file, stamp);
  return stamp;
}

/** `pathStamp`, once per path per pass. */
export function pathStampInPass(path: string, checked: Set<string>): string {
  let stamps = pathStampsByPass.get(checked);
  if (!stamps) pathStampsByPass.set(checked, (stamps = new Map()));
  let stamp = stamps.get(path);
  if (stamp === undefined) stamps.set(path, (stamp = pathStamp(path)));
  return stamp;
}
