import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
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
