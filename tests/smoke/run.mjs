#!/usr/bin/env node
// `npm run smoke [-- --update]`: runs the real-world smoke test, which vitest skips unless SMOKE=1
// (it downloads the corpus through npm and takes minutes). `--update` rewrites the verdicts file
// (verdicts carried over fingerprint changes, new findings as `unreviewed`, stale ones dropped) and
// the generated tables of docs/real-world.md and the README. `--from-cache` takes the findings of
// the last run instead of linting again, to re-render the tables after verdicts were edited.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const OPTIONS = ['--update', '--from-cache'];
const unknown = args.filter((arg) => !OPTIONS.includes(arg));
if (unknown.length > 0) {
  console.error(`smoke: unknown argument(s) ${unknown.join(' ')}; the options are ${OPTIONS.join(', ')}`);
  process.exit(2);
}
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'tests/smoke/smoke.test.ts', 'tests/smoke/inventory-counts.test.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      SMOKE: '1',
      ...(args.includes('--update') ? { SMOKE_UPDATE: '1' } : {}),
      ...(args.includes('--from-cache') ? { SMOKE_FROM_CACHE: '1' } : {}),
    },
  },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);
