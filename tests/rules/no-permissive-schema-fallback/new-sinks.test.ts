import { join } from 'node:path';
import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ABSENCE, ANY_OBJECT, ANYTHING, FAILURE, JSON_CLOSED, SUGGEST_CLOSED, locate, replaced } from './helpers.js';

// Issue 30, "where it goes": the sinks the shared sink model lacked, each in both directions.
// Validation by every supported library (the program's own parse switches its argument check off
// when the schema it parses with fell back to "anything"), tools keyed by name, the project's own
// tool factories and the frameworks' tool classes, and a value a class of the file stores and
// advertises as its tool's schema. The look-alikes (a `.parse()` of no schema, a validator class
// of another module, a map that is no tool map, a callee named like a tool without a name or
// description beside the schema) stay quiet.

type Case = InvalidTestCase<MessageIds, Options>;

/** Linted as a file beside `fixtures/local-tool.ts`, whose class and factory it imports. */
const TOOL_FILE = join(import.meta.dirname, 'fixtures', 'tool.ts');

function failure(name: string, code: string, snippet: string, accepts: string, sink: string): Case {
  return { name, code, errors: [{ messageId: FAILURE, data: { accepts, sink }, ...locate(code, snippet), suggestions: [] }] };
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

const TO_ZOD = `import { z } from 'zod';
function toZod(def) {
  try {
    return convert(def);
  } catch (err) {
    console.warn('schema conversion failed', err);
    return z.object({}).passthrough();
  }
}
`;
const PASSTHROUGH = 'z.object({}).passthrough()';
const ZOD_CLOSED = 'z.object({}).strict()';

const LOCAL_TOOL = `class LocalTool {
  constructor(name, description, schema) {
    this.name = name;
    this.description = description;
    this.schema = schema;
  }
  get inputSchema() {
    return this.schema;
  }
}
`;

ruleTester.run('no-permissive-schema-fallback: issue 30 new sinks', rule, {
  valid: [
    // ---- validation: a `.parse()` of no schema, validators of other modules -----------------------
    { name: "a parser's options defaulted: `parse` of no schema", code: `const options = spec.options ?? {};\nexport const tree = parser.parse(options);` },
    { name: 'an object literal parsed by a method of unknown code', code: `const s = cfg.schema ?? { type: 'object' };\nexport const out = s.parse(input);` },
    { name: 'a parse function of a local module', code: `import { parse } from './local-parse.js';\nexport const out = parse(spec.schema ?? { type: 'object' }, input);` },
    { name: 'a Value namespace that is not TypeBox', code: `import { Value } from './values.js';\nexport const ok = Value.Check(spec.schema ?? { type: 'object' }, input);` },
    { name: 'a Validator class of the project', code: `import { Validator } from './validator.js';\nexport const v = new Validator(spec.rules ?? { type: 'object' });` },
    { name: 'a JSON Schema literal is no schema where TypeBox checks', code: `import { Value } from '@sinclair/typebox/value';\nexport const ok = Value.Check(spec.schema ?? {}, input);` },
    {
      name: 'a response schema parsed with no fallback in it',
      code: `import { z } from 'zod';\nconst Page = z.object({ items: z.array(z.string()) });\nexport const page = Page.parse(await res.json());`,
    },
    // ---- validation: a schema that is missing, not failed, is parsed without a check by choice ---------
    { name: 'an optional response schema defaulting to z.unknown()', code: `import { z } from 'zod';\nexport async function fetchJson(url, schema) {\n  return (schema ?? z.unknown()).parse(await (await fetch(url)).json());\n}` },
    { name: "valibot's parse with a missing schema", code: `import * as v from 'valibot';\nexport const input = v.parse(spec.args ?? v.looseObject({}), raw);` },
    { name: 'a relayed tool parsed with z.any() when it declares no schema', code: `import { z } from 'zod';\nexport function call(tool, args) {\n  const schema = tool.inputSchema ? jsonSchemaToZod(tool.inputSchema) : z.any();\n  return schema.parse(args);\n}` },
    {
      name: 'an imported class that keeps what it is given and advertises nothing',
      filename: TOOL_FILE,
      code: `import { Entry } from './local-tool.js';\nexport const entry = new Entry('search', spec.args ?? { type: 'object' });`,
    },
    // ---- tools keyed by name: only in a map used as tools ------------------------------------------
    { name: "a tool's documentation page keyed under `full` (n8n-mcp tool docs)", code: `export const doc = { name: 'n8n_manage', full: { description: 'd', parameters: spec.args ?? { type: 'object' } } };` },
    { name: 'a map of help pages, not of tools', code: `export const pages = { search: { description: 'Search help', parameters: spec.args ?? { type: 'object' } } };` },
    // ---- tool definers: the name is a hint, a name or description beside the schema the evidence -----
    { name: 'a callee named like a tooltip', code: `import { z } from 'zod';\nexport const t = createTooltip({ name: 'search', schema: spec.args ?? z.any() });` },
    { name: 'a tool definer without a name or description', code: `import { z } from 'zod';\nexport const t = defineTool({ schema: spec.args ?? z.any() });` },
    { name: "a tool definer's empty raw shape: no arguments", code: `export const t = defineTool({ name: 'ping', description: 'Ping', schema: spec.args ?? {} });` },
    { name: "registerTool's empty raw shape: still no arguments", code: `server.registerTool('ping', { description: 'Ping', inputSchema: spec.args ?? {} }, run);` },
    // ---- a class that stores a schema it never advertises -------------------------------------------
    {
      name: 'a cache keyed by name stores a schema-shaped value',
      code: `class Entry {\n  constructor(name, value) {\n    this.name = name;\n    this.value = value;\n  }\n}\nexport const e = new Entry('search', spec.value ?? { type: 'object' });`,
    },
  ],
  invalid: [
    // ---- validation by the schema libraries -------------------------------------------------------
    failure(
      "a converter whose result the handler .parse()s (issue 30's toZod)",
      `${TO_ZOD}const Args = toZod(spec);\nexport function handle(input) {\n  return Args.parse(input);\n}`,
      PASSTHROUGH,
      ANY_OBJECT,
      'parsed by `Args.parse()` in `handle()` (through `toZod()`)',
    ),
    failure(
      "a converter's result parsed where it is called, with safeParseAsync",
      `${TO_ZOD}export async function handle(input) {\n  return toZod(spec).safeParseAsync(input);\n}`,
      PASSTHROUGH,
      ANY_OBJECT,
      'parsed by `toZod(spec).safeParseAsync()` in `handle()` (through `toZod()`)',
    ),
    failure(
      "valibot's parse(schema, input) of a converter's fallback",
      `import * as v from 'valibot';\nfunction toValibot(def) {\n  try { return convert(def); } catch { return v.looseObject({}); }\n}\nexport const input = v.parse(toValibot(spec), raw);`,
      'v.looseObject({})',
      ANY_OBJECT,
      'parsed by `v.parse()` (through `toValibot()`)',
    ),
    failure(
      "valibot's safeParse(schema, input) in a handler",
      `import * as v from 'valibot';\nfunction toValibot(def) {\n  try { return convert(def); } catch { return v.looseObject({}); }\n}\nexport function handle(raw) {\n  return v.safeParse(toValibot(spec), raw);\n}`,
      'v.looseObject({})',
      ANY_OBJECT,
      'parsed by `v.safeParse()` in `handle()` (through `toValibot()`)',
    ),
    failure(
      "TypeBox's Value.Check(schema, input)",
      `import { Type } from '@sinclair/typebox';\nimport { Value } from '@sinclair/typebox/value';\nfunction build(def) {\n  try { return toTypeBox(def); } catch { return Type.Any(); }\n}\nexport const ok = Value.Check(build(spec), input);`,
      'Type.Any()',
      ANYTHING,
      'validated against by `Value.Check()` (through `build()`)',
    ),
    failure(
      "TypeBox's Value.Parse(schema, input)",
      `import { Type } from '@sinclair/typebox';\nimport { Value } from '@sinclair/typebox/value';\nfunction build(def) {\n  try { return toTypeBox(def); } catch { return Type.Unknown(); }\n}\nexport const args = Value.Parse(build(spec), input);`,
      'Type.Unknown()',
      ANYTHING,
      'parsed by `Value.Parse()` (through `build()`)',
    ),
    failure(
      "TypeBox's TypeCompiler.Compile of a builder's fallback",
      `import { Type } from '@sinclair/typebox';\nimport { TypeCompiler } from '@sinclair/typebox/compiler';\nfunction build(def) {\n  try { return toTypeBox(def); } catch { return Type.Object({}); }\n}\nexport const check = TypeCompiler.Compile(build(spec));`,
      'Type.Object({})',
      ANY_OBJECT,
      'compiled by `TypeCompiler.Compile()` (through `build()`)',
    ),
    failure(
      "Standard Schema's ['~standard'].validate",
      `${TO_ZOD}const Args = toZod(spec);\nexport const result = await Args['~standard'].validate(input);`,
      PASSTHROUGH,
      ANY_OBJECT,
      "validated against by `Args['~standard'].validate()` (through `toZod()`)",
    ),
    // ---- validation by JSON Schema validators besides Ajv ------------------------------------------
    absence(
      "@cfworker/json-schema's new Validator(schema)",
      `import { Validator } from '@cfworker/json-schema';\nexport const validator = new Validator(spec.inputSchema ?? { type: 'object' });`,
      "{ type: 'object' }",
      ANY_OBJECT,
      'compiled by `new Validator()`',
    ),
    absence(
      "the MCP SDK validator provider's getValidator(schema)",
      `export function validatorFor(tool) {\n  return jsonSchemaValidator.getValidator(tool.schema ?? { type: 'object', properties: {} });\n}`,
      "{ type: 'object', properties: {} }",
      ANY_OBJECT,
      'compiled by `jsonSchemaValidator.getValidator()`',
    ),
    // ---- tools keyed by name ------------------------------------------------------------------------
    absence(
      'a tool map named as tools (AI SDK style)',
      `export const tools = { search: { description: 'Search the catalogue', parameters: spec.args ?? { type: 'object' } } };`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as `search`'s parameters",
    ),
    absence(
      'a tool map declared with `as const satisfies ToolDefs`, spread into tool()',
      `const defs = { search: { description: 'Search', parameters: spec.args ?? { type: 'object' } } } as const satisfies ToolDefs;\nexport const search = tool({ ...defs.search, execute });`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as `search`'s parameters",
    ),
    absence(
      'a map whose entry is spread into tool(): the spread is the evidence',
      `const defs = { lookup: { description: 'Look up', inputSchema: spec.args ?? { type: 'object' } } };\nexport const lookup = tool({ ...defs.lookup, execute });`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as `lookup`'s inputSchema",
    ),
    absence(
      'a tool map written as the `tools` of a generateText call',
      `import { generateText } from 'ai';\nawait generateText({ model, tools: { weather: { description: 'Weather', parameters: spec.args ?? { type: 'object' }, execute } } });`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as `weather`'s parameters",
    ),
    // ---- the project's tool factories ---------------------------------------------------------------
    absence(
      'defineTool({ name, description, schema }) with a zod fallback',
      `import { z } from 'zod';\nexport const search = defineTool({ name: 'search', description: 'Search', schema: spec.args ?? z.any() });`,
      'z.any()',
      ANYTHING,
      "advertised as `search`'s schema",
      ZOD_CLOSED,
    ),
    absence(
      'defineTool({ name, argsSchema }) with a JSON Schema fallback',
      `export const search = defineTool({ name: 'search', argsSchema: spec.args ?? { type: 'object' } });`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as `search`'s argsSchema",
    ),
    absence(
      'makeTool({ description, input }): a description names the tool as well as a name',
      `import { z } from 'zod';\nexport const search = makeTool({ description: 'Search', input: spec.args ?? z.object({}).passthrough() });`,
      'z.object({}).passthrough()',
      ANY_OBJECT,
      "advertised as a tool's input",
      ZOD_CLOSED,
    ),
    absence(
      "createTool({ id, inputSchema }) names the tool by its id (Mastra)",
      `import { z } from 'zod';\nexport const search = createTool({ id: 'search', description: 'Search', inputSchema: spec.args ?? z.any(), execute });`,
      'z.any()',
      ANYTHING,
      "advertised as `search`'s inputSchema",
      ZOD_CLOSED,
    ),
    absence(
      "a JSON Schema literal at registerTool's raw-shape position is not a raw shape",
      `server.registerTool('search', { description: 'Search', inputSchema: spec.args ?? { type: 'object' } }, run);`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as `search`'s inputSchema",
    ),
    // ---- LangChain's and Mastra's tool classes ------------------------------------------------------
    failure(
      "LangChain's new DynamicStructuredTool({ name, schema }) around a converter's catch",
      `import { z } from 'zod';\nimport { DynamicStructuredTool } from '@langchain/core/tools';\nfunction toZod(json) {\n  try { return jsonSchemaToZod(json); } catch { return z.any(); }\n}\nexport const search = new DynamicStructuredTool({ name: 'search', description: 'Search', schema: toZod(spec), func });`,
      'z.any()',
      ANYTHING,
      "advertised as `search`'s schema (through `toZod()`)",
    ),
    absence(
      "LangChain's tool(fn, { name, schema })",
      `import { z } from 'zod';\nimport { tool } from '@langchain/core/tools';\nexport const search = tool(async (input) => run(input), { name: 'search', description: 'Search', schema: spec.args ?? z.any() });`,
      'z.any()',
      ANYTHING,
      "advertised as `search`'s schema",
      ZOD_CLOSED,
    ),
    // ---- a value handed to a class of the file that advertises it --------------------------------
    absence(
      'new LocalTool(name, description, schema): the class stores it and advertises it as inputSchema',
      `${LOCAL_TOOL}export const search = new LocalTool('search', 'Search the index', spec.args ?? { type: 'object' });`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as a tool's inputSchema (through `new LocalTool()`)",
    ),
    absence(
      'a constructor parameter property advertised by toJSON()',
      `class LocalTool {\n  constructor(readonly name: string, private readonly schema: object) {}\n  toJSON() {\n    return { name: this.name, inputSchema: this.schema };\n  }\n}\nexport const search = new LocalTool('search', spec.args ?? { type: 'object' });`,
      "{ type: 'object' }",
      ANY_OBJECT,
      "advertised as a tool's inputSchema (through `new LocalTool()`)",
    ),
    // ---- across modules, from the importing side: the callee is the project's, in another module ----
    {
      ...absence(
        'new LocalTool(…) of an imported class that advertises its argument as inputSchema',
        `import { LocalTool } from './local-tool.js';\nexport const search = new LocalTool('search', 'Search the index', spec.args ?? { type: 'object' });`,
        "{ type: 'object' }",
        ANY_OBJECT,
        "advertised as a tool's inputSchema (through `new LocalTool()`)",
      ),
      filename: TOOL_FILE,
    },
    {
      ...absence(
        'an imported tool factory that places its argument as inputSchema',
        `import { defineServerTool } from './local-tool.js';\nexport const search = defineServerTool('search', spec.args ?? { type: 'object' });`,
        "{ type: 'object' }",
        ANY_OBJECT,
        "advertised as a tool's inputSchema (through `defineServerTool()`)",
      ),
      filename: TOOL_FILE,
    },
  ],
});
