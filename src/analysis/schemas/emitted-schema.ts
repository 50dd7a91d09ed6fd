import type { TSESTree } from '@typescript-eslint/utils';
import type { BuilderStep, BuilderValue, ObjectValue, StaticValue } from '../values/static-value.js';

/**
 * What JSON Schema a value will be once it reaches a client, as far as that is statically known:
 * a JSON Schema literal read as written, a schema library's builder chain (zod, TypeBox, valibot)
 * read as its converter emits it, a zod raw shape (`{ id: z.string() }`, the MCP SDK's
 * `registerTool` argument) as the `z.object` the SDK wraps it in. Anything the library's output
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
const MAX_DEPTH = 32;

/** Keywords whose value is one subschema, a list of them, or a map of them. */
const SINGLE_SUBSCHEMA = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems', 'additionalItems']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']);
const SUBSCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);

class Budget {
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
function presence(value: ObjectValue, key: string): Known {
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

/**
 * A zod raw shape (`{ id: z.string() }`): the `z.object` the MCP SDK wraps it in. Every member
 * must be a builder; a member that is not (an unknown import, a spread) leaves the shape partly
 * unknown, and `{}` is "no arguments".
 */
export function emittedFromRawShape(value: ObjectValue): EmittedSchema {
  return zodObject(value, value, new Budget(), 0, 'unknown');
}

export function emittedFromBuilder(value: BuilderValue): EmittedSchema | undefined {
  return builder(value, new Budget(), 0);
}

function builder(value: BuilderValue, budget: Budget, depth: number): EmittedSchema | undefined {
  if (depth >= MAX_DEPTH || !budget.take()) return undefined;
  switch (value.library) {
    case 'zod':
      return zod(value, budget, depth);
    case 'typebox':
      return typebox(value, budget, depth);
    case 'valibot':
      return valibot(value, budget, depth);
  }
}

/** A schema whose shape is known no further than its node: every fact unknown. */
function opaque(node: TSESTree.Node | undefined, file: string, source: EmittedSchema['source'], types: EmittedSchema['types'] = 'unknown'): EmittedSchema {
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

const ZOD_TYPES: Readonly<Record<string, string>> = {
  string: 'string',
  email: 'string',
  url: 'string',
  uuid: 'string',
  number: 'number',
  'coerce.number': 'number',
  int: 'integer',
  boolean: 'boolean',
  'coerce.boolean': 'boolean',
  array: 'array',
  tuple: 'array',
  enum: 'string',
  nativeEnum: 'string',
  record: 'object',
  null: 'null',
};
/** Zod roots that emit a union or an intersection: no `type` at the root, the composition keyword instead. */
const ZOD_COMPOSITIONS: Readonly<Record<string, string>> = { union: 'anyOf', discriminatedUnion: 'anyOf', intersection: 'allOf' };
/** Chain steps after which the property is not in `required` (zod-to-json-schema and zod 4's `toJSONSchema` alike). */
const ZOD_OPTIONAL_STEPS = new Set(['optional', 'nullish', 'default', 'prefault', 'catch']);
/** Steps that leave the emitted schema's shape as it was (constraints and annotations). */
const ZOD_NEUTRAL_STEPS = new Set(['describe', 'meta', 'optional', 'nullable', 'nullish', 'default', 'prefault', 'catch', 'min', 'max', 'length', 'nonempty', 'trim', 'toLowerCase', 'toUpperCase', 'int', 'positive', 'negative', 'nonnegative', 'nonpositive', 'finite', 'email', 'url', 'uuid', 'regex', 'startsWith', 'endsWith', 'datetime', 'refine', 'superRefine', 'brand', 'readonly', 'strict', 'passthrough', 'strip', 'loose']);

interface ChainFacts {
  readonly optional: Known;
  readonly description: Known;
  readonly title: Known;
  readonly hasDefault: boolean;
  /** Every step after the first leaves the shape as the first step made it. */
  readonly neutral: boolean;
}

function metaKey(step: BuilderStep, key: string): Known {
  const argument = step.values[0];
  if (argument?.kind !== 'object') return 'unknown';
  if (argument.properties.has(key)) return true;
  return argument.complete ? false : 'unknown';
}

function zodChain(steps: readonly BuilderStep[]): ChainFacts {
  let optional: Known = false;
  let description: Known = false;
  let title: Known = false;
  let hasDefault = false;
  let neutral = true;
  for (const step of steps.slice(1)) {
    if (ZOD_OPTIONAL_STEPS.has(step.name)) optional = true;
    if (step.name === 'default' || step.name === 'prefault') hasDefault = true;
    if (step.name === 'describe') description = true;
    if (step.name === 'meta') {
      const described = metaKey(step, 'description');
      if (description !== true) description = described;
      const titled = metaKey(step, 'title');
      if (title !== true) title = titled;
    }
    if (!ZOD_NEUTRAL_STEPS.has(step.name)) neutral = false;
  }
  return { optional, description, title, hasDefault, neutral };
}

function zod(value: BuilderValue, budget: Budget, depth: number): EmittedSchema {
  const [first, ...rest] = value.steps;
  const facts = zodChain(value.steps);
  const node = value.node;
  if (!first || !facts.neutral) return opaque(node, value.file, 'library');
  let schema: EmittedSchema;
  if (first.name === 'object' || first.name === 'strictObject' || first.name === 'looseObject') {
    const shape = first.values[0];
    const mode = first.name === 'strictObject' || rest.some((step) => step.name === 'strict') ? false : first.name === 'looseObject' || rest.some((step) => step.name === 'passthrough' || step.name === 'loose') ? 'open' : 'unknown';
    schema = shape?.kind === 'object' ? zodObject(shape, value, budget, depth, mode) : opaque(node, value.file, 'library', ['object']);
  } else if (ZOD_COMPOSITIONS[first.name]) {
    const keyword = ZOD_COMPOSITIONS[first.name]!;
    schema = { ...opaque(node, value.file, 'library', []), keywords: new Map([[keyword, node]]), typeNode: node };
  } else if (ZOD_TYPES[first.name]) {
    schema = { ...opaque(node, value.file, 'library', [ZOD_TYPES[first.name]!]), subschemas: childBuilders(first.values, budget, depth) };
  } else return opaque(node, value.file, 'library');
  return { ...schema, description: facts.description, title: facts.title, hasDefault: facts.hasDefault };
}

function childBuilders(values: readonly StaticValue[], budget: Budget, depth: number): EmittedSchema[] {
  const found: EmittedSchema[] = [];
  for (const member of values) {
    if (member.kind !== 'builder') continue;
    const schema = builder(member, budget, depth + 1);
    if (schema) found.push(schema);
  }
  return found;
}

/** Whether a builder in a zod shape is optional in the emitted object. */
function zodOptional(member: StaticValue): Known {
  return member.kind === 'builder' && member.library === 'zod' ? zodChain(member.steps).optional : 'unknown';
}

function zodObject(shape: ObjectValue, at: StaticValue, budget: Budget, depth: number, additionalProperties: EmittedSchema['additionalProperties']): EmittedSchema {
  const properties = new Map<string, EmittedProperty>();
  const names = new Set<string>();
  let requiredComplete = shape.complete;
  const subschemas: EmittedSchema[] = [];
  for (const [name, property] of shape.properties) {
    const member = property.value;
    const schema = member.kind === 'builder' ? builder(member, budget, depth + 1) : undefined;
    if (schema) subschemas.push(schema);
    properties.set(name, { name, keyNode: property.keyNode, schema, requiredFlag: undefined });
    const optional = zodOptional(member);
    if (optional === 'unknown') requiredComplete = false;
    else if (!optional) names.add(name);
  }
  return {
    ...opaque(at.node, at.file, 'library', ['object']),
    keywordsComplete: false,
    properties,
    propertiesComplete: shape.complete,
    required: { names, complete: requiredComplete, node: undefined },
    additionalProperties,
    subschemas,
  };
}

const TYPEBOX_TYPES: Readonly<Record<string, string>> = {
  String: 'string',
  Number: 'number',
  Integer: 'integer',
  Boolean: 'boolean',
  Array: 'array',
  Tuple: 'array',
  Null: 'null',
  Literal: 'unknown',
  Record: 'object',
};
const TYPEBOX_COMPOSITIONS: Readonly<Record<string, string>> = { Union: 'anyOf', Intersect: 'allOf' };

/** TypeBox emits exactly its options object beside what the builder makes. */
function typeboxOptions(options: StaticValue | undefined): { description: Known; title: Known; hasDefault: Known; additionalProperties: EmittedSchema['additionalProperties'] } {
  if (options === undefined) return { description: false, title: false, hasDefault: false, additionalProperties: 'absent' };
  if (options.kind !== 'object') return { description: 'unknown', title: 'unknown', hasDefault: 'unknown', additionalProperties: 'unknown' };
  const additional = options.properties.get('additionalProperties')?.value;
  return {
    description: presence(options, 'description'),
    title: presence(options, 'title'),
    hasDefault: presence(options, 'default'),
    additionalProperties: !additional ? (options.complete ? 'absent' : 'unknown') : additional.kind === 'primitive' && additional.value === false ? false : additional.kind === 'unknown' ? 'unknown' : 'open',
  };
}

function typebox(value: BuilderValue, budget: Budget, depth: number): EmittedSchema {
  const node = value.node;
  if (value.steps.length !== 1) return opaque(node, value.file, 'library');
  const step = value.steps[0]!;
  if (step.name === 'Optional' && step.values[0]?.kind === 'builder') return builder(step.values[0], budget, depth + 1) ?? opaque(node, value.file, 'library');
  if (step.name === 'Object') {
    const shape = step.values[0];
    const options = typeboxOptions(step.values[1]);
    if (shape?.kind !== 'object') return { ...opaque(node, value.file, 'library', ['object']), ...options };
    const properties = new Map<string, EmittedProperty>();
    const names = new Set<string>();
    let requiredComplete = shape.complete;
    const subschemas: EmittedSchema[] = [];
    for (const [name, property] of shape.properties) {
      const member = property.value;
      const schema = member.kind === 'builder' ? builder(member, budget, depth + 1) : undefined;
      if (schema) subschemas.push(schema);
      properties.set(name, { name, keyNode: property.keyNode, schema, requiredFlag: undefined });
      if (member.kind !== 'builder' || member.library !== 'typebox') requiredComplete = false;
      else if (member.steps[0]?.name !== 'Optional') names.add(name);
    }
    return {
      ...opaque(node, value.file, 'library', ['object']),
      ...options,
      properties,
      propertiesComplete: shape.complete,
      required: { names, complete: requiredComplete, node: undefined },
      subschemas,
    };
  }
  // `Type.String(options)`, `Type.Array(items, options)`, `Type.Record(key, value, options)`.
  const optionsIndex = step.name === 'Array' ? 1 : step.name === 'Record' ? 2 : 0;
  const options = typeboxOptions(step.values[optionsIndex]);
  if (TYPEBOX_COMPOSITIONS[step.name]) return { ...opaque(node, value.file, 'library', []), keywords: new Map([[TYPEBOX_COMPOSITIONS[step.name]!, node]]) };
  const type = TYPEBOX_TYPES[step.name];
  if (!type || type === 'unknown') return opaque(node, value.file, 'library');
  return { ...opaque(node, value.file, 'library', [type]), description: options.description, title: options.title, hasDefault: options.hasDefault, subschemas: childBuilders(step.values, budget, depth) };
}

const VALIBOT_TYPES: Readonly<Record<string, string>> = { string: 'string', number: 'number', boolean: 'boolean', array: 'array', tuple: 'array', picklist: 'string', enum: 'string', record: 'object' };
const VALIBOT_OPTIONAL = new Set(['optional', 'nullish', 'exactOptional']);

function valibot(value: BuilderValue, budget: Budget, depth: number): EmittedSchema {
  const node = value.node;
  if (value.steps.length !== 1) return opaque(node, value.file, 'library');
  const step = value.steps[0]!;
  if (VALIBOT_OPTIONAL.has(step.name) && step.values[0]?.kind === 'builder') {
    const inner = builder(step.values[0], budget, depth + 1);
    return inner ? { ...inner, hasDefault: step.values.length > 1 ? true : inner.hasDefault } : opaque(node, value.file, 'library');
  }
  if (step.name === 'object' || step.name === 'strictObject' || step.name === 'looseObject') {
    const shape = step.values[0];
    const additionalProperties = step.name === 'strictObject' ? false : step.name === 'looseObject' ? 'open' : 'unknown';
    if (shape?.kind !== 'object') return opaque(node, value.file, 'library', ['object']);
    const properties = new Map<string, EmittedProperty>();
    const names = new Set<string>();
    let requiredComplete = shape.complete;
    const subschemas: EmittedSchema[] = [];
    for (const [name, property] of shape.properties) {
      const member = property.value;
      const schema = member.kind === 'builder' ? builder(member, budget, depth + 1) : undefined;
      if (schema) subschemas.push(schema);
      properties.set(name, { name, keyNode: property.keyNode, schema, requiredFlag: undefined });
      if (member.kind !== 'builder' || member.library !== 'valibot' || member.steps.length !== 1) requiredComplete = false;
      else if (!VALIBOT_OPTIONAL.has(member.steps[0]!.name)) names.add(name);
    }
    return { ...opaque(node, value.file, 'library', ['object']), properties, propertiesComplete: shape.complete, required: { names, complete: requiredComplete, node: undefined }, additionalProperties, subschemas };
  }
  if (step.name === 'union' || step.name === 'variant') return { ...opaque(node, value.file, 'library', []), keywords: new Map([['anyOf', node]]) };
  const type = VALIBOT_TYPES[step.name];
  return type ? { ...opaque(node, value.file, 'library', [type]), subschemas: childBuilders(step.values, budget, depth) } : opaque(node, value.file, 'library');
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
