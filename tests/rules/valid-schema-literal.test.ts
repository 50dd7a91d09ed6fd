import { join, relative } from 'node:path';
import { describe } from 'vitest';
import rule from '../../rules/valid-schema-literal.js';
import { ruleTester } from '../rule-tester.js';

/** Relative to the working directory, like every other fixture-backed suite (ESLint's cwd is `/` otherwise). */
const FIXTURES = relative(process.cwd(), join(import.meta.dirname, 'valid-schema-literal', 'fixtures')).split('\\').join('/');
/** RuleTester lints inline code as if it were this file, so `./schemas.js` reaches the fixture. */
const consumer = `${FIXTURES}/consumer.ts`;

const DID_YOU_MEAN = (keyword: string) => ` (did you mean \`${keyword}\`?)`;

/** The specification's words, as the MCP root messages quote them. */
const INPUT_ROOT_REQUIREMENT = 'the MCP specification requires it ("Tool arguments are always JSON objects, so `type: "object"` is required at the root")';
const ELICITATION_ROOT_REQUIREMENT =
  'the MCP specification types `requestedSchema` as `type: "object"` ("A restricted subset of JSON Schema. Only top-level properties are allowed, without nesting."), and clients built on the MCP SDK reject the request';
const ELICITATION = 'requested from the user by an elicitation';
const OUTPUT_ROOT_REQUIREMENT =
  'MCP 2025-11-25 requires it ("Currently restricted to type: "object" at the root level"), so clients of that revision reject the tool, though 2026-07-28 allows any root';

ruleTester.run('valid-schema-literal', rule, {
  valid: [
    {
      name: 'a valid MCP tool input schema',
      code: `
server.registerTool('search', {
  description: 'Search the catalogue',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 1, description: 'Search text' },
      page: { type: 'integer', minimum: 1, default: 1 },
      tags: { type: 'array', items: { type: 'string', enum: ['new', 'used'] }, uniqueItems: true },
      since: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    },
    required: ['query'],
    additionalProperties: false,
  },
});
`,
    },
    {
      name: "the SDK's registerTool with zod raw shapes, including the empty one",
      code: `
import { z } from 'zod';
server.registerTool('ping', { inputSchema: {} }, handler);
server.registerTool('echo', { inputSchema: { text: z.string(), times: z.number().int() }, outputSchema: { echoed: z.string() } }, handler);
`,
    },
    {
      name: 'zod and TypeBox builders are not JSON Schema literals',
      code: `
import { z } from 'zod';
import { Type } from '@sinclair/typebox';
const searchSchema = z.object({ query: z.string().min(1) });
const pageSchema = Type.Object({ page: Type.Integer({ minimum: 1 }) });
`,
    },
    {
      name: "formats of the draft and of ajv-formats are known, whatever the draft ($schema, or an Ajv class's)",
      code: `
const contactSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', format: 'email' },
    home: { type: 'string', format: 'iri' },
    id: { type: 'string', format: 'uuid' },
    count: { type: 'integer', format: 'int32' },
    link: { type: 'string', format: 'url' },
    format: { type: 'string', enum: ['emial'] },
  },
};
const legacySchema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string', format: 'duration' };
`,
    },
    {
      name: 'knownFormats: formats the project registers itself',
      options: [{ knownFormats: ['acme-sku'] }],
      code: `
const itemSchema = { type: 'object', properties: { sku: { type: 'string', format: 'acme-sku' } } };
`,
    },
    {
      name: 'partly known: a format that is not known statically is not reported',
      code: `
export function makeSchema(format: string) {
  return { inputSchema: { type: 'object', properties: { when: { type: 'string', format } } } };
}
`,
    },
    {
      name: "MCP vocabulary: `enumNames` in an elicitation schema's property is the specification's own keyword",
      code: `
const requestedSchema = {
  type: 'object',
  properties: {
    pace: { type: 'string', title: 'Pace', enum: ['relaxed', 'fast'], enumNames: ['Relaxed', 'Fast'] },
  },
  required: ['pace'],
};
await server.server.elicitInput({ message: 'Pace?', requestedSchema });
`,
    },
    {
      // The SDK's own example: the schema is chosen in a switch and sent in a raw request.
      name: 'MCP vocabulary: an elicitation schema assigned to a `let` and sent in an `elicitation/create` request, or streamed',
      code: `
let requestedSchema;
switch (kind) {
  case 'theme':
    requestedSchema = { type: 'object', properties: { theme: { type: 'string', enum: ['light', 'dark'], enumNames: ['Light', 'Dark'] } } };
    break;
  default:
    requestedSchema = { type: 'object', properties: { rating: { type: 'integer', minimum: 1, maximum: 5 } } };
}
await extra.sendRequest({ method: 'elicitation/create', params: { mode: 'form', message, requestedSchema } }, ElicitResultSchema);
const paceSchema = { type: 'string', enum: ['fast'], enumNames: ['Fast'] };
server.server.experimental.tasks.elicitInputStream({ message, requestedSchema: { type: 'object', properties: { pace: paceSchema } } });
`,
    },
    {
      name: 'a requestedSchema that no elicitation receives is not an MCP schema: only its shape makes it a schema, and `enumNames` is no keyword of JSON Schema',
      code: `
const request = { requestedSchema: { type: 'objet', enumNames: [] } };
`,
    },
    {
      name: 'x- extension keywords are accepted anywhere',
      code: `
const toolSchema = { type: 'object', 'x-order': 1, properties: { q: { type: 'string', 'x-display': 'Query' } } };
`,
    },
    {
      name: 'allowedKeywords accepts a vocabulary the validator adds',
      options: [{ allowedKeywords: ['discriminator', 'example'] }],
      code: `
const petSchema = { type: 'object', discriminator: { propertyName: 'kind' }, properties: { kind: { type: 'string', example: 'cat' } } };
`,
    },
    {
      name: 'partly known: an unknown property schema still defines the name `required` lists',
      code: `
export function makeTool(pageSchema: object) {
  return { inputSchema: { type: 'object', properties: { page: pageSchema }, required: ['page'] } };
}
`,
    },
    {
      name: 'partly known: an unknown spread may define `properties`, `type` and more',
      code: `
export function makeTool(base: Record<string, unknown>) {
  return { inputSchema: { type: 'object', ...base, required: ['page'], minimum: 1 } };
}
`,
    },
    {
      name: 'partly known: an unknown keyword value and an unknown `type`',
      code: `
export function makeTool(limit: number, kind: string) {
  return {
    inputSchema: {
      type: 'object',
      properties: { q: { type: 'string', minLength: limit }, n: { type: kind, minimum: 0 }, list: { type: 'array', prefixItems: [first, ...rest] } },
      required: [...extraRequired, 'q'],
    },
  };
}
`,
    },
    {
      name: 'partly known: a partly known spread may overwrite what comes before it',
      code: `
export function makeTool(options: object) {
  const overrides = { ...options, description: 'Query' };
  return { inputSchema: { type: 'array', minLength: -1, ...overrides } };
}
`,
    },
    {
      name: 'an unknown `$schema` leaves the draft, and so the whole check, unknown',
      code: `
export const toolSchema = { $schema: dialect, type: 'array', items: [{ type: 'string' }] };
`,
    },
    {
      name: '$schema selects draft-07, where `items` may be a tuple',
      code: `
const pairSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'array',
  items: [{ type: 'string' }, { type: 'number' }],
  minItems: 2,
  additionalItems: false,
};
`,
    },
    {
      name: 'a schema position nested in a checked literal is checked as part of it (with its draft)',
      code: `
const callSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    parameters: { type: 'array', items: [{ type: 'string' }], minItems: 1, additionalItems: false },
  },
};
`,
    },
    {
      name: 'a dialect Ajv 8 does not check (draft-04) is left alone',
      code: `
const legacySchema = { $schema: 'http://json-schema.org/draft-04/schema#', type: 'number', minimum: 0, exclusiveMinimum: true };
`,
    },
    {
      name: 'an Ajv (draft-07 class) compiles a draft-07 tuple',
      code: `
import Ajv from 'ajv';
const ajv = new Ajv();
const validate = ajv.compile({ type: 'array', items: [{ type: 'string' }], minItems: 1, additionalItems: false });
`,
    },
    {
      name: 'external $refs may exist at run time',
      code: `
const orderSchema = { type: 'object', properties: { customer: { $ref: 'https://schemas.example.com/customer.json' } }, required: ['customer'] };
`,
    },
    {
      name: '`parameters` that is not a JSON Schema, and type-level code',
      code: `
const request = { parameters: { region: 'eu', retries: 3 } };
type Tool = { inputSchema: { type: 'array'; propertes: {} } };
interface Options { outputSchema?: { minLength: -1 } }
`,
    },
    {
      name: 'mcpRoot: false allows a non-object root',
      options: [{ mcpRoot: false }],
      code: `
const tool = { inputSchema: { type: 'array', items: { type: 'string' } } };
`,
    },
    {
      name: 'a JS file with a valid OpenAI function schema',
      filename: 'file.js',
      code: `
const tools = [{
  type: 'function',
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
}];
`,
    },
  ],
  invalid: [
    {
      // A data file may hold what a CI log must not show: the finding names the file and the kind of problem only.
      name: 'a schema read from a JSON module is reported without quoting it',
      filename: consumer,
      code: "import schema from './lookup-schema.json';\nserver.registerTool('lookup', { inputSchema: schema });",
      errors: [
        {
          messageId: 'invalidInDataFile',
          data: { file: './lookup-schema.json', problem: 'a keyword with a value it does not allow' },
          line: 2,
          column: 46,
          endColumn: 52,
          suggestions: [],
        },
      ],
    },
    {
      name: 'an unknown keyword with a did-you-mean, reported on the key, with a rename suggestion',
      code: `
server.registerTool('search', {
  inputSchema: {
    type: 'object',
    propertes: { query: { type: 'string' } },
  },
});
`,
      errors: [
        {
          messageId: 'unknownKeyword',
          data: { keyword: 'propertes', hint: DID_YOU_MEAN('properties'), where: '' },
          line: 5,
          column: 5,
          endLine: 5,
          endColumn: 14,
          suggestions: [
            {
              messageId: 'renameKeyword',
              data: { keyword: 'propertes', replacement: 'properties' },
              output: `
server.registerTool('search', {
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string' } },
  },
});
`,
            },
          ],
        },
      ],
    },
    {
      name: 'an invalid `type`, with a suggestion of the nearest type name',
      code: `
const searchSchema = { type: 'object', properties: { query: { type: "strin" } } };
`,
      errors: [
        {
          messageId: 'invalidValue',
          data: {
            subject: '`type`',
            reason: 'must be `array`, `boolean`, `integer`, `null`, `number`, `object` or `string` (or an array of them), not `strin` (did you mean `string`?)',
            where: '',
          },
          line: 2,
          column: 69,
          endColumn: 76,
          suggestions: [
            {
              messageId: 'replaceValue',
              data: { value: 'strin', replacement: 'string' },
              output: `
const searchSchema = { type: 'object', properties: { query: { type: "string" } } };
`,
            },
          ],
        },
      ],
    },
    {
      name: '`required` names a property `properties` does not define',
      code: `
const tool = {
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string' } },
    required: ['query', 'page'],
  },
};
`,
      errors: [{ messageId: 'requiredNotDefined', data: { property: 'page', where: '' }, line: 6, column: 25, endLine: 6, endColumn: 31 }],
    },
    {
      name: 'meta-schema violations: a negative minLength and a string additionalProperties',
      code: `
const tool = {
  input_schema: {
    type: 'object',
    properties: { query: { type: 'string', minLength: -1 } },
    additionalProperties: 'no',
  },
};
`,
      errors: [
        { messageId: 'invalidValue', data: { subject: '`minLength`', reason: 'must be ≥ 0', where: '' }, line: 5, column: 55, endColumn: 57 },
        { messageId: 'invalidValue', data: { subject: '`additionalProperties`', reason: 'must be a schema (an object or a boolean), not a string', where: '' }, line: 6, column: 27, endColumn: 31 },
      ],
    },
    {
      name: '$schema selects the draft: 2020-12 keywords are unknown in draft-07, draft-07 tuples invalid in 2020-12',
      code: `
const draft7Schema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', prefixItems: [{ type: 'string' }], minItems: 1, maxItems: 1 };
const modernSchema = { type: 'array', items: [{ type: 'string' }] };
`,
      errors: [
        {
          messageId: 'unknownKeyword',
          data: { keyword: 'prefixItems', hint: ' (`prefixItems` belongs to JSON Schema 2020-12; this schema is checked as draft-07)', where: '' },
          line: 2,
          column: 91,
        },
        { messageId: 'invalidValue', data: { subject: '`items`', reason: 'must be a schema (an object or a boolean), not an array', where: '' }, line: 3, column: 46 },
      ],
    },
    {
      name: 'x- keywords pass, other unknown keywords do not',
      code: `
const toolSchema = { type: 'object', 'x-order': 1, order: 1 };
`,
      errors: [{ messageId: 'unknownKeyword', data: { keyword: 'order', hint: '', where: '' }, line: 2, column: 52, endColumn: 57, suggestions: [] }],
    },
    {
      name: 'partly known: what is known is still checked (meta-schema findings first: the typo `requird` shows once they are fixed)',
      code: `
export function makeTool(querySchema: object, limit: number) {
  return { inputSchema: { type: 'object', properties: { q: querySchema, n: { type: 'integer', maximum: limit, minimum: 'zero' } }, requird: ['q'] } };
}
`,
      errors: [
        { messageId: 'invalidValue', data: { subject: '`minimum`', reason: 'must be a number, not a string', where: '' }, line: 3, column: 120, endColumn: 126 },
      ],
    },
    {
      name: 'nested and multi-line literals are reported at the exact keyword',
      code: `
const ordersSchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', patern: '^[A-Z]+$' },
          qty: {
            type: 'integer',
            minimum: 1,
            maxLength: 3,
          },
        },
        required: [
          'sku',
          'price',
        ],
      },
    },
  },
};
`,
      errors: [
        {
          messageId: 'unknownKeyword',
          data: { keyword: 'patern', hint: DID_YOU_MEAN('pattern'), where: '' },
          line: 10,
          column: 34,
          endLine: 10,
          endColumn: 40,
          suggestions: [
            {
              messageId: 'renameKeyword',
              data: { keyword: 'patern', replacement: 'pattern' },
              output: `
const ordersSchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          sku: { type: 'string', pattern: '^[A-Z]+$' },
          qty: {
            type: 'integer',
            minimum: 1,
            maxLength: 3,
          },
        },
        required: [
          'sku',
          'price',
        ],
      },
    },
  },
};
`,
            },
          ],
        },
        {
          messageId: 'missingType',
          data: { keyword: 'maxLength', applies: 'strings', declared: "`type: 'string'`", where: '' },
          line: 14,
          column: 13,
          endLine: 14,
          endColumn: 22,
        },
        { messageId: 'requiredNotDefined', data: { property: 'price', where: '' }, line: 19, column: 11, endLine: 19, endColumn: 18 },
      ],
    },
    {
      // The file spells no schema word without decoding: the rule must still look at it.
      name: 'a schema property whose key is spelled with an escape',
      code: `
const tool = { 'input\\u0053chema': { type: 'array' } };
`,
      errors: [{ messageId: 'mcpRootType', data: { sink: "advertised as a tool's inputSchema", type: "'array'", requirement: INPUT_ROOT_REQUIREMENT, where: '' }, line: 2, column: 44, endColumn: 51 }],
    },
    {
      name: 'MCP root: a tool input schema must be an object',
      code: `
const tool = { inputSchema: { type: 'array', items: { type: 'string' } } };
`,
      errors: [{ messageId: 'mcpRootType', data: { sink: "advertised as a tool's inputSchema", type: "'array'", requirement: INPUT_ROOT_REQUIREMENT, where: '' }, line: 2, column: 37, endColumn: 44 }],
    },
    {
      name: 'MCP root: a missing type, with a suggestion to add it',
      code: `
const tool = {
  name: 'totals',
  outputSchema: {
    properties: { total: { type: 'integer' } },
  },
};
`,
      errors: [
        {
          messageId: 'mcpRootMissingType',
          data: { sink: "advertised as `totals`'s outputSchema", requirement: OUTPUT_ROOT_REQUIREMENT, where: '' },
          line: 4,
          column: 3,
          endColumn: 15,
          suggestions: [
            {
              messageId: 'addObjectType',
              output: `
const tool = {
  name: 'totals',
  outputSchema: {
    type: 'object',
    properties: { total: { type: 'integer' } },
  },
};
`,
            },
          ],
        },
        { messageId: 'missingType', data: { keyword: 'properties', applies: 'objects', declared: "`type: 'object'`", where: '' }, line: 5, column: 5 },
      ],
    },
    {
      name: 'ajv.compile(), jsonSchema() and *Schema consts: strict types, tuples, ignored keywords',
      code: `
import { jsonSchema } from 'ai';
const ajv = new Ajv2020();
ajv.compile({ type: 'object', allOf: [{ type: 'string' }] });
const weatherTool = { parameters: jsonSchema({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] }) };
const nameSchema = { type: 'string', if: { minLength: 3 } };
`,
      errors: [
        { messageId: 'typeConflict', data: { written: 'is', type: '`string`', context: '`object`', where: '' }, line: 4, column: 47, endColumn: 55 },
        { messageId: 'openTuple', data: { keyword: 'prefixItems', length: '2', closing: 'items', where: '' }, line: 5, column: 63, endColumn: 74 },
        { messageId: 'ignoredKeyword', data: { keyword: 'if', reason: 'has neither `then` nor `else` beside it', where: '' }, line: 6, column: 38, endColumn: 40 },
      ],
    },
    {
      name: 'a $ref that points nowhere, an invalid pattern, and a schema Ajv cannot compile',
      code: `
const linkSchema = { type: 'object', properties: { next: { $ref: '#/$defs/Link' } } };
const codeSchema = { type: 'string', pattern: '[A-Z' };
const maybeSchema = { properties: { a: { nullable: true } }, type: 'object' };
`,
      errors: [
        { messageId: 'unresolvedRef', data: { ref: '#/$defs/Link', where: '' }, line: 2, column: 66, endColumn: 80 },
        { messageId: 'invalidPattern', data: { keyword: 'pattern', error: '/[A-Z/u: Unterminated character class', where: '' }, line: 3, column: 47, endColumn: 53 },
        { messageId: 'compileError', data: { reason: '"nullable" cannot be used without "type"', where: '' }, line: 4, column: 21, endColumn: 78 },
      ],
    },
    {
      name: 'a const used as a tool schema is reported once',
      code: `
const searchSchema = { type: 'object', properties: { q: { type: 'string', minLenght: 1 } } };
server.registerTool('search', { inputSchema: searchSchema });
`,
      errors: [
        {
          messageId: 'unknownKeyword',
          data: { keyword: 'minLenght', hint: DID_YOU_MEAN('minLength'), where: '' },
          line: 2,
          column: 75,
          endColumn: 84,
          suggestions: [
            {
              messageId: 'renameKeyword',
              data: { keyword: 'minLenght', replacement: 'minLength' },
              output: `
const searchSchema = { type: 'object', properties: { q: { type: 'string', minLength: 1 } } };
server.registerTool('search', { inputSchema: searchSchema });
`,
            },
          ],
        },
      ],
    },
    {
      name: 'an imported schema is reported where it is used, saying where the defect is',
      filename: consumer,
      code: `
import { pageSchemaLiteral, SEARCH_INPUT } from './schemas.js';
server.registerTool('page', { inputSchema: pageSchemaLiteral });
server.registerTool('search', { inputSchema: SEARCH_INPUT });
`,
      errors: [
        {
          messageId: 'missingType',
          data: { keyword: 'minLength', applies: 'strings', declared: "`type: 'string'`", where: ' (in `./schemas.ts`, at `/properties/page/minLength`)' },
          line: 3,
          column: 44,
          endColumn: 61,
        },
        {
          messageId: 'unknownKeyword',
          data: { keyword: 'minLenght', hint: DID_YOU_MEAN('minLength'), where: ' (in `./schemas.ts`, at `/properties/query/minLenght`)' },
          line: 4,
          column: 46,
          endColumn: 58,
          suggestions: [],
        },
      ],
    },
    {
      name: 'the per-file budget: reported once, then the rest is not compiled',
      options: [{ maxSchemasPerFile: 1 }],
      code: `
const aSchema = { type: 'string', minLength: 1 };
const bSchema = { type: 'string', minLength: 2 };
const cSchema = { type: 'string', minLength: 3, propertes: {} };
`,
      errors: [{ messageId: 'tooManySchemas', data: { limit: '1' }, line: 3, column: 17 }],
    },
    {
      name: 'a JS file',
      filename: 'file.js',
      code: `
const tools = [{ name: 'lookup', input_schema: { type: 'object', properties: { id: { type: 'string' } }, requried: ['id'] } }];
`,
      errors: [
        {
          messageId: 'unknownKeyword',
          data: { keyword: 'requried', hint: DID_YOU_MEAN('required'), where: '' },
          line: 2,
          column: 106,
          endColumn: 114,
          suggestions: [
            {
              messageId: 'renameKeyword',
              data: { keyword: 'requried', replacement: 'required' },
              output: `
const tools = [{ name: 'lookup', input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } }];
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a misspelt format, with a did-you-mean and a suggestion to replace the value',
      code: `
server.registerTool('remind', {
  inputSchema: {
    type: 'object',
    properties: { at: { type: 'string', format: 'dat-time' }, to: { type: 'string', format: "emial" } },
  },
});
`,
      errors: [
        {
          messageId: 'unknownFormat',
          data: { format: 'dat-time', hint: DID_YOU_MEAN('date-time'), where: '' },
          line: 5,
          column: 49,
          endLine: 5,
          endColumn: 59,
          suggestions: [
            {
              messageId: 'replaceValue',
              data: { value: 'dat-time', replacement: 'date-time' },
              output: `
server.registerTool('remind', {
  inputSchema: {
    type: 'object',
    properties: { at: { type: 'string', format: 'date-time' }, to: { type: 'string', format: "emial" } },
  },
});
`,
            },
          ],
        },
        {
          messageId: 'unknownFormat',
          data: { format: 'emial', hint: DID_YOU_MEAN('email'), where: '' },
          line: 5,
          column: 93,
          endLine: 5,
          endColumn: 100,
          suggestions: [
            {
              messageId: 'replaceValue',
              data: { value: 'emial', replacement: 'email' },
              output: `
server.registerTool('remind', {
  inputSchema: {
    type: 'object',
    properties: { at: { type: 'string', format: 'dat-time' }, to: { type: 'string', format: "email" } },
  },
});
`,
            },
          ],
        },
      ],
    },
    {
      name: 'an unknown format nothing is close to: no suggestion; the options are the way to register it',
      code: `
const itemSchema = { type: 'object', properties: { sku: { type: 'string', format: 'acme-sku' } } };
`,
      errors: [{ messageId: 'unknownFormat', data: { format: 'acme-sku', hint: '', where: '' }, line: 2, column: 83, endColumn: 93, suggestions: [] }],
    },
    {
      name: 'knownFormats are did-you-mean candidates too; formats in a draft-07 schema and under `items`',
      options: [{ knownFormats: ['acme-sku'] }],
      code: `
const itemsSchema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: { type: 'string', format: 'acme-skus' } };
`,
      errors: [
        {
          messageId: 'unknownFormat',
          data: { format: 'acme-skus', hint: DID_YOU_MEAN('acme-sku'), where: '' },
          line: 2,
          column: 123,
          endColumn: 134,
          suggestions: [
            {
              messageId: 'replaceValue',
              data: { value: 'acme-skus', replacement: 'acme-sku' },
              output: `
const itemsSchema = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'array', items: { type: 'string', format: 'acme-sku' } };
`,
            },
          ],
        },
      ],
    },
    {
      name: 'formats, like strict-mode findings, wait for the meta-schema violations to be fixed',
      code: `
const codeSchema = { type: 'string', minLength: -1, format: 'emial' };
`,
      errors: [{ messageId: 'invalidValue', data: { subject: '`minLength`', reason: 'must be ≥ 0', where: '' }, line: 2, column: 49, endColumn: 51 }],
    },
    {
      name: 'MCP vocabulary: an unknown keyword in an elicitation schema is still reported, and `enumNames` is a did-you-mean there',
      code: `
const requestedSchema = {
  type: 'object',
  properties: {
    pace: { type: 'string', enum: ['relaxed', 'fast'], enumName: ['Relaxed', 'Fast'], placeholder: 'Pick one' },
  },
};
await server.server.elicitInput({ message: 'Pace?', requestedSchema });
`,
      errors: [
        {
          messageId: 'unknownKeyword',
          data: { keyword: 'enumName', hint: DID_YOU_MEAN('enumNames'), where: '' },
          line: 5,
          column: 56,
          endColumn: 64,
          suggestions: [
            {
              messageId: 'renameKeyword',
              data: { keyword: 'enumName', replacement: 'enumNames' },
              output: `
const requestedSchema = {
  type: 'object',
  properties: {
    pace: { type: 'string', enum: ['relaxed', 'fast'], enumNames: ['Relaxed', 'Fast'], placeholder: 'Pick one' },
  },
};
await server.server.elicitInput({ message: 'Pace?', requestedSchema });
`,
            },
          ],
        },
        { messageId: 'unknownKeyword', data: { keyword: 'placeholder', hint: '', where: '' }, line: 5, column: 87, endColumn: 98, suggestions: [] },
      ],
    },
    {
      name: 'MCP vocabulary: `enumNames` is known only where the specification defines it (not at the root, not in a tool schema)',
      code: `
const requestedSchema = { type: 'object', enumNames: [], properties: { pace: { type: 'string', enum: ['fast'], enumNames: ['Fast'] } } };
const tool = { inputSchema: { type: 'object', properties: { pace: { type: 'string', enum: ['fast'], enumNames: ['Fast'] } } } };
server.server.elicitInput({ message: 'Pace?', requestedSchema });
`,
      errors: [
        { messageId: 'unknownKeyword', data: { keyword: 'enumNames', hint: '', where: '' }, line: 2, column: 43, endColumn: 52, suggestions: [] },
        { messageId: 'unknownKeyword', data: { keyword: 'enumNames', hint: '', where: '' }, line: 3, column: 101, endColumn: 110, suggestions: [] },
      ],
    },
  ],
});

/**
 * Schemas that their sink makes schemas: a root typo (`type: 'objet'`) leaves a literal that does
 * not look like JSON Schema, so only where it goes says it is one; and the MCP role (an
 * elicitation's vocabulary and root) comes from the sink too.
 */
describe('positions recognised by their sink', () => {
  const TYPE_NAMES = '`array`, `boolean`, `integer`, `null`, `number`, `object` or `string` (or an array of them)';

  ruleTester.run('valid-schema-literal, positions recognised by their sink', rule, {
    valid: [
      {
        name: "the SDK's raw shapes are not JSON Schema: `{}`, fields named like keywords, fields not known statically",
        code: `
import { z } from 'zod';
import { fields } from './fields.js';
server.registerTool('ping', { inputSchema: {} }, handler);
server.registerTool('kinds', { inputSchema: { type: z.enum(['a', 'b']), properties: z.record(z.string(), z.string()) } }, handler);
server.registerTool('query', { inputSchema: { type: fields.type, query: fields.query } }, handler);
`,
      },
      {
        name: "a tool's `{}` or partly unknown literal is not checked: it may be a raw shape registered in another module",
        code: `
export const pingTool = { name: 'ping', description: 'Ping', inputSchema: {} };
export function searchTool(querySchema: unknown) {
  return { name: 'search', description: 'Search', inputSchema: { query: querySchema } };
}
`,
      },
      {
        name: "the MCP root rule is MCP's: another API's tool schema (OpenAI's `parameters`) is not held to it",
        code: `
const tools = [{ type: 'function', function: { name: 'list', parameters: { type: 'array', items: { type: 'string' } } } }];
`,
      },
      {
        name: 'a literal written into after it is declared: what it lacks may be added (`required` names a property filled in later)',
        code: `
const searchSchema = { type: 'object', properties: {}, required: ['q'] };
searchSchema.properties.q = { type: 'string' };
server.registerTool('search', { inputSchema: searchSchema }, handler);
`,
      },
    ],
    invalid: [
      {
        name: 'a root typo in a tool literal',
        code: `
const tool = { name: 'add', inputSchema: { type: 'objet' } };
`,
        errors: [
          {
            messageId: 'invalidValue',
            data: { subject: '`type`', reason: `must be ${TYPE_NAMES}, not \`objet\`${DID_YOU_MEAN('object')}`, where: '' },
            line: 2,
            column: 50,
            endColumn: 57,
            suggestions: [
              {
                messageId: 'replaceValue',
                data: { value: 'objet', replacement: 'object' },
                output: `
const tool = { name: 'add', inputSchema: { type: 'object' } };
`,
              },
            ],
          },
        ],
      },
      {
        name: 'a root typo in a registration call',
        code: `
server.registerTool('add', { inputSchema: { type: 'objet', properties: {} } }, handler);
`,
        errors: [
          {
            messageId: 'invalidValue',
            data: { subject: '`type`', reason: `must be ${TYPE_NAMES}, not \`objet\`${DID_YOU_MEAN('object')}`, where: '' },
            line: 2,
            column: 51,
            endColumn: 58,
            suggestions: [
              {
                messageId: 'replaceValue',
                data: { value: 'objet', replacement: 'object' },
                output: `
server.registerTool('add', { inputSchema: { type: 'object', properties: {} } }, handler);
`,
              },
            ],
          },
        ],
      },
      {
        name: "an elicitation request's literal: `enumNames` known, a typo reported",
        code: `
await server.server.elicitInput({ message: 'Pace?', requestedSchema: { type: 'object', properties: { pace: { type: 'string', enum: ['fast'], enumNames: ['Fast'], titel: 'Pace' } } } });
`,
        errors: [
          {
            messageId: 'unknownKeyword',
            data: { keyword: 'titel', hint: DID_YOU_MEAN('title'), where: '' },
            line: 2,
            column: 163,
            endColumn: 168,
            suggestions: [
              {
                messageId: 'renameKeyword',
                data: { keyword: 'titel', replacement: 'title' },
                output: `
await server.server.elicitInput({ message: 'Pace?', requestedSchema: { type: 'object', properties: { pace: { type: 'string', enum: ['fast'], enumNames: ['Fast'], title: 'Pace' } } } });
`,
              },
            ],
          },
        ],
      },
      {
        name: "an elicitation's root must be an object, as the MCP specification types it",
        code: `
await server.server.elicitInput({ message: 'Pick', requestedSchema: { type: 'array', items: { type: 'string' } } });
await server.server.elicitInput({ message: 'Name?', requestedSchema: { properties: { name: { type: 'string' } } } });
`,
        errors: [
          { messageId: 'mcpRootType', data: { sink: ELICITATION, type: "'array'", requirement: ELICITATION_ROOT_REQUIREMENT, where: '' }, line: 2, column: 77, endColumn: 84, suggestions: [] },
          {
            messageId: 'mcpRootMissingType',
            data: { sink: ELICITATION, requirement: ELICITATION_ROOT_REQUIREMENT, where: '' },
            line: 3,
            column: 53,
            endColumn: 68,
            suggestions: [
              {
                messageId: 'addObjectType',
                output: `
await server.server.elicitInput({ message: 'Pick', requestedSchema: { type: 'array', items: { type: 'string' } } });
await server.server.elicitInput({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
`,
              },
            ],
          },
          { messageId: 'missingType', data: { keyword: 'properties', applies: 'objects', declared: "`type: 'object'`", where: '' }, line: 3, column: 72, endColumn: 82 },
        ],
      },
      {
        // The SDK's own example: the schema is assigned to a `let` and sent in a raw request; a property schema written apart keeps its place's vocabulary.
        name: 'elicitation schemas followed from a `let` to an `elicitation/create` request, and from a const into a streamed elicitation',
        code: `
let requestedSchema;
if (kind === 'theme') requestedSchema = { type: 'object', properties: { theme: { type: 'string', enum: ['light', 'dark'], enumNames: ['Light', 'Dark'], titel: 'Theme' } } };
await extra.sendRequest({ method: 'elicitation/create', params: { message, requestedSchema } }, ElicitResultSchema);
const paceSchema = { type: 'string', enum: ['fast'], enumNames: ['Fast'], placeholder: 'Pick' };
server.server.experimental.tasks.elicitInputStream({ message, requestedSchema: { type: 'object', properties: { pace: paceSchema } } });
`,
        errors: [
          {
            messageId: 'unknownKeyword',
            data: { keyword: 'titel', hint: DID_YOU_MEAN('title'), where: '' },
            line: 3,
            column: 153,
            endColumn: 158,
            suggestions: [
              {
                messageId: 'renameKeyword',
                data: { keyword: 'titel', replacement: 'title' },
                output: `
let requestedSchema;
if (kind === 'theme') requestedSchema = { type: 'object', properties: { theme: { type: 'string', enum: ['light', 'dark'], enumNames: ['Light', 'Dark'], title: 'Theme' } } };
await extra.sendRequest({ method: 'elicitation/create', params: { message, requestedSchema } }, ElicitResultSchema);
const paceSchema = { type: 'string', enum: ['fast'], enumNames: ['Fast'], placeholder: 'Pick' };
server.server.experimental.tasks.elicitInputStream({ message, requestedSchema: { type: 'object', properties: { pace: paceSchema } } });
`,
              },
            ],
          },
          { messageId: 'unknownKeyword', data: { keyword: 'placeholder', hint: '', where: '' }, line: 5, column: 75, endColumn: 86, suggestions: [] },
        ],
      },
      {
        name: 'root typos found by following the value: a reassigned schema variable compiled by Ajv, a const registered as a tool',
        code: `
let querySchema;
querySchema = { type: 'objet', properties: {} };
ajv.compile(querySchema);
const addInput = { type: 'objet', properties: {} };
server.registerTool('add', { inputSchema: addInput }, handler);
`,
        errors: [
          {
            messageId: 'invalidValue',
            data: { subject: '`type`', reason: `must be ${TYPE_NAMES}, not \`objet\`${DID_YOU_MEAN('object')}`, where: '' },
            line: 3,
            column: 23,
            endColumn: 30,
            suggestions: [
              {
                messageId: 'replaceValue',
                data: { value: 'objet', replacement: 'object' },
                output: `
let querySchema;
querySchema = { type: 'object', properties: {} };
ajv.compile(querySchema);
const addInput = { type: 'objet', properties: {} };
server.registerTool('add', { inputSchema: addInput }, handler);
`,
              },
            ],
          },
          {
            messageId: 'invalidValue',
            data: { subject: '`type`', reason: `must be ${TYPE_NAMES}, not \`objet\`${DID_YOU_MEAN('object')}`, where: '' },
            line: 5,
            column: 26,
            endColumn: 33,
            suggestions: [
              {
                messageId: 'replaceValue',
                data: { value: 'objet', replacement: 'object' },
                output: `
let querySchema;
querySchema = { type: 'objet', properties: {} };
ajv.compile(querySchema);
const addInput = { type: 'object', properties: {} };
server.registerTool('add', { inputSchema: addInput }, handler);
`,
              },
            ],
          },
        ],
      },
      {
        name: 'a root typo in a tool class (mcp-framework), in a JS file',
        filename: 'file.js',
        code: `
class AddTool extends MCPTool {
  name = 'add';
  inputSchema = { type: 'objet', properties: {} };
}
`,
        errors: [
          {
            messageId: 'invalidValue',
            data: { subject: '`type`', reason: `must be ${TYPE_NAMES}, not \`objet\`${DID_YOU_MEAN('object')}`, where: '' },
            line: 4,
            column: 25,
            endColumn: 32,
            suggestions: [
              {
                messageId: 'replaceValue',
                data: { value: 'objet', replacement: 'object' },
                output: `
class AddTool extends MCPTool {
  name = 'add';
  inputSchema = { type: 'object', properties: {} };
}
`,
              },
            ],
          },
        ],
      },
      {
        name: 'a literal written into after it is declared: a typo is still a typo',
        code: `
const searchSchema = { type: 'object', properties: {}, required: ['q'], additionalPropertes: false };
searchSchema.properties.q = { type: 'string' };
server.registerTool('search', { inputSchema: searchSchema }, handler);
`,
        errors: [
          {
            messageId: 'unknownKeyword',
            data: { keyword: 'additionalPropertes', hint: DID_YOU_MEAN('additionalProperties'), where: '' },
            line: 2,
            column: 73,
            endColumn: 92,
            suggestions: [
              {
                messageId: 'renameKeyword',
                data: { keyword: 'additionalPropertes', replacement: 'additionalProperties' },
                output: `
const searchSchema = { type: 'object', properties: {}, required: ['q'], additionalProperties: false };
searchSchema.properties.q = { type: 'string' };
server.registerTool('search', { inputSchema: searchSchema }, handler);
`,
              },
            ],
          },
        ],
      },
    ],
  });
});
