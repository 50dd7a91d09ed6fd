/**
 * Reads, from a module's text without parsing it, which relative modules it may pass exports on
 * from: `export * from './x'`, `export { a } from './x'`, or (when it exports local names, which may
 * be imports) any relative string at all. The module graph uses this to skip parsing modules that
 * cannot lead to a schema library; the answer must be a superset, never miss a specifier.
 *
 * A scan by hand, not regular expressions: the expressions this replaces (`\{[^}]*\}`,
 * `[^=;]*` from every `export`) crossed the rest of the file from each start where the closing
 * character never came, so a file of `// export {` lines took time quadratic in its length.
 * Here each search for a closing character is shared by every start before it, and every
 * other step reads characters no other start reads: time linear in the text.
 */

import { decodedText } from '../syntax/file-text.js';
import { skipSpace, skipSpaceAndComments, walkCode } from './code-walk.js';

const WORD = /[\w$]/;
const IDENTIFIER_START = /[A-Za-z_$]/;
const SPACE = /\s/;

/** The first index at or after a position where `matches` holds, shared by increasing queries. */
class ForwardSearch {
  #from = Number.POSITIVE_INFINITY;
  #found = -1;

  constructor(private readonly find: (from: number) => number) {}

  /** The index, or -1 when there is none. Queries should not decrease (each is still correct if they do). */
  at(from: number): number {
    // A query between the last one and its answer has the same answer: nothing matched in between.
    if (from >= this.#from && (this.#found === -1 || from <= this.#found)) return this.#found;
    this.#from = from;
    this.#found = this.find(from);
    return this.#found;
  }
}

class Scanner {
  readonly #closingBrace: ForwardSearch;
  readonly #assignmentOrSemicolon: ForwardSearch;
  // By position of the `}` (or `=`): every `export {` before one `}` reads the same tail.
  readonly #fromAfterBrace = new Map<number, string | undefined>();
  readonly #localAfterBrace = new Map<number, boolean>();
  readonly #aliasAfterAssignment = new Map<number, boolean>();

  constructor(readonly text: string) {
    this.#closingBrace = new ForwardSearch((from) => text.indexOf('}', from));
    // `[^=;]*(?:=>[^=;]*)*=` stops at the first `;`, or `=` that is not an arrow's.
    this.#assignmentOrSemicolon = new ForwardSearch((from) => {
      for (let index = from; index < text.length; index += 1) {
        const char = text.charCodeAt(index);
        if (char === 0x3b || (char === 0x3d && text.charCodeAt(index + 1) !== 0x3e)) return index;
        if (char === 0x3d) index += 1;
      }
      return -1;
    });
  }

  /** Start offsets (after the keyword) of each `export` preceded by a word boundary. */
  *exports(): Generator<number> {
    for (let index = this.text.indexOf('export'); index !== -1; index = this.text.indexOf('export', index + 1)) {
      if (index > 0 && /\w/.test(this.text[index - 1]!)) continue;
      yield index + 'export'.length;
    }
  }

  skipSpace(index: number): number {
    return skipSpace(this.text, index);
  }

  skipSpaceAndComments(index: number): number {
    return skipSpaceAndComments(this.text, index);
  }

  /** After `word` at `index` when it is there as a whole word; -1 otherwise. */
  word(index: number, word: string): number {
    if (!this.text.startsWith(word, index)) return -1;
    const after = index + word.length;
    return after < this.text.length && WORD.test(this.text[after]!) ? -1 : after;
  }

  identifierEnd(index: number): number {
    if (index >= this.text.length || !IDENTIFIER_START.test(this.text[index]!)) return -1;
    let end = index + 1;
    while (end < this.text.length && WORD.test(this.text[end]!)) end += 1;
    return end;
  }

  /** `from './x'` (or `"./x"`) at `index`: the relative specifier, or undefined. */
  fromRelative(index: number): string | undefined {
    const start = this.skipSpace(index);
    if (!this.text.startsWith('from', start)) return undefined;
    const quoteAt = this.skipSpace(start + 4);
    const quote = this.text[quoteAt];
    if ((quote !== "'" && quote !== '"') || this.text[quoteAt + 1] !== '.') return undefined;
    for (let end = quoteAt + 1; end < this.text.length; end += 1) {
      const char = this.text[end];
      if (char === quote) return this.text.slice(quoteAt + 1, end);
      if (char === "'" || char === '"' || char === '\\') return undefined;
    }
    return undefined;
  }

  /** The `}` closing a `{` at `open`, or -1. */
  closingBrace(open: number): number {
    return this.#closingBrace.at(open + 1);
  }

  /** Whether an `export` at `index` begins a star list (`export *`, `export type *`). */
  isStarList(index: number): boolean {
    let at = this.skipSpace(index);
    const afterType = this.word(at, 'type');
    if (afterType !== -1) at = this.skipSpace(afterType);
    return this.text[at] === '*';
  }

  /** `export * from './x'`, `export { a } from './x'` (also `export type …`) after an `export` at `index`. */
  reexportFrom(index: number): string | undefined {
    let at = this.skipSpace(index);
    const afterType = this.word(at, 'type');
    if (afterType !== -1) at = this.skipSpace(afterType);
    if (this.text[at] === '*') {
      let after = at + 1;
      const asAt = this.skipSpace(after);
      const afterAs = this.word(asAt, 'as');
      if (afterAs !== -1 && afterAs < this.text.length && SPACE.test(this.text[afterAs]!)) {
        const nameEnd = this.skipWord(this.skipSpace(afterAs));
        if (nameEnd !== -1) after = nameEnd;
      }
      return this.fromRelative(after);
    }
    if (this.text[at] !== '{') return undefined;
    const close = this.closingBrace(at);
    return close === -1 ? undefined : memo(this.#fromAfterBrace, close, () => this.fromRelative(close + 1));
  }

  /**
   * An export of local names, which may be imports: `export { z }` (no `from`), `export default
   * z;`, `export =`, and `export const zz = z` (also `= z.enum`, with a type annotation or `as`).
   * The initializer must end there, so `export const shape = z.object({})` is a value, not an
   * alias; so must a later declarator's (`export const a = 1, pick = z.enum`, `mayAliasLater`).
   */
  localReexport(index: number): boolean {
    const at = this.skipSpace(index);
    const char = this.text[at];
    if (char === '=') return true;
    if (char === '{') {
      const close = this.closingBrace(at);
      return close !== -1 && memo(this.#localAfterBrace, close, () => !this.text.startsWith('from', this.skipSpace(close + 1)));
    }
    const afterDefault = this.text.startsWith('default', at) ? at + 'default'.length : -1;
    if (afterDefault !== -1 && afterDefault < this.text.length && SPACE.test(this.text[afterDefault]!)) {
      const nameEnd = this.skipWord(this.skipSpace(afterDefault));
      if (nameEnd !== -1 && this.text[this.skipSpace(nameEnd)] === ';') return true;
      // `export default z` at a line's end, `export default z.enum`: the aliases a `const` may hold.
      if (this.isAliasInitializer(afterDefault)) return true;
    }
    if (at === index) return false;
    for (const keyword of ['const', 'let', 'var']) {
      const afterKeyword = this.word(at, keyword);
      if (afterKeyword === -1) continue;
      const assignment = this.#assignmentOrSemicolon.at(afterKeyword);
      if (assignment === -1 || this.text[assignment] !== '=') return false;
      return memo(this.#aliasAfterAssignment, assignment, () => this.isAliasInitializer(assignment + 1) || this.mayAliasLater(assignment + 1));
    }
    return false;
  }

  /**
   * Whether a later declarator of the declaration whose first initializer starts at `index` may
   * alias an import: after a `,` outside brackets, strings, templates, comments and regular
   * expressions, a name then `=` (or `:` and a type, then `=`), or a destructuring pattern then
   * `=`, and an alias initializer, before a `;` there. A superset: a `,` between type arguments
   * (`Map<string, number>`) is taken for a declarator's when one follows it, and an initializer
   * longer than `MAX_INITIALIZER_SCAN` answers "may", which keeps the scan linear in the text.
   */
  private mayAliasLater(index: number): boolean {
    let aliases = false;
    const stop = walkCode(this.text, index, MAX_INITIALIZER_SCAN, (char, at, depth) => {
      // A closing character that opens nothing, or a `;`, ends the declaration.
      if (depth < 0 || (depth === 0 && char === ';')) return true;
      aliases = depth === 0 && char === ',' && this.declaresAlias(at + 1);
      return aliases;
    });
    return stop === -1 || aliases;
  }

  /** After a declarator's `,`: `pick = z.enum`, `pick: T = z.enum`, `{ enum: pick } = z`. */
  private declaresAlias(index: number): boolean {
    const start = this.skipSpaceAndComments(index);
    let patternEnd: number;
    if (this.text[start] === '{' || this.text[start] === '[') {
      const close = walkCode(this.text, start + 1, MAX_INITIALIZER_SCAN, (_char, _at, depth) => depth < 0);
      if (close === -1) return true;
      patternEnd = close + 1;
    } else {
      patternEnd = this.identifierEnd(start);
      if (patternEnd === -1) return false;
    }
    const next = this.skipSpaceAndComments(patternEnd);
    if (this.text[next] === '=') return this.text[next + 1] !== '=' && this.text[next + 1] !== '>' && this.isAliasInitializer(next + 1);
    if (this.text[next] !== ':') return false;
    const assignment = this.#assignmentOrSemicolon.at(next + 1);
    return assignment !== -1 && this.text[assignment] === '=' && this.isAliasInitializer(assignment + 1);
  }

  /** `z`, `z.enum`, `z?.a . b`, followed by the end of the initializer (`;`, `,`, `)`, a line end, `!`, `as`, `satisfies`). */
  private isAliasInitializer(index: number): boolean {
    let start = this.skipSpace(index);
    let end = this.identifierEnd(start);
    if (end === -1) return false;
    for (;;) {
      let next = this.skipSpace(end);
      if (this.text[next] === '?') next += 1;
      if (this.text[next] !== '.') break;
      const segmentStart = this.skipSpace(next + 1);
      const segmentEnd = this.identifierEnd(segmentStart);
      if (segmentEnd === -1) break;
      start = segmentStart;
      end = segmentEnd;
    }
    // The pattern this replaces also matched a name ending in `as` or `satisfies` (`fooas`), by
    // backtracking into it: kept, since a superset is safe.
    if (end - start > 2 && /(?:as|satisfies)$/.test(this.text.slice(Math.max(start + 1, end - 9), end))) return true;
    const terminator = this.skipSpace(end);
    if (/[\n\r]/.test(this.text.slice(end, terminator))) return true;
    if (terminator >= this.text.length || ';,)!'.includes(this.text[terminator]!)) return true;
    return this.word(terminator, 'as') !== -1 || this.word(terminator, 'satisfies') !== -1;
  }

  private skipWord(index: number): number {
    if (index >= this.text.length || !WORD.test(this.text[index]!)) return -1;
    let end = index + 1;
    while (end < this.text.length && WORD.test(this.text[end]!)) end += 1;
    return end;
  }

}

/** How far past a declarator's `=` the scan looks for another declarator before it says "may". */
const MAX_INITIALIZER_SCAN = 8192;

function memo<T>(cache: Map<number, T>, key: number, compute: () => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  const value = compute();
  cache.set(key, value);
  return value;
}

/**
 * What every re-export `reexportFrom` accepts starts with: `export`, white space, an optional
 * whole word `type`, then `*` or `{`. Asked of every linted file, most of which export only
 * declarations (`export const`, `export function`); one native search dismisses those, where the
 * scan by hand costs far more per character. A superset (no word boundary before `export`, no
 * `from` after), so the scan still decides every text it matches.
 */
const MAY_REEXPORT = /export\s*(?:type(?![\w$])\s*)?[*{]/;

/** Whether a module passes on another module's exports (`export * from './x'`): a barrel. */
export function isBarrel(text: string): boolean {
  if (!MAY_REEXPORT.test(text)) return false;
  const scanner = new Scanner(text);
  for (const start of scanner.exports()) if (scanner.reexportFrom(start) !== undefined) return true;
  return false;
}

/**
 * The relative modules a module's `export *` lists (also `export type *`, `export * as ns`) name:
 * where the names its text does not spell can come from. Undefined when a star list names a
 * package (which may be a schema library) or is written in a way the scan does not read (a
 * comment inside it, an escape in its specifier): its sources are then unknown.
 */
export function starSourcesIn(text: string): string[] | undefined {
  if (!MAY_REEXPORT.test(text)) return [];
  const scanner = new Scanner(text);
  const sources: string[] = [];
  for (const start of scanner.exports()) {
    if (!scanner.isStarList(start)) continue;
    const source = scanner.reexportFrom(start);
    if (source === undefined) return undefined;
    sources.push(source);
  }
  return sources;
}

/**
 * Whether a module exports local names, which may be imports (`export { z }`, `export default z;`,
 * `export =`, `export const zz = z`): a binding of another module may pass through it.
 */
export function exportsLocalNames(text: string): boolean {
  if (!text.includes('export')) return false;
  const scanner = new Scanner(text);
  for (const start of scanner.exports()) if (scanner.localReexport(start)) return true;
  return false;
}

/**
 * Whether a module may export a name written as a string (`export { a as 'name' }`, `export {
 * 'name' } from …`), where an escape sequence can spell a name without its letters. A superset:
 * any quote inside the braces of an `export {` (comments skipped) counts. Linear in the text: a
 * brace list starting before the end of the last one scanned lies inside it (in a comment or a
 * string), and is not scanned again.
 */
export function mayExportQuotedName(text: string): boolean {
  if (!text.includes('export')) return false;
  const scanner = new Scanner(text);
  let scannedTo = -1;
  for (const start of scanner.exports()) {
    let at = scanner.skipSpaceAndComments(start);
    const afterType = scanner.word(at, 'type');
    if (afterType !== -1) at = scanner.skipSpaceAndComments(afterType);
    if (text[at] !== '{' || at < scannedTo) continue;
    for (at += 1; at < text.length; at += 1) {
      const char = text[at];
      if (char === "'" || char === '"') return true;
      if (char === '}') break;
      if (char === '/' && (text[at + 1] === '*' || text[at + 1] === '/')) at = scanner.skipSpaceAndComments(at) - 1;
    }
    scannedTo = at;
  }
  return false;
}

const RELATIVE_SPECIFIER = /^\.\.?(?:\/[^\n]*)?$/;

/**
 * The relative modules whose exports this module may pass on. Usually only its `export … from`
 * specifiers; when it also exports local names (which may be imports), every relative string it
 * holds, so the answer stays a superset. Undefined when a specifier is written with an escape
 * sequence, which a scan does not decode.
 */
export function relativeSpecifiersIn(text: string): string[] | undefined {
  if (!text.includes('export')) return [];
  const scanner = new Scanner(text);
  const found = new Set<string>();
  let escaped = false;
  for (const start of scanner.exports()) {
    if (scanner.localReexport(start)) return relativeStringsIn(text);
    const specifier = scanner.reexportFrom(start);
    if (specifier !== undefined) found.add(specifier);
  }
  // An escape in a specifier is not decoded above: be conservative.
  for (let index = text.indexOf('from'); index !== -1 && !escaped; index = text.indexOf('from', index + 1)) {
    const quoteAt = scanner.skipSpace(index + 4);
    const quote = text[quoteAt];
    // A specifier may begin with an escape too (`'\x2e/a.js'` is `./a.js`).
    if ((quote !== "'" && quote !== '"') || (text[quoteAt + 1] !== '.' && text[quoteAt + 1] !== '\\')) continue;
    let end = quoteAt + 1;
    while (end < text.length && text[end] !== "'" && text[end] !== '"' && text[end] !== '\\') end += 1;
    escaped = text[end] === '\\';
  }
  return escaped ? undefined : [...found];
}

function relativeStringsIn(text: string): string[] | undefined {
  const found = new Set<string>();
  // Each quote is a possible start on its own, so no string can hide the next one; strings in
  // comments and ordinary code only add candidates, which keeps the answer conservative. The
  // search for a closing quote ends at the next quote of the kind, which is the next start.
  const quotes = /['"]/g;
  for (let match = quotes.exec(text); match; match = quotes.exec(text)) {
    const first = text[match.index + 1];
    if (first !== '.' && first !== '\\') continue;
    const end = text.indexOf(match[0], match.index + 1);
    const written = end === -1 ? '' : text.slice(match.index + 1, end);
    if (!written.includes('\\')) {
      if (RELATIVE_SPECIFIER.test(written)) found.add(written);
      continue;
    }
    // A string whose closing quote is escaped (`'./it\'s.js'`) did not end here: the scan cannot
    // tell what it holds.
    if (endsInEscape(written)) return undefined;
    // `'.\u002fx.js'` is the specifier `./x.js`. Bundles are full of strings like `".\\d+"`,
    // which decode to no specifier; before escapes were decoded, each made its module opaque.
    const decoded = decodedText(written);
    if (RELATIVE_SPECIFIER.test(decoded)) found.add(decoded);
  }
  return [...found];
}

/** Whether `written` ends in an odd run of backslashes, which escapes the quote after it. */
function endsInEscape(written: string): boolean {
  let count = 0;
  while (count < written.length && written[written.length - 1 - count] === '\\') count += 1;
  return count % 2 === 1;
}
