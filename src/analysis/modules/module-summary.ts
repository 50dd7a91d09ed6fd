import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { HeldCache, SUMMARY_CHARGE } from './module-cache.js';
import { buildExportTable } from './module-exports.js';
import { loadModule, stampInPass } from './module-graph.js';
import { isReadable, resolveSpecifier } from './module-resolution.js';
import { mayReachPackage } from './package-reach.js';

/**
 * Per-module summaries: what a module can hand its importers, answered once per version of the
 * module (its size and modification time, as `stampInPass` reads them once per lint pass) and kept
 * for the process, so a file that imports a few names from a barrel of hundreds of modules asks a
 * cached question per module instead of resolving the barrel again.
 *
 * The question answered here: can this module itself pass a binding of one of `packages` (a schema
 * library: `zod`, `typebox`, `valibot` and the user's specifiers) on to an importer? It is only asked
 * of modules whose text already says they might (they mention a package and have syntax to pass a
 * binding on, see `package-reach.ts`); a parse then reads their exports. A module that imports
 * `z` from `zod` to build its own schemas, and exports those schemas or anything else it declares,
 * passes no binding of `zod` on: what it exports are values built by calls, functions, classes.
 * Bindings it imports from other project modules are not this module's to judge: the caller walks
 * to those modules and asks them.
 */

interface Summary {
  readonly stamp: string;
  /** By the packages' key (see `mayPassOnPackageBinding`). */
  readonly answers: Map<string, boolean>;
}

/** Within the budget of `module-cache.ts`, like everything else kept across files. */
const summaries = new HeldCache<Summary>('summary');

/**
 * An initializer that can alias another binding without calling anything (`z`, `z.enum`,
 * `{ enum: e } = z` destructured, under type wrappers or optional chaining), or `require()`:
 * the forms library resolution follows through a `const`. Anything else (a call's result, a
 * literal, a function) holds a value, never a package's binding. A superset: whether the aliased
 * binding is a package's is not decided here, which can only make the answer "may".
 */
const ALIASING_INITIALIZERS: ReadonlySet<string> = new Set([
  'Identifier',
  'MemberExpression',
  'ChainExpression',
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
]);

function isRequireCall(node: TSESTree.Expression): boolean {
  return node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require';
}

/** Whether a top-level local name may be bound to a binding of one of `packages`. */
function mayHoldPackageBinding(scope: TSESLint.Scope.Scope, localName: string, packages: readonly string[]): boolean {
  const variable = scope.set.get(localName);
  if (!variable) return false;
  return variable.defs.some((definition) => {
    switch (definition.type) {
      case 'ImportBinding': {
        const declaration = definition.parent;
        // `import x = require('zod')` and anything else unusual: judged "may".
        if (declaration?.type !== 'ImportDeclaration') return true;
        return packages.includes(declaration.source.value);
      }
      case 'Variable': {
        const declarator = definition.node;
        const init = declarator.init;
        return init !== null && (ALIASING_INITIALIZERS.has(init.type) || isRequireCall(init));
      }
      default:
        // Functions, classes, enums, parameters, types: declarations of this module, not a package's binding.
        return false;
    }
  });
}

function computeAnswer(file: string, packages: readonly string[], checked: Set<string>): boolean {
  const module = loadModule(file, checked);
  // Unreadable or unparsable: its exports resolve to nothing, but "may" costs only time.
  if (!module) return true;
  if (module.kind === 'json') return false;
  const table = buildExportTable(module.ast);
  if (table.starSources.some((source) => packages.includes(source))) return true;
  for (const entry of table.named.values()) {
    if (entry.kind === 'reexport' && packages.includes(entry.source)) return true;
    if (entry.kind === 'local' && mayHoldPackageBinding(module.moduleScope, entry.localName, packages)) return true;
  }
  return false;
}

/**
 * Whether the module `file` may itself pass a binding of one of `packages` on to an importer (see
 * the file comment). `packagesKey` identifies the list. Answered once per version of the file.
 */
export function mayPassOnPackageBinding(file: string, packages: readonly string[], packagesKey: string, checked: Set<string>): boolean {
  const stamp = stampInPass(file, checked);
  if (stamp === undefined) return true;
  let summary = summaries.get(file, checked);
  if (summary?.stamp !== stamp) summaries.set(file, (summary = { stamp, answers: new Map() }), SUMMARY_CHARGE, 1, checked);
  let answer = summary.answers.get(packagesKey);
  if (answer === undefined) {
    answer = computeAnswer(file, packages, checked);
    summary.answers.set(packagesKey, answer);
  }
  return answer;
}

/**
 * Whether any value import of the linted program may bring in a binding of one of `packages`
 * through the project's own modules (`import { zod } from '../third_party/index.js'`). Imports
 * of a package of the list itself are not counted: what the file builds from those is spelled
 * in its own text. Namespace imports of project modules are not counted either: library
 * resolution never reads a package binding out of a project module's namespace object.
 */
export function importsMayPassOnPackageBinding(program: TSESTree.Program, file: string, packages: readonly string[], checked: Set<string>): boolean {
  const statements: TSESTree.ProgramStatement[] = [...program.body];
  for (let index = 0; index < statements.length; index += 1) {
    const statement = statements[index]!;
    // `declare module 'x' { import … }` keeps its own imports.
    if (statement.type === 'TSModuleDeclaration' && statement.body?.type === 'TSModuleBlock') statements.push(...statement.body.body);
    if (statement.type === 'TSImportEqualsDeclaration' && statement.moduleReference.type === 'TSExternalModuleReference') return true;
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const specifier = statement.source.value;
    if (packages.includes(specifier)) continue;
    // A package the analysis does not read resolves to its own name, which is not in the list.
    if (!isReadable(resolveSpecifier(file, specifier, 'import', checked))) continue;
    const named = statement.specifiers.some((item) => item.type !== 'ImportNamespaceSpecifier' && !(item.type === 'ImportSpecifier' && item.importKind === 'type'));
    if (named && mayReachPackage(file, specifier, packages, checked)) return true;
  }
  return false;
}
