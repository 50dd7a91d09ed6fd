import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { combine, dataSink, describeSink, type SchemaSink, type SinkAnswer } from '../../src/analysis/flow/sink-model.js';
import { isToolDefinerName } from '../../src/analysis/flow/tool-definitions.js';
import { getSinkAnalysis } from '../../src/analysis/flow/value-flow.js';
import { atMarker } from './probe.js';

// The sinks issue 30 added to the shared sink model, asked directly: what each is (role, dialect,
// key, tool name) and how a message words it; their look-alikes answer something else.

const sinkOf = (code: string): SinkAnswer => atMarker(code, (context, node: TSESTree.Node) => getSinkAnalysis(context).sinkOf(node));

function summary(answer: SinkAnswer): unknown {
  if (answer.kind !== 'schema') return answer.kind;
  const { role, dialect, key, toolName, draft } = answer.sink;
  return { role, dialect, key, toolName, draft, text: describeSink(answer.sink) };
}

const ZOD = "import { z } from 'zod';\n";

describe('validation by the schema libraries and other validators', () => {
  it.each([
    [
      "zod's parse on a schema the evaluator sees",
      `${ZOD}const Args = /*@*/z.object({ q: z.string() });\nexport function handle(input) { return Args.parse(input); }`,
      { role: 'parser', dialect: 'library', key: 'parse', toolName: undefined, draft: undefined, text: 'parsed by `Args.parse()` in `handle()`' },
    ],
    [
      "a receiver the evaluator cannot see, when the value followed is a library schema",
      `${ZOD}function toZod(d) { try { return convert(d); } catch { return /*@*/z.any(); } }\nexport const r = toZod(spec).safeParse(input);`,
      { role: 'parser', dialect: 'library', key: 'safeParse', toolName: undefined, draft: undefined, text: 'parsed by `toZod(spec).safeParse()` (through `toZod()`)' },
    ],
    [
      "valibot's parse(schema, input)",
      `import * as v from 'valibot';\nexport const r = v.parse(/*@*/S, input);`,
      { role: 'parser', dialect: 'library', key: 'parse', toolName: undefined, draft: undefined, text: 'parsed by `v.parse()`' },
    ],
    [
      "valibot's named import",
      `import { safeParse } from 'valibot';\nexport const r = safeParse(/*@*/S, input);`,
      { role: 'parser', dialect: 'library', key: 'safeParse', toolName: undefined, draft: undefined, text: 'parsed by `safeParse()`' },
    ],
    [
      "TypeBox 1.x's default Value import",
      `import Value from 'typebox/value';\nexport const ok = Value.Check(/*@*/S, input);`,
      { role: 'parser', dialect: 'library', key: 'Check', toolName: undefined, draft: undefined, text: 'validated against by `Value.Check()`' },
    ],
    [
      "TypeBox 1.x's Compile",
      `import { Compile } from 'typebox/compile';\nexport const C = Compile(/*@*/S);`,
      { role: 'parser', dialect: 'library', key: 'Compile', toolName: undefined, draft: undefined, text: 'compiled by `Compile()`' },
    ],
    [
      "Standard Schema's validate",
      `const Args = /*@*/S;\nexport const r = Args['~standard'].validate(input);`,
      { role: 'parser', dialect: 'library', key: 'validate', toolName: undefined, draft: undefined, text: "validated against by `Args['~standard'].validate()`" },
    ],
    [
      "@cfworker/json-schema's Validator, its default draft",
      `import { Validator } from '@cfworker/json-schema';\nexport const v = new Validator(/*@*/S);`,
      { role: 'validator', dialect: 'json-schema', key: 'Validator', toolName: undefined, draft: '2019-09', text: 'compiled by `new Validator()`' },
    ],
    [
      "@cfworker/json-schema's Validator, the draft it is given",
      `import { Validator } from '@cfworker/json-schema';\nexport const v = new Validator(/*@*/S, '2020-12');`,
      { role: 'validator', dialect: 'json-schema', key: 'Validator', toolName: undefined, draft: '2020-12', text: 'compiled by `new Validator()`' },
    ],
    [
      "the MCP SDK's getValidator",
      `export const check = provider.getValidator(/*@*/S);`,
      { role: 'validator', dialect: 'json-schema', key: 'getValidator', toolName: undefined, draft: undefined, text: 'compiled by `provider.getValidator()`' },
    ],
  ])('%s', (_name, code, expected) => {
    expect(summary(sinkOf(code))).toEqual(expected);
  });

  it.each([
    ['JSON.parse of a text', `export const o = JSON.parse(/*@*/text);`],
    ['a parse method on an unknown value', `const options = /*@*/cfg;\nexport const o = options.parse(input);`],
    ['a Value namespace of the project', `import { Value } from './values.js';\nexport const ok = Value.Check(/*@*/S, input);`],
    ['a Validator class of the project', `import { Validator } from './validator.js';\nexport const v = new Validator(/*@*/S);`],
  ])('not a validation sink: %s', (_name, code) => {
    expect(sinkOf(code).kind).not.toBe('schema');
  });
});

describe('tool definitions', () => {
  it.each([
    [
      'a tool map named as tools',
      `export const tools = { search: { description: 'd', parameters: /*@*/x } };`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'search', draft: undefined, text: "advertised as `search`'s parameters" },
    ],
    [
      'a tool map typed with satisfies',
      `const defs = { search: { description: 'd', parameters: /*@*/x } } as const satisfies ToolDefs;`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'search', draft: undefined, text: "advertised as `search`'s parameters" },
    ],
    [
      'a tool map typed with an annotation',
      `const defs: Record<string, ToolSpec> = { search: { description: 'd', parameters: /*@*/x } };`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'search', draft: undefined, text: "advertised as `search`'s parameters" },
    ],
    [
      'a tool map whose entry is spread into tool()',
      `const defs = { search: { description: 'd', parameters: /*@*/x } };\nexport const t = tool({ ...defs.search, execute });`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'search', draft: undefined, text: "advertised as `search`'s parameters" },
    ],
    [
      'a tool map handed over as tools',
      `const defs = { search: { description: 'd', parameters: /*@*/x } };\nawait agent.run({ tools: defs });`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'search', draft: undefined, text: "advertised as `search`'s parameters" },
    ],
    [
      "a definer's schema beside a name",
      `export const t = defineTool({ name: 'search', schema: /*@*/x });`,
      { role: 'tool-input', dialect: 'zod-raw-shape', key: 'schema', toolName: 'search', draft: undefined, text: "advertised as `search`'s schema" },
    ],
    [
      "a definer's config returned by the factory it is given (chrome-devtools-mcp)",
      `export const t = definePageTool(() => ({ name: 'emulate', description: 'd', schema: /*@*/x }));`,
      { role: 'tool-input', dialect: 'zod-raw-shape', key: 'schema', toolName: 'emulate', draft: undefined, text: "advertised as `emulate`'s schema" },
    ],
    [
      "a definer's config returned from a factory's block, under a condition",
      `export const t = defineTool(function (args) {\n  if (args.lite) return { name: 'lite' };\n  return { name: 'full', schema: /*@*/x };\n});`,
      { role: 'tool-input', dialect: 'zod-raw-shape', key: 'schema', toolName: 'full', draft: undefined, text: "advertised as `full`'s schema" },
    ],
    [
      "a definer's args beside a description",
      `export const t = makeTool({ description: 'd', args: /*@*/x });`,
      { role: 'tool-input', dialect: 'zod-raw-shape', key: 'args', toolName: undefined, draft: undefined, text: "advertised as a tool's args" },
    ],
    [
      "Mastra's createTool names the tool by its id",
      `export const t = createTool({ id: 'search', inputSchema: /*@*/x });`,
      { role: 'tool-input', dialect: 'json-schema', key: 'inputSchema', toolName: 'search', draft: undefined, text: "advertised as `search`'s inputSchema" },
    ],
    [
      "LangChain's DynamicStructuredTool",
      `export const t = new DynamicStructuredTool({ name: 'search', schema: /*@*/x, func });`,
      { role: 'tool-input', dialect: 'zod-raw-shape', key: 'schema', toolName: 'search', draft: undefined, text: "advertised as `search`'s schema" },
    ],
    [
      'a class of the file storing its constructor argument and advertising it',
      `class LocalTool {\n  constructor(name, schema) { this.name = name; this.schema = schema; }\n  get inputSchema() { return this.schema; }\n}\nnew LocalTool('search', /*@*/x);`,
      { role: 'tool-input', dialect: 'json-schema', key: 'inputSchema', toolName: undefined, draft: undefined, text: "advertised as a tool's inputSchema (through `new LocalTool()`)" },
    ],
  ])('%s', (_name, code, expected) => {
    expect(summary(sinkOf(code))).toEqual(expected);
  });

  it.each([
    ['a documentation page keyed under `full`', `export const doc = { name: 'n', full: { description: 'd', parameters: /*@*/x } };`],
    ['a map of help pages', `export const pages = { search: { description: 'd', parameters: /*@*/x } };`],
    ['a definer without a name or description', `export const t = defineTool({ schema: /*@*/x });`],
    ['a factory given to something not named like a definer', `export const t = defineRoute(() => ({ name: 'n', schema: /*@*/x }));`],
    ["a config returned by a function nested in the definer's factory", `export const t = defineTool(() => { const make = function () { return { name: 'n', schema: /*@*/x }; }; return make; });`],
    ['a tooltip factory', `export const t = createTooltip({ name: 'n', schema: /*@*/x });`],
    ["a tool call's record: its args are the call's", `messages.push(toolCall({ name: 'search', args: /*@*/x }));`],
    ['a class storing a value it never advertises', `class Entry {\n  constructor(name, value) { this.name = name; this.value = value; }\n}\nnew Entry('n', /*@*/x);`],
  ])('not a tool sink: %s', (_name, code) => {
    expect(sinkOf(code).kind).not.toBe('schema');
  });

  it.each([
    ['defineTool', true],
    ['createTool', true],
    ['tool', true],
    ['DynamicStructuredTool', true],
    ['registerTools', true],
    ['create_tool', true],
    ['createTooltip', false],
    ['toolbar', false],
    ['stool', false],
    ['toolCall', false],
    ['createToolResult', false],
    ['runTool', false],
  ])('a callee named like a tool definer: %s → %s', (name, expected) => {
    expect(isToolDefinerName(name)).toBe(expected);
  });
});

describe('combining the uses of one value', () => {
  const sink = (role: SchemaSink['role'], description: string): SinkAnswer => ({
    kind: 'schema',
    sink: { role, dialect: 'library', description, key: 'k', toolName: undefined, slot: undefined as never, draft: undefined, pointer: [], via: [] },
  });

  it("prefers an advertised sink over the program's own parse, whichever use comes first", () => {
    const answer = combine([sink('parser', 'parsed'), dataSink('read'), sink('tool-input', 'advertised')]);
    expect(answer.kind === 'schema' && answer.sink.description).toBe('advertised');
  });

  it('keeps a parse when it is the only schema use', () => {
    const answer = combine([dataSink('read'), sink('parser', 'parsed')]);
    expect(answer.kind === 'schema' && answer.sink.description).toBe('parsed');
  });

  it('prefers the advertised sink on real code too', () => {
    const answer = sinkOf(`${ZOD}const Args = /*@*/z.object({ q: z.string() });\nArgs.parse(input);\nexport const tools = { search: { description: 'd', parameters: Args } };`);
    expect(summary(answer)).toMatchObject({ role: 'tool-input', text: "advertised as `search`'s parameters" });
  });
});
