// The schema-contract command line as a user meets it: --version, help for each command, errors
// that say in one line what is wrong and what to do, and progress that CI logs can show.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/schema-contract.js';
import { buildForTests, type TestBuild } from '../baseline/build.js';
import { createProject, eslintConfig, type Project } from '../baseline/project.js';

const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI in this process; `clockStep` ms pass on every reading of the clock, so progress is deterministic. */
async function cli(cwd: string, argv: string[], options: { isTTY?: boolean; clockStep?: number } = {}): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  let time = 0;
  const code = await run(argv, {
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: options.isTTY ?? false },
    now: () => (time += options.clockStep ?? 0),
  });
  return { code, stdout, stderr };
}

let build: TestBuild;
let project: Project;

beforeAll(() => {
  build = buildForTests();
}, 120_000);
afterAll(() => build.remove());
afterEach(() => project?.remove());

const OPEN = "export const open = { type: 'object' };\n";

function setUp(options: { baseline?: boolean; extra?: string } = {}): void {
  const config = eslintConfig({
    pluginEntry: build.fixturePluginEntry,
    namespace: 'fixture',
    rules: ['flag-open-object'],
    baselineConfigEntry: build.baselineConfigEntry,
    ...(options.baseline === false ? {} : { baseline: 'schema-contract-baseline.json' }),
  });
  project = createProject({
    // Ignored output, and scripts linted without the plugin's rules: neither counts in "of M".
    'eslint.config.js': config
      .replace("{ ignores: ['eslint.config.js'] },", "{ ignores: ['eslint.config.js', 'dist/'] },")
      .replace(/,\n\];\n$/, ",\n  { files: ['scripts/**'], rules: { 'fixture/flag-open-object': 'off' } },\n];\n"),
    'src/a.ts': OPEN,
    'src/b.ts': OPEN,
    'src/nested/c.ts': 'export const c = 1;\n',
    'dist/a.js': OPEN,
    'scripts/build.js': OPEN,
  });
}

describe('--version and help', () => {
  it('prints the package version', async () => {
    expect(await cli(process.cwd(), ['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(await cli(process.cwd(), ['-v'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('lists the commands with `help` and `--help`', async () => {
    const help = await cli(process.cwd(), ['help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: schema-contract <command> \[options\]\n/);
    for (const command of ['baseline write', 'baseline prune', 'baseline check', 'baseline report', 'help [command]', '--version']) {
      expect(help.stdout).toContain(command);
    }
    expect((await cli(process.cwd(), ['--help'])).stdout).toBe(help.stdout);
  });

  it('explains one command, however it is asked', async () => {
    const check = await cli(process.cwd(), ['help', 'baseline', 'check']);
    expect(check).toMatchObject({ code: 0, stderr: '' });
    expect(check.stdout).toMatch(/^Usage: schema-contract baseline check \[patterns\.\.\.\]/);
    expect(check.stdout).toContain('text, json, sarif (default text)');
    expect(check.stdout).toContain('--quiet');
    expect((await cli(process.cwd(), ['help', 'check'])).stdout).toBe(check.stdout);
    expect((await cli(process.cwd(), ['baseline', 'check', '--help'])).stdout).toBe(check.stdout);
    const report = (await cli(process.cwd(), ['help', 'baseline', 'report'])).stdout;
    expect(report).toContain('text, json, markdown, svg');
    expect(report).not.toContain('--config');
    expect((await cli(process.cwd(), ['help', 'baseline'])).stdout).toMatch(/^Usage: schema-contract baseline <command>/);
    const explain = await cli(process.cwd(), ['help', 'explain']);
    expect(explain).toMatchObject({ code: 0, stderr: '' });
    expect(explain.stdout).toMatch(/^Usage: schema-contract explain <file> \[--format text\|json\]\n/);
    expect((await cli(process.cwd(), ['explain', '--help'])).stdout).toBe(explain.stdout);
    expect((await cli(process.cwd(), ['help'])).stdout).toContain('explain <file>');
  });

  it('lists in each command\'s help the exit codes of that command only', async () => {
    const exitCodes = async (topic: string[]) => /\nExit codes: ([^]*?)\n(?:\n|$)/.exec((await cli(process.cwd(), ['help', ...topic])).stdout)?.[1]?.replaceAll('\n', ' ');
    expect(await exitCodes(['baseline', 'check'])).toBe(
      '0 nothing new or fixed, 1 new findings, fixed findings still in the baseline or files that could not be linted, 2 usage error, missing or unreadable baseline, or ESLint configuration error.',
    );
    expect(await exitCodes(['baseline', 'report'])).toBe('0 printed, 2 usage error, or a baseline with no git history.');
    expect(await exitCodes(['baseline', 'write'])).toBe('0 recorded (also when nothing changed), 2 usage error, unreadable or locked baseline, or ESLint configuration error.');
    expect(await exitCodes(['baseline', 'prune'])).toBe('0 pruned (also when nothing changed), 2 usage error, missing, unreadable or locked baseline, or ESLint configuration error.');
    expect(await exitCodes(['explain'])).toBe('0 listed, 2 usage error, or a file that is missing or does not parse.');
    for (const command of ['write', 'prune', 'report']) expect((await cli(process.cwd(), ['baseline', command, '--help'])).stdout).not.toMatch(/\b1 /);
  });

  it('refuses help on a topic that does not exist, as a usage error', async () => {
    expect(await cli(process.cwd(), ['help', 'frobnicate'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'schema-contract: no help for "frobnicate"\nUsage: schema-contract help [baseline [write|prune|check|report] | explain | tools]\nRun `schema-contract help help` for details.\n',
    });
  });
});

describe('errors', () => {
  it('show a usage error with the usage line of the command it concerns, not the whole help', async () => {
    expect(await cli(process.cwd(), ['baseline', 'check', '--format', 'svg'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'schema-contract: --format svg is not available for "baseline check" (choose text, json, sarif)\n' +
        'Usage: schema-contract baseline check [patterns...] [--baseline FILE] [--config FILE] [--format text|json|sarif] [--quiet]\n' +
        'Run `schema-contract help baseline check` for details.\n',
    });
    const unknown = await cli(process.cwd(), ['baseline', 'grow']);
    expect(unknown.stderr).toBe(
      'schema-contract: unknown baseline command "grow"\nUsage: schema-contract baseline <command> [patterns...] [options]\nRun `schema-contract help baseline` for details.\n',
    );
  });

  it('name an unknown option in one line, with a did-you-mean and the usage of the command it was given to', async () => {
    const top = 'Usage: schema-contract <command> [options]   (commands: baseline write|prune|check|report, explain, tools, help)\nRun `schema-contract help` for details.\n';
    expect(await cli(process.cwd(), ['--bogus'])).toEqual({ code: 2, stdout: '', stderr: `schema-contract: unknown option '--bogus'\n${top}` });
    expect(await cli(process.cwd(), ['--verison'])).toEqual({ code: 2, stdout: '', stderr: `schema-contract: unknown option '--verison' (did you mean '--version'?)\n${top}` });
    expect(await cli(process.cwd(), ['-x'])).toEqual({ code: 2, stdout: '', stderr: `schema-contract: unknown option '-x'\n${top}` });
    expect((await cli(process.cwd(), ['baseline', '--bogus'])).stderr).toBe(
      'schema-contract: unknown option \'--bogus\' for "baseline"\nUsage: schema-contract baseline <command> [patterns...] [options]\nRun `schema-contract help baseline` for details.\n',
    );
    expect(await cli(process.cwd(), ['baseline', 'check', 'src', '--basline', 'b.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'schema-contract: unknown option \'--basline\' for "baseline check" (did you mean \'--baseline\'?)\n' +
        'Usage: schema-contract baseline check [patterns...] [--baseline FILE] [--config FILE] [--format text|json|sarif] [--quiet]\n' +
        'Run `schema-contract help baseline check` for details.\n',
    });
    // An option of another command is unknown to this one, not silently ignored.
    expect((await cli(process.cwd(), ['baseline', 'report', '--config', 'eslint.config.js'])).stderr).toBe(
      'schema-contract: unknown option \'--config\' for "baseline report"\n' +
        'Usage: schema-contract baseline report [--baseline FILE] [--format text|json|markdown|svg]\n' +
        'Run `schema-contract help baseline report` for details.\n',
    );
    // An option's value is not taken for the command.
    expect((await cli(process.cwd(), ['--format', 'json', 'baseline', 'check', '--bogus'])).stderr).toMatch(/^schema-contract: unknown option '--bogus' for "baseline check"\n/);
    expect((await cli(process.cwd(), ['baselin', 'check'])).stderr).toBe(`schema-contract: unknown command "baselin" (did you mean "baseline"?)\n${top}`);
    // A mistyped command is the mistake to name, before the options it would take.
    expect((await cli(process.cwd(), ['baseline', 'chekc', '--bogus'])).stderr).toBe(
      'schema-contract: unknown baseline command "chekc" (did you mean "check"?)\nUsage: schema-contract baseline <command> [patterns...] [options]\nRun `schema-contract help baseline` for details.\n',
    );
  });

  it('name a missing or misplaced file argument as given and as resolved, before linting', async () => {
    setUp();
    expect(await cli(project.dir, ['baseline', 'check', '--config', 'nope.mjs'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `schema-contract: config file nope.mjs not found (resolved to ${join(project.dir, 'nope.mjs')})\n` +
        'hint: check the path: --config is relative to the working directory, as in `eslint --config`\n',
    });
    expect((await cli(project.dir, ['baseline', 'write', '--config', 'src'])).stderr).toBe(
      `schema-contract: config file src is a directory, not a file (resolved to ${join(project.dir, 'src')})\n` +
        'hint: check the path: --config is relative to the working directory, as in `eslint --config`\n',
    );
    expect(await cli(project.dir, ['baseline', 'check', '--baseline', 'missing.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `schema-contract: baseline file missing.json not found (resolved to ${join(project.dir, 'missing.json')})\n` +
        'hint: check the path, or record the baseline first with `schema-contract baseline write --baseline missing.json`\n',
    });
    expect((await cli(project.dir, ['baseline', 'prune', '--baseline', 'src'])).stderr).toMatch(/^schema-contract: baseline file src is a directory, not a file \(resolved to [^\n]+\)\nhint: /);
    expect(await cli(project.dir, ['baseline', 'write', '--baseline', 'nowhere/baseline.json'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `schema-contract: baseline file nowhere/baseline.json cannot be created: directory not found (resolved to ${join(project.dir, 'nowhere')})\n` +
        'hint: check the path: --baseline is relative to the working directory; create its directory first\n',
    });
    expect((await cli(project.dir, ['baseline', 'report', '--baseline', 'src'])).stderr).toMatch(/^schema-contract: baseline file src is a directory, not a file \(resolved to [^\n]+\)\nhint: /);
    expect(existsSync(join(project.dir, 'schema-contract-baseline.json'))).toBe(false);
  });

  it('say of a baseline of a newer format to upgrade the plugin, never to run a command that refuses it too', async () => {
    setUp();
    project.write('schema-contract-baseline.json', '{"version": 3, "entries": []}\n');
    for (const command of ['check', 'prune', 'write']) {
      const outcome = await cli(project.dir, ['baseline', command, '--quiet']);
      expect(outcome.code, command).toBe(2);
      expect(outcome.stderr, command).toBe(
        `schema-contract: eslint-plugin-schema-contract: baseline ${join(project.dir, 'schema-contract-baseline.json')}: uses baseline format 3, newer than this eslint-plugin-schema-contract understands (format 2): upgrade the plugin to the version that wrote it\n` +
          `hint: upgrade eslint-plugin-schema-contract (${version} reads baseline format 2; this file is format 3) to the version that wrote it, here and in CI: \`npm install --save-dev eslint-plugin-schema-contract@latest\`\n`,
      );
      expect(outcome.stderr).not.toContain('baseline write');
    }
    expect(project.read('schema-contract-baseline.json')).toBe('{"version": 3, "entries": []}\n');
  });

  it('name a missing baseline the config names, with advice for the config', async () => {
    setUp();
    const prune = await cli(project.dir, ['baseline', 'prune']);
    expect(prune.code).toBe(2);
    expect(prune.stderr).toBe(
      `schema-contract: baseline ${join(project.dir, 'schema-contract-baseline.json')}: does not exist (your ESLint config names it in settings['schema-contract'].baseline)\n` +
        'hint: record it with `schema-contract baseline write`, or remove baselineConfig() (the baseline setting) from the ESLint config\n',
    );
  });

  it('are one line and a hint when they are not about the command line', async () => {
    setUp();
    const report = await cli(project.dir, ['baseline', 'report']);
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(/^schema-contract: \S+schema-contract-baseline\.json is not inside a git repository: the burn-down is read from its git history\nhint: `baseline report` reads the history of the committed baseline: commit it first\n$/);

    execFileSync(process.execPath, [build.bin, 'baseline', 'write'], { cwd: project.dir, stdio: 'pipe' });
    const nothing = await cli(project.dir, ['baseline', 'check', 'nothing-here/**/*.ts']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/^schema-contract: No files matching (the pattern )?["']nothing-here\/\*\*\/\*\.ts["'] were found\.[^\n]*\nhint: patterns are relative to the working directory, and files your ESLint config ignores are not linted\n$/);
  });
});

describe('eslint with baselineConfig() and no baseline yet', () => {
  const eslintBin = join(createRequire(import.meta.url).resolve('eslint/package.json'), '..', 'bin', 'eslint.js');

  it('says first, in its own words, to run `baseline write`; the write itself is silent', () => {
    setUp();
    const eslint = spawnSync(process.execPath, [eslintBin, '.'], { cwd: project.dir, encoding: 'utf8' });
    expect(eslint.status).toBe(2);
    const [first, ...rest] = eslint.stderr.split('\n');
    expect(first).toBe(
      'eslint-plugin-schema-contract: the baseline schema-contract-baseline.json that baselineConfig() names does not exist: record today\'s findings with `npx schema-contract baseline write`, then commit it.',
    );
    // ESLint's own report of the rule's error follows: a rule's error cannot become anything else.
    expect(rest.join('\n')).toContain('Oops! Something went wrong!');
    expect(rest.join('\n').match(/baselineConfig\(\) names does not exist/g)).toBeNull();

    const write = spawnSync(process.execPath, [build.bin, 'baseline', 'write'], { cwd: project.dir, encoding: 'utf8' });
    expect({ status: write.status, stderr: write.stderr }).toEqual({ status: 0, stderr: '' });
    expect(spawnSync(process.execPath, [eslintBin, '.'], { cwd: project.dir, encoding: 'utf8' })).toMatchObject({ status: 0, stderr: '' });
  });
});

describe('progress while linting', () => {
  it('is one line redrawn on a terminal, "linted N of M", cleared before the result', async () => {
    setUp({ baseline: false });
    const written = await cli(project.dir, ['baseline', 'write'], { isTTY: true, clockStep: 1000 });
    expect(written.code, written.stderr).toBe(0);
    const frames = written.stderr.split('\r\u001b[K').filter((frame) => frame !== '');
    expect(frames.filter((frame) => frame.startsWith('schema-contract: linted'))).toEqual([
      'schema-contract: linted 1 of 3 files…',
      'schema-contract: linted 2 of 3 files…',
      'schema-contract: linted 3 of 3 files…',
    ]);
    expect(written.stderr).toMatch(/\r\u001b\[Kschema-contract: note: [^\n]+\n$/);
  });

  it('is a plain line every few seconds in a log, and nothing for a run shorter than that', async () => {
    setUp();
    execFileSync(process.execPath, [build.bin, 'baseline', 'write'], { cwd: project.dir, stdio: 'pipe' });
    const slow = await cli(project.dir, ['baseline', 'check'], { clockStep: 2000 });
    expect(slow.code, slow.stderr).toBe(0);
    // Two seconds per file: a line once five seconds have passed since the last one.
    expect(slow.stderr).toBe('schema-contract: linted 3 of 3 files\n');
    const fast = await cli(project.dir, ['baseline', 'check'], { clockStep: 1 });
    expect(fast).toMatchObject({ code: 0, stderr: '' });
  });

  it('is silenced by --quiet, with the notes', async () => {
    setUp({ baseline: false });
    const quiet = await cli(project.dir, ['baseline', 'write', '--quiet'], { isTTY: true, clockStep: 10_000 });
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
    expect(quiet.stdout).toContain('Recorded schema-contract-baseline.json: 2 finding(s)');
  });
});
