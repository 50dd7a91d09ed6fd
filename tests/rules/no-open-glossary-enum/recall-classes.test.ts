import { join } from 'node:path';
import rule from '../../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../../rule-tester.js';
import { writeProject } from '../../resolution/disk-project.js';

// The enum classes of issue 30 (sections 3 and 4), in both directions: in strict, an enum built by
// a schema library, or a JSON Schema `enum` in an object that is a JSON Schema by its shape, is a
// schema by what it is and a gate wherever it ends up (the enum's file rarely holds the tool), so
// an unmarked table is reported with no sink in view and the message says where the schema stands;
// a table completed from a dependency names the package. The exclusions that were right stay:
// lists the server routes on, a schema used only to parse what the program receives, an
// elicitation form, an `{ enum }` object that is no schema. recommended keeps reporting glossary
// tables only.

const STRICT = [{ reportUnmarkedTables: true }] as const;

function unmarked(table: string, location: string, sink: string, line: number, column: number, suggestions: { count: string; output: string }[]) {
  return {
    messageId: 'unmarkedTableEnum' as const,
    data: { table, location, sink },
    line,
    column,
    suggestions: suggestions.map(({ count, output }) => ({ messageId: 'describeValues' as const, data: { count }, output })),
  };
}

const SORT_KEYS = "const SORT_KEYS = ['name', 'created', 'updated'] as const;\n";
const EXPORTED_ZOD = `import { z } from 'zod';\n${SORT_KEYS}export const ListArgs = z.object({ sort: z.enum(SORT_KEYS).optional() });`;
const JSON_PROPERTIES = `${SORT_KEYS}export const listSchema = { type: 'object', properties: { sort: { enum: SORT_KEYS } }, additionalProperties: false };`;
const HELD_JSON = `const REGIONS = ['us-east-1', 'eu-west-1'];\nconst regionSchema = { type: 'string', enum: REGIONS };\nregister(regionSchema);`;
const ARGS_SHAPE = `import { z } from 'zod';
const modelsSupportingAutoEmbed = ['voyage-3', 'voyage-3-lite'];
export class CreateIndexTool extends ToolBase {
  protected argsShape() {
    return { model: z.enum(modelsSupportingAutoEmbed as [string, ...string[]]) };
  }
}`;
const DESCRIBED_EXPORT = `import { z } from 'zod';
const MARKETPLACES = { enumPolicy: 'described', values: [{ code: 'US' }, { code: 'UK' }] };
export const SearchArgs = z.object({ marketplace: z.enum(MARKETPLACES.values.map((v) => v.code) as [string, ...string[]]) });`;

// A dependency's table, read from an installed package: its values are not statically known.
const DEPENDENCY_ROOT = writeProject({
  'node_modules/preset-regions/package.json': JSON.stringify({ name: 'preset-regions', main: './index.js' }),
  'node_modules/preset-regions/index.js': "exports.PresetRegions = { eu: 'Europe', us: 'United States' };\n",
});
const DEPENDENCY_FILE = join(DEPENDENCY_ROOT, 'src', 'regions.ts');
/** RuleTester lints an absolute filename with `/` as the working directory: locations come out without the leading `/`. */
const DEPENDENCY_LOCATION = `${DEPENDENCY_FILE.slice(1).split('\\').join('/')}:2`;
const COMPLETED_FROM_DEPENDENCY = `import { z } from 'zod';
import { PresetRegions } from 'preset-regions';
const REGIONS = [...Object.keys(PresetRegions), 'custom'];
export const RegionArgs = z.object({ region: z.enum(REGIONS as [string, ...string[]]) });`;

ruleTester.run('no-open-glossary-enum: issue 30 recall classes', rule, {
  valid: [
    {
      name: 'recommended: an exported schema with an unmarked list is left to strict',
      code: EXPORTED_ZOD,
    },
    {
      name: 'recommended: a dependency table completed with a value is left to strict',
      filename: DEPENDENCY_FILE,
      code: COMPLETED_FROM_DEPENDENCY,
    },
    {
      name: 'strict: an `{ enum }` object in no JSON Schema and at no sink is any object (a CLI option table)',
      code: `${SORT_KEYS}export const cliOptions = { sort: { enum: SORT_KEYS, alias: 's' } };`,
      options: STRICT,
    },
    {
      name: "strict: a schema used only to parse the program's own API responses",
      code: `import { z } from 'zod';\n${SORT_KEYS}const PageSchema = z.object({ sortedBy: z.enum(SORT_KEYS) });\nexport async function fetchPage(url: string) {\n  return PageSchema.parse(await (await fetch(url)).json());\n}`,
      options: STRICT,
    },
    {
      name: 'strict: an elicitation form lists the choices to a human; it hides no gate',
      code: `${SORT_KEYS}export async function ask(server: Server) {\n  return server.elicitInput({ message: 'Sort by?', requestedSchema: { type: 'object', properties: { sort: { type: 'string', enum: SORT_KEYS } } } });\n}`,
      options: STRICT,
    },
    {
      name: 'strict: an exported schema from a list the module routes on is closed by construction',
      code: `import { z } from 'zod';\n${SORT_KEYS}export const ListArgs = z.object({ sort: z.enum(SORT_KEYS) });\nexport function compare(key: string) {\n  switch (key) {\n    case 'name': return byName;\n    case 'created': return byCreated;\n    case 'updated': return byUpdated;\n  }\n}`,
      options: STRICT,
    },
    {
      name: 'strict: an exported schema from a TypeScript enum the module switches on',
      code: `import { z } from 'zod';\nenum Action { List = 'list', Get = 'get' }\nexport const ActArgs = z.object({ action: z.nativeEnum(Action) });\nexport function act(action: Action) {\n  switch (action) {\n    case Action.List: return list();\n    case Action.Get: return get();\n  }\n}`,
      options: STRICT,
    },
    {
      name: 'strict: an inline list in an exported schema is the author’s own',
      code: "import { z } from 'zod';\nexport const ListArgs = z.object({ order: z.enum(['asc', 'desc']) });",
      options: STRICT,
    },
  ],
  invalid: [
    {
      name: 'strict: an exported zod schema in a module without a tool (the tool module imports it)',
      code: EXPORTED_ZOD,
      options: STRICT,
      errors: [
        unmarked('SORT_KEYS', 'file.ts:2', 'exported as `ListArgs`', 3, 49, [
          { count: '3', output: EXPORTED_ZOD.replace('enum(SORT_KEYS)', "string().describe(`One of: ${SORT_KEYS.join(', ')}.`)") },
        ]),
      ],
    },
    {
      name: 'strict: a JSON Schema enum under `properties` of an exported JSON Schema',
      code: JSON_PROPERTIES,
      options: STRICT,
      errors: [
        unmarked('SORT_KEYS', 'file.ts:1', 'exported as `listSchema`', 2, 73, [
          { count: '3', output: JSON_PROPERTIES.replace('enum: SORT_KEYS', "type: 'string', description: `One of: ${SORT_KEYS.join(', ')}.`") },
        ]),
      ],
    },
    {
      name: 'strict: a JSON Schema by its type, held by a const and handed to code out of sight',
      code: HELD_JSON,
      options: STRICT,
      errors: [
        unmarked('REGIONS', 'file.ts:1', 'held by `regionSchema`', 2, 46, [
          { count: '2', output: HELD_JSON.replace("type: 'string', enum: REGIONS", "type: 'string', description: `One of: ${REGIONS.join(', ')}.`") },
        ]),
      ],
    },
    {
      name: "strict: a tool class's argsShape(), registered by a base class in another package (mongodb-mcp-server)",
      code: ARGS_SHAPE,
      options: STRICT,
      errors: [
        unmarked('modelsSupportingAutoEmbed', 'file.ts:2', 'returned by `argsShape()`', 5, 28, [
          { count: '2', output: ARGS_SHAPE.replace('enum(modelsSupportingAutoEmbed as [string, ...string[]])', "string().describe(`One of: ${modelsSupportingAutoEmbed.join(', ')}.`)") },
        ]),
      ],
    },
    {
      name: 'strict: a module-level table completed from a dependency names the package',
      filename: DEPENDENCY_FILE,
      code: COMPLETED_FROM_DEPENDENCY,
      options: STRICT,
      // The dependency's values are not known: no description can be written out.
      errors: [unmarked('PresetRegions (package preset-regions)', DEPENDENCY_LOCATION, 'exported as `RegionArgs`', 4, 53, [])],
    },
    {
      name: 'recommended: a described table in an exported schema without a tool is still open',
      code: DESCRIBED_EXPORT,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: { table: 'MARKETPLACES', policy: 'described', location: 'file.ts:2' },
          line: 3,
          column: 58,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: DESCRIBED_EXPORT.replace('enum(MARKETPLACES.values.map((v) => v.code) as [string, ...string[]])', "string().describe(`One of: ${MARKETPLACES.values.map((v) => v.code).join(', ')}.`)"),
            },
          ],
        },
      ],
    },
  ],
});
