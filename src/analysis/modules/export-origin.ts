import { skipSpace, skipSpaceAndComments, topLevelStarts, walkCode } from './code-walk.js';
import { moduleText, stampInPass } from './module-graph.js';
import { isReadable, resolveSpecifier } from './module-resolution.js';
import { mayReachPackage } from './package-reach.js';
import { starSourcesIn } from './reexport-scan.js';
import { factsOf, isOpaque, listsOf, mayExportOwnName, type DeclaredKind } from './export-facts.js';
import { listedOrigin, type ModuleLists } from './export-lists.js';

// What a module's export of one name is, read from texts alone: whether it is certainly a value the
// project declares itself (`export function pick`, `export class Pick`, `export const pick = (…) =>`,
// `export const path = createPath()`, `export const allTools = [ … ]`), through any `export *`
// lists on the way. Such an export is never a schema library's binding (as `module-summary.ts`
// reads a parsed module: a function, a class, a call's result or a literal holds a value; only an
// alias or `require()` holds a binding), so the enum rule's pre-check need not walk the imported
// module's closure for it. A 5 KB script of `@zereight/mcp-gitlab` importing four lists of tools
// from a registry that also exports names by a list had the walk follow every import of the
// registry to a 208 KB module of schemas that passes zod on, and parse it: 504 ms in the enum rule
// for a file with no enum, 32 ms along the names' own paths. The kinds of declaration the scan
// records (`DeclaredKind`) also tell the fallback rule what an imported constant is
// (`declaration-path.ts`).

/** Declarations of the module's own, never another module's binding (`DeclaredKind`). */
const OWN_DECLARATIONS: ReadonlySet<DeclaredKind> = new Set(['function', 'class', 'primitive', 'value', 'instance', 'type']);

/**
 * `export` at a top-level position, then the declaration of a function or class, or the first
 * declarator of a `const` (`let` and `var` may be assigned an alias later). Anything between the
 * words other than white space (a comment) is not matched, which only makes an answer "unknown".
 */
const CALLABLE_DECLARATION = /export\s+(?:declare\s+)?(default\s+)?(?:(?:async\s+)?function(?![\w$])\s*\*?\s*([A-Za-z_$][\w$]*)?|(?:abstract\s+)?class(?![\w$])\s*([A-Za-z_$][\w$]*)?)/y;
const CONST_DECLARATION = /export\s+const\s+([A-Za-z_$][\w$]*)\s*([:=])/y;
const FUNCTION_START = /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?function(?![\w$])/;
/** Where a namespace may be declared or merged (prose counts too, which only leaves a name unsettled). */
const NAMESPACE_NAMES = /\b(?:namespace|module)\s+([A-Za-z_$][\w$]*)/g;
/** A TypeScript enum, or a first declarator of a `let` or `var` without a value or type (`export var Role;`). */
const ENUM_DECLARATION = /export\s+(?:declare\s+)?(?:const\s+)?enum\s+([A-Za-z_$][\w$]*)\s*\{/y;
const UNINITIALIZED_DECLARATION = /export\s+(?:let|var)\s+([A-Za-z_$][\w$]*)\s*[;,]/y;
const INITIALIZED_VARIABLE = /export\s+(?:let|var)\s+([A-Za-z_$][\w$]*)\s*=/y;
/** `export interface I`, `export type T =` (`<` for type parameters); not `export type { … }`, a list. */
const TYPE_DECLARATION = /export\s+(?:declare\s+)?(?:interface|type)\s+([A-Za-z_$][\w$]*)\s*[<={]|export\s+(?:declare\s+)?interface\s+([A-Za-z_$][\w$]*)\s+extends(?![\w$])/y;
/** What stays what it is when a namespace of the same name merges with it (`declaredKindsIn`). */
const MERGES_WITH_NAMESPACE: ReadonlySet<DeclaredKind | undefined> = new Set(['function', 'class', 'type']);

/** A name or a member path (`createPath`, `z.object`, `a?.b`), then white space. */
const NAME_PATH = /([A-Za-z_$][\w$]*)(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*\s*/y;
/**
 * Up to the `(` of what may be an arrow's parameters: `(`, `async (`, `<T>(`, `async <R extends
 * X<Y>>(` (type parameters nested one level). Whether it is an arrow is `isArrowAfter`'s to say:
 * a call of a function named `async`, or a parenthesised alias, has no `=>` after its `)`.
 */
const ARROW_HEAD = /(?:async\s*)?(?:<(?:[^<>;]|<[^<>;]*>)*>\s*)?\(/y;
/** A string or number literal, whole. */
const PLAIN_LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|-?\d[\w.]*/y;
/** Words that go on with an expression on the next line (TypeScript reads `as` and `satisfies` there only without a line break, but "may" is safe). */
const CONTINUING_WORDS = /(?:as|satisfies|instanceof|in)(?![\w$])/y;

/** Longest text scanned for top-level declarations; a longer one is left to the walk. */
const MAX_SCANNED_CHARACTERS = 4 * 1024 * 1024;
/** Modules one question reads at most along a name's path: past it, the walk decides. */
export const MAX_MODULES_PER_QUESTION = 2000;

/**
 * What the names a module declares at its top level are (`DeclaredKind`), at each `export`
 * outside every bracket (`topLevelStarts`, which skips strings, templates, comments and regular
 * expressions). A `const` whose initializer the scan cannot settle is not listed. Undefined past
 * `MAX_SCANNED_CHARACTERS`.
 */
export function declaredKindsIn(text: string, listsOfText: () => ModuleLists | undefined): Map<string, DeclaredKind> | undefined {
  const starts = topLevelStarts(text, 'export', MAX_SCANNED_CHARACTERS);
  if (!starts) return undefined;
  const found = new Map<string, DeclaredKind>();
  // A name declared twice (overloads, merged enums) is what its declarations say only if they all say the same.
  const unsettled = new Set<string>();
  const declare = (name: string, kind: DeclaredKind): void => {
    const before = found.get(name);
    if (before !== undefined && before !== kind) unsettled.add(name);
    found.set(name, kind);
  };
  // Initializers' brackets are matched by a walk of their own; top-level declarations do not
  // overlap, so a few times the text is enough, and keeps a text of unclosed brackets linear.
  const scan: Scan = { text, left: 4 * text.length + MAX_TYPE_SCAN };
  for (const at of starts) {
    CALLABLE_DECLARATION.lastIndex = at;
    const callable = CALLABLE_DECLARATION.exec(text);
    if (callable) {
      const name = callable[1] !== undefined ? 'default' : (callable[2] ?? callable[3]);
      if (name !== undefined) declare(name, FUNCTION_START.test(callable[0]) ? 'function' : 'class');
      continue;
    }
    ENUM_DECLARATION.lastIndex = at;
    const enumeration = ENUM_DECLARATION.exec(text);
    if (enumeration) {
      declare(enumeration[1]!, 'enum');
      continue;
    }
    UNINITIALIZED_DECLARATION.lastIndex = at;
    const uninitialized = UNINITIALIZED_DECLARATION.exec(text);
    if (uninitialized) {
      declare(uninitialized[1]!, 'uninitialized');
      continue;
    }
    TYPE_DECLARATION.lastIndex = at;
    const type = TYPE_DECLARATION.exec(text);
    if (type) {
      declare(type[1] ?? type[2]!, 'type');
      continue;
    }
    INITIALIZED_VARIABLE.lastIndex = at;
    const variable = INITIALIZED_VARIABLE.exec(text);
    if (variable) {
      if (initializerKind(scan, INITIALIZED_VARIABLE.lastIndex) === 'primitive') declare(variable[1]!, 'primitive-variable');
      continue;
    }
    CONST_DECLARATION.lastIndex = at;
    const constant = CONST_DECLARATION.exec(text);
    if (!constant) continue;
    const afterName = CONST_DECLARATION.lastIndex;
    const initializer = constant[2] === '=' ? afterName : assignmentAfterType(text, afterName);
    const kind = initializer === undefined ? undefined : initializerKind(scan, initializer);
    if (kind !== undefined) declare(constant[1]!, kind);
  }
  // `namespace N { … }` adds members to a function, class or enum of the same name. A function, a
  // class or a type merged with one stays a declaration of the module's own, which is all its kind
  // says (`DeclaredKind`): no reader here reads a namespace's body, and a scope's first definition
  // of the name is a function's, a class's or a namespace's, none a binding of another module's
  // (`module-summary.ts`) nor a value the evaluator makes a schema (`bindings.ts`). An enum's is
  // its members, which the namespace may come before: left to the walk.
  for (const match of text.matchAll(NAMESPACE_NAMES)) if (!MERGES_WITH_NAMESPACE.has(found.get(match[1]!))) unsettled.add(match[1]!);
  for (const name of unsettled) found.delete(name);
  unsettleMergedTypes(text, found, listsOfText);
  return found;
}

/**
 * Drops a type whose name another `export` may also export (`export const Tool = …` beside `export
 * interface Tool`, `export { Tool }`, `export * as Tool`): the value is what a value import reads,
 * and the scan does not record every value. Kept only when the lists are read and say no.
 */
function unsettleMergedTypes(text: string, found: Map<string, DeclaredKind>, listsOfText: () => ModuleLists | undefined): void {
  const types = [...found].filter(([, kind]) => kind === 'type').map(([name]) => name);
  if (types.length === 0) return;
  const lists = listsOfText();
  for (const name of types) {
    const listed = lists === undefined || lists.namespaceNames.has(name) || lists.exports.some((entry) => entry.local === name || entry.exported === name);
    const inVariable = lists?.variableSpans.some(([start, end]) => {
      const at = text.indexOf(name, start);
      return at !== -1 && at < end;
    });
    if (listed || inVariable) found.delete(name);
  }
}

/** How far past a `const`'s type annotation the scan looks for its `=`. */
const MAX_TYPE_SCAN = 8192;

/** After `const N:`, the index past the `=` that ends the type annotation (not an arrow's `=>`), if the scan finds one. */
function assignmentAfterType(text: string, index: number): number | undefined {
  let assignment: number | undefined;
  const stop = walkCode(text, index, MAX_TYPE_SCAN, (char, at, depth) => {
    if (depth < 0 || (depth === 0 && char === ';')) return true;
    if (depth === 0 && char === '=' && text[at + 1] !== '>' && text[at - 1] !== '=' && text[at + 1] !== '=') {
      assignment = at + 1;
      return true;
    }
    return false;
  });
  return stop === -1 ? undefined : assignment;
}

/**
 * What the initializer at `index` holds, when it is a value of its own as a parsed module's
 * summary reads one (`module-summary.ts`: a function, a call's result other than `require()`'s, a
 * literal, a `new`): an arrow function (`x =>`, `(a, b): T =>`, `async (a) =>`), or one of the
 * others that ends the initializer (`createPath()`, `{ … }`, `'text'`, `function () {}`, then
 * `;`, `,` or a new statement). Anything else may be an alias (`= z.enum`, `= (z.enum)`,
 * `= [z.enum][0]`, `= make().enum`, `= f() as T`), and so is undefined.
 */
function initializerKind(scan: Scan, index: number): DeclaredKind | undefined {
  const { text } = scan;
  const settled = (kind: DeclaredKind, ends: boolean): DeclaredKind | undefined => (ends ? kind : undefined);
  // Past comments: `/* @__PURE__ */ createPath()`.
  let start = skipSpaceAndComments(text, index);
  const char = text[start];
  if (char === '{' || char === '[') return settled('value', endsInitializer(text, closeOf(scan, start)));
  PLAIN_LITERAL.lastIndex = start;
  if (PLAIN_LITERAL.test(text)) return settled('primitive', endsInitializer(text, PLAIN_LITERAL.lastIndex - 1));
  // An arrow's parameters, after `async` and type parameters (`async <R>(…) =>`).
  ARROW_HEAD.lastIndex = start;
  const head = ARROW_HEAD.exec(text);
  if (head) return settled('function', isArrowAfter(text, closeOf(scan, ARROW_HEAD.lastIndex - 1)));
  const isNew = /^new(?![\w$])/.test(text.slice(start, start + 4));
  if (isNew) start = skipSpace(text, start + 3);
  if (!isNew && /^(?:async\s+)?function(?![\w$])/.test(text.slice(start, start + 20))) {
    // The body's braces, past the parameters.
    const parameters = text.indexOf('(', start);
    const closing = parameters === -1 ? -1 : closeOf(scan, parameters);
    const body = closing === -1 ? -1 : skipSpace(text, closing + 1);
    return settled('function', body !== -1 && text[body] === '{' && endsInitializer(text, closeOf(scan, body)));
  }
  NAME_PATH.lastIndex = start;
  const path = NAME_PATH.exec(text);
  if (!path) return undefined;
  const after = NAME_PATH.lastIndex;
  if (!isNew && text.startsWith('=>', after)) return 'function';
  if (text[after] !== '(') return undefined;
  // The evaluator builds `new Set(…)` (a global's, which the text cannot tell), and no other `new`.
  const kind = !isNew ? 'value' : text.slice(start, after).trim() === 'Set' ? 'value' : 'instance';
  return settled(kind, (isNew || (path[1] !== 'require' && path[1] !== 'import')) && endsInitializer(text, closeOf(scan, after)));
}

/** The bracket closing the one opened at `open` (strings, templates and comments skipped); -1 past the scan's budget. */
function closeOf(scan: Scan, open: number): number {
  const { text } = scan;
  const limit = Math.min(scan.left, MAX_SCANNED_CHARACTERS);
  const close = walkCode(text, open + 1, limit, (_char, _at, depth) => depth < 0);
  scan.left -= close === -1 ? limit : close - open;
  return close === -1 || close >= text.length ? -1 : close;
}

/** A text whose initializers are read, and how many more characters their bracket walks may read. */
interface Scan {
  readonly text: string;
  left: number;
}

/** After an arrow's parameters closing at `close`: `=>`, or a return type (`): T =>`). */
function isArrowAfter(text: string, close: number): boolean {
  if (close === -1) return false;
  const after = skipSpace(text, close + 1);
  return text.startsWith('=>', after) || text[after] === ':';
}

/**
 * Whether an expression whose last character is at `last` is all of its initializer: a `;` or `,`
 * follows, or the text ends, or a new line starts with a word that cannot go on with it (a new
 * statement, as automatic semicolon insertion reads it).
 */
function endsInitializer(text: string, last: number): boolean {
  if (last === -1) return false;
  const next = skipSpaceAndComments(text, last + 1);
  if (next >= text.length || text[next] === ';' || text[next] === ',') return true;
  if (!/[\n\r\u2028\u2029]/.test(text.slice(last + 1, next)) || !/[A-Za-z_$@]/.test(text[next]!)) return false;
  CONTINUING_WORDS.lastIndex = next;
  return !CONTINUING_WORDS.test(text);
}

/**
 * Whether the export `name` of the module `specifier` names from `importer` may be a binding of
 * one of `packages`, read along the name's own path: a module that declares the name itself as a
 * value (`declaredKindsIn`) ends it with "no"; one that does not spell the name can pass it on
 * only from its `export *` lists (never as `default`), and each is followed in turn, as are those
 * of a module that spells it only where no `export` can export it (`mayExportName`: an import, a
 * use); a module the texts cannot settle so (it may export the name without declaring it as a
 * value, is opaque, or the path is past its bound) is asked as before, by the walk of its
 * closure (`mayReachPackage`). In a module
 * that parses and runs, a top-level `export function name` or `export const name =` is the export
 * of that name: another would be a duplicate export, an early error. Each text's facts are kept
 * per version of the file; every file read is `stat`ed in this pass (`checked`), so an edit is
 * seen by the next lint.
 */
export function mayExportPackageBinding(importer: string, specifier: string, name: string, packages: readonly string[], checked: Set<string>): boolean {
  const resolved = resolveSpecifier(importer, specifier, 'import', checked);
  // As the walk: a module the analysis does not read passes nothing on, a package is judged by its name.
  if (!isReadable(resolved)) return mayReachPackage(importer, specifier, packages, checked);
  let answers = answersByPass.get(checked);
  if (!answers) answersByPass.set(checked, (answers = new Map()));
  const key = `${resolved.file}\0${name}\0${packages.join('\0')}`;
  let answer = answers.get(key);
  if (answer === undefined) {
    const path: NamePath = { packages, checked, modules: MAX_MODULES_PER_QUESTION, seen: new Set() };
    answers.set(key, (answer = mayBindAlong(importer, specifier, resolved.file, name, path)));
  }
  return answer;
}

/** Answers of one pass, for whole questions (an inner one depends on the modules seen before it). */
const answersByPass = new WeakMap<Set<string>, Map<string, boolean>>();

interface NamePath {
  readonly packages: readonly string[];
  readonly checked: Set<string>;
  modules: number;
  readonly seen: Set<string>;
}

function mayBindAlong(importer: string, specifier: string, file: string, name: string, path: NamePath): boolean {
  const { packages, checked, seen } = path;
  // A cycle adds nothing the first visit did not.
  const visit = `${file}\0${name}`;
  if (seen.has(visit)) return false;
  seen.add(visit);
  path.modules -= 1;
  const stamp = stampInPass(file, checked);
  const text = path.modules < 0 || stamp === undefined ? undefined : moduleText(file, checked);
  if (text === undefined) return mayReachPackage(importer, specifier, packages, checked);
  const facts = factsOf(file, stamp!);
  // CommonJS can assign an export over a declaration's (`exports.pick = z.enum`).
  facts.opaque ??= isOpaque(text);
  if (facts.opaque) return mayReachPackage(importer, specifier, packages, checked);
  if (text.includes(name)) {
    if (facts.declared === undefined) facts.declared = declaredKindsIn(text, () => listsOf(text, facts)) ?? null;
    const kind = facts.declared?.get(name);
    if (kind !== undefined) return OWN_DECLARATIONS.has(kind) ? false : mayReachPackage(importer, specifier, packages, checked);
  }
  if (mayExportOwnName(text, facts, name)) {
    // `export { X as name } from './x'`, `export type { X } from`, or an import listed again: the
    // binding is the next module's (its types count too, as a declared type resolves through them).
    const origin = facts.lists ? listedOrigin(facts.lists, name, true) : undefined;
    const next = origin && resolveSpecifier(file, origin.from, 'import', checked);
    // A package's export, or any other form of `export`, is judged by the walk from the import.
    if (!origin || !next || !isReadable(next)) return mayReachPackage(importer, specifier, packages, checked);
    return mayBindAlong(importer, specifier, next.file, origin.name, path);
  }
  // A module that spells the name only where it imports or uses it passes it on, if at all, from a star list.
  if (facts.starSources === undefined) facts.starSources = starSourcesIn(text) ?? null;
  if (facts.starSources === null) return mayReachPackage(importer, specifier, packages, checked);
  if (name === 'default') return false;
  for (const source of facts.starSources) {
    const resolved = resolveSpecifier(file, source, 'import', checked);
    // The walk follows only what it can read, and so does the path.
    if (isReadable(resolved) && mayBindAlong(file, source, resolved.file, name, path)) return true;
  }
  return false;
}

