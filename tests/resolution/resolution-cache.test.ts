import { rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ResolverFactory } from 'oxc-resolver';
import { describe, expect, it, vi } from 'vitest';
import { pathStamp, pathStampInPass } from '../../src/analysis/modules/file-stamps.js';
import { openPass, resolveSpecifier } from '../../src/analysis/modules/module-resolution.js';
import { installedPackageWithin, nearestManifestWithin, projectBoundary, realPathWithin } from '../../src/analysis/modules/project-boundary.js';
import { remember, remembered, type RememberedResolutions } from '../../src/analysis/modules/resolution-cache.js';
import { writeProject } from './disk-project.js';

// The caches that outlive one lint (issue 31's freshness rule: every use is checked against the
// disk). Files are "edited" with utimesSync to fixed times, never by waiting for the clock: a
// changed mtime (and the ctime that comes with it) is a new version, whatever second it is.

const FIXED_A = 1_000_000_000;
const FIXED_B = 1_100_000_000;

describe('remembered resolutions', () => {
  it('are used while every path they depend on keeps its stamp, and dropped once one changed', () => {
    const root = writeProject({ 'src/a.ts': 'export const a = 1;\n' });
    const file = join(root, 'src/a.ts');
    const cache: RememberedResolutions<string> = new Map();
    const first = new Set<string>();
    remember(cache, 'key', 'remembered value', [[file, pathStampInPass(file, first)], [dirname(file), pathStampInPass(dirname(file), first)]]);
    // A later lint (a new pass), nothing changed: the value is used without resolving again.
    expect(remembered(cache, 'key', new Set())).toBe('remembered value');
    utimesSync(file, FIXED_A, FIXED_A);
    expect(remembered(cache, 'key', new Set())).toBeUndefined();
    // Dropped, not just skipped.
    expect(cache.has('key')).toBe(false);
  });

  it('take each stamp once per pass: a change within one lint is seen by the next', () => {
    const root = writeProject({ 'a.ts': '' });
    const file = join(root, 'a.ts');
    const pass = new Set<string>();
    const before = pathStampInPass(file, pass);
    utimesSync(file, FIXED_B, FIXED_B);
    expect(pathStampInPass(file, pass)).toBe(before);
    expect(pathStampInPass(file, new Set())).not.toBe(before);
    expect(pathStamp(file)).toBe(pathStampInPass(file, new Set()));
    expect(pathStamp(join(root, 'missing.ts'))).toBe('none');
    expect(pathStamp(root).startsWith('d')).toBe(true);
  });
});

function resolveIn(root: string, file: string, specifier: string): ReturnType<typeof resolveSpecifier> {
  const checked = new Set<string>();
  openPass(checked, root, join(root, file));
  return resolveSpecifier(join(root, file), specifier, 'import', checked);
}

describe('a resolution kept across lints is made again when what it read changed', () => {
  it("a workspace package's `exports` edited in place, same size, new mtime: the next lint resolves to the new target", () => {
    const root = writeProject(
      {
        'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
        'packages/units/package.json': JSON.stringify({ name: 'units', exports: { '.': './src/one.ts' } }),
        'packages/units/src/one.ts': 'export const one = 1;\n',
        'packages/units/src/two.ts': 'export const two = 2;\n',
      },
      { 'node_modules/units': '../packages/units' },
    );
    const manifest = join(root, 'packages/units/package.json');
    expect(resolveIn(root, 'src/tool.ts', 'units')).toMatchObject({ kind: 'source', file: join(root, 'packages/units/src/one.ts') });
    expect(resolveIn(root, 'src/tool.ts', 'units')).toMatchObject({ file: join(root, 'packages/units/src/one.ts') });
    writeFileSync(manifest, JSON.stringify({ name: 'units', exports: { '.': './src/two.ts' } }));
    utimesSync(manifest, FIXED_A, FIXED_A);
    expect(resolveIn(root, 'src/tool.ts', 'units')).toMatchObject({ kind: 'source', file: join(root, 'packages/units/src/two.ts') });
  });

  it('a source file created beside the build that was found: `./x.js` now names `./x.ts`', () => {
    const root = writeProject({ 'src/x.js': 'export const x = 1;\n' });
    expect(resolveIn(root, 'src/tool.ts', './x.js')).toMatchObject({ kind: 'source', file: join(root, 'src/x.js') });
    writeFileSync(join(root, 'src/x.ts'), 'export const x = 1;\n');
    // The directory's entry list changed; its mtime set to a fixed value so no clock decides.
    utimesSync(join(root, 'src'), FIXED_B, FIXED_B);
    expect(resolveIn(root, 'src/tool.ts', './x.js')).toMatchObject({ kind: 'source', file: join(root, 'src/x.ts') });
    rmSync(join(root, 'src/x.ts'));
    utimesSync(join(root, 'src'), FIXED_A, FIXED_A);
    expect(resolveIn(root, 'src/tool.ts', './x.js')).toMatchObject({ kind: 'source', file: join(root, 'src/x.js') });
  });
});

describe('one lookup per path a relative import names', () => {
  it('`../core/error` from one directory and `./error` from another ask the resolver once', () => {
    const root = writeProject({ 'src/core/error.ts': 'export class E {}\n', 'src/api/a.ts': '', 'src/core/b.ts': '', 'src/api/deep/c.ts': '' });
    const target = { kind: 'source', file: join(root, 'src/core/error.ts') };
    const lookups = vi.spyOn(ResolverFactory.prototype, 'sync');
    try {
      expect(resolveIn(root, 'src/api/a.ts', '../core/error')).toMatchObject(target);
      const first = lookups.mock.calls.length;
      expect(first).toBeGreaterThan(0);
      expect(resolveIn(root, 'src/core/b.ts', './error')).toMatchObject(target);
      expect(resolveIn(root, 'src/api/deep/c.ts', '../../core/error')).toMatchObject(target);
      expect(lookups.mock.calls.length).toBe(first);
      // Still one per path: another file of the directory is another lookup.
      expect(resolveIn(root, 'src/api/a.ts', '../core/b')).toMatchObject({ kind: 'source', file: join(root, 'src/core/b.ts') });
      expect(lookups.mock.calls.length).toBeGreaterThan(first);
    } finally {
      lookups.mockRestore();
    }
  });

  it('keeps a request that can only name a directory apart from one that may name a file', () => {
    const root = writeProject({ 'src.ts': 'export const file = 1;\n', 'src/index.ts': 'export const directory = 1;\n', 'src/a/b.ts': '', 'tool.ts': '' });
    // `../` from src/a/ and `./src` from the root name one path; only the second may be `src.ts`.
    expect(resolveIn(root, 'src/a/b.ts', '../')).toMatchObject({ kind: 'source', file: join(root, 'src/index.ts') });
    expect(resolveIn(root, 'tool.ts', './src')).toMatchObject({ kind: 'source', file: join(root, 'src.ts') });
    expect(resolveIn(root, 'tool.ts', './src/')).toMatchObject({ kind: 'source', file: join(root, 'src/index.ts') });
    expect(resolveIn(root, 'src/a/b.ts', '../../src')).toMatchObject({ kind: 'source', file: join(root, 'src.ts') });
  });
});

describe('paths judged without looking beyond the project', () => {
  it('follows links inside, refuses links out, and answers a cycle of links as missing', () => {
    const outside = writeProject({ 'pkg/package.json': '{}' });
    const root = writeProject({ 'real/package.json': '{}', 'pkg-with-link/index.js': '' }, { 'a': './b', 'b': './real', 'out': join(outside, 'pkg'), 'loop1': './loop2', 'loop2': './loop1' }, dirname(outside));
    symlinkSync(join(outside, 'pkg', 'package.json'), join(root, 'pkg-with-link', 'package.json'));
    const boundary = projectBoundary(root, join(root, 'src/tool.ts'));
    expect(realPathWithin(boundary, join(root, 'a/package.json'))).toEqual({ kind: 'inside', real: join(root, 'real/package.json') });
    expect(realPathWithin(boundary, join(root, 'out/package.json'))).toEqual({ kind: 'outside' });
    expect(realPathWithin(boundary, join(root, 'loop1/x'))).toEqual({ kind: 'missing' });
    expect(realPathWithin(boundary, join(root, 'nothing/here'))).toEqual({ kind: 'missing' });
    expect(realPathWithin(boundary, outside)).toEqual({ kind: 'outside' });
    expect(nearestManifestWithin(boundary, join(root, 'pkg-with-link'))).toBe('outside');
    expect(nearestManifestWithin(boundary, join(root, 'a/deep/er'))).toBe('inside');
    expect(nearestManifestWithin(boundary, join(root, 'src'))).toBe('absent');
  });

  it('finds an installed package at the first node_modules on the way up, never above the project', () => {
    const outside = writeProject({ 'pkg/package.json': '{}' });
    // The project lies in a directory whose own node_modules holds a package: not the project's.
    const above = writeProject({ 'node_modules/above/package.json': '{}' });
    const root = writeProject(
      { 'node_modules/inner/package.json': '{}', 'packages/a/node_modules/nested/package.json': '{}', 'node_modules/@scope/ok/package.json': '{}' },
      { 'node_modules/linked': join(outside, 'pkg'), 'node_modules/@out': outside, 'packages/a/node_modules/inner': join(outside, 'pkg') },
      above,
    );
    const boundary = projectBoundary(root, join(root, 'src/tool.ts'));
    expect(installedPackageWithin(boundary, join(root, 'src'), 'inner')).toBe('inside');
    expect(installedPackageWithin(boundary, join(root, 'src'), '@scope/ok')).toBe('inside');
    expect(installedPackageWithin(boundary, join(root, 'packages/a/src'), 'nested')).toBe('inside');
    expect(installedPackageWithin(boundary, join(root, 'src'), 'nested')).toBe('absent');
    expect(installedPackageWithin(boundary, join(root, 'src'), 'linked')).toBe('outside');
    expect(installedPackageWithin(boundary, join(root, 'src'), '@out/pkg')).toBe('outside');
    // The nearer node_modules wins, as in Node: here it is a link out.
    expect(installedPackageWithin(boundary, join(root, 'packages/a/src'), 'inner')).toBe('outside');
    // Installed above the project only: absent, and the resolver is not asked to look there.
    expect(installedPackageWithin(boundary, join(root, 'src'), 'above')).toBe('absent');
    expect(resolveIn(root, 'src/tool.ts', 'above')).toEqual({ kind: 'not-found', reason: "Cannot find module 'above'" });
  });
});
