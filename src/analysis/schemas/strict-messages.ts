import { knownKeywords } from './ajv-compile.js';
import { code, listWords, suggestClosest } from './diagnostic-words.js';
import type { DiagnosticOptions, SchemaFinding } from './schema-diagnostics.js';
import {
  JSON_SCHEMA_DRAFTS,
  childSchemaPointers,
  forEachSchemaObject,
  isPlainObject,
  isSameInstanceKeyword,
  parseSchemaPathFragment,
  valueAt,
  type JsonPointer,
  type JsonSchemaDraft,
} from './schema-structure.js';

/**
 * What Ajv logs in strict mode (an unknown keyword, a `required` name with no property, a keyword
 * without the `type` it applies to, an open tuple, a keyword Ajv ignores), read back from the
 * message and found in the schema, each with what it relies on. A message this module does not
 * know is still reported, as a compile error in Ajv's words.
 */

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

export function findSchemaObjects(schema: unknown, draft: JsonSchemaDraft, predicate: (node: Record<string, unknown>) => boolean): JsonPointer[] {
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

export function compileErrorFinding(reason: string): SchemaFinding {
  return { kind: 'compileError', target: { pointer: [], part: 'value' }, data: { reason }, reads: [[]], needsComplete: 'whole' };
}

export function describeStrictMessage(schema: unknown, draft: JsonSchemaDraft, message: string, options: DiagnosticOptions): SchemaFinding[] {
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

