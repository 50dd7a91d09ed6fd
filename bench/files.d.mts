// Types for the benchmark's file list (plain JavaScript, so `npm run bench` needs no build of its own).
/** Absolute paths of the files with one of `extensions` (`ts` by default; declaration files left out) under `root/sources`, depth-first in name order. */
export declare function lintedFiles(root: string, sources?: string, extensions?: readonly string[]): string[];
