import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './usage-error.js';

/** Runs git in `cwd` and returns its standard output (the burn-down's and the comparison's one way to ask git). */
export function git(cwd: string, args: readonly string[]): string {
  return execFileSync('git', [...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
}

/** The root of the git work tree `directory` lies in, or a usage error saying what needs git. */
export function workTreeRoot(directory: string, needs: string): string {
  try {
    return realpathSync.native(git(directory, ['rev-parse', '--show-toplevel']).trim());
  } catch {
    throw new UsageError(`${directory} is not inside a git repository: ${needs}`);
  }
}

export interface Revision {
  /** The full commit hash `ref` names. */
  readonly commit: string;
  /** The working directory's counterpart in the checked-out revision. */
  readonly cwd: string;
  /** Maps a path of the working tree to its counterpart in the revision (a path outside the work tree is kept). */
  readonly counterpart: (path: string) => string;
  readonly remove: () => void;
}

/** An archive of a large repository is still one buffer: past this, say so rather than fail inside tar. */
const MAX_ARCHIVE_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * The code at `ref`, written to a fresh temporary directory with `git archive` (which neither
 * touches the index, the work tree nor the repository's worktree list, unlike a checkout or
 * `git worktree add`). Dependencies are not in the repository: each `node_modules` of the working
 * tree on the way from the repository's root to the working directory is linked into the copy,
 * so that the revision's ESLint config loads the same plugin and parser. The analysis never reads
 * under `node_modules`, so what is installed now cannot change what the revision's code defines.
 */
export function checkOutRevision(cwd: string, ref: string): Revision {
  const top = workTreeRoot(cwd, `--compare reads the revision it compares with from git`);
  let commit: string;
  try {
    // `--end-of-options` keeps a ref spelled like an option (`--output=…`) from being taken for one.
    commit = git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).trim();
  } catch {
    throw new UsageError(`--compare ${ref}: not a commit of the repository at ${top} (a branch, tag or commit hash is expected)`);
  }
  const realCwd = realpathSync.native(cwd);
  const inner = relative(top, realCwd);
  // Real, so that the paths ESLint reports under it are the ones the working directory is compared by.
  const directory = realpathSync.native(mkdtempSync(join(tmpdir(), 'schema-contract-compare-')));
  const remove = (): void => rmSync(directory, { recursive: true, force: true });
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: top, maxBuffer: MAX_ARCHIVE_BYTES, stdio: ['ignore', 'pipe', 'pipe'] });
    if (archive.error || archive.status !== 0) {
      throw new UsageError(`--compare ${ref}: git archive of ${commit.slice(0, 12)} failed: ${archive.error?.message ?? archive.stderr.toString('utf8').trim()}`);
    }
    const extract = spawnSync('tar', ['-x', '-C', directory], { input: archive.stdout, stdio: ['pipe', 'ignore', 'pipe'] });
    if (extract.error || extract.status !== 0) {
      throw new UsageError(`--compare ${ref}: extracting ${commit.slice(0, 12)} into ${directory} failed: ${extract.error?.message ?? extract.stderr.toString('utf8').trim()}`);
    }
    // The copy is a project of its own: its boundary stops here, as the repository's does at `.git`.
    mkdirSync(join(directory, '.git'), { recursive: true });
    const segments = inner === '' ? [] : inner.split(sep);
    for (let depth = 0; depth <= segments.length; depth += 1) {
      const below = segments.slice(0, depth);
      const installed = join(top, ...below, 'node_modules');
      const copy = join(directory, ...below, 'node_modules');
      if (existsSync(installed) && !existsSync(copy) && existsSync(dirname(copy))) symlinkSync(realpathSync.native(installed), copy, 'dir');
    }
  } catch (error) {
    remove();
    throw error;
  }
  const revisionCwd = join(directory, inner);
  if (!existsSync(revisionCwd)) {
    remove();
    throw new UsageError(`--compare ${ref}: the working directory ${inner} does not exist at ${commit.slice(0, 12)}`);
  }
  const counterpart = (path: string): string => {
    const within = relative(top, resolve(realCwd, path));
    return within.startsWith('..') || isAbsolute(within) ? path : join(directory, within);
  };
  return { commit, cwd: revisionCwd, counterpart, remove };
}
