import type { JsonSchemaDraft } from './schema-structure.js';
import { canonicalJson, compileWhole, MAX_CACHED_OUTCOMES, someKeyIn } from './ajv-compile.js';

/**
 * Strict compilation of a self-contained schema in parts: each `properties` member on its own,
 * and the object around them as a skeleton whose members are `true`. Tool schemas repeat their
 * property schemas and their shapes, so each distinct part (and each skeleton, with its property
 * names stood in for) is compiled once per process instead of once in every schema it is part of.
 */

/**
 * Keywords that tie a subschema to the document around it (references, identifiers, anchors) or
 * a schema to what its subschemas evaluated (`unevaluated*`): where one occurs, a subschema
 * compiled on its own would not be compiled as Ajv compiles it in place.
 */
const CONTEXT_KEYWORDS = new Set([
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$schema',
  '$async',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** Whether no schema object below the root uses a context keyword (data values are searched too: conservative). */
export function isSelfContained(root: object): boolean {
  // The root's own `$schema` picks the draft for every part alike.
  return !Object.entries(root).some(([key, value]) => key !== '$schema' && (CONTEXT_KEYWORDS.has(key) || someKeyIn(value, (inner) => CONTEXT_KEYWORDS.has(inner))));
}

/** What strict compilation said about one part: the messages, or why it could not compile. */
interface StrictOutcome {
  readonly strictMessages: readonly string[];
  readonly compileError: string | undefined;
}

/** Parts compiled before, by draft and canonical JSON: tool schemas repeat their property schemas. */
const partOutcomes = new Map<string, StrictOutcome>();

function strictOutcomeOfPart(schema: unknown, draft: JsonSchemaDraft): StrictOutcome {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return { strictMessages: [], compileError: undefined };
  const comparable = withoutAnnotationText(schema as Record<string, unknown>);
  const key = `${draft}\0${canonicalJson(comparable)}`;
  const known = partOutcomes.get(key);
  if (known) return known;
  const outcome = strictOutcomeInParts(comparable, draft);
  partOutcomes.set(key, outcome);
  if (partOutcomes.size > MAX_CACHED_OUTCOMES) partOutcomes.delete(partOutcomes.keys().next().value!);
  return outcome;
}

/** Annotations whose text no compile reads: the meta-schema only asks for a string. */
const ANNOTATION_TEXT_KEYWORDS = ['title', 'description', '$comment'] as const;

/**
 * A part with the text of its annotations emptied, so that property schemas differing only in
 * their descriptions (`{ type: 'string', description: 'The checksum.' }`) share one compile. The
 * whole schema has passed the meta-schema before it is compiled in parts, so each of these is a
 * string; only the part's own keywords are touched (a property named `description` further down
 * is a name, not an annotation, and its part is emptied when it is compiled in turn).
 */
function withoutAnnotationText(schema: Record<string, unknown>): Record<string, unknown> {
  if (!ANNOTATION_TEXT_KEYWORDS.some((keyword) => typeof schema[keyword] === 'string' && schema[keyword] !== '')) return schema;
  const comparable = { ...schema };
  for (const keyword of ANNOTATION_TEXT_KEYWORDS) if (typeof comparable[keyword] === 'string') comparable[keyword] = '';
  return comparable;
}

/**
 * Strict compilation of a self-contained schema, one `properties` member at a time. Ajv compiles a
 * property's subschema for a new data location with nothing carried over from the object around
 * it, so each member compiled on its own says what it says in place, and the object itself is
 * compiled with `true` for each member (its own keywords, `required` among them, still see every
 * name). Each distinct member is compiled once; a schema whose parts cannot compile is compiled
 * whole, so the error is the one Ajv gives for it. Messages that name a schema path are moved to
 * the member's path.
 */
export function strictOutcomeInParts(schema: Record<string, unknown>, draft: JsonSchemaDraft): StrictOutcome {
  const properties = schema.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties) || Object.keys(properties).length < 2) {
    const whole = compileWhole(schema, draft);
    return { strictMessages: whole.strictMessages, compileError: whole.compileError };
  }
  const members = Object.entries(properties as Record<string, unknown>);
  const skeleton = skeletonOutcome({ ...schema, properties: Object.fromEntries(members.map(([name]) => [name, true])) }, draft);
  const messages = [...skeleton.strictMessages];
  let compileError = skeleton.compileError;
  for (const [name, member] of members) {
    const part = strictOutcomeOfPart(member, draft);
    compileError ??= part.compileError;
    const prefix = `/properties/${encodeURIComponent(name.replaceAll('~', '~0').replaceAll('/', '~1'))}`;
    for (const message of part.strictMessages) messages.push(message.replace(/( at (?:path )?")#/, `$1#${prefix}`));
  }
  if (compileError !== undefined) {
    const whole = compileWhole(schema, draft);
    return { strictMessages: whole.strictMessages, compileError: whole.compileError };
  }
  return { strictMessages: [...new Set(messages)], compileError: undefined };
}

/**
 * Root keywords of a skeleton whose compile says the same whatever the properties are called:
 * `required` names only the properties it cannot find (`strictRequired`), and none of the others
 * reads a property name. Keywords that do (`dependentRequired`, `patternProperties`, …) keep the
 * names as written.
 */
const NAME_BLIND_KEYWORDS = new Set([
  '$schema',
  '$comment',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** Stand-in names start with a character no name in the skeleton has (checked), so none collides. */
const STAND_IN_PREFIX = '\u0000';

/**
 * The skeleton with its property names replaced by stand-ins (in `required` too), so that tools
 * with the same shape of arguments share one compile; undefined when a keyword reads the names.
 */
function withStandInNames(skeleton: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!Object.keys(skeleton).every((key) => NAME_BLIND_KEYWORDS.has(key))) return undefined;
  const names = Object.keys(skeleton.properties as Record<string, unknown>);
  const required = skeleton.required ?? [];
  if (!Array.isArray(required) || !required.every((name) => typeof name === 'string')) return undefined;
  if ([...names, ...(required as string[])].some((name) => name.includes(STAND_IN_PREFIX))) return undefined;
  // Every member is `true`, so any numbering will do; numbering the required ones first, in the
  // order `required` lists them, makes it the same for tools that differ only in their names.
  const defined = new Set(names);
  const ordered = [...new Set([...(required as string[]).filter((name) => defined.has(name)), ...[...names].sort()])];
  const standIns = new Map(ordered.map((name, index) => [name, `${STAND_IN_PREFIX}${index}`]));
  return {
    ...skeleton,
    properties: Object.fromEntries([...standIns.values()].map((standIn) => [standIn, true])),
    ...(skeleton.required === undefined ? {} : { required: (required as string[]).map((name) => standIns.get(name) ?? name) }),
  };
}

/** Skeletons compiled before, by draft and canonical JSON with stand-in names. */
const skeletonOutcomes = new Map<string, StrictOutcome>();

function skeletonOutcome(skeleton: Record<string, unknown>, draft: JsonSchemaDraft): StrictOutcome {
  const standIn = withStandInNames(skeleton);
  const key = standIn && `${draft}\0${canonicalJson(standIn)}`;
  const known = key === undefined ? undefined : skeletonOutcomes.get(key);
  if (known) return known;
  if (standIn && key !== undefined) {
    const outcome = compileWhole(standIn, draft);
    // A message that shows a stand-in would say something the literal does not: compile it as written.
    if (!outcome.strictMessages.some((message) => message.includes(STAND_IN_PREFIX)) && outcome.compileError === undefined) {
      const strict = { strictMessages: outcome.strictMessages, compileError: undefined };
      skeletonOutcomes.set(key, strict);
      if (skeletonOutcomes.size > MAX_CACHED_OUTCOMES) skeletonOutcomes.delete(skeletonOutcomes.keys().next().value!);
      return strict;
    }
  }
  const outcome = compileWhole(skeleton, draft);
  return { strictMessages: outcome.strictMessages, compileError: outcome.compileError };
}


/** For tests: forget every part and skeleton compiled, so a compile can be observed again. */
export function clearPartOutcomes(): void {
  partOutcomes.clear();
  skeletonOutcomes.clear();
}
