import { join, relative } from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-schema-helper-throw.js';
import { ruleTester } from '../rule-tester.js';

/** Relative to the working directory, as ESLint reports it; inline code is linted as if it lived here. */
const FIXTURES = relative(process.cwd(), join(import.meta.dirname, 'no-schema-helper-throw', 'fixtures')).split('\\').join('/');

const BY_NAME = 'named for the schema it builds';
const RETURNS_SCHEMA = 'it returns a JSON Schema';
const converter = (name: string) => `it returns the result of \`${name}()\``;

function panic(helper: string, construct: string, line: number, column: number, reason = BY_NAME) {
  return { messageId: 'panicInSchemaHelper' as const, data: { helper, reason, construct }, line, column };
}

ruleTester.run('no-schema-helper-throw', rule, {
  valid: [
    {
      name: 'a throw in a function that is not a schema helper',
      code: `
        export function parseArguments(argv: string[]) {
          if (argv.length === 0) throw new Error('no arguments');
          return argv;
        }
      `,
    },
    {
      name: 'process.exit in a CLI entry point that is not a schema helper',
      code: `
        async function main() {
          const result = await registerTools();
          if (!result.ok) {
            console.error(result.error);
            process.exit(1);
          }
        }
        main();
      `,
    },
    {
      name: 'process.exit in a JS CLI entry point',
      filename: 'file.js',
      code: `
        const { registerTools } = require('./tools');
        function main() { if (!registerTools().ok) process.exit(1); }
        main();
      `,
    },
    {
      name: 'a throw caught within the helper and turned into a returned error',
      code: `
        export function toolSchema(literal: unknown): { ok: true; value: string } | { ok: false; error: Error } {
          try {
            if (literal === undefined) throw new Error('no schema literal');
            return { ok: true, value: JSON.stringify(literal) };
          } catch (error) {
            return { ok: false, error: error as Error };
          }
        }
      `,
    },
    {
      name: 'a throw in a synchronous array callback inside a try that returns the error',
      code: `
        function schemasFor(tools) {
          try {
            return { ok: true, value: tools.map((tool) => { if (!tool.schema) throw new Error(tool.name); return tool.schema; }) };
          } catch (error) {
            return { ok: false, error };
          }
        }
      `,
    },
    {
      name: 'a rethrow inside the catch that an outer try in the same helper turns into a value',
      code: `
        function buildSchema(input) {
          try {
            try { throw new Error('inner'); } catch (error) { throw new Error('wrapped', { cause: error }); }
          } catch (error) {
            return { ok: false, error };
          }
        }
      `,
    },
    {
      name: 'a throw in a catch that is itself caught and returned within the catch',
      code: `
        function buildSchema(input) {
          try {
            throw new Error('first');
          } catch (error) {
            try { throw new Error('second', { cause: error }); } catch (second) { return { ok: false, error: second }; }
          }
        }
      `,
    },
    {
      name: 'throws inside zod .refine / .superRefine / .transform / .check callbacks (validation time)',
      code: `
        import { z } from 'zod';
        export function buildInputSchema() {
          return z
            .object({ port: z.number() })
            .refine((value) => { if (value.port < 0) throw new Error('negative'); return true; })
            .superRefine((value, ctx) => { assertPort(value.port); if (!value) throw new TypeError('x'); })
            .transform((value) => { if (!value) throw new Error('impossible'); return value; })
            .check((payload) => { if (!payload) throw new Error('no payload'); });
        }
      `,
    },
    {
      name: 'a named callback used only as a validation-time callback',
      code: `
        import { z } from 'zod';
        export function portSchema() {
          const positive = (value: number) => { if (value < 0) throw new RangeError('negative'); return true; };
          function even(value: number) { if (value % 2) throw new RangeError('odd'); return true; }
          return z.number().refine(positive).refine(even);
        }
      `,
    },
    {
      name: 'z.preprocess and valibot v.check / v.transform callbacks',
      code: `
        import { z } from 'zod';
        import * as v from 'valibot';
        export const inputSchema = () => z.preprocess((raw) => { if (raw === null) throw new Error('null'); return raw; }, z.string());
        export const valibotSchema = () => v.pipe(v.string(), v.check((s) => { if (!s) throw new Error('empty'); return true; }));
      `,
    },
    {
      name: 'validators named validate*/assert*/is*/has*/check* throw by design',
      code: `
        export function validateSchema(schema: unknown) { if (!schema) throw new Error('invalid schema'); }
        export function assertSchema(schema: unknown): asserts schema { if (!schema) throw new Error('invalid schema'); }
        export const isSchema = (value: unknown) => { if (value === null) throw new TypeError('null'); return true; };
        export function hasSchema(tool: { schema?: unknown }) { if (!tool) throw new Error('no tool'); return tool.schema !== undefined; }
        export function checkSchema(schema: unknown) { if (!schema) throw new Error('invalid'); }
        export function validate_schema(schema: unknown) { if (!schema) throw new Error('invalid'); }
        export function ASSERT_SCHEMA(schema: unknown) { if (!schema) throw new Error('invalid'); }
        class Registry { #validateSchema(schema: unknown) { if (!schema) throw new Error('invalid'); } }
      `,
    },
    {
      name: 'a setter stores a schema; it does not build one',
      code: `
        class Tool {
          #schema: object | undefined;
          set schema(value: object) { if (!value) throw new TypeError('schema required'); this.#schema = value; }
        }
        const holder = { set inputSchema(value: object) { if (!value) throw new TypeError('schema required'); } };
      `,
    },
    {
      name: 'returning an Error (with a cause) is the recommended shape, not a panic',
      code: `
        function toolSchema(literal: object): string | Error {
          try { return JSON.stringify(literal); }
          catch (cause) { return new Error('schema did not marshal', { cause }); }
        }
      `,
    },
    {
      name: 'an assert that is not node:assert, and console.assert, are not panics by default',
      code: `
        import { assert } from './my-checks.js';
        function invariant(condition: unknown) { return Boolean(condition); }
        export function toolSchema(literal: object) {
          assert(literal);
          invariant(literal);
          console.assert(literal !== null);
          return JSON.stringify(literal);
        }
      `,
    },
    {
      name: 'fail/panic called as a method (a Result constructor) is not a panic function',
      code: `
        export function toolSchema(literal: object) {
          if (!literal) return Result.fail(new Error('no literal'));
          return errors.panic === undefined ? Result.ok(literal) : Result.ok(literal);
        }
      `,
    },
    {
      name: 'assert.ok from node:assert used outside any schema helper',
      code: `
        import assert from 'node:assert';
        export function register(tool: object) { assert.ok(tool); }
      `,
    },
    {
      name: 'process.exit on a local process object is not the Node process',
      code: `
        export function toolSchema(process: { exit(code: number): void }) { process.exit(1); return {}; }
      `,
    },
    {
      name: 'issue-like names are not is-prefixed validators, but issueLog is no helper either',
      code: `export function issueLog() { throw new Error('x'); }`,
    },
    {
      name: 'allowErrorClasses: a typed registration exception is the contract',
      code: `
        export function mustSchema(literal: object) {
          if (!literal) throw new SchemaRegistrationError('no literal');
          if (literal === null) throw new errors.SchemaRegistrationError('null');
          return JSON.stringify(literal);
        }
      `,
      options: [{ allowErrorClasses: ['SchemaRegistrationError'] }],
    },
    {
      name: 'allowErrorClasses: a catch that converts into an allowed class catches the inner throw',
      code: `
        export function mustSchema(literal: object) {
          try { throw new Error('bad'); } catch (cause) { throw new SchemaRegistrationError('no literal', { cause }); }
        }
      `,
      options: [{ allowErrorClasses: ['SchemaRegistrationError'] }],
    },
    {
      name: 'ignoreNames: a project-specific validator prefix',
      code: `export function parseSchemaResponse(body: string) { if (!body) throw new Error('empty'); return JSON.parse(body); }`,
      options: [{ ignoreNames: ['parse'] }],
    },
    {
      name: 'panicFunctions replaces the defaults: fail() is no longer a panic',
      code: `
        import { fail } from './result.js';
        export function toolSchema(literal: object) { if (!literal) return fail('no literal'); return literal; }
      `,
      options: [{ panicFunctions: ['die'] }],
    },
    {
      name: 'helperNames patterns only add helpers',
      code: `export function buildTool() { throw new Error('x'); }`,
      options: [{ helperNames: ['^make'] }],
    },
    {
      name: 'body-based detection: a lexer token with a JSON Schema type name is not a schema',
      code: `
        function readToken(text: string) {
          if (!text) throw new SyntaxError('unexpected end of input');
          return { type: 'string', value: text };
        }
        function toProblem(message: string) {
          if (!message) throw new Error('empty');
          return { type: 'error', message };
        }
      `,
    },
    {
      name: 'body-based detection: a validator that returns the schema it checked is still ignored',
      code: `
        export function assertToolInput(input: unknown) {
          if (!input) throw new Error('no input');
          return { type: 'object', properties: { query: { type: 'string' } } };
        }
      `,
    },
    {
      name: 'body-based detection: returning a Result whose value is unknown is not a schema',
      code: `
        export function register(tool) {
          if (!tool) throw new Error('no tool');
          return { ok: true, value: tool.input };
        }
      `,
    },
  ],
  invalid: [
    {
      name: "the ADR's mustSchema: a function declaration that throws on a marshal failure",
      code: `
export function mustSchema(literal: object): string {
  try {
    return JSON.stringify(literal);
  } catch (error) {
    throw new Error('schema did not marshal', { cause: error });
  }
}
      `,
      errors: [panic('mustSchema', '`throw new Error(…)`', 6, 5)],
    },
    {
      name: 'a bare rethrow in a helper',
      code: `
function toolSchema(literal) {
  try { return JSON.stringify(literal); } catch (error) { throw error; }
}
      `,
      errors: [panic('toolSchema', 'a rethrow (`throw error`)', 3, 59)],
    },
    {
      name: 'a throw whose catch rethrows is reported with the rethrow',
      code: `
function buildSchema(input) {
  try {
    if (!input) throw new TypeError('no input');
  } catch (error) {
    console.warn(error);
    throw error;
  }
  return JSON.stringify(input);
}
      `,
      errors: [panic('buildSchema', '`throw new TypeError(…)`', 4, 17), panic('buildSchema', 'a rethrow (`throw error`)', 7, 5)],
    },
    {
      name: 'throwing a stored error, and rethrowing from a promise rejection handler',
      code: `
function mustSchema(built) {
  if (!built.ok) throw built.error;
  return load().catch((reason) => { throw reason; }).then(undefined, (failure) => { throw failure; });
}
      `,
      errors: [
        panic('mustSchema', '\`throw built.error\`', 3, 18),
        panic('mustSchema', 'a rethrow (\`throw reason\`)', 4, 37),
        panic('mustSchema', 'a rethrow (\`throw failure\`)', 4, 85),
      ],
    },
    {
      name: 'a thrown literal or a long expression is labelled as a plain throw',
      code: `
const inputSchema = () => {
  if (Math.random()) throw 'no schema';
  throw createRegistrationFailureFor(inputSchema.name).withCause;
  return build();
};
      `,
      errors: [panic('inputSchema', '\`throw\`', 3, 22), panic('inputSchema', '\`throw\`', 4, 3)],
    },
    {
      name: 'a try with only a finally does not catch',
      code: `
const buildSchema = function (input) {
  try { throw input; } finally { cleanup(); }
  return input;
};
      `,
      errors: [panic('buildSchema', '`throw input`', 3, 9)],
    },
    {
      name: 'a throw in an asynchronous callback escapes the try around it',
      code: `
function schemasFor(tools) {
  try {
    return load(tools).then((loaded) => { if (!loaded) throw new Error('not loaded'); return loaded; });
  } catch (error) {
    return { ok: false, error };
  }
}
      `,
      errors: [panic('schemasFor', '`throw new Error(…)`', 4, 56)],
    },
    {
      name: 'an arrow assigned to a const',
      code: `export const toolSchema = (name: string) => { throw new Error(name); return name; };`,
      errors: [panic('toolSchema', '`throw new Error(…)`', 1, 47)],
    },
    {
      name: 'an arrow wrapped in satisfies, and a function assigned to a property',
      code: `
const inputSchemaFor = ((name: string) => { throw new Error(name); return {}; }) satisfies (name: string) => object;
exports.outputSchema = function () { throw new Error('none'); return {}; };
      `,
      errors: [panic('inputSchemaFor', '`throw new Error(…)`', 2, 45), panic('outputSchema', '`throw new Error(…)`', 3, 38)],
    },
    {
      name: 'object methods and properties',
      code: `
const tools = {
  inputSchema() { throw new Error('a'); return {}; },
  outputSchema: () => { throw new Error('b'); return {}; },
  'json-schema': function () { throw new Error('c'); return {}; },
  get parametersSchema() { throw new Error('d'); return {}; },
};
      `,
      errors: [
        panic('inputSchema', '`throw new Error(…)`', 3, 19),
        panic('outputSchema', '`throw new Error(…)`', 4, 25),
        panic('json-schema', '`throw new Error(…)`', 5, 32),
        panic('parametersSchema', '`throw new Error(…)`', 6, 28),
      ],
    },
    {
      name: 'class members: instance and static methods, private #name, getter, class fields',
      code: `
class ToolRegistry {
  static schemaFor(name: string) { throw new Error(name); return {}; }
  #schemaToJson(schema: object) { throw new Error('private'); return {}; }
  get inputSchema() { throw new Error('getter'); return {}; }
  buildSchema = () => { throw new Error('field'); return {}; };
  static #makeSchema = function () { throw new Error('static private field'); return {}; };
  toolSchema(name: string) { throw new Error(name); return {}; }
}
      `,
      errors: [
        panic('schemaFor', '`throw new Error(…)`', 3, 36),
        panic('#schemaToJson', '`throw new Error(…)`', 4, 35),
        panic('inputSchema', '`throw new Error(…)`', 5, 23),
        panic('buildSchema', '`throw new Error(…)`', 6, 25),
        panic('#makeSchema', '`throw new Error(…)`', 7, 38),
        panic('toolSchema', '`throw new Error(…)`', 8, 30),
      ],
    },
    {
      name: 'nested callbacks and inner functions belong to the helper around them',
      code: `
function schemasFor(tools) {
  function assertNamed(tool) { if (!tool.name) throw new Error('unnamed'); }
  tools.forEach(assertNamed);
  return tools.map((tool) => {
    if (!tool.schema) throw new Error(tool.name);
    return tool.schema;
  });
}
      `,
      errors: [panic('schemasFor', '`throw new Error(…)`', 3, 48), panic('schemasFor', '`throw new Error(…)`', 6, 23)],
    },
    {
      name: 'the innermost helper is named',
      code: `
function buildSchemas(tools) {
  const propertySchema = (field) => { throw new Error(field); return {}; };
  throw new Error('outer');
  return tools.map(propertySchema);
}
      `,
      errors: [panic('propertySchema', '`throw new Error(…)`', 3, 39), panic('buildSchemas', '`throw new Error(…)`', 4, 3)],
    },
    {
      name: 'camelCase word prefixes: issueSchema and checkoutSchema are helpers',
      code: `
function issueSchema() { throw new Error('a'); return {}; }
function checkoutSchema() { throw new Error('b'); return {}; }
      `,
      errors: [panic('issueSchema', '`throw new Error(…)`', 2, 26), panic('checkoutSchema', '`throw new Error(…)`', 3, 29)],
    },
    {
      name: 'process.exit and process.abort, also through globalThis and node:process',
      code: `
import nodeProcess from 'node:process';
import { exit } from 'process';
function mustSchema(literal) {
  if (!literal) process.exit(1);
  if (literal === 1) process.abort();
  if (literal === 2) globalThis.process.exit(2);
  if (literal === 3) nodeProcess.exit(3);
  if (literal === 4) exit(4);
  return literal;
}
      `,
      errors: [
        panic('mustSchema', '`process.exit()`', 5, 17),
        panic('mustSchema', '`process.abort()`', 6, 22),
        panic('mustSchema', '`globalThis.process.exit()`', 7, 22),
        panic('mustSchema', '`nodeProcess.exit()`', 8, 22),
        panic('mustSchema', '`exit()`', 9, 22),
      ],
    },
    {
      name: 'process.exit cannot be caught by a try',
      code: `
function mustSchema(literal) {
  try { process.exit(1); } catch (error) { return { ok: false, error }; }
}
      `,
      errors: [panic('mustSchema', '`process.exit()`', 3, 9)],
    },
    {
      name: 'node:assert: default, members, strict, namespace and named imports',
      code: `
import assert from 'node:assert';
import * as assertions from 'assert';
import { ok, strictEqual as same, strict } from 'node:assert';
import strictAssert from 'node:assert/strict';
function toolSchema(literal) {
  assert(literal);
  assert.ok(literal);
  assert.strictEqual(typeof literal, 'object');
  assert.strict.deepEqual(literal, {});
  assertions.notEqual(literal, null);
  ok(literal);
  same(literal, literal);
  strict(literal);
  strictAssert.equal(literal, literal);
  assert.fail('never');
  return literal;
}
      `,
      errors: [
        panic('toolSchema', '`assert()`', 7, 3),
        panic('toolSchema', '`assert.ok()`', 8, 3),
        panic('toolSchema', '`assert.strictEqual()`', 9, 3),
        panic('toolSchema', '`assert.strict.deepEqual()`', 10, 3),
        panic('toolSchema', '`assertions.notEqual()`', 11, 3),
        panic('toolSchema', '`ok()`', 12, 3),
        panic('toolSchema', '`same()`', 13, 3),
        panic('toolSchema', '`strict()`', 14, 3),
        panic('toolSchema', '`strictAssert.equal()`', 15, 3),
        panic('toolSchema', '`assert.fail()`', 16, 3),
      ],
    },
    {
      name: 'node:assert through require in JS, and TypeScript import-equals',
      filename: 'file.js',
      code: `
const assert = require('node:assert');
const { strictEqual, strict: check } = require('assert');
const strictAssert = require('assert').strict;
function toolSchema(literal) {
  assert(literal);
  strictEqual(literal, literal);
  check(literal);
  strictAssert.ok(literal);
  return literal;
}
      `,
      errors: [
        panic('toolSchema', '`assert()`', 6, 3),
        panic('toolSchema', '`strictEqual()`', 7, 3),
        panic('toolSchema', '`check()`', 8, 3),
        panic('toolSchema', '`strictAssert.ok()`', 9, 3),
      ],
    },
    {
      name: 'TypeScript import-equals of assert',
      code: `
import assert = require('assert');
const toolSchema = (literal: object) => { assert.ok(literal); return literal; };
      `,
      errors: [panic('toolSchema', '`assert.ok()`', 3, 43)],
    },
    {
      name: 'an undeclared (global) assert or invariant is runtime-provided and throws',
      code: `
function toolSchema(literal) {
  assert(literal);
  assert.equal(literal, literal);
  invariant(literal, 'literal required');
  return literal;
}
      `,
      errors: [
        panic('toolSchema', '`assert()`', 3, 3),
        panic('toolSchema', '`assert.equal()`', 4, 3),
        panic('toolSchema', '`invariant()`', 5, 3),
      ],
    },
    {
      name: 'invariant from tiny-invariant and invariant (import and require)',
      code: `
import invariant from 'tiny-invariant';
import check from 'invariant';
function mustSchema(literal: object | undefined) {
  invariant(literal, 'literal required');
  check(literal !== null, 'not null');
  return literal;
}
      `,
      errors: [panic('mustSchema', '`invariant()`', 5, 3), panic('mustSchema', '`check()`', 6, 3)],
    },
    {
      name: 'invariant required in JS',
      filename: 'file.js',
      code: `
const invariant = require('tiny-invariant');
module.exports.mustSchema = (literal) => { invariant(literal); return literal; };
      `,
      errors: [panic('mustSchema', '`invariant()`', 3, 44)],
    },
    {
      name: 'default panic functions: panic, fail, unreachable',
      code: `
function toolSchema(kind: string) {
  if (kind === 'a') panic('a');
  if (kind === 'b') fail('b');
  return unreachable(kind as never);
}
      `,
      errors: [
        panic('toolSchema', '`panic()`', 3, 21),
        panic('toolSchema', '`fail()`', 4, 21),
        panic('toolSchema', '`unreachable()`', 5, 10),
      ],
    },
    {
      name: 'assertions inside a try that returns the error are caught',
      code: `
import assert from 'node:assert';
function toolSchema(literal) {
  try { assert.ok(literal); return { ok: true, value: literal }; } catch (error) { return { ok: false, error }; }
}
function otherSchema(literal) {
  try { assert.ok(literal); } catch (error) { process.exit(1); }
  return literal;
}
      `,
      errors: [panic('otherSchema', '`assert.ok()`', 7, 9), panic('otherSchema', '`process.exit()`', 7, 47)],
    },
    {
      name: 'an exit whose method name is spelled with an escape',
      code: `
function toolSchema(kind) {
  if (!kind) process['\\x65xit'](1);
  return kind;
}
      `,
      errors: [panic('toolSchema', "`process['\\x65xit']()`", 3, 14)],
    },
    {
      name: 'option panicFunctions: project-specific never-returning functions',
      code: `
function toolSchema(kind) {
  if (!kind) die('no kind');
  fail('still not a panic function');
  return kind;
}
      `,
      options: [{ panicFunctions: ['die'] }],
      errors: [panic('toolSchema', '`die()`', 3, 14)],
    },
    {
      name: 'option helperNames: extra name patterns',
      code: `
export function buildTool(spec) { if (!spec) throw new Error('no spec'); return spec; }
export function validateTool(spec) { if (!spec) throw new Error('still ignored'); }
      `,
      options: [{ helperNames: ['^build', 'Tool$'] }],
      errors: [panic('buildTool', '`throw new Error(…)`', 2, 46, 'its name matches /^build/u')],
    },
    {
      name: 'option allowErrorClasses allows only the named classes',
      code: `
function mustSchema(literal) {
  if (!literal) throw new SchemaError('none');
  throw new TypeError('other');
  return literal;
}
      `,
      options: [{ allowErrorClasses: ['SchemaError'] }],
      errors: [panic('mustSchema', '`throw new TypeError(…)`', 4, 3)],
    },
    {
      name: 'option ignoreNames replaces the default prefixes',
      code: `
function validateSchema(schema) { throw new Error('now a helper'); return schema; }
function parseSchema(text) { throw new Error('ignored'); return JSON.parse(text); }
      `,
      options: [{ ignoreNames: ['parse'] }],
      errors: [panic('validateSchema', '`throw new Error(…)`', 2, 35)],
    },
    {
      name: 'a helper in a JS file, with a throw of a call (no new)',
      filename: 'file.js',
      code: `
export function toolSchema(literal) {
  if (!literal) throw Error('none');
  return JSON.stringify(literal);
}
      `,
      errors: [panic('toolSchema', '`throw Error(…)`', 3, 17)],
    },
    {
      name: 'body-based detection: an anonymous default export returning a JSON Schema literal',
      code: `
export default function (fields: string[]) {
  if (fields.length === 0) throw new Error('no fields');
  return { type: 'object', properties: { query: { type: 'string' } }, required: ['query'], additionalProperties: false };
}
      `,
      errors: [panic('<anonymous>', '\`throw new Error(…)\`', 3, 28, RETURNS_SCHEMA)],
    },
    {
      name: 'body-based detection: a JSON Schema imported from another module',
      filename: `${FIXTURES}/search-tool.ts`,
      code: `
import { SEARCH_INPUT } from './input-schemas.js';
export function searchInput(strict: boolean) {
  if (!strict) throw new Error('only strict search is supported');
  return SEARCH_INPUT;
}
      `,
      errors: [panic('searchInput', '\`throw new Error(…)\`', 4, 16, RETURNS_SCHEMA)],
    },
    {
      name: 'body-based detection: a JSON Schema through a const, a conditional and JSON.stringify',
      code: `
const SEARCH_INPUT = { type: 'object', properties: { query: { type: 'string' } } } as const;
function searchInput(strict: boolean) {
  if (strict === undefined) throw new TypeError('strict?');
  return strict ? { ...SEARCH_INPUT, additionalProperties: false } : SEARCH_INPUT;
}
function marshalInput() {
  try { return JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }); }
  catch (error) { throw new Error('did not marshal', { cause: error }); }
}
      `,
      errors: [
        panic('searchInput', '\`throw new TypeError(…)\`', 4, 29, RETURNS_SCHEMA),
        panic('marshalInput', '\`throw new Error(…)\`', 9, 19, RETURNS_SCHEMA),
      ],
    },
    {
      name: 'body-based detection: the result of a converter (zodToJsonSchema, z.toJSONSchema, ajv.compile), also through a const',
      code: `
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
export function toJson(tool: { input?: z.ZodType }) {
  if (!tool.input) throw new Error('no input');
  return zodToJsonSchema(tool.input);
}
export const toJson4 = async (input: z.ZodType) => {
  assert(input);
  return z.toJSONSchema(input);
};
function compileTool(spec: object) {
  if (!spec) panic('no spec');
  const validator = ajv.compile(spec);
  return validator;
}
      `,
      errors: [
        panic('toJson', '\`throw new Error(…)\`', 5, 20, converter('zodToJsonSchema')),
        panic('toJson4', '\`assert()\`', 9, 3, converter('z.toJSONSchema')),
        panic('compileTool', '\`panic()\`', 13, 14, converter('ajv.compile')),
      ],
    },
    {
      name: 'reports the whole throw statement / call (end position)',
      code: `function mustSchema() { throw new Error('x'); return {}; }`,
      errors: [{ ...panic('mustSchema', '`throw new Error(…)`', 1, 25), endLine: 1, endColumn: 46 }],
    },
  ],
});

describe('no-schema-helper-throw options', () => {
  it('rejects an invalid helperNames pattern with an error naming it', () => {
    const linter = new Linter({ configType: 'flat' });
    const config = {
      files: ['**/*.js'],
      plugins: { local: { rules: { 'no-schema-helper-throw': rule } } },
      rules: { 'local/no-schema-helper-throw': ['error', { helperNames: ['(unclosed'] }] },
    };
    expect(() => linter.verify('function mustSchema() { throw new Error(); }', config as never, { filename: 'file.js' })).toThrow(
      /invalid name pattern "\(unclosed"/,
    );
  });
});
