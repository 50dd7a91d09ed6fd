import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { constantObjectLiteral, findBinding } from '../values/bindings.js';
import { importSettlesNoSchema } from '../values/settled-import.js';
import type { Evaluator } from '../values/evaluator.js';
import type { StaticValue } from '../values/static-value.js';
import { prechecksEnabled } from '../../util/precheck-switch.js';
import { classifySchema, isNeutralModifier, mayBePermissiveObjectLiteral, type Permissiveness } from './schema-model.js';

/**
 * The permissiveness of an expression, also where the evaluator rightly leaves the value open:
 * a choice between two permissive schemas (`required ? s : s.optional()`), and a `let` bound to a
 * permissive schema that is only refined by methods keeping what it accepts
 * (`let s = z.any(); if (d) s = s.describe(d);`). The verdict on each value is still
 * `classifySchema`'s; this only says which values an expression can be.
 */
export interface PermissiveValue {
  /** A value the expression can be (the binding's initial schema, a branch's): what a suggestion is written for. */
  readonly value: StaticValue;
  readonly permissiveness: Permissiveness;
}

const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%', '**', '|', '&', '^', '<<', '>>', '>>>']);

/** A `let` reassigned more often than this is not followed. */
const MAX_WRITES = 8;

export function permissiveValueOf(expression: TSESTree.Expression, evaluator: Evaluator): PermissiveValue | undefined {
  const node = unwrapChainAndTypeWrappers(expression);
  if (node.type === AST_NODE_TYPES.ConditionalExpression) {
    const consequent = permissiveValueOf(node.consequent, evaluator);
    const alternate = consequent && permissiveValueOf(node.alternate, evaluator);
    if (!consequent || !alternate) return undefined;
    // The narrower of the two is what the choice is sure to accept.
    return consequent.permissiveness === 'any-object' ? consequent : alternate;
  }
  // A string or a number, whatever its parts (which may be imported): never `true` nor an object.
  if (node.type === AST_NODE_TYPES.TemplateLiteral || (node.type === AST_NODE_TYPES.BinaryExpression && ARITHMETIC.has(node.operator))) return undefined;
  // `?? DEFAULT_NAME`, `: Role.USER`: what the declaring module's text says, without parsing it.
  if (importSettlesNoSchema(node, evaluator)) return undefined;
  if (isDataObjectConstant(node, evaluator)) return undefined;
  // `defaults.charset`: the member's own value, when that is no permissive schema, is the read's.
  const member = constantMemberValue(node, evaluator);
  if (member === 'unknown' || (member && permissiveValueOf(member, evaluator) === undefined)) return undefined;
  // The read's value is the member's own plus the constant's origin, which no caller reads: the
  // rest of the object, whose values may be imported, is not evaluated for it.
  const value = evaluator.evaluate(member ?? node);
  const permissiveness = classifySchema(value);
  if (permissiveness) return { value, permissiveness };
  return value.kind === 'unknown' ? refinedBinding(node, evaluator) : undefined;
}

/**
 * `opts = defaults`, with `const defaults = { arrayFormat: 'indices', formatter: defaultFormatter }`:
 * a constant bound to an object literal with a written key no permissive schema has is no
 * permissive schema, whatever its values are. The evaluator keeps every key an object literal
 * writes (a spread only adds keys, or makes their values unknown), and a constant's value is its
 * initializer's; so the values, which may be imported, are not evaluated (on openai, `qs`'s
 * `stringify()` defaults parsed two modules for this). Off while the pre-checks are (the
 * soundness test compares both).
 */
function isDataObjectConstant(node: TSESTree.Node, evaluator: Evaluator): boolean {
  const literal = constantLiteralOf(node, evaluator);
  return literal !== undefined && !mayBePermissiveObjectLiteral(literal);
}

/** The object literal a constant is bound to (`constantObjectLiteral`), while the pre-checks are on. */
function constantLiteralOf(node: TSESTree.Node, evaluator: Evaluator): TSESTree.ObjectExpression | undefined {
  return prechecksEnabled() ? constantObjectLiteral(evaluator.moduleOf(node), node) : undefined;
}

/**
 * For `defaults.charset`, a member of such a constant, the expression its literal last writes
 * under that key, which is what the evaluator reads there (the rest of the object only adds
 * origins); `unknown` for a method or accessor, which the evaluator reads as unknown. Undefined
 * when a spread or a computed key after it may write the key too, or for a choice (`c ? a : b`,
 * which `permissiveValueOf` judges by both branches, and the evaluator may not).
 */
function constantMemberValue(node: TSESTree.Node, evaluator: Evaluator): TSESTree.Expression | 'unknown' | undefined {
  if (node.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const name = memberName(node);
  const literal = name === undefined ? undefined : constantLiteralOf(unwrapChainAndTypeWrappers(node.object), evaluator);
  if (!literal) return undefined;
  let written: TSESTree.Property | undefined;
  for (const property of literal.properties) {
    if (property.type === AST_NODE_TYPES.SpreadElement || property.computed) written = undefined;
    else if (getKeyName(property.key, false) === name) written = property;
  }
  if (!written) return undefined;
  if (written.kind !== 'init' || written.method) return 'unknown';
  const value = written.value;
  if (value.type === AST_NODE_TYPES.AssignmentPattern || value.type === AST_NODE_TYPES.ObjectPattern || value.type === AST_NODE_TYPES.ArrayPattern || value.type === AST_NODE_TYPES.TSEmptyBodyFunctionExpression) return undefined;
  return unwrapChainAndTypeWrappers(value).type === AST_NODE_TYPES.ConditionalExpression ? undefined : value;
}

/** `s = s.describe(d)`: the assignment refines the value its target already holds, it replaces nothing. */
export function refinesItself(assignment: TSESTree.AssignmentExpression): boolean {
  return assignment.operator === '=' && assignment.left.type === AST_NODE_TYPES.Identifier && refinedReceiver(assignment.right)?.name === assignment.left.name && assignment.right.type !== AST_NODE_TYPES.Identifier;
}

/** `s` in `s.describe(d).optional()`, when every step keeps what `s` accepts. */
function refinedReceiver(node: TSESTree.Node): TSESTree.Identifier | undefined {
  let current = unwrapChainAndTypeWrappers(node);
  while (current.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrapChainAndTypeWrappers(current.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier || !isNeutralModifier(callee.property.name)) return undefined;
    current = unwrapChainAndTypeWrappers(callee.object);
  }
  return current.type === AST_NODE_TYPES.Identifier ? current : undefined;
}

/**
 * A `let` whose initial value is a permissive library schema and whose every later write either refines
 * it (`s = s.describe(d)`) or is itself permissive: every value it can hold accepts as much.
 */
function refinedBinding(node: TSESTree.Node, evaluator: Evaluator): PermissiveValue | undefined {
  const identifier = refinedReceiver(node);
  if (!identifier) return undefined;
  const binding = findBinding(evaluator.moduleOf(identifier), identifier);
  if (binding.kind !== 'declarator' || binding.constant || binding.variable.defs.length !== 1 || binding.declarator.id !== binding.identifier || !binding.declarator.init) return undefined;
  const initial = evaluator.evaluate(binding.declarator.init);
  // Library schemas are immutable (each method returns a new one); an object literal may be
  // filled in through its members, which are not writes of the binding.
  if (initial.kind !== 'builder') return undefined;
  const permissiveness = classifySchema(initial);
  if (!permissiveness) return undefined;
  const writes = binding.variable.references.filter((reference) => reference.isWrite() && !reference.init);
  if (writes.length > MAX_WRITES) return undefined;
  for (const write of writes) {
    const assignment = write.identifier.parent;
    if (assignment?.type !== AST_NODE_TYPES.AssignmentExpression || assignment.operator !== '=' || assignment.left !== write.identifier) return undefined;
    if (refinedReceiver(assignment.right)?.name === identifier.name) continue;
    const written = classifySchema(evaluator.evaluate(assignment.right));
    if (!written) return undefined;
    if (written === 'any-object') return { value: initial, permissiveness: written };
  }
  return { value: initial, permissiveness };
}
