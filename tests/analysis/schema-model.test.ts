import { describe, expect, it } from 'vitest';
import { classifySchema, hasJsonSchemaType, isJsonSchemaShaped, mayBePermissiveObjectLiteral } from '../../src/analysis/schemas/schema-model.js';
import { probe } from './probe.js';

const classify = (expression: string, prelude = '') => classifySchema(probe(`${prelude}\nconst probe = ${expression};`).value);
const shaped = (expression: string) => isJsonSchemaShaped(probe(`const probe = ${expression};`).value);

describe('schema model: JSON Schema values', () => {
  it.each([
    ['true'],
    ['{}'],
    ["{ title: 'x', description: 'y', $comment: 'z', examples: [], default: {}, $schema: 's', $id: 'i', $defs: {}, 'x-internal': true }"],
    ['{ anyOf: [{}, { type: "string" }] }'],
    ['{ allOf: [{}, true] }'],
  ])('%s accepts anything', (schema) => {
    expect(classify(schema)).toBe('anything');
  });

  it.each([
    ["{ type: 'object' }"],
    ["{ type: 'object', properties: {} }"],
    ["{ type: 'object', properties: {}, required: [] }"],
    ["{ type: 'object', additionalProperties: true }"],
    ["{ type: 'object', additionalProperties: {} }"],
    ["{ type: 'object', patternProperties: { '.*': {} } }"],
    ["{ type: 'object', minProperties: 0, description: 'anything goes' }"],
    ["{ type: ['object'] }"],
    // Issue 18: a fallback that also admits null is at least as open as `{ type: 'object' }`.
    ["{ type: ['object', 'null'] }"],
    ["{ type: ['null', 'object'], properties: {} }"],
  ])('%s accepts any object', (schema) => {
    expect(classify(schema)).toBe('any-object');
  });

  it.each([
    ["{ type: 'object', additionalProperties: false }"],
    ["{ type: 'object', properties: {}, additionalProperties: false }"],
    ["{ type: 'object', properties: { a: { type: 'string' } } }"],
    ["{ type: 'object', required: ['a'] }"],
    ["{ type: 'object', patternProperties: { '^x-': {} } }"],
    ["{ type: 'string' }"],
    ["{ type: ['object', 'string'] }"],
    ["{ type: ['object', 'null'], additionalProperties: false }"],
    ["{ type: 'error', message: 'failed' }"],
    ['false'],
    ["{ anyOf: [{ type: 'string' }] }"],
    ["{ type: 'object', ...schema }"],
    ["{ type: 'object', properties: props }"],
  ])('%s is not provably permissive', (schema) => {
    expect(classify(schema, 'declare const schema: object; declare const props: object;')).toBeUndefined();
  });

  it('follows consts to the permissive literal', () => {
    expect(classify('EMPTY', "const EMPTY = { type: 'object' } as const;")).toBe('any-object');
  });
});

describe('schema model: keys named like Object.prototype members', () => {
  it.each([["{ toString: 'x' }"], ["{ type: 'object', constructor: 1 }"], ["{ hasOwnProperty: {} }"], ["{ ['__proto__']: {} }"]])(
    '%s is not permissive (and does not throw)',
    (schema) => {
      expect(classify(schema)).toBeUndefined();
    },
  );
});

describe('schema model: library builders', () => {
  it.each([
    ["import { z } from 'zod';", 'z.any()', 'anything'],
    ["import { z } from 'zod/v4';", 'z.unknown().optional()', 'anything'],
    ["import * as z from 'zod';", 'z.object({}).passthrough()', 'any-object'],
    ["import z from 'zod';", 'z.object({}).loose()', 'any-object'],
    ["import { z } from 'zod/v3';", 'z.looseObject({})', 'any-object'],
    ["import { z } from 'zod';", 'z.record(z.string(), z.unknown())', 'any-object'],
    ["import { z } from 'zod';", 'z.object({}).catchall(z.any())', 'any-object'],
    ["import { z } from 'zod';", 'z\n  .object({})\n  .passthrough()\n  .describe("x")', 'any-object'],
    ["import { Type } from 'typebox';", 'Type.Any()', 'anything'],
    ["import { Type } from '@sinclair/typebox';", 'Type.Unknown()', 'anything'],
    ["import * as T from '@sinclair/typebox';", 'T.Type.Object({}, { additionalProperties: true })', 'any-object'],
    // Issue 18: TypeBox objects accept undeclared properties unless told otherwise.
    ["import { Type } from 'typebox';", 'Type.Object({})', 'any-object'],
    ["import { Type } from '@sinclair/typebox';", "Type.Object({}, { description: 'no arguments' })", 'any-object'],
    ["import * as v from 'valibot';", 'v.any()', 'anything'],
    ["import * as v from 'valibot';", 'v.looseObject({})', 'any-object'],
    ["import { unknown } from 'valibot';", 'unknown()', 'anything'],
  ])('%s %s → %s', (imports, expression, expected) => {
    expect(classify(expression, imports)).toBe(expected);
  });

  it.each([
    ["import { z } from 'zod';", 'z.object({})'],
    ["import { z } from 'zod';", 'z.object({}).strict()'],
    ["import { z } from 'zod';", 'z.object({ a: z.string() }).passthrough()'],
    ["import { z } from 'zod';", 'z.any().refine((v) => v !== null)'],
    ["import { z } from 'zod';", 'z.record(z.string(), z.number())'],
    ["import { Type } from 'typebox';", 'Type.Object({}, { additionalProperties: false })'],
    ["import { Type } from 'typebox';", 'Type.Object({}, options)'],
    ['const z = { any: () => ({}) };', 'z.any()'],
  ])('%s %s is not permissive', (imports, expression) => {
    expect(classify(expression, imports)).toBeUndefined();
  });
});

describe('schema model: schema shape', () => {
  it('recognises JSON Schema objects and not look-alikes', () => {
    expect(shaped("{ type: 'object' }")).toBe(true);
    expect(shaped("{ type: ['string', 'null'] }")).toBe(true);
    expect(shaped("{ $schema: 'https://json-schema.org/draft/2020-12/schema' }")).toBe(true);
    expect(shaped("{ properties: { a: { type: 'string' } } }")).toBe(true);
    expect(shaped("{ type: 'error', message: 'x' }")).toBe(false);
    expect(shaped("{ properties: { color: 'red' } }")).toBe(false);
    expect(hasJsonSchemaType(probe("const probe = { type: 'object' };").value, 'object')).toBe(true);
  });
});

describe('schema model: mayBePermissiveObjectLiteral', () => {
  const literal = (expression: string, prelude = '') => {
    const { value, context } = probe(`${prelude}\nconst probe = ${expression};`);
    const declarator = context.sourceCode.ast.body.flatMap((statement) => (statement.type === 'VariableDeclaration' ? statement.declarations : []));
    const init = declarator.find((candidate) => candidate.id.type === 'Identifier' && candidate.id.name === 'probe')!.init!;
    if (init.type !== 'ObjectExpression') throw new Error(`${expression} is not an object literal`);
    return { literal: init, permissive: classifySchema(value) };
  };

  // The pre-check is sound only if it never dismisses what the classification would report.
  it.each([
    ['{}'],
    ["{ type: 'object' }"],
    ["{ type: 'object', properties: {}, required: [], additionalProperties: true, 'x-open': 1 }"],
    ["{ ...OPEN }", "const OPEN = { type: 'object' };"],
    ["{ [KEY]: 'object' }", "const KEY = 'type';"],
    ["{ ['type']: 'object' }"],
    ["{ anyOf: [{}], allOf: [true], description: 'd' }"],
    ["{ patternProperties: { '.*': {} }, type: 'object' }"],
  ])('keeps %s, which may be permissive', (expression, prelude = '') => {
    const { literal: node, permissive } = literal(expression, prelude);
    expect(permissive).toBeDefined();
    expect(mayBePermissiveObjectLiteral(node)).toBe(true);
  });

  it.each([['{ id: 1 }'], ["{ type: 'object', ...OPEN, id: 1 }"], ["{ 1: 'one' }"], ['{ method() { return 1; } }'], ["{ title: 't', items: {} }"]])(
    'dismisses %s by a key no permissive schema has',
    (expression) => {
      const { literal: node } = literal(expression, "const OPEN = { type: 'object' };");
      expect(mayBePermissiveObjectLiteral(node)).toBe(false);
    },
  );
});
