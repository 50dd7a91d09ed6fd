import { Ajv, type ErrorObject, type Options as AjvOptions } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type * as AjvCoreModule from 'ajv/dist/core.js';
import { parseJsonPointer, type JsonSchemaDraft } from './schema-structure.js';
import { VALUE_LIMITS } from '../values/value-budget.js';

type AjvCore = AjvCoreModule.default;

/**
 * Compiles JSON Schema literals with Ajv the way a strict consumer (the MCP SDK's validator, a
 * client compiling every tool schema) would, and keeps what Ajv said so that
 * `schema-diagnostics.ts` can put it into plain words. Pure JSON in, plain data out: no AST here.
 */

/** What Ajv found in one schema. Shared between every literal with the same canonical JSON. */
export interface CompileOutcome {
  /** Meta-schema violations, deduplicated. When there are any, the schema was not compiled. */
  readonly metaErrors: readonly ErrorObject[];
  /** Strict-mode complaints Ajv logged while compiling, in order, without the `strict mode: ` prefix. */
  readonly strictMessages: readonly string[];
  /** `$ref`s into this same schema that resolve nowhere, as written (`#/$defs/Page`). */
  readonly unresolvedLocalRefs: readonly string[];
  /**
   * Documents outside the literal that `$ref`s name; stood in for by `true`, since they may exist
   * at run time. A `$ref` the stand-in cannot serve (a plain-name anchor) ends the compile early,
   * without an error: `strictMessages` then covers the part compiled before it.
   */
  readonly externalRefs: readonly string[];
  /** Any other reason Ajv refused to compile the schema (an invalid `pattern`, say). */
  readonly compileError: string | undefined;
}

const META_SCHEMA_IDS: Readonly<Record<JsonSchemaDraft, string>> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
};

/** `$schema` values, normalised (no scheme, no trailing `#`), of the drafts Ajv 8 checks. */
const DRAFT_BY_SCHEMA_URI: ReadonlyMap<string, JsonSchemaDraft> = new Map([
  ['json-schema.org/draft/2020-12/schema', '2020-12'],
  ['json-schema.org/draft/2019-09/schema', '2019-09'],
  ['json-schema.org/draft-07/schema', 'draft-07'],
]);

/**
 * The draft a `$schema` value selects: `undefined` when there is none (the caller's default
 * applies), `'unsupported'` for a dialect Ajv 8 cannot check (draft-04, draft-06, a custom
 * meta-schema): checking those against another draft would report differences, not defects.
 */
export function draftFromSchemaUri(uri: unknown): JsonSchemaDraft | 'unsupported' | undefined {
  if (uri === undefined) return undefined;
  if (typeof uri !== 'string') return 'unsupported';
  const normalized = uri.trim().replace(/^https?:\/\//, '').replace(/#$/, '');
  return DRAFT_BY_SCHEMA_URI.get(normalized) ?? 'unsupported';
}

/**
 * True while a literal (or a stand-in for a document it references) compiles; never while a
 * meta-schema compiles, whose validator does run. Set for one synchronous compile at a time.
 */
let discardingCode = false;
const DISCARDED_VALIDATOR = 'return function discarded() { return true; };';

/** Messages Ajv logs while compiling; only set for the duration of one synchronous compile. */
let collectedMessages: string[] | undefined;

const collectingLogger = {
  log() {},
  warn(...args: unknown[]) {
    collectedMessages?.push(args.map(String).join(' '));
  },
  error(...args: unknown[]) {
    collectedMessages?.push(args.map(String).join(' '));
  },
};

const AJV_OPTIONS: AjvOptions = {
  // `true` would throw at the first complaint, without saying where; 'log' collects them all.
  strict: 'log',
  // Not defects: `type: ['string', 'number']` is valid JSON Schema, and `properties` plus a
  // `patternProperties` that matches them is a documented combination.
  allowUnionTypes: true,
  allowMatchingProperties: true,
  // Formats are annotations in 2020-12 and validators differ in which they know: checking them
  // would report `format: 'email'` because Ajv ships without format definitions.
  validateFormats: false,
  // The meta-schema is checked explicitly (with every error), before compiling.
  validateSchema: false,
  allErrors: true,
  // Compiled validators are thrown away: optimising their code only costs lint time (about 3x),
  // and while a literal compiles, the generated code is not even turned into a function (about
  // a third of a compile). Everything this module reports (strict-mode messages, compile errors,
  // missing references) comes out of code generation, before this hook runs.
  code: { optimize: false, process: (code) => (discardingCode ? DISCARDED_VALIDATOR : code) },
  logger: collectingLogger,
};

const AJV_CLASSES: Readonly<Record<JsonSchemaDraft, new (options: AjvOptions) => AjvCore>> = {
  '2020-12': Ajv2020,
  '2019-09': Ajv2019,
  'draft-07': Ajv,
};

/**
 * Two instances per draft, so that nothing one literal does can change what the next one sees.
 * The checking instance validates literals against the meta-schema and never compiles one: a
 * literal whose `$id` is a meta-schema's URI, or whose `$ref` names a fragment of the meta-schema
 * that does not exist, once removed or replaced the meta-schema in the one shared instance, and
 * every later literal in the process failed ("Ajv has no meta-schema"). The compiling instance
 * compiles literals, and is thrown away after any compile that may have left something in it
 * (see `compileWhole`); a new one costs a few milliseconds, since it compiles no meta-schema.
 */
const checkingInstances = new Map<JsonSchemaDraft, AjvCore>();
const compilingInstances = new Map<JsonSchemaDraft, AjvCore>();

function instanceFor(instances: Map<JsonSchemaDraft, AjvCore>, draft: JsonSchemaDraft): AjvCore {
  let ajv = instances.get(draft);
  if (!ajv) {
    // Created on first use: a lint run without a JSON Schema literal never pays for meta-schemas.
    ajv = new AJV_CLASSES[draft](AJV_OPTIONS);
    instances.set(draft, ajv);
  }
  return ajv;
}

/** Every keyword Ajv knows for `draft`: the vocabulary an unknown keyword is compared with. */
export function knownKeywords(draft: JsonSchemaDraft): readonly string[] {
  return Object.keys(instanceFor(checkingInstances, draft).RULES.keywords);
}

/**
 * Nesting (objects and arrays) past which a schema is not compiled: Ajv's meta-schema check and
 * its compiler recurse once or more per level and overflow the stack a few hundred levels down.
 * The same bound as for values read from JSON.
 */
export const MAX_SCHEMA_DEPTH = VALUE_LIMITS.jsonDepth;

/** Whether `json` nests deeper than `MAX_SCHEMA_DEPTH`; measured without recursion. */
export function isTooDeepToCompile(json: unknown): boolean {
  const stack: [unknown, number][] = [[json, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_SCHEMA_DEPTH) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** JSON with object keys sorted, so literals that differ only in key order share one compile. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) => {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return current;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(current).sort()) sorted[key] = (current as Record<string, unknown>)[key];
    return sorted;
  });
}

function dedupeErrors(errors: readonly ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    // 2020-12's meta-schema reaches a keyword through several `$dynamicRef`s: one defect, many errors.
    const key = `${error.instancePath}\0${error.keyword}\0${canonicalJson(error.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface MissingRefError extends Error {
  missingRef: string;
  missingSchema: string;
}

function isMissingRefError(error: unknown): error is MissingRefError {
  return error instanceof Error && typeof (error as Partial<MissingRefError>).missingSchema === 'string';
}

/** Each stubbed external schema lets the compile go one `$ref` further; more than this is not a literal. */
const MAX_EXTERNAL_REFS = 32;

function compileUncached(schema: object | boolean, draft: JsonSchemaDraft, inParts = true): CompileOutcome {
  const validateMeta = instanceFor(checkingInstances, draft).getSchema(META_SCHEMA_IDS[draft]);
  if (!validateMeta) throw new Error(`eslint-plugin-schema-contract: Ajv has no meta-schema for draft ${draft}`);
  if (!validateMeta(schema)) {
    return { metaErrors: dedupeErrors(validateMeta.errors ?? []), strictMessages: [], unresolvedLocalRefs: [], externalRefs: [], compileError: undefined };
  }
  if (typeof schema === 'boolean') return { metaErrors: [], strictMessages: [], unresolvedLocalRefs: [], externalRefs: [], compileError: undefined };
  if (inParts && isSelfContained(schema)) {
    const parts = strictOutcomeInParts(schema as Record<string, unknown>, draft);
    if (parts.compileError === undefined) {
      return { metaErrors: [], strictMessages: parts.strictMessages, unresolvedLocalRefs: [], externalRefs: [], compileError: undefined };
    }
  }
  return compileWhole(schema, draft);
}

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
function isSelfContained(root: object): boolean {
  // The root's own `$schema` picks the draft for every part alike.
  return !Object.entries(root).some(([key, value]) => key !== '$schema' && (CONTEXT_KEYWORDS.has(key) || someKeyIn(value, (inner) => CONTEXT_KEYWORDS.has(inner))));
}

/** Whether `test` holds for a key (and its value) of some object in `json`; walked without recursion. */
function someKeyIn(json: unknown, test: (key: string, value: unknown) => boolean): boolean {
  const stack: unknown[] = [json];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, value] of Object.entries(current)) {
        if (test(key, value)) return true;
        stack.push(value);
      }
    }
  }
  return false;
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
function strictOutcomeInParts(schema: Record<string, unknown>, draft: JsonSchemaDraft): StrictOutcome {
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

/**
 * Keywords through which a compile registers or reaches other documents in the instance: an `$id`
 * anywhere is kept in the instance's references, and a `$ref` to another document compiles that
 * document there (a meta-schema, say, whose compile would then be reported with the literal).
 */
function touchesOtherDocuments(schema: object): boolean {
  return someKeyIn(
    schema,
    (key, value) => key === '$id' || ((key === '$ref' || key === '$dynamicRef' || key === '$recursiveRef') && !(typeof value === 'string' && value.startsWith('#'))),
  );
}

/** Compiles `schema` as one document in strict mode, standing in for external `$ref` targets. */
function compileWhole(schema: object, draft: JsonSchemaDraft): CompileOutcome {
  const ajv = instanceFor(compilingInstances, draft);
  const rootId = typeof (schema as { $id?: unknown }).$id === 'string' ? (schema as { $id: string }).$id.replace(/#$/, '') : '';
  const externalStubs = new Map<string, Record<string, unknown>>();
  const unresolvedLocalRefs: string[] = [];
  let strictMessages: string[] = [];
  let compileError: string | undefined;
  // Whether the instance may keep something of this compile: then it is not used again.
  let disposable = touchesOtherDocuments(schema);
  discardingCode = true;
  try {
    for (let attempt = 0; ; attempt += 1) {
      // A retry recompiles from the start and logs everything again: keep only the last run's messages.
      strictMessages = [];
      collectedMessages = strictMessages;
      try {
        ajv.compile(schema);
        break;
      } catch (error) {
        disposable = true;
        if (!isMissingRefError(error)) throw error;
        const hash = error.missingRef.indexOf('#');
        const fragment = hash === -1 ? '' : error.missingRef.slice(hash + 1);
        if (error.missingSchema === '' || error.missingSchema === rootId) {
          unresolvedLocalRefs.push(`#${fragment}`);
          break;
        }
        // The external document may well exist at run time: stand in for it with `true` at the
        // place the `$ref` points to, and go on checking the literal itself. (A document the
        // instance has, a meta-schema whose fragment is missing, is stood in for too: this
        // instance is thrown away after the compile.)
        const stub = externalStubs.get(error.missingSchema) ?? {};
        externalStubs.set(error.missingSchema, stub);
        if (attempt >= MAX_EXTERNAL_REFS || !addStubTarget(stub, fragment)) break;
        removeQuietly(ajv, error.missingSchema);
        ajv.addSchema(stub, error.missingSchema);
        // Compiled now, while nothing is collecting: the stub's own keys are not the literal's keywords.
        collectedMessages = undefined;
        ajv.getSchema(error.missingSchema);
      }
    }
  } catch (error) {
    compileError = error instanceof Error ? error.message : String(error);
  } finally {
    discardingCode = false;
    collectedMessages = undefined;
    if (disposable) compilingInstances.delete(draft);
    // A compile that reached nothing else left only its own entry in the instance's cache.
    else removeQuietly(ajv, schema);
  }
  return {
    metaErrors: [],
    // Ajv checks a subschema's keywords twice; one complaint is enough.
    strictMessages: [...new Set(strictMessages.map((message) => message.replace(/^strict mode: /, '')))],
    unresolvedLocalRefs,
    externalRefs: [...externalStubs.keys()],
    compileError,
  };
}

/**
 * Makes `stub` resolve the JSON Pointer `fragment` (`/$defs/Page`) to `true`. False when it cannot
 * (a plain-name anchor, or a pointer through a place already stubbed as `true`).
 */
function addStubTarget(stub: Record<string, unknown>, fragment: string): boolean {
  // The whole document: an empty stub is a schema that accepts everything.
  if (fragment === '') return true;
  const pointer = parseJsonPointer(fragment, { uriEncoded: true });
  if (!pointer || pointer.length === 0) return false;
  let current = stub;
  for (const segment of pointer.slice(0, -1)) {
    const next = current[segment];
    if (next === true) return false;
    current[segment] ??= {};
    current = current[segment] as Record<string, unknown>;
  }
  const last = pointer.at(-1)!;
  if (last in current) return false;
  current[last] = true;
  return true;
}

function removeQuietly(ajv: AjvCore, schemaOrKey: object | string): void {
  try {
    ajv.removeSchema(schemaOrKey);
  } catch {
    // Nothing was registered under it (the compile failed before adding it).
  }
}

/** Bounded so that an editor session that lints for hours does not keep every edit's schemas. */
const MAX_CACHED_OUTCOMES = 5000;
const outcomeCache = new Map<string, CompileOutcome>();

/**
 * Checks one schema (already plain JSON) against `draft`'s meta-schema and compiles it in strict
 * mode; each distinct schema (by canonical JSON) is compiled once per process.
 */
export function compileSchema(schema: object | boolean, draft: JsonSchemaDraft): CompileOutcome {
  return compileWithin(schema, draft, undefined) as CompileOutcome;
}

function compileWithin(schema: object | boolean, draft: JsonSchemaDraft, budget: CompileBudget | undefined): CompileOutcome | undefined {
  const canonical = canonicalJson(schema);
  const key = `${draft}\0${canonical}`;
  const cached = outcomeCache.get(key);
  if (cached) {
    outcomeCache.delete(key);
    outcomeCache.set(key, cached);
    return cached;
  }
  if (budget && !budget.spend()) return undefined;
  const outcome = compileUncached(JSON.parse(canonical) as object | boolean, draft);
  outcomeCache.set(key, outcome);
  if (outcomeCache.size > MAX_CACHED_OUTCOMES) outcomeCache.delete(outcomeCache.keys().next().value!);
  return outcome;
}

/**
 * How many schemas one file may compile (cache hits are free). A compile costs about half a
 * millisecond; a generated file with thousands of distinct schemas would otherwise stall the editor.
 */
export class CompileBudget {
  #remaining: number;

  constructor(readonly limit: number) {
    this.#remaining = limit;
  }

  spend(): boolean {
    if (this.#remaining <= 0) return false;
    this.#remaining -= 1;
    return true;
  }
}

/** Like `compileSchema`, but `undefined` once `budget` is spent and the schema is not cached. */
export function compileSchemaWithin(schema: object | boolean, draft: JsonSchemaDraft, budget: CompileBudget): CompileOutcome | undefined {
  return compileWithin(schema, draft, budget);
}

/**
 * For tests: the outcome of compiling `schema` as one document, never in parts, which
 * `compileSchema` must always agree with.
 */
export function compileSchemaWhole(schema: object | boolean, draft: JsonSchemaDraft): CompileOutcome {
  return compileUncached(schema, draft, false);
}

/** For tests: forget every outcome, so a compile can be observed again. */
export function clearCompileCache(): void {
  outcomeCache.clear();
  partOutcomes.clear();
  skeletonOutcomes.clear();
}

/** For tests and the benchmark: how many distinct schemas have been compiled and kept. */
export function getCompileCacheSize(): number {
  return outcomeCache.size;
}
