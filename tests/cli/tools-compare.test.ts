// `schema-contract tools --compare REF`: the inventory of the code at a git revision beside the
// working tree's, and one line per change a reviewer must see, in a repository whose commits
// have fixed dates (nothing here depends on the clock).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/schema-contract.js';
import { buildForTests, repositoryRoot, type TestBuild } from '../baseline/build.js';
import { createProject, eslintConfig, type Project } from '../baseline/project.js';

async function cli(cwd: string, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { cwd, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text), isTTY: false }, now: () => 0 });
  return { code, stdout, stderr };
}

const RULES = ['no-open-glossary-enum', 'valid-schema-literal', 'no-permissive-schema-fallback'];

const BEFORE = `import { z } from 'zod';
import { toolSchema } from './tool-schema.js';

server.registerTool('search', { description: 'Search', inputSchema: { market: z.enum(['US', 'DE']) } }, search);
server.registerTool('legacy', { description: 'Old search', inputSchema: { id: z.string() } }, legacy);
export const lookup = { name: 'lookup', description: 'Look up', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }, handler };
export const convert = { name: 'convert', description: 'Convert', inputSchema: toolSchema(convertArgs), handler };
`;

// The seed ADR's helper, before and after someone "recovers" from a failed conversion.
const HELPER_BEFORE = `import type { JSONSchema7 } from 'json-schema';
import { marshal } from './marshal.js';
export function toolSchema(def: unknown): JSONSchema7 {
  return marshal(def);
}
`;
const HELPER_AFTER = `import type { JSONSchema7 } from 'json-schema';
import { marshal } from './marshal.js';
export function toolSchema(def: unknown): JSONSchema7 {
  try {
    return marshal(def);
  } catch (err) {
    console.error('schema marshal failed', err);
    return { type: 'object' };
  }
}
`;

// One commit later: a value added to the gate, a tool removed, a contract switched off.
const AFTER = `import { z } from 'zod';
import { toolSchema } from './tool-schema.js';

server.registerTool('search', { description: 'Search', inputSchema: { market: z.enum(['US', 'DE', 'IN']) } }, search);
export const lookup = { name: 'lookup', description: 'Look up', inputSchema: { type: 'object' }, handler };
export const convert = { name: 'convert', description: 'Convert', inputSchema: toolSchema(convertArgs), handler };
`;

let build: TestBuild;
let project: Project;

function git(date: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: project.dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
}

const copies = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith('schema-contract-compare-'));

beforeAll(() => {
  build = buildForTests();
  project = createProject({
    'eslint.config.js': eslintConfig({ pluginEntry: build.pluginEntry, namespace: 'schema-contract', rules: RULES }),
    'package.json': JSON.stringify({ name: 'server', type: 'module' }),
    'src/server.ts': BEFORE,
    'src/tool-schema.ts': HELPER_BEFORE,
  });
  git('2026-01-05T10:00:00Z', 'init', '-q');
  git('2026-01-05T10:00:00Z', 'add', '.');
  git('2026-01-05T10:00:00Z', 'commit', '-q', '-m', 'Three tools');
  git('2026-01-05T10:00:00Z', 'tag', 'v1');
  project.write('src/server.ts', AFTER);
  project.write('src/tool-schema.ts', HELPER_AFTER);
  git('2026-01-06T10:00:00Z', 'commit', '-q', '-am', 'Widen search, drop legacy, loosen lookup');
}, 120_000);
afterAll(() => {
  build.remove();
  project.remove();
});

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(join(repositoryRoot, 'schemas', 'tools.schema.json'), 'utf8')) as object);

describe('schema-contract tools --compare', () => {
  it('names an added enum value, a removed tool and a schema turned permissive, as its published schema describes', async () => {
    const before = copies();
    const { code, stdout, stderr } = await cli(project.dir, ['tools', '--compare', 'v1', '--format', 'json', '-q']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { comparison: { ref: string; commit: string; tools: number; changes: Record<string, unknown>[] }; tools: { input: { permissive: unknown } }[] };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.comparison.ref).toBe('v1');
    expect(report.comparison.commit).toBe(git('2026-01-06T10:00:00Z', 'rev-parse', 'v1').trim());
    expect(report.comparison.tools).toBe(4);
    expect(report.tools.map((tool) => tool.input.permissive)).toEqual([null, 'any-object', null]);
    expect(report.comparison.changes).toEqual([
      { kind: 'enum-values-changed', tool: 'search', file: 'src/server.ts', line: 4, property: 'market', added: ['IN'], removed: [], text: 'the enum on market adds "IN"' },
      { kind: 'removed', tool: 'legacy', file: 'src/server.ts', line: 5, text: 'removed (was mcp-register-tool at src/server.ts:5)' },
      { kind: 'became-permissive', tool: 'lookup', file: 'src/server.ts', line: 5, after: 'its inputSchema accepts any object', text: 'its contract is switched off: its inputSchema accepts any object' },
      // The helper is another module's: its fallback lies on the tool's path all the same.
      {
        kind: 'became-permissive',
        tool: 'convert',
        file: 'src/server.ts',
        line: 6,
        after: 'no-permissive-schema-fallback at src/tool-schema.ts:8',
        text: 'its contract is switched off: no-permissive-schema-fallback at src/tool-schema.ts:8',
      },
    ]);
    // The revision's copy is gone once the comparison is made.
    expect(copies()).toEqual(before);
  }, 90_000);

  it('prints one line per change in text and markdown, and nothing when the revision is the same code', async () => {
    const text = await cli(project.dir, ['tools', '--compare', 'v1', '-q']);
    expect(text.code).toBe(0);
    const commit = git('2026-01-06T10:00:00Z', 'rev-parse', 'v1').trim().slice(0, 12);
    // docs/tools.md shows this output; the commit's hash there is an example's (the test repository's config names a temporary path).
    const documented = /<!-- tools-compare-example:start -->\n```text\n([\s\S]*?)```\n<!-- tools-compare-example:end -->/.exec(readFileSync(join(repositoryRoot, 'docs', 'tools.md'), 'utf8'))?.[1];
    expect(documented).toMatch(/^Compared with v1 \([0-9a-f]{12}\)/);
    expect(text.stdout.endsWith(`\n${documented!.replace(/^(Compared with v1 \()[0-9a-f]{12}/, `$1${commit}`)}`)).toBe(true);
    expect(text.stdout.split('\n').slice(-7)).toEqual([
      `Compared with v1 (${commit}): 4 tool(s) then, 3 now, 4 change(s) to the tools.`,
      '',
      'search   src/server.ts:4  the enum on market adds "IN"',
      'legacy   src/server.ts:5  removed (was mcp-register-tool at src/server.ts:5)',
      'lookup   src/server.ts:5  its contract is switched off: its inputSchema accepts any object',
      'convert  src/server.ts:6  its contract is switched off: no-permissive-schema-fallback at src/tool-schema.ts:8',
      '',
    ]);
    const markdown = await cli(project.dir, ['tools', '--compare', 'v1', '--format', 'markdown', '-q']);
    expect(markdown.stdout).toContain('### Changes since `v1`\n');
    expect(markdown.stdout).toContain('- `lookup` (src/server.ts:5): its contract is switched off: its inputSchema accepts any object\n');
    const same = await cli(project.dir, ['tools', '--compare', 'HEAD', '-q']);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('): 3 tool(s) then, 3 now, no change to the tools.\n');
  }, 120_000);

  it('refuses a revision git does not know, and a directory outside git, naming what is wrong (exit 2)', async () => {
    const unknown = await cli(project.dir, ['tools', '--compare', 'no-such-branch', '-q']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr.split('\n')[0]).toMatch(/^schema-contract: --compare no-such-branch: not a commit of the repository at .+ \(a branch, tag or commit hash is expected\)$/);
    const empty = await cli(project.dir, ['tools', '--compare=', '-q']);
    expect(empty.code).toBe(2);
    expect(empty.stderr.split('\n')[0]).toBe('schema-contract: --compare needs a git revision (a branch, tag or commit)');
    const outside = createProject({ 'eslint.config.js': eslintConfig({ pluginEntry: build.pluginEntry, namespace: 'schema-contract', rules: RULES }), 'src/a.ts': 'export {};\n' });
    try {
      const result = await cli(outside.dir, ['tools', '--compare', 'main', '-q']);
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]).toBe(`schema-contract: ${outside.dir} is not inside a git repository: --compare reads the revision it compares with from git`);
    } finally {
      outside.remove();
    }
  }, 90_000);
});
