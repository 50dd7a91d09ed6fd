import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { extractTarball, integrityOf, tarballName, unpackPinned, validatePin } from '../../scripts/pinned-packages.mjs';

/** One ustar header block for `name` (type '0' file, '2' link, 'x' pax header). */
function header(name: string, size: number, type: string): Buffer {
  const block = Buffer.alloc(512);
  block.write(name.slice(0, 100), 0, 'utf8');
  block.write('0000644\0', 100);
  block.write('0000000\0', 108);
  block.write('0000000\0', 116);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write('00000000000\0', 136);
  block.write(type, 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

function entry(name: string, body: string, type = '0'): Buffer[] {
  const data = Buffer.from(body);
  return [header(name, data.length, type), data, Buffer.alloc((512 - (data.length % 512)) % 512)];
}

function tarball(entries: Buffer[][]): Buffer {
  return gzipSync(Buffer.concat([...entries.flat(), Buffer.alloc(1024)]));
}

const directories: string[] = [];
function scratch(): string {
  const directory = mkdtempSync(join(tmpdir(), 'schema-contract-pinned-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const INTEGRITY = `sha512-${'A'.repeat(86)}==`;

describe('pinned packages', () => {
  it('accepts an exact version with a sha512 integrity', () => {
    expect(validatePin({ name: 'openai', version: '7.59.0', integrity: INTEGRITY, extra: 1 }, 'pins.json', 'package')).toEqual({
      name: 'openai',
      version: '7.59.0',
      integrity: INTEGRITY,
    });
    expect(validatePin({ name: 'x', version: '2026.8.31', integrity: INTEGRITY }, 'pins.json', 'p').version).toBe('2026.8.31');
    expect(validatePin({ name: 'x', version: '1.0.0-beta.2', integrity: INTEGRITY }, 'pins.json', 'p').version).toBe('1.0.0-beta.2');
  });

  it('rejects a pin that could name other code, naming the file and the entry', () => {
    expect(() => validatePin({ name: 'openai', version: '^7.59.0', integrity: INTEGRITY }, '/x/pins.json', 'packages[2]')).toThrow(
      '/x/pins.json: packages[2] (openai) must pin an exact version, got "^7.59.0"',
    );
    expect(() => validatePin({ name: 'openai', version: 'latest', integrity: INTEGRITY }, 'pins.json', 'package')).toThrow(/exact version/);
    expect(() => validatePin({ name: 'openai', version: '7.59.0', integrity: 'sha1-abc' }, 'pins.json', 'package')).toThrow(
      /pins\.json: package \(openai\) must pin a sha512 integrity as `npm view openai@7\.59\.0 dist\.integrity` prints it/,
    );
    expect(() => validatePin({ name: 'openai', version: '7.59.0' }, 'pins.json', 'package')).toThrow('pins.json: package.integrity must be a non-empty string');
    expect(() => validatePin('openai@7.59.0', 'pins.json', 'package')).toThrow('pins.json: package must be an object with name, version and integrity');
  });

  it('names tarballs as npm pack does', () => {
    expect(tarballName({ name: '@scope/pkg', version: '1.2.3', integrity: INTEGRITY })).toBe('scope-pkg-1.2.3.tgz');
    expect(tarballName({ name: 'openai', version: '7.59.0', integrity: INTEGRITY })).toBe('openai-7.59.0.tgz');
  });

  it('extracts regular files without the top folder, with pax long names, and skips links', () => {
    const longName = `package/src/${'deep/'.repeat(25)}file.ts`;
    const pax = `${`30 path=${longName}\n`.length + 3} path=${longName}\n`;
    const file = join(scratch(), 'pkg.tgz');
    writeFileSync(
      file,
      tarball([entry('package/package.json', '{"name":"p"}'), entry('package/src/a.ts', 'export const a = 1;\n'), entry('PaxHeader', pax, 'x'), entry('ignored', 'export {};\n'), entry('package/link', '', '2')]),
    );
    const destination = scratch();
    expect(extractTarball(file, destination)).toBe(3);
    expect(readFileSync(join(destination, 'src', 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(readFileSync(join(destination, longName.replace(/^package\//, '')), 'utf8')).toBe('export {};\n');
    expect(existsSync(join(destination, 'link'))).toBe(false);
  });

  it('refuses an entry that would land outside the destination', () => {
    const file = join(scratch(), 'evil.tgz');
    writeFileSync(file, tarball([entry('package/../../escape.ts', 'x')]));
    expect(() => extractTarball(file, scratch())).toThrow(/refusing entry outside the package: package\/\.\.\/\.\.\/escape\.ts/);
  });

  it('unpacks a cached tarball of the pinned integrity without fetching, and keeps the unpacked copy', async () => {
    const cache = scratch();
    const tarballs = join(cache, 'tarballs');
    mkdirSync(tarballs);
    const pin = { name: '@bench/tiny', version: '1.0.0', integrity: '' };
    const file = join(tarballs, 'bench-tiny-1.0.0.tgz');
    writeFileSync(file, tarball([entry('package/src/index.ts', 'export const answer = 42;\n')]));
    const pinned = { ...pin, integrity: integrityOf(file) };
    const root = await unpackPinned(pinned, { tarballDirectory: tarballs, packageDirectory: join(cache, 'packages') });
    expect(root).toBe(join(cache, 'packages', '@bench__tiny@1.0.0'));
    expect(readFileSync(join(root, 'src', 'index.ts'), 'utf8')).toBe('export const answer = 42;\n');
    // The unpacked copy is marked with the integrity it came from, and reused as it is.
    writeFileSync(join(root, 'src', 'index.ts'), 'changed');
    rmSync(file);
    expect(await unpackPinned(pinned, { tarballDirectory: tarballs, packageDirectory: join(cache, 'packages') })).toBe(root);
    expect(readFileSync(join(root, 'src', 'index.ts'), 'utf8')).toBe('changed');
  });
});
