import type { TSESLint } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { ANY_TEXT, decodedText, mayMention, spellsOutsideProse, vocabularyPattern } from '../../src/analysis/syntax/file-text.js';

const source = (text: string) => ({ text }) as unknown as TSESLint.SourceCode;
const SCHEMA_WORDS = vocabularyPattern(['inputSchema', 'ajv']);

describe('mayMention', () => {
  it('finds a word anywhere, in any case', () => {
    expect(mayMention(source('const INPUTSCHEMA = 1;'), SCHEMA_WORDS)).toBe(true);
    expect(mayMention(source('// see new Ajv()'), SCHEMA_WORDS)).toBe(true);
    expect(mayMention(source('const input = schema;'), SCHEMA_WORDS)).toBe(false);
  });

  it('takes no word of prose for one the rule may read', () => {
    expect(mayMention(source('// Returns the inputSchema of a tool.\nexport const a = 1;'), SCHEMA_WORDS)).toBe(false);
    expect(mayMention(source("throw new Error('no inputSchema given');"), SCHEMA_WORDS)).toBe(false);
    expect(mayMention(source(String.raw`// the input\u0053chema of a tool`), SCHEMA_WORDS)).toBe(false);
    expect(mayMention(source('// Returns the inputSchema of a tool.\nexport const inputSchema = 1;'), SCHEMA_WORDS)).toBe(true);
  });

  it.each([
    ['a \\u escape in a string', String.raw`x['input\u0053chema']`],
    ['a \\u escape in an identifier', String.raw`input\u0053chema = 1`],
    ['a braced code point', String.raw`'input\u{53}chema'`],
    ['a \\x escape', String.raw`'input\x53chema'`],
    ['a legacy octal escape', String.raw`'input\123chema'`],
    ['a needless escape', String.raw`'input\Schema'`],
    ['a line continuation', "'input\\\nSchema'"],
  ])('decodes %s', (_name, text) => {
    expect(mayMention(source(text), SCHEMA_WORDS)).toBe(true);
  });

  it('does not decode an escaped backslash into an escape', () => {
    // `\\u0053` is a backslash and the letters u0053, not an S.
    expect(mayMention(source(String.raw`'input\\u0053chema'`), SCHEMA_WORDS)).toBe(false);
  });

  it('does not invent a word from an escape that decodes to something else', () => {
    expect(mayMention(source(String.raw`'input\nSchema'`), SCHEMA_WORDS)).toBe(false);
    expect(mayMention(source(String.raw`'\u{110000}'`), SCHEMA_WORDS)).toBe(false);
  });
});

describe('vocabularyPattern', () => {
  it('matches its words literally', () => {
    const pattern = vocabularyPattern(['a.b', 'c+', '$d']);
    expect(pattern.test('a.b')).toBe(true);
    expect(pattern.test('axb')).toBe(false);
    expect(pattern.test('c+')).toBe(true);
    expect(pattern.test('cc')).toBe(false);
    expect(pattern.test('$d')).toBe(true);
  });

  it('refuses an empty vocabulary instead of matching nothing (or everything)', () => {
    expect(() => vocabularyPattern([])).toThrow(/at least one word/);
    expect(() => vocabularyPattern([''])).toThrow(/at least one word/);
  });

  it('returns one pattern per vocabulary', () => {
    expect(vocabularyPattern(['x', 'y'])).toBe(vocabularyPattern(['x', 'y']));
  });

  it('adds pattern sources as they are, beside the escaped words', () => {
    const pattern = vocabularyPattern(['a.b'], [String.raw`\bkey\s*:`]);
    expect(pattern.test('{ key : 1 }')).toBe(true);
    expect(pattern.test('monkey')).toBe(false);
    expect(pattern.test('a.b')).toBe(true);
    expect(vocabularyPattern([], ['x+'])).toBe(vocabularyPattern([], ['x+']));
  });
});

describe('decodedText', () => {
  it('decodes escapes in a module read from disk as in the linted file', () => {
    expect(decodedText(String.raw`'input\u0053chema'`)).toBe("'inputSchema'");
    expect(decodedText(String.raw`'input\\u0053chema'`)).toBe(String.raw`'input\u0053chema'`);
    const plain = 'const a = 1;';
    expect(decodedText(plain)).toBe(plain);
  });
});

describe('ANY_TEXT', () => {
  it('admits every file, an empty one included', () => {
    expect(mayMention(source(''), ANY_TEXT)).toBe(true);
    expect(mayMention(source('const a = 1;'), ANY_TEXT)).toBe(true);
  });
});

describe('spellsOutsideProse', () => {
  const PARAMETERS = vocabularyPattern(['parameters']);

  it.each([
    ['a comment', '// Path parameters are encoded as URI components.\nexport const a = 1;'],
    ['a string', "throw new TypeError('Query parameters and request options are merged');"],
    ['a template', 'const message = `Path parameters result in ${path}`;'],
    ['a block comment of several lines', '/**\n * Omits the optional parameters of the call.\n */'],
    ['tabs between the words', '// optional\tparameters\tonly'],
    ['every one of several mentions', '// request parameters\n// the parameters used'],
  ])('is no for a word that is only prose: %s', (_name, text) => {
    expect(spellsOutsideProse(text, PARAMETERS)).toBe(false);
  });

  it.each([
    ['a key', 'const tool = { name, parameters: args };'],
    ['a shorthand key', 'const tool = { name, parameters };'],
    ['a member', 'tool.parameters = args;'],
    ['a quoted key', "const tool = { 'parameters': args };"],
    ['a declaration', 'const parameters = build();'],
    ['a keyword before it', 'return parameters;'],
    ['a keyword after it', 'if (parameters instanceof Map) use();'],
    ['a decorator before it', 'class Tool { @Input parameters: Args; }'],
    ['a word after a member of a decorator', 'class Tool { @meta.parameters field = 1; }'],
    ['a line break between the words', 'const a = b\nparameters = c;'],
    ['a comment between the words', 'const x = a /* the */ parameters;'],
    ['an English word that is a keyword', '/** Parameters for the call. */'],
    ['one mention in code among prose', '// request parameters\nconst tool = { parameters };'],
    ['a non-ASCII letter beside it', '// café parameters'],
  ])('is yes for a word that may be code: %s', (_name, text) => {
    expect(spellsOutsideProse(text, PARAMETERS)).toBe(true);
  });

  it('is no where the pattern matches nowhere', () => {
    expect(spellsOutsideProse('const a = 1;', PARAMETERS)).toBe(false);
  });
});
