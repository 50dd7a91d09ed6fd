import { readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, isAbsolute, resolve } from 'node:path';
import { installedPackageWithin, mayLieWithin, nearestManifestWithin, type PathWithin, type ProjectBoundary } from './project-boundary.js';

/**
 * Where a package.json `imports` entry (`"#tables": "shared-tables/x"`) sends a `#` import, judged
 * before oxc-resolver is asked: the resolver follows a target that names a package into
 * `node_modules`, through a link out of the project and into the package.json there (whose
 * `exports` it reads and may quote), and a relative target into a directory that is a link out.
 * Its Node API has no file system hook to stop it (oxc-resolver issue #365), so an entry that may
 * lead out is refused here.
 */

/** The package a bare specifier names: `@scope/name` or `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** A package.json larger than this is not read for its `imports` (as the resolver's would be, entry by entry). */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** Targets of one entry looked at (conditions nest): past it, the entry is judged as leading out. */
const MAX_TARGETS = 64;

/** The `imports` map of a package.json inside the project; undefined when it has none, `'unreadable'` when too large or broken. */
function importsOf(manifest: string): Record<string, unknown> | undefined | 'unreadable' {
  try {
    if (statSync(manifest).size > MAX_MANIFEST_BYTES) return 'unreadable';
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as unknown;
    const imports = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).imports : undefined;
    return typeof imports === 'object' && imports !== null && !Array.isArray(imports) ? (imports as Record<string, unknown>) : undefined;
  } catch {
    return 'unreadable';
  }
}

/**
 * Every target `request` may map to: the exact key's, and every `*` pattern's that matches (more
 * than Node picks, the longest prefix only: an entry that could lead out is judged whichever wins),
 * conditions and fallback arrays included; undefined past `MAX_TARGETS`.
 */
function targetsOf(imports: Record<string, unknown>, request: string): string[] | undefined {
  const targets: string[] = [];
  const collect = (value: unknown, match: string | undefined): boolean => {
    const stack = [value];
    while (stack.length > 0) {
      const current = stack.pop();
      if (typeof current === 'string') {
        if (targets.push(match === undefined ? current : current.replaceAll('*', match)) > MAX_TARGETS) return false;
      } else if (Array.isArray(current)) stack.push(...(current as unknown[]).slice(0, MAX_TARGETS + 1));
      else if (typeof current === 'object' && current !== null) stack.push(...Object.values(current).slice(0, MAX_TARGETS + 1));
      if (stack.length > MAX_TARGETS) return false;
    }
    return true;
  };
  for (const [key, value] of Object.entries(imports)) {
    const star = key.indexOf('*');
    let match: string | undefined;
    if (star === -1) {
      if (key !== request) continue;
    } else {
      const prefix = key.slice(0, star);
      const suffix = key.slice(star + 1);
      if (request.length < key.length - 1 || !request.startsWith(prefix) || !request.endsWith(suffix)) continue;
      match = request.slice(prefix.length, request.length - suffix.length);
    }
    if (!collect(value, match)) return undefined;
  }
  return targets;
}

/**
 * Whether the `#` import `request`, from `directory`, may lead out of the project through the
 * `imports` of the nearest package.json (which lies inside, at `manifest`): `outside` when a target
 * names a package linked out, a path outside or into a directory linked out, or when the entry
 * cannot be judged (too large, broken, too many targets); `absent` when a package it names is in no
 * directory of the project (the resolver would look for it up to `/`); `inside` otherwise.
 */
export function importsTargetWithin(boundary: ProjectBoundary, manifest: Extract<PathWithin, { kind: 'inside' }>, request: string, memo?: Map<string, PathWithin>): 'inside' | 'outside' | 'absent' {
  const imports = importsOf(manifest.real);
  if (imports === 'unreadable') return 'outside';
  if (imports === undefined) return 'inside';
  const targets = targetsOf(imports, request);
  if (targets === undefined) return 'outside';
  const directory = dirname(manifest.real);
  let answer: 'inside' | 'absent' = 'inside';
  for (const target of targets) {
    if (target.startsWith('.') || target.startsWith('/') || isAbsolute(target)) {
      const path = resolve(directory, target);
      if (!mayLieWithin(boundary, path) || nearestManifestWithin(boundary, dirname(path), memo) === 'outside') return 'outside';
      continue;
    }
    // `node:fs`, `fs`: nothing on disk. Any other scheme (`file:`) is not a package.
    if (isBuiltin(target)) continue;
    if (target.includes(':')) return 'outside';
    if (target.split('/').some((segment) => segment === '..' || segment === '.')) return 'outside';
    const installed = installedPackageWithin(boundary, directory, packageNameOf(target), memo);
    if (installed === 'outside') return 'outside';
    if (installed === 'absent') answer = 'absent';
  }
  return answer;
}
