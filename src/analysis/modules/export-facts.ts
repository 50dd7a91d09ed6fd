import { hasModuleSyntax } from '../../util/module-kind.js';
import { topLevelStarts, walkCode } from './code-walk.js';
import { mayExportName, moduleListsIn, type ModuleLists } from './export-lists.js';
import { mayExportQuotedName } from './reexport-scan.js';

// What one version of a module's text says about its own exports, kept per version of the file
// for every reader that asks without a parse: the star index of `module-graph.ts`, a name's path
// through barrels (`export-origin.ts`, `declaration-path.ts`). One judgment of "may this module
// export that name itself", so the three cannot disagree about a module.

/**
 * What a top-level `export` declares, as far as the text says:
 * - `function`: `export function f`, or a `const` holding an arrow or function expression;
 * - `class`: `export class C`;
 * - `primitive`: a `const` holding a string or number literal, whole;
 * - `value`: a `const` holding another value of its own (a call's result other than `require()`'s,
 *   an object or array literal, `new Set(…)`);
 * - `instance`: a `const` holding any other `new` (`new DebugLogger()`);
 * - `enum`: a TypeScript `enum` (`const enum`, `declare enum`);
 * - `uninitialized`: a `let` or `var` declared without a value (`export var Role;`, as TypeScript
 *   compiles an enum), whose writes are anywhere;
 * - `primitive-variable`: a `let` or `var` declared with a string or number literal, whole;
 * - `type`: an `interface` or `type` alias, perhaps merged with a namespace, when no other
 *   `export` of the module may bear its name (a value of the same name merges with it).
 * A function, a class, a primitive, a value and an instance are values of the module's own, and a
 * type is a type of its own, which no other module's binding can be (`module-summary.ts`; a type
 * alias of a library's type is no alias of its binding, as `schema-libraries.ts` resolves names);
 * the others may be assigned one later.
 */
export type DeclaredKind = 'function' | 'class' | 'primitive' | 'value' | 'instance' | 'enum' | 'uninitialized' | 'primitive-variable' | 'type';

/**
 * What the scans found in one version of a module's text, each read the first time it is asked:
 * most modules on a name's path are only passed through (the name is not in their text), and
 * need neither the declarations' scan nor the escapes'.
 */
export interface ExportFacts {
  readonly stamp: string;
  /** What each name declared at the top level is (`declaredKindsIn`); null past the scan's bound. */
  declared?: ReadonlyMap<string, DeclaredKind> | null;
  /** The specifiers of its `export * from` lists; null when one is not a relative specifier the scan reads plainly. */
  starSources?: readonly string[] | null;
  /** Whether a name may be exported without its letters in the text (an escape sequence) or outside ES module syntax. */
  opaque?: boolean;
  /** Its top-level export and import lists (`export-lists.ts`); null when the scan does not read them. */
  lists?: ModuleLists | null;
}

/** Facts of the modules read, by file; the oldest go first past `MAX_FACTS`. */
const factsByFile = new Map<string, ExportFacts>();
const MAX_FACTS = 50_000;

/** The facts of one version of `file` (its `stamp`), each filled in by whoever first needs it. */
export function factsOf(file: string, stamp: string): ExportFacts {
  let facts = factsByFile.get(file);
  if (facts?.stamp !== stamp) {
    factsByFile.delete(file);
    factsByFile.set(file, (facts = { stamp }));
    if (factsByFile.size > MAX_FACTS) factsByFile.delete(factsByFile.keys().next().value!);
  }
  return facts;
}

/**
 * CommonJS exports (`exports.x =`, `module.exports`, `exports` handed on or aliased): exports a
 * scan of ES module syntax cannot list, wherever they stand. The word alone, as prose spells it
 * ("re-exports"), is not one.
 */
const COMMONJS_EXPORTS = /\bexports\s*[.[=,)]|[=(,]\s*exports\b|\bmodule\s*\.\s*exports\b/;
/**
 * `export =`, `export import` and `export as namespace`: TypeScript's exports that a scan of ES
 * module syntax cannot list either, but only at the top level. Inside a namespace (`export declare
 * namespace OpenAI { export import Page = Pagination.Page; }`, as an SDK's client merges one with
 * its class) they declare the namespace's members, not the module's exports.
 */
const TYPESCRIPT_EXPORTS = /\bexport\s*=|\bexport\s+import\b|\bexport\s+as\s+namespace\b/;
const TYPESCRIPT_EXPORT_AT = /export\s*=|export\s+import(?![\w$])|export\s+as\s+namespace(?![\w$])/y;

/** Longest text walked for escapes in code, or for top-level exports; a longer one "may" hold one. */
const MAX_WALKED_CHARACTERS = 4 * 1024 * 1024;

/** Whether `text` may export a name without spelling it, or outside ES module syntax. */
export function isOpaque(text: string): boolean {
  return !hasModuleSyntax(text) || COMMONJS_EXPORTS.test(text) || (TYPESCRIPT_EXPORTS.test(text) && mayExportOutsideLists(text)) || mayEscapeName(text);
}

/** Whether one of `TYPESCRIPT_EXPORTS` stands at the top level, as code (not in a comment or a string). */
function mayExportOutsideLists(text: string): boolean {
  const starts = topLevelStarts(text, 'export', MAX_WALKED_CHARACTERS);
  if (!starts) return true;
  return starts.some((at) => {
    TYPESCRIPT_EXPORT_AT.lastIndex = at;
    return TYPESCRIPT_EXPORT_AT.test(text);
  });
}

/** Whether an escape may spell an exported name: `\u` in an identifier, any escape in a quoted export name. */
function mayEscapeName(text: string): boolean {
  return text.includes('\\') && (mayEscapeIdentifier(text) || mayExportQuotedName(text));
}

/**
 * Whether a backslash stands in code, where `\u0061` is an identifier's letter: outside strings,
 * templates' text, comments and regular expressions, which spell no name (`'\u001b[0m'`, the
 * terminal colours of many modules). Past `MAX_WALKED_CHARACTERS`, "may".
 */
function mayEscapeIdentifier(text: string): boolean {
  if (!text.includes('\\u')) return false;
  if (text.length > MAX_WALKED_CHARACTERS) return true;
  return walkCode(text, 0, text.length, (char) => char === '\\') !== text.length;
}

/**
 * Whether the module whose text is `text` may export `name` itself, not through an `export *`
 * list: by a declaration, an export list (`export { a as name }`, `export { name } from`), `export
 * * as name`, or outside ES module syntax (CommonJS, `export =`). False for a module that does not
 * spell the name, nor may through an escape or CommonJS, and for one that spells it only where no
 * `export` can export it (`mayExportName`: an import, a use, a comment), as a parse's export table
 * would list it: in a module that parses, every export of a name is one of these forms.
 */
export function mayExportOwnName(text: string, facts: ExportFacts, name: string): boolean {
  if (!text.includes(name)) {
    // Only an escape spells a name without its letters; CommonJS can export one only by spelling it, or by an escape in a key.
    if (!text.includes('\\')) return false;
    facts.opaque ??= isOpaque(text);
    return facts.opaque;
  }
  facts.opaque ??= isOpaque(text);
  if (facts.opaque) return true;
  const lists = listsOf(text, facts);
  return !lists || mayExportName(text, lists, name);
}

/** The module's top-level lists (`moduleListsIn`), read once per version of its text; undefined when the scan does not read them. */
export function listsOf(text: string, facts: ExportFacts): ModuleLists | undefined {
  if (facts.lists === undefined) facts.lists = moduleListsIn(text) ?? null;
  return facts.lists ?? undefined;
}
