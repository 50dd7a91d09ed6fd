import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Linter } from 'eslint';
import { SETTINGS_KEY } from '../settings.js';
import { DEFAULT_BASELINE_FILE } from './baseline-file.js';

export { DEFAULT_BASELINE_FILE };

/**
 * ESLint's `--cache` keys each file's result on a hash of the file's computed config, and never
 * looks at files a rule reads by itself. Folding the baseline's content hash into the settings
 * makes every cached result stale the moment the baseline changes, in the main process and in
 * every `--concurrency` worker alike (each loads the config, and so computes the same hash).
 */
function contentHash(file: string): string {
  try {
    return `sha256-${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
  } catch (error) {
    // Not an error here: `schema-contract baseline write` must be able to load this config to
    // create the file. The rules report the missing or unreadable file when they run.
    return `unreadable-${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/**
 * A config object that turns the findings baseline on:
 *
 * ```js
 * import { baselineConfig } from 'eslint-plugin-schema-contract/baseline';
 * export default defineConfig(schemaContract.configs.recommended, baselineConfig());
 * ```
 *
 * `file` is relative to ESLint's working directory (like the `baseline` setting), or absolute,
 * or a `file:` URL such as `new URL('./schema-contract-baseline.json', import.meta.url)`.
 */
export function baselineConfig(file: string | URL = DEFAULT_BASELINE_FILE): Linter.Config {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  return {
    name: 'schema-contract/baseline',
    settings: {
      [SETTINGS_KEY]: {
        baseline: path,
        baselineHash: contentHash(isAbsolute(path) ? path : resolve(process.cwd(), path)),
      },
    },
  };
}
