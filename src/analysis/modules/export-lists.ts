import { topLevelStarts } from './code-walk.js';

// The named lists of a module's top level, read from its text: `export { a, b as c }`,
// `export { a } from './x'`, `import d, { e as f } from './y'`. A name's path through barrels that
// list what they pass on (`export { SHELL_TOOL_NAME } from './base-declarations.js'`) goes through
// these. Regular expressions over the lists `topLevelStarts` finds: a list holding anything but
// names and comments (a string name, an escape) is not read, and the whole text is then unread.

/** One name of an export list: `local as exported`, from the module `from` when it is a re-export. */
export interface ListedExport {
  readonly local: string;
  readonly exported: string;
  readonly from: string | undefined;
  readonly typeOnly: boolean;
}

/** One name an import binds: `imported` of `from` (`default`, `*` for a namespace) as `local`. */
export interface ListedImport {
  readonly local: string;
  readonly imported: string;
  readonly from: string;
  readonly typeOnly: boolean;
}

export interface ModuleLists {
  readonly exports: readonly ListedExport[];
  readonly imports: readonly ListedImport[];
  /**
   * Names every other `export` at the top level may export: a declaration's name (`export
   * function f`, `class`, `enum`, `namespace`, `interface`, `type`), `default`, `export * as ns`.
   */
  readonly declaredNames: ReadonlySet<string>;
  /** The names of `export * as ns` among them: a namespace, which shares its name with no type. */
  readonly namespaceNames: ReadonlySet<string>;
  /** Where each `export const`/`let`/`var` stands, up to the next top-level `export`: its names (`a, b = 1`, `{ a, b }`) are somewhere in there. */
  readonly variableSpans: readonly (readonly [number, number])[];
}

const NAME = String.raw`[A-Za-z_$][\w$]*`;
const SPECIFIER = String.raw`(['"])([^'"\\\n]*)`;
const EXPORT_LIST = new RegExp(String.raw`export\s+(type\s+)?\{([^{}]*)\}(?:\s*from\s*${SPECIFIER}\3)?`, 'y');
const IMPORT_CLAUSE = new RegExp(String.raw`import\s+(type\s+)?(?:(${NAME})\s*(?:,\s*)?)?(?:\{([^{}]*)\}|\*\s*as\s+(${NAME}))?\s*from\s*${SPECIFIER}\5`, 'y');
const DECLARATION_NAME = new RegExp(String.raw`export\s+(?:declare\s+)?(?:(?:abstract|async|const)\s+)*(?:function\s*\*?|class|enum|namespace|module|interface|type)\s*(${NAME})`, 'y');
const VARIABLE_START = /export\s+(?:declare\s+)?(?:const|let|var|using)(?![\w$])/y;
const STAR_AS = new RegExp(String.raw`export\s+(?:type\s+)?\*\s*as\s+(${NAME})`, 'y');
const STAR = /export\s+(?:type\s+)?\*/y;
const DEFAULT = /export\s+default(?![\w$])/y;
const LIST_ENTRY = new RegExp(String.raw`^(type\s+)?(${NAME})(?:\s+as\s+(${NAME}))?$`);
/** What a list may hold that the entries' expression does not read: strings, escapes, a comment left unclosed. */
const UNREAD_IN_LIST = /[/'"`\\]/;

/** Longest text whose lists are read. */
const MAX_LISTED_CHARACTERS = 4 * 1024 * 1024;

/**
 * The export and import lists at the top level of `text`. Undefined when one is written in a way
 * this does not read, or past `MAX_LISTED_CHARACTERS`: a caller then knows nothing of them.
 * `import(…)`, `import.meta` and `import './x'` bind nothing and are passed over; an `import`
 * this does not match otherwise (`import x = require('y')`) is not listed, which only leaves a
 * name it binds unfound.
 */
export function moduleListsIn(text: string): ModuleLists | undefined {
  const exportStarts = topLevelStarts(text, 'export', MAX_LISTED_CHARACTERS);
  const importStarts = exportStarts && topLevelStarts(text, 'import', MAX_LISTED_CHARACTERS);
  if (!exportStarts || !importStarts) return undefined;
  const exports: ListedExport[] = [];
  const declaredNames = new Set<string>();
  const namespaceNames = new Set<string>();
  const variableSpans: [number, number][] = [];
  for (const [index, at] of exportStarts.entries()) {
    EXPORT_LIST.lastIndex = at;
    const list = EXPORT_LIST.exec(text);
    if (!list) {
      // Which name another form of `export` may export; one this does not read leaves the text unread.
      if (matchesAt(STAR_AS, text, at)) {
        const namespace = STAR_AS.exec(text)![1]!;
        declaredNames.add(namespace);
        namespaceNames.add(namespace);
      }
      else if (matchesAt(DECLARATION_NAME, text, at)) declaredNames.add(DECLARATION_NAME.exec(text)![1]!);
      else if (matchesAt(VARIABLE_START, text, at)) variableSpans.push([at, exportStarts[index + 1] ?? text.length]);
      else if (matchesAt(DEFAULT, text, at)) declaredNames.add('default');
      // `export * from`: the names it passes on are its sources' (`starSourcesIn`).
      else if (!matchesAt(STAR, text, at)) return undefined;
      continue;
    }
    const entries = entriesOf(list[2]!);
    if (!entries) return undefined;
    for (const entry of entries) exports.push({ local: entry.name, exported: entry.alias ?? entry.name, from: list[4], typeOnly: list[1] !== undefined || entry.typeOnly });
  }
  const imports: ListedImport[] = [];
  for (const at of importStarts) {
    IMPORT_CLAUSE.lastIndex = at;
    const clause = IMPORT_CLAUSE.exec(text);
    if (!clause) continue;
    const [, type, defaultName, list, namespace, , from] = clause;
    const typeOnly = type !== undefined;
    if (defaultName !== undefined) imports.push({ local: defaultName, imported: 'default', from: from!, typeOnly });
    if (namespace !== undefined) imports.push({ local: namespace, imported: '*', from: from!, typeOnly });
    if (list === undefined) continue;
    const entries = entriesOf(list);
    if (!entries) return undefined;
    for (const entry of entries) imports.push({ local: entry.alias ?? entry.name, imported: entry.name, from: from!, typeOnly: typeOnly || entry.typeOnly });
  }
  return { exports, imports, declaredNames, namespaceNames, variableSpans };
}

/** Whether the sticky `pattern` matches at `index`, leaving `lastIndex` there for an `exec`. */
function matchesAt(pattern: RegExp, text: string, index: number): boolean {
  pattern.lastIndex = index;
  const matched = pattern.test(text);
  pattern.lastIndex = index;
  return matched;
}

/**
 * Whether a module whose lists are `lists` may export `name`: false only when no form of `export`
 * at its top level can (the name is in no list, no declaration's name, no `export * as`, and in
 * no variable declaration's span). `export *` lists are not counted here: they pass on names the
 * text need not spell.
 */
export function mayExportName(text: string, lists: ModuleLists, name: string): boolean {
  if (lists.declaredNames.has(name) || lists.exports.some((entry) => entry.exported === name)) return true;
  return lists.variableSpans.some(([start, end]) => {
    const found = text.indexOf(name, start);
    return found !== -1 && found < end;
  });
}

/** The next module on a name's path through a list: its specifier, and the name it exports there. */
export interface ListedOrigin {
  readonly from: string;
  readonly name: string;
}

/**
 * Where a module's lists take its export `name` from: `export { local as name } from './x'`, or
 * `export { local as name }` of a name the module imports. Undefined when no single entry exports
 * it, when the import is a namespace's, or when the entry or the import is type-only and `types`
 * is false (a type-only export binds no value). A name one list exports cannot also be exported
 * by a declaration or another list of a module that parses: a duplicate export is an early error.
 */
export function listedOrigin(lists: ModuleLists, name: string, types: boolean): ListedOrigin | undefined {
  const listed = lists.exports.filter((entry) => entry.exported === name);
  if (listed.length !== 1 || (!types && listed[0]!.typeOnly)) return undefined;
  const entry = listed[0]!;
  if (entry.from !== undefined) return { from: entry.from, name: entry.local };
  const imported = lists.imports.filter((binding) => binding.local === entry.local);
  if (imported.length !== 1 || (!types && imported[0]!.typeOnly) || imported[0]!.imported === '*') return undefined;
  return { from: imported[0]!.from, name: imported[0]!.imported };
}

/** Comments in a list (compilers keep them: `// Shared parameter names`); a list holds no strings, so none starts inside one. */
const LIST_COMMENT = /\/\/[^\n\r\u2028\u2029]*|\/\*[\s\S]*?\*\//g;

function entriesOf(written: string): { name: string; alias: string | undefined; typeOnly: boolean }[] | undefined {
  const list = written.includes('/') && !/['"`\\]/.test(written) ? written.replace(LIST_COMMENT, ' ') : written;
  if (UNREAD_IN_LIST.test(list)) return undefined;
  const entries: { name: string; alias: string | undefined; typeOnly: boolean }[] = [];
  for (const piece of list.split(",")) {
    const trimmed = piece.trim();
    if (trimmed === '') continue;
    const entry = LIST_ENTRY.exec(trimmed);
    if (!entry) return undefined;
    entries.push({ name: entry[2]!, alias: entry[3], typeOnly: entry[1] !== undefined });
  }
  return entries;
}
