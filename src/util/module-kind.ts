import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileVersion } from './file-version.js';

/** How Node runs a file: as an ES module or as CommonJS. */
export type ModuleKind = 'module' | 'commonjs';

interface PackageType {
  readonly stamp: string;
  readonly kind: ModuleKind;
}

/** `type` of each package.json read, re-read when the file changes (the editor's process lives long). */
const packageTypes = new Map<string, PackageType>();

/** Bounds the walk upwards; no project nests source files deeper below its package.json. */
const MAX_DEPTH = 64;

function packageKind(manifest: string): ModuleKind | undefined {
  let stamp: string;
  try {
    const stats = statSync(manifest, { throwIfNoEntry: false });
    if (!stats?.isFile()) return undefined;
    stamp = fileVersion(stats);
  } catch {
    return undefined;
  }
  const known = packageTypes.get(manifest);
  if (known?.stamp === stamp) return known.kind;
  let kind: ModuleKind = 'commonjs';
  try {
    const type = (JSON.parse(readFileSync(manifest, 'utf8')) as { type?: unknown } | null)?.type;
    if (type === 'module') kind = 'module';
  } catch {
    // Node refuses to run anything under a package.json it cannot parse; CommonJS is its
    // default and only decides how the file is parsed here, never whether it is reported.
  }
  packageTypes.set(manifest, { stamp, kind });
  return kind;
}

/**
 * Node's rule: `.mjs`/`.mts` are modules, `.cjs`/`.cts` CommonJS, and any other file follows the
 * `type` of the nearest package.json (CommonJS when there is none or it says nothing).
 */
export function moduleKindOf(file: string): ModuleKind {
  const extension = extname(file).toLowerCase();
  if (extension === '.mjs' || extension === '.mts') return 'module';
  if (extension === '.cjs' || extension === '.cts') return 'commonjs';
  let directory = dirname(file);
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const kind = packageKind(join(directory, 'package.json'));
    if (kind) return kind;
    const parent = dirname(directory);
    if (parent === directory) break;
    directory = parent;
  }
  return 'commonjs';
}

/**
 * Whether the text has a top-level `import`/`export` statement or `import.meta`: such a file is
 * an ES module whatever package.json says (bundlers and TypeScript accept ES syntax in files Node
 * would run as CommonJS), and reading it as a script would lose its exports.
 */
export function hasModuleSyntax(text: string): boolean {
  return /^[ \t]*(?:import[\s{*'"]|export[\s{*])/m.test(text) || text.includes('import.meta');
}
