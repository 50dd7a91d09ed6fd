import rule from '../../../rules/no-schema-helper-throw.js';
import { ruleTester } from '../../rule-tester.js';

// The no-schema-helper-throw classes of issue 30, in both directions. A name is a hint: a tool
// handler named for the database schema it reads (`describeTableSchema`, `runSchemaMigration`)
// answers a tool's call, and its throw becomes the call's error result; a function that returns
// or builds a schema is a helper whatever its name says.

function panic(helper: string, reason: string, construct: string, line: number, column: number) {
  return { messageId: 'panicInSchemaHelper' as const, data: { helper, reason, construct }, line, column };
}

ruleTester.run('no-schema-helper-throw: issue 30 recall classes', rule, {
  valid: [
    {
      // It passes on the schema it is given; the throw reports a bad argument, and the schema was built elsewhere.
      name: 'a tool definer that passes its input schema on unchanged',
      code: `export function defineTool(options) {
  if (options.inputSchema.type !== 'object') throw new Error('the schema of ' + options.name + ' must be an object');
  return { type: 'custom', name: options.name, input_schema: options.inputSchema, run: options.run };
}`,
    },
    {
      // A lookup's result is read, not built: a name is a hint only when it says a schema is made.
      name: 'a tool definer whose inputSchema is the result of a call named for something else',
      code: `export function toolFor(name) {
  const entry = registry.get(name);
  if (!entry) throw new Error('unknown tool ' + name);
  return { name, description: entry.description, inputSchema: readStored(entry) };
}`,
    },
    {
      // LangChain's fake chat model: each provider's format, and a throw for a style it does not know.
      name: 'an adapter that returns a tool definition for only some of the formats it chooses between',
      code: `export const toolDicts = tools.map((tool) => {
  switch (style) {
    case 'anthropic': return { name: tool.name, input_schema: toJsonSchema(tool.schema) };
    case 'openai': return { type: 'function', function: { name: tool.name, parameters: toJsonSchema(tool.schema) } };
    default: throw new Error('Unsupported tool style: ' + style);
  }
});`,
    },
    {
      name: "a function returning an object whose other keys hold a schema, under no tool's schema key",
      code: `export function describeRequest(route) {
  if (!route) throw new Error('no route');
  return { path: route.path, body: { type: 'object', properties: route.fields } };
}`,
    },
    {
      name: 'a database tool handler written in the registration, named for the table schema it reads',
      code: `server.registerTool('describe_table', { description: 'Describe a table', inputSchema: { table: z.string() } }, async function describeTableSchema({ table }) {
  const columns = await db.query('select * from information_schema.columns where table_name = $1', [table]);
  if (columns.length === 0) throw new Error('no table ' + table);
  return { content: [{ type: 'text', text: JSON.stringify(columns) }] };
});`,
    },
    {
      name: 'a migration tool handler passed by name to server.tool()',
      code: `async function runSchemaMigration(args) {
  if (!args.version) throw new Error('version required');
  await migrate(args.version);
  return { content: [{ type: 'text', text: 'migrated' }] };
}
server.tool('migrate', { version: z.string() }, runSchemaMigration);`,
    },
    {
      name: "a tool definition's handler named for a schema",
      code: `export const tableSchemaTool = {
  name: 'table_schema',
  description: 'Columns of a table',
  inputSchema: { type: 'object', properties: { table: { type: 'string' } } },
  handler: async function tableSchema(args) {
    if (!args.table) throw new Error('table required');
    return formatColumns(await db.all('pragma table_info(' + args.table + ')'));
  },
};`,
    },
    {
      name: 'a function returning a tool result is no schema helper, whatever its name',
      code: `export async function getSchema(name) {
  const found = await catalog.lookup(name);
  if (!found) throw new Error('unknown schema ' + name);
  return { content: [{ type: 'text', text: found.ddl }] };
}`,
    },
    {
      name: 'a handler registered in a tool definition, named for the schema it loads',
      code: `export const schemaTool = {
  name: 'schema_for',
  description: 'The stored schema of a table',
  inputSchema: { type: 'object', properties: { table: { type: 'string' } } },
  handler: async function schemaFor(args) {
    if (!args.table) throw new Error('table required');
    return loadStored(args.table);
  },
};`,
    },
    {
      name: "a schema read from a database's rows is built elsewhere",
      code: `export async function loadSchema(name: string) {
  const result = await pool.query('select definition from schemas where name = $1', [name]);
  if (result.rows.length === 0) throw new Error('no stored schema ' + name);
  return result.rows;
}`,
    },
    {
      name: "a table's schema (a data store's word before schema) read from a database",
      code: `export async function getTableSchema(table: string) {
  const result = await pool.query('select column_name, data_type from information_schema.columns where table_name = $1', [table]);
  if (result.rows.length === 0) throw new Error('no such table ' + table);
  return result.rows;
}`,
    },
    {
      name: 'a schema migration that returns a report of what it did',
      code: `export async function runSchemaMigration(db, target) {
  const current = await db.get('select version from schema_version');
  if (current.version > target) throw new Error('cannot migrate down');
  await db.exec(MIGRATIONS[target]);
  return { from: current.version, to: target };
}`,
    },
  ],
  invalid: [
    {
      // The Anthropic SDK's `betaZodTool`: no schema in its name, a converted one in its result.
      name: 'a tool definer that returns a tool whose input_schema it converts',
      code: `import { z } from 'zod';
export function defineZodTool(options) {
  const converted = z.toJSONSchema(options.inputSchema, { reused: 'ref' });
  if (converted.type !== 'object') throw new Error('the schema of ' + options.name + ' must be an object');
  return { type: 'custom', name: options.name, input_schema: converted, run: options.run };
}`,
      errors: [panic('defineZodTool', 'it returns a tool definition whose `input_schema` it builds', '`throw new Error(…)`', 4, 36)],
    },
    {
      name: 'a tool definer that returns, through a constant, a tool whose inputSchema it writes',
      code: `export function searchTool(fields) {
  if (fields.length === 0) throw new Error('a search without fields');
  const tool = { name: 'search', description: 'Search', inputSchema: { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, { type: 'string' }])) } };
  return tool;
}`,
      errors: [panic('searchTool', 'it returns a tool definition whose `inputSchema` it builds', '`throw new Error(…)`', 2, 28)],
    },
    {
      // Composio's `createCustomTool`: the converter is the project's own, named for what it makes.
      name: 'a tool definer whose inputSchema is the result of a call named for the schema it makes',
      code: `import { zodObjectSchemaToJsonSchema } from './convert.js';
export function createCustomTool(slug, options) {
  if (!options.inputParams) throw new ValidationError('createCustomTool: inputParams is required');
  const inputSchema = zodObjectSchemaToJsonSchema(options.inputParams, 'input');
  return { slug, name: options.name, description: options.description, inputSchema, execute: options.execute };
}`,
      errors: [panic('createCustomTool', 'it returns a tool definition whose `inputSchema` it builds', '`throw new ValidationError(…)`', 3, 29)],
    },
    {
      name: 'a builder a tool handler calls is a helper: the handler is not, the builder is',
      code: `export const tool = { name: 'schema', description: 'd', inputSchema: {}, async handler(args) { return buildSchema(args); } };
function buildSchema(fields) {
  if (!fields) throw new Error('no fields');
  return { type: 'object', properties: fields };
}`,
      errors: [panic('buildSchema', 'it returns a JSON Schema', '`throw new Error(…)`', 3, 16)],
    },
    {
      name: "a JSON Schema built from a table's columns is a schema by what it is, whatever the name says",
      code: `export function getTableSchema(columns) {
  if (columns.length === 0) throw new Error('a table without columns');
  return { type: 'object', properties: Object.fromEntries(columns.map((column) => [column.name, { type: column.type }])) };
}`,
      errors: [panic('getTableSchema', 'it returns a JSON Schema', '`throw new Error(…)`', 2, 29)],
    },
    {
      name: 'a helper named for the tool schema it builds, not registered as a handler',
      code: `export function toolSchema(def) {
  if (!def.args) throw new Error('tool ' + def.name + ' has no arguments');
  return marshal(def.args);
}`,
      errors: [panic('toolSchema', 'named for the schema it builds', '`throw new Error(…)`', 2, 18)],
    },
  ],
});
