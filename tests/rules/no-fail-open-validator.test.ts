import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule, { type MessageIds, type Options } from '../../rules/no-fail-open-validator.js';
import plugin from '../../src/index.js';
import { ruleTester } from '../rule-tester.js';
import { locate } from './no-permissive-schema-fallback/helpers.js';

// Every made-up example of issue 20, the real patterns of the field notes (a catch around
// `ajv.compile` returning null, a "lenient" validator class, an output-schema cache that skips what
// does not compile), and the look-alikes that fail closed. A value is a validator because of the
// call it comes from (`ajv.compile`, `getValidator`, `safeParse`, `Value.Check`…), never its name.

type Case = InvalidTestCase<MessageIds, Options>;

const AJV = `import Ajv from 'ajv';\nconst ajv = new Ajv();\n`;
const ZOD = `import { z } from 'zod';\nconst Search = z.object({ q: z.string() });\n`;
const CATCH_ADVICE = 'Reject with the error instead, or let it propagate';
const MISSING_ADVICE = 'Reject when there is no validator';
const ACCEPTS_ALL = 'is a validator that accepts every value';
const COMPILE_FAILS = 'the schema does not compile';

interface FallbackFinding {
  subject: string;
  when: string;
  standsFor: string;
  does: string;
  instead?: string;
}

function fallback(code: string, snippet: string, data: FallbackFinding, suggestions: Case['errors'][number]['suggestions'] = [], occurrence = 0) {
  return {
    messageId: 'failOpenFallback' as const,
    data: { instead: CATCH_ADVICE, ...data },
    ...locate(code, snippet, occurrence),
    suggestions,
  };
}

function ignored(code: string, snippet: string, data: { subject: string; validator: string; branch: string; input: string }) {
  return { messageId: 'ignoredValidationFailure' as const, data, ...locate(code, snippet), suggestions: [] };
}

/** The source with the `catch`'s fallback replaced, and the caught error bound when `bind` is given. */
function suggested(code: string, snippet: string, replacement: string, bind?: string): string {
  let output = code.replace(snippet, replacement);
  if (bind !== undefined) output = output.replace('catch {', `catch (${bind}) {`);
  return output;
}

// Issue example 1: a catch around `ajv.compile` that skips validation with `() => true`.
const CATCH_TRUE = `${AJV}export function makeValidator(schema: object) {
  let validate;
  try { validate = ajv.compile(schema); } catch (e) { console.warn('skipping validation', e); return () => true; }
  return validate;
}`;

// Issue example 2 / field notes: a "lenient" validator provider whose getValidator accepts everything when Ajv throws.
const LENIENT_CLASS = `import Ajv from 'ajv';
export class LenientJsonSchemaValidator {
  ajv = new Ajv();
  getValidator(schema: object) {
    try {
      const check = this.ajv.compile(schema);
      return (input: unknown) => check(input) ? { valid: true, data: input } : { valid: false, errorMessage: this.ajv.errorsText(check.errors) };
    } catch {
      return (input: unknown) => ({ valid: true, data: input });
    }
  }
}`;

// Issue example 3: `catch { return undefined }`, and a caller that validates only when it got a validator.
const CATCH_UNDEFINED = `${AJV}function compileTool(s: object) {
  let check;
  try { check = ajv.compile(s); } catch { return undefined; }
  return check;
}
export function callTool(tool: { inputSchema: object }, args: unknown) {
  const validate = compileTool(tool.inputSchema);
  if (validate && !validate(args)) throw new Error('invalid arguments');
  return run(args);
}`;

// Issue example 4: a parse failure that is only logged, and the raw input used.
const SAFE_PARSE_LOGGED = `${ZOD}export function handle(args: unknown) {
  const result = Search.safeParse(args);
  if (!result.success) { console.warn(result.error); }
  return handler(args);
}`;

// Issue example 5: a missing validator defaults to "valid".
const MISSING_DEFAULTS_VALID = `${AJV}export function check(value: unknown) {
  const validator = ajv.getSchema('search');
  const run = validator ?? (() => true);
  return run(value);
}`;

// Field notes: a catch around `ajv.compile` that logs and returns null, read as "no errors".
const CATCH_NULL = `${AJV}export function argumentErrors(schema: object, value: unknown) {
  let validate;
  try { validate = ajv.compile(schema); } catch (e) { console.warn(e); return null; }
  if (!validate(value)) return validate.errors;
  return null;
}`;

// Field notes: an output-schema cache that skips tools whose schema does not compile, then reports them valid.
const OUTPUT_CACHE = `${AJV}export class OutputValidators {
  cache = new Map();
  load(tools: { name: string; outputSchema?: object }[]) {
    for (const tool of tools) {
      if (!tool.outputSchema) continue;
      try { this.cache.set(tool.name, ajv.compile(tool.outputSchema)); } catch { /* a tool whose schema does not compile is skipped */ }
    }
  }
  validate(name: string, structuredContent: unknown) {
    const validator = this.cache.get(name);
    if (!validator) return { isValid: true };
    return validator(structuredContent) ? { isValid: true } : { isValid: false, errors: validator.errors };
  }
}`;

// A registry that skips arguments whose tool schema did not compile.
const SKIPPED_WHEN_MISSING = `${AJV}export class Registry {
  validators = new Map();
  add(name: string, inputSchema: object) {
    try { this.validators.set(name, ajv.compile(inputSchema)); } catch (e) { console.warn(\`tool \${name}: skipping validation\`, e); }
  }
  call(name: string, args: unknown) {
    const validate = this.validators.get(name);
    if (validate && !validate(args)) throw new Error(ajv.errorsText(validate.errors));
    return run(name, args);
  }
}`;

const PARSE_THROW_LOGGED = `${ZOD}export function handle(args: unknown) {
  try { Search.parse(args); } catch (e) { console.warn('invalid arguments', e); }
  return handler(args);
}`;

const PARSE_RAW_INPUT = `${ZOD}export function parseArgs(args: unknown) {
  try { return Search.parse(args); } catch { return args; }
}`;

// The pre-check leaves out `JSON.parse`: a `JSON` that shadows the global is a schema all the same.
const SHADOWED_JSON = `import { z } from 'zod';\nconst JSON = z.object({ q: z.string() });\nexport function readArgs(args: unknown) {
  try { return JSON.parse(args); } catch { return args; }
}`;

// zod's `spa` (`safeParseAsync`) spells none of the other parse methods.
const SPA_SUCCESS = `${ZOD}export async function verify(args: unknown) {
  try { return await Search.spa(args); } catch { return { success: true, data: args }; }
}`;

const SAFE_PARSE_SUCCESS = `${ZOD}export function check(args: unknown) {
  try { return Search.safeParse(args); } catch { return { success: true, data: args }; }
}`;

const COMPILE_ASYNC_CATCH = `${AJV}export function load(schema: object) {
  return ajv.compileAsync(schema).catch(() => () => true);
}`;

const TYPEBOX_COMPILE = `import { TypeCompiler } from '@sinclair/typebox/compiler';
export function compile(schema: any) {
  try { const compiled = TypeCompiler.Compile(schema); return (x: unknown) => compiled.Check(x); } catch { return () => true; }
}`;

const VALIBOT_LOGGED = `import * as v from 'valibot';
const Search = v.object({ q: v.string() });
export function handle(args) {
  const result = v.safeParse(Search, args);
  if (!result.success) console.warn(result.issues);
  return run(args);
}`;

const EMPTY_ERRORS = `${AJV}export function errorsOf(schema: object, value: unknown) {
  try {
    const validate = ajv.compile(schema);
    validate(value);
    return validate.errors ?? [];
  } catch (error) {
    console.error(error);
    return [];
  }
}`;

const TOOL_ARGUMENTS = `${AJV}export function validatorFor(tool: { name: string; inputSchema: object }) {
  try { return ajv.compile(tool.inputSchema); } catch (error) { console.warn(error); return () => true; }
}`;

// A debugging client checking an app's elicitation content: the error message is built from the outcome.
const ELICITATION_CONTENT = `export function elicitationError(provider: any, params: { requestedSchema: object }, content: unknown) {
  const schema = params.requestedSchema;
  try {
    const validate = provider.getValidator(schema);
    const validation = validate(content);
    return validation.valid ? undefined : \`content does not match the requested schema: \${validation.errorMessage}\`;
  } catch {
    return undefined;
  }
}`;

ruleTester.run('no-fail-open-validator', rule, {
  valid: [
    {
      name: 'a catch that returns a validator rejecting everything',
      code: `${AJV}export function make(schema: object) {
        try { return ajv.compile(schema); } catch (e) { console.warn(e); return () => false; }
      }`,
    },
    {
      name: 'a validator provider that rejects with the compile error',
      code: `import Ajv from 'ajv';
      export class StrictValidator {
        ajv = new Ajv();
        getValidator(schema: object) {
          try {
            const check = this.ajv.compile(schema);
            return (input: unknown) => check(input) ? { valid: true, data: input } : { valid: false, errorMessage: this.ajv.errorsText(check.errors) };
          } catch (error) {
            return () => ({ valid: false, errorMessage: \`schema does not compile: \${String(error)}\` });
          }
        }
      }`,
    },
    {
      name: 'a rethrow',
      code: `${AJV}export function make(schema: object) {
        let validate;
        try { validate = ajv.compile(schema); } catch (e) { throw new Error(\`bad schema: \${String(e)}\`); }
        return validate;
      }`,
    },
    {
      name: 'a returned error value',
      code: `${AJV}export function make(schema: object) {
        try { return { ok: true, validate: ajv.compile(schema) }; } catch (error) { return { ok: false, error }; }
      }`,
    },
    {
      name: 'a returned Error instance',
      code: `${AJV}export function make(schema: object) {
        try { return ajv.compile(schema); } catch (error) { return new Error(String(error)); }
      }`,
    },
    {
      name: 'the SDK client: a validator missing because the tool declares no output schema (nothing swallowed)',
      code: `export class Client {
        cache = new Map();
        constructor(private provider: any) {}
        cacheTools(tools: any[]) {
          for (const tool of tools) if (tool.outputSchema) this.cache.set(tool.name, this.provider.getValidator(tool.outputSchema));
        }
        check(name: string, result: any) {
          const validator = this.cache.get(name);
          if (validator) {
            const outcome = validator(result.structuredContent);
            if (!outcome.valid) throw new Error(outcome.errorMessage);
          }
          return result;
        }
      }`,
    },
    {
      name: 'the errors of a validation that ran, normalised to a list',
      code: `${AJV}export function errorsOf(schema: object, value: unknown) {
        const validate = ajv.compile(schema);
        validate(value);
        return validate.errors ?? [];
      }`,
    },
    {
      name: 'a parse failure answered with a tool error',
      code: `${ZOD}export function handle(args: unknown) {
        const result = Search.safeParse(args);
        if (!result.success) { console.warn(result.error); return { isError: true, content: [] }; }
        return handler(result.data);
      }`,
    },
    {
      name: 'a parse failure that throws (no block)',
      code: `${ZOD}export function handle(args: unknown) {
        const result = Search.safeParse(args);
        if (!result.success) throw new Error(result.error.message);
        return handler(args);
      }`,
    },
    {
      name: 'a parse failure answered by a return without a block',
      code: `${ZOD}export function handle(value: unknown) {
        const verification = Search.safeParse(value);
        if (!verification.success) return new Response(null, { status: 400 });
        return Response.json({ query: (value as { q: string }).q });
      }`,
    },
    {
      name: 'a catch around parse that returns a tool error (isError: true is no passing outcome)',
      code: `${ZOD}export function call(raw: unknown) {
        let result;
        try { result = Search.parse(raw); } catch (error) {
          return { content: [{ type: 'text', text: String(error) }], isError: true };
        }
        return result;
      }`,
    },
    {
      name: 'a parse failure that replaces the input: judged as a fallback, if at all',
      code: `${ZOD}export function handle(args: unknown) {
        const parsed = Search.safeParse(args);
        if (!parsed.success) { console.warn(parsed.error); args = {}; }
        return handler(args);
      }`,
    },
    {
      name: 'a catch around ajv.compile that sets a flag the try never writes (this plugin\'s own schema compiler)',
      code: `${AJV}export function compileOnce(schema: object) {
        let disposable = false;
        let compileError: string | undefined;
        try { ajv.compile(schema); } catch (error) { disposable = true; compileError = String(error); }
        return { disposable, compileError };
      }`,
    },
    {
      name: 'not a validator: a template compiled by Handlebars',
      code: `import Handlebars from 'handlebars';
      export function render(template: string) {
        try { return Handlebars.compile(template); } catch { return () => true; }
      }`,
    },
    {
      name: 'not a validator: JSON.parse in the try',
      code: `export function parse(text: string) {
        try { return JSON.parse(text); } catch { return () => true; }
      }`,
    },
    {
      name: 'named like a validator, but from no validator call',
      code: `export function get(registry: any, name: string) {
        const validator = registry.lookup(name);
        return validator ?? (() => true);
      }`,
    },
    {
      name: 'output validation that a documented option leaves off (a mode, not a failure)',
      code: `${AJV}export class OutputCheck {
        /** Output validation is optional in MCP (clients SHOULD validate): off unless \`validateOutput\` is set. */
        constructor(private options: { validateOutput?: boolean }) {}
        check(schema: object, structuredContent: unknown) {
          if (!this.options.validateOutput) return { valid: true };
          const validate = ajv.compile(schema);
          return validate(structuredContent) ? { valid: true } : { valid: false, errors: validate.errors };
        }
      }`,
    },
    {
      name: 'a guard on a validator that is always there (ajv.compile returns one or throws)',
      code: `${AJV}export function check(schema: object, value: unknown) {
        const validate = ajv.compile(schema);
        if (!validate) return { valid: true };
        return { valid: validate(value) };
      }`,
    },
    {
      name: 'recommended: a fail-open validator of structured tool results (the option is off)',
      code: OUTPUT_CACHE,
    },
  ],
  invalid: [
    {
      name: 'issue example 1: catch around ajv.compile returns () => true',
      code: CATCH_TRUE,
      errors: [
        fallback(
          CATCH_TRUE,
          '() => true',
          { subject: 'Values checked against `schema`', when: COMPILE_FAILS, standsFor: 'ajv.compile(schema)', does: ACCEPTS_ALL },
          [
            {
              messageId: 'rejectWithError',
              data: { error: 'the compile error `e`' },
              output: suggested(CATCH_TRUE, '() => true', 'Object.assign(() => false, { errors: [{ message: String(e) }] })'),
            },
          ],
        ),
      ],
    },
    {
      name: 'issue example 1, the arguments of a named tool',
      code: TOOL_ARGUMENTS,
      errors: [
        fallback(
          TOOL_ARGUMENTS,
          '() => true',
          { subject: 'Tool arguments', when: COMPILE_FAILS, standsFor: 'ajv.compile(tool.inputSchema)', does: ACCEPTS_ALL },
          [
            {
              messageId: 'rejectWithError',
              data: { error: 'the compile error `error`' },
              output: suggested(TOOL_ARGUMENTS, '() => true', 'Object.assign(() => false, { errors: [{ message: String(error) }] })'),
            },
          ],
        ),
      ],
    },
    {
      name: 'issue example 1 in JavaScript',
      filename: 'file.js',
      code: CATCH_TRUE.replace('(schema: object)', '(schema)'),
      errors: [
        fallback(
          CATCH_TRUE.replace('(schema: object)', '(schema)'),
          '() => true',
          { subject: 'Values checked against `schema`', when: COMPILE_FAILS, standsFor: 'ajv.compile(schema)', does: ACCEPTS_ALL },
          [
            {
              messageId: 'rejectWithError',
              data: { error: 'the compile error `e`' },
              output: suggested(CATCH_TRUE.replace('(schema: object)', '(schema)'), '() => true', 'Object.assign(() => false, { errors: [{ message: String(e) }] })'),
            },
          ],
        ),
      ],
    },
    {
      name: 'issue example 2: a lenient validator class; the suggestion binds the error and rejects as the class does',
      code: LENIENT_CLASS,
      errors: [
        fallback(
          LENIENT_CLASS,
          '(input: unknown) => ({ valid: true, data: input })',
          { subject: 'Values checked against `schema`', when: COMPILE_FAILS, standsFor: 'this.ajv.compile(schema)', does: ACCEPTS_ALL },
          [
            {
              messageId: 'rejectWithError',
              data: { error: 'the compile error `compileError`' },
              output: suggested(
                LENIENT_CLASS,
                '(input: unknown) => ({ valid: true, data: input })',
                '() => ({ valid: false, errorMessage: String(compileError) })',
                'compileError',
              ),
            },
          ],
        ),
      ],
    },
    {
      name: 'issue example 3: catch returns undefined, and the caller skips validation without a validator',
      code: CATCH_UNDEFINED,
      errors: [
        fallback(CATCH_UNDEFINED, 'undefined', {
          subject: 'Tool arguments',
          when: COMPILE_FAILS,
          standsFor: 'ajv.compile(s)',
          does: 'returns `undefined` instead of a validator, and the caller then skips validation',
        }),
      ],
    },
    {
      name: 'issue example 4: a safeParse failure only logged, the raw input used',
      code: SAFE_PARSE_LOGGED,
      errors: [
        ignored(SAFE_PARSE_LOGGED, '!result.success', {
          subject: 'Values checked against `Search`',
          validator: 'Search.safeParse(args)',
          branch: '`if`',
          input: 'args',
        }),
      ],
    },
    {
      name: 'issue example 5: a missing validator defaults to valid',
      code: MISSING_DEFAULTS_VALID,
      errors: [
        fallback(MISSING_DEFAULTS_VALID, '() => true', {
          subject: "Values checked against `'search'`",
          when: 'no schema is registered under the reference',
          standsFor: 'validator',
          does: ACCEPTS_ALL,
          instead: MISSING_ADVICE,
        }),
      ],
    },
    {
      name: 'field notes: catch returns null where the other returns are error lists',
      code: CATCH_NULL,
      errors: [
        fallback(CATCH_NULL, 'null', {
          subject: 'Values checked against `schema`',
          when: COMPILE_FAILS,
          standsFor: 'ajv.compile(schema)',
          does: 'returns `null`, which the caller reads as "no errors"',
        }),
      ],
    },
    {
      name: 'an SDK validator provider in a catch returning undefined, where the other return is an error message',
      code: ELICITATION_CONTENT,
      errors: [
        fallback(
          ELICITATION_CONTENT,
          'undefined',
          {
            subject: 'Elicitation responses',
            when: COMPILE_FAILS,
            standsFor: 'provider.getValidator(schema)',
            does: 'returns `undefined`, which the caller reads as "no errors"',
          },
          [],
          1,
        ),
      ],
    },
    {
      name: 'an empty error list in the catch',
      code: EMPTY_ERRORS,
      errors: [
        fallback(EMPTY_ERRORS, '[]', { subject: 'Values checked against `schema`', when: COMPILE_FAILS, standsFor: 'ajv.compile(schema)', does: 'returns an empty error list' }, [], 1),
      ],
    },
    {
      name: 'strict: the output-schema cache reports tools whose schema did not compile as valid',
      code: OUTPUT_CACHE,
      options: [{ checkOutputValidation: true }],
      errors: [
        fallback(OUTPUT_CACHE, '{ isValid: true }', {
          subject: 'Structured tool results',
          when: 'their schema does not compile and no validator is stored',
          standsFor: 'validator',
          does: 'reports every value as valid',
          instead: MISSING_ADVICE,
        }),
      ],
    },
    {
      name: 'a registry that skips validation for a tool whose schema did not compile',
      code: SKIPPED_WHEN_MISSING,
      errors: [
        {
          messageId: 'validatorSkippedWhenMissing',
          data: {
            subject: 'Values checked against `inputSchema`',
            when: COMPILE_FAILS,
            why: 'the `catch` on line 6 swallows the compile error and leaves `validate` unset',
          },
          ...locate(SKIPPED_WHEN_MISSING, 'validate', 1),
          suggestions: [],
        },
      ],
    },
    {
      name: 'a parse that throws, caught and only logged',
      code: PARSE_THROW_LOGGED,
      errors: [
        {
          messageId: 'ignoredValidationFailure',
          data: { subject: 'Values checked against `Search`', validator: 'Search.parse(args)', branch: '`catch`', input: 'args' },
          ...locate(PARSE_THROW_LOGGED, 'catch'),
          suggestions: [],
        },
      ],
    },
    {
      name: 'the raw input returned when parsing throws',
      code: PARSE_RAW_INPUT,
      errors: [
        fallback(PARSE_RAW_INPUT, 'args', { subject: 'Values checked against `Search`', when: 'they fail validation', standsFor: 'Search.parse(args)', does: 'returns `args` unvalidated' }, [], 2),
      ],
    },
    {
      name: 'a schema named JSON, its raw input returned when parsing throws',
      code: SHADOWED_JSON,
      errors: [
        fallback(SHADOWED_JSON, 'args', { subject: 'Values checked against `JSON`', when: 'they fail validation', standsFor: 'JSON.parse(args)', does: 'returns `args` unvalidated' }, [], 2),
      ],
    },
    {
      name: 'a passing outcome when spa throws',
      code: SPA_SUCCESS,
      errors: [
        fallback(SPA_SUCCESS, '{ success: true, data: args }', {
          subject: 'Values checked against `Search`',
          when: 'the validator throws',
          standsFor: 'Search.spa(args)',
          does: 'reports every value as valid',
        }),
      ],
    },
    {
      name: 'a passing outcome when safeParse throws (the outcome judged once, not its members)',
      code: SAFE_PARSE_SUCCESS,
      errors: [
        fallback(SAFE_PARSE_SUCCESS, '{ success: true, data: args }', {
          subject: 'Values checked against `Search`',
          when: 'the validator throws',
          standsFor: 'Search.safeParse(args)',
          does: 'reports every value as valid',
        }),
      ],
    },
    {
      name: "a rejected compileAsync handled with a validator that accepts everything",
      code: COMPILE_ASYNC_CATCH,
      errors: [
        fallback(COMPILE_ASYNC_CATCH, '() => true', { subject: 'Values checked against `schema`', when: COMPILE_FAILS, standsFor: 'ajv.compileAsync(schema)', does: ACCEPTS_ALL }, [], 0),
      ],
    },
    {
      name: 'TypeBox: TypeCompiler.Compile in a try, () => true in the catch',
      code: TYPEBOX_COMPILE,
      errors: [
        fallback(
          TYPEBOX_COMPILE,
          '() => true',
          { subject: 'Values checked against `schema`', when: COMPILE_FAILS, standsFor: 'TypeCompiler.Compile(schema)', does: ACCEPTS_ALL },
          [
            {
              messageId: 'rejectWithError',
              data: { error: 'the compile error `compileError`' },
              output: suggested(TYPEBOX_COMPILE, '() => true', 'Object.assign(() => false, { errors: [{ message: String(compileError) }] })', 'compileError'),
            },
          ],
        ),
      ],
    },
    {
      name: 'valibot in JavaScript: a safeParse failure only logged',
      filename: 'file.js',
      code: VALIBOT_LOGGED,
      errors: [
        ignored(VALIBOT_LOGGED, '!result.success', {
          subject: 'Values checked against `Search`',
          validator: 'v.safeParse(Search, args)',
          branch: '`if`',
          input: 'args',
        }),
      ],
    },
  ],
});

describe('no-fail-open-validator in the configs', () => {
  const lint = async (filePath: string): Promise<string[]> => {
    // `warnIgnored: false`: a file the config leaves out gives no result at all, rather than a warning.
    const eslint = new ESLint({ cwd: import.meta.dirname, overrideConfigFile: true, baseConfig: [plugin.configs.recommended], warnIgnored: false });
    const results = await eslint.lintText(CATCH_TRUE, { filePath, warnIgnored: false });
    return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`));
  };

  it('reports a fail-open validator in production code', async () => {
    expect(await lint('src/validator.ts')).toEqual(['schema-contract/no-fail-open-validator']);
  });

  it.each(['src/validator.test.ts', 'src/validator.spec.ts', 'tests/validator.ts', 'src/__tests__/validator.ts'])(
    'leaves test files alone (%s): a test builds a fail-open validator to prove the fail-closed path',
    async (filePath) => {
      expect(await lint(filePath)).toEqual([]);
    },
  );
});
