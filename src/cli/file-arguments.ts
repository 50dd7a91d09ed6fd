import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CliError } from './errors.js';

/**
 * Files named on the command line, checked before any work: a missing one is named as the user
 * typed it and as it resolved, never as the `ENOENT … stat` of whichever library touched it first.
 */

function kindOf(path: string): 'file' | 'directory' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}

/** An existing file the command reads (`what`: "config file", "file"); returns its absolute path. */
export function existingFile(cwd: string, given: string, what: string, hint: string): string {
  const absolute = resolve(cwd, given);
  const kind = kindOf(absolute);
  if (kind === 'missing') throw new CliError(`${what} ${given} not found (resolved to ${absolute})`, hint);
  if (kind === 'directory') throw new CliError(`${what} ${given} is a directory, not a file (resolved to ${absolute})`, hint);
  return absolute;
}

/** A file the command may create: it need not exist, but its directory must, and it must not be a directory. */
export function creatableFile(cwd: string, given: string, what: string, hint: string): string {
  const absolute = resolve(cwd, given);
  if (kindOf(absolute) === 'directory') throw new CliError(`${what} ${given} is a directory, not a file (resolved to ${absolute})`, hint);
  const directory = dirname(absolute);
  const parent = kindOf(directory);
  if (parent !== 'directory') {
    throw new CliError(`${what} ${given} cannot be created: ${parent === 'missing' ? 'directory not found' : 'its directory is a file'} (resolved to ${directory})`, hint);
  }
  return absolute;
}
