/**
 * # schemas/: what a schema is, and whether it is valid
 *
 * - `schema-libraries.ts`: which calls build a schema with a library (Zod, Valibot, TypeBox, …),
 *   resolved through imports and the `libraries` setting; `unfollowed-library.ts`: a name that
 *   may be a library's, imported from a project module that was not read.
 * - `schema-model.ts`, `schema-structure.ts`: JSON Schema keywords, drafts, pointers and where
 *   subschemas sit.
 * - `schema-compiler.ts` (this file), `ajv-compile.ts`, `compile-in-parts.ts`: Ajv, strict, each
 *   distinct schema compiled once per process.
 * - `schema-diagnostics.ts` and its parts, `schema-formats.ts`: what Ajv said, in plain words.
 * - `schema-literal.ts`: an evaluated literal to JSON, compiled, findings mapped back to nodes.
 * - `mcp-vocabulary.ts`: what the MCP specification adds to JSON Schema.
 * - `declared-schema-type.ts`: whether a type annotation names a schema type (`: JSONSchema7`,
 *   `z.ZodTypeAny`, `Tool['inputSchema']`), syntax only.
 *
 * No AST below the compiler: JSON in, plain data out.
 */
import type { ErrorObject } from 'ajv';
import { canonicalJson, checkingInstance, compileWhole, MAX_CACHED_OUTCOMES, type CompileOutcome } from './ajv-compile.js';
import { clearPartOutcomes, isSelfContained, strictOutcomeInParts } from './compile-in-parts.js';
import type { JsonSchemaDraft } from './schema-structure.js';
import { VALUE_LIMITS } from '../values/value-budget.js';

export { canonicalJson, knownKeywords, type CompileOutcome } from './ajv-compile.js';

/**
 * Compiles JSON Schema literals with Ajv the way a strict consumer (the MCP SDK's validator, a
 * client compiling every tool schema) would, and keeps what Ajv said so that
 * `schema-diagnostics.ts` can put it into plain words. Pure JSON in, plain data out: no AST here.
 * This file decides what is compiled and keeps the outcomes; Ajv is called in `ajv-compile.ts`.
 */

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

function compileUncached(schema: object | boolean, draft: JsonSchemaDraft, inParts = true): CompileOutcome {
  const validateMeta = checkingInstance(draft).getSchema(META_SCHEMA_IDS[draft]);
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
  clearPartOutcomes();
}

/** For tests and the benchmark: how many distinct schemas have been compiled and kept. */
export function getCompileCacheSize(): number {
  return outcomeCache.size;
}
