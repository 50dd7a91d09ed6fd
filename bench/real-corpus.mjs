// The real-code corpora: the sources of pinned published packages, fetched and unpacked with the
// same code as the smoke corpus (scripts/pinned-packages.mjs) into bench/corpus/, git-ignored.
// `real` (bench/real-corpus.json) is a TypeScript SDK; `barrels` (bench/real-corpus-barrels.json)
// is an agent CLI's core package whose files import from a root `index` that re-exports the whole
// package, linted as the `.js` it publishes. Each pin holds the file and line counts the bench
// expects, so a run never measures other code than the one named in its results without saying so.
import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackPinned, validatePin } from '../scripts/pinned-packages.mjs';
import { countLines } from './corpus.mjs';
import { lintedFiles } from './files.mjs';

const BENCH_DIRECTORY = dirname(fileURLToPath(import.meta.url));
export const REAL_CORPUS_PIN = join(BENCH_DIRECTORY, 'real-corpus.json');
export const REAL_CORPUS_CACHE = join(BENCH_DIRECTORY, 'corpus', 'real');

/** Every real corpus the bench measures, by the id its budget lines and results use. */
export const REAL_CORPORA = [
  { id: 'real', pinFile: REAL_CORPUS_PIN, cache: REAL_CORPUS_CACHE },
  { id: 'barrels', pinFile: join(BENCH_DIRECTORY, 'real-corpus-barrels.json'), cache: join(BENCH_DIRECTORY, 'corpus', 'real-barrels') },
];

const EXTENSIONS = new Set(['ts', 'js']);

/**
 * Reads and checks the pin: an exact version and integrity, a relative `sources` directory, and
 * the expected counts as positive integers. Every error names the file.
 * @param {string} [file]
 */
export function readRealCorpusPin(file = REAL_CORPUS_PIN) {
  let pin;
  try {
    pin = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: cannot read the real corpus's pin: ${error.message}`);
  }
  if (typeof pin !== 'object' || pin === null || Array.isArray(pin)) throw new Error(`${file}: expected an object with package, sources, files and lines`);
  const pinned = validatePin(pin.package, file, 'package');
  if (typeof pin.sources !== 'string' || pin.sources === '' || pin.sources.startsWith('/') || pin.sources.split(/[\\/]/).includes('..')) {
    throw new Error(`${file}: "sources" must be a directory inside the package, such as "src", got ${JSON.stringify(pin.sources)}`);
  }
  const extensions = pin.extensions ?? ['ts'];
  if (!Array.isArray(extensions) || extensions.length === 0 || !extensions.every((extension) => EXTENSIONS.has(extension))) {
    throw new Error(`${file}: "extensions" must be a non-empty list of ${[...EXTENSIONS].join(', ')} (the files linted under "sources"), got ${JSON.stringify(pin.extensions)}`);
  }
  for (const key of ['files', 'lines']) {
    if (!Number.isInteger(pin[key]) || pin[key] <= 0) throw new Error(`${file}: "${key}" must be a positive integer (what the bench expects to lint), got ${JSON.stringify(pin[key])}`);
  }
  return { package: pinned, sources: pin.sources, extensions, files: pin.files, lines: pin.lines };
}

/**
 * Counts the linted files under `root` and checks them against the pin: a different count means
 * the package or the file selection changed, and the figures would describe other code.
 */
export function verifyRealCorpus(root, pin, source = REAL_CORPUS_PIN) {
  const files = lintedFiles(root, pin.sources, pin.extensions ?? ['ts']);
  const lines = files.reduce((total, file) => total + countLines(readFileSync(file, 'utf8')), 0);
  if (files.length !== pin.files || lines !== pin.lines) {
    throw new Error(
      `${source}: ${pin.package.name}@${pin.package.version} has ${files.length} files and ${lines} lines under ${pin.sources}/ ` +
        `(${relative(process.cwd(), root) || '.'}), the pin expects ${pin.files} and ${pin.lines}`,
    );
  }
  return { files: files.length, lines };
}

/**
 * Fetches (or reuses) the pinned package, unpacks it and verifies its sources.
 * @returns {Promise<{ root: string, sources: string, extensions: string[], name: string, version: string, files: number, lines: number }>}
 */
export async function prepareRealCorpus({ pinFile = REAL_CORPUS_PIN, cache = REAL_CORPUS_CACHE } = {}) {
  const pin = readRealCorpusPin(pinFile);
  const root = await unpackPinned(pin.package, { tarballDirectory: join(cache, 'tarballs'), packageDirectory: join(cache, 'packages') });
  const counts = verifyRealCorpus(root, pin, pinFile);
  return { root: resolve(root), sources: pin.sources, extensions: pin.extensions, name: pin.package.name, version: pin.package.version, pinFile: basename(pinFile), ...counts };
}
