import type { Stats } from 'node:fs';

/**
 * A file's version as its `stat` tells it, for caches that must see the file change: a new inode
 * (an atomic write renames), size, modification or change time. Plain numbers: BigInt stats cost
 * about twice as much, and these are taken for every linted file.
 */
export function fileVersion(stats: Stats): string {
  return `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}:${stats.ino}`;
}
