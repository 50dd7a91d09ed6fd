import { join, relative } from 'node:path';
import type { InvalidTestCase, ValidTestCase } from '@typescript-eslint/rule-tester';
import { describe } from 'vitest';
import rule, { type MessageIds, type Options } from '../../rules/tool-input-schema-conventions.js';
import { CLIENT_PROFILES } from '../../src/analysis/conventions/client-profiles.js';
import { ruleTester } from '../rule-tester.js';
import { locate } from './no-permissive-schema-fallback/helpers.js';

// Issue 35: the conventions a tool's input schema is held to, on what it emits (a JSON Schema
// literal as written, a zod / TypeBox / valibot schema as its converter emits it, a zod raw shape
// as the SDK's `z.object`), where the shared sink model finds a tool's input schema. Unknown parts
// (a zod object's default `additionalProperties`, an import that cannot be read, a relayed schema)
// never make a finding.

type Case = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const ZOD = `import { z } from 'zod';\n`;
const TYPEBOX = `import { Type } from '@sinclair/typebox';\n`;
const VALIBOT = `import * as v from 'valibot';\n`;
const SEARCH = "advertised as `search`'s inputSchema";
const SEARCH_PARAMETERS = "advertised as `search`'s parameters";
const OPENAI = CLIENT_PROFILES['openai-strict'];
const GEMINI = CLIENT_PROFILES.gemini;
const ANTHROPIC = CLIENT_PROFILES.anthropic;
const CURSOR = CLIENT_PROFILES.cursor;
const client = (profile: { label: string; source: string }) => ({ client: profile.label, source: profile.source });

const registered = (schema: string): string => `server.registerTool('search', { description: 'Search', inputSchema: ${schema} }, run);`;
const defined = (key: string, schema: string): string => `export const search = { name: 'search', description: 'Search', ${key}: ${schema} };`;

function at(code: string, snippet: string, messageId: MessageIds, data: Record<string, string>, extra: Partial<Case['errors'][number]> = {}, occurrence = 0) {
  return { messageId, data: { where: '', ...data }, ...locate(code, snippet, occurrence), suggestions: [], ...extra };
}

/** The key `name` written as `name:` (its `occurrence`-th), as ESLint reports a property's key. */
function key(code: string, name: string, messageId: MessageIds, data: Record<string, string>, occurrence = 0) {
  const location = locate(code, ` ${name}:`, occurrence);
  return { messageId, data: { where: '', ...data }, ...location, column: location.column + 1, endColumn: location.column + 1 + name.length, suggestions: [] };
}

const valid: Valid[] = [
  // `inputSchema: {}` at `registerTool` is a zod raw shape with no fields ("no arguments"), not the JSON Schema `{}`.
  { code: registered('{}'), options: [{ clients: ['openai-strict', 'gemini', 'anthropic', 'cursor'], parameterDescriptions: true }] },
  // A raw zod shape is not a JSON Schema: no root finding, and zod's default object mode leaves `additionalProperties` unknown.
  { code: ZOD + registered('{ id: z.string().describe("The id") }'), options: [{ clients: ['openai-strict'], parameterDescriptions: true }] },
  { code: ZOD + registered('z.object({ id: z.string() })') },
  { code: defined('inputSchema', "{ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }") },
  // Built from a spread of something unknown, or relayed from another server: nothing is known.
  { code: `import { base } from 'elsewhere';\n` + defined('parameters', "{ ...base, required: ['q'] }") },
  { code: `export function relay(tool: { name: string; description: string; inputSchema: unknown }) { return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema }; }` },
  { code: `import { other } from 'sdk';\n` + defined('inputSchema', "{ type: 'object', properties: other.properties, required: ['q'] }") },
  // Unknown builders stay quiet: a `.transform()`, a `.pipe()`, a valibot pipe.
  { code: ZOD + registered('z.object({ q: z.string() }).transform((x) => x)') },
  { code: VALIBOT + defined('parameters', 'v.pipe(v.string(), v.description("x"))') },
  // A zod shape *of* tool descriptors, holding a key named `inputSchema`, is not a tool (it was taken for one).
  { code: ZOD + `export const ToolInfo = z.object({ name: z.string(), description: z.string(), inputSchema: z.array(z.string()) });` },
  { code: ZOD + `export const shape = { name: z.string(), inputSchema: z.array(z.string()) };` },
  // The AI SDK's `jsonSchema()` wraps object-generation schemas too: its root is not a tool's arguments.
  { code: `import { jsonSchema } from 'ai';\nexport const list = jsonSchema({ type: 'array', items: { type: 'string' } });` },
  // A tool definer may wrap a non-object itself: LangChain's `tool(fn, { name, schema: z.string() })`.
  { code: ZOD + `export const echo = tool(async (text: string) => text, { name: 'echo', description: 'Echo', schema: z.string() });` },
  // Profiles satisfied.
  {
    code: defined('parameters', "{ type: 'object', properties: { q: { type: ['string', 'null'], description: 'Query', title: 'Query' } }, required: ['q'], additionalProperties: false }"),
    options: [{ clients: ['openai-strict', 'anthropic', 'cursor'], parameterDescriptions: true }],
  },
  { code: defined('parameters', "{ type: 'object', properties: { n: { type: 'integer', default: 10 } } }"), options: [{ clients: ['gemini'] }] },
  // Closed by the library: zod's `.strict()`, TypeBox's options, valibot's `strictObject`.
  { code: ZOD + registered('z.object({ q: z.string() }).strict()'), options: [{ clients: ['openai-strict'] }] },
  { code: TYPEBOX + defined('parameters', 'Type.Object({ q: Type.String() }, { additionalProperties: false })'), options: [{ clients: ['openai-strict'] }] },
  { code: VALIBOT + defined('parameters', 'v.strictObject({ q: v.string() })'), options: [{ clients: ['openai-strict'] }] },
  // Gemini's `parametersJsonSchema` takes JSON Schema: its keyword list does not apply there.
  { code: defined('parametersJsonSchema', "{ type: 'object', properties: { q: { type: 'string', const: 'x' } }, required: ['q'], additionalProperties: false }"), options: [{ clients: ['gemini'] }] },
  // Not a tool's input: an output schema, a parse.
  { code: ZOD + `export const t = { name: 'search', description: 'Search', outputSchema: z.array(z.string()) };` },
  { code: defined('inputSchema', "{ type: 'object', properties: { q: { type: 'string' } } }"), options: [{ clients: [] }] },
];

const rootArray = ZOD + registered('z.array(z.string())');
const rootUnion = ZOD + registered('z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])');
const rootTypebox = TYPEBOX + defined('parameters', 'Type.String()');
const rootLiteral = defined('parameters', "{ type: 'string' }");
const rootMissing = defined('parameters', "{ properties: { q: { type: 'string' } } }");
const requiredMissing = defined('inputSchema', "{ type: 'object', properties: { q: { type: 'string' } }, required: ['q', 'limit'] }");
const requiredDraft04 = defined('inputSchema', "{ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { q: { type: 'string' } }, required: ['q', 'limit'] }");
const requiredBesideMetaError = defined('inputSchema', "{ type: 'object', properties: { q: { type: 'strin' } }, required: ['q', 'limit'] }");
const requiredTrue = defined('inputSchema', "{ type: 'object', properties: { q: { type: 'string', required: true } } }");
const requiredFalse = defined('inputSchema', "{ type: 'object', properties: { q: { type: 'string', required: false } } }");
const undescribed = ZOD + registered('{ q: z.string(), limit: z.number().describe("How many") }');
const undescribedTypebox = TYPEBOX + defined('parameters', "Type.Object({ q: Type.String(), n: Type.Number({ description: 'How many' }) })");
const openaiLiteral = defined('parameters', "{ type: 'object', properties: { q: { type: 'string' }, filter: { type: 'object', properties: {}, additionalProperties: false } }, required: ['filter'] }");
const openaiZod = ZOD + registered('z.object({ q: z.string(), n: z.number().optional() }).passthrough()');
const openaiComposition = defined('parameters', "{ type: 'object', properties: { q: { allOf: [{ type: 'string' }] } }, required: ['q'], additionalProperties: false }");
const geminiLiteral = defined('parameters', "{ type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer', const: 3 } }, required: ['q'], additionalProperties: false }");
const geminiZod = ZOD + registered('{ q: z.string(), n: z.number().optional(), m: z.number().default(5) }');
const anthropicRoot = defined('inputSchema', "{ type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }], properties: { a: { type: 'string' }, b: { type: 'string' } } }");
const anthropicZod = ZOD + registered('z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])');
const cursorZod = ZOD + registered('{ q: z.string(), n: z.number().meta({ title: "Count" }) }');
const valibotOptional = VALIBOT + defined('parameters', 'v.strictObject({ q: v.string(), n: v.optional(v.number()) })');
const sdkTool = ZOD + `server.tool('search', 'Search', { q: z.string() }, async () => ({ content: [] }));`;

const FIXTURES = relative(process.cwd(), join(import.meta.dirname, 'tool-input-schema-conventions')).split('\\').join('/');
const imported = `import { searchInput } from './schemas.js';\n` + defined('parameters', 'searchInput');
const importedDraft04 = `import { searchInputDraft04 } from './schemas.js';\n` + defined('parameters', 'searchInputDraft04');

// A `required` entry naming no property, on a literal valid-schema-literal's Ajv check reaches:
// that rule reports it (`requiredNotDefined`), once (one-finding.test.ts runs both rules).
valid.push({ code: requiredMissing }, { filename: `${FIXTURES}/consumer.ts`, code: imported });

const invalid: Case[] = [
  // A schema from another module is reported at its use, saying where the defect is written.
  {
    filename: `${FIXTURES}/consumer.ts`,
    code: importedDraft04,
    errors: [at(importedDraft04, 'searchInputDraft04', 'requiredUnknownProperty', { sink: SEARCH_PARAMETERS, property: 'page', where: ' (in `./schemas.ts`)' }, {}, 1)],
  },
  { code: rootArray, errors: [at(rootArray, 'z.array(z.string())', 'rootNotObject', { sink: SEARCH, what: "has `type: 'array'`" })] },
  { code: rootUnion, errors: [at(rootUnion, 'z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])', 'rootNotObject', { sink: SEARCH, what: 'is a composition (`anyOf`) without `type`' })] },
  { code: rootTypebox, errors: [at(rootTypebox, 'Type.String()', 'rootNotObject', { sink: SEARCH_PARAMETERS, what: "has `type: 'string'`" })] },
  { code: rootLiteral, errors: [at(rootLiteral, "'string'", 'rootNotObject', { sink: SEARCH_PARAMETERS, what: "has `type: 'string'`" })] },
  {
    code: rootMissing,
    errors: [
      at(rootMissing, "{ properties: { q: { type: 'string' } } }", 'rootNotObject', { sink: SEARCH_PARAMETERS, what: 'declares no `type`' }, {
        suggestions: [{ messageId: 'addObjectType', output: defined('parameters', "{ type: 'object', properties: { q: { type: 'string' } } }") }],
      }),
    ],
  },
  // Where valid-schema-literal's Ajv check does not reach the entry, this rule reports it: a draft
  // Ajv 8 does not check, a meta-schema violation (`'strin'`) that Ajv reports alone.
  { code: requiredDraft04, errors: [at(requiredDraft04, "['q', 'limit']", 'requiredUnknownProperty', { sink: SEARCH, property: 'limit' })] },
  { code: requiredBesideMetaError, errors: [at(requiredBesideMetaError, "['q', 'limit']", 'requiredUnknownProperty', { sink: SEARCH, property: 'limit' })] },
  { code: requiredTrue, errors: [at(requiredTrue, 'required', 'requiredOnProperty', { sink: SEARCH, property: 'q', value: 'true' })] },
  {
    code: requiredFalse,
    errors: [
      at(requiredFalse, 'required', 'requiredOnProperty', { sink: SEARCH, property: 'q', value: 'false' }, {
        suggestions: [{ messageId: 'removeRequiredFlag', output: defined('inputSchema', "{ type: 'object', properties: { q: { type: 'string' } } }") }],
      }),
    ],
  },
  { code: undescribed, options: [{ parameterDescriptions: true }], errors: [at(undescribed, 'q', 'missingParameterDescription', { sink: SEARCH, property: 'q' }, {}, 0)] },
  { code: undescribedTypebox, options: [{ parameterDescriptions: true }], errors: [at(undescribedTypebox, 'q:', 'missingParameterDescription', { sink: SEARCH_PARAMETERS, property: 'q' }, { endColumn: locate(undescribedTypebox, 'q:').column + 1 })] },
  {
    code: openaiLiteral,
    options: [{ clients: ['openai-strict'] }],
    errors: [
      at(openaiLiteral, openaiLiteral.slice(openaiLiteral.indexOf('{ type'), -3), 'clientOpenObject', { sink: SEARCH_PARAMETERS, ...client(OPENAI), written: 'does not set `additionalProperties: false`' }),
      at(openaiLiteral, 'q', 'clientOptionalProperty', { sink: SEARCH_PARAMETERS, ...client(OPENAI), property: '`q`' }, {}, 0),
    ],
  },
  {
    code: openaiZod,
    options: [{ clients: ['openai-strict'] }],
    errors: [
      at(openaiZod, 'z.object({ q: z.string(), n: z.number().optional() }).passthrough()', 'clientOpenObject', { sink: SEARCH, ...client(OPENAI), written: 'leaves `additionalProperties` open' }),
      key(openaiZod, 'n', 'clientOptionalProperty', { sink: SEARCH, ...client(OPENAI), property: '`n`' }),
    ],
  },
  { code: openaiComposition, options: [{ clients: ['openai-strict'] }], errors: [at(openaiComposition, 'allOf', 'clientUnsupportedKeyword', { sink: SEARCH_PARAMETERS, ...client(OPENAI), keyword: 'allOf' })] },
  {
    code: geminiLiteral,
    options: [{ clients: ['gemini'] }],
    errors: [
      key(geminiLiteral, 'n', 'clientOptionalWithoutDefault', { sink: SEARCH_PARAMETERS, ...client(GEMINI), property: '`n`' }),
      at(geminiLiteral, 'const', 'clientUnsupportedKeyword', { sink: SEARCH_PARAMETERS, ...client(GEMINI), keyword: 'const' }, {}, 1),
      at(geminiLiteral, 'additionalProperties', 'clientUnsupportedKeyword', { sink: SEARCH_PARAMETERS, ...client(GEMINI), keyword: 'additionalProperties' }),
    ],
  },
  { code: geminiZod, options: [{ clients: ['gemini'] }], errors: [key(geminiZod, 'n', 'clientOptionalWithoutDefault', { sink: SEARCH, ...client(GEMINI), property: '`n`' })] },
  { code: anthropicRoot, options: [{ clients: ['anthropic'] }], errors: [at(anthropicRoot, 'anyOf', 'clientRootKeyword', { sink: SEARCH, ...client(ANTHROPIC), keyword: 'anyOf' })] },
  {
    code: anthropicZod,
    options: [{ clients: ['anthropic'] }],
    errors: [
      at(anthropicZod, 'z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])', 'rootNotObject', { sink: SEARCH, what: 'is a composition (`anyOf`) without `type`' }),
      at(anthropicZod, 'z.union([z.object({ a: z.string() }), z.object({ b: z.string() })])', 'clientRootKeyword', { sink: SEARCH, ...client(ANTHROPIC), keyword: 'anyOf' }),
    ],
  },
  { code: cursorZod, options: [{ clients: ['cursor'] }], errors: [at(cursorZod, 'q', 'clientMissingTitle', { sink: SEARCH, ...client(CURSOR), property: '`q`' }, {}, 0)] },
  { code: valibotOptional, options: [{ clients: ['openai-strict'] }], errors: [key(valibotOptional, 'n', 'clientOptionalProperty', { sink: SEARCH_PARAMETERS, ...client(OPENAI), property: '`n`' })] },
  { code: sdkTool, options: [{ parameterDescriptions: true }], errors: [at(sdkTool, 'q:', 'missingParameterDescription', { sink: SEARCH, property: 'q' }, { endColumn: locate(sdkTool, 'q:').column + 1 })] },
];

describe('tool-input-schema-conventions', () => {
  ruleTester.run('tool-input-schema-conventions', rule, { valid, invalid });
});
