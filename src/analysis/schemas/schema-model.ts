import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName } from '../syntax/ast.js';
import type { BuilderValue, StaticValue } from '../values/static-value.js';

/**
 * What a permissive schema lets through: `anything` (every JSON value), or `any-object` (every
 * object, whatever its keys). Undefined: not provably permissive, which includes every schema with
 * an unknown hole (a partly known schema is never reported).
 */
export type Permissiveness = 'anything' | 'any-object';

export const JSON_SCHEMA_TYPES: ReadonlySet<string> = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);

/** Keywords that only annotate: a schema made of them alone accepts every value. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'default',
  '$schema',
  '$id',
  '$anchor',
  '$defs',
  'definitions',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** Every keyword of JSON Schema 2020-12, 2019-09 and draft-07 (validation, applicators, annotations). */
export const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  ...ANNOTATION_KEYWORDS,
  '$ref',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$vocabulary',
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'maxItems',
  'minItems',
  'uniqueItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'required',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'maxProperties',
  'minProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
]);

export function isAnnotationKeyword(key: string): boolean {
  return ANNOTATION_KEYWORDS.has(key) || key.startsWith('x-');
}

/** Patterns that every property name matches. */
const MATCH_EVERYTHING: ReadonlySet<string> = new Set(['', '.*', '^.*', '^.*$', '.*$', '[\\s\\S]*', '^[\\s\\S]*$']);

function isEmptyObject(value: StaticValue | undefined): boolean {
  return value?.kind === 'object' && value.complete && value.properties.size === 0;
}

function isEmptyArray(value: StaticValue | undefined): boolean {
  return value?.kind === 'array' && value.complete && value.elements.length === 0;
}

function isPrimitive(value: StaticValue | undefined, expected: unknown): boolean {
  return value?.kind === 'primitive' && value.value === expected;
}

/**
 * `'object'`, `['object']`, and `['object', 'null']`: a fallback never excludes `null` (a missing
 * schema's substitute that also admits `null` is at least as open as one that does not).
 */
function isObjectType(value: StaticValue): boolean {
  if (isPrimitive(value, 'object')) return true;
  if (value.kind !== 'array' || !value.complete || !value.elements.some((element) => isPrimitive(element, 'object'))) return false;
  return value.elements.every((element) => isPrimitive(element, 'object') || isPrimitive(element, 'null'));
}

function acceptsAnything(value: StaticValue | undefined): boolean {
  return value !== undefined && classifySchema(value) === 'anything';
}

/** Keywords that, with these values, do not narrow which objects are accepted. */
const NEUTRAL_OBJECT_KEYWORDS: Readonly<Record<string, (value: StaticValue) => boolean>> = {
  properties: isEmptyObject,
  required: isEmptyArray,
  additionalProperties: (value) => isPrimitive(value, true) || acceptsAnything(value),
  unevaluatedProperties: (value) => isPrimitive(value, true) || acceptsAnything(value),
  propertyNames: (value) => isPrimitive(value, true) || acceptsAnything(value),
  minProperties: (value) => isPrimitive(value, 0),
  patternProperties: (value) =>
    value.kind === 'object' &&
    value.complete &&
    [...value.properties].every(([pattern, property]) => MATCH_EVERYTHING.has(pattern) && acceptsAnything(property.value)),
};

/** Keys a permissive JSON Schema can have at all; each still needs a value that does not narrow. */
function mayAppearInPermissiveSchema(key: string): boolean {
  return isAnnotationKeyword(key) || key === 'type' || key === 'anyOf' || key === 'allOf' || Object.hasOwn(NEUTRAL_OBJECT_KEYWORDS, key);
}

/**
 * Whether an object literal can evaluate to a permissive schema, by its written keys alone: a key
 * no permissive schema has (`id` in `{ id: row.id }`) settles it without evaluating anything,
 * since spreads and computed keys only ever add keys. Lets a rule dismiss the data objects of
 * ordinary code before asking where they are used.
 */
export function mayBePermissiveObjectLiteral(node: TSESTree.ObjectExpression): boolean {
  return node.properties.every((property) => {
    if (property.type !== AST_NODE_TYPES.Property || property.computed) return true;
    const key = getKeyName(property.key, false);
    return key === undefined || mayAppearInPermissiveSchema(key);
  });
}

function classifyJsonSchema(value: StaticValue): Permissiveness | undefined {
  if (value.kind === 'primitive') return value.value === true ? 'anything' : undefined;
  if (value.kind !== 'object' || !value.complete) return undefined;
  let objectTyped = false;
  for (const [key, property] of value.properties) {
    const keyword = property.value;
    if (!mayAppearInPermissiveSchema(key)) return undefined;
    if (isAnnotationKeyword(key)) continue;
    if (key === 'type') {
      if (!isObjectType(keyword)) return undefined;
      objectTyped = true;
      continue;
    }
    if (key === 'anyOf') {
      if (keyword.kind === 'array' && keyword.complete && keyword.elements.some(acceptsAnything)) continue;
      return undefined;
    }
    if (key === 'allOf') {
      if (keyword.kind === 'array' && keyword.complete && keyword.elements.every(acceptsAnything)) continue;
      return undefined;
    }
    // Own keys only: a schema property named `constructor`, `toString` or `__proto__` must not
    // find Object.prototype's members (which made it "neutral", or crashed the lint).
    const neutral = Object.hasOwn(NEUTRAL_OBJECT_KEYWORDS, key) ? NEUTRAL_OBJECT_KEYWORDS[key] : undefined;
    if (neutral && neutral(keyword)) continue;
    return undefined;
  }
  // Object keywords without `type: 'object'` do not apply to other values, so those still pass.
  return objectTyped ? 'any-object' : 'anything';
}

/** Builder methods that keep what a schema accepts (up to `undefined`/`null`, which a fallback never excludes). */
const NEUTRAL_MODIFIERS: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'nullish',
  'describe',
  'default',
  'meta',
  'openapi',
  'readonly',
  'brand',
  'title',
]);

/** Whether a builder method keeps what the schema it is called on accepts (`.describe(d)`, `.optional()`). */
export function isNeutralModifier(name: string): boolean {
  return NEUTRAL_MODIFIERS.has(name);
}

function isAnyBuilder(value: StaticValue | undefined): boolean {
  return value?.kind === 'builder' && classifyBuilder(value) === 'anything';
}

function isStringKeyBuilder(value: StaticValue | undefined): boolean {
  if (value?.kind !== 'builder') return false;
  const first = value.steps[0]?.name;
  return (first === 'string' || first === 'String') && value.steps.slice(1).every((step) => NEUTRAL_MODIFIERS.has(step.name));
}

/** A record whose values are unconstrained: `z.record(z.string(), z.unknown())`, `z.record(z.any())` (zod 3). */
function isOpenRecord(values: readonly StaticValue[]): boolean {
  if (values.length === 1) return isAnyBuilder(values[0]);
  if (values.length === 2) return (isStringKeyBuilder(values[0]) || isAnyBuilder(values[0])) && isAnyBuilder(values[1]);
  return false;
}

function classifyRoot(builder: BuilderValue): { accepts: Permissiveness | undefined; modifiersFrom: number } {
  const [root, second] = builder.steps;
  if (!root) return { accepts: undefined, modifiersFrom: 0 };
  switch (builder.library) {
    case 'zod':
      if (root.name === 'any' || root.name === 'unknown') return { accepts: 'anything', modifiersFrom: 1 };
      if (root.name === 'looseObject' && isEmptyObject(root.values[0])) return { accepts: 'any-object', modifiersFrom: 1 };
      if (root.name === 'record' && isOpenRecord(root.values)) return { accepts: 'any-object', modifiersFrom: 1 };
      if (root.name === 'object' && isEmptyObject(root.values[0]) && second) {
        if (second.name === 'passthrough' || second.name === 'loose') return { accepts: 'any-object', modifiersFrom: 2 };
        if (second.name === 'catchall' && isAnyBuilder(second.values[0])) return { accepts: 'any-object', modifiersFrom: 2 };
      }
      return { accepts: undefined, modifiersFrom: 0 };
    case 'typebox':
      if (root.name === 'Any' || root.name === 'Unknown') return { accepts: 'anything', modifiersFrom: 1 };
      // TypeBox objects accept properties they do not declare unless told otherwise, so
      // `Type.Object({})` (no options, or options without `additionalProperties`) is open.
      if (root.name === 'Object' && isEmptyObject(root.values[0])) {
        const options = root.values[1];
        if (options === undefined || (options.kind === 'object' && options.complete && !options.properties.has('additionalProperties'))) {
          return { accepts: 'any-object', modifiersFrom: 1 };
        }
        const additional = options.kind === 'object' ? options.properties.get('additionalProperties')?.value : undefined;
        if (additional && (isPrimitive(additional, true) || isAnyBuilder(additional))) return { accepts: 'any-object', modifiersFrom: 1 };
      }
      if (root.name === 'Record' && isOpenRecord(root.values)) return { accepts: 'any-object', modifiersFrom: 1 };
      return { accepts: undefined, modifiersFrom: 0 };
    case 'valibot':
      if (root.name === 'any' || root.name === 'unknown') return { accepts: 'anything', modifiersFrom: 1 };
      if (root.name === 'looseObject' && isEmptyObject(root.values[0])) return { accepts: 'any-object', modifiersFrom: 1 };
      if (root.name === 'record' && isOpenRecord(root.values)) return { accepts: 'any-object', modifiersFrom: 1 };
      return { accepts: undefined, modifiersFrom: 0 };
  }
}

function classifyBuilder(builder: BuilderValue): Permissiveness | undefined {
  const { accepts, modifiersFrom } = classifyRoot(builder);
  if (!accepts) return undefined;
  return builder.steps.slice(modifiersFrom).every((step) => NEUTRAL_MODIFIERS.has(step.name)) ? accepts : undefined;
}

/** Classifies a (partly) known JSON Schema value or schema-library builder. */
export function classifySchema(value: StaticValue): Permissiveness | undefined {
  return value.kind === 'builder' ? classifyBuilder(value) : classifyJsonSchema(value);
}

function isJsonSchemaTypeValue(value: StaticValue | undefined): boolean {
  if (value?.kind === 'primitive') return typeof value.value === 'string' && JSON_SCHEMA_TYPES.has(value.value);
  if (value?.kind === 'array') {
    return value.elements.length > 0 && value.elements.every((element) => element.kind === 'primitive' && typeof element.value === 'string' && JSON_SCHEMA_TYPES.has(element.value));
  }
  return false;
}

/** Has `type` set to a JSON Schema type name (`'object'`, `['string', 'null']`); `{ type: 'error' }` does not. */
export function hasJsonSchemaType(value: StaticValue, type?: string): boolean {
  if (value.kind !== 'object') return false;
  const typeValue = value.properties.get('type')?.value;
  if (!isJsonSchemaTypeValue(typeValue)) return false;
  return type === undefined || isPrimitive(typeValue, type) || (typeValue?.kind === 'array' && typeValue.elements.some((element) => isPrimitive(element, type)));
}

/**
 * Looks like a JSON Schema object: a JSON Schema `type`, a `$schema`, or `properties` holding
 * schemas. Data objects that merely have a `type` field (`{ type: 'error', message }`) do not.
 */
export function isJsonSchemaShaped(value: StaticValue): boolean {
  if (value.kind !== 'object') return false;
  if (hasJsonSchemaType(value)) return true;
  const dialect = value.properties.get('$schema')?.value;
  if (dialect?.kind === 'primitive' && typeof dialect.value === 'string') return true;
  const properties = value.properties.get('properties')?.value;
  return (
    properties?.kind === 'object' &&
    properties.properties.size > 0 &&
    [...properties.properties.values()].every(
      ({ value: schema }) => (schema.kind === 'object' && [...schema.properties.keys()].some((key) => JSON_SCHEMA_KEYWORDS.has(key))) || isPrimitive(schema, true) || isPrimitive(schema, false),
    )
  );
}

/** OpenAPI's additions to a schema object; a literal using them is still a schema. */
const OPENAPI_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set(['nullable', 'discriminator', 'example', 'xml', 'externalDocs']);

/** A key a schema object of keywords (`isSchemaOnlyObject`) may have. */
function isSchemaObjectKey(key: string): boolean {
  return JSON_SCHEMA_KEYWORDS.has(key) || isAnnotationKeyword(key) || OPENAPI_SCHEMA_KEYWORDS.has(key);
}

/**
 * Whether an object literal can evaluate to an object `isSchemaOnlyObject` takes, by its written
 * keys alone (`{ id: row.id, … }` cannot, whatever its values): as `mayBePermissiveObjectLiteral`.
 */
export function mayBeSchemaOnlyObjectLiteral(node: TSESTree.ObjectExpression): boolean {
  return node.properties.every((property) => {
    if (property.type !== AST_NODE_TYPES.Property || property.computed) return true;
    const key = getKeyName(property.key, false);
    return key === undefined || isSchemaObjectKey(key);
  });
}

/**
 * A JSON Schema by its keys alone, with nothing to vouch for it: schema-shaped, and every key a
 * schema keyword. `{ type: 'string', value }` is a lexer's token, not a schema.
 */
export function isSchemaOnlyObject(value: StaticValue): boolean {
  if (value.kind !== 'object') return false;
  const keys = [...value.properties.keys()];
  if (!keys.every(isSchemaObjectKey)) return false;
  // `{ $ref: '#/definitions/Node' }`: a reference is a schema too (a converter's branch returns one).
  const reference = value.properties.get('$ref')?.value;
  const isReference = reference !== undefined && (reference.kind === 'unknown' || (reference.kind === 'primitive' && typeof reference.value === 'string'));
  return isJsonSchemaShaped(value) || isReference || keys.some((key) => SCHEMA_ONLY_KEYWORDS.has(key));
}

/**
 * Keywords no other common object uses (`{ items }` and `{ default }` are data as often as
 * schemas): an object of keywords holding one of these is a schema (`{ anyOf: [...] }`).
 */
const SCHEMA_ONLY_KEYWORDS: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf', 'not', '$defs', 'definitions', 'patternProperties', 'additionalProperties', 'prefixItems', 'unevaluatedProperties']);

/** The suggestion a tool without arguments should declare instead of a permissive schema. */
export const NO_ARGUMENTS_JSON_SCHEMA = "{ type: 'object', additionalProperties: false }";
