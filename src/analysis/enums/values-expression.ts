import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { memberName, unwrapTypeWrappers } from '../syntax/ast.js';
import type { StaticValue } from '../values/static-value.js';

/**
 * The code that yields an enum's values at run time, for a description that stays in step with
 * the table (`One of: ${MARKETS.join(', ')}`) instead of a copy that drifts the day a value is
 * added. The description takes the enum's place, so every name the enum's expression reads is in
 * scope there; what must hold is that evaluating it a second time is harmless and gives the same
 * list: only references, member reads, literals and the pure array and `Object` helpers an enum
 * is built with. Any other call (`require('./glossary').CODES`, a helper's result) would run
 * again: there the values are written out as text.
 */

/**
 * Methods of lists and strings that return a new value and leave the table alone (`sort` and
 * `reverse` do not), as the evaluator follows them (`values/`).
 */
const PURE_METHODS = new Set(['map', 'filter', 'slice', 'concat', 'flat', 'flatMap', 'toSorted', 'toReversed', 'join', 'toUpperCase', 'toLowerCase', 'trim', 'toString']);
const PURE_OBJECT_FUNCTIONS = new Set(['keys', 'values', 'entries', 'freeze']);
const PURE_OPERATORS = new Set(['!', '-', '+', 'typeof', '~']);

/** How deep an expression is followed; an enum's is a few steps (`Object.keys(T.entries)`). */
const MAX_DEPTH = 24;

function isRepeatable(node: TSESTree.Node, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const next = depth + 1;
  const inner = unwrapTypeWrappers(node);
  switch (inner.type) {
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.Literal:
      return true;
    case AST_NODE_TYPES.TemplateLiteral:
      return inner.expressions.every((expression) => isRepeatable(expression, next));
    case AST_NODE_TYPES.MemberExpression:
      return isRepeatable(inner.object, next) && (!inner.computed || isRepeatable(inner.property, next));
    case AST_NODE_TYPES.ChainExpression:
      return isRepeatable(inner.expression, next);
    case AST_NODE_TYPES.ArrayExpression:
      return inner.elements.every((element) => element !== null && isRepeatable(element.type === AST_NODE_TYPES.SpreadElement ? element.argument : element, next));
    case AST_NODE_TYPES.BinaryExpression:
    case AST_NODE_TYPES.LogicalExpression:
      return isRepeatable(inner.left, next) && isRepeatable(inner.right, next);
    case AST_NODE_TYPES.ConditionalExpression:
      return isRepeatable(inner.test, next) && isRepeatable(inner.consequent, next) && isRepeatable(inner.alternate, next);
    case AST_NODE_TYPES.UnaryExpression:
      return PURE_OPERATORS.has(inner.operator) && isRepeatable(inner.argument, next);
    case AST_NODE_TYPES.ArrowFunctionExpression:
    case AST_NODE_TYPES.FunctionExpression: {
      // A callback (`(v) => v.code`) given to a pure list method: its body must be as harmless.
      if (inner.body.type !== AST_NODE_TYPES.BlockStatement) return isRepeatable(inner.body, next);
      const only = inner.body.body.length === 1 ? inner.body.body[0] : undefined;
      return only?.type === AST_NODE_TYPES.ReturnStatement && only.argument !== null && isRepeatable(only.argument, next);
    }
    case AST_NODE_TYPES.CallExpression:
      return isPureCall(inner, next);
    default:
      return false;
  }
}

function isPureCall(call: TSESTree.CallExpression, depth: number): boolean {
  const callee = unwrapTypeWrappers(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed) return false;
  const name = memberName(callee);
  if (name === undefined) return false;
  const argumentsRepeatable = call.arguments.every((argument) => argument.type !== AST_NODE_TYPES.SpreadElement && isRepeatable(argument, depth));
  if (!argumentsRepeatable) return false;
  const object = unwrapTypeWrappers(callee.object);
  if (object.type === AST_NODE_TYPES.Identifier && object.name === 'Object') return PURE_OBJECT_FUNCTIONS.has(name);
  if (object.type === AST_NODE_TYPES.Identifier && object.name === 'Array') return name === 'from' || name === 'of';
  return PURE_METHODS.has(name) && isRepeatable(callee.object, depth);
}

/** Expressions that take `.join(...)` without parentheses. */
const MEMBER_READY = new Set<string>([
  AST_NODE_TYPES.Identifier,
  AST_NODE_TYPES.MemberExpression,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.ArrayExpression,
]);

function listCode(node: TSESTree.Node, value: StaticValue, sourceCode: Readonly<TSESLint.SourceCode>): string {
  // The cast an enum needs (`codes as [string, ...string[]]`) means nothing to `.join`.
  const inner = unwrapTypeWrappers(node);
  const text = sourceCode.getText(inner);
  // An enum-like map (`z.nativeEnum(Currency)`, `Type.Enum(Region)`) accepts its values.
  if (value.kind === 'object') return `Object.values(${text})`;
  return MEMBER_READY.has(inner.type) ? text : `(${text})`;
}

/**
 * `` `One of: ${codes.join(', ')}.` ``'s list part, the code that joins the enum's values at run
 * time, or undefined when no such code can be written without running something twice.
 * `strings` are the enum's values as the evaluator sees them, duplicates included.
 */
export function joinedValuesCode(
  valuesNode: TSESTree.Expression,
  value: StaticValue,
  strings: readonly string[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | undefined {
  if (!isRepeatable(valuesNode, 0)) return undefined;
  const list = listCode(valuesNode, value, sourceCode);
  // Spread tables can repeat a value; the literal description lists each once, and so does this.
  const unique = new Set(strings).size === strings.length ? list : `[...new Set(${list})]`;
  return `${unique}.join(', ')`;
}
