// Published npm packages pinned by version and integrity, fetched with `npm pack` (npm is the only
// network client the project uses), checked against the pinned integrity and unpacked into a
// git-ignored cache. Shared by the smoke corpus (tests/smoke/corpus.ts) and the benchmark's
// real-code corpus (bench/real-corpus.mjs); plain JavaScript so that `npm run bench` needs no
// build of its own (types in pinned-packages.d.mts).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

const execFileAsync = promisify(execFile);
const UNPACKED_MARKER = '.pinned-unpacked';

/**
 * Checks one pin as written in `source` (the file it comes from, for the error): a name, an exact
 * version (a range would make two runs lint different code) and a sha512 integrity.
 * @returns {{ name: string, version: string, integrity: string }}
 */
export function validatePin(entry, source, where) {
  const label = `${source}: ${where}`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new Error(`${label} must be an object with name, version and integrity`);
  for (const key of ['name', 'version', 'integrity']) {
    if (typeof entry[key] !== 'string' || entry[key] === '') throw new Error(`${label}.${key} must be a non-empty string`);
  }
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(entry.version)) {
    throw new Error(`${label} (${entry.name}) must pin an exact version, got "${entry.version}"`);
  }
  if (!/^sha512-[A-Za-z0-9+/]+={0,2}$/.test(entry.integrity)) {
    throw new Error(`${label} (${entry.name}) must pin a sha512 integrity as \`npm view ${entry.name}@${entry.version} dist.integrity\` prints it, got "${entry.integrity}"`);
  }
  return { name: entry.name, version: entry.version, integrity: entry.integrity };
}

/** The integrity npm records for a tarball: sha512 of its bytes, base64. */
export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(fs.readFileSync(file)).digest('base64')}`;
}

/** The name `npm pack` gives a tarball: scope folded in, `@` and `/` dropped. */
export function tarballName(pin) {
  return `${pin.name.replace(/^@/, '').replace('/', '-')}-${pin.version}.tgz`;
}

/** The cached tarball of `pin` in `directory`, fetched with `npm pack` unless a copy with the pinned integrity is there. */
export async function fetchTarball(pin, directory) {
  const tarball = path.join(directory, tarballName(pin));
  if (fs.existsSync(tarball) && integrityOf(tarball) === pin.integrity) return tarball;
  fs.mkdirSync(directory, { recursive: true });
  const { stdout } = await execFileAsync('npm', ['pack', `${pin.name}@${pin.version}`, '--pack-destination', directory, '--json', '--ignore-scripts'], {
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  const [packed] = JSON.parse(stdout);
  if (!packed) throw new Error(`npm pack ${pin.name}@${pin.version} reported no tarball`);
  const written = path.join(directory, packed.filename);
  if (written !== tarball) fs.renameSync(written, tarball);
  const actual = integrityOf(tarball);
  if (actual !== pin.integrity) throw new Error(`${pin.name}@${pin.version}: tarball integrity ${actual} does not match the pinned ${pin.integrity}`);
  return tarball;
}

/** Reads a NUL-terminated field of a tar header. */
function headerString(header, offset, length) {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * Extracts the regular files of an npm tarball (ustar, with pax or GNU long names) into
 * `destination`, the tarball's top-level folder (usually `package/`) stripped. Node has no tar
 * reader and the platform's `tar` differs between systems, so the few lines are kept here. Links
 * are skipped: a package's code is in its regular files, and a link could point outside.
 * @returns {number} the number of files written
 */
export function extractTarball(tarball, destination) {
  const archive = gunzipSync(fs.readFileSync(tarball));
  let offset = 0;
  let pendingName;
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

/**
 * The unpacked files of `pin` under `packageDirectory`, fetched into `tarballDirectory` and
 * unpacked unless an unpacked copy of the same integrity is there already.
 * @returns {Promise<string>} the directory holding the package's files
 */
export async function unpackPinned(pin, { tarballDirectory, packageDirectory }) {
  const root = path.join(packageDirectory, `${pin.name.replace('/', '__')}@${pin.version}`);
  const marker = path.join(root, UNPACKED_MARKER);
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== pin.integrity) {
    const tarball = await fetchTarball(pin, tarballDirectory);
    fs.rmSync(root, { recursive: true, force: true });
    extractTarball(tarball, root);
    fs.writeFileSync(marker, pin.integrity);
  }
  return root;
}
