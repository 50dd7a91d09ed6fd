import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, getTargetName, isTypeWrapper } from './ast.js';

export type FunctionNode =
  | TSESTree.ArrowFunctionExpression
  | TSESTree.FunctionDeclaration
  | TSESTree.FunctionExpression;

export function isFunctionNode(node: TSESTree.Node): node is FunctionNode {
  return (
    node.type === AST_NODE_TYPES.ArrowFunctionExpression ||
    node.type === AST_NODE_TYPES.FunctionDeclaration ||
    node.type === AST_NODE_TYPES.FunctionExpression
  );
}

/**
 * The name a function is known by: its own id, or the binding, property, method, class member or
 * assignment target it is written into. Wrappers in between (`as`, `satisfies`, parentheses are
 * already gone in ESTree) are looked through so `const f = (() => {}) as X` is still `f`.
 */
export function getFunctionName(fn: FunctionNode): string | undefined {
  if (fn.type !== AST_NODE_TYPES.ArrowFunctionExpression && fn.id) return fn.id.name;
  let node: TSESTree.Node = fn;
  let parent = node.parent;
  while (parent && isTypeWrapper(parent)) {
    node = parent;
    parent = node.parent;
  }
  if (!parent) return undefined;
  switch (parent.type) {
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === node ? getTargetName(parent.id) : undefined;
    case AST_NODE_TYPES.Property:
    case AST_NODE_TYPES.MethodDefinition:
    case AST_NODE_TYPES.PropertyDefinition:
    case AST_NODE_TYPES.AccessorProperty:
    case AST_NODE_TYPES.TSAbstractMethodDefinition:
      return parent.value === node ? getKeyName(parent.key, parent.computed) : undefined;
    case AST_NODE_TYPES.AssignmentExpression:
      return parent.right === node ? getTargetName(parent.left) : undefined;
    case AST_NODE_TYPES.AssignmentPattern:
      return parent.right === node ? getTargetName(parent.left) : undefined;
    default:
      return undefined;
  }
}
