import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/analysis/schemas/schema-compiler.js';
import { describeOutcome, editDistance, subjectOf, suggestClosest } from '../../src/analysis/schemas/schema-diagnostics.js';
import type { JsonSchemaDraft } from '../../src/analysis/schemas/schema-structure.js';

function diagnose(schema: object, draft: JsonSchemaDraft = '2020-12', allowedKeywords: readonly string[] = []) {
  return describeOutcome(schema, draft, compileSchema(schema, draft), { allowedKeywords: new Set(allowedKeywords) }).map(
    ({ kind, target, data, replacement }) => ({ kind, at: `${target.part}:/${target.pointer.join('/')}`, data, ...(replacement ? { replacement } : {}) }),
  );
}

describe('suggestClosest', () => {
  it('finds one-edit typos, transpositions and case slips', () => {
    const keywords = ['properties', 'required', 'minLength', 'type', 'examples', 'enum'];
    expect(suggestClosest('propertes', keywords)).toBe('properties');
    expect(suggestClosest('requried', keywords)).toBe('required');
    expect(suggestClosest('minlength', keywords)).toBe('minLength');
    expect(suggestClosest('typ', keywords)).toBe('type');
    expect(suggestClosest('example', keywords)).toBe('examples');
  });

  it('does not guess at words that are merely short or different', () => {
    expect(suggestClosest('foo', ['not', 'if', 'enum'])).toBeUndefined();
    expect(suggestClosest('discriminator', ['description', 'dependencies'])).toBeUndefined();
  });

  it('counts a transposition as one edit', () => {
    expect(editDistance('requried', 'required')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('messages about long keys and values', () => {
  it('rules candidates out by length before comparing, and still finds case slips and near lengths', () => {
    const candidates = ['properties', 'type', 'items'];
    // A keyword of 100,000 characters is never compared: that would be a 100,000 × 10 table per candidate.
    expect(suggestClosest('p'.repeat(100_000), candidates)).toBeUndefined();
    expect(suggestClosest('PROPERTIES', candidates)).toBe('properties');
    expect(suggestClosest('propertiesss', candidates)).toBe('properties');
    expect(suggestClosest('propertiesssss', candidates)).toBeUndefined();
  });

  it('cuts a key quoted in a finding, and a value quoted in its reason', () => {
    const key = `x${'k'.repeat(50_000)}`;
    const [unknown] = diagnose({ type: 'object', [key]: true });
    expect(unknown).toMatchObject({ kind: 'unknownKeyword' });
    expect(unknown!.data.keyword!.length).toBeLessThanOrEqual(1001);
    expect(unknown!.data.keyword!.endsWith('…')).toBe(true);
    const [invalid] = diagnose({ type: 'object', properties: { a: { type: 'v'.repeat(50_000) } } });
    expect(invalid).toMatchObject({ kind: 'invalidValue' });
    expect(invalid!.data.reason!.length).toBeLessThan(1000);
  });
});

describe('subjectOf', () => {
  it('names keywords, list members and named subschemas', () => {
    expect(subjectOf(['minLength'])).toBe('`minLength`');
    expect(subjectOf(['type', '1'])).toBe('`type[1]`');
    expect(subjectOf(['properties', 'page'])).toBe('`properties.page`');
    expect(subjectOf(['properties', 'page', 'minLength'])).toBe('`minLength`');
    expect(subjectOf(['properties', 'properties'])).toBe('`properties.properties`');
    expect(subjectOf([])).toBe('The schema');
  });
});

describe('describeOutcome', () => {
  it('names an unknown keyword, with a did-you-mean, on its key', () => {
    expect(diagnose({ type: 'object', propertes: { page: { type: 'integer' } } })).toEqual([
      { kind: 'unknownKeyword', at: 'key:/propertes', data: { keyword: 'propertes', hint: ' (did you mean `properties`?)' }, replacement: 'properties' },
    ]);
  });

  it('finds an unknown keyword in every schema position, and not in property names', () => {
    expect(
      diagnose({
        type: 'object',
        properties: { foo: { type: 'string', foo: 1 }, list: { type: 'array', items: { type: 'string', foo: 2 } } },
      }).map(({ at }) => at),
    ).toEqual(['key:/properties/foo/foo', 'key:/properties/list/items/foo']);
  });

  it('says when a keyword belongs to another draft', () => {
    expect(diagnose({ type: 'array', prefixItems: [{ type: 'string' }], minItems: 1, maxItems: 1 }, 'draft-07')[0]?.data.hint).toBe(
      ' (`prefixItems` belongs to JSON Schema 2020-12; this schema is checked as draft-07)',
    );
  });

  it('suspects a property written outside `properties`', () => {
    expect(diagnose({ type: 'object', query: { type: 'string' } })[0]?.data.hint).toBe(' (a property schema outside `properties`?)');
  });

  it('accepts x- keywords and allowed keywords', () => {
    expect(diagnose({ type: 'object', 'x-order': 1, nullable: true, discriminator: { propertyName: 'kind' } }, '2020-12', ['discriminator'])).toEqual([]);
  });

  it('puts meta-schema violations into plain words, on the value', () => {
    expect(diagnose({ type: 'object', additionalProperties: 'no', properties: { q: { type: 'string', minLength: -1 } } })).toEqual([
      { kind: 'invalidValue', at: 'value:/additionalProperties', data: { subject: '`additionalProperties`', reason: 'must be a schema (an object or a boolean), not a string' } },
      { kind: 'invalidValue', at: 'value:/properties/q/minLength', data: { subject: '`minLength`', reason: 'must be ≥ 0' } },
    ]);
  });

  it('suggests a type name', () => {
    expect(diagnose({ type: 'strin' })).toEqual([
      {
        kind: 'invalidValue',
        at: 'value:/type',
        data: {
          subject: '`type`',
          reason:
            'must be `array`, `boolean`, `integer`, `null`, `number`, `object` or `string` (or an array of them), not `strin` (did you mean `string`?)',
        },
        replacement: 'string',
      },
    ]);
    expect(diagnose({ type: ['string', 'nul'] }).map(({ at, replacement }) => [at, replacement])).toEqual([['value:/type/1', 'null']]);
  });

  it('explains duplicates, empty lists, and non-positive multipleOf', () => {
    expect(diagnose({ type: 'object', properties: { a: {} }, required: ['a', 'a'] })[0]?.data.reason).toBe('lists `a` more than once');
    expect(diagnose({ allOf: [] })[0]?.data.reason).toBe('must not be empty');
    expect(diagnose({ type: 'number', multipleOf: 0 })[0]?.data.reason).toBe('must be > 0');
  });

  it('names a required property that properties does not define, on the list item', () => {
    expect(diagnose({ type: 'object', properties: { query: { type: 'string' } }, required: ['query', 'page'] })).toEqual([
      { kind: 'requiredNotDefined', at: 'value:/required/1', data: { property: 'page' } },
    ]);
    expect(diagnose({ type: 'object', allOf: [{ properties: { page: {} } }], required: ['page'] })).toEqual([]);
  });

  it('reports keywords that need a type the schema does not declare', () => {
    expect(diagnose({ type: 'object', properties: { n: { minimum: 0 } } })).toEqual([
      { kind: 'missingType', at: 'key:/properties/n/minimum', data: { keyword: 'minimum', applies: 'numbers', declared: "`type: 'number'`" } },
    ]);
    expect(diagnose({ type: 'object', properties: { n: { anyOf: [{ minimum: 0 }] , type: 'integer' } } })).toEqual([]);
  });

  it('reports a type its context rules out', () => {
    expect(diagnose({ type: 'object', allOf: [{ type: 'string' }] })).toEqual([
      { kind: 'typeConflict', at: 'value:/allOf/0/type', data: { type: '`string`', context: '`object`', written: 'is' } },
    ]);
  });

  it('reports open tuples per draft', () => {
    expect(diagnose({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] })).toEqual([
      { kind: 'openTuple', at: 'key:/prefixItems', data: { keyword: 'prefixItems', length: '2', closing: 'items' } },
    ]);
    expect(diagnose({ type: 'array', items: [{ type: 'string' }], minItems: 1, additionalItems: false }, 'draft-07')).toEqual([]);
  });

  it('reports keywords validators ignore', () => {
    expect(diagnose({ type: 'string', if: { minLength: 1 } }).map(({ kind, at, data }) => [kind, at, data.keyword])).toEqual([['ignoredKeyword', 'key:/if', 'if']]);
    expect(diagnose({ type: 'string', then: { minLength: 1 } }).map(({ at }) => at)).toEqual(['key:/then']);
    expect(diagnose({ type: 'array', minContains: 1 }).map(({ at }) => at)).toEqual(['key:/minContains']);
  });

  it('reports a $ref that points nowhere in the schema, and accepts external ones', () => {
    expect(diagnose({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } })).toEqual([
      { kind: 'unresolvedRef', at: 'value:/properties/a/$ref', data: { ref: '#/$defs/Missing' } },
    ]);
    expect(diagnose({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } })).toEqual([]);
  });

  it('reports an invalid regular expression where it is written', () => {
    expect(diagnose({ type: 'object', patternProperties: { '(': { type: 'string' } } }).map(({ kind, at }) => [kind, at])).toEqual([['invalidPattern', 'key:/patternProperties/(']]);
    expect(diagnose({ type: 'string', pattern: '[' }).map(({ kind, at, data }) => [kind, at, data.error])).toEqual([
      ['invalidPattern', 'value:/pattern', '/[/u: Unterminated character class'],
    ]);
  });

  it('has nothing to say about valid schemas', () => {
    expect(
      diagnose({
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, format: 'uri', description: 'Search text' },
          page: { type: 'integer', minimum: 1, default: 1 },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, uniqueItems: true },
          when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        },
        required: ['query'],
        additionalProperties: false,
        $defs: { Page: { type: 'integer' } },
      }),
    ).toEqual([]);
  });
});
