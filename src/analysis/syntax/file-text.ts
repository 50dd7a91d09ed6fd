import type { TSESLint } from '@typescript-eslint/utils';

/**
 * A rule that can only report where a file spells one of a few words (`throw`, a policy key, a
 * schema property name) asks here first, so that on the many files that spell none of them it
 * registers no listener and does no work. The answer must never be "no" for a file the rule could
 * report in: the words are the rule's own vocabulary, matched case-insensitively anywhere in the
 * text (code, strings and comments alike) but in words that are certainly prose (a word beside
 * another plain word on one line, which code cannot be: `spellsOutsideProse`), and escapes are
 * decoded, since `'input\u0053chema'` and `input\u0053chema` spell `inputSchema` to the parser.
 */

/** Text with every backslash escape replaced by the character it may stand for (or by nothing). */
const decodedTexts = new WeakMap<object, string>();

const ESCAPE = /\\(?:u\{([0-9a-fA-F]+)\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|([0-7]{1,3})|(\r\n|[\n\r\u2028\u2029])|([^]))/g;

function decodeEscapes(text: string): string {
  return text.replace(ESCAPE, (_match, braced?: string, unicode?: string, hex?: string, octal?: string, continuation?: string, other?: string) => {
    if (continuation !== undefined) return '';
    if (other !== undefined) return other;
    const code = octal === undefined ? Number.parseInt(braced ?? unicode ?? hex!, 16) : Number.parseInt(octal, 8);
    // An out-of-range code point is a syntax error the parser reports; no word can come from it.
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

const patterns = new Map<string, RegExp>();

/**
 * A case-insensitive pattern matching any of `words` anywhere, or any of `sources` (regular
 * expression sources, for a word that only counts in one syntactic form, such as a key); one per
 * distinct vocabulary.
 */
export function vocabularyPattern(words: Iterable<string>, sources: readonly string[] = []): RegExp {
  const alternatives = [...new Set(words)].filter((word) => word !== '').map((word) => word.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&'));
  alternatives.push(...sources.filter((pattern) => pattern !== ''));
  if (alternatives.length === 0) throw new Error('eslint-plugin-schema-contract: a vocabulary needs at least one word');
  const source = alternatives.join('|');
  let pattern = patterns.get(source);
  if (!pattern) {
    // Without `u`: the words are names, and the flag makes a case-insensitive scan several times slower.
    pattern = new RegExp(source, 'i');
    patterns.set(source, pattern);
  }
  return pattern;
}

/**
 * Matches every text: the vocabulary of a rule whose options name what it looks for by regular
 * expressions (`schemaNames`), which no word list can stand for.
 */
export const ANY_TEXT: RegExp = /(?:)/;

/**
 * A comment, as the source of a regular expression's alternative: a block comment ends at its
 * first `*\/` and nowhere else (a lazy `[^]*?` there can be stretched past it to every later one
 * when what follows fails, which made each `, /* … *\/` in a file rescan the rest of it: a
 * tokenizer's table of commented entries took 10 s), a line comment at its line's end.
 */
export const COMMENT_SOURCE = String.raw`\/\*(?:[^*]|\*(?!\/))*\*\/|\/\/[^\n]*`;


/**
 * Whether the linted file may spell a word of `vocabulary` (see `vocabularyPattern`) outside prose
 * (see `spellsOutsideProse`): a word no rule reads in a comment or a message.
 */
export function mayMention(sourceCode: Readonly<TSESLint.SourceCode>, vocabulary: RegExp): boolean {
  let byVocabulary = mentions.get(sourceCode);
  if (!byVocabulary) mentions.set(sourceCode, (byVocabulary = new Map()));
  let answer = byVocabulary.get(vocabulary);
  if (answer === undefined) byVocabulary.set(vocabulary, (answer = spellsOutsideProseOrEscaped(sourceCode, vocabulary)));
  return answer;
}

/**
 * `mayMention`'s answers per linted file (its `SourceCode`, one per lint): a rule's vocabulary is
 * asked again by another rule's condition (the fallback rule's words are the helper rule's
 * evidence), and a scan of a long file costs more than the lookup.
 */
const mentions = new WeakMap<object, Map<RegExp, boolean>>();

function spellsOutsideProseOrEscaped(sourceCode: Readonly<TSESLint.SourceCode>, vocabulary: RegExp): boolean {
  if (spellsOutsideProse(sourceCode.text, vocabulary)) return true;
  const decoded = decodedSourceText(sourceCode);
  return decoded !== sourceCode.text && spellsOutsideProse(decoded, vocabulary);
}

/** The linted file's text with its escapes decoded (`decodedText`), once per `SourceCode`. */
export function decodedSourceText(sourceCode: Readonly<TSESLint.SourceCode>): string {
  const { text } = sourceCode;
  if (!text.includes('\\')) return text;
  let decoded = decodedTexts.get(sourceCode);
  if (decoded === undefined) {
    decoded = decodeEscapes(text);
    decodedTexts.set(sourceCode, decoded);
  }
  return decoded;
}

/**
 * A text with its escapes decoded (see `mayMention`), or the text itself when it has none: what a
 * pattern is asked of besides the text as written, for a module read from disk rather than linted.
 */
export function decodedText(text: string): string {
  return text.includes('\\') ? decodeEscapes(text) : text;
}

/**
 * Words that may stand beside an identifier on one line in code: JavaScript's keywords and reserved
 * words, its contextual keywords (`as`, `of`, `get`, `async`, …) and TypeScript's (`type`,
 * `declare`, `readonly`, `satisfies`, `keyof`, …). Two identifiers side by side with no other
 * word between them are a syntax error unless one of them is one of these.
 */
const KEYWORDS: ReadonlySet<string> = new Set(
  [
    ...['await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield'],
    ...['implements', 'interface', 'let', 'package', 'private', 'protected', 'public', 'static'],
    ...['as', 'async', 'from', 'get', 'of', 'set', 'target', 'meta', 'using', 'defer', 'source', 'assert'],
    ...['abstract', 'accessor', 'asserts', 'declare', 'global', 'infer', 'is', 'keyof', 'module', 'namespace', 'out', 'override', 'readonly', 'require', 'satisfies', 'type', 'unique', 'intrinsic', 'opaque'],
  ],
);

const IDENTIFIER_PART = /[\w$]/;
const PLAIN_WORD = /^[A-Za-z_$][\w$]*$/;
/**
 * Before a word, what makes it part of a decorator, a member or a JSX element (`@Input schema`,
 * `@a.schema field`, `#x`, `<Tool schema={…}>`), where a word may stand beside another in code.
 */
const ATTACHED = new Set(['@', '.', '#', '<']);

const isPlainWord = (word: string): boolean => PLAIN_WORD.test(word) && !KEYWORDS.has(word);
const isGap = (character: string | undefined): boolean => character === ' ' || character === '\t';

/**
 * Whether the word at `start..end` of `text` (an identifier or part of one) is certainly prose: a
 * word of a comment, a string or a template's text beside another plain word on the same line
 * ("Path parameters result in…"). In code an identifier next to another identifier, with only
 * spaces or tabs between, is a syntax error unless one of them is a keyword, so such a word is
 * never a key, a name or a call. Conservative everywhere else: a word of a decorator or a member
 * (`@Input schema`, `@a.schema field`), beside a keyword, or separated by anything but spaces and
 * tabs (a line break, a comment, a non-ASCII letter) counts as code.
 */
function isProse(text: string, matchStart: number, matchEnd: number): boolean {
  let start = matchStart;
  let end = matchEnd;
  while (start > 0 && IDENTIFIER_PART.test(text[start - 1]!)) start -= 1;
  while (end < text.length && IDENTIFIER_PART.test(text[end]!)) end += 1;
  if (!isPlainWord(text.slice(start, end)) || ATTACHED.has(text[start - 1] ?? '')) return false;
  let gapStart = start;
  while (isGap(text[gapStart - 1])) gapStart -= 1;
  if (gapStart < start) {
    let wordStart = gapStart;
    while (wordStart > 0 && IDENTIFIER_PART.test(text[wordStart - 1]!)) wordStart -= 1;
    if (isPlainWord(text.slice(wordStart, gapStart)) && !ATTACHED.has(text[wordStart - 1] ?? '')) return true;
  }
  let gapEnd = end;
  while (isGap(text[gapEnd])) gapEnd += 1;
  if (gapEnd === end) return false;
  let wordEnd = gapEnd;
  while (wordEnd < text.length && IDENTIFIER_PART.test(text[wordEnd]!)) wordEnd += 1;
  return isPlainWord(text.slice(gapEnd, wordEnd));
}

const globalPatterns = new WeakMap<RegExp, RegExp>();

/**
 * How many matches one question looks at before it answers "may". Scanning every mention of a
 * word in a long, well-documented module cost more than the analysis it could spare.
 */
const MAX_PROSE_MATCHES = 16;

/**
 * Whether `pattern` matches `text` anywhere but in prose (see `isProse`): for the linted file's
 * vocabulary, since a well-documented module spells a rule's words (`schema`, `tool`, `enum`) in
 * its comments and messages far more often than its code does.
 */
export function spellsOutsideProse(text: string, pattern: RegExp): boolean {
  let global = globalPatterns.get(pattern);
  if (!global) globalPatterns.set(pattern, (global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)));
  global.lastIndex = 0;
  let looked = 0;
  for (let match = global.exec(text); match !== null; match = global.exec(text)) {
    // Past the bound the answer is "may": a text that mentions a word this often is looked at.
    if (match[0] === '' || looked === MAX_PROSE_MATCHES) return true;
    looked += 1;
    if (!isProse(text, match.index, match.index + match[0].length)) return true;
  }
  return false;
}
