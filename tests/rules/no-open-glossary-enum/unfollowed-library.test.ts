import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll } from 'vitest';
import rule from '../../../rules/no-open-glossary-enum.js';
import { MAX_MODULE_BYTES } from '../../../src/analysis/modules/module-graph.js';
import { ruleTester } from '../../rule-tester.js';

// chrome-devtools-mcp imports zod from its own 7.9 MB bundle (`third_party/index.js`), past the
// module read limit: the analysis cannot show `zod` is zod, and strict found none of its six gates.
// A binding named as a library's namespace, imported from a project module that was not read
// (too large, not text, or unparseable), counts as that library where the schema it builds
// stands in a tool's schema; a module that was read says itself what it exports.

const STRICT = [{ reportUnmarkedTables: true }] as const;

const root = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-unfollowed-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));
function write(path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}
// Past the read limit by one byte of a comment: the bundle's size alone keeps it unread.
const BUNDLE_HEAD = "export { z as zod, z, Type } from 'zod';\nexport const PredefinedNetworkConditions = { 'Slow 3G': {}, 'Fast 3G': {} };\n";
write('src/third_party/index.js', `${BUNDLE_HEAD}/*${'x'.repeat(MAX_MODULE_BYTES - BUNDLE_HEAD.length)}*/\n`);
write('src/broken/index.js', "export { z } from 'zod';\nexport const = ;\n");
write('src/broken-quiet/index.js', 'export const v = (;\n');
write('src/readable/index.js', 'export const zod = { enum: (values) => values, string: () => ({}) };\n');

const tool = join(root, 'src/tools/tool.ts');
/** RuleTester's working directory is `/` for an absolute filename: locations are relative to it. */
const at = (line: number): string => `${relative('/', tool).split('\\').join('/')}:${line}`;
const BIG = 'larger than 2 MiB, the analysis\'s read limit';

const CONSOLE = `import { zod } from '../third_party/index.js';
import { definePageTool } from './ToolDefinition.js';
const TYPES = ['log', 'debug', 'info'];
export const list = definePageTool(() => ({
  name: 'list_console_messages',
  description: 'List console messages.',
  schema: {
    types: zod.array(zod.enum(TYPES)).optional().describe('Filter by type.'),
  },
}));`;

const EMULATION = `import { zod, PredefinedNetworkConditions } from '../third_party/index.js';
import { definePageTool } from './ToolDefinition.js';
const throttlingOptions = ['Offline', ...Object.keys(PredefinedNetworkConditions)];
export const emulate = definePageTool(() => ({
  name: 'emulate',
  description: 'Emulate.',
  schema: {
    networkConditions: zod.enum(throttlingOptions).optional().describe('Throttle network.'),
  },
}));`;

const BROKEN = `import { z } from '../broken/index.js';
const SORTS = ['asc', 'desc'];
export const search = defineTool({ name: 'search', description: 'Search.', schema: { sort: z.enum(SORTS) } });`;

const TYPEBOX = `import { Type } from '../third_party/index.js';
const MODES = ['fast', 'slow'];
server.registerTool('mode', { description: 'd', inputSchema: Type.Object({ mode: Type.Union(MODES.map(Type.Literal)) }) }, run);`;

/** The console tool with `zod` taken from `specifier` under `name`. */
const consoleFrom = (specifier: string, name = 'zod'): string =>
  CONSOLE.replace("import { zod } from '../third_party/index.js';", `import { ${name === 'zod' ? 'zod' : `zod as ${name}`} } from '${specifier}';`).replaceAll('zod.', `${name}.`);

const data = (table: string, line: number, sink: string, overrides: Record<string, string> = {}) => ({
  table,
  location: at(line),
  sink,
  binding: 'zod',
  library: 'zod',
  module: '../third_party/index.js',
  reason: BIG,
  ...overrides,
});

ruleTester.run('no-open-glossary-enum: a library imported from a module the analysis did not read', rule, {
  valid: [
    { name: 'recommended: unmarked tables are strict-only, here too', filename: tool, code: CONSOLE },
    {
      name: 'a module that was read and exports no library: its own `zod` is not zod',
      filename: tool,
      code: consoleFrom('../readable/index.js'),
      options: STRICT,
    },
    {
      name: 'an unparseable module whose text names no schema library cannot pass one on',
      filename: tool,
      code: `import { v } from '../broken-quiet/index.js';\nconst KINDS = ['a', 'b'];\nexport const t = defineTool({ name: 't', description: 'd', schema: { kind: v.picklist(KINDS) } });`,
      options: STRICT,
    },
    {
      name: 'a name no library is imported under is no hint',
      filename: tool,
      code: consoleFrom('../third_party/index.js', 'lib'),
      options: STRICT,
    },
    {
      name: 'no evidence that the enum is a schema: it goes nowhere the sink model knows',
      filename: tool,
      code: `import { zod } from '../third_party/index.js';\nconst TYPES = ['log', 'debug'];\nexport const types = zod.enum(TYPES);`,
      options: STRICT,
    },
    {
      name: 'inside a JSON Schema literal a library schema has no place: the name misled',
      filename: tool,
      code: `import { z } from '../third_party/index.js';\nconst TYPES = ['log', 'debug'];\nexport const t = { name: 't', inputSchema: { type: 'object', properties: { type: z.enum(TYPES) } } };`,
      options: STRICT,
    },
    {
      name: 'an open union documents the values without gating them',
      filename: tool,
      code: `import { zod } from '../third_party/index.js';\nconst TYPES = ['log', 'debug'];\nexport const t = defineTool({ name: 't', schema: { type: zod.union([zod.enum(TYPES), zod.string()]), other: zod.enum(TYPES).or(zod.string().min(1)) } });`,
      options: STRICT,
    },
    {
      name: 'a list the server routes on stays closed by construction',
      filename: tool,
      code: `import { zod } from '../third_party/index.js';\nconst FILTERS = ['retained', 'detached'];\nexport const t = defineTool({ name: 't', schema: { filter: zod.enum(FILTERS) }, handler: (p) => (FILTERS.includes(p.filter) ? run(p) : undefined) });`,
      options: STRICT,
    },
    {
      name: 'an inline list is the author\'s own choice',
      filename: tool,
      code: `import { zod } from '../third_party/index.js';\nexport const t = defineTool({ name: 't', schema: { scheme: zod.enum(['dark', 'light']) } });`,
      options: STRICT,
    },
  ],
  invalid: [
    {
      name: "strict: chrome-devtools-mcp's console filter, zod from a bundle past the read limit",
      filename: tool,
      code: CONSOLE,
      options: STRICT,
      errors: [
        {
          messageId: 'unfollowedLibraryEnum',
          data: data('TYPES', 3, "advertised as `list_console_messages`'s schema"),
          line: 8,
          column: 31,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '3' },
              output: CONSOLE.replace('zod.enum(TYPES)', "zod.string().describe(`One of: ${TYPES.join(', ')}.`)"),
            },
          ],
        },
      ],
    },
    {
      name: "strict: a dependency's table from the same unread bundle, completed by hand, is named by its import",
      filename: tool,
      code: EMULATION,
      options: STRICT,
      errors: [
        {
          messageId: 'unfollowedLibraryEnum',
          data: data('PredefinedNetworkConditions (module ../third_party/index.js, not read)', 1, "advertised as `emulate`'s schema"),
          line: 8,
          column: 33,
          suggestions: [],
        },
      ],
    },
    {
      name: 'strict: a barrel that does not parse, in a definer call',
      filename: tool,
      code: BROKEN,
      options: STRICT,
      errors: [
        {
          messageId: 'unfollowedLibraryEnum',
          data: data('SORTS', 2, "advertised as `search`'s schema", { binding: 'z', module: '../broken/index.js', reason: 'it does not parse' }),
          line: 3,
          column: 99,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: BROKEN.replace('z.enum(SORTS)', "z.string().describe(`One of: ${SORTS.join(', ')}.`)"),
            },
          ],
        },
      ],
    },
    {
      name: "strict: TypeBox's union of literals, inside the same library's object, at a registration's inputSchema",
      filename: tool,
      code: TYPEBOX,
      options: STRICT,
      errors: [
        {
          messageId: 'unfollowedLibraryEnum',
          data: data('MODES', 2, "advertised as `mode`'s inputSchema", { binding: 'Type', library: 'TypeBox' }),
          line: 3,
          column: 93,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: TYPEBOX.replace('Type.Union(MODES.map(Type.Literal))', "Type.String({ description: `One of: ${MODES.join(', ')}.` })"),
            },
          ],
        },
      ],
    },
  ],
});
