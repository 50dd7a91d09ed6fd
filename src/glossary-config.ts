import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Linter } from 'eslint';
import { Minimatch } from 'minimatch';
import { DEFAULT_GLOSSARY_MODULES, SETTINGS_KEY } from './settings.js';

/** Directories a glossary module never lives in, and whose walk would cost the most. */
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

/** The leading segments of a glob that hold no pattern: where its matches can start. */
function staticPrefix(pattern: string): string {
  const matcher = new Minimatch(pattern, { dot: true });
  // Braces expand to several patterns: their common start is not worth computing.
  if (matcher.negate || matcher.set.length !== 1) return '';
  const parts = matcher.set[0]!;
  const fixed: string[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') break;
    fixed.push(part);
  }
  // A pattern without any glob names one file: look in its directory.
  return (fixed.length === parts.length ? fixed.slice(0, -1) : fixed).join('/');
}

function* filesBelow(directory: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name)) yield* filesBelow(join(directory, entry.name));
    else if (entry.isFile()) yield join(directory, entry.name);
  }
}

/** Every file under `cwd` that one of the globs matches, as the settings match them (relative, `/`-separated). */
export function matchGlossaryModules(patterns: readonly string[], cwd: string): string[] {
  const matchers = patterns.map((pattern) => new Minimatch(pattern, { dot: true }));
  const found = new Set<string>();
  for (const pattern of patterns) {
    for (const file of filesBelow(resolve(cwd, staticPrefix(pattern)))) {
      const path = relative(cwd, file).split(sep).join('/');
      if (matchers.some((matcher) => matcher.match(path))) found.add(path);
    }
  }
  return [...found].sort();
}

/**
 * A hash of the glossary modules' paths and contents. ESLint's `--cache` keys each cached result
 * on the file's computed config and never looks at the modules a rule imports: folding this hash
 * into the settings makes every cached result stale as soon as a glossary module changes, is
 * added or is removed, in every `--concurrency` worker alike (each loads the config).
 */
function glossaryHash(patterns: readonly string[], cwd: string): string {
  const hash = createHash('sha256');
  for (const path of matchGlossaryModules(patterns, cwd)) {
    hash.update(path).update('\0');
    try {
      hash.update(readFileSync(resolve(cwd, path)));
    } catch (error) {
      hash.update(`unreadable-${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
    hash.update('\0');
  }
  return `sha256-${hash.digest('hex')}`;
}

/**
 * A config object that keeps `eslint --cache` honest about the glossary modules, and changes
 * nothing else: it folds a hash of the files its globs match into the settings and declares no
 * glossary module, so adding it never changes which findings appear.
 *
 * ```js
 * import { glossaryConfig } from 'eslint-plugin-schema-contract/glossary';
 * // Default glossary modules (`glossary.*`, `glossary/` folders):
 * export default defineConfig(schemaContract.configs.recommended, glossaryConfig());
 * // Glossary modules of your own: declare them, and hash the same globs.
 * const modules = ['src/tables/**\/*.ts'];
 * export default defineConfig(
 *   schemaContract.configs.recommended,
 *   { settings: { 'schema-contract': { glossary: { modules } } } },
 *   glossaryConfig(modules),
 * );
 * ```
 *
 * `globs` default to the default glossary modules. They may name more files than the glossary
 * modules (a module whose table is marked, a JSON file); every glob of `glossary.modules` must be
 * among them, or the lint stops with an error naming the missing ones. Globs are relative to
 * ESLint's working directory (`cwd`, default `process.cwd()`), as in the settings. Tables found
 * outside the globs are not part of the key: list their files too, or run without `--cache` where
 * a stale result matters.
 */
export function glossaryConfig(globs: readonly string[] = DEFAULT_GLOSSARY_MODULES, options: { cwd?: string } = {}): Linter.Config {
  const cwd = options.cwd ?? process.cwd();
  return {
    name: 'schema-contract/glossary',
    settings: {
      [SETTINGS_KEY]: {
        glossaryHash: glossaryHash(globs, cwd),
        glossaryHashModules: [...globs],
      },
    },
  };
}
