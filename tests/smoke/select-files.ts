/**
 * Which files of an unpacked package the smoke run lints. Every rule here looks at the package's
 * layout or the file's content, never at its name: the corpus must be measured as a user's
 * project would be, not tuned package by package.
 */
import fs from 'node:fs';
import path from 'node:path';

const CODE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Declaration files hold types only; every rule of this plugin ignores type-level code. */
const DECLARATION_FILE = /\.d\.[cm]?ts$/;
/**
 * Files past this size are bundles of a package's dependencies (chrome-devtools-mcp ships 8 MB of
 * them), not its own tool code; the adversarial fixtures prove such sizes do not crash the rules.
 */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/**
 * Minified code: no reviewer can read a finding in it. Hand-written and transpiled code neither
 * averages lines this long nor puts most of its bytes on lines longer than this; a bundle that
 * inlines minified vendor code between readable lines does the latter (apify's web widgets: 91 %
 * of their bytes on lines over 500 characters, at a mean of 330).
 */
export const MAX_MEAN_LINE_LENGTH = 500;
/**
 * Two files count as one module built twice only when neither is more than this many times the
 * other's size: an ESM wrapper that re-exports a CommonJS build (a few lines beside the whole
 * module) is a different file, and both are linted.
 */
const TWIN_SIZE_RATIO = 2;

export const SKIP_REASONS = [
  'build-output',
  'duplicate-build',
  'declaration',
  'bundle-size',
  'minified',
  'outside-config',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface SelectedFile {
  /** Absolute path. */
  absolute: string;
  /** POSIX path relative to the package root. */
  file: string;
}

export interface FileSelection {
  /** Files to lint (before the config's own ignores, which the linter decides). */
  lint: SelectedFile[];
  /** Files left out by layout (`build-output`, `duplicate-build`) and the number of each. */
  skipped: Record<SkipReason, number>;
}

function listCodeFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && CODE_FILE.test(entry.name)) files.push(full);
    }
  };
  walk(root);
  return files.sort();
}

const toPosix = (root: string, absolute: string): string => path.relative(root, absolute).split(path.sep).join('/');

/**
 * Whether the package ships its own sources: a top-level `src/` with at least one code file that
 * is not a declaration. Its compiled copy (`dist/`, `lib/`, `build/`, root-level `.js`/`.mjs`) is
 * then the same code transpiled, harder to read and counted twice if both were linted.
 */
export function shipsSources(relativeFiles: readonly string[]): boolean {
  return relativeFiles.some((file) => file.startsWith('src/') && !DECLARATION_FILE.test(file));
}

/** Format markers: a build directory named after its module system, and the file's extension. */
const FORMAT_DIRECTORY = new Map([
  ['esm', 0],
  ['cjs', 1],
  ['commonjs', 1],
]);
const FORMAT_EXTENSION = new Map([
  ['.mjs', 0],
  ['.js', 1],
  ['.cjs', 2],
]);

/**
 * The module a compiled file is one build of (its path without format markers), and how much the
 * smoke run prefers this build: ESM first (`esm/` over `cjs/`, `.mjs` over `.js` over `.cjs`),
 * because a `.js` beside an `.mjs` is the CommonJS build and a `.js` beside a `.cjs` is the ESM one.
 */
export function buildTwinKey(file: string): { key: string; rank: number } | undefined {
  const extension = path.posix.extname(file);
  const extensionRank = FORMAT_EXTENSION.get(extension);
  if (extensionRank === undefined || DECLARATION_FILE.test(file)) return undefined;
  let directoryRank = 0;
  const segments = file
    .slice(0, -extension.length)
    .split('/')
    .map((segment, index, all) => {
      const rank = index < all.length - 1 ? FORMAT_DIRECTORY.get(segment) : undefined;
      if (rank === undefined) return segment;
      directoryRank = Math.max(directoryRank, rank);
      return '<format>';
    });
  return { key: segments.join('/'), rank: directoryRank * FORMAT_EXTENSION.size + extensionRank };
}

/**
 * Lists what the smoke run lints in one package: its shipped `src/` when it has one, else all
 * its code, each module once (the ESM twin of a dual ESM/CommonJS build). Declarations, bundles
 * and minified files are left out later, by content (`skipReasonFor`).
 */
export function selectFiles(root: string): FileSelection {
  const skipped = Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as Record<SkipReason, number>;
  const all = listCodeFiles(root).map((absolute) => ({ absolute, file: toPosix(root, absolute) }));
  let inScope = all;
  if (shipsSources(all.map(({ file }) => file))) {
    inScope = all.filter(({ file }) => file.startsWith('src/'));
    skipped['build-output'] = all.length - inScope.length;
  }

  const twins = new Map<string, (SelectedFile & { rank: number; bytes: number })[]>();
  const lint: SelectedFile[] = [];
  for (const entry of inScope) {
    const twin = buildTwinKey(entry.file);
    if (!twin) {
      lint.push(entry);
      continue;
    }
    const group = twins.get(twin.key) ?? [];
    group.push({ ...entry, rank: twin.rank, bytes: fs.statSync(entry.absolute).size });
    twins.set(twin.key, group);
  }
  for (const group of twins.values()) {
    group.sort((a, b) => a.rank - b.rank || a.file.localeCompare(b.file));
    const [preferred, ...others] = group;
    lint.push(preferred!);
    for (const other of others) {
      const ratio = Math.max(other.bytes, preferred!.bytes) / Math.max(1, Math.min(other.bytes, preferred!.bytes));
      if (ratio <= TWIN_SIZE_RATIO) skipped['duplicate-build']++;
      else lint.push(other);
    }
  }
  lint.sort((a, b) => a.file.localeCompare(b.file));
  return { lint: lint.map(({ absolute, file }) => ({ absolute, file })), skipped };
}

/** Content-based skips, decided per file after the layout rules of `selectFiles`. */
export function skipReasonFor(file: string, source: string): SkipReason | undefined {
  if (DECLARATION_FILE.test(file)) return 'declaration';
  const bytes = Buffer.byteLength(source);
  if (bytes > MAX_FILE_BYTES) return 'bundle-size';
  const lines = source.split('\n');
  if (bytes / lines.length > MAX_MEAN_LINE_LENGTH) return 'minified';
  let bytesOnLongLines = 0;
  for (const line of lines) {
    if (line.length > MAX_MEAN_LINE_LENGTH) bytesOnLongLines += Buffer.byteLength(line) + 1;
  }
  if (bytesOnLongLines * 2 > bytes) return 'minified';
  return undefined;
}
