import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson, clearCompileCache, compileSchema, compileSchemaWhole, type CompileOutcome } from '../../src/analysis/schemas/schema-compiler.js';
import { JSON_SCHEMA_DRAFTS } from '../../src/analysis/schemas/schema-structure.js';

// `compileSchema` compiles a self-contained schema one `properties` member at a time, so that the
// property schemas tool schemas repeat are compiled once. These tests hold it to the outcome of
// compiling the same schema as one document.

beforeEach(() => clearCompileCache());

const comparable = (outcome: CompileOutcome) => ({
  metaErrors: outcome.metaErrors.map(({ instancePath, keyword }) => `${instancePath} ${keyword}`),
  strictMessages: [...outcome.strictMessages].sort(),
  compileError: outcome.compileError,
  unresolvedLocalRefs: outcome.unresolvedLocalRefs,
  externalRefs: outcome.externalRefs,
});

function expectSameAsWhole(schema: object, draft: (typeof JSON_SCHEMA_DRAFTS)[number] = '2020-12'): void {
  clearCompileCache();
  // `compileSchema` compiles the canonical (key-sorted) JSON: Ajv's order, and so where a compile
  // error stops it, follows the key order.
  const whole = comparable(compileSchemaWhole(JSON.parse(canonicalJson(schema)) as object, draft));
  clearCompileCache();
  expect(comparable(compileSchema(structuredClone(schema), draft))).toEqual(whole);
}

describe('compiling a schema in parts', () => {
  it.each([
    ['clean', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer', minimum: 1 } }, required: ['a'] }],
    ['unknown keyword in a member', { type: 'object', properties: { a: { type: 'string', descripton: 'x' }, b: { type: 'number' } } }],
    ['member missing its type', { type: 'object', properties: { a: { properties: { x: {} } }, b: { items: {} } } }],
    ['required name not defined', { type: 'object', properties: { a: {}, b: {} }, required: ['c'] }],
    ['nested members', { type: 'object', properties: { a: { type: 'object', properties: { x: { type: 'string', minLenght: 1 }, y: { type: 'array', prefixItems: [{}] } }, required: ['z'] }, b: {} } }],
    ['a member name with / and ~', { type: 'object', properties: { 'a/b': { required: ['x'], type: 'object' }, '~c': { properties: {} } } }],
    ['an invalid pattern', { type: 'object', properties: { a: { type: 'string', pattern: '(' }, b: { type: 'string', pattern: '[' } } }],
    ['if without then', { type: 'object', properties: { a: { if: { type: 'string' } }, b: { then: {} } } }],
    ['a $ref is compiled whole', { type: 'object', $defs: { S: { type: 'string' } }, properties: { a: { $ref: '#/$defs/S' }, b: { $ref: '#/$defs/Missing' } } }],
    ['unevaluatedProperties is compiled whole', { type: 'object', properties: { a: {}, b: {} }, unevaluatedProperties: false }],
    ['a required name beside defined ones', { type: 'object', properties: { a: {}, b: {} }, required: ['b', 'zz', 'a'], additionalProperties: false }],
    ['property names that look like stand-ins', { type: 'object', properties: { '\u00000': {}, b: {} }, required: ['\u00001'] }],
    ['a keyword that reads the names keeps them', { type: 'object', properties: { a: {}, b: {} }, dependentRequired: { a: ['c'] } }],
  ])('agrees with compiling it whole: %s', (_name, schema) => {
    expectSameAsWhole(schema);
  });

  it('agrees for every draft', () => {
    const schema = { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] }, b: { additionalItems: false } } };
    for (const draft of JSON_SCHEMA_DRAFTS) expectSameAsWhole(schema, draft);
  });

  it('agrees on generated schemas', () => {
    const leaf = fc.constantFrom<Record<string, unknown>>(
      {},
      { type: 'string' },
      { type: 'string', minLength: 1, maxLength: 5 },
      { type: 'string', pattern: '^a' },
      { type: 'string', pattern: '(' },
      { minLength: 1 },
      { type: 'integer', minimum: 0 },
      { maximum: 3 },
      { enum: ['a', 'b'] },
      { const: 1 },
      { type: 'array', items: { type: 'string' } },
      { type: 'array', prefixItems: [{}, {}], minItems: 2, maxItems: 2 },
      { type: 'array', prefixItems: [{}] },
      { items: {} },
      { type: 'array', contains: {}, minContains: 0 },
      { if: { type: 'string' } },
      { else: {} },
      { descripton: 'typo' },
      { type: ['string', 'null'] },
      { type: 'object', required: ['x'] },
      { required: ['x'], properties: { x: {} } },
      { nullable: true },
      { 'x-internal': true },
      { format: 'email', type: 'string' },
      { minimum: 'one' },
      { type: 'string', description: 'The a.' },
      { type: 'string', description: 'The b.', minLenght: 1 },
      { title: 'T', $comment: 'why', maximum: 'two' },
      { description: 5 },
    );
    const schema = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object')),
      object: fc.record(
        {
          type: fc.constantFrom('object', undefined),
          properties: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd/e', '~f', 'description', 'title'), tie('node'), { maxKeys: 4 }),
          required: fc.subarray(['a', 'b', 'z']),
          additionalProperties: fc.constantFrom(false, true, undefined),
          allOf: fc.option(fc.array(tie('node'), { maxLength: 2 }), { nil: undefined }),
        },
        { requiredKeys: ['properties'] },
      ),
    })).object;
    fc.assert(
      fc.property(schema, (generated) => {
        const plain = JSON.parse(JSON.stringify(generated)) as object;
        expectSameAsWhole(plain);
      }),
      { numRuns: 250 },
    );
  });

  it('compiles the skeleton of tools whose arguments have the same shape once, whatever they are called', () => {
    const tool = (first: string, second: string) => ({
      type: 'object',
      properties: { [first]: { type: 'string' }, [second]: { type: 'integer', minimum: 1 } },
      required: [first, 'missing'],
      additionalProperties: false,
    });
    const compile = vi.spyOn(Object.getPrototypeOf(Ajv2020.prototype) as { compile: () => unknown }, 'compile');
    try {
      const one = compileSchema(tool('query', 'limit'), '2020-12');
      const compiledForOne = compile.mock.calls.length;
      const other = compileSchema(tool('city', 'days'), '2020-12');
      expect(compiledForOne).toBeGreaterThan(0);
      // Its members were compiled for the first tool, and so was its renamed skeleton.
      expect(compile.mock.calls.length).toBe(compiledForOne);
      expect(one.strictMessages).toEqual([expect.stringContaining('required property "missing" is not defined')]);
      expect(other.strictMessages).toEqual(one.strictMessages);
    } finally {
      compile.mockRestore();
    }
  });

  it('compiles property schemas that differ only in the text of their annotations once', () => {
    const field = (description: string, title: string) => ({ type: 'string', minLength: 1, description, title, $comment: description });
    const compile = vi.spyOn(Object.getPrototypeOf(Ajv2020.prototype) as { compile: () => unknown }, 'compile');
    try {
      compileSchema({ type: 'object', properties: { id: field('The id.', 'Id'), b: { type: 'integer' } } }, '2020-12');
      const compiledForOne = compile.mock.calls.length;
      compileSchema({ type: 'object', properties: { checksum: field('The checksum.', 'Checksum'), b: { type: 'integer' } } }, '2020-12');
      expect(compile.mock.calls.length).toBe(compiledForOne);
      // A property called `description` is a name: what its schema says is still found.
      const named = compileSchema({ type: 'object', properties: { description: { type: 'string', minLenght: 1 }, b: {} } }, '2020-12');
      expect(named.strictMessages).toEqual([expect.stringContaining('unknown keyword: "minLenght"')]);
    } finally {
      compile.mockRestore();
    }
  });

  it('compiles a property schema that many tool schemas share once', () => {
    const shared = { type: 'integer', minimum: 1, maximum: 50, default: 20 };
    const first = compileSchema({ type: 'object', properties: { limit: shared, a: { type: 'string' } } }, '2020-12');
    const second = compileSchema({ type: 'object', properties: { limit: shared, b: { type: 'string', descripton: 'typo' } } }, '2020-12');
    expect(first.strictMessages).toEqual([]);
    expect(second.strictMessages).toEqual(['unknown keyword: "descripton"']);
  });
});
