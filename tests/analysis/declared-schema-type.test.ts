import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { DECLARED_SCHEMA_TYPE_WORDS, declaredSchemaType, holdsValue, schemaTypeOfAnnotation, type DeclaredSchemaType } from '../../src/analysis/schemas/declared-schema-type.js';
import { declaredDestinationOf } from '../../src/analysis/flow/declared-destination.js';
import { vocabularyPattern } from '../../src/analysis/syntax/file-text.js';
import { getEvaluator } from '../../src/analysis/values/evaluator.js';
import { atMarker } from './probe.js';

/** The schema type the annotation starting at the marker names (`let x: /*@*\/JSONSchema7`). */
function annotated(code: string): DeclaredSchemaType | undefined {
  return atMarker(code, (context, node) => schemaTypeOfAnnotation(node as TSESTree.TypeNode, getEvaluator(context)));
}

/** What the declaration starting at the marker declares (a function, a parameter, a cast…). */
function declared(code: string): DeclaredSchemaType | undefined {
  return atMarker(code, (context, node) => declaredSchemaType(node, getEvaluator(context)));
}

const ACCEPTED: ReadonlyArray<readonly [string, string, string, DeclaredSchemaType['dialect']]> = [
  ['json-schema', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/JSONSchema7;`, 'JSONSchema7', 'json-schema'],
  ['json-schema draft 4', `import type { JSONSchema4 } from 'json-schema';\nlet x: /*@*/JSONSchema4;`, 'JSONSchema4', 'json-schema'],
  ['a renamed import', `import type { JSONSchema6 as Draft6 } from 'json-schema';\nlet x: /*@*/Draft6;`, 'Draft6', 'json-schema'],
  ['JSONSchema7Definition', `import type { JSONSchema7Definition } from 'json-schema';\nlet x: /*@*/JSONSchema7Definition;`, 'JSONSchema7Definition', 'json-schema'],
  ['the AI SDK', `import type { JSONSchema7 } from '@ai-sdk/provider';\nlet x: /*@*/JSONSchema7;`, 'JSONSchema7', 'json-schema'],
  ['the AI SDK Schema', `import type { Schema } from 'ai';\nlet x: /*@*/Schema<Args>;`, 'Schema', 'ai-sdk'],
  ['a project JsonSchema', `import type { JsonSchema } from '../types.js';\nlet x: /*@*/JsonSchema;`, 'JsonSchema', 'json-schema'],
  ["the MCP SDK's JsonSchemaType", `import type { JsonSchemaType } from '@modelcontextprotocol/sdk/validation/types.js';\nlet x: /*@*/JsonSchemaType;`, 'JsonSchemaType', 'json-schema'],
  ["Ajv's JSONSchemaType", `import type { JSONSchemaType } from 'ajv';\nlet x: /*@*/JSONSchemaType<Args>;`, 'JSONSchemaType', 'json-schema'],
  ["the MCP SDK's Tool['inputSchema']", `import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nlet x: /*@*/Tool['inputSchema'];`, "Tool['inputSchema']", 'json-schema'],
  ['z.ZodType', `import { z } from 'zod';\nlet x: /*@*/z.ZodType<Args>;`, 'z.ZodType', 'zod'],
  ['ZodTypeAny from zod/v3', `import type { ZodTypeAny } from 'zod/v3';\nlet x: /*@*/ZodTypeAny;`, 'ZodTypeAny', 'zod'],
  ['ZodSchema of a namespace import', `import * as zod from 'zod';\nlet x: /*@*/zod.ZodSchema;`, 'zod.ZodSchema', 'zod'],
  ['TypeBox TSchema', `import type { TSchema } from '@sinclair/typebox';\nlet x: /*@*/TSchema;`, 'TSchema', 'typebox'],
  ['TypeBox 1.x TObject', `import type { TObject } from 'typebox';\nlet x: /*@*/TObject;`, 'TObject', 'typebox'],
  ['valibot GenericSchema', `import * as v from 'valibot';\nlet x: /*@*/v.GenericSchema;`, 'v.GenericSchema', 'valibot'],
  ['valibot BaseSchema', `import type { BaseSchema } from 'valibot';\nlet x: /*@*/BaseSchema<I, O, E>;`, 'BaseSchema', 'valibot'],
  ['Standard Schema', `import type { StandardSchemaV1 } from '@standard-schema/spec';\nlet x: /*@*/StandardSchemaV1;`, 'StandardSchemaV1', 'standard-schema'],
  ['Standard Schema copied into the project', `export interface StandardSchemaV1<I = unknown> { readonly '~standard': Props<I> }\nlet x: /*@*/StandardSchemaV1;`, 'StandardSchemaV1', 'standard-schema'],
  ['a local JsonSchema interface', `interface JsonSchema { type?: string }\nlet x: /*@*/JsonSchema;`, 'JsonSchema', 'json-schema'],
  ["zod-to-json-schema's JsonSchema7Type, declared in the project", `type JsonSchema7Type = JsonSchema7TypeUnion & JsonSchema7Meta;\nlet x: /*@*/JsonSchema7Type;`, 'JsonSchema7Type', 'json-schema'],
  ['a local alias of JSONSchema7', `import type { JSONSchema7 } from 'json-schema';\ntype ToolInput = JSONSchema7;\nlet x: /*@*/ToolInput;`, 'ToolInput', 'json-schema'],
  ['Promise<JSONSchema7>', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/Promise<JSONSchema7>;`, 'JSONSchema7', 'json-schema'],
  ['JSONSchema7 | undefined | null', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/JSONSchema7 | undefined | null;`, 'JSONSchema7', 'json-schema'],
  ['JSONSchema7 | boolean', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/JSONSchema7 | boolean;`, 'JSONSchema7', 'json-schema'],
  ['an intersection', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/JSONSchema7 & { 'x-ui'?: Hint };`, 'JSONSchema7', 'json-schema'],
];

const REJECTED: ReadonlyArray<readonly [string, string]> = [
  ['an array of schemas', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/JSONSchema7[];`],
  ['Array<JSONSchema7>', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/Array<JSONSchema7>;`],
  ['a map of schemas', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/Record<string, JSONSchema7>;`],
  ['Record<string, unknown>', `let x: /*@*/Record<string, unknown>;`],
  ["json-schema's JSON value type", `import type { JSONSchema7Type } from 'json-schema';\nlet x: /*@*/JSONSchema7Type;`],
  ["a copied JSONSchema7Type, json-schema's JSON value spelling", `type JSONSchema7Type = string | number | boolean | null;\nlet x: /*@*/JSONSchema7Type;`],
  ["json-schema's JSON object value", `import type { JSONSchema4Object } from 'json-schema';\nlet x: /*@*/JSONSchema4Object;`],
  ['a validator about JSON Schema', `import type { JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';\nlet x: /*@*/JsonSchemaValidator;`],
  ["options named after JSON Schema", `import type { JsonSchemaOptions } from './convert.js';\nlet x: /*@*/JsonSchemaOptions;`],
  ["a local name of the type keyword's values", `type JsonSchemaType = 'string' | 'object';\nlet x: /*@*/JsonSchemaType;`],
  ['a union with another type', `import type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/JSONSchema7 | string;`],
  ['a zod raw shape', `import type { ZodRawShape } from 'zod';\nlet x: /*@*/ZodRawShape;`],
  ["zod's infer", `import { z } from 'zod';\nlet x: /*@*/z.infer<typeof S>;`],
  ['a Tool of another package', `import type { Tool } from './tools.js';\nlet x: /*@*/Tool['inputSchema'];`],
  ["the MCP Tool's name", `import type { Tool } from '@modelcontextprotocol/sdk/types.js';\nlet x: /*@*/Tool['name'];`],
  ['a TSchema of no library (a name alone)', `let x: /*@*/TSchema;`],
  ['an undeclared JSONSchema7', `let x: /*@*/JSONSchema7;`],
  ['a Promise of a local class', `class Promise<T> {}\nimport type { JSONSchema7 } from 'json-schema';\nlet x: /*@*/Promise<JSONSchema7>;`],
];

describe('schemaTypeOfAnnotation (what a type annotation names, syntax only)', () => {
  it.each(ACCEPTED)('%s is a schema type', (_name, code, written, dialect) => {
    expect(annotated(code)).toEqual({ name: written, dialect, output: false });
  });

  it.each(REJECTED)('%s is not a schema type', (_name, code) => {
    expect(annotated(code)).toBeUndefined();
  });

  it("marks Tool['outputSchema'] as an output schema", () => {
    expect(annotated(`import type * as types from '@modelcontextprotocol/sdk/types.js';\nlet x: /*@*/types.Tool['outputSchema'];`)).toEqual({
      name: "types.Tool['outputSchema']",
      dialect: 'json-schema',
      output: true,
    });
  });

  it('stops following local aliases past its depth', () => {
    const aliases = Array.from({ length: 12 }, (_unused, index) => `type A${index} = A${index + 1};`).join('\n');
    expect(annotated(`import type { JSONSchema7 } from 'json-schema';\n${aliases}\ntype A12 = JSONSchema7;\nlet x: /*@*/A0;`)).toBeUndefined();
    expect(annotated(`type Loop = Loop2;\ntype Loop2 = Loop;\nlet x: /*@*/Loop;`)).toBeUndefined();
    expect(annotated(`interface A extends B {}\ninterface B extends A {}\nlet x: /*@*/A;`)).toBeUndefined();
  });

  it.each(ACCEPTED)('a file declaring %s spells a word of DECLARED_SCHEMA_TYPE_WORDS', (_name, code) => {
    expect(vocabularyPattern(DECLARED_SCHEMA_TYPE_WORDS).test(code)).toBe(true);
  });
});

describe('declaredSchemaType (what a declaration declares)', () => {
  const IMPORT = `import type { JSONSchema7 } from 'json-schema';\n`;
  it.each([
    ['a function return type', `${IMPORT}/*@*/function f(): JSONSchema7 { return build(); }`],
    ['an async method', `${IMPORT}class C { m = /*@*/async (): Promise<JSONSchema7> => build(); }`],
    ['an arrow typed by its binding', `${IMPORT}const f: () => JSONSchema7 = /*@*/() => build();`],
    ['a variable declarator', `${IMPORT}const /*@*/x: JSONSchema7 = build(), y = 1;`],
    ['a parameter', `${IMPORT}function f(/*@*/schema: JSONSchema7) {}`],
    ['a parameter with a default', `${IMPORT}function f(/*@*/schema: JSONSchema7 = {}) {}`],
    ['a class field', `${IMPORT}class C { /*@*/schema: JSONSchema7 = {}; }`],
    ['an interface member', `${IMPORT}interface T { /*@*/inputSchema: JSONSchema7 }`],
    ['an as expression', `${IMPORT}const x = (/*@*/{} as JSONSchema7);`],
    ['a satisfies expression', `${IMPORT}const x = (/*@*/{} satisfies JSONSchema7);`],
  ])('%s', (_name, code) => {
    expect(declared(code)).toEqual({ name: 'JSONSchema7', dialect: 'json-schema', output: false });
  });

  it.each([
    ['an undeclared function', `/*@*/function f() { return build(); }`],
    ['a function returning an array of schemas', `import type { JSONSchema7 } from 'json-schema';\n/*@*/function f(): JSONSchema7[] { return []; }`],
    ['an untyped variable', `const /*@*/x = {};`],
  ])('%s declares none', (_name, code) => {
    expect(declared(code)).toBeUndefined();
  });
});

describe('declaredDestinationOf (where a value goes by a declaration)', () => {
  function destination(code: string): string | undefined {
    return atMarker(code, (context, node) => declaredDestinationOf(node, getEvaluator(context))?.description);
  }
  const IMPORT = `import type { JSONSchema7 } from 'json-schema';\n`;

  it.each([
    ['a return', `${IMPORT}function f(): JSONSchema7 { try { return a(); } catch { return /*@*/{}; } }`, 'returned as the `JSONSchema7` this function declares'],
    ['an arrow body through ?? and await', `${IMPORT}const f = async (): Promise<JSONSchema7> => (await a()) ?? /*@*/{};`, 'returned as the `JSONSchema7` this function declares'],
    ['a promise handler to the function', `${IMPORT}function f(): Promise<JSONSchema7> { return a().then(b, () => (/*@*/{})); }`, 'returned as the `JSONSchema7` this function declares'],
    ['an assignment to a parameter', `${IMPORT}function f(s: JSONSchema7) { try { s = a(); } catch { s = /*@*/{}; } }`, 'assigned to `s`, declared `JSONSchema7`'],
    ['a class field initialiser', `${IMPORT}class C { schema: JSONSchema7 = ok ? a() : /*@*/{}; }`, 'stored in `schema`, declared `JSONSchema7`'],
    ['an argument of a function whose parameter is declared', `${IMPORT}function add(id: string, schema?: JSONSchema7) {}\nadd('a', ok ? a() : /*@*/{});`, 'passed as `schema` of `add()`, declared `JSONSchema7`'],
    ['an as cast past `as unknown`', `${IMPORT}const x = /*@*/{} as unknown as JSONSchema7;`, 'asserted to be a `JSONSchema7`'],
  ])('%s', (_name, code, expected) => {
    expect(destination(code)).toBe(expected);
  });

  it.each([
    ['an argument of an unknown call', `${IMPORT}function f(): JSONSchema7 { return wrap(/*@*/{}); }`],
    ['the test of a condition', `${IMPORT}function f(): JSONSchema7 { return (/*@*/ok) ? a() : b(); }`],
    ['the left of &&', `${IMPORT}function f(): JSONSchema7 { return (/*@*/ok) && a(); }`],
    ['an argument after a spread', `${IMPORT}function add(id: string, schema: JSONSchema7) {}\nadd(...ids, /*@*/{});`],
    ['a rest parameter', `${IMPORT}function add(...schemas: JSONSchema7[]) {}\nadd(/*@*/{});`],
    ['an element of an array', `${IMPORT}function f(): JSONSchema7[] { return [/*@*/{}]; }`],
    ['a callback of map', `${IMPORT}function f(): JSONSchema7 { return list.map(() => (/*@*/{})); }`],
  ])('%s goes to no declaration', (_name, code) => {
    expect(destination(code)).toBeUndefined();
  });
});

describe('holdsValue', () => {
  const json: DeclaredSchemaType = { name: 'JSONSchema7', dialect: 'json-schema', output: false };
  const zod: DeclaredSchemaType = { name: 'ZodTypeAny', dialect: 'zod', output: false };
  const object = { kind: 'object', properties: new Map(), complete: true, node: undefined, file: 'x.ts', origins: [] } as never;
  const builder = (library: string) => ({ kind: 'builder', library, steps: [], node: undefined, file: 'x.ts', origins: [] }) as never;

  it('a JSON Schema type holds literals and TypeBox schemas, not zod', () => {
    expect(holdsValue(json, object)).toBe(true);
    expect(holdsValue(json, builder('typebox'))).toBe(true);
    expect(holdsValue(json, builder('zod'))).toBe(false);
  });

  it("a library's type holds that library's builders only", () => {
    expect(holdsValue(zod, builder('zod'))).toBe(true);
    expect(holdsValue(zod, builder('valibot'))).toBe(false);
    expect(holdsValue(zod, object)).toBe(false);
  });
});
