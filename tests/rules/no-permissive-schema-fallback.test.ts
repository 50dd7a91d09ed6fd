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
  locate,
  replaced,
} from './no-permissive-schema-fallback/helpers.js';

// Non-findings, library aliases, the budget and the position analysis have their own files in
// ./no-permissive-schema-fallback/; this file covers every numbered form of the rule and its output.

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
function absence(code: string, snippet: string, accepts: string, expectation: Expectation = {}): Case {
  const closed = expectation.closed ?? JSON_CLOSED;
  return {
    ...caseBase(code, expectation),
    errors: [
      {
        messageId: ABSENCE,
        data: { accepts, closed },
        ...locate(code, snippet, expectation.occurrence),
        suggestions: [
          { messageId: SUGGEST_CLOSED, data: { closed }, output: replaced(code, snippet, closed, expectation.occurrence) },
        ],
      },
    ],
  };
}

/** A finding for a schema substituted when building the real one failed: no suggestion. */
function failure(code: string, snippet: string, accepts: string, expectation: Expectation = {}): Case {
  return {
    ...caseBase(code, expectation),
    errors: [
      {
        messageId: FAILURE,
        data: { accepts },
        ...locate(code, snippet, expectation.occurrence),
        suggestions: [],
      },
    ],
  };
}

ruleTester.run('no-permissive-schema-fallback', rule, {
  valid: [
    // The counterparts of the invalid cases below that must stay quiet; the full list of
    // look-alikes is in ./no-permissive-schema-fallback/not-findings.test.ts.
    {
      name: 'output-schema fallbacks are left out by default',
      code: `const tool = { outputSchema: def.outputSchema ?? {} };`,
    },
    {
      name: 'an output-schema variable is left out by default',
      code: `const outputSchema = def.outputSchema ?? { type: 'object' };`,
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
          data: { accepts: ANY_OBJECT },
          line: 6,
          column: 12,
          endLine: 6,
          endColumn: 30,
          suggestions: [],
        },
      ],
    },
    failure(
      `let schema; try { schema = buildSchema(def); } catch { schema = { type: 'object', properties: {} }; }`,
      `{ type: 'object', properties: {} }`,
      ANY_OBJECT,
      { name: 'catch assigning to a schema variable' },
    ),
    failure(
      `try { tool.inputSchema = toJsonSchema(def.input); } catch { tool.inputSchema = {}; }`,
      `{}`,
      ANYTHING,
      { name: 'catch assigning {} to a schema property' },
    ),
    failure(
      `function getInputSchema(raw) { try { return JSON.parse(raw); } catch { return {}; } }`,
      `{}`,
      ANYTHING,
      { name: 'catch returning {} from a schema-named function' },
    ),
    failure(
      `function build(input) { try { return zodToJsonSchema(input); } catch { return true; } }`,
      `true`,
      ANYTHING,
      { name: 'catch returning true where the try returns a converted schema' },
    ),
    failure(
      [
        `const EMPTY_SCHEMA = { type: 'object', properties: {}, required: [] };`,
        `export function schemaOf(tool) {`,
        `  try { return compile(tool); } catch { return EMPTY_SCHEMA; }`,
        `}`,
      ].join('\n'),
      `EMPTY_SCHEMA`,
      ANY_OBJECT,
      { occurrence: 1, name: 'reported where a permissive const is used, not where it is declared' },
    ),
    failure(
      `function load(tool) { try { return register(tool); } catch (error) { if (isSyntaxError(error)) { return { type: 'object', additionalProperties: true }; } throw error; } }`,
      `{ type: 'object', additionalProperties: true }`,
      ANY_OBJECT,
      { name: 'catch returning from inside an if in the handler' },
    ),
    failure(
      `function toTool(def) { try { return { name: def.name, inputSchema: toJsonSchema(def.input) }; } catch { return { name: def.name, inputSchema: { type: 'object' } }; } }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      { name: 'catch returning a tool whose inputSchema is permissive' },
    ),
    failure(
      `function toTool(def) { try { return convert(def); } catch { return { type: 'object' } as JSONSchema7; } }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      { name: 'TS: a cast around the fallback is looked through, the literal is reported' },
    ),
    failure(
      `function toolSchema(tool) { try { return zodToJsonSchema(tool.input); } catch { return { type: 'object' }; } }`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      { filename: 'file.js', name: 'JS: catch return' },
    ),

    // ---- 2. ?? || ??= ||= ---------------------------------------------------------------------
    absence(`const inputSchema = def.inputSchema ?? {};`, `{}`, ANYTHING, {
      name: 'def.inputSchema ?? {} is an absence fallback with a closed suggestion',
    }),
    absence(`const params = tool.parameters || { type: 'object' };`, `{ type: 'object' }`, ANY_OBJECT, {
      name: '|| on a parameters field',
    }),
    absence(`function f(def) { let schema = def.schema; schema ??= { type: 'object' }; return schema; }`, `{ type: 'object' }`, ANY_OBJECT, {
      name: '??= on a schema variable',
    }),
    absence(`function f(tool) { tool.input_schema ||= {}; }`, `{}`, ANYTHING, { name: '||= on input_schema' }),
    absence(`const cfg = { parametersJsonSchema: spec.parametersJsonSchema ?? { type: 'object', properties: {} } };`, `{ type: 'object', properties: {} }`, ANY_OBJECT, {
      name: 'a property named parametersJsonSchema',
    }),
    absence(`const x = tools.get(name)?.inputSchema ?? {};`, `{}`, ANYTHING, {
      name: 'an optional chain into a declared field is still absence',
    }),
    absence(`register(def.title, options ?? { type: 'object' });`, `{ type: 'object' }`, ANY_OBJECT, {
      name: 'a schema-shaped literal is a schema even outside a schema-named position',
    }),
    absence(`const inputSchema = a.inputSchema ?? b.inputSchema ?? {};`, `{}`, ANYTHING, { name: 'a chain of ??' }),
    failure(`const schema = zodToJsonSchema(input) ?? { type: 'object' };`, `{ type: 'object' }`, ANY_OBJECT, {
      name: 'the left side is a conversion result: failure',
    }),
    failure(`const built = normalizeSchema(raw); const schema = built || {};`, `{}`, ANYTHING, {
      name: 'the left side is a binding initialised from a normalisation call: failure',
    }),
    absence(`const argsSpec = def.argsSpec ?? {};`, `{}`, ANYTHING, {
      options: [{ schemaNames: ['^argsSpec$'] }],
      name: 'schemaNames adds schema positions',
    }),
    absence(`const toolSchemas = def.toolSchemas ?? {};`, `{}`, ANYTHING, {
      options: [{ schemaNames: ['^toolSchemas$'] }],
      name: 'schemaNames can claim a plural name the built-in names leave out as a collection',
    }),
    absence(`const inputSchema = def.inputSchema ?? {};`, `{}`, ANYTHING, { filename: 'file.js', name: 'JS: ??' }),

    // ---- 3. conditional branches --------------------------------------------------------------
    failure(`const schema = built.ok ? built.value : { type: 'object' };`, `{ type: 'object' }`, ANY_OBJECT, {
      name: "a result's ok: failure",
    }),
    failure(`const r = toJsonSchema(s); const inputSchema = r.success ? r.data : {};`, `{}`, ANYTHING, {
      name: 'success flag of a conversion result',
    }),
    absence(
      `const EMPTY = { type: 'object' };\nconst inputSchema = tool.inputSchema ? convert(tool.inputSchema) : EMPTY;`,
      `EMPTY`,
      ANY_OBJECT,
      { occurrence: 1, name: 'declared-or-not test, fallback through a const' },
    ),
    absence(`const inputSchema = !tool.inputSchema ? {} : convert(tool.inputSchema);`, `{}`, ANYTHING, {
      name: 'the fallback in the consequent of a negated test',
    }),
    absence(`const s = tool.inputSchema === undefined ? { type: 'object' } : tool.inputSchema;`, `{ type: 'object' }`, ANY_OBJECT, {
      name: '=== undefined test',
    }),
    failure(`const { error, data } = safeConvert(input); const schema = error ? { type: 'object' } : data;`, `{ type: 'object' }`, ANY_OBJECT, {
      name: 'an error test: failure',
    }),
    absence(`const inputSchema = 'inputSchema' in def ? def.inputSchema : {};`, `{}`, ANYTHING, { filename: 'file.js', name: 'JS: in-test' }),

    // ---- 4. default parameters and destructuring defaults ---------------------------------------
    absence(`function register(name, schema = { type: 'object' }) { return { name, schema }; }`, `{ type: 'object' }`, ANY_OBJECT, {
      name: 'a default parameter named schema',
    }),
    absence(`const { inputSchema = {} } = def;`, `{}`, ANYTHING, { name: 'a destructuring default' }),
    absence(`const { schema: input = { type: 'object' } } = def;`, `{ type: 'object' }`, ANY_OBJECT, {
      name: 'a renamed destructuring default: the key is the schema position',
    }),
    absence(`function tool({ parameters = { type: 'object', additionalProperties: true } }) { return parameters; }`, `{ type: 'object', additionalProperties: true }`, ANY_OBJECT, {
      name: 'a destructured parameter default',
    }),
    absence(`const build = (inputSchema: JSONSchema7 = {}) => inputSchema;`, `{}`, ANYTHING, {
      name: 'TS: a typed default parameter',
    }),
    absence(`function register(name, schema = { type: 'object' }) {}`, `{ type: 'object' }`, ANY_OBJECT, {
      filename: 'file.js',
      name: 'JS: default parameter',
    }),

    // ---- 5. rejection handlers and result fallbacks ---------------------------------------------
    failure(`const schema = await loadSchema(url).catch(() => ({ type: 'object' }));`, `{ type: 'object' }`, ANY_OBJECT, {
      name: '.catch(() => schema)',
    }),
    failure(`const schema = await fetch(url).then((r) => r.json()).catch((error) => { log(error); return {}; });`, `{}`, ANYTHING, {
      name: '.catch with a block body, into a schema variable',
    }),
    failure(`const inputSchema = await load(url).then(parse, () => ({}));`, `{}`, ANYTHING, {
      name: 'the rejection handler of .then',
    }),
    failure(`const inputSchema = result.unwrapOr({ type: 'object' });`, `{ type: 'object' }`, ANY_OBJECT, { name: 'unwrapOr' }),
    failure(`const inputSchema = pipe(parsed, E.getOrElse(() => ({ type: 'object' })));`, `{ type: 'object' }`, ANY_OBJECT, {
      name: 'fp-ts getOrElse',
    }),
    failure(`const schema = maybe.orElse(() => ({}));`, `{}`, ANYTHING, { name: 'orElse with a callback' }),
    failure(`const schema = res.valueOr({ type: 'object', properties: {} });`, `{ type: 'object', properties: {} }`, ANY_OBJECT, {
      name: 'valueOr',
    }),
    failure(`const parameters = decoded.withDefault({});`, `{}`, ANYTHING, { name: 'withDefault' }),
    failure(`const schema = await loadSchema(url).catch(() => ({ type: 'object' }));`, `{ type: 'object' }`, ANY_OBJECT, {
      filename: 'file.js',
      name: 'JS: .catch',
    }),

    // ---- 6. guards and converter switches -------------------------------------------------------
    failure(
      `function toJsonSchema(schema) {\n  if (!schema || typeof schema !== 'object') return {};\n  return { type: 'object', properties: convertProperties(schema) };\n}`,
      `{}`,
      ANYTHING,
      { name: 'a shape guard in a converter: failure' },
    ),
    absence(
      `const EMPTY = { type: 'object' };\nfunction inputSchemaOf(tool) {\n  if (tool.inputSchema === undefined) return EMPTY;\n  return convert(tool.inputSchema);\n}`,
      `EMPTY`,
      ANY_OBJECT,
      { occurrence: 1, name: 'a declared-or-not guard: absence' },
    ),
    failure(
      `function schemaFor(s) {\n  const built = build(s);\n  if (built.ok) return built.value;\n  return { type: 'object' };\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      { name: 'the fall-through return after a guard that returns the built schema' },
    ),
    failure(
      `function convert(node) {\n  if (!node.ok) {\n    console.warn('cannot convert');\n    return { type: 'object' };\n  }\n  return { type: 'string', enum: node.values };\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      { name: 'a guard block that logs before returning, in a function returning schema literals' },
    ),
    failure(
      `function convert(node) {\n  switch (node.kind) {\n    case 'string':\n      return { type: 'string' };\n    case 'number':\n      return { type: 'number' };\n    default:\n      return {};\n  }\n}`,
      `{}`,
      ANYTHING,
      { name: 'the default of a converter switch' },
    ),
    failure(
      `function convert(node) {\n  let schema;\n  switch (node.kind) {\n    case 'string': schema = { type: 'string' }; break;\n    default: schema = { type: 'object' };\n  }\n  return schema;\n}`,
      `{ type: 'object' }`,
      ANY_OBJECT,
      { name: 'an assignment in the default of a converter switch' },
    ),
    failure(
      `function toJsonSchema(schema) { if (!schema || typeof schema !== 'object') return {}; return { type: 'object', properties: {} , additionalProperties: false }; }`,
      `{}`,
      ANYTHING,
      { filename: 'file.js', name: 'JS: guard' },
    ),

    // ---- options --------------------------------------------------------------------------------
    absence(`const tool = { outputSchema: def.outputSchema ?? {} };`, `{}`, ANYTHING, {
      options: [{ checkOutputSchemas: true }],
      name: 'checkOutputSchemas reports output-schema fallbacks',
    }),
    failure(`function buildOutputSchema(s) { try { return zodToJsonSchema(s); } catch { return {}; } }`, `{}`, ANYTHING, {
      options: [{ checkOutputSchemas: true }],
      name: 'checkOutputSchemas reports a fallback in a function building an output schema',
    }),
    {
      name: 'two findings in one file, each with its own cause',
      code: `const a = { inputSchema: def.inputSchema ?? {} };\ntry { a.inputSchema = toJsonSchema(def.input); } catch { a.inputSchema = { type: 'object' }; }`,
      errors: [
        {
          messageId: 'permissiveAbsenceFallback',
          data: { accepts: ANYTHING, closed: JSON_CLOSED },
          line: 1,
          column: 45,
          suggestions: [
            {
              messageId: 'replaceWithClosedSchema',
              data: { closed: JSON_CLOSED },
              output: `const a = { inputSchema: def.inputSchema ?? ${JSON_CLOSED} };\ntry { a.inputSchema = toJsonSchema(def.input); } catch { a.inputSchema = { type: 'object' }; }`,
            },
          ],
        },
        { messageId: FAILURE, data: { accepts: ANY_OBJECT }, line: 2, column: 74, suggestions: [] },
      ],
    },
  ],
});
