import { factsOf, isOpaque, listsOf, mayExportOwnName, type DeclaredKind } from './export-facts.js';
import { listedOrigin, type ModuleLists } from './export-lists.js';
import { declaredKindsIn, MAX_MODULES_PER_QUESTION } from './export-origin.js';
import { moduleText, stampInPass } from './module-graph.js';
import { isReadable, resolveSpecifier } from './module-resolution.js';
import { starSourcesIn } from './reexport-scan.js';

// What an imported name is declared as, from the texts along its path, without parsing a
// module: the module that declares it (`export const NAME = 'x'`), through the barrels that
// pass it on by name (`export { NAME } from './names.js'`, `import { NAME } from …; export { NAME }`)
// or by `export *`. The evaluator reads the same path (`module-graph.ts`'s `resolveExport`), so
// a caller can tell what it would find there (`values/settled-import.ts`).

/**
 * What the export `name` of the module `specifier` names from `importer` is declared as
 * (`DeclaredKind`). Every module that declares it on the path answers; the set is empty when
 * none does. Undefined when the texts cannot settle it: a module the analysis does not read (a
 * package, also behind a star list), one that spells the name without declaring or listing it
 * (an alias, a CommonJS export), a list the scan does not read, a type-only import on the way,
 * or a path past its bound. Kept per pass; each file read is `stat`ed in the pass (`checked`),
 * so an edit is seen by the next lint.
 */
export function exportedDeclarationKinds(importer: string, specifier: string, name: string, checked: Set<string>): ReadonlySet<DeclaredKind> | undefined {
  const resolved = resolveSpecifier(importer, specifier, 'import', checked);
  if (!isReadable(resolved)) return undefined;
  let answers = kindsByPass.get(checked);
  if (!answers) kindsByPass.set(checked, (answers = new Map()));
  const key = `${resolved.file}\0${name}`;
  if (answers.has(key)) return answers.get(key);
  const kinds = new Set<DeclaredKind>();
  const path: DeclarationPath = { checked, modules: MAX_MODULES_PER_QUESTION, seen: new Set() };
  const answer = kindsAlong(resolved.file, name, path, kinds) ? kinds : undefined;
  answers.set(key, answer);
  return answer;
}

const kindsByPass = new WeakMap<Set<string>, Map<string, ReadonlySet<DeclaredKind> | undefined>>();

interface DeclarationPath {
  readonly checked: Set<string>;
  modules: number;
  /** `file\0name` pairs visited: a cycle adds nothing the first visit did not. */
  readonly seen: Set<string>;
}

/** Adds what `file` declares its export `name` as, along the path, to `kinds`; false when a module on the path cannot settle it. */
function kindsAlong(file: string, name: string, path: DeclarationPath, kinds: Set<DeclaredKind>): boolean {
  const { checked, seen } = path;
  const visit = `${file}\0${name}`;
  if (seen.has(visit)) return true;
  seen.add(visit);
  path.modules -= 1;
  const stamp = stampInPass(file, checked);
  const text = path.modules < 0 || stamp === undefined ? undefined : moduleText(file, checked);
  if (text === undefined) return false;
  const facts = factsOf(file, stamp!);
  // CommonJS can assign an export over a declaration's (`exports.NAME = z.any()`).
  facts.opaque ??= isOpaque(text);
  if (facts.opaque) return false;
  if (text.includes(name)) {
    if (facts.declared === undefined) facts.declared = declaredKindsIn(text, () => listsOf(text, facts)) ?? null;
    const declared = facts.declared?.get(name);
    if (declared !== undefined) {
      kinds.add(declared);
      return true;
    }
  }
  // Spelled only where it is used or imported: the module exports it, if at all, from a star list.
  if (mayExportOwnName(text, facts, name)) return facts.lists ? listedKinds(file, facts.lists, name, path, kinds) : false;
  // Only a star list can pass on a name the module does not export itself, and never `default`.
  if (name === 'default') return true;
  if (facts.starSources === undefined) facts.starSources = starSourcesIn(text) ?? null;
  if (facts.starSources === null) return false;
  return facts.starSources.every((source) => followed(file, source, name, path, kinds));
}

/** `export { local as name } from …`, or `export { local as name }` of an import (`listedOrigin`, values only): the next module on the path. */
function listedKinds(file: string, lists: ModuleLists, name: string, path: DeclarationPath, kinds: Set<DeclaredKind>): boolean {
  const origin = listedOrigin(lists, name, false);
  return origin !== undefined && followed(file, origin.from, origin.name, path, kinds);
}

/** The next module on the path; a package's exports, which may be a schema library's, settle nothing. */
function followed(file: string, specifier: string, name: string, path: DeclarationPath, kinds: Set<DeclaredKind>): boolean {
  const resolved = resolveSpecifier(file, specifier, 'import', path.checked);
  return isReadable(resolved) && kindsAlong(resolved.file, name, path, kinds);
}
