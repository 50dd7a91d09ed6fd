import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, getTargetName, isTypeWrapper, unwrapTypeWrappers } from './ast.js';
import { forEachDescendant } from './ast-walk.js';
import { isSchemaPositionName } from './schema-names.js';
import { getFunctionName, isFunctionNode, type FunctionNode } from './function-name.js';

/**
 * Where a value stands in for another one: the syntactic forms in which code substitutes a default
 * when the real value is missing or could not be produced. Purely syntactic; whether the value is a
 * (permissive) schema is the schema model's question.
 */
export type FallbackForm =
  /** `catch { return X }`, `catch { schema = X }` */
  | 'catch'
  /** `a ?? X`, `a || X`, `a ??= X`, `a ||= X` */
  | 'logical'
  /** `test ? built : X` */
  | 'conditional'
  /** `function f(schema = X)`, `const { inputSchema = X } = def` */
  | 'default-value'
  /** `promise.catch(() => X)`, `promise.then(ok, () => X)` */
  | 'rejection-handler'
  /** `result.unwrapOr(X)`, `getOrElse(() => X)`, `orElse`, `valueOr`, `withDefault` */
  | 'result-default'
  /** `if (!built.ok) return X` in a function that otherwise returns something else */
  | 'guard-return'
  /** `default: return X` in a `switch` whose other cases return */
  | 'switch-default';

/**
 * ABSENCE: the fallback is taken when nothing was declared (`def.inputSchema ?? X`,
 * `if (tool.inputSchema === undefined) return X`, a default value).
 * FAILURE: it is taken when producing the real value went wrong (a call's result, a result's `ok`,
 * a caught error, a `catch`).
 */
export type FallbackCause = 'absence' | 'failure';

export interface FallbackPosition {
  readonly form: FallbackForm;
  readonly cause: FallbackCause;
  /**
   * Names the position is known by: the binding, property, parameter or assignment target the
   * fallback flows into, the function a returned fallback leaves, and the names the guard tests
   * (`inputSchema` in `def.inputSchema ?? X`). A schema-position name among them makes it a schema.
   */
  readonly names: readonly string[];
  /**
   * What the fallback stands in for: the left of `??`, the other branch, the `try` block's results,
   * the guarded function's other returns, the other cases of the switch, the promise or result.
   */
  readonly replaced: readonly TSESTree.Expression[];
  /**
   * Set when the expression is a property of the fallback value (`catch { return { ...tool,
   * inputSchema: X } }`) rather than the whole value: the property's key.
   */
  readonly nestedKey?: string;
}

const REJECTION_METHODS = new Set(['catch']);
const RESULT_DEFAULT_METHODS = new Set(['unwrapOr', 'getOrElse', 'orElse', 'valueOr', 'withDefault']);

/** Members of a build result that say whether building worked (`built.ok`, `parsed.success`, `r.isErr()`). */
const OUTCOME_MEMBERS = new Set([
  'ok',
  'success',
  'succeeded',
  'successful',
  'valid',
  'isValid',
  'error',
  'errors',
  'err',
  'failed',
  'failure',
  'issues',
  'isOk',
  'isErr',
  'isError',
  'isSuccess',
  'isFailure',
  'isLeft',
  'isRight',
]);

/** Calls that look a declared value up rather than build one: a miss there is absence, not failure. */
const LOOKUP_METHODS = new Set(['get', 'find', 'findLast', 'at', 'getItem', 'hasOwnProperty', 'hasOwn']);

/** The outermost type wrapper around `node` (or `node`): the expression that occupies the slot. */
function outermostWrapper(node: TSESTree.Expression): TSESTree.Expression {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent) && current.parent.expression === current) current = current.parent;
  return current;
}

function methodName(callee: TSESTree.Node): string | undefined {
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type === AST_NODE_TYPES.MemberExpression) return getKeyName(callee.property, callee.computed);
  return undefined;
}

/**
 * The name a reference is read under: `schema`, the `inputSchema` of `tool?.inputSchema`, the
 * `loadSchema` of `loadSchema(url)`. Only the last link counts: `schema.additionalProperties` is an
 * `additionalProperties` value, not a schema.
 */
export function referenceName(node: TSESTree.Node): string | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.Identifier:
      return node.name;
    case AST_NODE_TYPES.MemberExpression:
      return getKeyName(node.property, node.computed);
    case AST_NODE_TYPES.ChainExpression:
      return referenceName(node.expression);
    case AST_NODE_TYPES.CallExpression:
      return referenceName(node.callee);
    case AST_NODE_TYPES.AwaitExpression:
      return referenceName(node.argument);
    default:
      return isTypeWrapper(node) ? referenceName(node.expression) : undefined;
  }
}

/** The names a guard tests: `!tool.inputSchema || typeof schema !== 'object'` → `inputSchema`, `schema`. */
function testedNames(node: TSESTree.Node, names: string[] = []): string[] {
  switch (node.type) {
    case AST_NODE_TYPES.LogicalExpression:
    case AST_NODE_TYPES.BinaryExpression:
      testedNames(node.left, names);
      testedNames(node.right, names);
      break;
    case AST_NODE_TYPES.UnaryExpression:
      testedNames(node.argument, names);
      break;
    default: {
      const name = referenceName(node);
      if (name !== undefined) names.push(name);
    }
  }
  return names;
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

interface Resolver {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

/**
 * Whether a value is the outcome of building something: a (non-lookup) call's result, a result's
 * `ok`/`error`, a caught error, or a binding initialised from one of those.
 */
function isBuildOutcome(node: TSESTree.Node, resolver: Resolver, depth = 0): boolean {
  if (depth > 4) return false;
  switch (node.type) {
    case AST_NODE_TYPES.ChainExpression:
      return isBuildOutcome(node.expression, resolver, depth);
    case AST_NODE_TYPES.AwaitExpression:
      return isBuildOutcome(node.argument, resolver, depth);
    case AST_NODE_TYPES.UnaryExpression:
      return isBuildOutcome(node.argument, resolver, depth);
    case AST_NODE_TYPES.MemberExpression: {
      const key = getKeyName(node.property, node.computed);
      if (key !== undefined && OUTCOME_MEMBERS.has(key)) return true;
      // `def.inputSchema` reads a declared field: missing is absence, whatever produced `def`.
      if (key !== undefined && isSchemaPositionName(key)) return false;
      return isBuildOutcome(node.object, resolver, depth);
    }
    case AST_NODE_TYPES.CallExpression: {
      const name = methodName(node.callee);
      if (name !== undefined && OUTCOME_MEMBERS.has(name)) return true;
      if (name !== undefined && LOOKUP_METHODS.has(name)) return false;
      return true;
    }
    case AST_NODE_TYPES.Identifier: {
      if (OUTCOME_MEMBERS.has(node.name)) return true;
      const variable = ASTUtils.findVariable(resolver.sourceCode.getScope(node), node.name);
      const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
      if (!definition) return false;
      if (definition.type === 'CatchClause') return true;
      if (definition.node.type === AST_NODE_TYPES.VariableDeclarator && definition.node.init) {
        return isBuildOutcome(definition.node.init, resolver, depth + 1);
      }
      return false;
    }
    default:
      return isTypeWrapper(node) ? isBuildOutcome(node.expression, resolver, depth) : false;
  }
}

function isNullish(node: TSESTree.Node): boolean {
  return (
    (node.type === AST_NODE_TYPES.Literal && node.value === null && !('regex' in node)) ||
    (node.type === AST_NODE_TYPES.Identifier && node.name === 'undefined') ||
    (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === 'void')
  );
}

/**
 * What a guard tests: ABSENCE when it only asks whether something was declared (truthiness,
 * `=== undefined`, `== null`, `typeof x === 'undefined'`, `'k' in x`, `Object.hasOwn`) of a value
 * that is not a build outcome; FAILURE for everything else (a result's `ok`, a shape check, a call).
 */
function testCause(test: TSESTree.Node, resolver: Resolver): FallbackCause {
  switch (test.type) {
    case AST_NODE_TYPES.LogicalExpression:
      return testCause(test.left, resolver) === 'absence' && testCause(test.right, resolver) === 'absence'
        ? 'absence'
        : 'failure';
    case AST_NODE_TYPES.UnaryExpression:
      return test.operator === '!' ? testCause(test.argument, resolver) : 'failure';
    case AST_NODE_TYPES.BinaryExpression: {
      if (test.operator === 'in') return isBuildOutcome(test.right, resolver) ? 'failure' : 'absence';
      if (!['===', '!==', '==', '!='].includes(test.operator)) return 'failure';
      const { left, right } = test;
      const typeofSubject = (side: TSESTree.Node, other: TSESTree.Node): TSESTree.Node | undefined =>
        side.type === AST_NODE_TYPES.UnaryExpression &&
        side.operator === 'typeof' &&
        other.type === AST_NODE_TYPES.Literal &&
        other.value === 'undefined'
          ? side.argument
          : undefined;
      const subject =
        (isNullish(right) ? left : undefined) ??
        (isNullish(left) ? right : undefined) ??
        typeofSubject(left, right) ??
        typeofSubject(right, left);
      if (!subject) return 'failure';
      return isBuildOutcome(subject, resolver) ? 'failure' : 'absence';
    }
    case AST_NODE_TYPES.CallExpression: {
      const name = methodName(test.callee);
      return name === 'hasOwn' || name === 'hasOwnProperty' ? 'absence' : 'failure';
    }
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.MemberExpression:
    case AST_NODE_TYPES.ChainExpression:
      return isBuildOutcome(test, resolver) ? 'failure' : 'absence';
    default:
      return isTypeWrapper(test) ? testCause(test.expression, resolver) : 'failure';
  }
}

/** Per linted file (one weak entry per file; the nodes key a plain map that dies with it). */
const collectedByFile = new WeakMap<object, Map<TSESTree.Node, TSESTree.Node[]>>();

/**
 * Every return and assignment inside `root`, not descending into nested functions or classes
 * (their returns belong to another function). Cached per container: a converter with many guards
 * is walked once.
 */
function returnsAndAssignments(root: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node[] {
  let collected = collectedByFile.get(sourceCode);
  if (!collected) collectedByFile.set(sourceCode, (collected = new Map()));
  const cached = collected.get(root);
  if (cached) return cached;
  const found: TSESTree.Node[] = [];
  forEachDescendant(root, sourceCode.visitorKeys, (node) => {
    if (isFunctionNode(node) || node.type === AST_NODE_TYPES.ClassBody) return false;
    if (node.type === AST_NODE_TYPES.ReturnStatement || node.type === AST_NODE_TYPES.AssignmentExpression) {
      found.push(node);
    }
    return true;
  });
  collected.set(root, found);
  return found;
}

function returnedValues(root: TSESTree.Node, except: TSESTree.Node, resolver: Resolver): TSESTree.Expression[] {
  const values: TSESTree.Expression[] = [];
  for (const node of returnsAndAssignments(root, resolver.sourceCode)) {
    if (node.type === AST_NODE_TYPES.ReturnStatement && node !== except && node.argument) values.push(node.argument);
  }
  return values;
}

function assignedValues(
  root: TSESTree.Node,
  targetName: string | undefined,
  except: TSESTree.Node,
  resolver: Resolver,
): TSESTree.Expression[] {
  if (targetName === undefined) return [];
  const values: TSESTree.Expression[] = [];
  for (const node of returnsAndAssignments(root, resolver.sourceCode)) {
    if (node.type === AST_NODE_TYPES.AssignmentExpression && node !== except && getTargetName(node.left) === targetName) {
      values.push(node.right);
    }
  }
  return values;
}

/**
 * The names the value of `expression` ends up under: the binding, property, parameter or
 * assignment it flows into, or the function it is returned from.
 */
function targetNames(expression: TSESTree.Node): string[] {
  let node: TSESTree.Node = expression;
  for (let steps = 0; steps < 8 && node.parent; steps++) {
    const parent: TSESTree.Node = node.parent;
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
      case AST_NODE_TYPES.LogicalExpression:
      case AST_NODE_TYPES.ConditionalExpression:
      case AST_NODE_TYPES.AwaitExpression:
      case AST_NODE_TYPES.ChainExpression:
        node = parent;
        break;
      default:
        if (!isTypeWrapper(parent)) return [];
        node = parent;
        break;
    }
  }
  return [];
}

function namesOf(name: string | undefined): string[] {
  return name === undefined ? [] : [name];
}

function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current)) return current;
  }
  return undefined;
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

interface StatementPath {
  readonly catchClause?: TSESTree.CatchClause;
  readonly tryStatement?: TSESTree.TryStatement;
  readonly switchDefault?: { readonly switchCase: TSESTree.SwitchCase; readonly statement: TSESTree.SwitchStatement };
  readonly guard?: { readonly test: TSESTree.Expression };
}

/**
 * The control structures between a statement and its function, innermost first: is it in a
 * `catch` handler, the `default:` of a switch, a branch of an `if`, or after an `if` that returns
 * (`if (built) return built; return X` is the `else` of that guard)?
 */
function statementPath(statement: TSESTree.Node, fn: TSESTree.Node | undefined): StatementPath {
  let catchClause: TSESTree.CatchClause | undefined;
  let switchDefault: StatementPath['switchDefault'];
  let guard: StatementPath['guard'];
  let child: TSESTree.Node = statement;
  for (let current = statement.parent; current && current !== fn; current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause && current.body === child && !catchClause) {
      catchClause = current;
    } else if (
      current.type === AST_NODE_TYPES.SwitchCase &&
      current.test === null &&
      current.parent.type === AST_NODE_TYPES.SwitchStatement &&
      !switchDefault &&
      !guard
    ) {
      switchDefault = { switchCase: current, statement: current.parent };
    } else if (current.type === AST_NODE_TYPES.IfStatement && current.test !== child && !guard && !switchDefault) {
      guard = { test: current.test };
    } else if (
      current.type === AST_NODE_TYPES.BlockStatement &&
      fn &&
      current.parent === fn &&
      !guard &&
      !switchDefault
    ) {
      const index = current.body.indexOf(child as TSESTree.Statement);
      const previous = index > 0 ? current.body[index - 1] : undefined;
      if (previous?.type === AST_NODE_TYPES.IfStatement && !previous.alternate && endsInReturn(previous.consequent)) {
        guard = { test: previous.test };
      }
    }
    child = current;
  }
  const tryStatement = catchClause?.parent.type === AST_NODE_TYPES.TryStatement ? catchClause.parent : undefined;
  return { catchClause, tryStatement, switchDefault, guard };
}

function endsInReturn(statement: TSESTree.Statement): boolean {
  if (statement.type === AST_NODE_TYPES.ReturnStatement) return true;
  if (statement.type === AST_NODE_TYPES.BlockStatement) {
    const last = statement.body.at(-1);
    return last !== undefined && endsInReturn(last);
  }
  return false;
}

/** A value returned from a function, or assigned in a statement: the control-flow forms. */
function fromStatement(
  statement: TSESTree.ReturnStatement | TSESTree.AssignmentExpression,
  resolver: Resolver,
): FallbackPosition | undefined {
  const fn = enclosingFunction(statement);
  const path = statementPath(statement, fn);
  const isReturn = statement.type === AST_NODE_TYPES.ReturnStatement;
  const targetName = isReturn ? undefined : getTargetName(statement.left);
  const names = isReturn ? namesOf(fn && getFunctionName(fn)) : namesOf(targetName);
  const valuesIn = (root: TSESTree.Node): TSESTree.Expression[] =>
    isReturn ? returnedValues(root, statement, resolver) : assignedValues(root, targetName, statement, resolver);

  if (path.catchClause) {
    return {
      form: 'catch',
      cause: 'failure',
      names,
      replaced: path.tryStatement ? valuesIn(path.tryStatement.block) : [],
    };
  }
  if (path.switchDefault) {
    const replaced = path.switchDefault.statement.cases
      .filter((switchCase) => switchCase !== path.switchDefault?.switchCase)
      .flatMap((switchCase) => valuesIn(switchCase));
    // A switch whose other cases produce nothing is not a converter: its default replaces nothing.
    if (replaced.length === 0) return undefined;
    return { form: 'switch-default', cause: 'failure', names, replaced };
  }
  if (path.guard && isReturn && fn) {
    const replaced = returnedValues(fn.body, statement, resolver);
    if (replaced.length === 0) return undefined;
    return {
      form: 'guard-return',
      cause: testCause(path.guard.test, resolver),
      names: [...names, ...testedNames(path.guard.test)],
      replaced,
    };
  }
  return undefined;
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
