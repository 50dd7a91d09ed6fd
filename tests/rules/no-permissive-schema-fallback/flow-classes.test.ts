import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ABSENCE, ANY_OBJECT, ANYTHING, FAILURE, JSON_CLOSED, SEARCH_INPUT, SUGGEST_CLOSED, advertised, locate, replaced } from './helpers.js';

// The false-positive and miss classes of issue 18 ("decide what is a schema by where values flow,
// not by names"), each reduced to a few lines, in both directions: the look-alike stays quiet, and
// the same construct is reported where its value does reach a schema sink.

type Case = InvalidTestCase<MessageIds, Options>;

function failure(name: string, code: string, snippet: string, accepts: string, sink: string, occurrence = 0): Case {
  return { name, code, errors: [{ messageId: FAILURE, data: { accepts, sink }, ...locate(code, snippet, occurrence), suggestions: [] }] };
}

function absence(name: string, code: string, snippet: string, accepts: string, sink: string, closed = JSON_CLOSED): Case {
  return {
    name,
    code,
    errors: [
      {
        messageId: ABSENCE,
        data: { accepts, sink, closed },
        ...locate(code, snippet),
        suggestions: [{ messageId: SUGGEST_CLOSED, data: { closed }, output: replaced(code, snippet, closed) }],
      },
    ],
  };
}

const converterReturn = (fn: string, other: string): string => `returned by \`${fn}()\`, whose other returns are schemas (such as \`${other}\`)`;

ruleTester.run('no-permissive-schema-fallback: issue 18 flow classes', rule, {
  valid: [
    // ---- FP: a name that merely contains "schema" ------------------------------------------------
    { name: 'a spread of schema-named defaults', code: `const settings = { ...(config.schemaDefaults ?? {}), strict: true };` },
    { name: 'a schema registry defaulting to empty', code: `const registry = ctx.schemaRegistry ?? {};\nregistry[name] = compiled;` },
    {
      name: "a converter's options object",
      code: `import { zodToJsonSchema } from 'zod-to-json-schema';\nexport const json = zodToJsonSchema(def, settings.zodToJsonOptions ?? {});`,
    },
    { name: 'a destructured option named schemaHints', code: `export function render({ schemaHints = {} }) { return layout(schemaHints); }` },
    { name: "a schema's default value", code: `const initial = schema.default ?? {};\nform.reset(initial);` },
    {
      name: 'a guard named schemaVersionAtLeast in a function that builds no schema',
      code: `function payload(input) {\n  if (!schemaVersionAtLeast(input, 2)) return {};\n  return { version: 2, data: input.data };\n}\nsend(payload(request));`,
    },
    { name: 'a schema-named binding that goes nowhere known', code: `const inputSchema = def.inputSchema ?? {};` },
    { name: 'a schema-shaped literal given to an unknown function', code: `register(def.title, options ?? { type: 'object' });` },
    // ---- FP: {} that is data, not a schema ------------------------------------------------------
    {
      name: "a form's default value for an object field",
      code: `function defaultValue(s) {\n  if (s.type === 'object') return {};\n  if (s.type === 'array') return [];\n  if (s.type === 'string') return '';\n  return null;\n}\nexport const search = { name: 'search', inputSchema: { type: 'object', default: defaultValue(field) } };`,
    },
    { name: 'hashing a tool schema', code: `const digest = createHash('sha256').update(JSON.stringify(tool.inputSchema ?? {})).digest('hex');` },
    { name: 'counting the tokens of a tool schema', code: `const tokens = countTokens(JSON.stringify(tool.inputSchema ?? {}));` },
    { name: 'a change-detection fingerprint', code: `const changed = fingerprint(tool.inputSchema ?? {}) !== previous;` },
    { name: 'reading a property of a possibly missing schema', code: `const properties = (tool.inputSchema ?? {}).properties;` },
    // ---- FP: relaying a tool someone else declared (a proxy, an adapter to another SDK's format) ---
    {
      name: 'a WebMCP listing passing on a page tool (chrome-devtools-mcp McpPage)',
      code: `const groups = tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: structuredClone(tool.inputSchema ?? {}) }));`,
    },
    {
      name: "remote MCP tools converted to OpenAI functions (@stripe/agent-toolkit)",
      code: `export const functions = mcpTools.map((tool) => ({ type: 'function', function: { name: tool.name, parameters: tool.inputSchema || { type: 'object', properties: {} } } }));`,
    },
    // ---- FP: a converter translating an already permissive source --------------------------------
    {
      name: "a converter's ZodAny case in an if chain",
      code: `function convert(def) {\n  if (def.typeName === 'ZodAny') return {};\n  if (def.typeName === ZodFirstPartyTypeKind.ZodUnknown) return {};\n  if (def.typeName === 'ZodString') return { type: 'string' };\n  throw new Error('unsupported');\n}`,
    },
    {
      name: "a converter's ZodAny case in a switch",
      code: `function convert(def) {\n  switch (def.typeName) {\n    case 'ZodAny': return {};\n    case 'ZodString': return { type: 'string' };\n    default: throw new Error('unsupported');\n  }\n}`,
    },
    {
      name: "a converter's instanceof case",
      code: `function convert(schema) {\n  if (schema instanceof ZodAny) return {};\n  if (schema instanceof ZodString) return { type: 'string' };\n  return { type: 'null' };\n}`,
    },
    // ---- FP: the MCP SDK's raw shape ----------------------------------------------------------
    { name: 'registerTool: {} is a raw shape without fields', code: `server.registerTool('ping', { description: 'Ping', inputSchema: spec.args ?? {} }, run);` },
    { name: 'server.tool: {} is a raw shape without fields', code: `server.tool('ping', 'Ping', spec.args ?? {}, async () => ({ content: [] }));` },
    // ---- FP: zod's value-level .catch ------------------------------------------------------------
    { name: "zod's .catch(() => ({})) is the value parsing yields", code: `import { z } from 'zod';\nconst Options = z.object({ depth: z.number() }).catch(() => ({}));${advertised('Options')}` },
    // ---- FP (smoke corpus): an elicitation's empty form is not a tool's contract ----------------
    {
      name: 'an elicitation for a step without a resume schema (@mastra/mcp)',
      code: `await server.elicitInput({ message: 'Resume?', requestedSchema: step.resumeSchema ?? { type: 'object', properties: {} } });`,
    },
    // ---- MISS unrepresentable-any: the converter option's quiet counterparts ---------------------
    { name: "zod's toJSONSchema failing on what it cannot represent", code: `import { z } from 'zod';\nexport const json = z.toJSONSchema(input, { unrepresentable: 'throw', io: 'input' });` },
    { name: "valibot's toJsonSchema failing on what it cannot convert", code: `import { toJsonSchema } from '@valibot/to-json-schema';\nexport const json = toJsonSchema(input, { errorMode: 'throw' });` },
    { name: 'a toJsonSchema of an unknown module with the same option', code: `import { toJsonSchema } from './convert.js';\nexport const json = toJsonSchema(input, { errorMode: 'ignore' });` },
    // ---- smoke corpus: the quiet counterparts of the converter misses -----------------------------
    {
      name: 'a walker returning an empty map, not a schema, beside its input',
      code: `function collectRefs(node, found) {\n  if (!node || typeof node !== 'object') return {};\n  if (visited.has(node)) return found;\n  return walk(node, found);\n}`,
    },
    {
      name: 'a registerTool config written first: {} is still a raw shape',
      code: `const config = { description: 'Ping', inputSchema: spec.args ?? {} };\nserver.registerTool('ping', config, run);`,
    },
    {
      name: 'a value written into an object by Object.defineProperty in place of something that is no schema',
      code: `Object.defineProperty(globalThis, '__settings', { value: loadSettings(path) ?? {}, enumerable: false });`,
    },
    {
      name: 'an intersection handler whose let holds data, not a schema',
      code: `function merge(value) {\n  let result = {};\n  for (const part of value.parts) Object.assign(result, part);\n  if (Object.keys(result).length) return result;\n  return {};\n}`,
    },
    // ---- smoke corpus (strict): a guard every caller has already passed ---------------------------
    {
      name: 'an output schema builder only called once its shape exists (mcp-framework BaseTool)',
      code: `class Tool {\n  get toolDefinition() { return { name: this.name, inputSchema: this.inputSchema, ...(this.outputSchemaShape && { outputSchema: this.generateOutputSchema() }) }; }\n  generateOutputSchema() {\n    if (!this.outputSchemaShape) return {};\n    return { type: 'object', properties: toProperties(this.outputSchemaShape) };\n  }\n}`,
      options: [{ checkOutputSchemas: true }],
    },
    // ---- smoke corpus: a workflow node's parameters, and a converter translating an empty sample --
    {
      name: "a workflow node's parameters are not a function's (n8n-mcp workflow-diff-engine)",
      code: `const newNode = { id: operation.node.id, name: operation.node.name, type: operation.node.type, typeVersion: 1, parameters: operation.node.parameters || {} };\nworkflow.nodes.push(newNode);`,
    },
    {
      name: 'a guard inside the object case of a schema inferrer (@apify/actors-mcp-server inferSchema)',
      code: `function inferSchema(value) {\n  const type = inferType(value);\n  if (type === 'object') {\n    const entries = Object.entries(value);\n    if (entries.length === 0) return { type: 'object' };\n    return { type: 'object', properties: Object.fromEntries(entries.map(([k, v]) => [k, inferSchema(v)])) };\n  }\n  return { type };\n}`,
    },
    {
      name: "a converter's any parser choosing the form for the target (@langchain/core parseAnyDef)",
      code: `function parseAnyDef(refs) {\n  if (refs.target !== 'openAi') return {};\n  return { $ref: [...refs.basePath, refs.openAiAnyTypeName].join('/') };\n}`,
    },
    {
      name: "a $ref strategy that writes {} for what it has seen (zod-to-json-schema 'seen')",
      code: `function seen(refs) {\n  if (isAncestor(refs)) return { $ref: refs.path };\n  return refs.$refStrategy === 'seen' ? {} : undefined;\n}`,
    },
    {
      name: "an effects parser honouring the caller's effectStrategy (openai's vendored zod-to-json-schema)",
      code: `import type { JsonSchema7Type } from '../parseDef';\nimport { parseDef } from '../parseDef';\nexport function parseEffectsDef(_def, refs, forceResolution: boolean): JsonSchema7Type | undefined {\n  return refs.effectStrategy === 'input' ? parseDef(_def.schema._def, refs, forceResolution) : {};\n}`,
    },
    {
      name: 'a kind case in a conditional',
      code: `const toJson = (def) => (def.typeName === 'ZodAny' ? {} : { type: 'string' });`,
    },
    {
      name: "a tool's result describing another tool's schemas (@apify/actors-mcp-server fetch-actor-details)",
      code: `export function details(output, actorOutputSchema) {\n  const structuredContent = { readme: output.readme, inputSchema: output.inputSchema, outputSchema: output.outputSchema ? (actorOutputSchema ?? {}) : undefined };\n  return { texts: [], structuredContent };\n}`,
      options: [{ checkOutputSchemas: true }],
    },
    // ---- the miss classes' look-alikes that stay quiet -------------------------------------------
    {
      name: 'a closed fall-through after a logging statement',
      code: `function toolInput(t) {\n  if (t.schema) return zodToJsonSchema(t.schema);\n  log.warn('no schema');\n  return { type: 'object', additionalProperties: false };\n}`,
    },
    {
      name: 'a try whose fall-through returns an error value',
      code: `function toolInput(s) {\n  try {\n    if (typeof z.toJSONSchema === 'function') return z.toJSONSchema(s);\n    return { ok: false, error: new Error('no converter') };\n  } catch (error) {\n    return { ok: false, error };\n  }\n}`,
    },
    {
      name: 'an else that assigns a closed schema',
      code: `let schema;\nif (built.ok) { schema = built.value; } else { schema = { type: 'object', additionalProperties: false }; }${advertised('schema')}`,
    },
    { name: '?? true on a flag', code: `const strict = options.strict ?? true;\nexport const search = { name: 'search', strict };` },
    { name: '.catch(() => true) on a probe', code: `const reachable = await ping(url).catch(() => true);\nif (reachable) start();` },
    { name: "{ type: ['object', 'null'] } that closes its properties", code: `const inputSchema = def.inputSchema ?? { type: ['object', 'null'], additionalProperties: false };${advertised('inputSchema')}` },
    {
      name: 'TypeBox Type.Object({}) told to refuse extra properties',
      code: `import { Type } from '@sinclair/typebox';\nconst inputSchema = def.inputSchema ?? Type.Object({}, { additionalProperties: false });${advertised('inputSchema')}`,
    },
  ],
  invalid: [
    // ---- names: the same constructs, reaching a schema sink --------------------------------------
    absence('a schema-named field read into a tool definition', `const inputSchema = def.inputSchema ?? {};${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT),
    absence(
      'a permissive schema given to a converter',
      `import { z } from 'zod';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\nexport const json = zodToJsonSchema(def.schema ?? z.any());`,
      `z.any()`,
      ANYTHING,
      'converted by `zodToJsonSchema()`',
      'z.object({}).strict()',
    ),
    absence('a destructured default that becomes a tool definition', `export const toTool = ({ inputSchema = {} }) => ({ name: 'search', inputSchema });`, `{}`, ANYTHING, SEARCH_INPUT),
    failure(
      'a guard in a function whose other return is a converted schema',
      `function toolInput(t) {\n  if (!supportsSchemas(t)) return {};\n  return zodToJsonSchema(t.schema);\n}`,
      `{}`,
      ANYTHING,
      converterReturn('toolInput', 'zodToJsonSchema(t.schema)'),
    ),
    // ---- {} as data, once it is marshalled into a schema sink -------------------------------------
    absence(
      'a deep copy through JSON, advertised',
      `export const search = { name: 'search', inputSchema: JSON.parse(JSON.stringify(def.inputSchema ?? {})) };`,
      `{}`,
      ANYTHING,
      SEARCH_INPUT,
    ),
    absence(
      'a structured clone, advertised',
      `const groups = defs.map((def) => ({ name: \`local_\${def.id}\`, description: def.description, inputSchema: structuredClone(def.inputSchema ?? {}) }));`,
      `{}`,
      ANYTHING,
      "advertised as a tool's inputSchema",
    ),
    absence(
      'a manifest tool relayed by name but run here by its handler (the example project)',
      `export const plugin = (manifest) => ({ name: manifest.name, inputSchema: manifest.inputSchema ?? {}, handler: (args) => call(manifest.endpoint, args) });`,
      `{}`,
      ANYTHING,
      "advertised as a tool's inputSchema",
    ),
    absence(
      'a default for a schema read from another object than the relayed name',
      `const groups = tools.map((tool) => ({ name: tool.name, inputSchema: defaults.inputSchema ?? {} }));`,
      `{}`,
      ANYTHING,
      "advertised as a tool's inputSchema",
    ),
    // ---- a converter: only the unknown-kind branch is a fallback --------------------------------
    failure(
      "the fall-through after a converter's kind tests",
      `function convert(def) {\n  if (def.typeName === 'ZodAny') return {};\n  if (def.typeName === 'ZodString') return { type: 'string' };\n  return { type: 'object' };\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      converterReturn('convert', "{ type: 'string' }"),
    ),
    failure(
      "an else after a converter's kind test",
      `function convert(schema) {\n  if (schema instanceof ZodString) return { type: 'string' };\n  else return {};\n}`,
      `{}`,
      ANYTHING,
      converterReturn('convert', "{ type: 'string' }"),
    ),
    // ---- the raw shape: a zod schema there is a schema -------------------------------------------
    absence(
      'registerTool: a permissive zod schema instead of a shape',
      `import { z } from 'zod';\nserver.registerTool('ping', { inputSchema: spec.args ?? z.object({}).passthrough() }, run);`,
      `z.object({}).passthrough()`,
      ANY_OBJECT,
      "advertised as `ping`'s inputSchema",
      'z.object({}).strict()',
    ),
    // ---- a promise's .catch is a rejection handler -----------------------------------------------
    failure('a promise .catch(() => ({})), advertised', `const schema = await loadSchema(url).catch(() => ({}));${advertised('schema')}`, `{}`, ANYTHING, SEARCH_INPUT),
    // ---- MISS (smoke corpus): a recursive reference defaulting to any (zod-to-json-schema get$ref) --
    failure(
      "a converter's case whose guard logs and returns {} where the other returns are $refs",
      `const get$ref = (item, refs) => {
  switch (refs.$refStrategy) {
    case 'relative':
      return { $ref: getRelativePath(refs.currentPath, item.path) };
    case 'none': {
      if (isAncestor(item.path, refs.currentPath)) {
        console.warn('Recursive reference detected! Defaulting to any');
        return {};
      }
      return undefined;
    }
  }
};`,
      `{}`,
      ANYTHING,
      converterReturn('get$ref', '{ $ref: getRelativePath(refs.currentPath, ite…'),
    ),
    // ---- MISS unrepresentable-any (smoke corpus: @mastra/schema-compat, @mastra/mcp) --------------
    failure(
      "zod 4's toJSONSchema told to write {} for what it cannot represent",
      `import { z } from 'zod';\nexport const json = z.toJSONSchema(input, { unrepresentable: 'any', io: 'input' });`,
      `'any'`,
      ANYTHING,
      "what `z.toJSONSchema()` writes, by `unrepresentable: 'any'`, for every part it cannot convert",
    ),
    failure(
      'the option spread in from a shared const',
      `import { z } from 'zod';\nconst OPTIONS = { unrepresentable: 'any' } as const;\nexport const json = z.toJSONSchema(input, { ...OPTIONS, io: 'input' });`,
      `'any'`,
      ANYTHING,
      "what `z.toJSONSchema()` writes, by `unrepresentable: 'any'`, for every part it cannot convert",
    ),
    failure(
      "valibot's toJsonSchema told to ignore what it cannot convert",
      `import { toJsonSchema } from '@valibot/to-json-schema';\nexport const json = toJsonSchema(input, { errorMode: 'ignore' });`,
      `'ignore'`,
      ANYTHING,
      "what `toJsonSchema()` writes, by `errorMode: 'ignore'`, for every part it cannot convert",
    ),
    // ---- MISS (smoke corpus): converters whose other returns are schemas of other forms ---------
    failure(
      "the vendored zod-to-json-schema optional parser (openai): {} beside an anyOf",
      `export const parseOptionalDef = (def, refs) => {\n  const innerSchema = parseDef(def.innerType._def, refs);\n  return innerSchema ? { anyOf: [{ not: {} }, innerSchema] } : {};\n};`,
      `{}`,
      ANYTHING,
      'used in place of `{ anyOf: [{ not: {} }, innerSchema] }`',
      1,
    ),
    failure(
      'an intersection handler falling back to z.any() after a let built from z.object (@mastra/schema-compat)',
      `import { z } from 'zod';\nfunction mergeIntersection(value) {\n  if (value.parts.every((part) => part instanceof ZodObject)) {\n    let result = z.object(mergeShapes(value.parts));\n    if (value.description) result = result.describe(value.description);\n    return result;\n  }\n  return z.any().describe('intersection type');\n}`,
      `z.any().describe('intersection type')`,
      ANYTHING,
      converterReturn('mergeIntersection', 'result'),
    ),
    failure(
      'a $ref resolver breaking a cycle with { type: object } (@langchain/mcp-adapters)',
      `function resolveRefs(obj, visited = new Set()) {\n  if (typeof obj !== 'object' || obj === null) return obj;\n  if (visited.has(obj.$ref)) {\n    debugLog('circular reference, using an empty object');\n    return { type: 'object' };\n  }\n  return { ...resolveRefs(definitions[obj.$ref], new Set([...visited, obj.$ref])) };\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      "returned by `resolveRefs()`, which maps schemas to schemas (it also returns its input `obj`)",
    ),
    failure(
      'a cycle sentinel spread into the walk (@composio/core)',
      `const CYCLE_BREAK = { type: 'object', additionalProperties: true, description: 'cycle' };\nfunction walk(node) {\n  if (!isPlainObject(node)) return node;\n  if (visiting.has(node)) return { ...CYCLE_BREAK };\n  return cloneChildren(node);\n}`,
      `{ ...CYCLE_BREAK }`,
      ANY_OBJECT,
      "returned by `walk()`, which maps schemas to schemas (it also returns its input `node`)",
    ),
    absence(
      "a builder's part holding only a tool's inputSchema (@apify/actors-mcp-server)",
      `export function buildActorInputSchema(name, input) {\n  if (!input) return { inputSchema: { $id: idOf(name), type: 'object', properties: {}, required: [] } };\n  return { inputSchema: convert(input) };\n}`,
      `{ $id: idOf(name), type: 'object', properties: {}, required: [] }`,
      ANY_OBJECT,
      "advertised as a tool's inputSchema",
    ),
    {
      name: 'the same builder called once without the guard: the fallback is reachable',
      code: `class Tool {\n  get toolDefinition() { return { name: this.name, inputSchema: this.inputSchema, outputSchema: this.generateOutputSchema() }; }\n  generateOutputSchema() {\n    if (!this.outputSchemaShape) return {};\n    return { type: 'object', properties: toProperties(this.outputSchemaShape) };\n  }\n}`,
      options: [{ checkOutputSchemas: true }],
      errors: [
        {
          messageId: ABSENCE,
          data: { accepts: ANYTHING, sink: "advertised as a tool's outputSchema (through `generateOutputSchema()`)", closed: JSON_CLOSED },
          line: 4,
          column: 41,
          suggestions: [
            {
              messageId: SUGGEST_CLOSED,
              data: { closed: JSON_CLOSED },
              output: `class Tool {\n  get toolDefinition() { return { name: this.name, inputSchema: this.inputSchema, outputSchema: this.generateOutputSchema() }; }\n  generateOutputSchema() {\n    if (!this.outputSchemaShape) return ${JSON_CLOSED};\n    return { type: 'object', properties: toProperties(this.outputSchemaShape) };\n  }\n}`,
            },
          ],
        },
      ],
    },
    failure(
      // `Object.defineProperty` writes the descriptor's value into its target: the value is not read there.
      "the vendored zod-to-json-schema's named definitions (openai), written through Object.defineProperty",
      `import type { JSONSchema7 } from 'json-schema';\nfunction parseDef(def: unknown, refs: unknown): JSONSchema7 | undefined {\n  return convert(def, refs);\n}\nconst definitions = {};\nfor (const [key, schema] of entries) {\n  Object.defineProperty(definitions, key, { value: parseDef(schema._def, refs) ?? {}, enumerable: true });\n}`,
      `{}`,
      ANYTHING,
      'used in place of `parseDef(schema._def, refs)`',
      1,
    ),
    failure(
      "the unknown kind of a conditional's kind test",
      `const toJson = (def) => (def.typeName === 'ZodString' ? { type: 'string' } : {});`,
      `{}`,
      ANYTHING,
      "used in place of `{ type: 'string' }`",
    ),
    // ---- MISS: a statement between the last guard and the fall-through -------------------------
    absence(
      'a logging statement before the fall-through',
      `function toolInput(t) {\n  if (t.schema) return zodToJsonSchema(t.schema);\n  log.warn('no schema for', t.name);\n  metrics.increment('schema.missing');\n  return { type: 'object' };\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      converterReturn('toolInput', 'zodToJsonSchema(t.schema)'),
    ),
    // ---- MISS: a fall-through inside try (fastmcp edge #schemaToJsonSchema) -----------------------
    {
      name: 'a fall-through inside try, and the catch, of a private method listed as tools',
      code: `class EdgeServer {\n  list() { return { tools: this.tools.map((tool) => ({ name: tool.name, inputSchema: this.#toJson(tool.parameters) })) }; }\n  #toJson(schema) {\n    try {\n      if (typeof z.toJSONSchema === 'function') return z.toJSONSchema(schema);\n      return { type: 'object' };\n    } catch {\n      return { type: 'object' };\n    }\n  }\n}`,
      errors: [
        { messageId: FAILURE, data: { accepts: ANY_OBJECT, sink: "advertised as a tool's inputSchema (through `#toJson()`)" }, line: 6, column: 14, suggestions: [] },
        { messageId: FAILURE, data: { accepts: ANY_OBJECT, sink: "advertised as a tool's inputSchema (through `#toJson()`)" }, line: 8, column: 14, suggestions: [] },
      ],
    },
    // ---- MISS: an if/else that assigns the permissive schema in the else ---------------------------
    failure(
      'an else assigning { type: object }',
      `let schema;\nif (built.ok) { schema = built.value; } else { console.warn(built.error); schema = { type: 'object' }; }${advertised('schema')}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      SEARCH_INPUT,
    ),
    // ---- MISS: ?? true, .catch(() => true), type: ['object', 'null'], TypeBox Type.Object({}) ------
    absence('?? true in a tool definition', `export const search = { name: 'search', inputSchema: def.inputSchema ?? true };`, `true`, ANYTHING, SEARCH_INPUT),
    failure(
      '.catch(() => true) compiled by Ajv',
      `import Ajv from 'ajv';\nconst ajv = new Ajv();\nconst schema = await loadSchema(url).catch(() => true);\nexport const validate = ajv.compile(schema);`,
      `true`,
      ANYTHING,
      'compiled by `ajv.compile()`',
    ),
    absence(
      "{ type: ['object', 'null'] } in a tool definition",
      `const inputSchema = def.inputSchema ?? { type: ['object', 'null'] };${advertised('inputSchema')}`,
      `{ type: ['object', 'null'] }`,
      ANY_OBJECT,
      SEARCH_INPUT,
    ),
    absence(
      'TypeBox Type.Object({}) accepts extra properties',
      `import { Type } from '@sinclair/typebox';\nconst inputSchema = def.inputSchema ?? Type.Object({});${advertised('inputSchema')}`,
      `Type.Object({})`,
      ANY_OBJECT,
      SEARCH_INPUT,
      'Type.Object({}, { additionalProperties: false })',
    ),
  ],
});
