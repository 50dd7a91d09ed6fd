/**
 * The hostile inputs of issue 21, each linted by ESLint's own CLI in a child process with a memory
 * cap: the exit code must be ESLint's for findings (0 or 1, never 2 for a crash), the findings
 * exactly those expected, the peak memory under 1 GB, and the run must end before its time limit
 * (a hang or a quadratic scan is killed and fails the test). The 2 MB module must be linted to its
 * end under the memory bound; its time over a parse-only lint is a benchmark's to measure
 * (`npm run bench:hostile`, `time-over-parse.test.ts`), since a ratio of CPU times depends on the
 * machine's load, which a test must not.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { useBuiltProjects } from './built-project.js';
import { hostileCases, largeModule, type HostileCase } from './hostile-cases.js';

// Each child loads ESLint, the parser and the plugin afresh, on a machine other jobs share.
vi.setConfig({ testTimeout: 600_000 });

const eslintBin = join(createRequire(import.meta.url).resolve('eslint/package.json'), '..', 'bin', 'eslint.js');
const usagePreload = pathToFileURL(join(import.meta.dirname, 'resource-usage.mjs')).href;
const timedLint = join(import.meta.dirname, 'timed-lint.mjs');

/** The bounds: a V8 heap capped at 1 GB, and a peak resident size under 1 GB. */
const HEAP_CAP_MB = 1024;
const PEAK_MEMORY_MB = 1024;
/** Wall-clock limit of one child: finds a hang or a quadratic scan (minutes), not a slowdown. */
const CHILD_TIME_LIMIT_MS = 120_000;

const projects = useBuiltProjects('hostile');

function writeProject(files: Readonly<Record<string, string>>): string {
  const plugin = projects.pluginSpecifier();
  return projects.writeProject({
    ...files,
    'strict.config.mjs': `import plugin from ${plugin};\nexport default [plugin.configs.strict];\n`,
  });
}

interface ChildOutcome {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

function runChild(cwd: string, args: readonly string[]): ChildOutcome {
  const started = performance.now();
  const child = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_CAP_MB}`, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', SCHEMA_CONTRACT_USAGE_FILE: join(cwd, 'usage.json') },
    timeout: CHILD_TIME_LIMIT_MS,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr, ms: performance.now() - started };
}

/** What a killed or crashed child said, for the failure message. */
function describeFailure(outcome: ChildOutcome): string {
  if (outcome.signal) return `killed by ${outcome.signal} after ${(outcome.ms / 1000).toFixed(0)} s (time limit or memory cap)`;
  return `exit ${outcome.status}: ${outcome.stderr.split('\n').filter(Boolean).slice(0, 6).join(' | ')}`;
}

interface JsonResult {
  readonly filePath: string;
  readonly messages: readonly { ruleId: string | null; messageId?: string; line: number; fatal?: boolean; message: string }[];
}

describe('hostile inputs, each in a child ESLint process with a memory cap', () => {
  it.each(hostileCases().map((hostile) => ({ ...hostile, title: hostile.name })))('$title', (hostile: HostileCase) => {
    const root = writeProject(hostile.files);
    const outcome = runChild(root, ['--import', usagePreload, eslintBin, '--config', 'strict.config.mjs', '--format', 'json', ...hostile.lint]);
    expect(outcome.status === 0 || outcome.status === 1, describeFailure(outcome)).toBe(true);
    const usage = JSON.parse(readFileSync(join(root, 'usage.json'), 'utf8')) as { maxRssKb: number };
    expect(usage.maxRssKb / 1024, 'peak resident memory, MB').toBeLessThan(PEAK_MEMORY_MB);
    const findings = (JSON.parse(outcome.stdout) as JsonResult[]).flatMap((result) =>
      result.messages.map((message) => ({
        file: result.filePath.slice(root.length + 1),
        ruleId: message.ruleId ?? `fatal: ${message.message}`,
        messageId: message.messageId ?? '',
        line: message.line,
      })),
    );
    const order = (a: { file: string; line: number }, b: { file: string; line: number }): number => a.file.localeCompare(b.file) || a.line - b.line;
    expect(findings.sort(order)).toEqual([...hostile.findings].sort(order));
    expect(outcome.status).toBe(hostile.findings.length > 0 ? 1 : 0);
    if (process.env.ROBUSTNESS_VERBOSE) console.log(`${hostile.name}: exit ${outcome.status}, ${(usage.maxRssKb / 1024).toFixed(0)} MB, ${(outcome.ms / 1000).toFixed(1)} s`);
  });
});

describe('a 2 MB module', () => {
  interface LintRun {
    readonly maxRssKb: number;
    readonly messages: readonly { ruleId: string | null; fatal?: boolean; message: string; line: number }[];
  }

  it('is linted to its end by every rule, under the memory bound', () => {
    const text = largeModule(2 * 1024 * 1024);
    const root = writeProject({ 'large.ts': text });
    const outcome = runChild(root, [timedLint, root, 'strict.config.mjs', 'large.ts']);
    expect(outcome.status, describeFailure(outcome)).toBe(0);
    const strict = JSON.parse(outcome.stdout) as LintRun;
    expect(strict.messages.filter((message) => message.fatal || !message.ruleId?.startsWith('schema-contract/'))).toEqual([]);
    // The module's blocks repeat: every rule reports in it, so the rules did run over all of it.
    expect(new Set(strict.messages.map((message) => message.ruleId)).size).toBeGreaterThanOrEqual(4);
    // …to its end: no budget ran out on the way (a value past a budget is a hole, the file goes on).
    const lines = text.split('\n').length;
    for (const ruleId of ['schema-contract/no-permissive-schema-fallback', 'schema-contract/no-open-glossary-enum']) {
      const last = Math.max(...strict.messages.filter((message) => message.ruleId === ruleId).map((message) => message.line));
      expect(last, ruleId).toBeGreaterThan(lines - 40);
    }
    expect(strict.maxRssKb / 1024, 'peak resident memory, MB').toBeLessThan(PEAK_MEMORY_MB);
  });
});
