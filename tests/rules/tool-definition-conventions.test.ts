import rule from '../../rules/tool-definition-conventions.js';
import { ruleTester } from '../rule-tester.js';

const SERVER = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
const server = new McpServer({ name: 'docs', version: '1.0.0' });
`;
/** Lines of `SERVER` before the case's own code (it starts with a newline and ends with one). */
const AFTER_SERVER = 5;

const EVERY_CLIENT_SPACE =
  'OpenAI and Anthropic (a space; allowed: letters, digits, `_` and `-`), Gemini (a space; allowed: letters, digits, `_`, `.`, `:` and `-`, starting with a letter or `_`), the MCP specification (a space; recommended: letters, digits, `_`, `-` and `.`)';
const DOT = 'OpenAI and Anthropic (`.`; allowed: letters, digits, `_` and `-`)';
const SLASH =
  'OpenAI and Anthropic (`/`; allowed: letters, digits, `_` and `-`), Gemini (`/`; allowed: letters, digits, `_`, `.`, `:` and `-`, starting with a letter or `_`), the MCP specification (`/`; recommended: letters, digits, `_`, `-` and `.`)';
const REGISTERED = 'registered by `server.registerTool()`';

ruleTester.run('tool-definition-conventions', rule, {
  valid: [
    {
      name: 'names every client accepts, each described',
      code: `${SERVER}
        server.registerTool('search_docs', { description: 'Search the docs', inputSchema: { q: z.string() } }, async () => ({ content: [] }));
        server.registerTool('get-weather', { description: 'Weather', inputSchema: { city: z.string() } }, async () => ({ content: [] }));
        server.tool('DATA_EXPORT_v2', 'Export', { q: z.string() }, async () => ({ content: [] }));
      `,
    },
    {
      name: 'a name that is not known statically is quiet',
      code: `${SERVER}
        export function register(name: string, prefix: string) {
          server.registerTool(name, { description: 'x', inputSchema: {} }, async () => ({ content: [] }));
          server.registerTool(\`\${prefix} tool\`, { description: 'x', inputSchema: {} }, async () => ({ content: [] }));
        }
      `,
    },
    {
      name: 'a dotted name is fine for a server that only targets the MCP specification and Gemini',
      options: [{ clients: ['mcp', 'gemini'] }],
      code: `${SERVER}
        server.registerTool('admin.tools.list', { description: 'List', inputSchema: {} }, async () => ({ content: [] }));
      `,
    },
    {
      name: 'the same name on two servers',
      code: `
        import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
        const a = new McpServer({ name: 'a', version: '1' });
        const b = new McpServer({ name: 'b', version: '1' });
        a.registerTool('search', { description: 'x', inputSchema: {} }, async () => ({ content: [] }));
        b.registerTool('search', { description: 'x', inputSchema: {} }, async () => ({ content: [] }));
      `,
    },
    {
      name: 'the same name in the two branches of a condition, or in two functions, is an alternative',
      code: `${SERVER}
        if (process.env.V2) server.registerTool('search', { description: 'v2', inputSchema: {} }, async () => ({ content: [] }));
        else server.registerTool('search', { description: 'v1', inputSchema: {} }, async () => ({ content: [] }));
        export function legacy() { server.registerTool('fetch', { description: 'x', inputSchema: {} }, async () => ({ content: [] })); }
        export function modern() { server.registerTool('fetch', { description: 'y', inputSchema: {} }, async () => ({ content: [] })); }
      `,
    },
    {
      name: 'no description is quiet in recommended',
      code: `${SERVER}
        server.registerTool('search', { inputSchema: { q: z.string() } }, async () => ({ content: [] }));
      `,
    },
    {
      name: 'a description that is not known statically, or may come from a spread, is quiet',
      options: [{ requireDescription: true }],
      code: `${SERVER}
        import { DESCRIPTIONS, base } from './text.js';
        server.registerTool('search', { description: DESCRIPTIONS.search, inputSchema: {} }, async () => ({ content: [] }));
        server.registerTool('fetch', { ...base, inputSchema: {} }, async () => ({ content: [] }));
      `,
    },
    {
      name: 'a definition built from a name it is given is a template: no description is asked of it',
      options: [{ requireDescription: true }],
      code: `
        export class Registrar {
          readonly tools: object[] = [];
          add(name: string, inputSchema: object, handler: () => void) {
            this.tools.push({ name, inputSchema, handler });
          }
        }
      `,
    },
    {
      name: 'a placeholder for a call whose tool is gone, named by the call: its empty description is a stand-in',
      code: `
        export function unresolvedFunctionTool(call: { name: string }) {
          const name = call.name;
          return { type: 'function', name, description: '', parameters: { type: 'object', properties: {} }, strict: true };
        }
      `,
    },
    {
      name: 'a relayed tool owns no description: the upstream server does',
      options: [{ requireDescription: true }],
      code: `
        export function relay(upstream: { name: string; inputSchema: object }[]) {
          return upstream.map((tool) => ({ name: tool.name, inputSchema: tool.inputSchema ?? { type: 'object' } }));
        }
      `,
    },
  ],
  invalid: [
    {
      name: 'a space: every client refuses it',
      code: `${SERVER}
        server.registerTool('search docs', { description: 'Search', inputSchema: { q: z.string() } }, async () => ({ content: [] }));
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'search docs', where: REGISTERED, clients: EVERY_CLIENT_SPACE }, line: AFTER_SERVER + 1, column: 29 }],
    },
    {
      name: "a dot, in the SDK's `tool()`: OpenAI and Anthropic refuse it",
      code: `${SERVER}
        server.tool('admin.tools.list', 'List the admin tools', {}, async () => ({ content: [] }));
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'admin.tools.list', where: 'registered by `server.tool()`', clients: DOT }, line: AFTER_SERVER + 1, column: 21 }],
    },
    {
      name: 'a name read from a const: the message names it, the report is at the registration',
      code: `${SERVER}
        const READ = 'files/read';
        server.registerTool(READ, { description: 'Read a file', inputSchema: { path: z.string() } }, async () => ({ content: [] }));
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'files/read', where: `${REGISTERED}, its name read from \`READ\``, clients: SLASH }, line: AFTER_SERVER + 2, column: 29 }],
    },
    {
      name: "an OpenAI function tool's name",
      code: `
        export const tools = [{ type: 'function', function: { name: 'get weather', description: 'Weather', parameters: { type: 'object', properties: {} } } }];
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'get weather', where: 'a tool definition', clients: EVERY_CLIENT_SPACE }, line: 2, column: 69 }],
    },
    {
      name: 'a tool keyed by name in a map used as tools: the key is the name',
      code: `
        import { generateText } from 'ai';
        await generateText({ model, tools: { 'web.search': { description: 'Search the web', parameters: { type: 'object' }, execute: async () => '' } } });
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'web.search', where: 'a tool keyed by name', clients: DOT }, line: 3, column: 46 }],
    },
    {
      name: "a tool definer's `id` (Mastra's createTool)",
      code: `
        import { createTool } from '@mastra/core/tools';
        export const weather = createTool({ id: 'get weather', description: 'Weather', inputSchema: { type: 'object' }, execute: async () => ({}) });
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'get weather', where: 'a tool definition', clients: EVERY_CLIENT_SPACE }, line: 3, column: 49 }],
    },
    {
      name: 'Gemini alone refuses a name starting with a digit',
      code: `
        export const tools = [{ name: '2fa_verify', description: 'Verify a code', input_schema: { type: 'object', properties: {} } }];
      `,
      errors: [
        {
          messageId: 'invalidToolName',
          data: { name: '2fa_verify', where: 'a tool definition', clients: 'Gemini (starting with `2`; allowed: letters, digits, `_`, `.`, `:` and `-`, starting with a letter or `_`)' },
          line: 2,
          column: 39,
        },
      ],
    },
    {
      name: 'too long for OpenAI and Gemini',
      code: `${SERVER}
        server.registerTool('${'x'.repeat(70)}', { description: 'x', inputSchema: {} }, async () => ({ content: [] }));
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'x'.repeat(70), where: REGISTERED, clients: 'OpenAI and Gemini (70 characters, over 64)' }, line: AFTER_SERVER + 1, column: 29 }],
    },
    {
      name: 'in JavaScript, through `require`',
      filename: 'server.js',
      code: `
        const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
        const server = new McpServer({ name: 'docs', version: '1.0.0' });
        server.tool('web search', 'Search the web', async () => ({ content: [] }));
      `,
      errors: [{ messageId: 'invalidToolName', data: { name: 'web search', where: 'registered by `server.tool()`', clients: EVERY_CLIENT_SPACE }, line: 4, column: 21 }],
    },
    {
      name: 'the second registration of one name on one server',
      code: `${SERVER}
        server.registerTool('search', { description: 'Search the docs', inputSchema: {} }, async () => ({ content: [] }));
        server.registerTool('search', { description: 'Search the blog', inputSchema: {} }, async () => ({ content: [] }));
      `,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'search', where: REGISTERED, firstLine: AFTER_SERVER + 1, registry: '`server`' }, line: AFTER_SERVER + 2, column: 29 }],
    },
    {
      name: "fastmcp's `addTool({ name })`: the server is the registry",
      code: `
        import { FastMCP } from 'fastmcp';
        const server = new FastMCP({ name: 'docs', version: '1.0.0' });
        server.addTool({ name: 'search', description: 'a', parameters: { type: 'object' }, execute: async () => '' });
        server.addTool({ name: 'search', description: 'b', parameters: { type: 'object' }, execute: async () => '' });
      `,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'search', where: 'registered by `server.addTool()`', firstLine: 4, registry: '`server`' }, line: 5, column: 32 }],
    },
    {
      name: 'two definitions of one name in one tool list',
      code: `
        export const tools = [
          { name: 'search', description: 'a', inputSchema: { type: 'object' } },
          { name: 'search', description: 'b', inputSchema: { type: 'object' } },
        ];
      `,
      errors: [{ messageId: 'duplicateToolName', data: { name: 'search', where: 'a tool definition', firstLine: 3, registry: 'this tool list' }, line: 4, column: 19 }],
    },
    {
      name: 'an empty description, in recommended',
      code: `
        export const tools = [{ name: 'get_weather', description: '', input_schema: { type: 'object', properties: {} } }];
      `,
      errors: [{ messageId: 'emptyToolDescription', data: { name: 'get_weather', where: 'a tool definition' }, line: 2, column: 67 }],
    },
    {
      name: 'a description of blanks, from a const',
      code: `${SERVER}
        const NONE = '  ';
        server.tool('search', NONE, { q: z.string() }, async () => ({ content: [] }));
      `,
      errors: [{ messageId: 'emptyToolDescription', data: { name: 'search', where: 'registered by `server.tool()`' }, line: AFTER_SERVER + 2, column: 31 }],
    },
    {
      name: 'a config passed by name: its description is followed',
      options: [{ requireDescription: true }],
      code: `${SERVER}
        const searchConfig = { description: '', inputSchema: { q: z.string() } };
        const fetchConfig = { inputSchema: { url: z.string() } };
        server.registerTool('search', searchConfig, async () => ({ content: [] }));
        server.registerTool('fetch', fetchConfig, async () => ({ content: [] }));
      `,
      errors: [
        { messageId: 'emptyToolDescription', data: { name: 'search', where: REGISTERED }, line: AFTER_SERVER + 1, column: 45 },
        { messageId: 'missingToolDescription', data: { name: 'fetch', where: REGISTERED }, line: AFTER_SERVER + 4, column: 29 },
      ],
    },
    {
      name: 'no description, with requireDescription (opt-in)',
      options: [{ requireDescription: true }],
      code: `${SERVER}
        server.registerTool('search', { inputSchema: { q: z.string() } }, async () => ({ content: [] }));
        server.tool('fetch', { url: z.string() }, async () => ({ content: [] }));
      `,
      errors: [
        { messageId: 'missingToolDescription', data: { name: 'search', where: REGISTERED }, line: AFTER_SERVER + 1, column: 29 },
        { messageId: 'missingToolDescription', data: { name: 'fetch', where: 'registered by `server.tool()`' }, line: AFTER_SERVER + 2, column: 21 },
      ],
    },
  ],
});
