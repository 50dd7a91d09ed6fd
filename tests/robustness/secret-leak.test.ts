/**
 * Issue 34's secret-leak check: a unique token planted in files outside a temporary project must
 * never appear in anything the plugin prints or writes, and nothing outside may be written or
 * created. Every command runs as its own process (the published bin, `eslint` through the Node API
 * in a child) under an fs spy (fs-spy.mjs) that logs the paths it opens, reads and writes.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForTests, type TestBuild } from '../baseline/build.js';
import { eslintConfig } from '../baseline/project.js';

const TOKEN = `SECRET-${process.pid}-b1c9f3e7a2`;
/** The bound for every probe: the V8 heap capped at 1 GB. */
const HEAP_CAP_MB = 1024;
const spy = join(import.meta.dirname, 'fs-spy.mjs');
const eslintEntry = pathToFileURL(createRequire(import.meta.url).resolve('eslint')).href;

let build: TestBuild;
let top: string;
let outside: string;

beforeAll(() => {
  build = buildForTests();
  top = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-leak-')));
  outside = join(top, 'outside');
  mkdirSync(outside);
  // An outside "baseline" whose unknown key and value are the token: Ajv would quote the key.
  writeFileSync(join(outside, 'secret.json'), JSON.stringify({ version: 2, entries: [], [TOKEN]: TOKEN }));
  mkdirSync(join(outside, 'pkg'));
  writeFileSync(join(outside, 'pkg', 'package.json'), JSON.stringify({ name: 'pkg', exports: { './x': TOKEN } }));
  mkdirSync(join(outside, 'broken'));
  writeFileSync(join(outside, 'broken', 'package.json'), `{ "name": "broken", "exports": ${TOKEN} `);
}, 120_000);
afterAll(() => {
  build.remove();
  rmSync(top, { recursive: true, force: true });
});

interface Run {
  readonly status: number | null;
  readonly output: string;
  readonly writes: string[];
  readonly reads: string[];
}

function outsideSnapshot(): string {
  const files = ['secret.json', 'pkg/package.json', 'broken/package.json', 'missing.json'];
  return files.map((file) => (existsSync(join(outside, file)) ? `${file}:${statSync(join(outside, file)).mtimeMs}:${readFileSync(join(outside, file), 'utf8')}` : `${file}:absent`)).join('\n');
}

function spied(dir: string, args: string[]): Run {
  const log = join(top, `spy-${Math.random().toString(36).slice(2)}.log`);
  writeFileSync(log, '');
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: `--max-old-space-size=${HEAP_CAP_MB} --import ${pathToFileURL(spy).href}`, FS_SPY_LOG: log },
  });
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  const under = (kind: string) => lines.filter((line) => line.startsWith(`${kind} `)).map((line) => line.slice(2));
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, writes: under('w'), reads: under('r') };
}

function project(name: string, baselineLinkTo: string | undefined, files: Record<string, string> = {}): string {
  const dir = join(top, name);
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'eslint.config.js'),
    eslintConfig({ pluginEntry: build.pluginEntry, namespace: 'schema-contract', rules: ['no-open-glossary-enum'], baselineConfigEntry: build.baselineConfigEntry, baseline: 'schema-contract-baseline.json' }),
  );
  writeFileSync(join(dir, 'tool.ts'), "export const schema = { type: 'object', properties: { a: { type: 'string' } } };\n");
  if (baselineLinkTo !== undefined) symlinkSync(baselineLinkTo, join(dir, 'schema-contract-baseline.json'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '-A'], { cwd: dir });
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'init'], { cwd: dir });
  return dir;
}

const lintScript = `const { ESLint } = await import(${JSON.stringify(eslintEntry)}); try { const r = await new ESLint({ cwd: process.cwd() }).lintFiles(['.']); console.log(JSON.stringify(r)); } catch (e) { console.error(String(e.message)); process.exitCode = 2; }`;

function expectNothingOutside(run: Run, where: string): void {
  expect(run.output, where).not.toContain(TOKEN);
  expect(run.writes.filter((path) => path.startsWith(outside)), where).toEqual([]);
}

describe('secret-leak check (issue 34)', () => {
  for (const [name, target] of [
    ['a baseline symlinked to a file outside', () => join(outside, 'secret.json')],
    ['a dangling baseline symlink pointing outside', () => join(outside, 'missing.json')],
  ] as const) {
    describe(name, () => {
      const commands: [string, string[]][] = [
        ['write', ['baseline', 'write']],
        ['check', ['baseline', 'check']],
        ['check --format sarif', ['baseline', 'check', '--format', 'sarif']],
        ['prune', ['baseline', 'prune']],
        // There is no `baseline update` command: `write` and `prune` are the two that update the file.
        ['report', ['baseline', 'report']],
      ];
      it.each(commands)('baseline %s refuses with exit 2 and one line, and leaks and writes nothing outside', (label, argv) => {
        const dir = project(`${name.length}-${label.replaceAll(/\W/g, '')}-${target().length}`, target());
        const before = outsideSnapshot();
        const run = spied(dir, [build.bin, ...argv]);
        expectNothingOutside(run, label);
        expect(run.status, run.output).toBe(2);
        // A dangling link is "does not exist" to the commands that only read it: refused all the same.
        expect(run.output).toMatch(/schema-contract-baseline\.json: (lies outside the project|is a symbolic link to a file that does not exist|does not exist)/);
        expect(run.output.trim().split('\n').filter((line) => line.startsWith('schema-contract:'))).toHaveLength(1);
        // The baseline is never read outside: not by the command, not by baselineConfig()'s hash.
        expect(run.reads.filter((path) => path.startsWith(outside)), label).toEqual([]);
        expect(outsideSnapshot()).toBe(before);
      }, 60_000);

      it('eslint refuses the baseline by name and leaks and writes nothing outside', () => {
        const dir = project(`${name.length}-eslint-${target().length}`, target());
        const before = outsideSnapshot();
        const run = spied(dir, ['--input-type=module', '-e', lintScript]);
        expectNothingOutside(run, 'eslint');
        expect(run.output).toMatch(/schema-contract-baseline\.json: (lies outside the project|is a symbolic link to a file that does not exist)/);
        expect(run.reads.filter((path) => path.startsWith(outside))).toEqual([]);
        expect(outsideSnapshot()).toBe(before);
      }, 60_000);
    });
  }

  describe('explain and lint on imports of node_modules symlinked outside', () => {
    const files = {
      'package.json': '{ "name": "proj", "type": "module" }\n',
      'uses.ts': "import { a } from 'pkg/x';\nimport { b } from 'broken';\nimport { c } from 'broken/y';\nexport const schema = { type: 'object', properties: { a, b, c } };\n",
    };
    function withLinks(name: string): string {
      const dir = project(name, undefined, files);
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(join(outside, 'pkg'), join(dir, 'node_modules', 'pkg'));
      symlinkSync(join(outside, 'broken'), join(dir, 'node_modules', 'broken'));
      return dir;
    }

    it.each([['text', []], ['json', ['--format', 'json']]] as [string, string[]][])('explain (%s) says "outside the project: not followed", never the token or an outside path', (_, format) => {
      const dir = withLinks(`explain-${format.length}`);
      const before = outsideSnapshot();
      const run = spied(dir, [build.bin, 'explain', 'uses.ts', ...format]);
      expectNothingOutside(run, 'explain');
      expect(run.status, run.output).toBe(0);
      expect(run.output).toContain('outside the project: not followed');
      expect(run.output).not.toContain(outside);
      expect(run.output).not.toMatch(/line 1 column|JSONError|Invalid "exports"/);
      // Nothing outside is read by the plugin's own code; oxc-resolver's native reads, which this
      // spy cannot see, are asserted with strace in resolver-reads.test.ts.
      expect(run.reads.filter((path) => path.startsWith(outside)), 'explain').toEqual([]);
      expect(outsideSnapshot()).toBe(before);
    }, 60_000);

    it('explain on `#imports` entries that name the linked packages: "outside the project: not followed", each', () => {
      const dir = withLinks('explain-imports');
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'proj', type: 'module', imports: { '#a': 'pkg/x', '#b/*': 'broken/*', '#c': { import: 'pkg/x', default: './uses.ts' } } }));
      writeFileSync(join(dir, 'uses.ts'), "import { a } from '#a';\nimport { b } from '#b/y';\nimport { c } from '#c';\nexport const schema = { type: 'object', properties: { a, b, c } };\n");
      const before = outsideSnapshot();
      const run = spied(dir, [build.bin, 'explain', 'uses.ts']);
      expectNothingOutside(run, 'explain');
      expect(run.status, run.output).toBe(0);
      expect(run.output.match(/✗ —: outside the project: not followed/g), run.output).toHaveLength(3);
      expect(run.output).not.toContain(outside);
      expect(run.reads.filter((path) => path.startsWith(outside)), 'explain').toEqual([]);
      expect(outsideSnapshot()).toBe(before);
    }, 60_000);

    it('eslint prints no token and writes nothing outside', () => {
      const dir = withLinks('lint-links');
      writeFileSync(join(dir, 'schema-contract-baseline.json'), '{ "version": 2, "entries": [] }\n');
      const before = outsideSnapshot();
      const run = spied(dir, ['--input-type=module', '-e', lintScript]);
      expectNothingOutside(run, 'eslint');
      expect(run.status, run.output).toBe(0);
      expect(run.reads.filter((path) => path.startsWith(outside)), 'eslint').toEqual([]);
      expect(outsideSnapshot()).toBe(before);
    }, 60_000);

    it('baseline write and check on the same project: the written baseline and SARIF hold no token', () => {
      const dir = withLinks('baseline-links');
      // A finding to record, so that the baseline has an entry whose message could carry the token.
      writeFileSync(
        join(dir, 'gate.ts'),
        "import { b } from 'broken';\nconst KINDS = { enumPolicy: 'described', values: ['x', 'y'] };\nexport function register(server) {\n  server.registerTool('t', { description: b, inputSchema: { type: 'object', properties: { kind: { type: 'string', enum: KINDS.values } } } }, () => ({}));\n}\n",
      );
      const before = outsideSnapshot();
      const written = spied(dir, [build.bin, 'baseline', 'write']);
      expectNothingOutside(written, 'baseline write');
      expect(written.status, written.output).toBe(0);
      const baseline = readFileSync(join(dir, 'schema-contract-baseline.json'), 'utf8');
      expect(baseline).not.toContain(TOKEN);
      expect((JSON.parse(baseline) as { entries: unknown[] }).entries.length, baseline).toBeGreaterThan(0);
      const checked = spied(dir, [build.bin, 'baseline', 'check', '--format', 'sarif']);
      expectNothingOutside(checked, 'baseline check --format sarif');
      expect(checked.status, checked.output).toBe(0);
      expect(checked.reads.filter((path) => path.startsWith(outside)), 'baseline').toEqual([]);
      expect(outsideSnapshot()).toBe(before);
    }, 60_000);
  });

  it('a baseline inside the project, reached through a symlink inside it, is still used', () => {
    const dir = project('inside-link', 'real-baseline.json', { 'real-baseline.json': '{ "version": 2, "entries": [] }\n' });
    const run = spied(dir, [build.bin, 'baseline', 'write']);
    expect(run.status, run.output).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'real-baseline.json'), 'utf8'))).toMatchObject({ version: 2 });
    // The spy sees the writes it is trusted to see elsewhere: the lock and the renamed baseline.
    expect(run.writes.some((path) => path.startsWith(dir))).toBe(true);
  }, 60_000);

  it('a dangling baseline link inside the project is refused too: write never creates through a link', () => {
    const dir = project('inside-dangling', 'not-there.json');
    const run = spied(dir, [build.bin, 'baseline', 'write']);
    expect(run.status, run.output).toBe(2);
    expect(run.output).toContain('is a symbolic link to a file that does not exist');
    expect(existsSync(join(dir, 'not-there.json'))).toBe(false);
  }, 60_000);
});
