import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';

/** The TypeScript-only wrappers that leave the value they wrap unchanged at run time. */
export type TypeWrapper =
  | TSESTree.TSAsExpression
  | TSESTree.TSSatisfiesExpression
  | TSESTree.TSNonNullExpression
  | TSESTree.TSTypeAssertion;

/**
 * `x as T`, `x satisfies T`, `x!`, `<T>x`: wrappers that can stand around any value, so a rule
 * looking for the expression that occupies a slot (or the value in it) looks through them.
 * `f<T>` (an instantiation expression) is not one: it only ever wraps a function reference, and
 * `unwrapChainAndTypeWrappers` covers it where references are resolved.
 */
export function isTypeWrapper(node: TSESTree.Node): node is TypeWrapper {
  return (
    node.type === AST_NODE_TYPES.TSAsExpression ||
    node.type === AST_NODE_TYPES.TSSatisfiesExpression ||
    node.type === AST_NODE_TYPES.TSNonNullExpression ||
    node.type === AST_NODE_TYPES.TSTypeAssertion
  );
}

/** The expression inside any number of type wrappers (`isTypeWrapper`). */
export function unwrapTypeWrappers(node: TSESTree.Expression): TSESTree.Expression;
export function unwrapTypeWrappers(node: TSESTree.Node): TSESTree.Node;
export function unwrapTypeWrappers(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (isTypeWrapper(current)) current = current.expression;
  return current;
}

/**
 * The expression inside type wrappers, instantiation expressions (`f<T>`) and optional chains
 * (`a?.b` is a `ChainExpression` around the member access): for resolving what a reference,
 * callee or condition names, where `z?.object` and `(z as any).object` are still `z.object`.
 * Not for finding a value's slot: a chain can short-circuit to `undefined`.
 */
export function unwrapChainAndTypeWrappers(node: TSESTree.Expression): TSESTree.Expression;
export function unwrapChainAndTypeWrappers(node: TSESTree.Node): TSESTree.Node;
export function unwrapChainAndTypeWrappers(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    isTypeWrapper(current) ||
    current.type === AST_NODE_TYPES.TSInstantiationExpression ||
    current.type === AST_NODE_TYPES.ChainExpression
  ) {
    current = current.expression;
  }
  return current;
}
