import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { buildForTests, type TestBuild } from './build.js';
import { cli, lint } from './cli-harness.js';
import { createProject, eslintConfig, type Project } from './project.js';

const TOOLS = `export function buildSchema(name: string) {
  if (!name) {
    return { type: 'object' };
  }
  return { type: 'object', properties: { name: { type: 'string' } } };
}

export const fallback = { type: 'object' };
`;

let build: TestBuild;
let project: Project;

beforeAll(() => {
  build = buildForTests();
}, 120_000);
afterAll(() => build.remove());

function setUp(files: Record<string, string>, rules = ['flag-open-object']): void {
  project = createProject({
    'eslint.config.js': eslintConfig({
      pluginEntry: build.fixturePluginEntry,
      namespace: 'fixture',
      rules,
      baselineConfigEntry: build.baselineConfigEntry,
      baseline: 'schema-contract-baseline.json',
    }),
    ...files,
  });
}

afterEach(() => project.remove());

interface StoredEntry {
  path: string;
  rule: string;
  fingerprint: string;
  count: number;
  context?: string;
  snippet?: string;
}

function entries(): StoredEntry[] {
  return (JSON.parse(project.read('schema-contract-baseline.json')) as { entries: StoredEntry[] }).entries;
}

describe('baseline write, then eslint', () => {
  beforeEach(() => setUp({ 'src/tools.ts': TOOLS }));

  it('fails before the baseline exists and passes once the findings are recorded', async () => {
    await expect(lint(project.dir)).rejects.toThrow(/schema-contract-baseline\.json: does not exist/);
    const written = await cli(project.dir, 'baseline', 'write');
    expect(written).toMatchObject({ code: 0, stderr: '' });
    expect(written.stdout).toContain('2 finding(s) in 2 entries (2 added, 0 removed)');
    expect(entries()).toHaveLength(2);
    expect(entries()).toEqual(
      expect.arrayContaining([
        { path: 'src/tools.ts', rule: 'flag-open-object', fingerprint: expect.stringMatching(/^[0-9a-f]{20}$/), count: 1, context: 'buildSchema', snippet: "{ type: 'object' }" },
        { path: 'src/tools.ts', rule: 'flag-open-object', fingerprint: expect.stringMatching(/^[0-9a-f]{20}$/), count: 1, context: 'fallback', snippet: "{ type: 'object' }" },
      ]),
    );
    expect(await lint(project.dir)).toEqual([]);
    expect(await cli(project.dir, 'baseline', 'check')).toMatchObject({ code: 0 });
  });

  it('writes the same bytes twice, sorted by path, rule and fingerprint, one entry per line', async () => {
    project.write('src/a.ts', "export const a = { type: 'object' };\n");
    await cli(project.dir, 'baseline', 'write');
    const first = readFileSync(join(project.dir, 'schema-contract-baseline.json'));
    project.write('schema-contract-baseline.json', '{"version":2,"entries":[]}');
    await cli(project.dir, 'baseline', 'write');
    expect(readFileSync(join(project.dir, 'schema-contract-baseline.json'))).toEqual(first);
    const lines = first.toString('utf8').split('\n');
    expect(lines.slice(0, 4)).toEqual([
      '{',
      '  "$schema": "https://raw.githubusercontent.com/schema-contract/eslint-plugin-schema-contract/main/schemas/baseline.schema.json",',
      '  "version": 2,',
      '  "entries": [',
    ]);
    const entryLines = lines.filter((line) => line.startsWith('    {'));
    expect(entryLines).toHaveLength(3);
    const keys = entries().map((entry) => [entry.path, entry.rule, entry.fingerprint].join(' '));
    expect(keys).toEqual([...keys].sort());
    expect(entries()[0]?.path).toBe('src/a.ts');
  });

  it('keeps passing after inserted lines, re-indentation and CRLF line endings', async () => {
    await cli(project.dir, 'baseline', 'write');
    const reindented = TOOLS.split('\n').map((line) => (line === '' ? line : `    ${line.replace(/^ +/, (spaces) => spaces.repeat(2))}`));
    const edited = `// A header comment added later.\nimport { readFileSync } from 'node:fs';\n\nexport const unrelated = readFileSync;\n\n${reindented.join('\n')}`.replaceAll('\n', '\r\n');
    project.write('src/tools.ts', edited);
    expect(await lint(project.dir)).toEqual([]);
    expect(await cli(project.dir, 'baseline', 'check')).toMatchObject({ code: 0 });
  });

  it('fails a swap (one finding fixed, another added in the same file and rule) naming exactly both', async () => {
    await cli(project.dir, 'baseline', 'write');
    project.write(
      'src/tools.ts',
      TOOLS.replace("    return { type: 'object' };\n", "    throw new Error('name is required');\n").concat(
        "\nexport function buildOther() {\n  return { type: 'object' };\n}\n",
      ),
    );
    const messages = await lint(project.dir);
    expect(messages).toEqual([
      {
        file: 'src/tools.ts',
        line: 1,
        ruleId: 'fixture/flag-open-object',
        messageId: 'baselineStale',
        message:
          "Fixed — prune the baseline: 1 of 1 baselined finding(s) `{ type: 'object' }` in buildSchema no longer occur; remove them from schema-contract-baseline.json with `schema-contract baseline prune`.",
      },
      {
        file: 'src/tools.ts',
        line: 11,
        ruleId: 'fixture/flag-open-object',
        messageId: 'openObject',
        message: "Open object schema `{ type: 'object' }`.",
      },
    ]);

    const check = await cli(project.dir, 'baseline', 'check', '--format', 'json');
    expect(check.code).toBe(1);
    const report = JSON.parse(check.stdout) as { ok: boolean; rules: unknown; new: { path: string; line: number }[]; fixed: StoredEntry[] };
    expect(report.ok).toBe(false);
    expect(report.rules).toEqual({ 'flag-open-object': { baselined: 1, new: 1, fixed: 1 } });
    expect(report.new).toEqual([expect.objectContaining({ path: 'src/tools.ts', line: 11, rule: 'flag-open-object' })]);
    expect(report.fixed).toEqual([expect.objectContaining({ path: 'src/tools.ts', context: 'buildSchema', fixed: 1, remaining: 0 })]);

    const text = await cli(project.dir, 'baseline', 'check');
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^flag-open-object\s+1\s+1\s+1$/m);
    expect(text.stdout).toContain("src/tools.ts:11:10  fixture/flag-open-object  Open object schema `{ type: 'object' }`.");
    expect(text.stdout).toContain("src/tools.ts  flag-open-object  1 of 1 gone in buildSchema: `{ type: 'object' }`");

    // Prune removes the fixed entry only: the new finding is not recorded and still fails.
    const pruned = await cli(project.dir, 'baseline', 'prune');
    expect(pruned.code).toBe(0);
    expect(entries().map((entry) => entry.context)).toEqual(['fallback']);
    expect(await lint(project.dir)).toEqual([expect.objectContaining({ line: 11, messageId: 'openObject' })]);
    expect((await cli(project.dir, 'baseline', 'check')).code).toBe(1);
  });

  it('changes the fingerprint when the offending code itself is edited', async () => {
    await cli(project.dir, 'baseline', 'write');
    project.write('src/tools.ts', TOOLS.replace("export const fallback = { type: 'object' };", 'export const fallback = { type: "object" };'));
    const messages = await lint(project.dir);
    expect(messages.map((message) => [message.line, message.messageId])).toEqual([
      [1, 'baselineStale'],
      [8, 'openObject'],
    ]);
  });
});

describe('files and rules without baseline entries', () => {
  beforeEach(() => setUp({ 'src/tools.ts': TOOLS }, ['flag-open-object', 'flag-fixme']));

  it('report every finding, in a recorded file and in a new one, as a run without a baseline does', async () => {
    await cli(project.dir, 'baseline', 'write');
    expect(await lint(project.dir)).toEqual([]);
    // flag-fixme has no entry for src/tools.ts; neither rule has one for src/new.ts.
    project.write('src/tools.ts', `${TOOLS}// FIXME: tighten\n`);
    project.write('src/new.ts', "// FIXME: later\nexport const open = { type: 'object' };\n");
    const expected = [
      { file: 'src/new.ts', line: 1, ruleId: 'fixture/flag-fixme', messageId: 'fixme', message: 'FIXME left in.' },
      { file: 'src/new.ts', line: 2, ruleId: 'fixture/flag-open-object', messageId: 'openObject', message: "Open object schema `{ type: 'object' }`." },
      { file: 'src/tools.ts', line: 9, ruleId: 'fixture/flag-fixme', messageId: 'fixme', message: 'FIXME left in.' },
    ];
    expect(await lint(project.dir)).toEqual(expected);
    project.write('schema-contract-baseline.json', '{ "version": 2, "entries": [] }\n');
    // With no entries at all, the recorded findings come back between the same messages.
    const recorded = { file: 'src/tools.ts', ruleId: 'fixture/flag-open-object', messageId: 'openObject', message: "Open object schema `{ type: 'object' }`." };
    expect(await lint(project.dir)).toEqual([expected[0], expected[1], { ...recorded, line: 3 }, { ...recorded, line: 8 }, expected[2]]);
  });
});

describe('identical findings', () => {
  const TWICE = `export function buildSchemas() {
  return [
    { type: 'object' },
    { type: 'object' },
  ];
}
`;
  beforeEach(() => setUp({ 'src/twice.ts': TWICE }));

  it('are counted in one entry; fixing one leaves one, and a third is new', async () => {
    await cli(project.dir, 'baseline', 'write');
    expect(entries()).toEqual([expect.objectContaining({ path: 'src/twice.ts', count: 2, context: 'buildSchemas › []' })]);
    expect(await lint(project.dir)).toEqual([]);

    project.write('src/twice.ts', TWICE.replace("    { type: 'object' },\n    { type: 'object' },\n", "    { type: 'object' },\n"));
    const afterFix = await lint(project.dir);
    expect(afterFix).toEqual([expect.objectContaining({ line: 1, messageId: 'baselineStale' })]);
    expect(afterFix[0]?.message).toContain('1 of 2 baselined finding(s)');

    expect((await cli(project.dir, 'baseline', 'prune')).code).toBe(0);
    expect(entries()).toEqual([expect.objectContaining({ count: 1 })]);
    expect(await lint(project.dir)).toEqual([]);

    project.write('src/twice.ts', TWICE);
    expect(await lint(project.dir)).toEqual([expect.objectContaining({ line: 4, messageId: 'openObject' })]);
  });
});

describe('partial runs', () => {
  beforeEach(() =>
    setUp({
      'src/a.ts': "export const a = { type: 'object' };\n",
      'src/b.ts': "export const b = { type: 'object' };\n",
    }),
  );

  it('never judge or prune the entries of files that were not linted', async () => {
    await cli(project.dir, 'baseline', 'write');
    project.write('src/b.ts', 'export const b = { type: "string" };\n');
    const before = project.read('schema-contract-baseline.json');

    expect(await lint(project.dir, ['src/a.ts'])).toEqual([]);
    const check = await cli(project.dir, 'baseline', 'check', 'src/a.ts');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('1 entry not checked: file or rule not linted in this run.');
    const prune = await cli(project.dir, 'baseline', 'prune', 'src/a.ts');
    expect(prune.stdout).toContain('file unchanged');
    const write = await cli(project.dir, 'baseline', 'write', 'src/a.ts');
    expect(write.code).toBe(0);
    expect(project.read('schema-contract-baseline.json')).toBe(before);

    // The whole project does see it.
    expect(await lint(project.dir)).toEqual([expect.objectContaining({ file: 'src/b.ts', line: 1, messageId: 'baselineStale' })]);
    expect((await cli(project.dir, 'baseline', 'check')).code).toBe(1);
  });

  it('do not judge rules that did not run', async () => {
    await cli(project.dir, 'baseline', 'write');
    project.write(
      'eslint.config.js',
      eslintConfig({
        pluginEntry: build.fixturePluginEntry,
        namespace: 'fixture',
        rules: ['flag-fixme'],
        baselineConfigEntry: build.baselineConfigEntry,
        baseline: 'schema-contract-baseline.json',
      }),
    );
    expect(await lint(project.dir)).toEqual([]);
    const check = await cli(project.dir, 'baseline', 'check');
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('2 entries not checked');
  });

  it('judge the entries of deleted files inside the linted patterns only', async () => {
    await cli(project.dir, 'baseline', 'write');
    project.write('lib/c.ts', 'export const c = 1;\n');
    const { rmSync } = await import('node:fs');
    rmSync(join(project.dir, 'src', 'b.ts'));
    expect((await cli(project.dir, 'baseline', 'check', 'lib')).code).toBe(0);
    const check = await cli(project.dir, 'baseline', 'check', 'src');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('src/b.ts  flag-open-object  file deleted');
    await cli(project.dir, 'baseline', 'prune');
    expect(entries().map((entry) => entry.path)).toEqual(['src/a.ts']);
  });
});

describe('a rule that skips a file for lack of its words', () => {
  beforeEach(() => {
    project = createProject({
      'eslint.config.js': eslintConfig({
        pluginEntry: build.pluginEntry,
        namespace: 'schema-contract',
        rules: ['no-schema-helper-throw'],
        baselineConfigEntry: build.baselineConfigEntry,
        baseline: 'schema-contract-baseline.json',
      }),
      'src/tools.ts': "export function toolSchema(name: string) {\n  if (!name) throw new Error('no name');\n  return { type: 'object' };\n}\n",
    });
  });

  it('still judges its baseline entries there: a file without a panic has fixed them', async () => {
    expect(await cli(project.dir, 'baseline', 'write')).toMatchObject({ code: 0 });
    expect(entries()).toEqual([expect.objectContaining({ path: 'src/tools.ts', rule: 'no-schema-helper-throw', count: 1 })]);
    // Nothing in the file spells a panic any more, so the rule registers no listener on it.
    project.write('src/tools.ts', "export function toolSchema(name: string) {\n  return { type: 'object', title: name };\n}\n");
    expect(await lint(project.dir)).toEqual([expect.objectContaining({ file: 'src/tools.ts', line: 1, messageId: 'baselineStale' })]);
    const check = await cli(project.dir, 'baseline', 'check');
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('no-schema-helper-throw');
  });
});

describe('a baseline of the previous format (1)', () => {
  // As eslint-plugin-schema-contract 0.1 wrote it: the same findings, fingerprinted by enclosing name.
  const V1 = `{
  "$schema": "https://raw.githubusercontent.com/schema-contract/eslint-plugin-schema-contract/main/schemas/baseline.schema.json",
  "version": 1,
  "entries": [
    {"path":"lib/old.ts","rule":"flag-open-object","fingerprint":"0123456789abcdef0123","count":2,"enclosing":"legacy","snippet":"{ type: 'object' }"},
    {"path":"src/tools.ts","rule":"flag-open-object","fingerprint":"1111111111aaaaaaaaaa","count":1,"enclosing":"buildSchema","snippet":"{ type: 'object' }"}
  ]
}
`;
  beforeEach(() => setUp({ 'src/tools.ts': TOOLS, 'lib/old.ts': "export function legacy() {\n  return [{ type: 'object' }, { type: 'object' }];\n}\n", 'schema-contract-baseline.json': V1 }));

  it('is refused by check and prune with the way out, and migrated by write with what to review', async () => {
    for (const command of ['check', 'prune']) {
      const refused = await cli(project.dir, 'baseline', command);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('schema-contract-baseline.json: uses baseline format 1, written by an earlier eslint-plugin-schema-contract.');
      expect(refused.stderr).toContain('Migrate it: run `schema-contract baseline write` on the whole project');
    }
    expect(project.read('schema-contract-baseline.json')).toBe(V1);

    // A partial run cannot convert the entries of what it did not lint: it says so, loudly.
    const partial = await cli(project.dir, 'baseline', 'write', 'src');
    expect(partial.code).toBe(0);
    expect(partial.stdout).toBe(
      [
        "Migrated schema-contract-baseline.json from baseline format 1 to 2: 2 finding(s) in 2 entries. Review the diff before committing it.",
        'More findings than the old baseline held (new since it was written, or found only now): check each before committing',
        '  src/tools.ts  flag-open-object  1 → 2',
        'Not carried over (file or rule not linted in this run; `eslint` will report them as new): run `schema-contract baseline write` on the whole project',
        '  lib/old.ts  flag-open-object  2 finding(s)',
        '',
      ].join('\n'),
    );
    expect(entries().map((entry) => [entry.path, entry.context, entry.count])).toEqual(
      expect.arrayContaining([
        ['src/tools.ts', 'buildSchema', 1],
        ['src/tools.ts', 'fallback', 1],
      ]),
    );
    expect(JSON.parse(project.read('schema-contract-baseline.json'))).toMatchObject({ version: 2 });
    await expect(lint(project.dir)).resolves.toEqual([expect.objectContaining({ file: 'lib/old.ts', messageId: 'openObject' }), expect.objectContaining({ file: 'lib/old.ts', messageId: 'openObject' })]);

    // On the whole project, nothing grew where the old baseline already counted the same findings.
    project.write('schema-contract-baseline.json', V1.replace('"count":1,"enclosing":"buildSchema"', '"count":2,"enclosing":"buildSchema"'));
    const whole = await cli(project.dir, 'baseline', 'write', '--format', 'json');
    expect(JSON.parse(whole.stdout)).toMatchObject({ written: true, findings: 4, migration: { fromVersion: 1, grew: [], notCarried: [] } });
    expect(await lint(project.dir)).toEqual([]);
    expect((await cli(project.dir, 'baseline', 'check')).code).toBe(0);
  });
});
