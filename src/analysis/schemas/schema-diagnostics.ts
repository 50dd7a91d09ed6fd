import type { ErrorObject } from 'ajv';
import { knownKeywords, type CompileOutcome } from './schema-compiler.js';
import {
  JSON_SCHEMA_DRAFTS,
  childSchemaPointers,
  forEachSchemaObject,
  isPlainObject,
  isSameInstanceKeyword,
  parseJsonPointer,
  parseSchemaPathFragment,
  subschemaShape,
  valueAt,
  type JsonPointer,
  type JsonSchemaDraft,
} from './schema-structure.js';

/**
 * Puts what Ajv said about a schema into plain words, each finding pinned to the key or value it
 * is about (by JSON Pointer into the schema), together with what the finding relies on, so that a
 * caller holding a partly known literal can drop the findings an unknown part could make wrong.
 */

export type SchemaFindingKind =
  | 'unknownKeyword'
  | 'invalidValue'
  | 'requiredNotDefined'
  | 'missingType'
  | 'typeConflict'
  | 'openTuple'
  | 'ignoredKeyword'
  | 'unresolvedRef'
  | 'invalidPattern'
  | 'compileError'
  | 'unknownFormat';

export interface SchemaFinding {
  readonly kind: SchemaFindingKind;
  /** What to underline: the key of the property at `pointer`, or the value there. */
  readonly target: { readonly pointer: JsonPointer; readonly part: 'key' | 'value' };
  /** Words for the message; every kind has its own fields (see the rule's messages). */
  readonly data: Readonly<Record<string, string>>;
  /** Values the finding is about: when one of them, or a value containing it, is unknown, the finding is not certain. */
  readonly reads: readonly JsonPointer[];
  /**
   * Objects and arrays the finding needs in full (a key or element that is not known could change
   * it), or `'whole'`: the finding depends on the whole schema.
   */
  readonly needsComplete: readonly JsonPointer[] | 'whole';
  /** The keyword or value the author probably meant, for a did-you-mean fix. */
  readonly replacement?: string;
}

export interface DiagnosticOptions {
  /** Keywords accepted besides the draft's own and `x-*` (OpenAPI's `nullable`, a custom vocabulary). */
  readonly allowedKeywords: ReadonlySet<string>;
  /**
   * Keywords the position's own vocabulary defines at one schema object only (MCP's `enumNames`
   * in an elicitation property): known there, unknown everywhere else.
   */
  readonly keywordsAt?: (schemaPointer: JsonPointer) => readonly string[];
}

export function describeOutcome(schema: unknown, draft: JsonSchemaDraft, outcome: CompileOutcome, options: DiagnosticOptions): SchemaFinding[] {
  return findingsOf(schema, draft, outcome, options).map(withBoundedData);
}

/** Past this many characters, a piece of a message (a key as the literal spells it) is cut. */
const MAX_MESSAGE_DATA_CHARS = 1000;

/**
 * A finding whose message data is cut past `MAX_MESSAGE_DATA_CHARS`: a literal with a
 * megabyte-long key must not make every finding about it a megabyte of output.
 */
function withBoundedData(finding: SchemaFinding): SchemaFinding {
  const long = Object.entries(finding.data).filter(([, text]) => text.length > MAX_MESSAGE_DATA_CHARS);
  if (long.length === 0) return finding;
  const data = { ...finding.data };
  for (const [key, text] of long) data[key] = `${text.slice(0, MAX_MESSAGE_DATA_CHARS)}…`;
  return { ...finding, data };
}

function findingsOf(schema: unknown, draft: JsonSchemaDraft, outcome: CompileOutcome, options: DiagnosticOptions): SchemaFinding[] {
  if (outcome.metaErrors.length > 0) return describeMetaErrors(schema, outcome.metaErrors);
  // Concatenated, not pushed with spread arguments: one message can name every schema object of a
  // large literal, and a spread of that many arguments overflows the stack.
  let findings: SchemaFinding[] = [];
  for (const message of outcome.strictMessages) findings = findings.concat(describeStrictMessage(schema, draft, message, options));
  for (const ref of outcome.unresolvedLocalRefs) findings = findings.concat(describeUnresolvedRef(schema, draft, ref));
  if (outcome.compileError !== undefined) findings = findings.concat(describeCompileError(schema, draft, outcome.compileError));
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Did you mean

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions: `requried`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const distance: number[][] = Array.from({ length: rows }, (_, row) => Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)));
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let best = Math.min(distance[row - 1]![column]! + 1, distance[row]![column - 1]! + 1, distance[row - 1]![column - 1]! + cost);
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) best = Math.min(best, distance[row - 2]![column - 2]! + 1);
      distance[row]![column] = best;
    }
  }
  return distance[a.length]![b.length]!;
}

/** The closest candidate, when it is close enough to be a typo: one edit for short words, up to three for long ones. */
export function suggestClosest(word: string, candidates: Iterable<string>): string | undefined {
  const allowed = word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  const lowerWord = word.toLowerCase();
  for (const candidate of candidates) {
    if (candidate === word) continue;
    // The distance is at least the difference in length: such a candidate cannot be the typo, and a
    // long word from a literal is never compared (the comparison is quadratic in time and memory).
    if (Math.abs(candidate.length - word.length) > allowed) continue;
    // `minlength` for `minLength`: case slips are the likeliest typo of all.
    const distance = candidate.toLowerCase() === lowerWord ? 0.5 : editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}

/** Keywords Ajv knows but nobody means to type: draft-04's `id`, Ajv's own `$async`. */
const NOT_SUGGESTED = new Set(['id', '$async']);

function unknownKeywordHint(keyword: string, pointer: JsonPointer, value: unknown, draft: JsonSchemaDraft, options: DiagnosticOptions): { hint: string; replacement?: string } {
  const otherDraft = JSON_SCHEMA_DRAFTS.find((candidate) => candidate !== draft && knownKeywords(candidate).includes(keyword));
  if (otherDraft) return { hint: ` (\`${keyword}\` belongs to JSON Schema ${otherDraft}; this schema is checked as ${draft})` };
  const candidates = [...knownKeywords(draft).filter((known) => !NOT_SUGGESTED.has(known)), ...options.allowedKeywords, ...(options.keywordsAt?.(pointer) ?? [])];
  const replacement = suggestClosest(keyword, candidates);
  if (replacement) return { hint: ` (did you mean \`${replacement}\`?)`, replacement };
  if (isPlainObject(value) && Object.keys(value).some((key) => knownKeywords(draft).includes(key))) {
    return { hint: ' (a property schema outside `properties`?)' };
  }
  return { hint: '' };
}

// ---------------------------------------------------------------------------------------------
// Meta-schema errors

/** Errors that only say "one of the alternatives failed"; the alternatives' own errors say why. */
const COMBINATOR_ERRORS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', 'false schema', '$ref', '$dynamicRef']);

const TYPE_NAMES: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: '`null`',
};

function describeJsonValue(value: unknown): string {
  if (value === null) return '`null`';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a number' : 'a fraction';
  return TYPE_NAMES[typeof value] ?? `a ${typeof value}`;
}

function listWords(words: readonly string[], conjunction: 'or' | 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

/** Past this many characters a quoted value is cut: a finding's message stays a line, whatever the literal holds. */
const MAX_QUOTED_CHARS = 120;

function code(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `\`${text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text}\``;
}

/** The keywords whose values are maps from names to schemas: a segment under them is a name. */
function isNameMapKeyword(keyword: string | undefined): boolean {
  return keyword !== undefined && ['map', 'mapOfSchemaOrStrings'].includes(subschemaShape(keyword, '2020-12') ?? subschemaShape(keyword, 'draft-07') ?? '');
}

/** How a message names the value at `pointer`: `minLength`, `type[1]`, `properties.page`, "the schema". */
export function subjectOf(pointer: JsonPointer): string {
  const last = pointer.at(-1);
  const parent = pointer.at(-2);
  if (last === undefined) return 'The schema';
  if (parent !== undefined && /^\d+$/.test(last) && !isNameMapKeyword(pointer.at(-3))) return `\`${parent}[${last}]\``;
  if (parent !== undefined && isNameMapKeyword(parent) && !isNameMapKeyword(pointer.at(-3))) return `\`${parent}.${last}\``;
  return `\`${last}\``;
}

function reasonFor(errors: readonly ErrorObject[], value: unknown): { reason: string; replacement?: string } {
  const enumError = errors.find((error) => error.keyword === 'enum');
  if (enumError) {
    const allowed = (enumError.params as { allowedValues: unknown[] }).allowedValues;
    const alsoArray = errors.some((error) => error.keyword === 'type' && [error.params.type].flat().includes('array'));
    const replacement = typeof value === 'string' ? suggestClosest(value, allowed.filter((item): item is string => typeof item === 'string')) : undefined;
    const names = listWords(allowed.map(code), 'or');
    const reason = `must be ${names}${alsoArray ? ' (or an array of them)' : ''}, not ${typeof value === 'string' ? code(value) : describeJsonValue(value)}${replacement ? ` (did you mean \`${replacement}\`?)` : ''}`;
    return replacement ? { reason, replacement } : { reason };
  }
  const typeErrors = errors.filter((error) => error.keyword === 'type');
  if (typeErrors.length > 0) {
    const types = [...new Set(typeErrors.flatMap((error) => [error.params.type as string | string[]].flat()))];
    const isSchemaType = types.length === 2 && types.includes('object') && types.includes('boolean');
    const expected = isSchemaType ? 'a schema (an object or a boolean)' : listWords(types.map((type) => TYPE_NAMES[type] ?? type), 'or');
    return { reason: `must be ${expected}, not ${describeJsonValue(value)}` };
  }
  const [error] = errors;
  if (!error) return { reason: 'is invalid' };
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const comparison = ({ '>=': '≥', '<=': '≤', '>': '>', '<': '<' } as Record<string, string>)[String(params.comparison)] ?? String(params.comparison);
      return { reason: `must be ${comparison} ${String(params.limit)}` };
    }
    case 'minItems':
      return { reason: params.limit === 1 ? 'must not be empty' : `must list at least ${String(params.limit)} items` };
    case 'uniqueItems': {
      const repeated = Array.isArray(value) ? value[Number(params.j)] : undefined;
      return { reason: repeated === undefined ? 'must not repeat an item' : `lists ${code(repeated)} more than once` };
    }
    case 'pattern':
      return { reason: `must match the pattern \`${String(params.pattern)}\`` };
    default:
      return { reason: (error.message ?? 'is invalid').replaceAll('>=', '≥').replaceAll('<=', '≤').replace(/\bmust NOT\b/g, 'must not') };
  }
}

function isPrefix(prefix: JsonPointer, pointer: JsonPointer): boolean {
  return prefix.length <= pointer.length && prefix.every((segment, index) => pointer[index] === segment);
}

function describeMetaErrors(schema: unknown, errors: readonly ErrorObject[]): SchemaFinding[] {
  const located = errors.flatMap((error) => {
    const pointer = parseJsonPointer(error.instancePath);
    return pointer ? [{ error, pointer }] : [];
  });
  const specific = located.filter(({ error }) => !COMBINATOR_ERRORS.has(error.keyword));
  const explained = (pointer: JsonPointer) => specific.some((other) => isPrefix(pointer, other.pointer));
  const kept = located.filter(({ error, pointer }) => !COMBINATOR_ERRORS.has(error.keyword) || !explained(pointer));
  // `type: ['string', 'strin']`: the error at `/type/1` says more than the one at `/type`.
  const deepest = kept.filter(({ pointer }) => !kept.some((other) => other.pointer.length > pointer.length && isPrefix(pointer, other.pointer)));
  const groups = new Map<string, { pointer: JsonPointer; errors: ErrorObject[] }>();
  for (const { error, pointer } of deepest) {
    const key = JSON.stringify(pointer);
    const group = groups.get(key) ?? { pointer, errors: [] };
    group.errors.push(error);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ pointer, errors: group }) => {
    const { reason, replacement } = reasonFor(group, valueAt(schema, pointer));
    return {
      kind: 'invalidValue',
      target: { pointer, part: 'value' },
      data: { subject: subjectOf(pointer), reason },
      reads: [pointer],
      needsComplete: [pointer],
      ...(replacement ? { replacement } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Strict-mode complaints

/** Pointers of the schemas that validate the same instance as `pointer` and are nested in it (`allOf` members...). */
function sameInstanceRegion(schema: unknown, pointer: JsonPointer, draft: JsonSchemaDraft): JsonPointer[] {
  const region: JsonPointer[] = [pointer];
  const node = valueAt(schema, pointer);
  if (!isPlainObject(node)) return region;
  for (const [keyword, value] of Object.entries(node)) {
    if (!isSameInstanceKeyword(keyword)) continue;
    for (const child of childSchemaPointers(keyword, value, draft)) {
      for (const member of sameInstanceRegion(schema, [...pointer, ...child], draft)) region.push(member);
    }
  }
  return region;
}

/** `pointer` and the schemas above it whose `type` reaches it (through `allOf`, `anyOf`, ...). */
function sameInstanceAncestors(pointer: JsonPointer): JsonPointer[] {
  const chain: JsonPointer[] = [pointer];
  let current = pointer;
  for (;;) {
    const last = current.at(-1);
    const parent = current.at(-2);
    if (last !== undefined && isSameInstanceKeyword(last)) current = current.slice(0, -1);
    else if (parent !== undefined && isSameInstanceKeyword(parent)) current = current.slice(0, -2);
    else return chain;
    chain.push(current);
  }
}

function hasReference(schema: unknown, pointers: readonly JsonPointer[]): boolean {
  return pointers.some((pointer) => {
    const node = valueAt(schema, pointer);
    return isPlainObject(node) && ['$ref', '$dynamicRef', '$recursiveRef'].some((keyword) => keyword in node);
  });
}

const TYPE_PLURALS: Readonly<Record<string, string>> = {
  object: 'objects',
  array: 'arrays',
  string: 'strings',
  number: 'numbers',
  integer: 'integers',
  boolean: 'booleans',
  null: '`null`',
};

function findSchemaObjects(schema: unknown, draft: JsonSchemaDraft, predicate: (node: Record<string, unknown>) => boolean): JsonPointer[] {
  const found: JsonPointer[] = [];
  forEachSchemaObject(schema, draft, (node, pointer) => {
    if (predicate(node)) found.push(pointer);
  });
  return found;
}

function ignored(schema: unknown, draft: JsonSchemaDraft, keyword: string, reason: string, applies: (node: Record<string, unknown>) => boolean): SchemaFinding[] {
  return findSchemaObjects(schema, draft, (node) => keyword in node && applies(node)).map((pointer) => ({
    kind: 'ignoredKeyword',
    target: { pointer: [...pointer, keyword], part: 'key' },
    data: { keyword, reason },
    reads: [pointer],
    needsComplete: [pointer],
  }));
}

function compileErrorFinding(reason: string): SchemaFinding {
  return { kind: 'compileError', target: { pointer: [], part: 'value' }, data: { reason }, reads: [[]], needsComplete: 'whole' };
}

function describeStrictMessage(schema: unknown, draft: JsonSchemaDraft, message: string, options: DiagnosticOptions): SchemaFinding[] {
  let match = /^unknown keyword: "(.*)"$/.exec(message);
  if (match) {
    const keyword = match[1]!;
    if (keyword.startsWith('x-') || options.allowedKeywords.has(keyword)) return [];
    const knownHere = (pointer: JsonPointer) => options.keywordsAt?.(pointer).includes(keyword) ?? false;
    return findSchemaObjects(schema, draft, (node) => Object.hasOwn(node, keyword)).filter((pointer) => !knownHere(pointer)).map((pointer) => {
      const { hint, replacement } = unknownKeywordHint(keyword, pointer, valueAt(schema, [...pointer, keyword]), draft, options);
      return {
        kind: 'unknownKeyword',
        target: { pointer: [...pointer, keyword], part: 'key' },
        data: { keyword, hint },
        reads: [pointer],
        needsComplete: [],
        ...(replacement ? { replacement } : {}),
      };
    });
  }

  match = /^required property "(.*)" is not defined at "([^"]*)" \(strictRequired\)$/.exec(message);
  if (match) {
    const property = match[1]!;
    const pointer = parseSchemaPathFragment(match[2]!);
    if (!pointer) return [compileErrorFinding(message)];
    const required = valueAt(schema, [...pointer, 'required']);
    const index = Array.isArray(required) ? required.indexOf(property) : -1;
    const region = sameInstanceRegion(schema, pointer, draft);
    const target: JsonPointer = index === -1 ? [...pointer, 'required'] : [...pointer, 'required', String(index)];
    return [
      {
        kind: 'requiredNotDefined',
        target: { pointer: target, part: 'value' },
        data: { property },
        reads: [target],
        // `properties` anywhere in the same-instance region define names (Ajv counts `allOf` members too).
        needsComplete: hasReference(schema, region) ? 'whole' : region.flatMap((member) => [member, [...member, 'properties']]),
      },
    ];
  }

  // Types and keywords never hold a quote: `[^"]*`, where two `(.*)` made a message with a long,
  // quote-laden property name in its path take time quadratic in its length.
  match = /^missing type "([^"]*)" for keyword "([^"]*)" at "([^"]*)" \(strictTypes\)$/.exec(message);
  if (match) {
    const types = match[1]!.split(',');
    const keyword = match[2]!;
    const pointer = parseSchemaPathFragment(match[3]!);
    if (!pointer) return [compileErrorFinding(message)];
    const declared = listWords(types.map((type) => `\`type: '${type}'\``), 'or');
    return [
      {
        kind: 'missingType',
        target: { pointer: [...pointer, keyword], part: 'key' },
        data: { keyword, applies: listWords(types.map((type) => TYPE_PLURALS[type] ?? type), 'and'), declared },
        reads: [pointer],
        needsComplete: sameInstanceAncestors(pointer),
      },
    ];
  }

  match = /^type "([^"]*)" not allowed by context "([^"]*)" at "([^"]*)" \(strictTypes\)$/.exec(message);
  if (match) {
    const pointer = parseSchemaPathFragment(match[3]!);
    if (!pointer) return [compileErrorFinding(message)];
    const ancestors = sameInstanceAncestors(pointer);
    const typeValue = valueAt(schema, [...pointer, 'type']);
    return [
      {
        kind: 'typeConflict',
        target: { pointer: [...pointer, 'type'], part: 'value' },
        data: {
          type: code(match[1]!),
          context: listWords(match[2]!.split(',').map((type) => code(type)), 'or'),
          // A list of types conflicts as a whole only in part; say which member.
          written: Array.isArray(typeValue) ? 'includes' : 'is',
        },
        reads: ancestors.map((ancestor) => [...ancestor, 'type']),
        needsComplete: ancestors,
      },
    ];
  }

  match = /^"(items|prefixItems)" is (\d+)-tuple, but minItems or maxItems\/(\w+) are not specified or different at path "([^"]*)"$/.exec(message);
  if (match) {
    const keyword = match[1]!;
    const pointer = parseSchemaPathFragment(match[4]!);
    if (!pointer) return [compileErrorFinding(message)];
    return [
      {
        kind: 'openTuple',
        target: { pointer: [...pointer, keyword], part: 'key' },
        data: { keyword, length: match[2]!, closing: match[3]! },
        reads: [pointer],
        needsComplete: [pointer, [...pointer, keyword]],
      },
    ];
  }

  if (message === '"if" without "then" and "else" is ignored') {
    return ignored(schema, draft, 'if', 'has neither `then` nor `else` beside it', (node) => !('then' in node) && !('else' in node));
  }
  match = /^"(then|else)" without "if" is ignored$/.exec(message);
  if (match) return ignored(schema, draft, match[1]!, 'has no `if` beside it', (node) => !('if' in node));
  match = /^"(minContains|maxContains)" without "contains" is ignored$/.exec(message);
  if (match) return ignored(schema, draft, match[1]!, 'has no `contains` beside it', (node) => !('contains' in node));
  if (message === '"additionalItems" is ignored when "items" is not an array of schemas') {
    return ignored(schema, draft, 'additionalItems', 'only applies when `items` is an array of schemas', (node) => !Array.isArray(node.items));
  }
  if (message === '"minContains" == 0 without "maxContains": "contains" keyword ignored') {
    return ignored(schema, draft, 'contains', 'is switched off by `minContains: 0` without `maxContains`', (node) => node.minContains === 0 && !('maxContains' in node));
  }
  if (message === '"minContains" > "maxContains" is always invalid') {
    return findSchemaObjects(schema, draft, (node) => typeof node.minContains === 'number' && typeof node.maxContains === 'number' && node.minContains > node.maxContains).map(
      (pointer): SchemaFinding => ({
        kind: 'invalidValue',
        target: { pointer: [...pointer, 'minContains'], part: 'value' },
        data: { subject: '`minContains`', reason: 'is greater than `maxContains`, so no array can match' },
        reads: [[...pointer, 'minContains'], [...pointer, 'maxContains']],
        needsComplete: [],
      }),
    );
  }
  if (message === '$recursiveAnchor: false is ignored') {
    return ignored(schema, draft, '$recursiveAnchor', 'is `false`', (node) => node.$recursiveAnchor === false);
  }
  // A complaint this module does not know yet: still a reason the schema fails in strict mode.
  return [compileErrorFinding(`strict mode: ${message}`)];
}

// ---------------------------------------------------------------------------------------------
// Compile failures

function describeUnresolvedRef(schema: unknown, draft: JsonSchemaDraft, ref: string): SchemaFinding[] {
  const found = findSchemaObjects(schema, draft, (node) => typeof node.$ref === 'string' && node.$ref.slice(node.$ref.indexOf('#')) === ref && node.$ref.includes('#'));
  const pointers = found.length > 0 ? found.map((pointer) => [...pointer, '$ref']) : [[]];
  return pointers.map((pointer) => ({
    kind: 'unresolvedRef',
    target: { pointer, part: 'value' },
    data: { ref },
    reads: [pointer],
    needsComplete: 'whole',
  }));
}

function regexError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: /, '');
  }
}

function describeCompileError(schema: unknown, draft: JsonSchemaDraft, message: string): SchemaFinding[] {
  if (/Invalid regular expression/.test(message)) {
    const findings: SchemaFinding[] = [];
    forEachSchemaObject(schema, draft, (node, pointer) => {
      if (typeof node.pattern === 'string') {
        const error = regexError(node.pattern);
        const target = [...pointer, 'pattern'];
        if (error) findings.push({ kind: 'invalidPattern', target: { pointer: target, part: 'value' }, data: { keyword: 'pattern', error }, reads: [target], needsComplete: [] });
      }
      if (isPlainObject(node.patternProperties)) {
        for (const pattern of Object.keys(node.patternProperties)) {
          const error = regexError(pattern);
          const target = [...pointer, 'patternProperties', pattern];
          // The key is the pattern: what its schema is does not matter.
          const reads = [[...pointer, 'patternProperties']];
          if (error) findings.push({ kind: 'invalidPattern', target: { pointer: target, part: 'key' }, data: { keyword: 'patternProperties', error }, reads, needsComplete: [] });
        }
      }
    });
    if (findings.length > 0) return findings;
  }
  return [compileErrorFinding(message)];
}
