import type { TSESLint } from '@typescript-eslint/utils';

/**
 * A rule that can only report where a file spells one of a few words (`throw`, a policy key, a
 * schema property name) asks here first, so that on the many files that spell none of them it
 * registers no listener and does no work. The answer must never be "no" for a file the rule could
 * report in: the words are the rule's own vocabulary, matched case-insensitively anywhere in the
 * text (code, strings and comments alike), and escapes are decoded, since `'input\u0053chema'`
 * and `input\u0053chema` spell `inputSchema` to the parser.
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

/** Whether the linted file may spell a word of `vocabulary` (see `vocabularyPattern`). */
export function mayMention(sourceCode: Readonly<TSESLint.SourceCode>, vocabulary: RegExp): boolean {
  const { text } = sourceCode;
  if (vocabulary.test(text)) return true;
  if (!text.includes('\\')) return false;
  let decoded = decodedTexts.get(sourceCode);
  if (decoded === undefined) {
    decoded = decodeEscapes(text);
    decodedTexts.set(sourceCode, decoded);
  }
  return vocabulary.test(decoded);
}

/**
 * A text with its escapes decoded (see `mayMention`), or the text itself when it has none: what a
 * pattern is asked of besides the text as written, for a module read from disk rather than linted.
 */
export function decodedText(text: string): string {
  return text.includes('\\') ? decodeEscapes(text) : text;
}
