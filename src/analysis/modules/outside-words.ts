import { realpathSync } from 'node:fs';
import { relative } from 'node:path';
import { isWithin, type ProjectBoundary } from './project-boundary.js';

/** What a message says of anything beyond the project root: never its text, never its path. */
export const OUTSIDE_THE_PROJECT = 'outside the project: not followed';

const MAX_REASON_LENGTH = 200;
// Absolute paths as oxc-resolver writes them in its errors (POSIX or Windows), up to a quote,
// comma, bracket or space.
const ABSOLUTE_PATH = /(?<=^|[\s"'(])(?:[A-Za-z]:)?[\\/][^\s"',(){}[\]]+/g;

function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/**
 * The words for a resolver's error. Its text may quote a package.json that lies outside the
 * project (a `node_modules` symlink a pull request planted: `Invalid "exports" target "<secret>"`,
 * or a JSON error with its path, line and column): such an error becomes OUTSIDE_THE_PROJECT.
 * Paths inside are shown relative to the project root; the rest is cut and stripped of control
 * characters, since it reaches CI logs.
 */
export function resolverErrorWords(error: string | undefined, boundary: ProjectBoundary): string {
  if (error === undefined) return 'not found';
  const paths = error.match(ABSOLUTE_PATH) ?? [];
  if (paths.some((path) => !isWithin(realOrSelf(path), boundary.root))) return OUTSIDE_THE_PROJECT;
  const words = error
    .replace(ABSOLUTE_PATH, (path) => relative(boundary.root, realOrSelf(path)).split('\\').join('/') || '.')
    .replaceAll(/[\u0000-\u001f\u007f]/g, ' ');
  return words.length > MAX_REASON_LENGTH ? `${words.slice(0, MAX_REASON_LENGTH)}…` : words;
}
