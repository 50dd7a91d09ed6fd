import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildForTests, type TestBuild } from './build.js';
import { createProject, eslintConfig, type Project } from './project.js';

// Real processes: the `eslint` binary (with --cache and --concurrency workers) and the package's bin.
// Each spawn loads ESLint, the parser and the config afresh: generous time on a busy machine.
vi.setConfig({ testTimeout: 180_000 });
const eslintBin = join(createRequire(import.meta.url).resolve('eslint/package.json'), '..', 'bin', 'eslint.js');

interface ProcessResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function node(cwd: string, script: string, args: string[]): ProcessResult {
  const result = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface JsonResult {
  filePath: string;
  messages: { line: number; messageId?: string; ruleId: string | null }[];
}

function findings(result: ProcessResult, project: Project): string[] {
  return (JSON.parse(result.stdout) as JsonResult[])
    .flatMap((file) => file.messages.map((message) => `${file.filePath.slice(project.dir.length + 1)}:${message.line} ${message.messageId}`))
    .sort();
}

let build: TestBuild;
let project: Project;

beforeAll(() => {
  build = buildForTests();
}, 120_000);
afterAll(() => build.remove());
afterEach(() => project.remove());

function setUp(files: Record<string, string>, plainSetting = false): void {
  project = createProject({
    'eslint.config.js': eslintConfig({
      pluginEntry: build.fixturePluginEntry,
      namespace: 'fixture',
      rules: ['flag-open-object', 'flag-fixme', 'flag-bad-function'],
      baselineConfigEntry: build.baselineConfigEntry,
      baseline: 'schema-contract-baseline.json',
      plainSetting,
    }),
    ...files,
  });
}

function dropFirstEntry(): void {
  const document = JSON.parse(project.read('schema-contract-baseline.json')) as { entries: unknown[] };
  document.entries.shift();
  project.write('schema-contract-baseline.json', JSON.stringify(document, null, 2));
}

const FILES = {
  'src/a.ts': "export const a = { type: 'object' };\n",
  'src/b.ts': "// FIXME: close this schema\nexport function badHelper() {\n  return { type: 'object' };\n}\n",
  'src/c.ts': 'export const c = 1;\n',
};

describe('the schema-contract bin', () => {
  it('writes a baseline that `eslint` then honours, and checks it', () => {
    setUp(FILES);
    expect(node(project.dir, eslintBin, ['.']).code).toBe(2);
    const write = node(project.dir, build.bin, ['baseline', 'write']);
    expect(write).toMatchObject({ code: 0, stderr: '' });
    expect(write.stdout).toContain('4 finding(s) in 4 entries');
    expect(node(project.dir, eslintBin, ['.'])).toMatchObject({ code: 0, stdout: '' });
    expect(node(project.dir, build.bin, ['baseline', 'check']).code).toBe(0);
  });

  it('exits 2 on usage errors, with the error, the usage line and where the help is', () => {
    setUp(FILES);
    for (const args of [[], ['baseline'], ['baseline', 'grow'], ['baseline', 'check', '--format', 'svg'], ['baseline', 'check', '--frobnicate']]) {
      const result = node(project.dir, build.bin, args);
      expect(result.code, args.join(' ')).toBe(2);
      // Without a command, the top-level usage; otherwise that of the command given.
      const usage = args.length === 0 ? 'Usage: schema-contract <command> ' : 'Usage: schema-contract baseline ';
      expect(result.stderr).toMatch(/^schema-contract: [^\n]+\nUsage: schema-contract [^\n]+\nRun `schema-contract help[^`]*` for details\.\n$/);
      expect(result.stderr.split('\n')[1]).toContain(usage);
    }
    expect(node(project.dir, build.bin, ['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage:') });
  });
});

describe('look-alike findings in one tools array (the swap code review cares about)', () => {
  const TOOLS = `import { toJsonSchema } from './convert.js';

export const tools = [
  { name: 'search', inputSchema: toJsonSchema(searchArgs) ?? { type: 'object' } },
  { name: 'fetch', inputSchema: toJsonSchema(fetchArgs) ?? { type: 'object' } },
  { name: 'list', inputSchema: toJsonSchema(listArgs) },
];
`;

  it('fixing one tool\'s fallback and breaking another\'s fails `eslint` with exit 1, naming the new one and the fixed one', () => {
    project = createProject({
      'eslint.config.js': eslintConfig({
        pluginEntry: build.pluginEntry,
        namespace: 'schema-contract',
        rules: ['no-permissive-schema-fallback'],
        baselineConfigEntry: build.baselineConfigEntry,
        baseline: 'schema-contract-baseline.json',
      }),
      'src/tools.ts': TOOLS,
    });
    expect(node(project.dir, build.bin, ['baseline', 'write'])).toMatchObject({ code: 0, stdout: expect.stringContaining('2 finding(s) in 2 entries') });
    const recorded = (JSON.parse(project.read('schema-contract-baseline.json')) as { entries: { context: string; count: number }[] }).entries;
    expect(recorded.map((entry) => [entry.context, entry.count]).sort()).toEqual([
      ['tools › [name="fetch"] › inputSchema', 1],
      ['tools › [name="search"] › inputSchema', 1],
    ]);
    expect(node(project.dir, eslintBin, ['.'])).toMatchObject({ code: 0, stdout: '' });

    // Same file, same rule, same code, same count: only the tools differ.
    project.write(
      'src/tools.ts',
      TOOLS.replace("toJsonSchema(searchArgs) ?? { type: 'object' }", 'toJsonSchema(searchArgs)').replace(
        'toJsonSchema(listArgs) }',
        "toJsonSchema(listArgs) ?? { type: 'object' } }",
      ),
    );
    const eslint = node(project.dir, eslintBin, ['.']);
    expect(eslint.code).toBe(1);
    expect(eslint.stdout).toContain(
      'Fixed — prune the baseline: 1 of 1 baselined finding(s) `{ type: \'object\' }` in tools › [name="search"] › inputSchema no longer occur',
    );
    expect(eslint.stdout).toMatch(/\n\s+6:58\s+error\s+This fallback for a schema that failed to build accepts any object/);
    const json = JSON.parse(node(project.dir, eslintBin, ['--format', 'json', '.']).stdout) as JsonResult[];
    expect(json.flatMap((file) => file.messages.map((message) => [message.line, message.messageId]))).toEqual([
      [1, 'baselineStale'],
      [6, 'permissiveFailureFallback'],
    ]);
    const check = node(project.dir, build.bin, ['baseline', 'check']);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^no-permissive-schema-fallback\s+1\s+1\s+1$/m);
    expect(check.stdout).toContain('src/tools.ts:6:58  schema-contract/no-permissive-schema-fallback');
    expect(check.stdout).toContain('src/tools.ts  no-permissive-schema-fallback  1 of 1 gone in tools › [name="search"] › inputSchema');
  });
});

describe('a bad baseline is a hard error naming the file', () => {
  it.each([
    ['malformed', '{"version": 1, "entries": [', /schema-contract-baseline\.json: is not valid JSON/],
    ['a merge conflict', '<<<<<<< HEAD\n{}\n=======\n{}\n>>>>>>> main\n', /git merge conflict markers/],
    ['schema-invalid', '{"version": 2, "entries": [{"path": "src/a.ts", "rule": "flag-open-object", "fingerprint": "xyz", "count": 0}]}', /does not match .*baseline\.schema\.json: \/entries\/0\/fingerprint must match pattern .*\/entries\/0\/count must be >= 1/],
    ['of a newer format', '{"version": 3, "entries": []}', /uses baseline format 3, newer than this eslint-plugin-schema-contract understands \(format 2\): upgrade the plugin/],
    ['of an older format', '{"version": 1, "entries": []}', /uses baseline format 1, written by an earlier eslint-plugin-schema-contract\. .*Migrate it: run `schema-contract baseline write`/],
    ['without a version', '{"entries": []}', /the file must have required property 'version'/],
    ['missing', undefined, /schema-contract-baseline\.json: does not exist/],
  ])('%s: eslint and the CLI exit 2', (_name, text, problem) => {
    setUp(text === undefined ? FILES : { ...FILES, 'schema-contract-baseline.json': text });
    const eslint = node(project.dir, eslintBin, ['.']);
    expect(eslint.code).toBe(2);
    expect(eslint.stderr).toContain(join(project.dir, 'schema-contract-baseline.json'));
    expect(eslint.stderr).toMatch(problem);
    // A mistake in the user's files, not a crash: ESLint prints the message without a stack trace.
    expect(eslint.stderr).not.toMatch(/^\s+at /m);
    const check = node(project.dir, build.bin, ['baseline', 'check']);
    expect(check.code).toBe(2);
    expect(check.stderr).toContain(join(project.dir, 'schema-contract-baseline.json'));
    expect(check.stderr).toMatch(problem);
  });
});

describe('eslint --cache', () => {
  it('is invalidated by a change to the baseline (baselineConfig folds its hash into the config)', () => {
    setUp(FILES);
    node(project.dir, build.bin, ['baseline', 'write']);
    expect(node(project.dir, eslintBin, ['--cache', '.']).code).toBe(0);
    expect(existsSync(join(project.dir, '.eslintcache'))).toBe(true);
    dropFirstEntry();
    const second = node(project.dir, eslintBin, ['--cache', '--format', 'json', '.']);
    expect(second.code).toBe(1);
    expect(findings(second, project)).toHaveLength(1);
  });

  it('would serve stale results with the plain setting: why baselineConfig() exists', () => {
    setUp(FILES, true);
    node(project.dir, build.bin, ['baseline', 'write']);
    expect(node(project.dir, eslintBin, ['--cache', '.']).code).toBe(0);
    dropFirstEntry();
    expect(node(project.dir, eslintBin, ['--cache', '.']).code).toBe(0);
    expect(node(project.dir, eslintBin, ['.']).code).toBe(1);
  });
});

describe('eslint --concurrency', () => {
  it('reports exactly what a single-threaded run reports, cached or not', () => {
    setUp(FILES);
    node(project.dir, build.bin, ['baseline', 'write']);
    // A swap in b.ts, a fix in a.ts, a new finding in c.ts.
    project.write('src/a.ts', 'export const a = { type: "string" };\n');
    project.write('src/b.ts', "// FIXME: close this schema\nexport function badHelper() {\n  return { type: 'string' };\n}\nexport const open = { type: 'object' };\n");
    project.write('src/c.ts', 'export function badThing() {}\n');
    const single = node(project.dir, eslintBin, ['--format', 'json', '.']);
    const expected = ['src/a.ts:1 baselineStale', 'src/b.ts:1 baselineStale', 'src/b.ts:5 openObject', 'src/c.ts:1 badFunction'];
    expect(findings(single, project)).toEqual(expected);
    for (const args of [['--concurrency', '2'], ['--concurrency', '2', '--cache'], ['--concurrency', '2', '--cache']]) {
      const parallel = node(project.dir, eslintBin, [...args, '--format', 'json', '.']);
      expect(parallel.code, parallel.stderr).toBe(1);
      expect(findings(parallel, project)).toEqual(expected);
    }
  });
});

describe('baseline report', () => {
  it('charts the burn-down per rule over the git history of the baseline', () => {
    setUp(FILES);
    // Controlled commit times: two commits in the same wall-clock second once made this test
    // flaky. Both versions are points whatever their times (burn-down.test covers one second).
    const git = (date: string, ...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: project.dir,
        encoding: 'utf8',
        env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
      });
    git('2026-01-05T10:00:00Z', 'init', '-q');
    node(project.dir, build.bin, ['baseline', 'write']);
    git('2026-01-05T10:00:00Z', 'add', '.');
    git('2026-01-05T10:00:00Z', 'commit', '-q', '-m', 'Record the baseline');
    project.write('src/a.ts', 'export const a = { type: "string" };\n');
    node(project.dir, build.bin, ['baseline', 'prune']);
    git('2026-01-12T10:00:00Z', 'commit', '-q', '-am', 'Close a');

    const json = node(project.dir, build.bin, ['baseline', 'report', '--format', 'json']);
    expect(json.code).toBe(0);
    const points = JSON.parse(json.stdout) as { subject: string; total: number; counts: Record<string, number> }[];
    expect(points.map((point) => [point.subject, point.total, point.counts])).toEqual([
      ['Record the baseline', 4, { 'flag-bad-function': 1, 'flag-fixme': 1, 'flag-open-object': 2 }],
      ['Close a', 3, { 'flag-bad-function': 1, 'flag-fixme': 1, 'flag-open-object': 1 }],
    ]);
    const text = node(project.dir, build.bin, ['baseline', 'report']).stdout;
    expect(text.split('\n')[0]).toMatch(/^commit\s+date\s+total\s+flag-bad-function\s+flag-fixme\s+flag-open-object$/);
    expect(text).toMatch(/^[0-9a-f]{10}\s+2026-01-12\s+3\s+1\s+1\s+1$/m);
    const markdown = node(project.dir, build.bin, ['baseline', 'report', '--format', 'markdown']).stdout;
    expect(markdown).toContain('| Commit | Date | Total | `flag-bad-function` | `flag-fixme` | `flag-open-object` |');
    expect(markdown).toMatch(/^```mermaid\nxychart-beta\n[\s\S]*  line \[4(, [34])+\]\n```\n/);
    const svg = node(project.dir, build.bin, ['baseline', 'report', '--format', 'svg']).stdout;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    // One line per rule and one for the total, each with its current count in the legend.
    expect(svg.match(/<g><title>[a-z-]+<\/title><path d="M/g)).toHaveLength(4);
    expect(svg).toContain('total <tspan font-weight="bold">3</tspan>');
    expect(svg).toContain('flag-open-object <tspan font-weight="bold">1</tspan>');

    // Uncommitted changes show as the last point.
    project.write('src/b.ts', 'export const b = 1;\n');
    node(project.dir, build.bin, ['baseline', 'prune']);
    const withWorkingTree = JSON.parse(node(project.dir, build.bin, ['baseline', 'report', '--format', 'json']).stdout) as { commit: string; total: number }[];
    expect(withWorkingTree.at(-1)).toMatchObject({ commit: 'working-tree', total: 0 });
  });
});
