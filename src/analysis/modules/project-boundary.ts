import { existsSync, lstatSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * Where the analysis may read: the project's directory (ESLint's working directory, or the
 * directory of the ESLint config that governs a file linted from outside it), widened to the
 * root of the npm, yarn or pnpm workspace it belongs to, so that workspace packages are read at
 * their real path. Nothing under `node_modules` is read: a dependency's values are never needed.
 *
 * A pull request controls the files it adds, symlinks and tsconfig aliases included, and a lint
 * run prints what it reads into CI logs: an import that leads out of this boundary is unknown,
 * and its target is never opened.
 */
export interface ProjectBoundary {
  /** The real path of the directory everything read must lie in. */
  readonly root: string;
  /** The project directory as given (cwd or config directory), for display. */
  readonly projectDirectory: string;
  /** The workspace root when the project lies in a workspace (may equal the project directory). */
  readonly workspaceRoot: string | undefined;
}

const ESLINT_CONFIG_FILES = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.cjs', 'eslint.config.ts', 'eslint.config.mts', 'eslint.config.cts'];

function realpathOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** Whether `path` is `directory` or lies below it (both absolute, same form). */
export function isWithin(path: string, directory: string): boolean {
  if (path === directory) return true;
  // Asked for every resolution: a POSIX path that starts with the directory and a separator and
  // has no empty, `.` or `..` segment after it is inside without computing the relative path. Any
  // other path (Windows, dot segments, hidden directories) takes the general test.
  if (
    sep === '/' &&
    path.length > directory.length + 1 &&
    path.startsWith(directory) &&
    path[directory.length] === '/' &&
    !path.includes('/.', directory.length) &&
    !path.includes('//', directory.length)
  ) {
    return true;
  }
  const inner = relative(directory, path);
  return inner !== '' && !inner.startsWith('..') && !isAbsolute(inner);
}

function hasNodeModulesSegment(path: string, below: string): boolean {
  // The relative path's segments are the path's own below the common ancestor, and `..`.
  if (!path.includes('node_modules')) return false;
  return relative(below, path).split(sep).includes('node_modules');
}

/**
 * Whether `manifestDirectory` declares a workspace: `pnpm-workspace.yaml`, or a package.json with
 * `workspaces` (npm, yarn). Only the presence of the key matters, so the YAML is not parsed: the
 * boundary is the workspace's root directory, whatever its package globs say.
 */
function declaresWorkspace(manifestDirectory: string): boolean {
  if (existsSync(join(manifestDirectory, 'pnpm-workspace.yaml'))) return true;
  const manifest = join(manifestDirectory, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed;
  } catch {
    // A broken manifest declares nothing; npm reports it to the user.
    return false;
  }
}

/**
 * The workspace root at or above `directory`, looking no further up than the repository's root
 * (the first directory holding `.git`): a workspace is part of the repository it was cloned as.
 */
function findWorkspaceRoot(directory: string): string | undefined {
  for (let current = directory; ; current = dirname(current)) {
    if (declaresWorkspace(current)) return current;
    if (existsSync(join(current, '.git')) || dirname(current) === current) return undefined;
  }
}

/** The directory of the ESLint flat config nearest above `file`, as ESLint 10 looks it up. */
function configDirectoryOf(file: string): string | undefined {
  for (let current = dirname(file); ; current = dirname(current)) {
    if (ESLINT_CONFIG_FILES.some((name) => existsSync(join(current, name)))) return current;
    if (dirname(current) === current) return undefined;
  }
}

const boundaries = new Map<string, ProjectBoundary>();

/**
 * The boundary for a file linted with working directory `cwd`. A file outside `cwd` (ESLint's
 * Node API can lint any path) belongs to the project of its nearest ESLint config, else to its
 * own directory alone. Kept for the process: a workspace does not move under a running editor.
 */
export function projectBoundary(cwd: string, file: string): ProjectBoundary {
  const absoluteCwd = resolve(cwd);
  const projectDirectory = isWithin(resolve(file), absoluteCwd) ? absoluteCwd : (configDirectoryOf(resolve(file)) ?? dirname(resolve(file)));
  let boundary = boundaries.get(projectDirectory);
  if (!boundary) {
    const realProject = realpathOrSelf(projectDirectory);
    const workspaceRoot = findWorkspaceRoot(realProject);
    boundary = { root: workspaceRoot ?? realProject, projectDirectory, workspaceRoot };
    boundaries.set(projectDirectory, boundary);
  }
  return boundary;
}

/** Whether the analysis may read the file at real path `file`. */
export function mayRead(boundary: ProjectBoundary, file: string): boolean {
  return isWithin(file, boundary.root) && !hasNodeModulesSegment(file, boundary.root);
}

/**
 * Whether a path written in the code (not yet through the file system) can lie in the project:
 * checked before resolving a relative specifier, so that `'../../../../home/user/.npmrc'` is
 * refused without as much as a `stat` of the target. The project directory may itself be reached
 * through a symlink, so both of its spellings count.
 */
export function mayLieWithin(boundary: ProjectBoundary, path: string): boolean {
  return isWithin(path, boundary.root) || isWithin(path, boundary.projectDirectory);
}

/** Where a path in the project leads, found without looking at anything beyond the project. */
export type PathWithin = { readonly kind: 'inside'; readonly real: string } | { readonly kind: 'outside' } | { readonly kind: 'missing' };

const MISSING: PathWithin = { kind: 'missing' };
const OUTSIDE: PathWithin = { kind: 'outside' };

/**
 * The real path of `path` (a path that may lie in the project, `mayLieWithin`), or `outside` when
 * a symlink on the way leads beyond the project. Unlike `realpath`, which `lstat`s every component
 * of a link's target, the target of a link is only read as text (`readlink`) and judged before
 * anything at it is looked at, so nothing outside the project is ever `stat`ed or opened: what
 * oxc-resolver is asked afterwards (it has no file system hook in its Node API) never reaches
 * beyond either. `memo` holds the answers of one lint pass: resolving one file's imports asks about
 * the same directories many times.
 */
export function realPathWithin(boundary: ProjectBoundary, path: string, memo: Map<string, PathWithin> = new Map()): PathWithin {
  return realOf(boundary, resolve(path), memo, new Set());
}

function realOf(boundary: ProjectBoundary, path: string, memo: Map<string, PathWithin>, following: Set<string>): PathWithin {
  const known = memo.get(path);
  if (known) return known;
  if (path === boundary.root) return { kind: 'inside', real: boundary.root };
  if (path === boundary.projectDirectory) return { kind: 'inside', real: realProjectDirectory(boundary) };
  if (!mayLieWithin(boundary, path)) return OUTSIDE;
  // A cycle of links: ELOOP, as the file system would answer.
  if (following.has(path)) return MISSING;
  following.add(path);
  const parent = realOf(boundary, dirname(path), memo, following);
  let answer: PathWithin = parent;
  if (parent.kind === 'inside') {
    const next = join(parent.real, basename(path));
    const stats = lstatOrUndefined(next);
    if (!stats) answer = MISSING;
    else if (!stats.isSymbolicLink()) answer = { kind: 'inside', real: next };
    else {
      const text = linkText(next);
      const target = text === undefined ? undefined : resolve(parent.real, text);
      answer = target === undefined ? MISSING : mayLieWithin(boundary, target) ? realOf(boundary, target, memo, following) : OUTSIDE;
    }
  }
  following.delete(path);
  memo.set(path, answer);
  return answer;
}

function linkText(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    // Removed or replaced between the lstat and now, or not readable: as the file system would say.
    return undefined;
  }
}

function lstatOrUndefined(path: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

const realProjectDirectories = new Map<string, string>();

function realProjectDirectory(boundary: ProjectBoundary): string {
  let real = realProjectDirectories.get(boundary.projectDirectory);
  if (real === undefined) realProjectDirectories.set(boundary.projectDirectory, (real = realpathOrSelf(boundary.projectDirectory)));
  return real;
}

/**
 * Where Node would find package `name` from `directory` (the first `node_modules/<name>` on the way
 * up), looking no higher than the project's root: `outside` when that directory, or the
 * package.json in it, is a link out of the project (a pull request can plant one: its `exports`
 * may hold a secret); `absent` when no directory of the project holds it. A resolver asked about
 * an absent package would look for it in every directory above the project, up to `/`.
 */
export function installedPackageWithin(boundary: ProjectBoundary, directory: string, name: string, memo?: Map<string, PathWithin>): 'inside' | 'outside' | 'absent' {
  for (let current = directory; mayLieWithin(boundary, current); current = dirname(current)) {
    // Node never looks in `node_modules/node_modules`.
    if (basename(current) !== 'node_modules') {
      const found = realPathWithin(boundary, join(current, 'node_modules', name), memo);
      if (found.kind === 'outside') return 'outside';
      if (found.kind === 'inside') return realPathWithin(boundary, join(found.real, 'package.json'), memo).kind === 'outside' ? 'outside' : 'inside';
    }
    if (dirname(current) === current) break;
  }
  return 'absent';
}

/**
 * The nearest package.json at or above `directory`, within the project: `outside` when it is a link
 * out of the project, `absent` when there is none up to the project's root (the resolver would
 * then look above the root, which no lookup of the analysis may do).
 */
export function nearestManifestWithin(boundary: ProjectBoundary, directory: string, memo?: Map<string, PathWithin>): 'inside' | 'outside' | 'absent' {
  const found = nearestManifest(boundary, directory, memo);
  return found.kind === 'missing' ? 'absent' : found.kind;
}

/** Like `nearestManifestWithin`, with the real path of a manifest inside, to read it. */
export function nearestManifest(boundary: ProjectBoundary, directory: string, memo?: Map<string, PathWithin>): PathWithin {
  for (let current = directory; mayLieWithin(boundary, current); current = dirname(current)) {
    const found = realPathWithin(boundary, join(current, 'package.json'), memo);
    if (found.kind !== 'missing') return found;
    if (dirname(current) === current) break;
  }
  return MISSING;
}
