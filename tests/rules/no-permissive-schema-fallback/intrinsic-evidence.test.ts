import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ANY_OBJECT, ANYTHING, FAILURE, SEARCH_INPUT, locate } from './helpers.js';

// Issue 30, evidence 1 ("what the value is"): a certain failure's fallback whose value is a
// schema by its shape (`{ type: 'object' }`, `z.any()`, `Type.Object({})`, `v.looseObject({})`) is
// a finding with no sink in view; `{}` and `true` still need a sink or a schema-shaped sibling.
// Then the classes of the second unseen corpus, each in both directions.

type Case = InvalidTestCase<MessageIds, Options>;

/** `snippet` is where the finding is; `within` (a longer, unique text around it) finds the right one. */
function failure(name: string, code: string, snippet: string, accepts: string, sink: string, options?: Options, within?: string): Case {
  const location = within === undefined ? locate(code, snippet) : locateWithin(code, within, snippet);
  return { name, code, ...(options ? { options } : {}), errors: [{ messageId: FAILURE, data: { accepts, sink }, ...location, suggestions: [] }] };
}

function locateWithin(code: string, within: string, snippet: string): ReturnType<typeof locate> {
  const outer = locate(code, within);
  const offset = within.indexOf(snippet);
  if (offset < 0 || within.slice(0, offset).includes('\n')) throw new Error(`snippet ${JSON.stringify(snippet)} not on the first line of ${JSON.stringify(within)}`);
  return { line: outer.line, column: outer.column + offset, endLine: outer.line, endColumn: outer.column + offset + snippet.length };
}

const IN_PLACE = 'in place of the schema it failed to build';
const returnedBy = (fn: string): string => `returned by \`${fn}()\` ${IN_PLACE}`;

/**
 * The seed ADR's shape without its declared return type (which is evidence of its own): the
 * registrar that uses the helper lives in another module, and the converter is unknown.
 */
const ADR_HELPER = `import { marshal } from './marshal.js';
export function toolSchema(def: ToolDef) {
  try {
    return marshal(def.args);
  } catch (err) {
    log.error('schema marshal failed', err);
    return { type: 'object' };
  }
}`;

const PROPERTY_TO_ZOD = (fallThrough: string): string => `import { z } from 'zod';
export function propertyToZod(property: JsonSchemaProperty, required: boolean) {
  if (property.type === 'string') return required ? z.string() : z.string().optional();
  if (property.type === 'number') return required ? z.number() : z.number().optional();
${fallThrough}
}`;

const CONVERTER_LOOP = (test: string, returned: string, fallback: string): string => `export function schemaForTool(tool: ToolSpec) {
  for (const adapter of adapters) {
    if (${test}) return ${returned};
  }
  return ${fallback};
}`;

const REF_RESOLVER = (fallback: string): string => `function deref(ref: string, defs: Definitions, seen: Set<string>) {
  if (seen.has(ref)) return ${fallback};
  seen.add(ref);
  return inline(defs[ref.slice('#/$defs/'.length)], defs, seen);
}
export function toTool(spec: Spec) {
  const properties: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(spec.parameters)) properties[key] = property.$ref ? deref(property.$ref, spec.$defs, new Set()) : property;
  return { name: spec.name, description: spec.summary, inputSchema: { type: 'object', properties } };
}`;

const UNKNOWN_CONVERTER = (fallback: string, use: string): string => `import { z } from 'zod';
import { jsonSchemaToZod } from './vendor/json-schema-to-zod.js';
function toZod(schema: unknown) {
  try {
    return jsonSchemaToZod(schema);
  } catch (error) {
    console.warn('could not convert the tool schema', error);
    return ${fallback};
  }
}
${use}`;

const LANGCHAIN_TOOL = `export const tools = specs.map((spec) => new DynamicStructuredTool({ name: spec.name, description: spec.description, schema: toZod(spec.inputSchema), func: run }));`;

const FIELD_SCHEMA = `function fieldJsonSchema(field: Field) {
  if (field.kind === 'text') return { type: 'string', description: field.label };
  if (field.kind === 'number') return { type: 'number', description: field.label };
  return {};
}`;

const INFER_SCHEMA = (emptyGuard: string): string => `import type { JSONSchema7 } from 'json-schema';
export function inferSchema(sample: unknown): JSONSchema7 {
  if (typeof sample === 'string') return { type: 'string' };
  if (typeof sample === 'number') return { type: 'number' };
  if (Array.isArray(sample)) return { type: 'array', items: inferSchema(sample[0]) };
  if (sample !== null && typeof sample === 'object') {
    const keys = Object.keys(sample);
    if (${emptyGuard}) return { type: 'object' };
    return { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, inferSchema((sample as Record<string, unknown>)[key])])) };
  }
  return { type: 'null' };
}`;

/** @mastra/schema-compat's shared options, handed to a Standard Schema's JSON Schema hook (smoke corpus). */
const STANDARD_HOOK_OPTIONS = (value: string, call: string): string => `const JSON_SCHEMA_LIBRARY_OPTIONS = {
  unrepresentable: ${value},
  override: jsonSchemaOverride,
};
export function standardSchemaToJSONSchema(schema: StandardSchemaWithJSON, options: Options = {}) {
  const { target = 'draft-07', io = 'output', override = JSON_SCHEMA_LIBRARY_OPTIONS.override } = options;
  const jsonSchemaFn = ${call};
  return jsonSchemaFn({ target, libraryOptions: { ...JSON_SCHEMA_LIBRARY_OPTIONS, override } });
}`;

const converterOption = (converter: string): string => `what \`${converter}()\` writes, by \`unrepresentable: 'any'\`, for every part it cannot convert`;

ruleTester.run('no-permissive-schema-fallback: intrinsic evidence (issue 30)', rule, {
  valid: [
    // ---- {} and true are schemas only by where they go ---------------------------------------
    { name: 'a catch returning {} with no sink in view', code: ADR_HELPER.replace("{ type: 'object' }", '{}') },
    { name: 'a catch returning true with no sink in view', code: ADR_HELPER.replace("{ type: 'object' }", 'true') },
    { name: 'a Result branch defaulting to {} with no sink in view', code: `export function schemaOf(def: Def) {\n  const built = convert(def);\n  return built.ok ? built.value : {};\n}` },
    // ---- a schema-shaped value whose position is no certain failure ----------------------------
    {
      name: 'a guard on a declared field (absence), with no sink in view',
      code: `export function schemaOf(def: Def) {\n  if (!def.args) return { type: 'object' };\n  return marshal(def.args);\n}`,
    },
    {
      name: 'a choice by a mode inside a catch',
      code: `export function schemaOf(def: Def, strict: boolean) {\n  try {\n    return marshal(def.args);\n  } catch {\n    return strict ? undefined : { type: 'object' };\n  }\n}`,
    },
    { name: 'a default for a call result outside any catch', code: `export const schema = resolveSchema(def) ?? { type: 'object' };` },
    // ---- where the value goes still decides when it is in view ---------------------------------
    {
      name: 'a failure fallback only hashed',
      code: `function schemaOf(def: Def) {\n  try {\n    return marshal(def.args);\n  } catch {\n    return { type: 'object' };\n  }\n}\nexport const digest = hash(JSON.stringify(schemaOf(def)));`,
    },
    {
      name: "an output schema's failure fallback (recommended leaves output schemas out)",
      code: `export function toOutputSchema(def: Def) {\n  try {\n    return marshal(def.result);\n  } catch {\n    return { type: 'object' };\n  }\n}`,
    },
    // ---- MISS (a): a refined let, the quiet counterparts ---------------------------------------
    {
      name: 'a let refined into a closed schema is no longer permissive',
      code: PROPERTY_TO_ZOD(`  let s = z.any();\n  if (property.enum) s = z.enum(property.enum);\n  return required ? s : s.optional();`),
    },
    {
      name: 'a refined let of z.any() after a test that is not a failure (absence), with no sink in view',
      code: `import { z } from 'zod';\nexport function argumentSchema(property: JsonSchemaProperty) {\n  if (property.schema) return compile(property.schema);\n  let s = z.any();\n  if (property.description) s = s.describe(property.description);\n  return s;\n}`,
    },
    {
      name: "a let of z.any() in the converter's own any case",
      code: `import { z } from 'zod';\nexport function propertyToZod(property: JsonSchemaProperty) {\n  if (property.type === 'any') {\n    let s = z.any();\n    if (property.description) s = s.describe(property.description);\n    return s;\n  }\n  throw new Error('unsupported');\n}`,
    },
    // ---- MISS (b): a loop's fall-through, the quiet counterparts --------------------------------
    { name: 'a loop looking for a declared schema (absence), with no sink in view', code: CONVERTER_LOOP('adapter.inputSchema', 'adapter.inputSchema', "{ type: 'object' }") },
    { name: 'a loop of attempts falling through to {}', code: CONVERTER_LOOP('adapter.supports(tool.parameters)', 'adapter.convert(tool.parameters)', '{}') },
    // ---- MISS (c): a cycle broken by {} ---------------------------------------------------------
    { name: 'a $ref resolver breaking a cycle with {}', code: REF_RESOLVER('{}') },
    // ---- MISS (d): an unknown converter's catch, the quiet counterparts -------------------------
    { name: 'a catch returning {} around an unknown converter', code: UNKNOWN_CONVERTER('{}', LANGCHAIN_TOOL) },
    { name: 'a catch returning z.any() whose result is only read for its description', code: UNKNOWN_CONVERTER('z.any()', 'export const hint = toZod(spec.inputSchema).description;') },
    // ---- FP: a Standard Schema jsonSchema hook documents, its validate checks ----------------------
    {
      name: "a field's {} in a Standard Schema jsonSchema hook",
      code: `${FIELD_SCHEMA}\nexport const form = {\n  '~standard': {\n    version: 1,\n    vendor: 'forms',\n    validate: (value: unknown) => validateForm(fields, value),\n    jsonSchema: {\n      input: () => ({ type: 'object', properties: Object.fromEntries(fields.map((field) => [field.name, fieldJsonSchema(field)])) }),\n    },\n  },\n};`,
    },
    {
      name: 'a {} written in the jsonSchema hook itself',
      code: `export const Shape = {\n  '~standard': {\n    version: 1,\n    vendor: 'docs',\n    validate: (value: unknown) => check(value),\n    jsonSchema: {\n      input: ({ target }: { target: string }) => {\n        if (target !== 'draft-07') return {};\n        return { type: 'object', properties: { q: { type: 'string' } } };\n      },\n    },\n  },\n};`,
    },
    // ---- smoke corpus: a Standard Schema hook's options, the quiet counterparts -------------------
    { name: "a Standard Schema hook told to fail on what it cannot represent", code: STANDARD_HOOK_OPTIONS("'throw'", "schema['~standard'].jsonSchema[io]") },
    { name: 'the same options handed to a function that is no Standard Schema hook', code: STANDARD_HOOK_OPTIONS("'any'", 'converters[io]') },
    // ---- FP: an inference from an empty sample -------------------------------------------------
    { name: 'inferSchema of an empty object is an open object (keys bound first)', code: INFER_SCHEMA('keys.length === 0') },
    { name: 'inferSchema of an empty object is an open object (!keys.length)', code: INFER_SCHEMA('!keys.length') },
  ],
  invalid: [
    // ---- the seed ADR's own shape ------------------------------------------------------------
    failure("the ADR's helper, undeclared: a catch returning { type: 'object' }", ADR_HELPER, "{ type: 'object' }", ANY_OBJECT, returnedBy('toolSchema')),
    failure(
      "the ADR's helper as written: its declared JSONSchema7 names the destination first",
      `import type { JSONSchema7 } from 'json-schema';\n${ADR_HELPER.replace('toolSchema(def: ToolDef)', 'toolSchema(def: ToolDef): JSONSchema7')}`,
      "{ type: 'object' }",
      ANY_OBJECT,
      'returned as the `JSONSchema7` this function declares',
    ),
    failure(
      'a catch returning an annotated open object',
      ADR_HELPER.replace("{ type: 'object' }", "{ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', description: 'Arguments' }"),
      "{ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', description: 'Arguments' }",
      ANY_OBJECT,
      returnedBy('toolSchema'),
    ),
    failure(
      'a catch assigning { type: "object" }',
      `export function toolSchema(def: ToolDef) {\n  let schema;\n  try {\n    schema = marshal(def.args);\n  } catch {\n    schema = { type: 'object', properties: {} };\n  }\n  return schema;\n}`,
      "{ type: 'object', properties: {} }",
      ANY_OBJECT,
      `assigned to \`schema\` ${IN_PLACE}`,
    ),
    // ---- each library's permissive schema ------------------------------------------------------
    failure('zod: z.object({}).passthrough() in a catch', `import { z } from 'zod';\nexport function toZod(def: Def) {\n  try {\n    return compile(def);\n  } catch {\n    return z.object({}).passthrough();\n  }\n}`, 'z.object({}).passthrough()', ANY_OBJECT, returnedBy('toZod')),
    failure('zod: z.unknown() in a catch', `import { z } from 'zod';\nexport function toZod(def: Def) {\n  try {\n    return compile(def);\n  } catch {\n    return z.unknown();\n  }\n}`, 'z.unknown()', ANYTHING, returnedBy('toZod')),
    failure('TypeBox: Type.Object({}) in a catch', `import { Type } from '@sinclair/typebox';\nexport function toTypeBox(def: Def) {\n  try {\n    return compile(def);\n  } catch {\n    return Type.Object({});\n  }\n}`, 'Type.Object({})', ANY_OBJECT, returnedBy('toTypeBox')),
    failure('TypeBox: Type.Any() in a catch', `import { Type } from 'typebox';\nexport function toTypeBox(def: Def) {\n  try {\n    return compile(def);\n  } catch {\n    return Type.Any();\n  }\n}`, 'Type.Any()', ANYTHING, returnedBy('toTypeBox')),
    failure('valibot: v.looseObject({}) in a catch', `import * as v from 'valibot';\nexport function toValibot(def: Def) {\n  try {\n    return compile(def);\n  } catch {\n    return v.looseObject({});\n  }\n}`, 'v.looseObject({})', ANY_OBJECT, returnedBy('toValibot')),
    failure('valibot: v.any() in a catch', `import * as v from 'valibot';\nexport function toValibot(def: Def) {\n  try {\n    return compile(def);\n  } catch {\n    return v.any();\n  }\n}`, 'v.any()', ANYTHING, returnedBy('toValibot')),
    // ---- the other certain failures --------------------------------------------------------------
    failure('a Result branch r.ok ? r.value : …', `export function schemaOf(def: Def) {\n  const built = convert(def);\n  return built.ok ? built.value : { type: 'object' };\n}`, "{ type: 'object' }", ANY_OBJECT, returnedBy('schemaOf')),
    failure(
      'a Result branch r.success ? r.data : …',
      `import { z } from 'zod';\nexport function schemaOf(raw: unknown) {\n  const parsed = ToolSchema.safeParse(raw);\n  return parsed.success ? parsed.data : z.object({}).passthrough();\n}`,
      'z.object({}).passthrough()',
      ANY_OBJECT,
      returnedBy('schemaOf'),
    ),
    failure('a guard on a failed outcome', `export function schemaOf(def: Def) {\n  const built = convert(def);\n  if (!built.success) return { type: 'object' };\n  return built.data;\n}`, "{ type: 'object' }", ANY_OBJECT, returnedBy('schemaOf')),
    failure(
      'a rejection handler',
      `export const schema = loadSchema(url).catch(() => ({ type: 'object' }));`,
      "{ type: 'object' }",
      ANY_OBJECT,
      `what \`loadSchema(url)\` yields when it fails, ${IN_PLACE}`,
    ),
    failure(
      "a result's default",
      `import { z } from 'zod';\nexport const argsSchema = compileArgs(spec).unwrapOr(z.any());`,
      'z.any()',
      ANYTHING,
      `what \`compileArgs(spec)\` yields when it fails, ${IN_PLACE}`,
    ),
    failure(
      "a result's default callback",
      `export const argsSchema = compileArgs(spec).getOrElse(() => ({ type: 'object', additionalProperties: true }));`,
      "{ type: 'object', additionalProperties: true }",
      ANY_OBJECT,
      `what \`compileArgs(spec)\` yields when it fails, ${IN_PLACE}`,
    ),
    failure(
      'the fall-through after a build that returned nothing',
      `import { Type } from '@sinclair/typebox';\nexport function schemaOf(def: Def) {\n  const built = build(def);\n  if (built) return built;\n  console.warn('no schema for', def.name);\n  return Type.Object({});\n}`,
      'Type.Object({})',
      ANY_OBJECT,
      returnedBy('schemaOf'),
    ),
    failure(
      "a converter switch's default",
      `import { z } from 'zod';\nexport function propertyToZod(property: JsonSchemaProperty) {\n  switch (property.type) {\n    case 'string': return z.string();\n    case 'number': return z.number();\n    default: return z.any();\n  }\n}`,
      'z.any()',
      ANYTHING,
      "returned by `propertyToZod()`, whose other returns are schemas (such as `z.string()`)",
    ),
    failure(
      'an output schema is reported with checkOutputSchemas',
      `export function toOutputSchema(def: Def) {\n  try {\n    return marshal(def.result);\n  } catch {\n    return { type: 'object' };\n  }\n}`,
      "{ type: 'object' }",
      ANY_OBJECT,
      returnedBy('toOutputSchema'),
      [{ checkOutputSchemas: true }],
    ),
    // ---- {} with a schema-shaped sibling -------------------------------------------------------
    failure(
      'a catch returning {} beside a try that returns a schema literal',
      `export function describeField(name: string) {\n  try {\n    return { type: 'object', properties: { [name]: { type: 'string' } } };\n  } catch {\n    return {};\n  }\n}`,
      '{}',
      ANYTHING,
      "returned by `describeField()`, whose other returns are schemas (such as `{ type: 'object', properties: { [name]: { typ…`)",
    ),
    // ---- MISS (a): a permissive let refined before it is returned -------------------------------
    failure(
      "a refined let of z.any() is still z.any() (JSON Schema property to zod, unknown type)",
      PROPERTY_TO_ZOD(`  let s = z.any();\n  if (property.description) s = s.describe(property.description);\n  return required ? s : s.optional();`),
      'required ? s : s.optional()',
      ANYTHING,
      "returned by `propertyToZod()`, whose other returns are schemas (such as `z.string()`)",
    ),
    failure(
      'a refined let of z.any() after the kind tests, with no schema-shaped sibling',
      `import { z } from 'zod';\nexport function propertyToZod(property: JsonSchemaProperty, required: boolean) {\n  if (property.type === 'string') return stringToZod(property, required);\n  if (property.type === 'array') return arrayToZod(property, required);\n  let s = z.any();\n  if (property.description) s = s.describe(property.description);\n  return required ? s : s.optional();\n}`,
      'required ? s : s.optional()',
      ANYTHING,
      returnedBy('propertyToZod'),
    ),
    failure(
      'a refined let of z.any() in a catch, with no sibling',
      `import { z } from 'zod';\nexport function toZod(def: Def) {\n  try {\n    return compile(def);\n  } catch {\n    let s = z.any();\n    if (def.description) s = s.describe(def.description);\n    return s;\n  }\n}`,
      's',
      ANYTHING,
      returnedBy('toZod'),
      undefined,
      'return s;',
    ),
    // ---- MISS (b): a guard inside a for…of loop before the fall-through --------------------------
    failure(
      'a loop of attempts falling through to { type: "object" }',
      CONVERTER_LOOP('adapter.supports(tool.parameters)', 'adapter.convert(tool.parameters)', "{ type: 'object' }"),
      "{ type: 'object' }",
      ANY_OBJECT,
      returnedBy('schemaForTool'),
    ),
    failure(
      'a loop returning schema literals falling through to {} (a schema-shaped sibling)',
      `export function combinatorSchema(s: JsonSchema) {\n  for (const key of ['anyOf', 'oneOf']) {\n    if (Array.isArray(s[key])) return { anyOf: s[key].map(convert) };\n  }\n  return {};\n}`,
      '{}',
      ANYTHING,
      'returned by `combinatorSchema()`, whose other returns are schemas (such as `{ anyOf: s[key].map(convert) }`)',
    ),
    // ---- MISS (c): a $ref resolver breaking a cycle ---------------------------------------------
    failure("a $ref resolver breaking a cycle with { type: 'object' }", REF_RESOLVER("{ type: 'object' }"), "{ type: 'object' }", ANY_OBJECT, returnedBy('deref')),
    // ---- MISS (d): an unknown JSON-Schema-to-zod converter's catch --------------------------------
    // The LangChain tool class is a sink of its own (its `schema` key), so the message names it.
    failure('a catch returning z.any() around an unknown converter (LangChain tool)', UNKNOWN_CONVERTER('z.any()', LANGCHAIN_TOOL), 'z.any()', ANYTHING, "advertised as a tool's schema (through `toZod()`)"),
    failure('a catch returning z.any() around an unknown converter, no caller in view', UNKNOWN_CONVERTER('z.any()', ''), 'z.any()', ANYTHING, returnedBy('toZod')),
    // ---- smoke corpus (@mastra/schema-compat): unrepresentable: 'any' through a Standard Schema hook --
    failure(
      "a Standard Schema hook's libraryOptions with unrepresentable: 'any' (through a const)",
      STANDARD_HOOK_OPTIONS("'any'", "schema['~standard'].jsonSchema[io]"),
      "'any'",
      ANYTHING,
      converterOption('jsonSchemaFn'),
    ),
    failure(
      "a Standard Schema hook's libraryOptions, called in place",
      `export const json = tool.parameters['~standard'].jsonSchema.input({ target: 'draft-07', libraryOptions: { unrepresentable: 'any' } });`,
      "'any'",
      ANYTHING,
      converterOption("tool.parameters['~standard'].jsonSchema.input"),
    ),
    // ---- the look-alikes' reported counterparts --------------------------------------------------
    failure(
      "a field's {} in a tool's own inputSchema, no Standard Schema around it",
      `${FIELD_SCHEMA}\nexport const search = { name: 'search', description: 'Search', inputSchema: { type: 'object', properties: { q: fieldJsonSchema(field) } } };`,
      '{}',
      ANYTHING,
      `${SEARCH_INPUT} (through \`fieldJsonSchema()\`)`,
    ),
    failure(
      "inferSchema's guard for a shape it cannot read is a failure",
      INFER_SCHEMA('!isPlainObject(sample)'),
      "{ type: 'object' }",
      ANY_OBJECT,
      "returned by `inferSchema()`, whose other returns are schemas (such as `{ type: 'string' }`)",
    ),
  ],
});
