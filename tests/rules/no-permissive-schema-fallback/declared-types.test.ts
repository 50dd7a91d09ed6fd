import { join } from 'node:path';
import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ANY_OBJECT, ANYTHING, FAILURE, locate } from './helpers.js';

// Issue 30, evidence item 2: what the code declares. A function declared to return a schema type
// is a schema builder, so its failure fallbacks are findings whoever calls it and whatever the
// converter; so is a failed build written into a binding or field annotated with a schema type,
// or cast to one. An absence fallback still needs a sink, and a declared type that is not a
// schema (a record, an array, a JSON value) is no evidence.

type Case = InvalidTestCase<MessageIds, Options>;

const TOOL_FILE = join(import.meta.dirname, 'fixtures', 'tool.ts');

const returnedAs = (type: string): string => `returned as the \`${type}\` this function declares`;

function failure(name: string, code: string, snippet: string, accepts: string, sink: string, extra: Partial<Case> = {}): Case {
  return { name, code, ...extra, errors: [{ messageId: FAILURE, data: { accepts, sink }, ...locate(code, snippet), suggestions: [] }] };
}

/** The seed ADR's shape, verbatim from issue 30: the registrar lives in another module. */
const ADR_EXAMPLE = `// tool-schema.ts — the registrar that uses it lives in another module, as in the ADR
import type { JSONSchema7 } from 'json-schema';
import { marshal } from './marshal.js';
export function toolSchema(def: ToolDef): JSONSchema7 {
  try {
    return marshal(def.args);
  } catch (err) {
    log.error('schema marshal failed', err);
    return { type: 'object' };          // not reported today
  }
}`;

const OUTPUT_SCHEMA_CATCH = `import type { Tool } from '@modelcontextprotocol/sdk/types.js';
export function outputOf(def): Tool['outputSchema'] {
  try { return marshal(def.output); } catch { return { type: 'object' }; }
}`;

ruleTester.run('no-permissive-schema-fallback: declared schema types', rule, {
  valid: [
    // ---- the declared type is evidence, not a verdict: the fallback logic still decides ----------
    {
      name: "a declared JSONSchema7 builder whose catch returns the error, not a schema",
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function toolSchema(def): JSONSchema7 {\n  try { return marshal(def.args); } catch (error) { return error; }\n}`,
    },
    {
      name: 'a declared JSONSchema7 returning {} for an absent optional documentation field',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function fieldDoc(field?: FieldDoc): JSONSchema7 {\n  if (!field) return {};\n  return { description: field.description };\n}`,
    },
    {
      name: 'an absent schema defaulted in a declared JSONSchema7 function, with no sink',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function schemaOf(def): JSONSchema7 {\n  return def.inputSchema ?? {};\n}`,
    },
    {
      name: "a declared JSONSchema7 converter's ZodAny case translates a permissive source",
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function convert(def): JSONSchema7 {\n  if (def.typeName === 'ZodAny') return {};\n  if (def.typeName === 'ZodString') return { type: 'string' };\n  return { not: {} };\n}`,
    },
    {
      name: 'iterating properties that may be missing, in a declared JSONSchema7 function',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function strict(s: JSONSchema7): JSONSchema7 {\n  for (const key of Object.keys(s.properties ?? {})) mark(key);\n  return { ...s, additionalProperties: false };\n}`,
    },
    {
      name: "a converter's options defaulted to {} beside a declared JSONSchema7 result",
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function toJson(s, options: ConvertOptions = {}): JSONSchema7 {\n  return convert(s, options);\n}`,
    },
    {
      name: "registerTool's inputSchema: {} is a raw shape without arguments",
      code: `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nexport function register(server: McpServer): void {\n  server.registerTool('ping', { description: 'Ping', inputSchema: {} }, async () => ({ content: [] }));\n}`,
    },
    {
      name: "zod's value-level .catch() in a declared zod builder",
      code: `import { z } from 'zod';\nexport function settings(): z.ZodTypeAny {\n  return z.object({ theme: z.string() }).catch(() => ({}));\n}`,
    },
    {
      name: "a value defaulted after a call of a function declared to return json-schema's JSON value type",
      code: `import type { JSONSchema7Type } from 'json-schema';\nfunction readDefault(def): JSONSchema7Type | undefined { return def.default; }\nexport const fallback = (def) => {\n  const value = readDefault(def) ?? {};\n  return value;\n};`,
    },
    // ---- declared types that are not a schema ----------------------------------------------------
    {
      name: 'a catch returning {} in a function declared Record<string, unknown>',
      code: `export function metadataOf(def): Record<string, unknown> {\n  try { return marshal(def.meta); } catch { return {}; }\n}`,
    },
    {
      name: 'an empty registry of schemas (Record<string, JSONSchema7>) is a map, not a schema',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function loadAll(dir): Record<string, JSONSchema7> {\n  try { return readSchemas(dir); } catch { return {}; }\n}`,
    },
    {
      name: 'an array of schemas is not one: a catch returning {} cast to JSONSchema7[]',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function loadAll(dir) {\n  try { return readSchemas(dir); } catch { return {} as JSONSchema7[]; }\n}`,
    },
    {
      name: "json-schema's JSONSchema7Type is a JSON value (const, enum, default), not a schema",
      code: `import type { JSONSchema7Type } from 'json-schema';\nexport function defaultOf(s): JSONSchema7Type {\n  try { return compute(s.default); } catch { return {}; }\n}`,
    },
    {
      name: 'a validator type named after JSON Schema is not a schema',
      code: `import type { JsonSchemaValidator } from './validation.js';\nexport function validatorOf(s): JsonSchemaValidator {\n  try { return compile(s); } catch { return {}; }\n}`,
    },
    {
      name: "a local JsonSchemaType naming the type keyword's values",
      code: `type JsonSchemaType = 'string' | 'object';\nexport function kindOf(s): JsonSchemaType | {} {\n  try { return infer(s); } catch { return {}; }\n}`,
    },
    {
      name: 'a JSON Schema literal where a zod type is declared is something else',
      code: `import type { ZodTypeAny } from 'zod';\nexport function toZod(def): ZodTypeAny {\n  try { return convert(def); } catch { return {} as never; }\n}`,
    },
    {
      name: 'a union with a non-schema member (JSONSchema7 | Error)',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function toolSchema(def): JSONSchema7 | Error {\n  try { return marshal(def.args); } catch { return {}; }\n}`,
    },
    { name: "a declared Tool['outputSchema'] in recommended (output schemas are strict's)", code: OUTPUT_SCHEMA_CATCH },
    {
      name: 'a failed build passed as a parameter declared Record<string, unknown>',
      code: `function record(name: string, meta: Record<string, unknown>): void {\n  store.set(name, meta);\n}\nconst built = convert(def);\nrecord('search', built.ok ? built.value : {});`,
    },
    {
      name: 'a declared JSONSchema7 builder named for an output schema, in recommended',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function buildOutputSchema(def): JSONSchema7 {\n  try { return marshal(def.output); } catch { return {}; }\n}`,
    },
  ],
  invalid: [
    failure(
      "openai's vendored zod-to-json-schema: `parseDef(…) ?? {}` where parseDef is declared to return JsonSchema7Type | undefined",
      `type JsonSchema7Type = JsonSchema7TypeUnion & JsonSchema7Meta;\nfunction parseDef(def: ZodTypeDef, refs: Refs): JsonSchema7Type | undefined {\n  return selectParser(def, refs);\n}\nexport const zodToJsonSchema = (schema, refs) => {\n  const parsed = parseDef(schema._def, refs) ?? {};\n  return parsed;\n};`,
      '{}',
      ANYTHING,
      'used in place of `parseDef(schema._def, refs)`',
    ),
    failure("the seed ADR's toolSchema(def): JSONSchema7 around an unknown marshal", ADR_EXAMPLE, `{ type: 'object' }`, ANY_OBJECT, returnedAs('JSONSchema7')),
    failure(
      'a sink the flow analysis finds still names itself: a known converter in a declared builder',
      `import type { JSONSchema7 } from 'json-schema';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\nexport function toolSchema(def): JSONSchema7 {\n  try { return zodToJsonSchema(def.input); } catch { return { type: 'object' }; }\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      'returned by `toolSchema()`, whose other returns are schemas (such as `zodToJsonSchema(def.input)`)',
    ),
    failure(
      'a declared z.ZodTypeAny builder whose catch returns z.any()',
      `import { z } from 'zod';\nexport function toZod(def): z.ZodTypeAny {\n  try { return jsonSchemaToZod(def); } catch { return z.any(); }\n}`,
      'z.any()',
      ANYTHING,
      returnedAs('z.ZodTypeAny'),
    ),
    failure(
      'a declared ZodObject builder whose catch returns .passthrough()',
      `import { z, type ZodObject } from 'zod';\nexport function toZod(def): ZodObject<z.ZodRawShape> {\n  try { return fromJson(def); } catch { return z.object({}).passthrough(); }\n}`,
      'z.object({}).passthrough()',
      ANY_OBJECT,
      returnedAs('ZodObject'),
    ),
    failure(
      'a zod type through the project’s barrel (zod.ZodTypeAny)',
      `import { zod } from './third_party/index.js';\nexport function toZod(def): zod.ZodTypeAny {\n  try { return fromJson(def); } catch { return zod.any(); }\n}`,
      'zod.any()',
      ANYTHING,
      returnedAs('zod.ZodTypeAny'),
      { filename: TOOL_FILE },
    ),
    failure(
      'a Result branch in a declared JSONSchema7 function',
      `import type { JSONSchema7 } from 'json-schema';\nexport function toolSchema(def): JSONSchema7 {\n  const built = convert(def);\n  return built.ok ? built.value : {};\n}`,
      '{}',
      ANYTHING,
      returnedAs('JSONSchema7'),
    ),
    failure(
      "a rejection handler in an async builder declared Promise<Tool['inputSchema']>",
      `import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexport async function inputOf(def): Promise<Tool['inputSchema']> {\n  return fetchSchema(def.url).catch(() => ({ type: 'object' }));\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      returnedAs("Tool['inputSchema']"),
    ),
    failure(
      'the fall-through after a failed build, in a function declared JsonSchema of its own module',
      `import type { JsonSchema } from './types.js';\nexport function toolSchema(def): JsonSchema {\n  const result = convert(def);\n  if (result.success) return result.data;\n  log.warn('conversion failed', result.error);\n  return { type: 'object', properties: {} };\n}`,
      `{ type: 'object', properties: {} }`,
      ANY_OBJECT,
      returnedAs('JsonSchema'),
    ),
    failure(
      'true in a catch of a function declared JSONSchema7Definition | undefined',
      `import type { JSONSchema7Definition } from 'json-schema';\nexport function propertySchema(def): JSONSchema7Definition | undefined {\n  try { return marshal(def); } catch { return true; }\n}`,
      'true',
      ANYTHING,
      returnedAs('JSONSchema7Definition'),
    ),
    failure(
      'a namespace import of json-schema (JS.JSONSchema7)',
      `import type * as JS from 'json-schema';\nexport function toolSchema(def): JS.JSONSchema7 {\n  try { return marshal(def); } catch { return {}; }\n}`,
      '{}',
      ANYTHING,
      returnedAs('JS.JSONSchema7'),
    ),
    failure(
      'a local interface extending JSONSchema7',
      `import type { JSONSchema7 } from 'json-schema';\ninterface ToolInput extends JSONSchema7 { 'x-hidden'?: boolean }\nexport function toolInput(def): ToolInput {\n  try { return marshal(def); } catch { return { type: 'object' }; }\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      returnedAs('ToolInput'),
    ),
    failure(
      'a local type alias named JsonSchema',
      `type JsonSchema = Record<string, unknown>;\nexport function toolSchema(def): JsonSchema {\n  try { return marshal(def); } catch { return {}; }\n}`,
      '{}',
      ANYTHING,
      returnedAs('JsonSchema'),
    ),
    failure(
      'an arrow function typed by its binding',
      `import type { JSONSchema7 } from 'json-schema';\nexport const toolSchema: (def: ToolDef) => JSONSchema7 = (def) => {\n  try { return marshal(def); } catch { return { type: 'object' }; }\n};`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      returnedAs('JSONSchema7'),
    ),
    failure(
      'TypeBox: Type.Object({}) in a catch of a function declared TSchema',
      `import { Type, type TSchema } from '@sinclair/typebox';\nexport function toTypeBox(def): TSchema {\n  try { return fromJson(def); } catch { return Type.Object({}); }\n}`,
      'Type.Object({})',
      ANY_OBJECT,
      returnedAs('TSchema'),
    ),
    failure(
      'valibot: v.looseObject({}) in a catch of a function declared v.GenericSchema',
      `import * as v from 'valibot';\nexport function toValibot(def): v.GenericSchema {\n  try { return fromJson(def); } catch { return v.looseObject({}); }\n}`,
      'v.looseObject({})',
      ANY_OBJECT,
      returnedAs('v.GenericSchema'),
    ),
    failure(
      'Standard Schema: z.any() in a catch of a function declared StandardSchemaV1',
      `import { z } from 'zod';\nimport type { StandardSchemaV1 } from '@standard-schema/spec';\nexport function argsSchema(def): StandardSchemaV1 {\n  try { return fromJson(def); } catch { return z.any(); }\n}`,
      'z.any()',
      ANYTHING,
      returnedAs('StandardSchemaV1'),
    ),
    failure(
      'a catch assigning {} to a variable declared JSONSchema7',
      `import type { JSONSchema7 } from 'json-schema';\nlet schema: JSONSchema7;\ntry {\n  schema = marshal(def);\n} catch {\n  schema = {};\n}\nexport default schema;`,
      '{}',
      ANYTHING,
      'assigned to `schema`, declared `JSONSchema7`',
    ),
    failure(
      'a failed build written into a class field declared JSONSchema7',
      `import type { JSONSchema7 } from 'json-schema';\nexport class SearchTool {\n  schema: JSONSchema7 = { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };\n  load(def) {\n    try { this.schema = marshal(def); } catch { this.schema = { type: 'object' }; }\n  }\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      'assigned to `this.schema`, declared `JSONSchema7`',
    ),
    failure(
      'a Result branch bound to a const declared JSONSchema7',
      `import type { JSONSchema7 } from 'json-schema';\nconst built = convert(def);\nexport const schema: JSONSchema7 = built.ok ? built.value : { type: 'object' };`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      'assigned to `schema`, declared `JSONSchema7`',
    ),
    failure(
      'a catch returning {} asserted to be a JSONSchema7',
      `import type { JSONSchema7 } from 'json-schema';\nexport function load(def) {\n  try { return marshal(def); } catch { return {} as JSONSchema7; }\n}`,
      '{}',
      ANYTHING,
      'asserted to be a `JSONSchema7`',
    ),
    failure(
      'a catch returning { type: "object" } checked with satisfies',
      `import type { JSONSchema7 } from 'json-schema';\nexport function load(def) {\n  try { return marshal(def); } catch { return { type: 'object' } satisfies JSONSchema7; }\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      'checked to satisfy `JSONSchema7`',
    ),
    failure(
      'a failed build passed as a parameter declared JSONSchema7',
      `import type { JSONSchema7 } from 'json-schema';\nfunction register(name: string, schema: JSONSchema7): void {\n  registry.set(name, schema);\n}\nconst built = convert(def);\nregister('search', built.ok ? built.value : {});`,
      '{}',
      ANYTHING,
      'passed as `schema` of `register()`, declared `JSONSchema7`',
    ),
    failure(
      "a failed build passed to an imported function whose parameter is declared JSONSchema7",
      `import { registerSchema } from './declared-register.js';\nconst built = convert(def);\nregisterSchema('search', built.success ? built.data : { type: 'object' });`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      'passed as `schema` of `registerSchema()`, declared `JSONSchema7`',
      { filename: TOOL_FILE },
    ),
    failure(
      "a declared Tool['outputSchema'] with checkOutputSchemas",
      OUTPUT_SCHEMA_CATCH,
      `{ type: 'object' }`,
      ANY_OBJECT,
      returnedAs("Tool['outputSchema']"),
      { options: [{ checkOutputSchemas: true }] },
    ),
  ],
});
