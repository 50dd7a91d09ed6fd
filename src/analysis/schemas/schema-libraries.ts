import type { TSESTree } from '@typescript-eslint/utils';
import { destructuredKey, memberName, requiredSpecifier, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { findBinding, findTopLevelBinding, type Binding } from '../values/bindings.js';
import { resolveImport, type ExportTarget, type ModuleSource } from '../modules/module-graph.js';
import { mayReachPackage } from '../modules/package-reach.js';
import { mayExportPackageBinding } from '../modules/export-origin.js';
import { importsMayPassOnPackageBinding, type LintedProgram } from '../modules/module-summary.js';
import { mayCallBindingItself } from '../syntax/import-uses.js';
import type { SchemaLibrarySettings } from '../../settings.js';

export type SchemaLibrary = 'zod' | 'typebox' | 'valibot';

/** A name inside a schema library's builder namespace: `z.object` is `{ library: 'zod', path: ['object'] }`. */
export interface LibraryReference {
  readonly library: SchemaLibrary;
  readonly path: readonly string[];
}

export interface LibraryStep {
  /** The builder or method name: `object`, `passthrough`, TypeBox `Object`, `coerce.number`. */
  readonly name: string;
  readonly args: readonly TSESTree.CallExpressionArgument[];
  readonly node: TSESTree.CallExpression;
}

/** A builder chain rooted at a library: `z.object({}).passthrough()` is two steps. */
export interface LibraryCall {
  readonly library: SchemaLibrary;
  readonly steps: readonly LibraryStep[];
}

/** What resolution needs besides the module: the user's library settings and this pass's stat set. */
export interface LibraryEnvironment {
  readonly libraries: SchemaLibrarySettings;
  readonly checked: Set<string>;
}

const BUILTIN_SPECIFIERS: Readonly<Record<SchemaLibrary, readonly string[]>> = {
  zod: ['zod', 'zod/v4', 'zod/v3', 'zod/mini', 'zod/v4-mini', 'zod/v4/mini', 'zod/v4/classic'],
  typebox: ['typebox', '@sinclair/typebox', 'typebox/type', '@sinclair/typebox/type'],
  valibot: ['valibot'],
};

const MAX_ALIAS_DEPTH = 16;

const specifierLists = new WeakMap<SchemaLibrarySettings, readonly string[]>();

/** Every specifier that names a schema library under these settings. */
export function librarySpecifiers(settings: SchemaLibrarySettings): readonly string[] {
  let list = specifierLists.get(settings);
  if (!list) {
    list = (['zod', 'typebox', 'valibot'] as const).flatMap((library) => [...BUILTIN_SPECIFIERS[library], ...settings[library]]);
    specifierLists.set(settings, list);
  }
  return list;
}

export function libraryOfSpecifier(specifier: string, settings: SchemaLibrarySettings): SchemaLibrary | undefined {
  for (const library of ['zod', 'typebox', 'valibot'] as const) {
    if (BUILTIN_SPECIFIERS[library].includes(specifier) || settings[library].includes(specifier)) return library;
  }
  return undefined;
}

/**
 * Maps an imported name to a path in the builder namespace. zod's `z` and TypeBox's `Type` *are*
 * the namespace, as are namespace and default imports, so `z.object`, `zod.object` and
 * `Type.Object` all start from the same place.
 */
function pathOfImport(library: SchemaLibrary, importedName: string): readonly string[] {
  if (importedName === '*' || importedName === 'default') return [];
  if (library === 'zod' && importedName === 'z') return [];
  if (library === 'typebox' && importedName === 'Type') return [];
  return [importedName];
}

function extendPath(reference: LibraryReference, name: string): LibraryReference {
  // `import * as t from 'typebox'` reaches the builders as `t.Type.Object`; `Type` is the namespace.
  if (reference.library === 'typebox' && reference.path.length === 0 && name === 'Type') return reference;
  if (reference.library === 'zod' && reference.path.length === 0 && name === 'z') return reference;
  return { library: reference.library, path: [...reference.path, name] };
}

function referenceOfTarget(target: ExportTarget | undefined, env: LibraryEnvironment, depth: number): LibraryReference | undefined {
  if (!target) return undefined;
  switch (target.kind) {
    case 'external': {
      const library = libraryOfSpecifier(target.specifier, env.libraries);
      return library && { library, path: pathOfImport(library, target.importedName) };
    }
    case 'local':
      return referenceOfBinding(findTopLevelBinding(target.module, target.localName), env, depth + 1);
    default:
      return undefined;
  }
}

type Variable = Extract<Binding, { kind: 'import' }>['variable'];

/**
 * What each variable refers to in the library namespace, per lint pass (one `checked` set): every
 * `z.string()` of a file asks about the same `z`, and every call of an imported helper about the
 * same import. A new pass resolves afresh, so an edited barrel is seen.
 */
const referencesByPass = new WeakMap<Set<string>, Map<Variable, LibraryReference | null>>();
/** Set when a resolution stopped at the alias depth limit: such an answer depends on where it started and is not kept. */
let aliasDepthExceeded = false;

function referenceOfBinding(binding: Binding, env: LibraryEnvironment, depth: number): LibraryReference | undefined {
  if (depth > MAX_ALIAS_DEPTH) {
    aliasDepthExceeded = true;
    return undefined;
  }
  if (binding.kind !== 'import' && binding.kind !== 'declarator') return undefined;
  let references = referencesByPass.get(env.checked);
  if (!references) referencesByPass.set(env.checked, (references = new Map()));
  const known = references.get(binding.variable);
  if (known !== undefined) return known ?? undefined;
  const exceededBefore = aliasDepthExceeded;
  aliasDepthExceeded = false;
  const reference = resolveBindingReference(binding, env, depth);
  if (!aliasDepthExceeded) references.set(binding.variable, reference ?? null);
  aliasDepthExceeded ||= exceededBefore;
  return reference;
}

function resolveBindingReference(binding: Binding, env: LibraryEnvironment, depth: number): LibraryReference | undefined {
  switch (binding.kind) {
    case 'import': {
      const library = libraryOfSpecifier(binding.specifier, env.libraries);
      if (library) return { library, path: pathOfImport(library, binding.importedName) };
      // A project's own barrel (`export { z as zod } from 'zod'`) is followed to the package. Most
      // imported functions come from modules that never mention a schema library; a text scan
      // says so without parsing them (in a large project that parse was most of the rules' cost).
      // A named import is followed along its own path first (`export-origin.ts`): one its module
      // declares as a value of its own (a function, a class, a literal) is no alias of a library,
      // where the walk would read every module a root barrel passes on.
      const packages = librarySpecifiers(env.libraries);
      const mayAlias =
        binding.importedName === '*'
          ? mayReachPackage(binding.module.file, binding.specifier, packages, env.checked)
          : mayExportPackageBinding(binding.module.file, binding.specifier, binding.importedName, packages, env.checked);
      if (!mayAlias) return undefined;
      return referenceOfTarget(resolveImport(binding.module.file, binding.specifier, binding.importedName, env.checked), env, depth);
    }
    case 'declarator': {
      // `const { object } = z` and `const zz = z` alias the namespace; anything else is a value.
      const init = binding.declarator.init;
      if (!binding.constant || !init) return undefined;
      const base = referenceOfExpression(binding.module, init, env, depth + 1);
      if (!base) return undefined;
      if (binding.declarator.id === binding.identifier) return base;
      if (binding.declarator.id.type === 'ObjectPattern') {
        const key = destructuredKey(binding.declarator.id, binding.identifier);
        if (key !== undefined) return extendPath(base, key);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

function referenceOfExpression(
  module: ModuleSource,
  node: TSESTree.Node,
  env: LibraryEnvironment,
  depth: number,
): LibraryReference | undefined {
  const expression = unwrapChainAndTypeWrappers(node);
  if (expression.type === 'Identifier') return referenceOfBinding(findBinding(module, expression), env, depth);
  if (expression.type === 'CallExpression') {
    // `const { z } = require('zod')` in CommonJS: the package's namespace.
    const specifier = requiredSpecifier(expression);
    const library = specifier === undefined ? undefined : libraryOfSpecifier(specifier, env.libraries);
    if (library === undefined || findBinding(module, expression.callee as TSESTree.Identifier).kind !== 'global') return undefined;
    return { library, path: [] };
  }
  if (expression.type === 'MemberExpression') {
    const name = memberName(expression);
    if (name === undefined) return undefined;
    const object = unwrapChainAndTypeWrappers(expression.object);
    if (object.type === 'CallExpression') return undefined;
    const base = referenceOfExpression(module, object, env, depth + 1);
    return base && extendPath(base, name);
  }
  return undefined;
}

/** Resolves an expression naming a library member without calling it: the `z.literal` in `X.map(z.literal)`. */
export function resolveLibraryReference(
  module: ModuleSource,
  node: TSESTree.Node,
  env: LibraryEnvironment,
): LibraryReference | undefined {
  return referenceOfExpression(module, node, env, 0);
}

/**
 * Resolves a builder chain such as `z.object({}).passthrough()` (also split over lines, through
 * aliases, barrels and namespace imports) to its library and steps. Purely syntactic on the chain:
 * a chain continued from a `const` (`base.passthrough()`) is the evaluator's to follow.
 */
export function resolveLibraryCall(
  module: ModuleSource,
  node: TSESTree.CallExpression,
  env: LibraryEnvironment,
): LibraryCall | undefined {
  const callee = unwrapChainAndTypeWrappers(node.callee);
  if (callee.type === 'MemberExpression') {
    const name = memberName(callee);
    if (name === undefined) return undefined;
    const object = unwrapChainAndTypeWrappers(callee.object);
    if (object.type === 'CallExpression') {
      const inner = resolveLibraryCall(module, object, env);
      return inner && { library: inner.library, steps: [...inner.steps, { name, args: node.arguments, node }] };
    }
  }
  if (callee.type !== 'MemberExpression' && callee.type !== 'Identifier') return undefined;
  const reference = referenceOfExpression(module, callee, env, 0);
  if (!reference || reference.path.length === 0) return undefined;
  return { library: reference.library, steps: [{ name: reference.path.join('.'), args: node.arguments, node }] };
}

/**
 * A call on another call's result (`z.string().min(1)`, `list.filter(f).map(g)`): never the first
 * step of a chain, so `resolveLibraryCall` gives it two steps or more, or nothing.
 */
export function isChainContinuation(node: TSESTree.CallExpression): boolean {
  const callee = unwrapChainAndTypeWrappers(node.callee);
  return callee.type === 'MemberExpression' && unwrapChainAndTypeWrappers(callee.object).type === 'CallExpression';
}

/**
 * Whether a name the program imports from the project's own modules may resolve to a schema
 * library's binding (`import { zod } from '../third_party/index.js'`), answered from the imported
 * modules' summaries: the part of the enum rule's necessary condition its vocabulary cannot see.
 * Asked of a file that spells no factory name, so only a binding the file may call itself (an
 * alias of a factory, `pick(…)`) counts: `new OpenAI(…)` or `Errors.NotFound` from a root barrel
 * calls no factory (`mayCallBindingItself`), and the barrel is not walked for them.
 */
export function mayImportLibraryBinding(linted: Omit<LintedProgram, 'text'>, file: string, env: LibraryEnvironment): boolean {
  return importsMayPassOnPackageBinding(linted, file, librarySpecifiers(env.libraries), env.checked, mayCallBindingItself);
}
