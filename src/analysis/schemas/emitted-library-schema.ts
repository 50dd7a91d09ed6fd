import type { BuilderStep, BuilderValue, ObjectValue, StaticValue } from '../values/static-value.js';
import { Budget, MAX_DEPTH, opaque, presence, type EmittedProperty, type EmittedSchema, type Known } from './emitted-schema.js';

/**
 * What a schema library's builder chain emits as JSON Schema (see `emitted-schema.ts`): zod as
 * zod-to-json-schema and zod 4's `toJSONSchema` agree on it, TypeBox as the schema object it is,
 * valibot as `@valibot/to-json-schema` writes it. A step whose effect is not modelled makes the
 * whole schema opaque (every fact unknown).
 */

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

