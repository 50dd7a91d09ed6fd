import type { TSESTree } from '@typescript-eslint/utils';
import type { ObjectValue, StaticValue } from '../values/static-value.js';

/**
 * What JSON Schema a value will be once it reaches a client, as far as that is statically known:
 * a JSON Schema literal read as written, a schema library's builder chain (zod, TypeBox, valibot)
 * read as its converter emits it, a zod raw shape (`{ id: z.string() }`, the MCP SDK's
 * `registerTool` argument) as the `z.object` the SDK wraps it in (those two in
 * `emitted-library-schema.ts`). Anything the library's output
 * does not settle statically (zod's default object mode and `additionalProperties`, a `.pipe`, a
 * `.transform`, a spread) is `unknown`, and checks stay quiet on an unknown part.
 */

/** A fact that may not be known: `true`, `false`, or `'unknown'`. */
export type Known = boolean | 'unknown';

export interface EmittedProperty {
  readonly name: string;
  /** The key as written, for a report on the property. */
  readonly keyNode: TSESTree.Node | undefined;
  readonly schema: EmittedSchema | undefined;
  /** A JSON Schema literal's `required: true`/`false` written on the property itself (not JSON Schema). */
  readonly requiredFlag: { readonly value: boolean; readonly node: TSESTree.Node | undefined } | undefined;
}

export interface EmittedSchema {
  readonly source: 'literal' | 'library';
  /** Where the schema is written (the literal, the builder call). */
  readonly node: TSESTree.Node | undefined;
  readonly file: string;
  /** The `type` names; `[]` when it states none, `'unknown'` when it cannot be known. */
  readonly types: readonly string[] | 'unknown';
  /** Where `type` is written, or the library's builder. */
  readonly typeNode: TSESTree.Node | undefined;
  /** Every keyword it has (or, for a library, emits), with where it is written. */
  readonly keywords: ReadonlyMap<string, TSESTree.Node | undefined>;
  /** False when keywords may be missing from `keywords` (a spread, an unknown builder step). */
  readonly keywordsComplete: boolean;
  /** The object's properties, when it has any statically known. */
  readonly properties: ReadonlyMap<string, EmittedProperty>;
  readonly propertiesComplete: boolean;
  /** Names `required` lists, and whether the list is all known; a library's are derived from optionality. */
  readonly required: { readonly names: ReadonlySet<string>; readonly complete: boolean; readonly node: TSESTree.Node | undefined } | undefined;
  /** `false`: closed; `'open'`: true or a schema; `'absent'`: not written (and not emitted); `'unknown'`. */
  readonly additionalProperties: false | 'open' | 'absent' | 'unknown';
  readonly description: Known;
  readonly title: Known;
  readonly hasDefault: Known;
  /** Every subschema (properties, items, the alternatives, definitions), for checks on every object. */
  readonly subschemas: readonly EmittedSchema[];
}

/** How many schemas one emitted schema may hold in all; past it, the rest is left out (unknown). */
const MAX_SCHEMAS = 2000;
export const MAX_DEPTH = 32;

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const SINGLE_SUBSCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']);
const SUBSCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);

export class Budget {
  count = 0;
  take(): boolean {
    this.count += 1;
    return this.count <= MAX_SCHEMAS;
  }
}

function stringOf(value: StaticValue | undefined): string | undefined {
  return value?.kind === 'primitive' && typeof value.value === 'string' ? value.value : undefined;
}

/** A fact from a keyword's presence: present, absent (in a complete object), or unknown. */
export function presence(value: ObjectValue, key: string): Known {
  if (value.properties.has(key)) return true;
  return value.complete ? false : 'unknown';
}

/** A JSON Schema literal, read as written. */
export function emittedFromLiteral(value: ObjectValue): EmittedSchema {
  return literal(value, new Budget(), 0);
}

function literal(value: ObjectValue, budget: Budget, depth: number): EmittedSchema {
  budget.take();
  const keywords = new Map<string, TSESTree.Node | undefined>();
  for (const [key, property] of value.properties) keywords.set(key, property.keyNode);
  const subschemas: EmittedSchema[] = [];
  const child = (member: StaticValue | undefined): EmittedSchema | undefined => {
    if (member?.kind !== 'object' || depth >= MAX_DEPTH || !budget.take()) return undefined;
    const schema = literal(member, budget, depth + 1);
    subschemas.push(schema);
    return schema;
  };
  const type = value.properties.get('type');
  let types: readonly string[] | 'unknown' = value.complete ? [] : 'unknown';
  if (type) {
    const single = stringOf(type.value);
    if (single !== undefined) types = [single];
    else if (type.value.kind === 'array' && type.value.complete && type.value.elements.every((element) => stringOf(element) !== undefined)) {
      types = type.value.elements.map((element) => stringOf(element)!);
    } else types = 'unknown';
  }
  const properties = new Map<string, EmittedProperty>();
  let propertiesComplete = value.complete;
  const declared = value.properties.get('properties')?.value;
  if (declared?.kind === 'object') {
    propertiesComplete = declared.complete;
    for (const [name, property] of declared.properties) {
      const schemaValue = property.value;
      const flag = schemaValue.kind === 'object' ? schemaValue.properties.get('required') : undefined;
      const flagValue = flag?.value.kind === 'primitive' && typeof flag.value.value === 'boolean' ? flag.value.value : undefined;
      properties.set(name, {
        name,
        keyNode: property.keyNode,
        schema: child(schemaValue),
        requiredFlag: flagValue === undefined ? undefined : { value: flagValue, node: flag!.keyNode },
      });
    }
  } else if (declared) propertiesComplete = false;
  for (const [key, property] of value.properties) {
    if (key === 'properties') continue;
    const member = property.value;
    if (SUBSCHEMA_MAPS.has(key) && member.kind === 'object') for (const entry of member.properties.values()) child(entry.value);
    else if (SUBSCHEMA_LISTS.has(key) && member.kind === 'array') for (const element of member.elements) child(element);
    else if (SINGLE_SUBSCHEMA.has(key)) child(member);
  }
  const requiredProperty = value.properties.get('required');
  let required: EmittedSchema['required'];
  if (requiredProperty?.value.kind === 'array') {
    const names = new Set<string>();
    let complete = requiredProperty.value.complete;
    for (const element of requiredProperty.value.elements) {
      const name = stringOf(element);
      if (name === undefined) complete = false;
      else names.add(name);
    }
    required = { names, complete, node: requiredProperty.value.node };
  } else if (requiredProperty) required = { names: new Set(), complete: false, node: requiredProperty.value.node };
  else if (value.complete) required = { names: new Set(), complete: true, node: undefined };
  const additional = value.properties.get('additionalProperties');
  const additionalProperties: EmittedSchema['additionalProperties'] = !additional
    ? value.complete
      ? 'absent'
      : 'unknown'
    : additional.value.kind === 'primitive' && additional.value.value === false
      ? false
      : additional.value.kind === 'primitive' || additional.value.kind === 'object'
        ? 'open'
        : 'unknown';
  return {
    source: 'literal',
    node: value.node,
    file: value.file,
    types,
    typeNode: type?.value.node ?? type?.keyNode,
    keywords,
    keywordsComplete: value.complete,
    properties,
    propertiesComplete,
    required,
    additionalProperties,
    description: presence(value, 'description'),
    title: presence(value, 'title'),
    hasDefault: presence(value, 'default'),
    subschemas,
  };
}

/** A schema whose shape is known no further than its node: every fact unknown. */
export function opaque(node: TSESTree.Node | undefined, file: string, source: EmittedSchema['source'], types: EmittedSchema['types'] = 'unknown'): EmittedSchema {
  return {
    source,
    node,
    file,
    types,
    typeNode: node,
    keywords: new Map(),
    keywordsComplete: false,
    properties: new Map(),
    propertiesComplete: false,
    required: undefined,
    additionalProperties: 'unknown',
    description: 'unknown',
    title: 'unknown',
    hasDefault: 'unknown',
    subschemas: [],
  };
}

/** Whether an object's members are all schema-library builders (and it has some): a zod raw shape, not a JSON Schema. */
export function isRawShape(value: ObjectValue): boolean {
  if (value.properties.size === 0) return false;
  for (const { value: member } of value.properties.values()) if (member.kind !== 'builder') return false;
  return true;
}

/** Every schema `root` holds, itself first (a bounded walk: `subschemas` are bounded when built). */
export function allSchemas(root: EmittedSchema): EmittedSchema[] {
  const found: EmittedSchema[] = [];
  const stack = [root];
  while (stack.length > 0 && found.length < MAX_SCHEMAS) {
    const schema = stack.pop()!;
    found.push(schema);
    stack.push(...schema.subschemas);
  }
  return found;
}
