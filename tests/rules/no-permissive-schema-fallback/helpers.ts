/** Shared vocabulary of the no-permissive-schema-fallback suites: message ids, data and locations. */

export const ABSENCE = 'permissiveAbsenceFallback';
export const FAILURE = 'permissiveFailureFallback';
export const SUGGEST_CLOSED = 'replaceWithClosedSchema';

export const ANYTHING = 'accepts anything';
export const ANY_OBJECT = 'accepts any object';

export const JSON_CLOSED = "{ type: 'object', additionalProperties: false }";

/** The sink most cases advertise their fallback in: a tool named `search`. */
export const SEARCH_INPUT = "advertised as `search`'s inputSchema";

/** A tool definition that advertises `binding` as `search`'s inputSchema (appended to a case's code). */
export const advertised = (binding: string): string =>
  `\nexport const search = { name: 'search', description: 'Search the catalogue', inputSchema: ${binding} };`;

export interface Location {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * The 1-based location of the `occurrence`-th (0-based) appearance of `snippet` in `code`, as
 * ESLint reports a node spanning exactly that text. Throws when it is not there, so a typo in a
 * test fails loudly instead of asserting a location nobody meant.
 */
export function locate(code: string, snippet: string, occurrence = 0): Location {
  let index = -1;
  for (let seen = 0; seen <= occurrence; seen++) {
    index = code.indexOf(snippet, index + 1);
    if (index < 0) throw new Error(`snippet ${JSON.stringify(snippet)} (occurrence ${occurrence}) not in test code`);
  }
  const position = (offset: number): { line: number; column: number } => {
    const before = code.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - before.lastIndexOf('\n') };
  };
  const start = position(index);
  const end = position(index + snippet.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/** `code` with the `occurrence`-th `snippet` replaced: the output of a suggestion. */
export function replaced(code: string, snippet: string, replacement: string, occurrence = 0): string {
  let index = -1;
  for (let seen = 0; seen <= occurrence; seen++) {
    index = code.indexOf(snippet, index + 1);
    if (index < 0) throw new Error(`snippet ${JSON.stringify(snippet)} (occurrence ${occurrence}) not in test code`);
  }
  return code.slice(0, index) + replacement + code.slice(index + snippet.length);
}
