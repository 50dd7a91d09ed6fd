import type { ErrorObject } from 'ajv';
import { code, describeJsonValue, listWords, subjectOf, suggestClosest, TYPE_NAMES } from './diagnostic-words.js';
import type { SchemaFinding } from './schema-diagnostics.js';
import { parseJsonPointer, valueAt, type JsonPointer } from './schema-structure.js';

/**
 * A schema the meta-schema rejects: Ajv's errors grouped by the value they are about, the ones
 * that only say "an alternative failed" dropped where a deeper error says why, each group put
 * into one reason (`must be \`string\` or \`number\`, not \`strin\``).
 */

/** Errors that only say "one of the alternatives failed"; the alternatives' own errors say why. */
const COMBINATOR_ERRORS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', 'false schema', '$ref', '$dynamicRef']);

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

export function describeMetaErrors(schema: unknown, errors: readonly ErrorObject[]): SchemaFinding[] {
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

