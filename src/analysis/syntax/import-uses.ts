import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

/**
 * Whether the linted file reads a binding of an import as a value: through a reference outside a
 * type position. `typeof X` in a type, `export { X }`, `extends X` and a decorator are value
 * references; `let y: X`, `as X`, `implements X` and `export type { X }` are not.
 *
 * The analysis reaches an imported module only through a value the evaluator reads (it follows a
 * reference's binding), or through a type a declaration names (`declared-schema-type.ts`). So an
 * import read only in types can bring in nothing but a type, and a type from a project module
 * is a schema type only when it is a schema library's binding behind a barrel. An import that is
 * never referenced brings in nothing at all.
 *
 * Scope analysis marks every reference as a value or type reference (typescript-eslint's scope
 * manager). A scope manager without that mark, such as eslint-scope under espree, has every
 * reference counted as a value, and so does a file without a scope manager: the answer errs
 * towards following the import.
 */
export function readsImportAsValue(declaration: TSESTree.ImportDeclaration, scopeManager: TSESLint.Scope.ScopeManager | null): boolean {
  return declaration.importKind !== 'type' && declaration.specifiers.some((specifier) => readsBindingAsValue(specifier, scopeManager));
}

/** The same for one binding of an import (see `readsImportAsValue`). */
export function readsBindingAsValue(specifier: TSESTree.ImportClause, scopeManager: TSESLint.Scope.ScopeManager | null): boolean {
  if (specifier.type === 'ImportSpecifier' && specifier.importKind === 'type') return false;
  if (specifier.parent.type === 'ImportDeclaration' && specifier.parent.importKind === 'type') return false;
  if (!scopeManager) return true;
  // `!== false`: eslint-scope's references have no such property at run time, despite the type.
  return scopeManager.getDeclaredVariables(specifier).some((variable) => variable.references.some((reference) => reference.isValueReference !== false));
}

/**
 * Whether the linted file may call a binding of an import itself, or hand it to code that may: a
 * value reference (see `readsBindingAsValue`) other than the callee of `new X(…)`, the object of a
 * member written out (`X.member`, `X?.member`, called or not), either side of `instanceof` and the
 * operand of `typeof`. Asked by the enum rule of a file that spells none of its factory names
 * (`mayImportLibraryBinding`): there `X.member(…)` calls no factory, whatever `X` is, and an
 * enum position is a call, so only `X(…)` itself, or `X` aliased or passed on, can be one.
 */
export function mayCallBindingItself(specifier: TSESTree.ImportClause, scopeManager: TSESLint.Scope.ScopeManager | null): boolean {
  if (!readsBindingAsValue(specifier, scopeManager)) return false;
  if (!scopeManager) return true;
  return scopeManager
    .getDeclaredVariables(specifier)
    .some((variable) => variable.references.some((reference) => reference.isValueReference !== false && !isInertUse(reference.identifier)));
}

/** A use of a value that calls nothing it holds and hands it to nothing (see `mayCallBindingItself`). */
function isInertUse(identifier: TSESTree.Identifier | TSESTree.JSXIdentifier): boolean {
  const parent = identifier.parent;
  switch (parent?.type) {
    case 'NewExpression':
      return parent.callee === identifier;
    case 'MemberExpression':
      return parent.object === identifier && !parent.computed;
    case 'BinaryExpression':
      return parent.operator === 'instanceof';
    case 'UnaryExpression':
      return parent.operator === 'typeof';
    default:
      return false;
  }
}
