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

/**
 * The innermost named function, method or declaration containing `node`: the stable anchor a
 * finding is identified by (line numbers shift with every unrelated edit above it).
 * Anonymous functions (callbacks) are passed through to the named scope around them.
 */
export function getEnclosingName(node: TSESTree.Node): string | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current)) {
      const name = getFunctionName(current);
      if (name !== undefined) return name;
      continue;
    }
    switch (current.type) {
      case AST_NODE_TYPES.VariableDeclarator:
        if (current.id.type === AST_NODE_TYPES.Identifier) return current.id.name;
        break;
      case AST_NODE_TYPES.ClassDeclaration:
      case AST_NODE_TYPES.ClassExpression:
        if (current.id) return current.id.name;
        break;
      case AST_NODE_TYPES.PropertyDefinition:
        {
          const name = getKeyName(current.key, current.computed);
          if (name !== undefined) return name;
        }
        break;
      case AST_NODE_TYPES.TSEnumDeclaration:
      case AST_NODE_TYPES.TSModuleDeclaration:
        if (current.id.type === AST_NODE_TYPES.Identifier) return current.id.name;
        break;
      default:
        break;
    }
  }
  return undefined;
}
