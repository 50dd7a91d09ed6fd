import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { readFileWithin } from '../../util/bounded-read.js';
import { stampInPass } from './file-stamps.js';
import { admitToPass, HeldCache, HOLD_WEIGHTS, refusedInPass } from './module-cache.js';
import { factsOf } from './export-facts.js';
import { buildExportTable, type ExportTable } from './module-exports.js';
import { moduleComments, parseModuleText, scopeOf, setParents, topLevelScope, type ParsedText } from './module-parser.js';
import { isBareSpecifier, isReadable, packageNameOf, resolveSpecifier, type ImportSyntax, type Resolution } from './module-resolution.js';
import { StarIndex, type StarSource } from './star-index.js';

type Scope = TSESLint.Scope.Scope;

export { scopeOf, topLevelScope } from './module-parser.js';
export { isBarrel } from './reexport-scan.js';
type ScopeManager = TSESLint.Scope.ScopeManager;

/**
 * A parsed module, the current file or one reached through an import: everything the evaluator
 * needs to resolve a name inside it.
 */
export interface ModuleSource {
  readonly file: string;
  readonly text: string;
  readonly ast: TSESTree.Program;
  readonly comments: readonly TSESTree.Comment[];
  getScope(node: TSESTree.Node): Scope;
  /** The scope holding the module's top-level bindings. */
  readonly moduleScope: Scope;
}

/** What an `export`/`import` name refers to inside a module. */
export type ExportTarget =
  /** A local binding (`export const X`, `export { a as X }`, `export default a`). */
  | { readonly kind: 'local'; readonly module: ModuleSource; readonly localName: string }
  /** `export default <expression>` that is not a plain identifier. */
  | { readonly kind: 'expression'; readonly module: ModuleSource; readonly node: TSESTree.Node }
  /** The module's namespace object (`import * as ns`, `export * as ns from`). */
  | { readonly kind: 'namespace'; readonly module: ModuleSource }
  /** A JSON module's parsed content. */
  | { readonly kind: 'json'; readonly file: string; readonly value: unknown }
  /**
   * A name exported by a package whose modules are not read: `zod`'s `z`, say. `dependency` names
   * the package when it is installed under `node_modules` (not a workspace package): a table
   * imported from it is that package's, values unknown.
   */
  | {
      readonly kind: 'external';
      readonly specifier: string;
      readonly importedName: string;
      readonly dependency?: string;
      /** Only a guess: the name was not found elsewhere, and `export * from '<package>'` may supply it. */
      readonly guessed?: boolean;
    };

interface CachedModule {
  readonly file: string;
  readonly stamp: string;
  /** The length of its text: what holding it, and reading it in a pass, is charged. */
  readonly size: number;
  /** Undefined when the file could not be read or parsed: its values are unknown, never an error. */
  readonly source: ParsedModule | JsonModule | undefined;
}

interface ParsedModule extends ModuleSource {
  readonly kind: 'module';
  readonly scopeManager: ScopeManager;
  exports?: ExportTable;
}

interface JsonModule {
  readonly kind: 'json';
  readonly file: string;
  readonly value: unknown;
}

/** Imported modules larger than this are not glossaries or schema modules; their values stay unknown. */
export const MAX_MODULE_BYTES = 2 * 1024 * 1024;
const MAX_REEXPORT_DEPTH = 32;

/** Parsed modules with their export tables, within the budget of `module-cache.ts`. */
const moduleCache = new HeldCache<CachedModule>('module');
const parseCounts = new Map<string, number>();

/** How often each module was parsed in this process: the benchmark proves "at most once". */
export function getModuleParseCounts(): ReadonlyMap<string, number> {
  return parseCounts;
}

export { stampInPass } from './file-stamps.js';

/**
 * The module a specifier names, when the analysis reads it (a project source or JSON module, see
 * `resolveSpecifier`), else undefined.
 */
function resolveInPass(fromFile: string, specifier: string, checked: Set<string>, syntax: ImportSyntax = 'import'): string | undefined {
  const resolution = resolveSpecifier(fromFile, specifier, syntax, checked);
  return isReadable(resolution) ? resolution.file : undefined;
}

/** What ESLint made of a file it linted: enough to stand in for a parse of that file. */
export interface LintedModule {
  readonly text: string;
  readonly ast: TSESTree.Program;
  readonly scopeManager: ScopeManager;
}

/**
 * Files ESLint has linted in this process, offered before another file imports them (a glossary
 * module is usually linted before the tools that read it). Reusing ESLint's parse means the
 * module is parsed once in the process, not once by ESLint and again here. Within the budget of
 * `module-cache.ts`, at the weight of a parse with tokens: an editor session offers every file it lints.
 */
const offeredModules = new HeldCache<LintedModule>('offered');
const adoptionCounts = new Map<string, number>();

export function offerLintedModule(file: string, linted: LintedModule): void {
  // A parse of the graph's own is kept already; the offer would only hold a second tree.
  if (moduleCache.has(file)) return;
  offeredModules.set(file, linted, linted.text.length, HOLD_WEIGHTS.eslintParse);
}

/** How often a module's imported values were read from ESLint's own parse instead of a parse here. */
export function getModuleAdoptionCounts(): ReadonlyMap<string, number> {
  return adoptionCounts;
}

function parsedModuleOf(file: string, text: string, ast: TSESTree.Program, scopeManager: ScopeManager): ParsedModule {
  // ESLint's parse has its comments; a parse here has none until a JSDoc is read (`moduleComments`).
  let comments: readonly TSESTree.Comment[] | undefined = ast.comments;
  return {
    kind: 'module',
    file,
    text,
    ast,
    get comments() {
      return (comments ??= moduleComments(file, text));
    },
    scopeManager,
    getScope: (node) => scopeOf(scopeManager, node),
    moduleScope: topLevelScope(scopeManager.globalScope as Scope),
  };
}

/** A module's text as the graph reads it: at most `MAX_MODULE_BYTES`, never a binary file. */
function readModuleText(file: string): string | undefined {
  const buffer = readFileWithin(file, MAX_MODULE_BYTES);
  if (!buffer || buffer.includes(0)) return undefined;
  return buffer.toString('utf8').replace(/^\uFEFF/, '');
}

interface Parsed {
  readonly source: ParsedModule | JsonModule | undefined;
  /** What holding it costs per byte of its text (see `HOLD_WEIGHTS`). */
  readonly weight: number;
}

function parseModule(file: string, text: string, checked: Set<string>): Parsed {
  const offered = offeredModules.get(file);
  if (offered) {
    offeredModules.delete(file);
    // Only what is on disk counts: an editor lints unsaved text, which importers must not see.
    if (offered.text === text) {
      adoptionCounts.set(file, (adoptionCounts.get(file) ?? 0) + 1);
      return { source: parsedModuleOf(file, text, offered.ast, offered.scopeManager), weight: HOLD_WEIGHTS.eslintParse };
    }
  }
  parseCounts.set(file, (parseCounts.get(file) ?? 0) + 1);
  if (file.endsWith('.json')) {
    try {
      return { source: { kind: 'json', file, value: JSON.parse(text) as unknown }, weight: HOLD_WEIGHTS.parse };
    } catch {
      return { source: undefined, weight: HOLD_WEIGHTS.parse };
    }
  }
  let result: ParsedText;
  try {
    result = parseModuleText(file, text, checked);
  } catch {
    // A module that does not parse is the user's problem to see in its own lint run; here its
    // values are simply unknown, which never produces a finding. Only the parse is guarded: an
    // error in what follows is this plugin's bug and must reach the user as one.
    return { source: undefined, weight: HOLD_WEIGHTS.parse };
  }
  setParents(result.ast, result.visitorKeys);
  return { source: parsedModuleOf(file, text, result.ast, result.scopeManager), weight: HOLD_WEIGHTS.parse };
}

/**
 * Loads a module through the process-wide cache. `checked` is the caller's set of files already
 * validated in this lint pass: each file is `stat`ed once per pass, so an edit on disk is seen by
 * the next lint (the editor's long-lived process) while the parse is reused across files. A
 * module the pass has no budget left for (`admitToPass`) is unknown to it, parsed or not.
 */
export function loadModule(file: string, checked: Set<string>): ParsedModule | JsonModule | undefined {
  if (refusedInPass(checked, file)) return undefined;
  const cached = moduleCache.get(file, checked);
  if (cached && checked.has(file)) return cached.source;
  checked.add(file);
  const stamp = stampInPass(file, checked);
  if (stamp === undefined) {
    moduleCache.delete(file);
    return undefined;
  }
  if (cached && cached.stamp === stamp) return admitToPass(checked, file, cached.size) ? cached.source : undefined;
  moduleCache.delete(file);
  const text = unreadText(file, stamp, checked);
  if (text === undefined) {
    moduleCache.set(file, { file, stamp, size: 0, source: undefined }, 0, HOLD_WEIGHTS.parse, checked);
    return undefined;
  }
  // Charged before the parse: a module past the pass's budget is never parsed.
  if (!admitToPass(checked, file, text.length)) return undefined;
  const { source, weight } = parseModule(file, text, checked);
  moduleCache.set(file, { file, stamp, size: text.length, source }, text.length, weight, checked);
  return source;
}

function exportsOf(module: ParsedModule): ExportTable {
  module.exports ??= buildExportTable(module.ast);
  return module.exports;
}

/**
 * Follows `importedName` (or `'*'` for the namespace) from `specifier` as imported by `fromFile`,
 * through re-exports and `export *`, to what defines it. Undefined when the chain leaves what can
 * be read (a missing file, a cycle, a name no module exports): the caller treats that as unknown.
 */
export function resolveImport(
  fromFile: string,
  specifier: string,
  importedName: string,
  checked: Set<string>,
): ExportTarget | undefined {
  return resolveImportAt(fromFile, specifier, importedName, checked, new Set(), 0);
}

function resolveImportAt(
  fromFile: string,
  specifier: string,
  importedName: string,
  checked: Set<string>,
  visiting: Set<string>,
  depth: number,
): ExportTarget | undefined {
  const resolution = resolveSpecifier(fromFile, specifier, 'import', checked);
  if (!isReadable(resolution)) return externalTarget(specifier, importedName, resolution);
  const file = resolution.file;
  if (depth > MAX_REEXPORT_DEPTH) return undefined;
  const module = loadModule(file, checked);
  if (!module) return undefined;
  if (module.kind === 'json') {
    if (importedName === 'default' || importedName === '*') return { kind: 'json', file, value: module.value };
    const value = module.value;
    if (value && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, importedName)) {
      return { kind: 'json', file, value: (value as Record<string, unknown>)[importedName] };
    }
    return undefined;
  }
  if (importedName === '*') return { kind: 'namespace', module };
  return resolveExportOf(module, importedName, checked, visiting, depth);
}

/**
 * A package name the analysis does not read: a dependency, a built-in, or a package not installed
 * here (a schema library is still known by its name). A path that leads nowhere, to a file of
 * another kind or out of the project is unknown.
 */
function externalTarget(specifier: string, importedName: string, resolution: Resolution): Extract<ExportTarget, { kind: 'external' }> | undefined {
  if (!isBareSpecifier(specifier)) return undefined;
  switch (resolution.kind) {
    case 'dependency':
      return { kind: 'external', specifier, importedName, dependency: resolution.packageName };
    // A bare specifier names its package whether or not it is installed where the lint runs (a CI
    // job before `npm ci`, a published build linted without its dependencies): its values are that
    // package's either way. Type-only packages and built-ins hold no such values.
    case 'not-found':
      return { kind: 'external', specifier, importedName, dependency: packageNameOf(specifier) };
    case 'builtin':
    case 'declaration':
      return { kind: 'external', specifier, importedName };
    default:
      return undefined;
  }
}

/**
 * What `require(specifier)` in `fromFile` returns: the value assigned to `module.exports`, else the
 * module's exports as a namespace (`exports.X = …`, or an ES module's exports), resolved with the
 * `require` condition.
 */
export function resolveRequire(fromFile: string, specifier: string, checked: Set<string>): ExportTarget | undefined {
  const resolution = resolveSpecifier(fromFile, specifier, 'require', checked);
  if (!isReadable(resolution)) return externalTarget(specifier, '*', resolution);
  const module = loadModule(resolution.file, checked);
  if (!module) return undefined;
  if (module.kind === 'json') return { kind: 'json', file: module.file, value: module.value };
  const assigned = exportsOf(module).moduleExports;
  if (!assigned) return { kind: 'namespace', module };
  return assigned.kind === 'local' ? { kind: 'local', module, localName: assigned.localName } : { kind: 'expression', module, node: assigned.node };
}

/** The names a module exports by itself (not through `export *`), for building a namespace's value. */
export function ownExportNames(module: ModuleSource): readonly string[] {
  return 'scopeManager' in module ? [...exportsOf(module as ParsedModule).named.keys()] : [];
}

/** Resolves an export of an already loaded module (used for namespace member access too). */
export function resolveExport(module: ModuleSource, name: string, checked: Set<string>): ExportTarget | undefined {
  if (!('scopeManager' in module)) return undefined;
  return resolveExportOf(module as ParsedModule, name, checked, new Set(), 0);
}

function resolveExportOf(
  module: ParsedModule,
  name: string,
  checked: Set<string>,
  visiting: Set<string>,
  depth: number,
): ExportTarget | undefined {
  const key = `${module.file}\0${name}`;
  if (visiting.has(key)) return undefined;
  visiting.add(key);
  const table = exportsOf(module);
  const entry = table.named.get(name);
  if (entry) {
    switch (entry.kind) {
      case 'local':
        return { kind: 'local', module, localName: entry.localName };
      case 'expression':
        return { kind: 'expression', module, node: entry.node };
      case 'reexport':
        return resolveImportAt(module.file, entry.source, entry.importedName, checked, visiting, depth + 1);
    }
  }
  if (name === 'default') return undefined;
  const stars = table.starSources;
  // No source before the one the index names (or before the first it cannot see through) can pass the name on.
  const first = stars.length >= MIN_INDEXED_STAR_SOURCES ? starIndexOf(module, stars, checked).startFor(name) : 0;
  for (let position = first; position < stars.length; position += 1) {
    // `export * from 'zod'` cannot be enumerated; the name is taken to come from the package only
    // when no module read in the star list defines it (a named `export { z } from 'zod'` there does).
    if (!isReadable(resolveSpecifier(module.file, stars[position]!, 'import', checked))) continue;
    const target = resolveImportAt(module.file, stars[position]!, name, checked, visiting, depth + 1);
    if (target && !(target.kind === 'external' && target.guessed)) return target;
  }
  for (const source of stars) {
    const resolution = resolveSpecifier(module.file, source, 'import', checked);
    if (!isReadable(resolution)) {
      const external = externalTarget(source, name, resolution);
      if (external) return { ...external, guessed: true };
    }
  }
  return undefined;
}

/** Barrels with fewer sources are searched directly: the index would cost more than it saves. */
const MIN_INDEXED_STAR_SOURCES = 8;

/** Per pass (one `checked` set), so a source edited on disk is indexed again by the next lint. */
const starIndexesByPass = new WeakMap<Set<string>, Map<ParsedModule, StarIndex>>();

function starIndexOf(module: ParsedModule, stars: readonly string[], checked: Set<string>): StarIndex {
  let indexes = starIndexesByPass.get(checked);
  if (!indexes) starIndexesByPass.set(checked, (indexes = new Map()));
  let index = indexes.get(module);
  if (!index) indexes.set(module, (index = new StarIndex(stars.map((specifier) => starSource(module.file, specifier, checked)))));
  return index;
}

function starSource(fromFile: string, specifier: string, checked: Set<string>): StarSource {
  let file: string | undefined | null = null;
  const resolved = (): string | undefined => (file === null ? (file = resolveInPass(fromFile, specifier, checked)) : file);
  return {
    read: () => {
      const target = resolved();
      const text = target === undefined ? undefined : moduleText(target, checked);
      // `moduleText` has stamped the file in this pass.
      const stamp = text === undefined ? undefined : stampInPass(target!, checked);
      return stamp === undefined ? undefined : { text: text!, facts: factsOf(target!, stamp) };
    },
    table: () => {
      const target = resolved();
      const module = target === undefined ? undefined : loadModule(target, checked);
      return module?.kind === 'module' ? exportsOf(module) : undefined;
    },
  };
}

/**
 * Texts read without a parse, by version, within the budget of `module-cache.ts`: the star index's
 * search, and the pre-checks' scans of imported modules (`package-reach.ts`, `module-summary.ts`),
 * which ask about the same files, so each version of a file is read from disk once for all of them.
 */
const unparsedTexts = new HeldCache<{ readonly stamp: string; readonly text: string | undefined }>('text');

function unreadText(file: string, stamp: string, checked: Set<string>): string | undefined {
  const known = unparsedTexts.get(file, checked);
  if (known?.stamp === stamp) {
    // About to be parsed: the parse holds the text from now on.
    unparsedTexts.delete(file);
    return known.text;
  }
  return readModuleText(file);
}

/**
 * A module's text as `loadModule` would parse it (at most `MAX_MODULE_BYTES`, never a binary
 * file), without parsing it: undefined when there is no such file or it is not read. The version
 * is `stamp`ed once per pass, as `loadModule` does.
 */
export function moduleText(file: string, checked: Set<string>): string | undefined {
  const stamp = stampInPass(file, checked);
  if (stamp === undefined) return undefined;
  const parsed = moduleCache.peek(file);
  if (parsed?.stamp === stamp && parsed.source?.kind === 'module') return parsed.source.text;
  const known = unparsedTexts.get(file, checked);
  if (known?.stamp === stamp) return known.text;
  const text = readModuleText(file);
  unparsedTexts.set(file, { stamp, text }, text?.length ?? 0, HOLD_WEIGHTS.text, checked);
  return text;
}
