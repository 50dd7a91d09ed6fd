import { beforeEach, describe, expect, it } from 'vitest';
import {
  CompileBudget,
  canonicalJson,
  clearCompileCache,
  compileSchema,
  compileSchemaWithin,
  draftFromSchemaUri,
  getCompileCacheSize,
  isTooDeepToCompile,
  knownKeywords,
  MAX_SCHEMA_DEPTH,
} from '../../src/analysis/schemas/schema-compiler.js';
import { JSON_SCHEMA_DRAFTS, subschemaShape, type JsonSchemaDraft } from '../../src/analysis/schemas/schema-structure.js';

beforeEach(() => clearCompileCache());

describe('draftFromSchemaUri', () => {
  it.each([
    ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
    ['https://json-schema.org/draft/2020-12/schema#', '2020-12'],
    ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
    ['http://json-schema.org/draft-07/schema#', 'draft-07'],
    ['https://json-schema.org/draft-07/schema', 'draft-07'],
    ['http://json-schema.org/draft-04/schema#', 'unsupported'],
    ['https://example.com/my-dialect', 'unsupported'],
    [42, 'unsupported'],
    [undefined, undefined],
  ])('%s selects %s', (uri, draft) => {
    expect(draftFromSchemaUri(uri)).toBe(draft);
  });
});

describe('compileSchema', () => {
  it.each(JSON_SCHEMA_DRAFTS)('still checks the %s meta-schema after compiling literals that reference it', (draft) => {
    // Literals compile without their code becoming a function; the meta-schema's validator must
    // never be one of those, or every later meta-schema check would pass.
    const metaSchemaId = { '2020-12': 'https://json-schema.org/draft/2020-12/schema', '2019-09': 'https://json-schema.org/draft/2019-09/schema', 'draft-07': 'http://json-schema.org/draft-07/schema' }[draft];
    compileSchema({ type: 'object', properties: { nested: { $ref: metaSchemaId } } }, draft);
    compileSchema({ $ref: `${metaSchemaId}#` }, draft);
    expect(compileSchema({ type: 'string', minLength: -1 }, draft).metaErrors.map(({ keyword }) => keyword)).toEqual(['minimum']);
  });

  it('accepts a valid schema without a word', () => {
    expect(
      compileSchema(
        { type: 'object', properties: { page: { type: 'integer', minimum: 1 }, email: { type: 'string', format: 'email' } }, required: ['page'] },
        '2020-12',
      ),
    ).toEqual({ metaErrors: [], strictMessages: [], unresolvedLocalRefs: [], externalRefs: [], compileError: undefined });
  });

  it('logs an unknown keyword instead of throwing', () => {
    expect(compileSchema({ type: 'object', propertes: { a: { type: 'string' } } }, '2020-12').strictMessages).toEqual([
      'unknown keyword: "propertes"',
    ]);
  });

  it('reports each meta-schema violation once, with its instance path, and does not compile', () => {
    const outcome = compileSchema({ type: 'object', additionalProperties: 'no', properties: { a: { type: 'string', minLength: -1 } } }, '2020-12');
    expect(outcome.metaErrors.map(({ instancePath, keyword }) => [instancePath, keyword])).toEqual([
      ['/additionalProperties', 'type'],
      ['/properties/a/minLength', 'minimum'],
    ]);
    expect(outcome.strictMessages).toEqual([]);
  });

  it('logs strictRequired, strictTypes and strictTuples with their schema paths', () => {
    expect(compileSchema({ type: 'object', properties: { a: {} }, required: ['page'] }, '2020-12').strictMessages).toEqual([
      'required property "page" is not defined at "#" (strictRequired)',
    ]);
    expect(compileSchema({ properties: { 'a/b': { minimum: 1 } } }, '2020-12').strictMessages).toEqual([
      'missing type "object" for keyword "properties" at "#" (strictTypes)',
      'missing type "number" for keyword "minimum" at "#/properties/a~1b" (strictTypes)',
    ]);
    expect(compileSchema({ type: 'array', prefixItems: [{}, {}] }, '2020-12').strictMessages).toEqual([
      '"prefixItems" is 2-tuple, but minItems or maxItems/items are not specified or different at path "#"',
    ]);
  });

  it('does not complain about union types, formats, or properties that also match a pattern', () => {
    const outcome = compileSchema(
      {
        type: 'object',
        properties: { id: { type: ['string', 'number'] }, email: { type: 'string', format: 'email' } },
        patternProperties: { '^i': { type: ['string', 'number'] } },
      },
      '2020-12',
    );
    expect(outcome.strictMessages).toEqual([]);
  });

  it('uses the draft it is given', () => {
    expect(compileSchema({ type: 'array', items: [{}, {}] }, 'draft-07').strictMessages).toEqual([
      '"items" is 2-tuple, but minItems or maxItems/additionalItems are not specified or different at path "#"',
    ]);
    expect(compileSchema({ type: 'array', items: [{}, {}] }, '2020-12').metaErrors.map((error) => error.instancePath)).toEqual(['/items']);
    expect(compileSchema({ type: 'array', prefixItems: [{}], minItems: 1, maxItems: 1 }, 'draft-07').strictMessages).toEqual([
      'unknown keyword: "prefixItems"',
    ]);
  });

  it('compiles external $refs as `true` and keeps checking the rest of the schema', () => {
    const outcome = compileSchema(
      { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' }, b: { $ref: 'other.json#/x' }, c: { type: 'string', foo: 1 } } },
      '2020-12',
    );
    expect(outcome.externalRefs).toEqual(['https://example.com/a.json', 'other.json']);
    expect(outcome.strictMessages).toEqual(['unknown keyword: "foo"']);
    expect(outcome.compileError).toBeUndefined();
  });

  it('stops quietly at an external $ref it cannot stand in for, keeping what it found before', () => {
    const outcome = compileSchema({ type: 'object', properties: { a: { type: 'string', foo: 1 }, b: { $ref: 'other.json#anchor' } } }, '2020-12');
    expect(outcome.externalRefs).toEqual(['other.json']);
    expect(outcome.strictMessages).toEqual(['unknown keyword: "foo"']);
    expect(outcome.compileError).toBeUndefined();
  });

  it('names a $ref into the schema itself that resolves nowhere', () => {
    expect(compileSchema({ $ref: '#/$defs/missing' }, '2020-12').unresolvedLocalRefs).toEqual(['#/$defs/missing']);
    expect(compileSchema({ $id: 'https://a.example/b', $ref: '#/$defs/missing' }, '2020-12').unresolvedLocalRefs).toEqual(['#/$defs/missing']);
  });

  it('lets two literals use the same $id', () => {
    const first = compileSchema({ $id: 'https://a.example/s', type: 'object', properties: { a: { $id: 'https://a.example/n', type: 'string' } } }, '2020-12');
    const second = compileSchema({ $id: 'https://a.example/s', type: 'object', properties: { a: { $id: 'https://a.example/n', type: 'number' } } }, '2020-12');
    expect(first.compileError).toBeUndefined();
    expect(second.compileError).toBeUndefined();
  });

  it('turns an invalid pattern into a compile error', () => {
    expect(compileSchema({ type: 'string', pattern: '(' }, '2020-12').compileError).toMatch(/Invalid regular expression/);
  });

  it('compiles each distinct schema once, whatever its key order', () => {
    const first = compileSchema({ type: 'string', minLength: 1 }, '2020-12');
    const second = compileSchema({ minLength: 1, type: 'string' }, '2020-12');
    expect(second).toBe(first);
    expect(getCompileCacheSize()).toBe(1);
    compileSchema({ minLength: 1, type: 'string' }, 'draft-07');
    expect(getCompileCacheSize()).toBe(2);
  });
});

describe('compileSchema: one literal cannot change what the next one sees', () => {
  /** Literals that once removed or replaced a meta-schema in the one shared Ajv instance. */
  const POISONS: [string, object, JsonSchemaDraft][] = [
    ['a $ref to a fragment of the meta-schema that does not exist', { properties: { a: { $ref: 'https://json-schema.org/draft/2020-12/schema#/$defs/nowhere' } } }, '2020-12'],
    ['an $id equal to the 2020-12 meta-schema', { $id: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }, '2020-12'],
    ['an $id equal to a 2020-12 vocabulary meta-schema', { $id: 'https://json-schema.org/draft/2020-12/meta/core', type: 'object' }, '2020-12'],
    ['an $id equal to the 2019-09 meta-schema', { $id: 'https://json-schema.org/draft/2019-09/schema', type: 'object' }, '2019-09'],
    ['an $id equal to the draft-07 meta-schema', { $id: 'http://json-schema.org/draft-07/schema', type: 'object' }, 'draft-07'],
    ['a nested $id equal to the meta-schema', { properties: { a: { $id: 'https://json-schema.org/draft/2020-12/schema' } } }, '2020-12'],
    ['a $ref to the meta-schema itself', { properties: { s: { $ref: 'https://json-schema.org/draft/2020-12/schema' } } }, '2020-12'],
  ];
  const VICTIMS: object[] = [
    { type: 'object', properties: { q: { type: 'strng' } } },
    { type: 'object', properties: { q: { type: 'string', minLength: 1 } }, required: ['q', 'missing'] },
    { $ref: '#/$defs/missing' },
    { $id: 'https://example.com/tool', properties: { a: { $ref: 'other.json#/$defs/a' } } },
  ];

  it.each(POISONS)('%s', (_name, poison, draft) => {
    const alone = VICTIMS.map((victim) => compileSchema(victim, draft));
    clearCompileCache();
    compileSchema(poison, draft);
    // Twice: a second compile of the poison, from the cache or not, must leave things as they were too.
    clearCompileCache();
    compileSchema(poison, draft);
    clearCompileCache();
    expect(VICTIMS.map((victim) => compileSchema(victim, draft))).toEqual(alone);
    for (const other of JSON_SCHEMA_DRAFTS) expect(compileSchema({ type: 'strng' }, other).metaErrors.length, other).toBeGreaterThan(0);
  });

  it('reports an $id that names a meta-schema as what it is: a schema Ajv refuses to add', () => {
    expect(compileSchema({ $id: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }, '2020-12').compileError).toMatch(/already exists/);
  });

  it('does not compile a schema nested deeper than the compiler survives', () => {
    let deep: object = { type: 'string' };
    for (let level = 0; level < MAX_SCHEMA_DEPTH; level += 1) deep = { type: 'object', properties: { a: deep } };
    expect(isTooDeepToCompile(deep)).toBe(true);
    let shallow: object = { type: 'string' };
    for (let level = 0; level < MAX_SCHEMA_DEPTH / 2 - 1; level += 1) shallow = { type: 'object', properties: { a: shallow } };
    expect(isTooDeepToCompile(shallow)).toBe(false);
    expect(compileSchema(shallow, '2020-12')).toMatchObject({ metaErrors: [], compileError: undefined });
  });
});

describe('compileSchemaWithin', () => {
  it('stops compiling new schemas when the budget is spent, but still answers from the cache', () => {
    const budget = new CompileBudget(1);
    expect(compileSchemaWithin({ type: 'string' }, '2020-12', budget)).toBeDefined();
    expect(compileSchemaWithin({ type: 'number' }, '2020-12', budget)).toBeUndefined();
    expect(compileSchemaWithin({ type: 'string' }, '2020-12', budget)).toBeDefined();
  });

  it('keeps a file with thousands of schemas fast: repeats are cache hits', () => {
    const budget = new CompileBudget(50);
    const started = performance.now();
    for (let index = 0; index < 5000; index += 1) {
      const outcome = compileSchemaWithin({ type: 'object', properties: { [`p${index % 50}`]: { type: 'string' } } }, '2020-12', budget);
      expect(outcome).toBeDefined();
    }
    expect(getCompileCacheSize()).toBe(50);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });
});

describe('subschema tables', () => {
  it.each(JSON_SCHEMA_DRAFTS)('name only keywords Ajv knows for %s', (draft) => {
    const known = new Set(knownKeywords(draft));
    const candidates = ['items', 'prefixItems', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties', 'dependentSchemas', 'properties', 'not', '$defs'];
    for (const keyword of candidates) {
      if (subschemaShape(keyword, draft)) expect(known, `${keyword} in ${draft}`).toContain(keyword);
    }
    expect(subschemaShape('prefixItems', draft) !== undefined).toBe(draft === '2020-12');
  });
});
