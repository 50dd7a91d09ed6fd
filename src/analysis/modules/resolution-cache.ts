import { dirname, join } from 'node:path';
import { ResolverFactory, type ResolveResult } from 'oxc-resolver';
import { markUnstamped, pathStampInPass } from './file-stamps.js';

/**
 * Resolutions that outlive one file's lint, revalidated on every use (issue 31's decision: a cache
 * may live as long as it likes provided each use checks the disk). An editor lints for hours, and
 * must see a tsconfig, a package.json or a module created, edited or deleted on the next lint of a
 * file that reads it; a CLI run should not resolve the same import of every file in a directory
 * anew.
 *
 * A resolution is remembered with the version of every path it depends on, and used only while
 * they are all unchanged. The paths: the directories from the importer up to the project's root
 * (where a package.json or node_modules may appear), the `node_modules/<name>` of a package at
 * each of them, the paths asked for and their directories (a directory's version changes when an
 * entry is created or removed in it: a new `x.ts` beside the `x.js` that was found), the file found,
 * its directories, and its package.json. Every path lies in the project: nothing outside is
 * `stat`ed.
 *
 * oxc-resolver keeps its own file system cache, which cannot be revalidated entry by entry, so
 * every path a resolution looked at is also kept with the version it had when the resolver first
 * saw it: when a new resolution finds one changed, the resolver's cache is cleared and the
 * resolution made again. A lookup that found nothing is never remembered, and is made with a
 * cache cleared at most once per lint (a build may have created what an `exports` entry names
 * somewhere the paths above do not cover).
 */
export const sharedResolver = new ResolverFactory({});

/** What a resolution looks at, beyond what its result names. */
export interface Lookup {
  /** The importing directory: package.json and node_modules are looked for from it up to the root. */
  readonly directory: string;
  /** Paths asked for: a relative target, an alias's candidates, a file whose package type is read. */
  readonly tried: readonly string[];
  /** The package a bare specifier names, looked for in `node_modules` at each directory. */
  readonly packageName: string | undefined;
  /** The project's root: no path above it is looked at; undefined looks at the directory alone. */
  readonly root: string | undefined;
  /** Whether the analysis may look at a path (in the project). */
  readonly inside: (path: string) => boolean;
}

type Dependencies = readonly (readonly [path: string, stamp: string])[];

interface Entry<T> {
  readonly value: T;
  readonly dependencies: Dependencies;
}

export type RememberedResolutions<T> = Map<string, Entry<T>>;

/** Entries per cache; the oldest go first. A project's imports need far fewer. */
const MAX_ENTRIES = 100_000;

/** What oxc-resolver's cache has seen of each path, by version, since it was last cleared. */
const seenByResolver = new Map<string, string>();
const clearedInPass = new WeakSet<Set<string>>();

function clearResolverCache(checked: Set<string>): void {
  sharedResolver.clearCache();
  seenByResolver.clear();
  clearedInPass.add(checked);
}

/** The value remembered under `key`, when every path it depends on is as it was. */
export function remembered<T>(cache: RememberedResolutions<T>, key: string, checked: Set<string>): T | undefined {
  const entry = cache.get(key);
  if (!entry) return undefined;
  for (const [path, stamp] of entry.dependencies) {
    if (pathStampInPass(path, checked) !== stamp) {
      cache.delete(key);
      // The resolver saw this path as it was: its cache is stale too.
      clearResolverCache(checked);
      return undefined;
    }
  }
  return entry.value;
}

function ancestors(directory: string, root: string | undefined): string[] {
  const found: string[] = [];
  for (let current = directory; ; current = dirname(current)) {
    found.push(current);
    if (root === undefined || current === root || dirname(current) === current || current.length <= root.length) break;
  }
  return found;
}

function dependenciesOf(lookup: Lookup, result: Pick<ResolveResult, 'path' | 'packageJsonPath'>, checked: Set<string>): Dependencies {
  const paths = new Set<string>();
  for (const directory of ancestors(lookup.directory, lookup.root)) {
    paths.add(directory);
    if (lookup.packageName !== undefined) {
      paths.add(join(directory, 'node_modules'));
      if (lookup.packageName.startsWith('@')) paths.add(join(directory, 'node_modules', lookup.packageName.split('/')[0]!));
      paths.add(join(directory, 'node_modules', lookup.packageName));
    }
  }
  for (const tried of lookup.tried) {
    paths.add(tried);
    paths.add(dirname(tried));
  }
  if (result.path !== undefined) {
    paths.add(result.path);
    for (const directory of ancestors(dirname(result.path), lookup.root)) paths.add(directory);
  }
  if (result.packageJsonPath !== undefined) paths.add(result.packageJsonPath);
  const dependencies: [string, string][] = [];
  for (const path of paths) if (lookup.inside(path)) dependencies.push([path, pathStampInPass(path, checked)]);
  return dependencies;
}

/**
 * Runs a resolution through oxc-resolver's shared cache, and makes it again on a cleared cache when
 * a path it depends on changed since the cache saw it, or (once per lint) when it found nothing.
 */
export function resolveFresh(lookup: Lookup, checked: Set<string>, run: () => ResolveResult, foundNothing: (result: ResolveResult) => boolean): { readonly result: ResolveResult; readonly dependencies: Dependencies } {
  if (seenByResolver.size > MAX_ENTRIES) clearResolverCache(checked);
  let result = run();
  let dependencies = dependenciesOf(lookup, result, checked);
  const stale = dependencies.some(([path, stamp]) => {
    const seen = seenByResolver.get(path);
    return seen !== undefined && seen !== stamp;
  });
  if (stale || (foundNothing(result) && !clearedInPass.has(checked))) {
    clearResolverCache(checked);
    result = run();
    dependencies = dependenciesOf(lookup, result, checked);
  }
  for (const [path, stamp] of dependencies) seenByResolver.set(path, stamp);
  // A package that is there but has nothing at the path asked (an `exports` entry naming a build
  // not made yet), or a directory asked for whose package.json names a missing `main`: what the
  // resolver searched inside is more than the stamps above cover.
  if (foundNothing(result) && (lookup.packageName !== undefined || lookup.tried.some((path) => dependencies.some(([at, stamp]) => at === path && stamp.startsWith('d'))))) markUnstamped();
  return { result, dependencies };
}

/**
 * Stamps what a lookup refused before the resolver is asked depends on (the directories a package
 * is looked for in, the paths asked for), so that the recordings under way (`recordDependencies`)
 * cover the refusal too.
 */
export function noteLookup(lookup: Lookup, checked: Set<string>): void {
  dependenciesOf(lookup, {}, checked);
}

/** Remembers a resolution that found something, with what it depends on. */
export function remember<T>(cache: RememberedResolutions<T>, key: string, value: T, dependencies: Dependencies): void {
  cache.delete(key);
  cache.set(key, { value, dependencies });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}
