/**
 * The real-world corpus: pinned npm packages, fetched with `npm pack` (npm is the only network
 * client), checked against their pinned integrity, and unpacked into the gitignored cache.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

const execFileAsync = promisify(execFile);

export const SMOKE_DIR = path.dirname(fileURLToPath(import.meta.url));
export const CACHE_DIR = path.join(SMOKE_DIR, '.cache');
const TARBALL_DIR = path.join(CACHE_DIR, 'tarballs');
const PACKAGE_DIR = path.join(CACHE_DIR, 'packages');
const COMPLETE_MARKER = '.smoke-unpacked';

export interface PinnedPackage {
  name: string;
  version: string;
  integrity: string;
}

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
  return manifest.packages.map((entry: unknown, index) => {
    const pkg = entry as Partial<PinnedPackage>;
    for (const key of ['name', 'version', 'integrity'] as const) {
      if (typeof pkg[key] !== 'string' || pkg[key] === '') {
        throw new Error(`${manifestPath}: packages[${index}].${key} must be a non-empty string`);
      }
    }
    if (!/^\d+\.\d+\.\d+/.test(pkg.version!)) {
      throw new Error(`${manifestPath}: packages[${index}] (${pkg.name}) must pin an exact version, got "${pkg.version}"`);
    }
    return pkg as PinnedPackage;
  });
}

function integrityOf(file: string): string {
  return `sha512-${createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`;
}

function tarballName(pkg: PinnedPackage): string {
  // The name `npm pack` gives a tarball: scope folded in, `@` and `/` dropped.
  return `${pkg.name.replace(/^@/, '').replace('/', '-')}-${pkg.version}.tgz`;
}

async function fetchTarball(pkg: PinnedPackage): Promise<string> {
  const tarball = path.join(TARBALL_DIR, tarballName(pkg));
  if (fs.existsSync(tarball) && integrityOf(tarball) === pkg.integrity) return tarball;
  fs.mkdirSync(TARBALL_DIR, { recursive: true });
  const { stdout } = await execFileAsync(
    'npm',
    ['pack', `${pkg.name}@${pkg.version}`, '--pack-destination', TARBALL_DIR, '--json', '--ignore-scripts'],
    { maxBuffer: 64 * 1024 * 1024, shell: process.platform === 'win32' },
  );
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error(`npm pack ${pkg.name}@${pkg.version} reported no tarball`);
  const written = path.join(TARBALL_DIR, packed.filename);
  if (written !== tarball) fs.renameSync(written, tarball);
  const actual = integrityOf(tarball);
  if (actual !== pkg.integrity) {
    throw new Error(
      `${pkg.name}@${pkg.version}: tarball integrity ${actual} does not match the manifest's ${pkg.integrity}`,
    );
  }
  return tarball;
}

/** Reads a NUL-terminated field of a tar header. */
function headerString(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * Extracts the regular files of an npm tarball (ustar, with pax or GNU long names). Node has no
 * tar reader and the platform's `tar` differs between systems, so the few lines are kept here.
 * Links are skipped: a package's code is in its regular files, and a link could point outside.
 */
export function extractTarball(tarball: string, destination: string): number {
  const archive = gunzipSync(fs.readFileSync(tarball));
  let offset = 0;
  let pendingName: string | undefined;
  let written = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(headerString(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const body = archive.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;

    if (type === 'x') {
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'));
      pendingName = match?.[1];
      continue;
    }
    if (type === 'L') {
      pendingName = body.toString('utf8').replace(/\0+$/, '');
      continue;
    }
    const prefix = headerString(header, 345, 155);
    const name = pendingName ?? (prefix ? `${prefix}/${headerString(header, 0, 100)}` : headerString(header, 0, 100));
    pendingName = undefined;
    if (type !== '0' && type !== '\0') continue;

    // npm tarballs put everything under one top-level folder (usually `package/`).
    const relative = path.posix.normalize(name.split('/').slice(1).join('/'));
    if (relative === '.' || relative.startsWith('..') || path.posix.isAbsolute(relative)) {
      throw new Error(`${tarball}: refusing entry outside the package: ${name}`);
    }
    const target = path.join(destination, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, body);
    written++;
  }
  if (written === 0) throw new Error(`${tarball}: no files extracted`);
  return written;
}

/** Fetches (or reuses from the cache) and unpacks every pinned package. */
export async function prepareCorpus(packages = readManifest()): Promise<UnpackedPackage[]> {
  const prepared: UnpackedPackage[] = [];
  for (const pkg of packages) {
    const root = path.join(PACKAGE_DIR, `${pkg.name.replace('/', '__')}@${pkg.version}`);
    const marker = path.join(root, COMPLETE_MARKER);
    if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== pkg.integrity) {
      const tarball = await fetchTarball(pkg);
      fs.rmSync(root, { recursive: true, force: true });
      extractTarball(tarball, root);
      fs.writeFileSync(marker, pkg.integrity);
    }
    prepared.push({ ...pkg, root });
  }
  return prepared;
}
