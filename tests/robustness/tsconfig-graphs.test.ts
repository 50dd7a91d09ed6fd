/**
 * Issue 34's tsconfig rows, each linted by ESLint's CLI in a child process with the 1 GB heap cap
 * and the fs spy (fs-spy.mjs) preloaded: an `extends` chain 1,500 deep (TypeScript's
 * `applyExtendedConfig` overflowed its stack: exit 2, no results for any file), a diamond graph
 * whose levels each extend both configs of the next (read once per path: exponential), and a 9 MB
 * tsconfig with 20,000 `paths` (parsed for every linted file). Cost is asserted as what the
 * process opened, never as time: every config file at most once, however many files are linted
 * and however many paths lead to it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useBuiltProjects } from './built-project.js';
import { ALIAS_FILES, deepChain, diamond, graphProject, manyPaths } from './tsconfig-cases.js';

const eslintBin = join(createRequire(import.meta.url).resolve('eslint/package.json'), '..', 'bin', 'eslint.js');
const spy = pathToFileURL(join(import.meta.dirname, 'fs-spy.mjs')).href;
const usagePreload = pathToFileURL(join(import.meta.dirname, 'resource-usage.mjs')).href;
const HEAP_CAP_MB = 1024;
const CHILD_TIME_LIMIT_MS = 300_000;
const BUDGET_WARNING = /\[SCHEMA_CONTRACT_TSCONFIG_BUDGET\]/g;

const projects = useBuiltProjects('tsconfig');

function writeProject(configs: Record<string, string>): string {
  return projects.writeProject(graphProject(configs, `import plugin from ${projects.pluginSpecifier()};\nexport default [plugin.configs.recommended];\n`));
}

interface Linted {
  /** Rule ids reported, by file relative to the project. */
  readonly findings: Record<string, string[]>;
  /** How often each file of the project was opened or read, by relative path. */
  readonly reads: Map<string, number>;
  readonly warnings: number;
  readonly maxRssMb: number;
}

function lint(root: string): Linted {
  const log = join(root, 'spy.log');
  writeFileSync(log, '');
  const child = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, '--import', spy, '--import', usagePreload, eslintBin, '--format', 'json', 'src'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FS_SPY_LOG: log, SCHEMA_CONTRACT_USAGE_FILE: join(root, 'usage.json') },
    timeout: CHILD_TIME_LIMIT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  // Exit 0 or 1: ESLint's codes for a run with results; 2 (a crash) or a signal (the cap, the time limit) fail.
  expect(child.status === 0 || child.status === 1, `exit ${child.status} ${child.signal ?? ''}: ${child.stderr.slice(0, 600)}`).toBe(true);
  const results = JSON.parse(child.stdout) as { filePath: string; messages: { ruleId: string | null; fatal?: boolean; message: string }[] }[];
  const findings: Record<string, string[]> = {};
  for (const result of results) {
    for (const message of result.messages) expect(message.fatal, message.message).toBeFalsy();
    findings[result.filePath.slice(root.length + 1)] = result.messages.map((message) => message.ruleId ?? '');
  }
  const reads = new Map<string, number>();
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    if (!line.startsWith(`r ${root}/`)) continue;
    const path = line.slice(root.length + 3);
    reads.set(path, (reads.get(path) ?? 0) + 1);
  }
  const usage = JSON.parse(readFileSync(join(root, 'usage.json'), 'utf8')) as { maxRssKb: number };
  return { findings, reads, warnings: child.stderr.match(BUDGET_WARNING)?.length ?? 0, maxRssMb: usage.maxRssKb / 1024 };
}

const ENUM = 'schema-contract/no-open-glossary-enum';

/** Every file has a result; the relative import is always followed; the alias only when `aliasKnown`. */
function expectResults(linted: Linted, aliasKnown: boolean): void {
  const expected: Record<string, string[]> = { 'src/glossary/tables.ts': [], 'src/relative.ts': [ENUM] };
  for (let index = 0; index < ALIAS_FILES; index++) expected[`src/tool${index}.ts`] = aliasKnown ? [ENUM] : [];
  expect(linted.findings).toEqual(expected);
  expect(linted.maxRssMb, 'peak resident memory, MB').toBeLessThan(1024);
}

function configReads(linted: Linted): [string, number][] {
  return [...linted.reads].filter(([path]) => path === 'tsconfig.json' || path.startsWith('configs/')).sort(([a], [b]) => a.localeCompare(b));
}

describe('tsconfig graphs, in a child ESLint with a 1 GB heap and the fs spy', () => {
  it('an `extends` chain 1,500 deep: no crash, results for every file, the alias unknown with one warning, at most 64 configs read, each once', () => {
    const linted = lint(writeProject(deepChain()));
    expectResults(linted, false);
    expect(linted.warnings).toBe(1);
    const reads = configReads(linted);
    expect(reads.length).toBeLessThanOrEqual(64);
    for (const [path, count] of reads) expect(count, path).toBe(1);
  }, CHILD_TIME_LIMIT_MS + 60_000);

  it('a diamond `extends` graph 20 levels deep (2^20 paths to its last level): each of its 41 files opened once, the alias followed', () => {
    const configs = diamond(20);
    const linted = lint(writeProject(configs));
    expectResults(linted, true);
    expect(linted.warnings).toBe(0);
    const reads = configReads(linted);
    expect(reads.map(([path]) => path)).toEqual(Object.keys(configs).sort((a, b) => a.localeCompare(b)));
    for (const [path, count] of reads) expect(count, path).toBe(1);
  }, CHILD_TIME_LIMIT_MS + 60_000);

  it('a 9 MB tsconfig with 20,000 `paths`: never opened (its size is past the budget), one warning for 13 linted files, results for every file', () => {
    const big = manyPaths(20_000, 400);
    expect(big['tsconfig.json']!.length).toBeGreaterThan(9_000_000);
    const linted = lint(writeProject(big));
    expectResults(linted, false);
    expect(linted.warnings).toBe(1);
    expect(configReads(linted)).toEqual([]);
  }, CHILD_TIME_LIMIT_MS + 60_000);

  it('a tsconfig under the size budget with 4,000 `paths`: opened once for 13 linted files, its alias followed', () => {
    const config = manyPaths(4000, 100);
    expect(config['tsconfig.json']!.length).toBeGreaterThan(500_000);
    const linted = lint(writeProject(config));
    expectResults(linted, true);
    expect(linted.warnings).toBe(0);
    expect(configReads(linted)).toEqual([['tsconfig.json', 1]]);
  }, CHILD_TIME_LIMIT_MS + 60_000);
});
