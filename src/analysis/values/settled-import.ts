import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { exportedDeclarationKinds } from '../modules/declaration-path.js';
import type { DeclaredKind } from '../modules/export-facts.js';
import { unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { prechecksEnabled } from '../../util/precheck-switch.js';
import { findBinding } from './bindings.js';
import type { Evaluator } from './evaluator.js';

// Why: a fallback's value is most often an imported constant (`?? DEFAULT_NAME`, `: Role.USER`,
// `Storage.dir()`), and evaluating it parses the module that declares it, for a value that is
// never a schema. On @google/gemini-cli-core those parses were two thirds of the fallback rule's
// evaluation time. What the evaluator can make of such a name is settled by the kind of its
// declaration, which the module's text says (`export-origin.ts`), so no parse is needed.

/**
 * Declarations whose value, read by name, the evaluator never makes a schema: a function is a
 * function, a class and an instance (`new Logger()`) unknown, a string or number a primitive, a
 * `var` declared without a value unknown, one declared with a string or number that primitive
 * (or unknown, when it is written again). Not a `let` or `var` holding anything else (read as a
 * `const` when never written again), nor an enum as a whole: an object of its members, which
 * `enum E {}` makes `{}`.
 */
const NAME_VALUES: ReadonlySet<DeclaredKind> = new Set(['function', 'class', 'instance', 'primitive', 'uninitialized', 'primitive-variable']);
/** Read through a member (`Role.USER` is a string or number, `NAME.length` a number); a function's properties are left to the evaluator. */
const MEMBER_VALUES: ReadonlySet<DeclaredKind> = new Set(['class', 'instance', 'primitive', 'enum', 'uninitialized', 'primitive-variable']);
/**
 * A method called on the name (`Storage.dir()`, `logger.debug(e)`): the evaluator continues a
 * builder chain only from a library's binding or a builder value, which none of these is. A `let`
 * or `var` may be assigned a library's namespace later, and is left out.
 */
const RECEIVER_VALUES: ReadonlySet<DeclaredKind> = new Set(['function', 'class', 'instance', 'primitive', 'enum']);
const MEMBER_RECEIVER_VALUES: ReadonlySet<DeclaredKind> = new Set(['class', 'instance', 'primitive', 'enum']);

/**
 * Whether `expression` is an imported name, a member read of one, or a method called on either,
 * whose declaration (read from the texts along the name's path) settles that the evaluator
 * cannot make it a schema, so asking it would only parse the declaring module. False whenever
 * the texts do not settle it, and while the pre-checks are off (the soundness test).
 */
export function importSettlesNoSchema(expression: TSESTree.Node, evaluator: Evaluator): boolean {
  if (!prechecksEnabled()) return false;
  let node = unwrapChainAndTypeWrappers(expression);
  const call = node.type === AST_NODE_TYPES.CallExpression;
  if (node.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrapChainAndTypeWrappers(node.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
    node = unwrapChainAndTypeWrappers(callee.object);
  }
  const chain = nameChain(node);
  if (!chain) return false;
  const binding = findBinding(evaluator.moduleOf(chain.root), chain.root);
  if (binding.kind !== 'import') return false;
  let [name, members] = [binding.importedName, chain.members];
  if (name === '*') {
    // `ns.NAME`: the namespace's export; `ns` itself is not a declaration.
    if (members.length === 0) return false;
    [name, members] = [members[0]!, members.slice(1)];
  }
  const kinds = exportedDeclarationKinds(binding.module.file, binding.specifier, name, evaluator.libraryEnvironment.checked);
  if (!kinds || kinds.size === 0) return false;
  const allowed = call ? (members.length === 0 ? RECEIVER_VALUES : MEMBER_RECEIVER_VALUES) : members.length === 0 ? NAME_VALUES : MEMBER_VALUES;
  return [...kinds].every((kind) => allowed.has(kind));
}

/** `a` and `["b", "c"]` for `a.b.c`, through `!`, `as` and optional chains; undefined for a computed member or another root. */
function nameChain(expression: TSESTree.Node): { root: TSESTree.Identifier; members: string[] } | undefined {
  const members: string[] = [];
  let node = expression;
  while (node.type === AST_NODE_TYPES.MemberExpression) {
    if (node.computed || node.property.type !== AST_NODE_TYPES.Identifier) return undefined;
    members.unshift(node.property.name);
    node = unwrapChainAndTypeWrappers(node.object);
  }
  return node.type === AST_NODE_TYPES.Identifier ? { root: node, members } : undefined;
}
