import type { TSESLint } from '@typescript-eslint/utils';
import type { SchemaLibrarySettings } from '../../settings.js';
import { mayExportPackageBinding } from '../modules/export-origin.js';
import { importsMayProvide, type ImportedNames, type TextQuestion } from '../modules/module-summary.js';
import { mayReachPackage } from '../modules/package-reach.js';
import { librarySpecifiers } from '../schemas/schema-libraries.js';
import { ANY_TEXT, COMMENT_SOURCE, decodedSourceText, decodedText, mayMention, vocabularyPattern } from '../syntax/file-text.js';

/**
 * The necessary condition of `no-permissive-schema-fallback`: what a file must spell, or import,
 * to hold a finding. A finding needs a destination, and each destination needs one of these:
 *
 * - a sink, written in the file (the flow analysis follows values inside the file only): a tool's
 *   schema key (`…Schema`, `parameters`), an elicitation's `requestedSchema`, a registration or
 *   `tool()` call, Ajv, `jsonSchema()`, a converter, or a schema library's call;
 * - or a replaced value that is a schema by what it is (`schemaByWhatItIs`): a library builder, a
 *   converter's or validator's call, or an object whose keys are all JSON Schema keywords and
 *   include `type` with a JSON type, `$schema`, `properties`, `$ref` or a schema-only keyword.
 *
 * The evaluator runs no function and builds objects only from object literals, TypeScript enums,
 * JSON modules and imports; a library binding comes from an import naming the library (or an
 * alias a project module passes on). So every word that decides it is written in the linted file
 * or in a module it imports, directly or not: a key as a key, or computed in brackets from
 * strings (`{ ['ty' + 'pe']: … }`), whose pieces are string literals of the file (or keys read
 * by `Object.keys`), since a string made of other primitives (`String(null)`, `typeof x`) spells
 * none of the keywords. A JSON type that `type` holds is a quoted piece of one, `typeof`'s
 * result, `null` made a string, or a key read by `Object.keys`.
 */

/** Past spaces and comments (`COMMENT_SOURCE`), what may follow a word for it to be a key or a called name. */
const GAP = String.raw`(?:\s|${COMMENT_SOURCE})*`;
const AS_KEY = String.raw`['"\`]?${GAP}[:,}(<\]]`;

function piecesOf(words: readonly string[]): string[] {
  const pieces = new Set<string>();
  for (const word of words) for (let start = 0; start < word.length; start += 1) for (let end = start + 1; end <= word.length; end += 1) pieces.add(word.slice(start, end));
  return [...pieces].sort((a, b) => b.length - a.length);
}

/** A string literal or template part (trimmed) that may be a piece of one of `words`. */
const pieceOf = (words: readonly string[]): string => String.raw`['"\`}]\s*(?:${piecesOf(words).join('|')})\s*(?:['"\`]|\$\{)`;

/** What makes a value a schema by what it is, in any module: a word anywhere, or a key by its whole name (`VALUE_KEYS`). */
const VALUE_WORDS = [
  // `$schema`, the converters (`…JsonSchema`), and declared types (`JSONSchema7`, `TSchema`, `GenericSchema`).
  'schema',
  // Validators: `ajv.compile`, `getValidator`, `new Validator`, TypeBox's `TypeCompiler.Compile`.
  ...['ajv', 'validator', 'compile'],
  'zod',
  'typebox',
  'valibot',
];

/**
 * A word as a whole name, never part of a longer one: a key, a member or a keyword is written
 * whole (`properties:`, `s.properties`, `'$ref'`, `enum Kind`), or assembled from pieces no
 * word list sees either way, so `defineProperties`, `enumerable` and `ConstructorParameters`
 * hold none of them.
 */
const wholeWords = (words: readonly string[]): string => String.raw`(?<![\w$])(?:${words.map((word) => word.replace(/\$/g, '\\$')).join('|')})(?![\w$])`;

/** Keys and keywords of the same kind, by whole name (`wholeWords`). */
const VALUE_KEYS = wholeWords([
  // JSON Schema keywords that make an object of keywords a schema.
  ...['properties', '$ref', 'anyOf', 'oneOf', 'allOf', '$defs', 'definitions', 'prefixItems'],
  // A TypeScript enum is an object to the evaluator, its members' names its keys.
  'enum',
]);
const NOT_KEY = String.raw`\bnot${AS_KEY}`;
/** Keys and keywords are case-sensitive: `Type:` is no `type` key, `Object` is the global only. */
const TYPE_KEY = new RegExp(String.raw`\btype${AS_KEY}`);
const COMPUTED_KEY = new RegExp(String.raw`(?:[{,*]|\b(?:get|set|async|static))${GAP}\[`);
/** A string `toLowerCase` or `trim` may still turn into a JSON type or a key: any case, padded. */
const JSON_TYPE_PIECE = new RegExp(pieceOf(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']), 'i');
const KEY_PIECE = new RegExp(pieceOf(['type', 'not']), 'i');
const JSON_TYPE_WORD = /\b(?:typeof|null|Object)\b/;
const OBJECT_GLOBAL = /\bObject\b/;

/** Sinks, which only the linted file's own text can hold: schema keys and a tool's registration. */
const SINK_KEYS = wholeWords(['parameters']);
const TOOL_CALL = String.raw`tool['"\`]?\]?${GAP}(?:[(<!?)]|as\b|satisfies\b)`;

const ANY = 1;
const TYPE_KEY_BIT = 2;
const JSON_TYPE_BIT = 4;
const COMPUTED_KEY_BIT = 8;
const KEY_PIECE_BIT = 16;

function suffices(evidence: number): boolean {
  const both = (bits: number): boolean => (evidence & bits) === bits;
  return (evidence & ANY) !== 0 || both(TYPE_KEY_BIT | JSON_TYPE_BIT) || both(COMPUTED_KEY_BIT | KEY_PIECE_BIT);
}

function libraryWords(libraries: SchemaLibrarySettings): string[] {
  return [...libraries.zod, ...libraries.typebox, ...libraries.valibot];
}

interface Patterns {
  readonly file: RegExp;
  readonly question: TextQuestion;
  /** The linted file's own evidence: as `question.evidence`, with the words that suffice alone counted outside prose only. */
  readonly own: (sourceCode: Readonly<TSESLint.SourceCode>) => number;
}

const byLibraries = new WeakMap<SchemaLibrarySettings, Patterns>();

function patternsFor(libraries: SchemaLibrarySettings): Patterns {
  let patterns = byLibraries.get(libraries);
  if (patterns) return patterns;
  const pairsIn = (text: string): number =>
    (TYPE_KEY.test(text) ? TYPE_KEY_BIT : 0) |
    (JSON_TYPE_PIECE.test(text) || JSON_TYPE_WORD.test(text) ? JSON_TYPE_BIT : 0) |
    (COMPUTED_KEY.test(text) ? COMPUTED_KEY_BIT : 0) |
    (KEY_PIECE.test(text) || OBJECT_GLOBAL.test(text) ? KEY_PIECE_BIT : 0);
  // The words that suffice alone, in one pass; the pairs are asked only of a file without them.
  const file = vocabularyPattern([...VALUE_WORDS, ...libraryWords(libraries)], [VALUE_KEYS, SINK_KEYS, NOT_KEY, TOOL_CALL]);
  // An imported module counts with its sinks too: the flow analysis follows an argument into an
  // imported function or class, one level. A module of functions counts with its pairs as well:
  // a function followed into returns its literals (`schemaAmongOtherReturns`).
  const evidence = (text: string): number => {
    const decoded = decodedText(text);
    const judged = (part: string): number => (file.test(part) ? ANY : 0) | pairsIn(part);
    return judged(text) | (decoded === text ? 0 : judged(decoded));
  };
  // The linted file's words are judged as its vocabulary is (`mayMention`, whose answer the rule's
  // own vocabulary check has usually asked already): a word of prose, beside another plain word on
  // its line, is no code. Imported modules' texts are not judged so: filtering them cost more
  // than the files it turned away.
  const own = (sourceCode: Readonly<TSESLint.SourceCode>): number => {
    if (mayMention(sourceCode, file)) return ANY;
    const decoded = decodedSourceText(sourceCode);
    return pairsIn(sourceCode.text) | (decoded === sourceCode.text ? 0 : pairsIn(decoded));
  };
  patterns = { file, question: { key: file.source, evidence, suffices }, own };
  byLibraries.set(libraries, patterns);
  return patterns;
}

/** The rule's vocabulary: the words that suffice alone, one pattern over the linted file's text. */
export function fallbackVocabulary(libraries: SchemaLibrarySettings, schemaNames: readonly string[]): RegExp {
  // Names matched by the user's regular expressions make a sink of anything: no word stands for them.
  return schemaNames.length > 0 ? ANY_TEXT : patternsFor(libraries).file;
}

/**
 * Asked of a file that fails the vocabulary: whether the file's own text holds a pair of
 * evidence (a `type` key and a JSON type, a computed key and a piece of a keyword), or its
 * imports, with what it spells itself, may still hold a value that is a schema by what it is.
 * An import the file reads only in types brings in no value: only whether a type behind it may be
 * a schema library's (a declared `TObject` re-exported by a project barrel) is asked of it.
 */
export function importsMayHoldFallbackEvidence(
  sourceCode: Readonly<TSESLint.SourceCode>,
  file: string,
  libraries: SchemaLibrarySettings,
  checked: Set<string>,
): boolean {
  // Asked by two rules of one file (the fallback rule's and the helper rule's conditions), answered once.
  let byLibraries = answers.get(sourceCode);
  if (!byLibraries) answers.set(sourceCode, (byLibraries = new WeakMap()));
  let answer = byLibraries.get(libraries);
  if (answer === undefined) {
    const { question, own: ownEvidence } = patternsFor(libraries);
    const own = ownEvidence(sourceCode);
    // A type from a project module is a schema type only as a schema library's, behind a barrel.
    // Asked as `declared-schema-type.ts` resolves such a name: along its own path, a namespace by its module's closure.
    const packages = librarySpecifiers(libraries);
    const typesMay = (specifier: string, names: ImportedNames): boolean =>
      names === '*' ? mayReachPackage(file, specifier, packages, checked) : names.some((name) => mayExportPackageBinding(file, specifier, name, packages, checked));
    answer = suffices(own) || importsMayProvide(sourceCode, file, question, own, checked, typesMay);
    byLibraries.set(libraries, answer);
  }
  return answer;
}

/** One answer per linted file (its `SourceCode`, one per lint) and settings' libraries. */
const answers = new WeakMap<object, WeakMap<SchemaLibrarySettings, boolean>>();
