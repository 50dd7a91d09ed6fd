import { join, relative } from 'node:path';
import rule from '../../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../../rule-tester.js';

/** A tool module beside a table module and two modules importing the table (tests/fixtures/glossary/src/routing). */
const ROUTING = relative(process.cwd(), join(import.meta.dirname, '..', '..', 'fixtures', 'glossary', 'src', 'routing')).split('\\').join('/');
const TOOL_FILE = `${ROUTING}/tool.ts`;

// The strict classes of issue 18, in both directions: a TypeScript enum the server owns and
// switches on, and a small const list its own code routes on, are closed by construction; a table
// copied into an enum that nothing routes on is still a hidden gate; a schema used only to parse
// what the program receives (a webhook) is left alone. The message names the sink. (Since issue 30
// an enum whose schema has no sink in view is reported too: see recall-classes.test.ts.)

const STRICT = [{ reportUnmarkedTables: true }] as const;

ruleTester.run('no-open-glossary-enum: strict, routed lists', rule, {
  valid: [
    {
      name: "a response parser's enum, its schema going nowhere a tool's input goes (@composio/core webhooks)",
      code: `import { z } from 'zod';
const AuthSchemeTypes = { OAUTH2: 'OAUTH2', API_KEY: 'API_KEY' } as const;
export const WebhookAuthConfigSchema = z.object({ id: z.string(), auth_scheme: z.nativeEnum(AuthSchemeTypes) }).passthrough();
export const parseWebhook = (body: unknown) => WebhookAuthConfigSchema.parse(body);`,
      options: STRICT,
    },
    {
      name: 'a TypeScript enum the server switches on',
      code: `import { z } from 'zod';
enum Action { List = 'list', Get = 'get', Delete = 'delete' }
export const input = z.object({ action: z.nativeEnum(Action) });
server.registerTool('act', { inputSchema: { action: z.nativeEnum(Action) } }, handle);
export function handle(args: { action: Action }) {
  switch (args.action) {
    case Action.List: return list();
    case Action.Get: return get();
    case Action.Delete: return remove();
  }
}`,
      options: STRICT,
    },
    {
      name: 'a TypeScript enum keying a handler map',
      code: `enum Mode { Fast = 'fast', Thorough = 'thorough' }
const handlers = { [Mode.Fast]: fast, [Mode.Thorough]: thorough };
export const search = { name: 'search', inputSchema: { type: 'object', properties: { mode: { type: 'string', enum: Object.values(Mode) } } } };`,
      options: STRICT,
    },
    {
      name: 'a two-value list shared with a routing check (firecrawl-mcp catalogueTypes)',
      code: `import { z } from 'zod';
const catalogueTypes = ['alexandria', 'exchange'];
export const searchSource = z.union([z.enum(['web', 'images', 'news', ...catalogueTypes]), z.object({ type: z.string() })]);
export const search = { name: 'search', description: 'Search', inputSchema: z.object({ sources: z.array(searchSource) }) };
export function hasCatalogue(sources: string[]) {
  return sources.some((source) => catalogueTypes.includes(source));
}`,
      options: STRICT,
    },
    {
      name: 'a list of actions whose values the handler switches on',
      code: `import { z } from 'zod';
const ACTIONS = ['list', 'get'] as const;
server.registerTool('act', { inputSchema: { action: z.enum(ACTIONS) } }, handle);
export function handle(action: string) {
  switch (action) {
    case 'list': return list();
    case 'get': return get();
  }
}`,
      options: STRICT,
    },
    {
      name: 'a long list the server checks membership in itself (@openai/agents-core SUPPORTED_SCHEMA_VERSIONS)',
      code: `import { z } from 'zod';
export const VERSIONS = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '1.7', '1.8', '1.9', '1.10', '1.11', '1.12', '1.13', '1.14', '1.15', '1.16', '1.17'];
server.registerTool('load', { inputSchema: { version: z.enum(VERSIONS as [string, ...string[]]) } }, load);
export function load(state: { version: string }) {
  if (!VERSIONS.includes(state.version)) throw new Error('unsupported state version');
  return version.parse(state.version);
}`,
      options: STRICT,
    },
    {
      name: "a list written member by member from the server's own constants (@composio/core)",
      code: `import { z } from 'zod';
export const Statuses = { INITIATED: 'INITIATED', ACTIVE: 'ACTIVE', FAILED: 'FAILED' } as const;
server.registerTool('status', { inputSchema: { status: z.enum([Statuses.INITIATED, Statuses.ACTIVE, Statuses.FAILED]) } }, status);`,
      options: STRICT,
    },
    {
      name: 'feature groups defaulting a set the server tests (supabase-mcp-server)',
      code: `import { z } from 'zod';
const FEATURES = ['docs', 'account', 'database'];
server.registerTool('enable', { inputSchema: { feature: z.enum(FEATURES as [string, ...string[]]) } }, enable);
export function enabled(options: { features?: string[] }, group: string) {
  return new Set(options.features ?? FEATURES).has(group);
}`,
      options: STRICT,
    },
    {
      name: "a table of records the tool's handler module looks the value up in (@apify/actors-mcp-server DOCS_SOURCES)",
      filename: TOOL_FILE,
      code: `import { z } from 'zod';
import { DOCS_SOURCES } from './sources.js';
import { searchDocs } from './search-docs.js';
server.registerTool('search_docs', { inputSchema: { docSource: z.enum(DOCS_SOURCES.map((source) => source.id) as [string, ...string[]]) } }, ({ docSource }) => searchDocs(docSource, ''));`,
      options: STRICT,
    },
  ],
  invalid: [
    {
      name: 'the same const object in a schema registered as a tool input',
      code: `import { z } from 'zod';
const AuthSchemeTypes = { OAUTH2: 'OAUTH2', API_KEY: 'API_KEY' } as const;
server.registerTool('connect', { inputSchema: { auth_scheme: z.nativeEnum(AuthSchemeTypes) } }, connect);`,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'AuthSchemeTypes', location: 'file.ts:2', sink: "advertised as `connect`'s inputSchema" },
          line: 3,
          column: 75,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: `import { z } from 'zod';
const AuthSchemeTypes = { OAUTH2: 'OAUTH2', API_KEY: 'API_KEY' } as const;
server.registerTool('connect', { inputSchema: { auth_scheme: z.string().describe(\`One of: \${Object.values(AuthSchemeTypes).join(', ')}.\`) } }, connect);`,
            },
          ],
        },
      ],
    },
    {
      name: 'a TypeScript enum nothing routes on, advertised as a tool schema',
      code: `import { z } from 'zod';
enum Region { UsEast = 'us-east-1', EuWest = 'eu-west-1' }
export const search = { name: 'search', inputSchema: z.object({ region: z.nativeEnum(Region) }) };`,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'Region', location: 'file.ts:2', sink: "advertised as `search`'s inputSchema" },
          line: 3,
          column: 86,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: `import { z } from 'zod';
enum Region { UsEast = 'us-east-1', EuWest = 'eu-west-1' }
export const search = { name: 'search', inputSchema: z.object({ region: z.string().describe(\`One of: \${Object.values(Region).join(', ')}.\`) }) };`,
            },
          ],
        },
      ],
    },
    {
      name: 'a hand-kept list of vendor models that nothing routes on (mongodb-mcp-server)',
      code: `const MODELS = ['voyage-4', 'voyage-4-large', 'voyage-code-3'];
export const embed = { name: 'embed', inputSchema: { type: 'object', properties: { model: { type: 'string', enum: MODELS } } } };`,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'MODELS', location: 'file.ts:1', sink: "advertised as `embed`'s inputSchema" },
          line: 2,
          column: 115,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '3' },
              output: `const MODELS = ['voyage-4', 'voyage-4-large', 'voyage-code-3'];
export const embed = { name: 'embed', inputSchema: { type: 'object', properties: { model: { type: 'string', description: \`One of: \${MODELS.join(', ')}.\` } } } };`,
            },
          ],
        },
      ],
    },
    {
      name: 'a table an imported module only turns into text is still a copied table',
      filename: TOOL_FILE,
      code: `import { z } from 'zod';
import { REGIONS } from './sources.js';
import { regionList } from './describe-regions.js';
server.registerTool('launch', { description: regionList, inputSchema: { region: z.enum(REGIONS as [string, ...string[]]) } }, launch);`,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'REGIONS', location: `${ROUTING}/sources.ts:8`, sink: "advertised as `launch`'s inputSchema" },
          line: 4,
          column: 88,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: `import { z } from 'zod';
import { REGIONS } from './sources.js';
import { regionList } from './describe-regions.js';
server.registerTool('launch', { description: regionList, inputSchema: { region: z.string().describe(\`One of: \${REGIONS.join(', ')}.\`) } }, launch);`,
            },
          ],
        },
      ],
    },
    {
      name: 'a long table the server only turns into text is still a copied table',
      code: `const REGIONS = ['r1', 'r2', 'r3'];
const schema = { type: 'string', enum: REGIONS };
export const label = REGIONS.map((region) => region.toUpperCase()).join(', ');
export const launch = { name: 'launch', description: 'd', inputSchema: { type: 'object', properties: { region: schema } } };`,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'REGIONS', location: 'file.ts:1', sink: "advertised as `launch`'s inputSchema" },
          line: 2,
          column: 40,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '3' },
              output: `const REGIONS = ['r1', 'r2', 'r3'];
const schema = { type: 'string', description: \`One of: \${REGIONS.join(', ')}.\` };
export const label = REGIONS.map((region) => region.toUpperCase()).join(', ');
export const launch = { name: 'launch', description: 'd', inputSchema: { type: 'object', properties: { region: schema } } };`,
            },
          ],
        },
      ],
    },
    {
      name: "a const object's values taken in whole (Object.values) come from the table",
      code: `import { z } from 'zod';
const Statuses = { ACTIVE: 'ACTIVE', FAILED: 'FAILED' } as const;
export const status = z.enum(Object.values(Statuses) as [string, ...string[]]);
server.registerTool('status', { inputSchema: { status } }, report);`,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'Statuses', location: 'file.ts:2', sink: "advertised as `status`'s inputSchema" },
          line: 3,
          column: 30,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: `import { z } from 'zod';
const Statuses = { ACTIVE: 'ACTIVE', FAILED: 'FAILED' } as const;
export const status = z.string().describe(\`One of: \${Object.values(Statuses).join(', ')}.\`);
server.registerTool('status', { inputSchema: { status } }, report);`,
            },
          ],
        },
      ],
    },
  ],
});
