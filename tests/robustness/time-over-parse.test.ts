/**
 * The hostile inputs' time clauses, measured (`npm run bench:hostile`, never in `npm test`): every
 * row of issue 34's table, linted with `strict` and parse-only (the same parser and files, no rule)
 * in child processes side by side, must cost at most twice the parse-only CPU time; issue 21's
 * 2 MB module at most 1.5× (its findings and memory are `hostile.test.ts`'s, in `npm test`).
 *
 * Parse-only lints every source file of the probe's project, the large imported modules included:
 * it is what ESLint spends on the project without the plugin. The strict run lints the files the
 * probe lints, and the plugin reads the imported modules itself. Time depends on the machine, so
 * this file is a benchmark: it runs only with `HOSTILE_TIME=1` and prints each pair it measured.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useBuiltProjects } from './built-project.js';
import { largeModule } from './hostile-cases.js';
import { memoryCases } from './memory-cases.js';
import { deepChain, diamond, graphProject, manyPaths } from './tsconfig-cases.js';

const enabled = process.env.HOSTILE_TIME === '1';
vi.setConfig({ testTimeout: 1_800_000 });

const HEAP_CAP_MB = 1024;
const MAX_TIME_OVER_PARSE = 2;
/** Issue 21's bound for its 2 MB module: the rules' CPU time within half of parsing it alone. */
const MAX_LARGE_MODULE_TIME_OVER_PARSE = 1.5;
/** Load can only make a run slower than its work: a pair over the bound is measured again, up to this many pairs. */
const MAX_PAIRS = 3;
const CHILD_TIME_LIMIT_MS = 900_000;
const timedLint = join(import.meta.dirname, 'timed-lint.mjs');
// Resolved here so that a missing ESLint fails before any child starts.
createRequire(import.meta.url).resolve('eslint');

const projects = useBuiltProjects('time');

interface TimedRun {
  readonly cpuMs: number;
  readonly maxRssKb: number;
  readonly messages: readonly { ruleId: string | null; fatal?: boolean; message: string }[];
}

function timed(root: string, config: string, files: readonly string[]): Promise<TimedRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, timedLint, root, config, ...files], { cwd: root, timeout: CHILD_TIME_LIMIT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status, signal) => {
      if (status === 0) resolve(JSON.parse(stdout) as TimedRun);
      else reject(new Error(`${config}: exit ${status} ${signal ?? ''}: ${stderr.slice(0, 600)}`));
    });
  });
}

interface Probe {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** What the strict run lints. */
  readonly lint: readonly string[];
}

function configs(): Record<string, string> {
  const plugin = projects.pluginSpecifier();
  return {
    'strict.config.mjs': `import plugin from ${plugin};\nexport default [plugin.configs.strict];\n`,
    'parse-only.config.mjs': `import plugin from ${plugin};\nconst { files, ignores, languageOptions } = plugin.configs.strict;\nexport default [{ files, ignores, languageOptions }];\n`,
  };
}

function probes(): Probe[] {
  const graph = (name: string, tsconfigs: Record<string, string>): Probe => {
    const files = graphProject(tsconfigs, 'export default [];\n');
    return { name, files, lint: Object.keys(files).filter((path) => path.startsWith('src/')) };
  };
  return [
    graph('an `extends` chain 1,500 deep', deepChain()),
    graph('a diamond `extends` graph 20 levels deep', diamond(20)),
    graph('a 9 MB tsconfig with 20,000 `paths`', manyPaths(20_000, 400)),
    ...memoryCases(),
  ];
}

/** Parse-only and strict side by side, so that whatever else loads the machine slows both alike; a pair over `bound` is measured again. */
async function measuredPairs(root: string, parseFiles: readonly string[], strictFiles: readonly string[], bound: number): Promise<[parse: TimedRun, strict: TimedRun][]> {
  const pairs: [parse: TimedRun, strict: TimedRun][] = [];
  while (pairs.length < MAX_PAIRS && (pairs.length === 0 || ratioOf(pairs.at(-1)!) > bound)) {
    pairs.push(await Promise.all([timed(root, 'parse-only.config.mjs', parseFiles), timed(root, 'strict.config.mjs', strictFiles)]));
  }
  return pairs;
}

function ratioOf([parse, strict]: [TimedRun, TimedRun]): number {
  return strict.cpuMs / parse.cpuMs;
}

describe.runIf(enabled)(`issue 21's 2 MB module costs at most ${MAX_LARGE_MODULE_TIME_OVER_PARSE}× a parse-only lint of it`, () => {
  it('2 MB module', async () => {
    const root = projects.writeProject({ 'large.ts': largeModule(2 * 1024 * 1024), ...configs() });
    const pairs = await measuredPairs(root, ['large.ts'], ['large.ts'], MAX_LARGE_MODULE_TIME_OVER_PARSE);
    for (const [parse, strict] of pairs) {
      expect(parse.messages).toEqual([]);
      expect(strict.messages.filter((message) => message.fatal || !message.ruleId?.startsWith('schema-contract/'))).toEqual([]);
    }
    const summary = pairs.map(([parse, strict]) => `parse-only ${parse.cpuMs.toFixed(0)} ms, strict ${strict.cpuMs.toFixed(0)} ms: ${ratioOf([parse, strict]).toFixed(2)}×`).join('; ');
    console.log(`2 MB module: ${summary}`);
    expect(Math.min(...pairs.map(ratioOf)), summary).toBeLessThanOrEqual(MAX_LARGE_MODULE_TIME_OVER_PARSE);
  });
});

describe.runIf(enabled)(`issue 34's probes cost at most ${MAX_TIME_OVER_PARSE}× a parse-only lint of the project`, () => {
  it.each(probes().map((probe) => ({ ...probe, title: probe.name })))('$title', async (probe: Probe) => {
    const root = projects.writeProject({ ...probe.files, ...configs() });
    const everySource = Object.keys(probe.files).filter((path) => path.endsWith('.ts'));
    const pairs = await measuredPairs(root, everySource, probe.lint, MAX_TIME_OVER_PARSE);
    for (const [parse, strict] of pairs) {
      expect(parse.messages.filter((message) => message.fatal)).toEqual([]);
      expect(strict.messages.filter((message) => message.fatal || !message.ruleId?.startsWith('schema-contract/'))).toEqual([]);
      expect(strict.maxRssKb / 1024, 'peak resident memory, MB').toBeLessThan(HEAP_CAP_MB);
    }
    const summary = pairs
      .map(([parse, strict]) => `parse-only ${parse.cpuMs.toFixed(0)} ms (${everySource.length} files), strict ${strict.cpuMs.toFixed(0)} ms (${probe.lint.length} files, peak ${(strict.maxRssKb / 1024).toFixed(0)} MB): ${ratioOf([parse, strict]).toFixed(2)}×`)
      .join('; ');
    console.log(`${probe.name}: ${summary}`);
    expect(Math.min(...pairs.map(ratioOf)), summary).toBeLessThanOrEqual(MAX_TIME_OVER_PARSE);
  });
});
