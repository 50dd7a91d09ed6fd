import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isWithin, projectBoundary } from '../analysis/modules/project-boundary.js';

/**
 * Why the baseline at `file` (absolute) may not be read or written, or undefined when it may.
 * The baseline is data inside the project: a pull request controls its symlinks, and a symlink to
 * a file outside would have its content quoted in CI logs, or be rewritten by `baseline prune`.
 * "The project" is the analysis' own boundary (project-boundary.ts) for the baseline's path as
 * written: ESLint's working directory, or the directory of the ESLint config above the baseline
 * (the CLI and the Node API may run from elsewhere), so baseline and imports share one notion of it.
 */
export function baselineOutsideProject(file: string, cwd: string = process.cwd()): string | undefined {
  const root = projectBoundary(cwd, resolve(cwd, file)).root;
  let isLink = false;
  try {
    isLink = lstatSync(file).isSymbolicLink();
  } catch {
    // Absent: it will be created in its directory, which must then lie inside.
  }
  let real: string;
  try {
    real = realpathSync.native(file);
  } catch {
    if (isLink) return 'is a symbolic link to a file that does not exist: refusing to create a file through it';
    try {
      real = join(realpathSync.native(dirname(file)), basename(file));
    } catch {
      return undefined; // No directory: the read or write reports the missing file itself.
    }
  }
  return isWithin(real, root) ? undefined : 'lies outside the project (its real path is not under the project directory): not read or written';
}
