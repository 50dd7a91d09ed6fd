import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { isFunctionNode } from '../../src/analysis/syntax/function-name.js';
import { schemaNatureOf, validatorCallOf } from '../../src/analysis/flow/schema-evidence.js';
import { describeSink, expectedAt, isSubschemaPointer, type SinkAnswer } from '../../src/analysis/flow/sink-model.js';
import { getSinkAnalysis, type SinkAnalysis } from '../../src/analysis/flow/value-flow.js';
import { atMarker } from './probe.js';

// The shared sink analysis on its own: where the expression right after `/*@*/` goes.

function withAnalysis<T>(code: string, ask: (analysis: SinkAnalysis, node: TSESTree.Node) => T): T {
  return atMarker(code, (context, node) => ask(getSinkAnalysis(context), node));
}

const sinkOf = (code: string): SinkAnswer => withAnalysis(code, (analysis, node) => analysis.sinkOf(node));

function summary(answer: SinkAnswer): unknown {
  if (answer.kind !== 'schema') return answer.kind;
  const { role, dialect, key, toolName, pointer } = answer.sink;
  return { role, dialect, key, toolName, pointer, text: describeSink(answer.sink) };
}

describe('sinkOf: tool definitions and registration calls', () => {
  it.each([
    [
      'a tool-shaped object (MCP tools/list)',
      `const t = { name: 'search', description: 'd', inputSchema: /*@*/x };`,
      { role: 'tool-input', dialect: 'json-schema', key: 'inputSchema', toolName: 'search', pointer: [], text: "advertised as `search`'s inputSchema" },
    ],
    [
      'an output schema',
      `const t = { name: 'search', outputSchema: /*@*/x };`,
      { role: 'tool-output', dialect: 'json-schema', key: 'outputSchema', toolName: 'search', pointer: [], text: "advertised as `search`'s outputSchema" },
    ],
    [
      'an OpenAI function definition',
      `const t = { type: 'function', function: { name: 'f', parameters: /*@*/x } };`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'f', pointer: [], text: "advertised as `f`'s parameters" },
    ],
    [
      'an Anthropic tool',
      `const t = { name: 'a', input_schema: /*@*/x };`,
      { role: 'tool-input', dialect: 'json-schema', key: 'input_schema', toolName: 'a', pointer: [], text: "advertised as `a`'s input_schema" },
    ],
    [
      "the MCP SDK's registerTool: a zod raw shape",
      `server.registerTool('ping', { inputSchema: /*@*/x }, run);`,
      { role: 'tool-input', dialect: 'zod-raw-shape', key: 'inputSchema', toolName: 'ping', pointer: [], text: "advertised as `ping`'s inputSchema" },
    ],
    [
      "the MCP SDK's server.tool shape argument",
      `server.tool('ping', 'Ping', /*@*/x, async () => ({ content: [] }));`,
      { role: 'tool-input', dialect: 'zod-raw-shape', key: 'inputSchema', toolName: 'ping', pointer: [], text: "advertised as `ping`'s inputSchema" },
    ],
    [
      'a Gemini function declaration: parameters beside a name and a description',
      `const declarations = [{ name: 'lookup', description: 'd', parameters: /*@*/x }];`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'lookup', pointer: [], text: "advertised as `lookup`'s parameters" },
    ],
    [
      'an AI SDK tool record: parameters beside its handler',
      `const tools = { weather: { description: 'd', parameters: /*@*/x, execute } };`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'weather', pointer: [], text: "advertised as `weather`'s parameters" },
    ],
    [
      'fastmcp addTool',
      `server.addTool({ name: 'add', parameters: /*@*/x, execute });`,
      { role: 'tool-input', dialect: 'json-schema', key: 'parameters', toolName: 'add', pointer: [], text: "advertised as `add`'s parameters" },
    ],
    [
      "the AI SDK's tool()",
      `const weather = tool({ description: 'Weather', inputSchema: /*@*/x, execute });`,
      { role: 'tool-input', dialect: 'json-schema', key: 'inputSchema', toolName: undefined, pointer: [], text: "advertised as a tool's inputSchema" },
    ],
    [
      'a subschema written inside a tool schema',
      `const t = { name: 's', inputSchema: { type: 'object', properties: { q: /*@*/x } } };`,
      { role: 'tool-input', dialect: 'json-schema', key: 'inputSchema', toolName: 's', pointer: ['properties', 'q'], text: "advertised as `s`'s inputSchema" },
    ],
    [
      "an MCP elicitation's requested schema",
      `await server.elicitInput({ message: 'Confirm', requestedSchema: /*@*/x });`,
      { role: 'elicitation', dialect: 'json-schema', key: 'requestedSchema', toolName: undefined, pointer: [], text: 'requested from the user by an elicitation' },
    ],
    [
      'an elicitation/create request',
      `send({ method: 'elicitation/create', params: { message: 'Confirm', requestedSchema: /*@*/x } });`,
      { role: 'elicitation', dialect: 'json-schema', key: 'requestedSchema', toolName: undefined, pointer: [], text: 'requested from the user by an elicitation' },
    ],
    [
      'a class used as a tool',
      `class Search { name = 'search'; inputSchema = /*@*/x; }`,
      { role: 'tool-input', dialect: 'json-schema', key: 'inputSchema', toolName: 'search', pointer: [], text: "advertised as `search`'s inputSchema" },
    ],
  ])('%s', (_name, code, expected) => {
    expect(summary(sinkOf(code))).toEqual(expected);
  });
});

describe('sinkOf: following the value', () => {
  it.each([
    ['through a const and a shorthand property', `const s = /*@*/x;\nconst t = { name: 'n', inputSchema: s };`, "advertised as `n`'s inputSchema"],
    ['through ??, ?: and a cast', `const t = { name: 'n', inputSchema: (a ?? (c ? /*@*/x : y)) as Schema };`, "advertised as `n`'s inputSchema"],
    ['through a reassigned let', `let s; s = /*@*/x;\nconst t = { name: 'n', inputSchema: s };`, "advertised as `n`'s inputSchema"],
    ['out of a function, to its call', `function f() { return /*@*/x; }\nconst t = { name: 'n', inputSchema: f() };`, "advertised as `n`'s inputSchema (through `f()`)"],
    ['out of a method, to this.method()', `class S { list() { return { name: 'n', inputSchema: this.#build() }; } #build() { return /*@*/x; } }`, "advertised as `n`'s inputSchema (through `#build()`)"],
    ['out of an IIFE', `const t = { name: 'n', inputSchema: (() => /*@*/x)() };`, "advertised as `n`'s inputSchema"],
    ['into a parameter', `function add(schema) { return { name: 'n', inputSchema: schema }; }\nadd(/*@*/x);`, "advertised as `n`'s inputSchema (through `add()`)"],
    ['a getter of a tool class', `class T { name = 'n'; get inputSchema() { return /*@*/x; } }`, "advertised as `n`'s inputSchema"],
    ['a spread object whose key is a tool key', `const t = { name: 'n', ...(flag && { outputSchema: /*@*/x }) };`, "advertised as `n`'s outputSchema"],
    ['a structured clone', `const t = { name: 'n', inputSchema: structuredClone(/*@*/x) };`, "advertised as `n`'s inputSchema"],
    ['a promise handler', `const s = await load().catch(() => /*@*/x);\nconst t = { name: 'n', inputSchema: s };`, "advertised as `n`'s inputSchema"],
    ["Ajv's compile, by the Ajv class", `import Ajv2020 from 'ajv/dist/2020';\nconst ajv = new Ajv2020();\najv.compile(/*@*/x);`, 'compiled by `ajv.compile()`'],
    ['a converter input', `zodToJsonSchema(/*@*/x);`, 'converted by `zodToJsonSchema()`'],
    ["the AI SDK's jsonSchema()", `jsonSchema(/*@*/x);`, 'wrapped by `jsonSchema()` as a tool schema'],
  ])('%s', (_name, code, text) => {
    const answer = sinkOf(code);
    expect(answer.kind === 'schema' && describeSink(answer.sink)).toBe(text);
  });

  it('knows the draft of the Ajv class', () => {
    const answer = sinkOf(`import Ajv2020 from 'ajv/dist/2020';\nconst ajv = new Ajv2020();\najv.compile(/*@*/x);`);
    expect(answer.kind === 'schema' && answer.sink.draft).toBe('2020-12');
  });

  it.each([
    ['spread', `const o = { .../*@*/x };`],
    ['iterated', `for (const k in /*@*/x) use(k);`],
    ['read from', `const p = (/*@*/x).properties;`],
    ['stringified for a hash', `hash(JSON.stringify(/*@*/x));`],
    ['logged', `console.log(/*@*/x);`],
    ["a converter's options", `zodToJsonSchema(s, /*@*/x);`],
    ['a condition', `if (/*@*/x) run();`],
    ['a zod value default', `import { z } from 'zod';\nz.string().default(/*@*/x);`],
    ['a schema used to parse', `import { z } from 'zod';\nconst data = (/*@*/x ?? z.any()).parse(input);\nconst t = { name: 'n', inputSchema: data };`],
  ])('data: %s', (_name, code) => {
    expect(sinkOf(code).kind).toBe('data');
  });

  it.each([
    ['an unknown call', `register(/*@*/x);`],
    ['an exported const', `export const s = /*@*/x;`],
    ['a plain object', `const o = { schema: /*@*/x };`],
    ['two levels of calls', `function a(s) { return b(s); }\nfunction b(s) { return { name: 'n', inputSchema: s }; }\na(/*@*/x);`],
    ["a tool's documentation page: parameters beside a description only (n8n-mcp tool docs)", `export const doc = { name: 'n8n_manage', full: { description: 'd', parameters: /*@*/x } };`],
    ['a workflow node: parameters beside a name and type', `nodes.push({ name: 'Set', type: 'n8n-nodes-base.set', parameters: /*@*/x });`],
  ])('unknown: %s', (_name, code) => {
    expect(sinkOf(code).kind).toBe('unknown');
  });

  it('says when another use writes into the value or hands it to code out of sight', () => {
    const written = sinkOf(`const s = /*@*/x;\ns.properties = p;\nconst t = { name: 'n', inputSchema: s };`);
    expect(written.kind === 'schema' && written.alsoModified).toBe(true);
    const handed = sinkOf(`const s = /*@*/x;\nfill(s);\nconst t = { name: 'n', inputSchema: s };`);
    expect(handed.kind === 'schema' && handed.alsoModified).toBe(true);
    const read = sinkOf(`const s = /*@*/x;\nconsole.log(s.properties);\nconst t = { name: 'n', inputSchema: s };`);
    expect(read.kind === 'schema' && read.alsoModified).toBeUndefined();
  });

  it("names a converter's branch when the function's other returns are schemas", () => {
    const answer = sinkOf(`function convert(n) { if (n.k === 's') return { type: 'string' }; return /*@*/x; }`);
    expect(answer.kind === 'schema' && [answer.sink.role, describeSink(answer.sink)]).toEqual([
      'converter-return',
      "returned by `convert()`, whose other returns are schemas (such as `{ type: 'string' }`)",
    ]);
  });

  it('follows a library schema on to where it finally goes', () => {
    const code = `import { z } from 'zod';\nconst t = { name: 'n', inputSchema: z.object({ region: /*@*/z.enum(R).optional() }) };`;
    const library = sinkOf(code);
    expect(library.kind === 'schema' && [library.sink.role, library.sink.dialect, expectedAt(library.sink)]).toEqual(['library', 'library', 'library-schema']);
    const final = withAnalysis(code, (analysis, node) => analysis.finalSinkOf(node));
    expect(final.kind === 'schema' && describeSink(final.sink)).toBe("advertised as `n`'s inputSchema");
  });

  it("says where a function's result goes, without the function itself as a step", () => {
    const answer = withAnalysis(`/*@*/function build() { return x; }\nconst t = { name: 'n', inputSchema: build() };`, (analysis, node) =>
      isFunctionNode(node) ? analysis.resultSinkOf(node) : undefined,
    );
    expect(answer?.kind === 'schema' && describeSink(answer.sink)).toBe("advertised as `n`'s inputSchema");
  });
});

describe('sink vocabulary', () => {
  it.each([
    [[], true],
    [['properties', 'q'], true],
    [['items'], true],
    [['items', '0'], true],
    [['anyOf', '1', 'properties', 'a'], true],
    [['properties'], false],
    [['shape'], false],
    [['properties', 'q', 'description'], false],
  ])('%j is a subschema pointer: %s', (pointer, expected) => {
    expect(isSubschemaPointer(pointer)).toBe(expected);
  });
});

describe('schema evidence', () => {
  const nature = (code: string) => withAnalysis(code, (analysis, node) => schemaNatureOf(node as TSESTree.Expression, analysis.evaluator));
  const validator = (code: string) => withAnalysis(code, (analysis, node) => validatorCallOf(node as TSESTree.CallExpression, analysis.evaluator));

  it.each([
    [`/*@*/zodToJsonSchema(s);`, 'converter-result'],
    [`import { z } from 'zod';\n/*@*/z.toJSONSchema(s);`, 'converter-result'],
    [`/*@*/ajv.compile(s);`, 'validator'],
    [`/*@*/cache.compile(s);`, undefined],
    [`import { z } from 'zod';\n/*@*/z.object({});`, 'builder'],
    [`import { z } from 'zod';\nconst Issue = z.object({ id: z.number() });\nconst x = /*@*/Issue.parse(data);`, undefined],
    [`import { z } from 'zod';\nconst x = /*@*/z.object({}).safeParse(data);`, undefined],
    [`const x = /*@*/{ type: 'object', properties: {} };`, 'json-schema'],
    [`const x = /*@*/{ type: 'string', value: 'lexer token' };`, undefined],
    [`const x = /*@*/{ $ref: path.join('/') };`, 'json-schema'],
    [`const x = /*@*/{ $ref: 1 };`, undefined],
    [`const j = zodToJsonSchema(s);\nconst x = /*@*/j;`, 'converter-result'],
  ])('%s → %s', (code, expected) => {
    expect(nature(code)).toBe(expected);
  });

  it.each([
    [`/*@*/ajv.compile(s);`, { library: 'ajv', method: 'compile', returnsValidator: true }],
    [`/*@*/this.ajv.getSchema(id);`, { library: 'ajv', method: 'getSchema', returnsValidator: true }],
    [`/*@*/provider.getValidator(schema);`, { library: 'mcp-sdk', method: 'getValidator', returnsValidator: true }],
    [`/*@*/schema['~standard'].validate(value);`, { library: 'standard-schema', method: 'validate', returnsValidator: false }],
    [`import { z } from 'zod';\n/*@*/z.object({}).safeParse(args);`, { library: 'zod', method: 'safeParse', returnsValidator: false }],
    [`import * as v from 'valibot';\n/*@*/v.parse(schema, input);`, { library: 'valibot', method: 'parse', returnsValidator: false }],
    [`/*@*/Value.Check(schema, input);`, { library: 'typebox', method: 'Check', returnsValidator: false }],
    [`/*@*/JSON.parse(text);`, undefined],
  ])('%s is a validator call: %j', (code, expected) => {
    expect(validator(code)).toEqual(expected);
  });
});
