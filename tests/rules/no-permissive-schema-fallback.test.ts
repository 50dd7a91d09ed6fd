import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../rule-tester.js';
import {
  ABSENCE,
  ANY_OBJECT,
  ANYTHING,
  FAILURE,
  JSON_CLOSED,
  SUGGEST_CLOSED,
  SEARCH_INPUT,
  advertised,
  locate,
  replaced,
} from './no-permissive-schema-fallback/helpers.js';

// Non-findings, library aliases, the budget, the position analysis and the issue-18 flow classes
// have their own files in ./no-permissive-schema-fallback/; this file covers every numbered form of
// the rule and its output. Each fallback reaches a sink (a tool definition, a converter's other
// returns, a value it stands in for), since a fallback whose sink is unknown is not reported.

type Case = InvalidTestCase<MessageIds, Options>;

interface Expectation {
  /** Which occurrence of the snippet is the reported one (0-based). */
  occurrence?: number;
  filename?: string;
  options?: Options;
  /** The closed replacement the absence message names and the suggestion writes. */
  closed?: string;
  name?: string;
}

function caseBase(code: string, expectation: Expectation): Pick<Case, 'code' | 'name' | 'filename' | 'options'> {
  return {
    code,
    ...(expectation.name === undefined ? {} : { name: expectation.name }),
    ...(expectation.filename === undefined ? {} : { filename: expectation.filename }),
    ...(expectation.options === undefined ? {} : { options: expectation.options }),
  };
}

/** A finding for a schema substituted when none is declared: message, location and suggestion. */
function absence(code: string, snippet: string, accepts: string, sink: string, expectation: Expectation = {}): Case {
  const closed = expectation.closed ?? JSON_CLOSED;
  return {
    ...caseBase(code, expectation),
    errors: [
      {
        messageId: ABSENCE,
        data: { accepts, sink, closed },
        ...locate(code, snippet, expectation.occurrence),
        suggestions: [
          { messageId: SUGGEST_CLOSED, data: { closed }, output: replaced(code, snippet, closed, expectation.occurrence) },
        ],
      },
    ],
  };
}

/** A finding for a schema substituted when building the real one failed: no suggestion. */
function failure(code: string, snippet: string, accepts: string, sink: string, expectation: Expectation = {}): Case {
  return {
    ...caseBase(code, expectation),
    errors: [
      {
        messageId: FAILURE,
        data: { accepts, sink },
        ...locate(code, snippet, expectation.occurrence),
        suggestions: [],
      },
    ],
  };
}

const converterReturn = (fn: string, other: string): string => `returned by \`${fn}()\`, whose other returns are schemas (such as \`${other}\`)`;
const through = (sink: string, fn: string): string => `${sink} (through \`${fn}()\`)`;

ruleTester.run('no-permissive-schema-fallback', rule, {
  valid: [
    // The counterparts of the invalid cases below that must stay quiet; the full list of
    // look-alikes is in ./no-permissive-schema-fallback/not-findings.test.ts.
    {
      name: 'output-schema fallbacks are left out by default',
      code: `const tool = { name: 'search', outputSchema: def.outputSchema ?? {} };`,
    },
    {
      name: 'an output-schema binding is left out by default',
      code: `const outputSchema = def.outputSchema ?? { type: 'object' };\nexport const search = { name: 'search', inputSchema: closed, outputSchema };`,
    },
    {
      name: 'a function building an output schema is left out by default',
      code: `function buildOutputSchema(s) { try { return zodToJsonSchema(s); } catch { return {}; } }`,
    },
    {
      name: 'a name only matched by schemaNames is not a schema position without the option',
      code: `const argsSpec = def.argsSpec ?? {};`,
    },
  ],
  invalid: [
    // ---- 1. catch: return or assign ---------------------------------------------------------
    {
      name: 'catch returning { type: object }: pinned location and message text',
      code: [
        'function toolSchema(tool) {',
        '  try {',
        '    return zodToJsonSchema(tool.input);',
        '  } catch (error) {',
        "    console.warn('schema failed', error);",
        "    return { type: 'object' };",
        '  }',
        '}',
      ].join('\n'),
      errors: [
        {
          messageId: 'permissiveFailureFallback',
          data: { accepts: ANY_OBJECT, sink: converterReturn('toolSchema', 'zodToJsonSchema(tool.input)') },
          line: 6,
          column: 12,
          endLine: 6,
          endColumn: 30,
          suggestions: [],
        },
      ],
    },
    failure(
      `let schema; try { schema = buildSchema(def); } catch { schema = { type: 'object', properties: {} }; }${advertised('schema')}`,
      `{ type: 'object', properties: {} }`,
      ANY_OBJECT,
      SEARCH_INPUT,
      { name: 'catch assigning to a variable a tool definition reads' },
    ),
    failure(
      `try { tool.inputSchema = toJsonSchema(def.input); } catch { tool.inputSchema = {}; }`,
      `{}`,
      ANYTHING,
      'used in place of `toJsonSchema(def.input)`',
      { name: 'catch assigning {} where the try assigns a converted schema' },
    ),
    failure(
      `function getInputSchema(raw) { try { return JSON.parse(raw); } catch { return {}; } }\nexport const search = { name: 'search', inputSchema: getInputSchema(process.env.SEARCH_SCHEMA) };`,
      `{}`,
      ANYTHING,
      through(SEARCH_INPUT, 'getInputSchema'),
      { name: 'catch returning {} from a function whose call is advertised' },
    ),
    failure(
      `function build(input) { try { return zodToJsonSchema(input); } catch { return true; } }`,
      `true`,
      ANYTHING,
      converterReturn('build', 'zodToJsonSchema(input)'),
      { name: 'catch returning true where the try returns a converted schema' },
    ),
    failure(
      [
        `const EMPTY_SCHEMA = { type: 'object', properties: {}, required: [] };`,
        `export function schemaOf(tool) {`,
        `  try { return compile(tool); } catch { return EMPTY_SCHEMA; }`,
        `}`,
        `export const tools = [{ name: 'search', inputSchema: schemaOf(searchTool) }];`,
      ].join('\n'),
      `EMPTY_SCHEMA`,
      ANY_OBJECT,
      through(SEARCH_INPUT, 'schemaOf'),
      { occurrence: 1, name: 'reported where a permissive const is used, not where it is declared' },
    ),
    failure(
      `function load(tool) { try { return register(tool); } catch (error) { if (isSyntaxError(error)) { return { type: 'object', additionalProperties: true }; } throw error; } }\nserver.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'search', inputSchema: load(searchTool) }] }));`,
      `{ type: 'object', additionalProperties: true }`,
      ANY_OBJECT,
      through(SEARCH_INPUT, 'load'),
      { name: 'catch returning from inside an if in the handler, listed through ListTools' },
    ),
    failure(
      `function toTool(def) { try { return { name: def.name, inputSchema: toJsonSchema(def.input) }; } catch { return { name: def.name, inputSchema: { type: 'object' } }; } }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      "advertised as a tool's inputSchema",
      { name: 'catch returning a tool whose inputSchema is permissive' },
    ),
    failure(
      `function toTool(def) { try { return zodToJsonSchema(def.input); } catch { return { type: 'object' } as JSONSchema7; } }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      converterReturn('toTool', 'zodToJsonSchema(def.input)'),
      { name: 'TS: a cast around the fallback is looked through, the literal is reported' },
    ),
    failure(
      `function toolSchema(tool) { try { return zodToJsonSchema(tool.input); } catch { return { type: 'object' }; } }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      converterReturn('toolSchema', 'zodToJsonSchema(tool.input)'),
      { filename: 'file.js', name: 'JS: catch return' },
    ),

    // ---- 2. ?? || ??= ||= ---------------------------------------------------------------------
    absence(`const inputSchema = def.inputSchema ?? {};${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, {
      name: 'def.inputSchema ?? {} advertised by a tool: an absence fallback with a closed suggestion',
    }),
    absence(
      `const params = tool.parameters || { type: 'object' };\nconst fn = { type: 'function', function: { name: 'search', parameters: params } };`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      "advertised as `search`'s parameters",
      { name: '|| into an OpenAI function definition' },
    ),
    absence(
      `function f(def) { let schema = def.schema; schema ??= { type: 'object' }; return schema; }${advertised('f(searchDef)')}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      through(SEARCH_INPUT, 'f'),
      { name: '??= on a variable that is returned to a tool definition' },
    ),
    absence(
      `const anthropicTool = { name: 'search', description: 'Search', input_schema: def.input_schema };\nanthropicTool.input_schema ||= {};`,
      `{}`,
      ANYTHING,
      "advertised as `search`'s input_schema",
      { name: '||= on the input_schema of an Anthropic tool' },
    ),
    absence(
      `const declaration = { name: 'search', description: 'Search', parametersJsonSchema: spec.parametersJsonSchema ?? { type: 'object', properties: {} } };`,
      `{ type: 'object', properties: {} }`,
      ANY_OBJECT,
      "advertised as `search`'s parametersJsonSchema",
      { name: 'a Gemini function declaration' },
    ),
    absence(`const x = tools.get(name)?.inputSchema ?? {};\nexport const listed = { name, inputSchema: x };`, `{}`, ANYTHING, "advertised as a tool's inputSchema", {
      name: 'an optional chain into a declared field is still absence',
    }),
    absence(
      `function register(name, schema) { server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name, inputSchema: schema }] })); }\nregister(def.title, options ?? { type: 'object' });`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      through("advertised as a tool's inputSchema", 'register'),
      { name: 'an argument followed into the parameter of a function of the file' },
    ),
    absence(`const inputSchema = a.inputSchema ?? b.inputSchema ?? {};${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, { name: 'a chain of ??' }),
    failure(`const schema = zodToJsonSchema(input) ?? { type: 'object' };`, `{ type: 'object' }`, ANY_OBJECT, 'used in place of `zodToJsonSchema(input)`', {
      name: 'the left side is a conversion result: failure, and a schema by what it is',
    }),
    failure(`const built = normalizeSchema(raw); const schema = built || {};${advertised('schema')}`, `{}`, ANYTHING, SEARCH_INPUT, {
      name: 'the left side is a binding initialised from a normalisation call: failure',
    }),
    absence(`const argsSpec = def.argsSpec ?? {};`, `{}`, ANYTHING, 'held by `argsSpec`, a schema name by the `schemaNames` option', {
      options: [{ schemaNames: ['^argsSpec$'] }],
      name: 'schemaNames declares schema positions',
    }),
    absence(`const toolSchemas = def.toolSchemas ?? {};`, `{}`, ANYTHING, 'held by `toolSchemas`, a schema name by the `schemaNames` option', {
      options: [{ schemaNames: ['^toolSchemas$'] }],
      name: 'schemaNames can claim any name',
    }),
    absence(`const inputSchema = def.inputSchema ?? {};${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, { filename: 'file.js', name: 'JS: ??' }),

    // ---- 3. conditional branches --------------------------------------------------------------
    failure(`const schema = built.ok ? built.value : { type: 'object' };${advertised('schema')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, {
      name: "a result's ok: failure",
    }),
    failure(`const r = toJsonSchema(s); const inputSchema = r.success ? r.data : {};${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, {
      name: 'success flag of a conversion result',
    }),
    absence(
      `const EMPTY = { type: 'object' };\nconst inputSchema = tool.inputSchema ? convert(tool.inputSchema) : EMPTY;${advertised('inputSchema')}`,
      `EMPTY`,
      ANY_OBJECT,
      SEARCH_INPUT,
      { occurrence: 1, name: 'declared-or-not test, fallback through a const' },
    ),
    absence(`const inputSchema = !tool.inputSchema ? {} : convert(tool.inputSchema);${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, {
      name: 'the fallback in the consequent of a negated test',
    }),
    absence(`const s = tool.inputSchema === undefined ? { type: 'object' } : tool.inputSchema;${advertised('s')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, {
      name: '=== undefined test',
    }),
    failure(`const { error, data } = safeConvert(input); const schema = error ? { type: 'object' } : data;${advertised('schema')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, {
      name: 'an error test: failure',
    }),
    absence(`const inputSchema = 'inputSchema' in def ? def.inputSchema : {};${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, { filename: 'file.js', name: 'JS: in-test' }),

    // ---- 4. default parameters and destructuring defaults ---------------------------------------
    absence(
      `function register(name, inputSchema = { type: 'object' }) { return { name, description: name, inputSchema }; }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      "advertised as a tool's inputSchema",
      { name: 'a default parameter that becomes a tool definition' },
    ),
    absence(`const { inputSchema = {} } = def;${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, { name: 'a destructuring default' }),
    absence(`const { schema: input = { type: 'object' } } = def;${advertised('input')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, {
      name: 'a renamed destructuring default',
    }),
    absence(
      `function toOpenAiTool({ name, parameters = { type: 'object', additionalProperties: true } }) { return { type: 'function', function: { name, parameters } }; }`,
      `{ type: 'object', additionalProperties: true }`,
      ANY_OBJECT,
      "advertised as a tool's parameters",
      { name: 'a destructured parameter default' },
    ),
    absence(`const build = (inputSchema: JSONSchema7 = {}) => ({ name: 'search', inputSchema });`, `{}`, ANYTHING, SEARCH_INPUT, {
      name: 'TS: a typed default parameter',
    }),
    absence(
      `function register(name, inputSchema = { type: 'object' }) { return { name, description: name, inputSchema }; }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      "advertised as a tool's inputSchema",
      { filename: 'file.js', name: 'JS: default parameter' },
    ),

    // ---- 5. rejection handlers and result fallbacks ---------------------------------------------
    failure(`const schema = await loadSchema(url).catch(() => ({ type: 'object' }));${advertised('schema')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, {
      name: '.catch(() => schema)',
    }),
    failure(
      `const schema = await fetch(url).then((r) => r.json()).catch((error) => { log(error); return {}; });${advertised('schema')}`,
      `{}`,
      ANYTHING,
      SEARCH_INPUT,
      { name: '.catch with a block body' },
    ),
    failure(`const inputSchema = await load(url).then(parse, () => ({}));${advertised('inputSchema')}`, `{}`, ANYTHING, SEARCH_INPUT, {
      name: 'the rejection handler of .then',
    }),
    failure(`const inputSchema = result.unwrapOr({ type: 'object' });${advertised('inputSchema')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, { name: 'unwrapOr' }),
    failure(`const inputSchema = pipe(parsed, E.getOrElse(() => ({ type: 'object' })));${advertised('inputSchema')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, {
      name: 'fp-ts getOrElse',
    }),
    failure(`const schema = maybe.orElse(() => ({}));${advertised('schema')}`, `{}`, ANYTHING, SEARCH_INPUT, { name: 'orElse with a callback' }),
    failure(`const schema = res.valueOr({ type: 'object', properties: {} });${advertised('schema')}`, `{ type: 'object', properties: {} }`, ANY_OBJECT, SEARCH_INPUT, {
      name: 'valueOr',
    }),
    failure(`const parameters = decoded.withDefault({});\nexport const fn = { name: 'search', description: 'Search', parameters };`, `{}`, ANYTHING, "advertised as `search`'s parameters", { name: 'withDefault' }),
    failure(`const schema = await loadSchema(url).catch(() => ({ type: 'object' }));${advertised('schema')}`, `{ type: 'object' }`, ANY_OBJECT, SEARCH_INPUT, {
      filename: 'file.js',
      name: 'JS: .catch',
    }),

    // ---- 6. guards and converter switches -------------------------------------------------------
    failure(
      `function toJsonSchema(schema) {\n  if (!schema || typeof schema !== 'object') return {};\n  return { type: 'object', properties: convertProperties(schema) };\n}`,
      `{}`,
      ANYTHING,
      converterReturn('toJsonSchema', "{ type: 'object', properties: convertProperti…"),
      { name: 'a shape guard in a converter: failure' },
    ),
    absence(
      `const EMPTY = { type: 'object' };\nfunction inputSchemaOf(tool) {\n  if (tool.inputSchema === undefined) return EMPTY;\n  return convert(tool.inputSchema);\n}${advertised('inputSchemaOf(searchTool)')}`,
      `EMPTY`,
      ANY_OBJECT,
      through(SEARCH_INPUT, 'inputSchemaOf'),
      { occurrence: 1, name: 'a declared-or-not guard: absence' },
    ),
    failure(
      `function schemaFor(s) {\n  const built = build(s);\n  if (built.ok) return built.value;\n  return { type: 'object' };\n}${advertised('schemaFor(searchInput)')}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      through(SEARCH_INPUT, 'schemaFor'),
      { name: 'the fall-through return after a guard that returns the built schema' },
    ),
    failure(
      `function convert(node) {\n  if (!node.ok) {\n    console.warn('cannot convert');\n    return { type: 'object' };\n  }\n  return { type: 'string', enum: node.values };\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      converterReturn('convert', "{ type: 'string', enum: node.values }"),
      { name: 'a guard block that logs before returning, in a function returning schema literals' },
    ),
    failure(
      `function convert(node) {\n  switch (node.kind) {\n    case 'string':\n      return { type: 'string' };\n    case 'number':\n      return { type: 'number' };\n    default:\n      return {};\n  }\n}`,
      `{}`,
      ANYTHING,
      converterReturn('convert', "{ type: 'string' }"),
      { name: 'the default of a converter switch' },
    ),
    failure(
      `function convert(node) {\n  let schema;\n  switch (node.kind) {\n    case 'string': schema = { type: 'string' }; break;\n    default: schema = { type: 'object' };\n  }\n  return schema;\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      "used in place of `{ type: 'string' }`",
      { name: 'an assignment in the default of a converter switch' },
    ),
    failure(
      `function toJsonSchema(schema) { if (!schema || typeof schema !== 'object') return {}; return { type: 'object', properties: {} , additionalProperties: false }; }`,
      `{}`,
      ANYTHING,
      converterReturn('toJsonSchema', "{ type: 'object', properties: {} , additional…"),
      { filename: 'file.js', name: 'JS: guard' },
    ),

    // ---- options --------------------------------------------------------------------------------
    absence(`const tool = { name: 'search', outputSchema: def.outputSchema ?? {} };`, `{}`, ANYTHING, "advertised as `search`'s outputSchema", {
      options: [{ checkOutputSchemas: true }],
      name: 'checkOutputSchemas reports output-schema fallbacks',
    }),
    failure(`function buildOutputSchema(s) { try { return zodToJsonSchema(s); } catch { return {}; } }`, `{}`, ANYTHING, converterReturn('buildOutputSchema', 'zodToJsonSchema(s)'), {
      options: [{ checkOutputSchemas: true }],
      name: 'checkOutputSchemas reports a fallback in a function building an output schema',
    }),
    {
      name: 'two findings in one file, each with its own cause',
      code: `const a = { name: 'search', inputSchema: def.inputSchema ?? {} };\ntry { a.inputSchema = toJsonSchema(def.input); } catch { a.inputSchema = { type: 'object' }; }`,
      errors: [
        {
          messageId: 'permissiveAbsenceFallback',
          data: { accepts: ANYTHING, sink: SEARCH_INPUT, closed: JSON_CLOSED },
          line: 1,
          column: 61,
          suggestions: [
            {
              messageId: 'replaceWithClosedSchema',
              data: { closed: JSON_CLOSED },
              output: `const a = { name: 'search', inputSchema: def.inputSchema ?? ${JSON_CLOSED} };\ntry { a.inputSchema = toJsonSchema(def.input); } catch { a.inputSchema = { type: 'object' }; }`,
            },
          ],
        },
        { messageId: FAILURE, data: { accepts: ANY_OBJECT, sink: SEARCH_INPUT }, line: 2, column: 74, suggestions: [] },
      ],
    },
  ],
});
