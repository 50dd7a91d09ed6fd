import { subschemaShape, type JsonPointer } from './schema-structure.js';

/**
 * How a schema finding's message names things: a keyword or value as written (cut when long), a
 * JSON value's kind, a list of alternatives, the place a finding is about, and the keyword the
 * author probably meant.
 */

export { editDistance, suggestClosest } from '../../util/closest-word.js';

export const TYPE_NAMES: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: '`null`',
};

export function describeJsonValue(value: unknown): string {
  if (value === null) return '`null`';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a number' : 'a fraction';
  return TYPE_NAMES[typeof value] ?? `a ${typeof value}`;
}

export function listWords(words: readonly string[], conjunction: 'or' | 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

/** Past this many characters a quoted value is cut: a finding's message stays a line, whatever the literal holds. */
const MAX_QUOTED_CHARS = 120;

export function code(value: unknown): string {
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

