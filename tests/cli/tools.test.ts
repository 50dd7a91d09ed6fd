// `schema-contract tools`: the inventory of a small project's tools as a user meets it, in each
// format, with the baseline's verdict on each finding, the exit codes of --fail-on and the usage
// errors. The JSON output is checked against its published schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/schema-contract.js';
import { buildForTests, repositoryRoot, type TestBuild } from '../baseline/build.js';
import { createProject, eslintConfig, type Project } from '../baseline/project.js';

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function cli(cwd: string, argv: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { cwd, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text), isTTY: false }, now: () => 0 });
  return { code, stdout, stderr };
}

const RULES = ['no-open-glossary-enum', 'valid-schema-literal', 'no-permissive-schema-fallback', 'tool-definition-conventions'];

const SERVER = `import { z } from 'zod';
import { UNITS } from './glossary.js';
import { SHARED } from 'shared-schemas';

server.registerTool('convert', { description: 'Convert a weight', inputSchema: { unit: z.enum(UNITS.values) } }, run);
server.tool('ping', 'Ping the server', async () => ok());
export const lookup = { name: 'lookup', description: 'Look up', inputSchema: { type: 'object', propertes: {} }, handler };
export const remote = { name: 'remote', description: 'Remote', inputSchema: SHARED, handler };
`;

let build: TestBuild;
let project: Project;

beforeAll(() => {
  build = buildForTests();
  project = createProject({
    'eslint.config.js': eslintConfig({ pluginEntry: build.pluginEntry, namespace: 'schema-contract', rules: RULES }),
    'package.json': JSON.stringify({ name: 'server', type: 'module' }),
    'src/glossary.ts': "export const UNITS = { enumPolicy: 'described', values: ['g', 'kg'] } as const;\n",
    'src/server.ts': SERVER,
    'node_modules/shared-schemas/package.json': JSON.stringify({ name: 'shared-schemas', main: 'index.js' }),
    'node_modules/shared-schemas/index.js': 'exports.SHARED = {};\n',
  });
}, 120_000);
afterAll(() => {
  build.remove();
  project.remove();
});

const schema = JSON.parse(readFileSync(join(repositoryRoot, 'schemas', 'tools.schema.json'), 'utf8')) as object;
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

describe('schema-contract tools', () => {
  it('lists each tool with its form, schema build, enums and findings, as its published schema describes', async () => {
    const { code, stdout, stderr } = await cli(project.dir, ['tools', '--format', 'json', '-q']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { tools: Record<string, unknown>[]; summary: unknown; baseline: unknown };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.baseline).toBeNull();
    expect(report.summary).toEqual({ tools: 4, unfollowed: 1, findings: 2, newFindings: 2 });
    expect(report.tools.map(({ name, form, line, input }) => ({ name, form, line, input: (input as { description: string } | null)?.description }))).toEqual([
      { name: 'convert', form: 'mcp-register-tool', line: 5, input: 'zod raw shape' },
      { name: 'ping', form: 'mcp-tool', line: 6, input: undefined },
      { name: 'lookup', form: 'definition', line: 7, input: 'JSON Schema literal' },
      {
        name: 'remote',
        form: 'definition',
        line: 8,
        // The reason is `explain`'s for that import.
        input: 'not followed: imported from `shared-schemas`: installed dependency shared-schemas: its values are not read; an enum built from it is an unmarked table in strict',
      },
    ]);
    expect(report.tools[0]!.enums).toEqual([
      { property: 'unit', form: 'z.enum', file: 'src/server.ts', line: 5, values: ['g', 'kg'], tables: [{ name: 'UNITS', policy: 'described', closed: false, file: 'src/glossary.ts', line: 1, sources: null }] },
    ]);
    expect((report.tools[0]!.findings as { rule: string; line: number; baselined: boolean }[]).map(({ rule, line, baselined }) => ({ rule, line, baselined }))).toEqual([
      { rule: 'no-open-glossary-enum', line: 5, baselined: false },
    ]);
    expect((report.tools[2]!.findings as { rule: string; line: number }[]).map(({ rule, line }) => ({ rule, line }))).toEqual([{ rule: 'valid-schema-literal', line: 7 }]);
    expect(report.tools[1]!.findings).toEqual([]);
  }, 60_000);

  it('prints a table and each tool in text, and a job summary in markdown', async () => {
    const text = await cli(project.dir, ['tools', 'src', '-q']);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').slice(0, 8)).toEqual([
      '4 tool(s) in 2 file(s) linted: 1 with a schema not followed, 2 finding(s) on their paths (2 new, no baseline).',
      '',
      'tool     where            form              input schema         findings',
      'convert  src/server.ts:5  MCP registerTool  zod raw shape        1',
      'ping     src/server.ts:6  MCP tool()        —                    0',
      'lookup   src/server.ts:7  tool definition   JSON Schema literal  1',
      'remote   src/server.ts:8  tool definition   not followed         0',
      '',
    ]);
    expect(text.stdout).toContain('  enum unit (line 5): UNITS (described; src/glossary.ts:1)\n');
    const markdown = await cli(project.dir, ['tools', '--format', 'markdown', '-q']);
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('| `convert` | src/server.ts:5 | MCP registerTool | zod raw shape | unit (line 5): UNITS (described; src/glossary.ts:1) | 1 (1 new) |\n');
  }, 60_000);

  it('exits 1 with --fail-on when a schema is not followed or a finding is new, and marks what the baseline holds', async () => {
    expect((await cli(project.dir, ['tools', '--fail-on', 'unfollowed', '-q'])).code).toBe(1);
    expect((await cli(project.dir, ['tools', '--fail-on', 'findings', '-q'])).code).toBe(1);
    const written = await cli(project.dir, ['baseline', 'write', '-q']);
    expect(written.code).toBe(0);
    const after = await cli(project.dir, ['tools', '--fail-on', 'findings', '--format', 'json', '-q']);
    expect(after.code).toBe(0);
    const report = JSON.parse(after.stdout) as { baseline: string; tools: { findings: { baselined: boolean }[] }[]; summary: { newFindings: number } };
    expect(validate(report)).toBe(true);
    expect(report.baseline).toBe('schema-contract-baseline.json');
    expect(report.summary.newFindings).toBe(0);
    expect(report.tools.flatMap((tool) => tool.findings.map((finding) => finding.baselined))).toEqual([true, true]);
    expect((await cli(project.dir, ['tools', '--fail-on', 'unfollowed,findings', '-q'])).code).toBe(1);
  }, 90_000);

  it.each([
    [['--format', 'yaml'], 'schema-contract: --format yaml is not available for "tools" (choose text, json, markdown)'],
    [['--fail-on', 'warnings'], 'schema-contract: --fail-on warnings is not a condition "tools" knows (choose unfollowed, findings, mismatch)'],
    [['--formt', 'json'], `schema-contract: unknown option '--formt' for "tools" (did you mean '--format'?)`],
  ])('refuses %j with a message naming what is wrong (exit 2)', async (args, message) => {
    const { code, stdout, stderr } = await cli(project.dir, ['tools', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(message);
    expect(stderr).toContain('Run `schema-contract help tools` for details.');
  });

  it('names a missing config file and a pattern that matches nothing (exit 2)', async () => {
    const config = await cli(project.dir, ['tools', '--config', 'missing.config.js', '-q']);
    expect(config.code).toBe(2);
    expect(config.stderr.split('\n')[0]).toBe(`schema-contract: config file missing.config.js not found (resolved to ${join(project.dir, 'missing.config.js')})`);
    const nothing = await cli(project.dir, ['tools', 'nowhere/**/*.ts', '-q']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toBe(
      "schema-contract: No files matching 'nowhere/**/*.ts' were found.\nhint: patterns are relative to the working directory, and files your ESLint config ignores are not linted\n",
    );
  }, 60_000);

  it('has help of its own, listed in the top help', async () => {
    const help = await cli(project.dir, ['help', 'tools']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: schema-contract tools \[files or globs\.\.\.\]/);
    expect((await cli(project.dir, ['tools', '--help'])).stdout).toBe(help.stdout);
    expect((await cli(project.dir, ['help'])).stdout).toContain('  tools [files]    List every tool');
  });

  it('adds a compatibility column per targeted client, from --clients or from the clients the config targets', async () => {
    const config = eslintConfig({ pluginEntry: build.pluginEntry, namespace: 'schema-contract', rules: ['tool-input-schema-conventions'] }).replace(
      '"schema-contract/tool-input-schema-conventions":"error"',
      '"schema-contract/tool-input-schema-conventions":["error",{"clients":["gemini","openai-strict"]}]',
    );
    const targeted = createProject({
      'eslint.config.js': config,
      'package.json': JSON.stringify({ name: 'server', type: 'module' }),
      'src/server.ts': `import { z } from 'zod';
server.registerTool('convert', { description: 'Convert', inputSchema: { unit: z.enum(['g', 'kg']), note: z.string().optional() } }, run);
server.tool('ping', 'Ping the server', async () => ok());
export const pick = { name: 'pick', description: 'Pick', inputSchema: { type: 'object', properties: { a: { type: 'string', title: 'A' } }, required: ['a'], additionalProperties: false }, handler };
export const remote = { name: 'remote', description: 'Remote', inputSchema: SHARED, handler };
`,
    });
    try {
      const json = await cli(targeted.dir, ['tools', '--format', 'json', '-q']);
      expect(json.code).toBe(0);
      const report = JSON.parse(json.stdout) as { clients: string[]; tools: { name: string; compatibility: { client: string; status: string; problems: { kind: string; text: string; line: number }[] }[] }[] };
      expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
      // The profiles' order, whatever order the config lists them in.
      expect(report.clients).toEqual(['openai-strict', 'gemini']);
      expect(report.tools.map((tool) => [tool.name, tool.compatibility.map((verdict) => `${verdict.client}:${verdict.status}`)])).toEqual([
        ['convert', ['openai-strict:incompatible', 'gemini:incompatible']],
        ['ping', ['openai-strict:compatible', 'gemini:compatible']],
        ['pick', ['openai-strict:compatible', 'gemini:incompatible']],
        ['remote', ['openai-strict:not-known', 'gemini:not-known']],
      ]);
      expect(report.tools[0]!.compatibility[0]!.problems).toEqual([{ kind: 'clientOptionalProperty', text: '`note` is optional', file: 'src/server.ts', line: 2 }]);
      expect(report.tools[2]!.compatibility[1]!.problems).toEqual([{ kind: 'clientUnsupportedKeyword', text: '`additionalProperties` is not supported', file: 'src/server.ts', line: 4 }]);

      const text = await cli(targeted.dir, ['tools', '--clients', 'cursor', '-q']);
      expect(text.code).toBe(0);
      expect(text.stdout.split('\n').slice(2, 7)).toEqual([
        'tool     where            form              input schema         cursor        findings',
        // The findings are the rule's, with the clients the config targets (openai-strict, gemini).
        'convert  src/server.ts:2  MCP registerTool  zod raw shape        2 problem(s)  2',
        'ping     src/server.ts:3  MCP tool()        —                    ok            0',
        'pick     src/server.ts:4  tool definition   JSON Schema literal  ok            1',
        'remote   src/server.ts:5  tool definition   not followed         not known     0',
      ]);
      expect(text.stdout).toContain('  cursor: 2 problem(s): `unit` has no title (src/server.ts:2); `note` has no title (src/server.ts:2)\n');
      const markdown = await cli(targeted.dir, ['tools', '--clients', 'gemini', '--format', 'markdown', '-q']);
      expect(markdown.stdout).toContain('| Tool | Where | Form | Input schema | Enums | gemini | Findings |\n');
      expect(markdown.stdout).toContain('| `pick` | src/server.ts:4 | tool definition | JSON Schema literal | — | `additionalProperties` is not supported | 1 (1 new) |\n');
      const wrong = await cli(targeted.dir, ['tools', '--clients', 'claude', '-q']);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr.split('\n')[0]).toBe('schema-contract: --clients claude is not a client with a profile (choose from openai-strict, gemini, anthropic, cursor)');
    } finally {
      targeted.remove();
    }
  }, 90_000);
});
