/**
 * # fallback/: a permissive schema standing in for one that failed
 *
 * - `fallback-position.ts` (this file): where a fallback stands: `a ?? X`, `test ? built : X`,
 *   parameter and destructuring defaults, `.catch(() => X)`, `unwrapOr(X)`.
 * - `fallback-statements.ts`: the statement forms (`catch`, a converter's `default:`, guards,
 *   `if/else` branches).
 * - `fallback-cause.ts`: whether what is tested is absence or failure, and the shared vocabulary.
 * - `relayed-tool.ts`: a tool passed on from whoever declared and runs it (a proxy, an adapter).
 * - `permissive-helper.ts`: a call of a function of the file that returns a permissive schema
 *   whatever it is given (`parseAnyDef(refs)`), which the evaluator, running no function, leaves open.
 * - `failure-evidence.ts`: the fallbacks that are a failure's for certain (a `catch`, an outcome
 *   test, a converter's unknown kind, a cycle break), which a schema-shaped value makes a finding
 *   with no sink in view; and the Standard Schema documentation hook, which is never one.
 *
 * Whether the value is a permissive schema is `schemas/`'s question; whether it is a schema at
 * all, `flow/`'s.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, getTargetName, isTypeWrapper, unwrapTypeWrappers, valueHolder } from '../syntax/ast.js';
import {
  isBuildOutcome,
  isKindTest,
  isModeTest,
  methodName,
  referenceName,
  testCause,
  testedNames,
  type FallbackForm,
  type FallbackPosition,
  type Resolver,
} from './fallback-cause.js';
import { enclosingFunction, fromStatement, namesOf } from './fallback-statements.js';
import { getFunctionName, isFunctionNode, type FunctionNode } from '../syntax/function-name.js';

export { referenceName, type FallbackCause, type FallbackForm, type FallbackPosition } from './fallback-cause.js';

/**
 * Where a value stands in for another one: the syntactic forms in which code substitutes a default
 * when the real value is missing or could not be produced. Purely syntactic; whether the value is a
 * (permissive) schema is the schema model's question, and whether it is a schema at all the sink's.
 */

const REJECTION_METHODS = new Set(['catch']);
const RESULT_DEFAULT_METHODS = new Set(['unwrapOr', 'getOrElse', 'orElse', 'valueOr', 'withDefault']);

/** The outermost type wrapper around `node` (or `node`): the expression that occupies the slot. */
function outermostWrapper(node: TSESTree.Expression): TSESTree.Expression {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent) && current.parent.expression === current) current = current.parent;
  return current;
}

/** The leaves a `??`/`||` chain falls back from: `a ?? b ?? X` stands in for `a` and `b`. */
function logicalLeaves(node: TSESTree.Expression, leaves: TSESTree.Expression[] = []): TSESTree.Expression[] {
  if (node.type === AST_NODE_TYPES.LogicalExpression && node.operator !== '&&') {
    logicalLeaves(node.left, leaves);
    logicalLeaves(node.right, leaves);
  } else {
    leaves.push(node);
  }
  return leaves;
}

/**
 * The names the value of `expression` ends up under: the binding, property, parameter or
 * assignment it flows into, or the function it is returned from.
 */
function targetNames(expression: TSESTree.Node): string[] {
  const held = valueHolder(expression);
  if (!held) return [];
  const { holder: parent, node } = held;
  switch (parent.type) {
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === node ? namesOf(getTargetName(parent.id)) : [];
    case AST_NODE_TYPES.Property:
    case AST_NODE_TYPES.PropertyDefinition:
      return parent.value === node ? namesOf(getKeyName(parent.key, parent.computed)) : [];
    case AST_NODE_TYPES.AssignmentExpression:
    case AST_NODE_TYPES.AssignmentPattern:
      return parent.right === node ? namesOf(getTargetName(parent.left)) : [];
    case AST_NODE_TYPES.ReturnStatement: {
      const fn = enclosingFunction(parent);
      return fn ? namesOf(getFunctionName(fn)) : [];
    }
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === node ? namesOf(getFunctionName(parent)) : [];
    default:
      return [];
  }
}

/** A callback's result: its expression body, or `node` if it is returned from the callback's own body. */
function callbackOf(slot: TSESTree.Expression): FunctionNode | undefined {
  const parent = slot.parent;
  if (parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === slot) return parent;
  if (parent?.type === AST_NODE_TYPES.ReturnStatement) return enclosingFunction(parent);
  return undefined;
}

/** `.catch(fn)`, `.then(ok, fn)`, `unwrapOr(fn)`…: the call `fn` (or the value) is the fallback of. */
function fallbackCallOf(argument: TSESTree.Node): { call: TSESTree.CallExpression; form: FallbackForm } | undefined {
  const call = argument.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
  if (index < 0) return undefined;
  const name = methodName(call.callee);
  if (name === undefined) return undefined;
  const isMember = call.callee.type === AST_NODE_TYPES.MemberExpression;
  if (isMember && REJECTION_METHODS.has(name) && index === 0 && isFunctionNode(argument)) {
    return { call, form: 'rejection-handler' };
  }
  if (isMember && name === 'then' && index === 1 && isFunctionNode(argument)) return { call, form: 'rejection-handler' };
  if (RESULT_DEFAULT_METHODS.has(name) && index === 0) return { call, form: 'result-default' };
  return undefined;
}

function isResultDefaultCall(call: TSESTree.CallExpression): boolean {
  const name = methodName(call.callee);
  return name !== undefined && RESULT_DEFAULT_METHODS.has(name);
}

function fromFallbackCall(
  found: { call: TSESTree.CallExpression; form: FallbackForm },
): FallbackPosition {
  const { call, form } = found;
  const receiver = call.callee.type === AST_NODE_TYPES.MemberExpression ? call.callee.object : undefined;
  return {
    form,
    cause: 'failure',
    names: [...targetNames(call), ...namesOf(receiver && referenceName(receiver))],
    replaced: receiver ? [receiver] : [],
  };
}

/** Calls that read an object's entries or merge it: an empty object there means "nothing". */
const ENTRY_READERS = new Set(['keys', 'values', 'entries', 'assign', 'getOwnPropertyNames']);

/**
 * `...(cond ? extra : {})`, `Object.entries(spec.schemas || {})`, `for (const k in x ?? {})`: an
 * empty object that is spread, merged or iterated adds nothing, so choosing it means "no entries",
 * not a schema standing in for another.
 */
function isMergedOrIterated(expression: TSESTree.Node): boolean {
  let node = expression;
  for (let parent = node.parent; parent; node = parent, parent = node.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.SpreadElement:
        return true;
      case AST_NODE_TYPES.ForInStatement:
      case AST_NODE_TYPES.ForOfStatement:
        return parent.right === node;
      case AST_NODE_TYPES.CallExpression: {
        const callee = parent.callee;
        return (
          parent.arguments.includes(node as TSESTree.CallExpressionArgument) &&
          callee.type === AST_NODE_TYPES.MemberExpression &&
          callee.object.type === AST_NODE_TYPES.Identifier &&
          callee.object.name === 'Object' &&
          ENTRY_READERS.has(getKeyName(callee.property, callee.computed) ?? '')
        );
      }
      default: {
        const passesThrough =
          isTypeWrapper(parent) ||
          (parent.type === AST_NODE_TYPES.ConditionalExpression && parent.test !== node) ||
          (parent.type === AST_NODE_TYPES.LogicalExpression && parent.right === node);
        if (!passesThrough) return false;
      }
    }
  }
  return false;
}

function isInCatchHandler(node: TSESTree.Node): boolean {
  let child: TSESTree.Node = node;
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current)) return false;
    if (current.type === AST_NODE_TYPES.CatchClause && current.body === child) return true;
    child = current;
  }
  return false;
}

function withCatchCause(position: FallbackPosition, node: TSESTree.Node): FallbackPosition {
  return position.cause === 'failure' || !isInCatchHandler(node) ? position : { ...position, cause: 'failure' };
}

/**
 * Whether `node` is used as a fallback, in which form, and whether for absence or failure.
 * `node` is the value expression itself; type wrappers around it (`X as JSONSchema7`) are looked
 * through. Only the slot `node` occupies is inspected, so calling this on every expression is cheap.
 */
export function getFallbackPosition(
  node: TSESTree.Expression,
  sourceCode: Readonly<TSESLint.SourceCode>,
): FallbackPosition | undefined {
  const slot = outermostWrapper(node);
  if (!slot.parent || !SLOT_PARENTS.has(slot.parent.type)) return undefined;
  const resolver: Resolver = { sourceCode };
  const direct = directFallbackPosition(node, resolver);
  if (direct) return direct;
  // A schema-named property of the fallback value: `catch { return { ...tool, inputSchema: X } }`.
  const property = slot.parent;
  if (
    property?.type === AST_NODE_TYPES.Property &&
    property.value === slot &&
    property.kind === 'init' &&
    property.parent.type === AST_NODE_TYPES.ObjectExpression
  ) {
    const key = getKeyName(property.key, property.computed);
    if (key === undefined) return undefined;
    const container = directFallbackPosition(property.parent, resolver);
    if (container) return { ...container, names: [key, ...container.names], nestedKey: key };
  }
  return undefined;
}

/**
 * Listeners that hand `visit` every expression sitting in a slot `getFallbackPosition` knows,
 * from the few constructs that hold one, so a rule need not be called for every identifier,
 * member and call of a file. The members of an object in a slot are offered too: they are the
 * slots of `catch { return { ...tool, inputSchema: X } }`. `memberKeys` narrows those to the keys
 * the caller can report under (most objects in a slot are data: `return { id: row.id, … }`).
 * `visit` still asks `getFallbackPosition` whether the slot is a fallback.
 */
export function fallbackSlotListeners(
  visit: (slot: TSESTree.Expression) => void,
  { memberKeys }: { readonly memberKeys?: (key: string) => boolean } = {},
): TSESLint.RuleListener {
  function offer(slot: TSESTree.Expression | TSESTree.SpreadElement | null | undefined): void {
    if (!slot || slot.type === AST_NODE_TYPES.SpreadElement) return;
    visit(slot);
    const value = unwrapTypeWrappers(slot);
    if (value.type !== AST_NODE_TYPES.ObjectExpression) return;
    for (const property of value.properties) {
      if (property.type !== AST_NODE_TYPES.Property || property.kind !== 'init' || !isExpressionValue(property.value)) continue;
      if (memberKeys) {
        const key = getKeyName(property.key, property.computed);
        if (key === undefined || !memberKeys(key)) continue;
      }
      visit(property.value);
    }
  }
  return {
    LogicalExpression: (node) => node.operator !== '&&' && offer(node.right),
    AssignmentExpression: (node) => offer(node.right),
    ConditionalExpression: (node) => {
      offer(node.consequent);
      offer(node.alternate);
    },
    AssignmentPattern: (node) => offer(node.right),
    // Only the first argument of a result-default method can be a slot (`unwrapOr(X)`); a
    // rejection handler's value is offered by the arrow or `return` that produces it.
    CallExpression: (node) => isResultDefaultCall(node) && offer(node.arguments[0]),
    ArrowFunctionExpression: (node) => node.expression && offer(node.body),
    ReturnStatement: (node) => offer(node.argument),
  };
}

function isExpressionValue(node: TSESTree.Property['value']): node is TSESTree.Expression {
  return (
    node.type !== AST_NODE_TYPES.AssignmentPattern &&
    node.type !== AST_NODE_TYPES.ObjectPattern &&
    node.type !== AST_NODE_TYPES.ArrayPattern &&
    node.type !== AST_NODE_TYPES.TSEmptyBodyFunctionExpression
  );
}

/** The parents of every slot `directFallbackPosition` knows, and `Property` for a fallback value's member. */
const SLOT_PARENTS: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.LogicalExpression,
  AST_NODE_TYPES.AssignmentExpression,
  AST_NODE_TYPES.ConditionalExpression,
  AST_NODE_TYPES.AssignmentPattern,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.ArrowFunctionExpression,
  AST_NODE_TYPES.ReturnStatement,
  AST_NODE_TYPES.Property,
]);

function directFallbackPosition(node: TSESTree.Expression, resolver: Resolver): FallbackPosition | undefined {
  const slot = outermostWrapper(node);
  const parent = slot.parent;
  if (!parent) return undefined;
  switch (parent.type) {
    case AST_NODE_TYPES.LogicalExpression: {
      if (parent.right !== slot || parent.operator === '&&' || isMergedOrIterated(parent)) return undefined;
      const leaves = logicalLeaves(parent.left);
      const cause = leaves.some((leaf) => isBuildOutcome(leaf, resolver)) ? 'failure' : 'absence';
      return withCatchCause(
        {
          form: 'logical',
          cause,
          names: [...targetNames(parent), ...leaves.flatMap((leaf) => namesOf(referenceName(leaf)))],
          replaced: leaves,
        },
        parent,
      );
    }
    case AST_NODE_TYPES.AssignmentExpression: {
      if (parent.right !== slot) return undefined;
      if (parent.operator === '??=' || parent.operator === '||=') {
        return withCatchCause(
          {
            form: 'logical',
            cause: isBuildOutcome(parent.left, resolver) ? 'failure' : 'absence',
            names: namesOf(referenceName(parent.left)),
            replaced: [],
          },
          parent,
        );
      }
      return parent.operator === '=' ? fromStatement(parent, resolver) : undefined;
    }
    case AST_NODE_TYPES.ConditionalExpression: {
      if (parent.test === slot || isMergedOrIterated(parent)) return undefined;
      // `def.type === 'string' ? { type: 'string' } : X` translates a kind in its consequent (X, the
      // unknown kind, falls back); a test of the converter's target or strategy is a case either way.
      if (isModeTest(parent.test) || (parent.consequent === slot && isKindTest(parent.test))) return undefined;
      const other = parent.consequent === slot ? parent.alternate : parent.consequent;
      return withCatchCause(
        {
          form: 'conditional',
          cause: testCause(parent.test, resolver),
          names: [...targetNames(parent), ...testedNames(parent.test)],
          replaced: [other],
        },
        parent,
      );
    }
    case AST_NODE_TYPES.AssignmentPattern: {
      if (parent.right !== slot) return undefined;
      const names = namesOf(getTargetName(parent.left));
      const holder = parent.parent;
      if (holder.type === AST_NODE_TYPES.Property && holder.value === parent) {
        names.push(...namesOf(getKeyName(holder.key, holder.computed)));
      }
      return { form: 'default-value', cause: 'absence', names, replaced: [] };
    }
    case AST_NODE_TYPES.CallExpression: {
      const found = fallbackCallOf(slot);
      return found?.form === 'result-default' ? fromFallbackCall(found) : undefined;
    }
    case AST_NODE_TYPES.ArrowFunctionExpression:
    case AST_NODE_TYPES.ReturnStatement: {
      if (parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body !== slot) return undefined;
      const callback = callbackOf(slot);
      const found = callback && fallbackCallOf(outermostWrapper(callback as TSESTree.Expression));
      // A callback returning from inside a `catch` of its own is the catch's fallback, not the call's.
      if (found && (parent.type === AST_NODE_TYPES.ArrowFunctionExpression || !isInCatchHandler(parent))) {
        return fromFallbackCall(found);
      }
      return parent.type === AST_NODE_TYPES.ReturnStatement ? fromStatement(parent, resolver) : undefined;
    }
    default:
      return undefined;
  }
}
