import fs, { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import plugin from '../../src/index.js';

/**
 * Writes a project to a fresh temporary directory: `files` by relative path, `links` as symlinks
 * (relative path → target, written as given, the way npm and pnpm link packages). Returns the
 * directory's real path (a temp directory may sit behind a symlink).
 */
export function writeProject(files: Record<string, string>, links: Record<string, string> = {}, parent = tmpdir()): string {
  const root = realpathSync(mkdtempSync(join(parent, 'schema-contract-resolve-')));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  for (const [path, target] of Object.entries(links)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(target, join(root, path));
  }
  return root;
}

/** A described glossary table, the same in every layout: an enum from it is always a finding. */
export const DESCRIBED_TABLE = "export const UNITS = {\n  enumPolicy: 'described',\n  values: ['g', 'kg'],\n};\n";

/** A tool reading `UNITS` from `specifier` into a zod enum on line 3. */
export function toolImporting(specifier: string): string {
  return `import { z } from 'zod';\nimport { UNITS } from '${specifier}';\nexport const input = z.object({ unit: z.enum(UNITS.values) });\n`;
}

export type ConfigLevel = 'recommended' | 'strict';

/** Lints `file` (relative to `root`, read from disk) with the plugin's config, ESLint's working directory at `cwd`. */
export function lintFile(root: string, file: string, text: string, level: ConfigLevel = 'recommended', cwd = root, settings: Record<string, unknown> = {}): Linter.LintMessage[] {
  const linter = new Linter({ cwd });
  return linter.verify(
    text,
    [
      plugin.configs[level],
      { files: ['**/*.cjs', '**/*.cts'], languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'commonjs' } },
      { settings: { 'schema-contract': settings } },
    ],
    join(root, file),
  );
}

/**
 * Records every path this process opens or reads through `node:fs` (its CommonJS object and, after
 * `syncBuiltinESMExports`, the `node:fs` ES module bindings the plugin imports), so a test can
 * tell which files the analysis touched. The control file in each test proves the spy sees reads.
 */
export function spyOnReads(): { paths: string[]; restore(): void } {
  const paths: string[] = [];
  const record = (path: unknown): void => {
    if (typeof path === 'string') paths.push(path);
    else if (path instanceof URL) paths.push(path.pathname);
    else if (Buffer.isBuffer(path)) paths.push(path.toString());
  };
  const methods = ['openSync', 'readFileSync', 'open', 'readFile', 'createReadStream', 'opendirSync', 'readdirSync'] as const;
  const originals = new Map<string, unknown>();
  for (const name of methods) {
    const original = fs[name] as (...args: unknown[]) => unknown;
    originals.set(name, original);
    (fs as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args);
    };
  }
  const promises = fs.promises as unknown as Record<string, (...args: unknown[]) => unknown>;
  const promiseOriginals = { open: promises['open']!, readFile: promises['readFile']! };
  for (const [name, original] of Object.entries(promiseOriginals)) {
    promises[name] = (...args: unknown[]) => {
      record(args[0]);
      return original(...args);
    };
  }
  syncBuiltinESMExports();
  return {
    paths,
    restore() {
      for (const [name, original] of originals) (fs as unknown as Record<string, unknown>)[name] = original;
      Object.assign(promises, promiseOriginals);
      syncBuiltinESMExports();
    },
  };
}

