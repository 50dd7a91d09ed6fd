import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readRealCorpusPin, REAL_CORPORA, REAL_CORPUS_PIN, verifyRealCorpus } from '../../bench/real-corpus.mjs';

const directories: string[] = [];
function scratch(): string {
  const directory = mkdtempSync(join(tmpdir(), 'schema-contract-real-corpus-'));
  directories.push(directory);
  return directory;
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const VALID = {
  package: { name: 'openai', version: '7.59.0', integrity: `sha512-${'A'.repeat(86)}==` },
  sources: 'src',
  files: 2,
  lines: 3,
};

function writePin(pin: unknown): string {
  const file = join(scratch(), 'real-corpus.json');
  writeFileSync(file, typeof pin === 'string' ? pin : JSON.stringify(pin));
  return file;
}

describe('the real-code corpus pin', () => {
  it('pins an exact version of at least 100,000 lines, as issue 24 asks', () => {
    const pin = readRealCorpusPin();
    expect(pin.package.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pin.package.integrity).toMatch(/^sha512-/);
    expect(pin.lines).toBeGreaterThanOrEqual(100_000);
    expect(pin.files).toBeGreaterThan(100);
    expect(REAL_CORPUS_PIN).toMatch(/bench[\\/]real-corpus\.json$/);
  });

  it('pins a second corpus with deep barrels, linted as the JavaScript it publishes, as issue 31 asks', () => {
    const barrels = REAL_CORPORA.find((corpus) => corpus.id === 'barrels')!;
    const pin = readRealCorpusPin(barrels.pinFile);
    expect(pin.package.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pin.lines).toBeGreaterThanOrEqual(100_000);
    expect(pin.extensions).toEqual(['js']);
    expect(readRealCorpusPin().extensions).toEqual(['ts']);
    expect(() => readRealCorpusPin(writePin({ ...VALID, extensions: ['py'] }))).toThrow(/real-corpus\.json: "extensions" must be a non-empty list of ts, js/);
  });

  it('rejects a pin that does not say exactly what is measured, naming the file', () => {
    expect(() => readRealCorpusPin(writePin({ ...VALID, package: { ...VALID.package, version: '7.x' } }))).toThrow(/real-corpus\.json: package \(openai\) must pin an exact version/);
    expect(() => readRealCorpusPin(writePin({ ...VALID, sources: '../outside' }))).toThrow(/real-corpus\.json: "sources" must be a directory inside the package/);
    expect(() => readRealCorpusPin(writePin({ ...VALID, sources: '/abs' }))).toThrow(/"sources" must be a directory inside the package/);
    expect(() => readRealCorpusPin(writePin({ ...VALID, files: 0 }))).toThrow(/real-corpus\.json: "files" must be a positive integer/);
    expect(() => readRealCorpusPin(writePin({ ...VALID, lines: 1.5 }))).toThrow(/"lines" must be a positive integer/);
    expect(() => readRealCorpusPin(writePin('{ not json'))).toThrow(/real-corpus\.json: cannot read the real corpus's pin/);
    expect(() => readRealCorpusPin(writePin([]))).toThrow(/expected an object with package, sources, files and lines/);
  });

  it('checks the unpacked sources against the pinned counts, declaration files left out', () => {
    const root = scratch();
    mkdirSync(join(root, 'src', 'core'), { recursive: true });
    writeFileSync(join(root, 'src', 'index.ts'), "export * from './core/a.js';\n");
    writeFileSync(join(root, 'src', 'core', 'a.ts'), 'export const a = 1;\nexport const b = 2;');
    writeFileSync(join(root, 'src', 'types.d.ts'), 'export type T = 1;\n');
    writeFileSync(join(root, 'README.ts'), 'outside the sources\n');
    const pin = readRealCorpusPin(writePin(VALID));
    expect(verifyRealCorpus(root, pin, 'pin.json')).toEqual({ files: 2, lines: 3 });
    expect(() => verifyRealCorpus(root, { ...pin, lines: 4 }, 'pin.json')).toThrow(/pin\.json: openai@7\.59\.0 has 2 files and 3 lines under src\/ .*, the pin expects 2 and 4/);
  });
});
