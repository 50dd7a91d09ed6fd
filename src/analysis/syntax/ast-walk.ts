import type { SourceCode } from '@typescript-eslint/utils/ts-eslint';
import type { TSESTree } from '@typescript-eslint/utils';

/**
 * Visits every node below `root` in source order. `visit` returns `false` to skip a node's
 * children, which is how callers keep to one function body without entering nested functions.
 * Types and decorators are walked too (the visitor keys decide); callers filter by node type.
 */
export function forEachDescendant(
  root: TSESTree.Node,
  visitorKeys: SourceCode.VisitorKeys,
  visit: (node: TSESTree.Node) => boolean,
): void {
  const stack: TSESTree.Node[] = [];
  pushChildren(root, visitorKeys, stack);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (visit(node)) pushChildren(node, visitorKeys, stack);
  }
}

function pushChildren(node: TSESTree.Node, visitorKeys: SourceCode.VisitorKeys, stack: TSESTree.Node[]): void {
  const keys = visitorKeys[node.type] ?? [];
  // Reversed so that popping yields children in source order.
  for (let index = keys.length - 1; index >= 0; index -= 1) {
    const child = (node as unknown as Record<string, unknown>)[keys[index]!];
    if (Array.isArray(child)) {
      for (let item = child.length - 1; item >= 0; item -= 1) {
        const element = child[item] as TSESTree.Node | null;
        if (element) stack.push(element);
      }
    } else if (child && typeof child === 'object' && 'type' in child) {
      stack.push(child as TSESTree.Node);
    }
  }
}
