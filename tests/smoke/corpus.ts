/**
 * The real-world corpus: pinned npm packages, fetched with `npm pack` (npm is the only network
 * client), checked against their pinned integrity, and unpacked into the gitignored cache. The
 * fetching and unpacking are shared with the benchmark's real-code corpus
 * (`scripts/pinned-packages.mjs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackPinned, validatePin, type PinnedPackage } from '../../scripts/pinned-packages.mjs';

export type { PinnedPackage } from '../../scripts/pinned-packages.mjs';

export const SMOKE_DIR = path.dirname(fileURLToPath(import.meta.url));
export const CACHE_DIR = path.join(SMOKE_DIR, '.cache');
const TARBALL_DIR = path.join(CACHE_DIR, 'tarballs');
const PACKAGE_DIR = path.join(CACHE_DIR, 'packages');

export interface UnpackedPackage extends PinnedPackage {
  /** The directory holding the package's files (the tarball's `package/` folder, stripped). */
  root: string;
}

export function readManifest(): PinnedPackage[] {
  const manifestPath = path.join(SMOKE_DIR, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { packages?: unknown };
  if (!Array.isArray(manifest.packages) || manifest.packages.length === 0) {
    throw new Error(`${manifestPath}: "packages" must be a non-empty array`);
  }
  return manifest.packages.map((entry: unknown, index) => validatePin(entry, manifestPath, `packages[${index}]`));
}

/** Fetches (or reuses from the cache) and unpacks every pinned package. */
export async function prepareCorpus(packages = readManifest()): Promise<UnpackedPackage[]> {
  const prepared: UnpackedPackage[] = [];
  for (const pkg of packages) {
    prepared.push({ ...pkg, root: await unpackPinned(pkg, { tarballDirectory: TARBALL_DIR, packageDirectory: PACKAGE_DIR }) });
  }
  return prepared;
}
