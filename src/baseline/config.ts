import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import type { Linter } from 'eslint';
import { SETTINGS_KEY } from '../settings.js';
import { DEFAULT_BASELINE_FILE } from './baseline-file.js';
import { baselineOutsideProject } from './baseline-location.js';
import { activeCollector } from './collector.js';

export { DEFAULT_BASELINE_FILE };

/**
 * ESLint's `--cache` keys each file's result on a hash of the file's computed config, and never
 * looks at files a rule reads by itself. Folding the baseline's content hash into the settings
 * makes every cached result stale the moment the baseline changes, in the main process and in
 * every `--concurrency` worker alike (each loads the config, and so computes the same hash).
 */
function contentHash(file: string, named: string): string {
  // Not even hashed: the rules refuse it with the reason when they run.
  if (baselineOutsideProject(file) !== undefined) return 'outside-project';
  try {
    return `sha256-${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
  } catch (error) {
    // Not an error here: `schema-contract baseline write` must be able to load this config to
    // create the file. The rules report the missing or unreadable file when they run.
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (code === 'ENOENT') adviseWrite(named);
    return `unreadable-${code}`;
  }
}

let advised = false;

/**
 * The rules' error about a missing baseline reaches `eslint` users below ESLint's "Oops! Something
 * went wrong!" and a stack trace, which is all a rule's error can become. A config cannot stop
 * that, but it is loaded first: so the first line is this one, saying what to do. Not under the
 * CLI (which loads the config to write the file), not in `--concurrency` workers (the main thread
 * loaded the config too), and once per process.
 */
function adviseWrite(named: string): void {
  if (advised || activeCollector() || !isMainThread) return;
  advised = true;
  process.stderr.write(
    `eslint-plugin-schema-contract: the baseline ${named} that baselineConfig() names does not exist: record today's findings with \`npx schema-contract baseline write\`, then commit it.\n`,
  );
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
        baselineHash: contentHash(isAbsolute(path) ? path : resolve(process.cwd(), path), path),
      },
    },
  };
}
