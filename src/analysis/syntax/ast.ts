/**
 * # syntax/: the syntax tree, with no knowledge of schemas
 *
 * - `ast.ts` (this file): type wrappers looked through, key, member and target names, `require()`.
 * - `ast-walk.ts`: every node below a root, in source order.
 * - `function-name.ts`: the name a function is known by.
 * - `file-text.ts`: whether a file spells a rule's words at all, before any listener is registered.
 * - `import-uses.ts`: whether a file reads an import as a value, or names it only in types.
 * - `jsdoc-tags.ts`: the `@tag value` lines of a JSDoc block.
 */
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

/**
 * Where a value stands once the expressions that only pass it on are left behind (`a ?? X`,
 * `c ? X : y`, `await X`, `X?.y` chains, casts): the first other parent, and the node it holds.
 * Bounded, like every climb: past a few steps the holder is unknown.
 */
export function valueHolder(expression: TSESTree.Node): { readonly holder: TSESTree.Node; readonly node: TSESTree.Node } | undefined {
  let node = expression;
  for (let steps = 0; steps < 8 && node.parent; steps++) {
    const parent: TSESTree.Node = node.parent;
    const passesOn =
      parent.type === AST_NODE_TYPES.LogicalExpression ||
      parent.type === AST_NODE_TYPES.ConditionalExpression ||
      parent.type === AST_NODE_TYPES.AwaitExpression ||
      parent.type === AST_NODE_TYPES.ChainExpression ||
      isTypeWrapper(parent);
    if (!passesOn) return { holder: parent, node };
    node = parent;
  }
  return undefined;
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

/** The written name of a property key: `a`, `'a'`, `[\`a\`]`, `#a` (private names keep their `#`). */
export function getKeyName(key: TSESTree.Node, computed: boolean): string | undefined {
  if (key.type === AST_NODE_TYPES.PrivateIdentifier) return `#${key.name}`;
  if (!computed && key.type === AST_NODE_TYPES.Identifier) return key.name;
  if (key.type === AST_NODE_TYPES.Literal && (typeof key.value === 'string' || typeof key.value === 'number')) {
    return String(key.value);
  }
  if (key.type === AST_NODE_TYPES.TemplateLiteral && key.expressions.length === 0) {
    return key.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

/**
 * The static name of a member access (`a.b`, `a['b']`), or undefined for a computed one. Narrower
 * than `getKeyName` (no numbers, templates or `#private`): an index such as `a[0]` is left to the
 * evaluator, which evaluates a computed property itself.
 */
export function memberName(node: TSESTree.MemberExpression): string | undefined {
  if (!node.computed && node.property.type === AST_NODE_TYPES.Identifier) return node.property.name;
  if (node.property.type === AST_NODE_TYPES.Literal && typeof node.property.value === 'string') return node.property.value;
  return undefined;
}

/** The name a value is assigned to: `x`, the `b` of `a.b`, the `x` of a defaulted `x = …`. */
export function getTargetName(target: TSESTree.Node): string | undefined {
  switch (target.type) {
    case AST_NODE_TYPES.Identifier:
      return target.name;
    case AST_NODE_TYPES.MemberExpression:
      return getKeyName(target.property, target.computed);
    case AST_NODE_TYPES.AssignmentPattern:
      return getTargetName(target.left);
    default:
      return undefined;
  }
}

/** The key `identifier` is destructured from: `strict` in `const { strict: assert = ok } = …`. */
export function destructuredKey(pattern: TSESTree.ObjectPattern, identifier: TSESTree.Identifier): string | undefined {
  for (const property of pattern.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const value = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
    if (value === identifier && !property.computed && property.key.type === AST_NODE_TYPES.Identifier) return property.key.name;
  }
  return undefined;
}

/** The specifier of `require('x')`, a CommonJS import. */
export function requiredSpecifier(node: TSESTree.CallExpression): string | undefined {
  if (node.callee.type !== AST_NODE_TYPES.Identifier || node.callee.name !== 'require' || node.arguments.length !== 1) return undefined;
  const argument = node.arguments[0]!;
  return argument.type === AST_NODE_TYPES.Literal && typeof argument.value === 'string' ? argument.value : undefined;
}

/** `{ description: false, inputSchema: true }`: an object literal whose every property is a boolean literal. */
export function isObjectOfBooleans(object: TSESTree.ObjectExpression): boolean {
  return (
    object.properties.length > 0 &&
    object.properties.every((member) => member.type === AST_NODE_TYPES.Property && member.value.type === AST_NODE_TYPES.Literal && typeof member.value.value === 'boolean')
  );
}
