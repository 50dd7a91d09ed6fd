// `schema-contract tools --server -- COMMAND`: real MCP servers (the official SDK's, started by
// the command over stdio) held against the source that defines their tools. Nothing here waits
// on the clock: the hanging server is cut off by --server-timeout and only the message is checked.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/schema-contract.js';
import { listServerTools } from '../../src/cli/server-listing.js';
import { acceptsAnyObject } from '../../src/cli/server-match.js';
import { buildForTests, repositoryRoot, type TestBuild } from '../baseline/build.js';
import { createProject, eslintConfig, type Project } from '../baseline/project.js';

async function cli(cwd: string, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, { cwd, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text), isTTY: false }, now: () => 0 });
  return { code, stdout, stderr };
}

// The temporary project has no node_modules: its servers import the SDK (and the zod it uses) by
// absolute URL. require resolves the SDK's CommonJS build; its ES module build lies beside it.
const require = createRequire(import.meta.url);
const sdkCjs = require.resolve('@modelcontextprotocol/sdk/server/mcp.js');
const sdkEsm = (path: string): string => {
  const file = join(sdkCjs.replace(`${sep}dist${sep}cjs${sep}`, `${sep}dist${sep}esm${sep}`), '..', '..', path);
  if (!existsSync(file)) throw new Error(`the MCP SDK's ES module build has no ${path} (${file})`);
  return JSON.stringify(pathToFileURL(file).href);
};
const zodUrl = JSON.stringify(pathToFileURL(join(dirname(createRequire(sdkCjs).resolve('zod')), 'index.js')).href);

const RULES = ['no-open-glossary-enum', 'valid-schema-literal', 'no-permissive-schema-fallback'];

// What the source means to advertise: a zod raw shape with an enum, a JSON Schema literal, a tool without arguments.
const SOURCE = `import { z } from 'zod';

server.registerTool('search', { description: 'Search the catalogue', inputSchema: { market: z.enum(['US', 'DE']) } }, search);
export const lookup = { name: 'lookup', description: 'Look up one product', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false }, handler };
server.registerTool('ping', { description: 'Check the server' }, ping);
`;

const STDERR_MARKER = 'SERVER-STDERR-MARKER';

// The server as the source says: McpServer, the SDK's high-level API.
const HEALTHY = `import { McpServer } from ${sdkEsm('server/mcp.js')};
import { StdioServerTransport } from ${sdkEsm('server/stdio.js')};
import { z } from ${zodUrl};

console.error('${STDERR_MARKER}: starting the healthy server');
const server = new McpServer({ name: 'shop', version: '1.0.0' });
const done = async () => ({ content: [{ type: 'text', text: 'ok' }] });
server.registerTool('search', { description: 'Search the catalogue', inputSchema: { market: z.enum(['US', 'DE']) } }, done);
server.registerTool('lookup', { description: 'Look up one product', inputSchema: { id: z.string() } }, done);
server.registerTool('ping', { description: 'Check the server' }, done);
await server.connect(new StdioServerTransport());
`;

// The low-level Server with a tools/list handler of its own, in two pages: the conversion of
// lookup's schema fails at run time and is "recovered" with { type: 'object' }, search's enum is
// dropped, ping is not registered, and a debugging tool the source does not have is listed.
const FALLBACK = `import { Server } from ${sdkEsm('server/index.js')};
import { StdioServerTransport } from ${sdkEsm('server/stdio.js')};
import { ListToolsRequestSchema } from ${sdkEsm('types.js')};

console.error('${STDERR_MARKER}: starting the fallback server');
function lookupSchema() {
  try {
    return JSON.parse('{ "type": "object", "properties": ');
  } catch {
    console.error('${STDERR_MARKER}: schema conversion failed, falling back');
    return { type: 'object' };
  }
}
const pages = [
  [{ name: 'search', description: 'Search the catalogue', inputSchema: { type: 'object', properties: { market: { type: 'string' } }, required: ['market'] } }],
  [{ name: 'lookup', description: 'Look up one product', inputSchema: lookupSchema() }, { name: 'debug_dump', description: 'Dump state', inputSchema: { type: 'object' } }],
];
const server = new Server({ name: 'shop', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  const page = request.params?.cursor === 'page-2' ? 1 : 0;
  return { tools: pages[page], ...(page === 0 ? { nextCursor: 'page-2' } : {}) };
});
await server.connect(new StdioServerTransport());
`;

// Started, never answers, and outlives the end of its stdin: only a signal stops it.
const HANGING = `import { writeFileSync } from 'node:fs';
writeFileSync(new URL('./hanging.pid', import.meta.url), String(process.pid));
console.error('${STDERR_MARKER}: hanging');
process.stdin.resume();
setInterval(() => {}, 1000);
`;

let build: TestBuild;
let project: Project;

beforeAll(() => {
  build = buildForTests();
  project = createProject({
    'eslint.config.js': eslintConfig({ pluginEntry: build.pluginEntry, namespace: 'schema-contract', rules: RULES }),
    'package.json': JSON.stringify({ name: 'shop', type: 'module' }),
    'src/server.ts': SOURCE,
    'server/healthy.mjs': HEALTHY,
    'server/fallback.mjs': FALLBACK,
    'server/hanging.mjs': HANGING,
  });
}, 120_000);
afterAll(() => {
  build.remove();
  project.remove();
});

const validate = new Ajv2020({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(join(repositoryRoot, 'schemas', 'tools.schema.json'), 'utf8')) as object);

interface ServerReport {
  server: { command: string[]; tools: number; mismatches: { kind: string; tool: string; file?: string; line?: number; text: string }[] };
}

describe('schema-contract tools --server', () => {
  it('finds nothing to report when the running server lists what the source builds, and exits 0 with --fail-on mismatch', async () => {
    const { code, stdout, stderr } = await cli(project.dir, ['tools', 'src', '--server', '--fail-on', 'mismatch', '--format', 'json', '-q', '--', process.execPath, 'server/healthy.mjs']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as ServerReport & { summary: { tools: number } };
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.summary.tools).toBe(3);
    expect(report.server).toEqual({ command: [process.execPath, 'server/healthy.mjs'], tools: 3, mismatches: [] });
    expect(stdout).not.toContain(STDERR_MARKER);
    const text = await cli(project.dir, ['tools', 'src', '--server', '-q', '--', process.execPath, 'server/healthy.mjs']);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`Held against the running server (${process.execPath} server/healthy.mjs): 3 tool(s) listed, no mismatch with the source.`);
  }, 90_000);

  it('reports a schema lost at run time, a dropped enum, a tool not listed and one not in the source, and exits 1 with --fail-on mismatch', async () => {
    const { code, stdout, stderr } = await cli(project.dir, ['tools', 'src', '--server', '--fail-on', 'mismatch', '--format', 'json', '-q', '--', process.execPath, 'server/fallback.mjs']);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as ServerReport;
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.server.tools).toBe(3);
    expect(report.server.mismatches).toEqual([
      { kind: 'enums-missing', tool: 'search', file: 'src/server.ts', line: 3, text: 'the source gates market with an enum (US, DE) at src/server.ts:3; the listed schema has no enum for it' },
      {
        kind: 'advertised-permissive',
        tool: 'lookup',
        file: 'src/server.ts',
        line: 4,
        text: 'listed with {"type":"object"}, which accepts any object, while the source builds its inputSchema (JSON Schema literal): the schema was lost at run time',
      },
      { kind: 'not-in-source', tool: 'debug_dump', text: 'listed by the server, but the source the analysis read has no tool of that name' },
      { kind: 'not-listed', tool: 'ping', file: 'src/server.ts', line: 5, text: 'in the source (mcp-register-tool at src/server.ts:5), but the server does not list it' },
    ]);
    expect(stdout).not.toContain(STDERR_MARKER);
    const text = await cli(project.dir, ['tools', 'src', '--server', '-q', '--', process.execPath, 'server/fallback.mjs']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`\nHeld against the running server (${process.execPath} server/fallback.mjs): 3 tool(s) listed, 4 mismatch(es) with the source.\n\n`);
    expect(text.stdout).toContain('\nlookup      src/server.ts:4  advertised-permissive  listed with {"type":"object"}, which accepts any object');
    expect(text.stdout).not.toContain(STDERR_MARKER);
    const markdown = await cli(project.dir, ['tools', 'src', '--server', '--format', 'markdown', '-q', '--', process.execPath, 'server/fallback.mjs']);
    expect(markdown.stdout).toContain('### The running server\n');
    expect(markdown.stdout).toContain('- not-in-source `debug_dump`: listed by the server, but the source the analysis read has no tool of that name\n');
  }, 120_000);

  it('gives up on a server that never answers once --server-timeout is up, and stops it (exit 2)', async () => {
    const { code, stdout, stderr } = await cli(project.dir, ['tools', 'src', '--server', '--server-timeout', '1', '-q', '--', process.execPath, 'server/hanging.mjs']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^schema-contract: tools --server: the server did not answer tools\/list within 1 s(; its stderr ended with "[^"\n]*")?\n$/);
    const pidFile = join(project.dir, 'server', 'hanging.pid');
    // The server writes its pid as it starts; it is gone once the command returns.
    if (existsSync(pidFile)) expect(() => process.kill(Number(readFileSync(pidFile, 'utf8')), 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }) as Error);
  }, 60_000);

  it('names a server that exits before answering and a command that does not exist, with its stderr on one line of ours (exit 2)', async () => {
    const exits = await cli(project.dir, ['tools', 'src', '--server', '-q', '--', process.execPath, '-e', `console.error("${STDERR_MARKER}: no API key\\n  set SHOP_KEY"); process.exit(1)`]);
    expect(exits.code).toBe(2);
    expect(exits.stdout).toBe('');
    expect(exits.stderr).toBe(`schema-contract: tools --server: the server exited with code 1 before answering; its stderr ended with "${STDERR_MARKER}: no API key set SHOP_KEY"\n`);
    const missing = await cli(project.dir, ['tools', 'src', '--server', '-q', '--', join(project.dir, 'no-such-server')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe(`schema-contract: tools --server: the server could not be started: \`${join(project.dir, 'no-such-server')}\` was not found (ENOENT; check the command after \`--\` and PATH)\n`);
  }, 60_000);

  it('names the package to install when the MCP SDK is missing', async () => {
    const notFound = Object.assign(new Error("Cannot find package '@modelcontextprotocol/sdk'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await expect(listServerTools(['server'], { cwd: project.dir, timeoutSeconds: 1, importModule: () => Promise.reject(notFound) })).rejects.toThrow(
      '--server needs the MCP SDK, and @modelcontextprotocol/sdk is not installed: `npm install --save-dev @modelcontextprotocol/sdk`',
    );
  });

  it.each([
    [['--server'], 'schema-contract: --server needs the command that starts the server after `--` (`--server -- node dist/server.js`)'],
    [['--server-timeout', '5', '--', 'node', 'server.js'], 'schema-contract: --server-timeout is the time --server gives the server: give --server too'],
    [['--server', '--server-timeout', '0', '--', 'node', 'server.js'], 'schema-contract: --server-timeout 0 is not a number of seconds above 0 and at most 3600'],
    [['--fail-on', 'mismatch'], 'schema-contract: --fail-on mismatch needs --server: a mismatch is between the source and a running server'],
  ])('refuses %j with a message naming what is wrong (exit 2)', async (args, message) => {
    const { code, stdout, stderr } = await cli(project.dir, ['tools', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(message);
  });

  it('takes a schema as accepting any object only when no keyword of it rejects an argument', () => {
    for (const schema of [true, {}, { type: 'object' }, { type: 'object', properties: {}, required: [] }, { type: 'object', additionalProperties: true, description: 'Any' }, undefined]) {
      expect(acceptsAnyObject(schema), JSON.stringify(schema)).toBe(true);
    }
    for (const schema of [false, { type: 'object', additionalProperties: false }, { type: 'object', properties: { id: {} } }, { oneOf: [{}] }, { $ref: '#/$defs/args' }, { type: 'string' }]) {
      expect(acceptsAnyObject(schema), JSON.stringify(schema)).toBe(false);
    }
  });
});
