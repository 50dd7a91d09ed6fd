import { Ajv, type ErrorObject, type Options as AjvOptions } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type * as AjvCoreModule from 'ajv/dist/core.js';
import { parseJsonPointer, type JsonSchemaDraft } from './schema-structure.js';

type AjvCore = AjvCoreModule.default;

/**
 * Ajv itself: the instances per draft, the options that make a compile strict and cheap, and one
 * strict compile of a whole document with stand-ins for the documents its `$ref`s name outside
 * it. `schema-compiler.ts` decides what to compile and caches the outcome; `compile-in-parts.ts`
 * compiles a large schema member by member through `compileWhole`.
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
  return Object.keys(checkingInstance(draft).RULES.keywords);
}

/** The instance that checks literals against `draft`'s meta-schema and never compiles one. */
export function checkingInstance(draft: JsonSchemaDraft): AjvCore {
  return instanceFor(checkingInstances, draft);
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

interface MissingRefError extends Error {
  missingRef: string;
  missingSchema: string;
}

function isMissingRefError(error: unknown): error is MissingRefError {
  return error instanceof Error && typeof (error as Partial<MissingRefError>).missingSchema === 'string';
}

/** Each stubbed external schema lets the compile go one `$ref` further; more than this is not a literal. */
const MAX_EXTERNAL_REFS = 32;

/** Whether `test` holds for a key (and its value) of some object in `json`; walked without recursion. */
export function someKeyIn(json: unknown, test: (key: string, value: unknown) => boolean): boolean {
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
export function compileWhole(schema: object, draft: JsonSchemaDraft): CompileOutcome {
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
export const MAX_CACHED_OUTCOMES = 5000;
