import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { toolSites } from '../../src/analysis/flow/tool-sites.js';
import { describeBuild, schemaBuildOf } from '../../src/analysis/flow/tool-schema-build.js';
import { getEvaluator } from '../../src/analysis/values/evaluator.js';
import { lintWithProbe } from './probe.js';

// The one enumeration of a file's tools, asked directly: each site's name, form and how its
// schemas are built; the look-alikes (a shape given to the SDK's `tool()`, a builder of tool
// descriptors, a call's arguments) are no site.

interface Summary {
  line: number;
  form: string;
  name: string | undefined;
  nameText: string | undefined;
  input: string | undefined;
  output?: string;
}

function sitesOf(code: string): Summary[] {
  let found: Summary[] = [];
  const messages = lintWithProbe(code, (context) => ({
    'Program:exit'(program: TSESTree.Program) {
      const evaluator = getEvaluator(context);
      const keys = context.sourceCode.visitorKeys;
      found = toolSites(program, keys, evaluator).map((site) => ({
        line: site.node.loc.start.line,
        form: site.form,
        name: site.name,
        nameText: site.nameText,
        input: site.input && describeBuild(schemaBuildOf(site.input.node, site.input.dialect, evaluator, keys).build),
        ...(site.output ? { output: describeBuild(schemaBuildOf(site.output.node, site.output.dialect, evaluator, keys).build) } : {}),
      }));
    },
  }));
  if (messages.length > 0) throw new Error(messages.map((message) => message.message).join('; '));
  return found;
}

const ZOD = "import { z } from 'zod';\n";

describe('tool sites: each form', () => {
  it('reads a registerTool registration: name, zod raw shape, output schema', () => {
    expect(
      sitesOf(`${ZOD}server.registerTool('search', { description: 'd', inputSchema: { q: z.string() }, outputSchema: { hits: z.number() } }, run);`),
    ).toEqual([{ line: 2, form: 'mcp-register-tool', name: 'search', nameText: "'search'", input: 'zod raw shape', output: 'zod raw shape' }]);
  });

  it("lists the SDK's server.tool(name, 'desc', { shape }, cb) once, without its shape as a site of its own", () => {
    // A tool that defines tools: its shape holds only keys a tool definition has, and is still the call's shape.
    expect(sitesOf(`${ZOD}server.tool('define', 'Define a tool', { title: z.string(), inputSchema: z.record(z.string(), z.unknown()) }, async (args) => run(args));`)).toEqual([
      { line: 2, form: 'mcp-tool', name: 'define', nameText: "'define'", input: 'zod raw shape' },
    ]);
  });

  it('lists a config registered through its binding once, as the registration, and reads a task registration and `.shape`', () => {
    const code = `${ZOD}const Args = z.object({ q: z.string() });
const config = { title: 'Echo', description: 'Echo it', inputSchema: Args.shape };
server.registerTool('echo', config, run);
server.experimental.tasks.registerToolTask('research', { description: 'r', inputSchema: Args }, handler);
`;
    expect(sitesOf(code)).toEqual([
      { line: 4, form: 'mcp-register-tool', name: 'echo', nameText: "'echo'", input: 'zod raw shape' },
      { line: 5, form: 'mcp-register-tool', name: 'research', nameText: "'research'", input: 'zod' },
    ]);
  });

  it("reads server.tool(name, cb) as a tool with no shape", () => {
    expect(sitesOf(`server.tool('ping', async () => ok());`)).toEqual([{ line: 1, form: 'mcp-tool', name: 'ping', nameText: "'ping'", input: undefined }]);
  });

  it('still reads a tool whose schema is a flag beside a written description', () => {
    expect(sitesOf(`export const anything = { name: 'anything', description: 'Takes anything', inputSchema: true, handler };`)).toEqual([
      { line: 1, form: 'definition', name: 'anything', nameText: "'anything'", input: expect.stringContaining('not followed') as unknown as string },
    ]);
  });

  it('reads a ListTools answer, a keyed AI SDK map, tool(), a factory and a relay', () => {
    const code = `${ZOD}import { zodToJsonSchema } from 'zod-to-json-schema';
const Args = z.object({ q: z.string() });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'lookup', description: 'd', inputSchema: zodToJsonSchema(Args) }],
}));
export const tools = { weather: tool({ description: 'w', inputSchema: z.object({ city: z.string() }), execute }) };
export const defs = { search: { description: 's', parameters: Args } } satisfies ToolDefs;
export const made = defineTool({ name: 'made', description: 'm', schema: { q: z.string() } });
export const relayed = remote.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
`;
    expect(sitesOf(code)).toEqual([
      { line: 5, form: 'list-tools-result', name: 'lookup', nameText: "'lookup'", input: 'converted by `zodToJsonSchema()` from zod' },
      { line: 7, form: 'ai-sdk-tool', name: undefined, nameText: undefined, input: 'zod' },
      { line: 8, form: 'keyed-map', name: 'search', nameText: 'search', input: 'zod' },
      { line: 9, form: 'factory', name: 'made', nameText: "'made'", input: 'zod raw shape' },
      { line: 10, form: 'relay', name: undefined, nameText: 'tool.name', input: 'relayed from `tool`' },
    ]);
  });

  it('says how a schema is built through consts, fallbacks and helpers, and why it stops', () => {
    const code = `import { SCHEMA } from './schemas.js';
const literal = { type: 'object', properties: { q: { type: 'string' } } };
function build(name) { return load(name); }
export function make(spec) {
  return [
    { name: 'a', description: 'a', inputSchema: literal, handler },
    { name: 'b', description: 'b', inputSchema: spec.inputSchema ?? { type: 'object' }, handler },
    { name: 'c', description: 'c', inputSchema: build('c'), handler },
    { name: 'd', description: 'd', inputSchema: SCHEMA, handler },
    { name: 'e', description: 'e', inputSchema: spec, handler },
  ];
}
`;
    expect(sitesOf(code).map(({ name, form, input }) => ({ name, form, input }))).toEqual([
      { name: 'a', form: 'definition', input: 'JSON Schema literal' },
      { name: 'b', form: 'definition', input: 'either relayed from `spec` or JSON Schema literal' },
      { name: 'c', form: 'definition', input: 'not followed: returned by `build()`, whose result the evaluator does not know' },
      { name: 'd', form: 'definition', input: 'not followed: imported from `./schemas.js`, whose value the evaluator does not know' },
      { name: 'e', form: 'definition', input: "not followed: `spec` is a parameter: its value is the caller's" },
    ]);
  });
});

describe('tool sites: look-alikes that are no site', () => {
  it.each([
    ['a schema of tool descriptors', `${ZOD}export const ToolSchema = z.object({ name: z.string(), inputSchema: z.record(z.string(), z.unknown()) });`],
    ['a recorded tool call', `export const call = toolCall({ name: 'search', args: { q: 'x' } });`],
    ['an object pushed with a schema-like key but no tool companion', `list.push({ parameters: { a: 1 } });`],
    ['an elicitation request', `server.elicitInput({ message: 'm', requestedSchema: { type: 'object' } });`],
    // apify's actor-details call: which parts of a tool the answer includes.
    ['flags named like a tool\'s keys', `await client.callTool({ name: 'get-details', arguments: { output: { description: false, inputSchema: true, readme: false } } });`],
  ])('%s', (_, code) => {
    expect(sitesOf(code)).toEqual([]);
  });
});
