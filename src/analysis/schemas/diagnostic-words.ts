import { subschemaShape, type JsonPointer } from './schema-structure.js';

/**
 * How a schema finding's message names things: a keyword or value as written (cut when long), a
 * JSON value's kind, a list of alternatives, the place a finding is about, and the keyword the
 * author probably meant.
 */

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

