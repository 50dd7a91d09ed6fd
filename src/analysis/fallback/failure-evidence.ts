import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, getTargetName, isTypeWrapper, valueHolder } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { getFunctionName, isFunctionNode, type FunctionNode } from '../syntax/function-name.js';
import { isBuildOutcome, isKindMember, isKindTest, methodName, OUTCOME_MEMBERS, testedNames, type FallbackPosition, type Resolver } from './fallback-cause.js';
import { enclosingFunction, statementGuard, type StatementGuard } from './fallback-statements.js';

/**
 * A fallback that is a failure's for certain: the value is what code yields when building the
 * real one went wrong, whatever the value is and wherever it goes. When that value is also a
 * schema by what it is (`{ type: 'object' }`, `z.any()`, a question for `schemas/`), nothing more
 * is needed to call it a finding: the sink may be in another module, or none may be in view.
 *
 * Narrower than a failure cause (`fallback-cause.ts`), which also covers shape checks and any
 * call's result: here only a `catch`, a rejection handler, a result's default, a test of a
 * build's outcome (`r.ok ? r.value : X`, `if (!built.success) return X`), the fall-through after
 * a build that returned nothing (`if (built) return built; return X`) or after a loop that tried
 * every way to build it, the unknown kind of a schema converter (the code after its kind tests,
 * its switch's `default:`), and the cycle a `$ref` resolver breaks (`if (seen.has(ref)) return X`).
 */
export function isCertainFailure(position: FallbackPosition, slot: TSESTree.Expression, resolver: Resolver): boolean {
  if (position.cause !== 'failure' || position.nestedKey !== undefined) return false;
  const site = outermostWrapper(slot);
  const parent = site.parent;
  switch (position.form) {
    case 'catch':
    case 'rejection-handler':
    case 'result-default':
      return true;
    case 'logical':
      // `build(x) ?? X` may be a lookup under another name; inside a `catch` it is the failure's.
      return isInCatchHandler(site);
    case 'conditional':
      return parent?.type === AST_NODE_TYPES.ConditionalExpression && readsOutcome(parent.test);
    case 'switch-default': {
      const statement = statementOf(site);
      const switchStatement = statement && enclosingSwitch(statement);
      return switchStatement !== undefined && isKindMember(switchStatement.discriminant);
    }
    case 'guard-return':
    case 'branch-assign': {
      const statement = statementOf(site);
      const guard = statement && statementGuard(statement);
      return guard !== undefined && isFailureGuard(guard, statement!, resolver);
    }
    default:
      return false;
  }
}

function isFailureGuard(guard: StatementGuard, statement: TSESTree.Node, resolver: Resolver): boolean {
  if (readsOutcome(guard.test)) return true;
  if (guard.branch === 'consequent') {
    const fn = enclosingFunction(statement);
    return fn !== undefined && isCycleGuard(guard.test, fn, resolver.sourceCode);
  }
  // What is left when no kind test before matched: the kind the converter does not know.
  if (isSchemaKindTest(guard.test)) return true;
  if (guard.branch !== 'after') return false;
  const returned = returnedBy(guard.statement.consequent);
  if (!returned) return false;
  // `for (const c of converters) { if (c.accepts(s)) return c.convert(s); } return X`
  if (guard.loop) return unwrapAwait(returned).type === AST_NODE_TYPES.CallExpression && isBuildOutcome(returned, resolver);
  // `const built = build(def); if (built) return built; return X`
  return returned.type === AST_NODE_TYPES.Identifier && testedNames(guard.test).includes(returned.name) && isBuildOutcome(returned, resolver);
}

/**
 * `if (seen.has(ref)) return X` in a function that also records what it visits (`seen.add(ref)`,
 * `stack.push(ref)`, `new Set([...seen, ref])`): the guard breaks a cycle, and X stands in for the
 * schema the recursion could not finish.
 */
function isCycleGuard(test: TSESTree.Expression, fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (test.type !== AST_NODE_TYPES.CallExpression || test.callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = methodName(test.callee);
  if (method !== 'has' && method !== 'includes') return false;
  const visited = sourceCode.getText(test.callee.object);
  let records = false;
  forEachDescendant(fn.body, sourceCode.visitorKeys, (node) => {
    if (records) return false;
    if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.MemberExpression && RECORDING_METHODS.has(methodName(node.callee) ?? '')) {
      records = sourceCode.getText(node.callee.object) === visited;
    } else if (node.type === AST_NODE_TYPES.SpreadElement && node.parent.type === AST_NODE_TYPES.ArrayExpression) {
      records = sourceCode.getText(node.argument) === visited;
    }
    return !records;
  });
  return records;
}

const RECORDING_METHODS: ReadonlySet<string> = new Set(['add', 'push', 'set']);

/**
 * Whether a test reads a build's outcome: `r.ok`, `!parsed.success`, `result.isErr()`,
 * `built.error !== undefined`, or a binding of one (`const ok = …; if (!ok)`). Narrower than a
 * failure cause: a call's result or a shape check may be anything, an outcome is a build's verdict.
 */
function readsOutcome(test: TSESTree.Node): boolean {
  switch (test.type) {
    case AST_NODE_TYPES.UnaryExpression:
      return test.operator === '!' && readsOutcome(test.argument);
    case AST_NODE_TYPES.LogicalExpression:
      return readsOutcome(test.left) || readsOutcome(test.right);
    case AST_NODE_TYPES.BinaryExpression:
      return ['===', '!==', '==', '!='].includes(test.operator) && (readsOutcome(test.left) || readsOutcome(test.right));
    case AST_NODE_TYPES.ChainExpression:
      return readsOutcome(test.expression);
    case AST_NODE_TYPES.MemberExpression: {
      const key = getKeyName(test.property, test.computed);
      return key !== undefined && OUTCOME_MEMBERS.has(key);
    }
    case AST_NODE_TYPES.CallExpression: {
      const name = methodName(test.callee);
      return test.callee.type === AST_NODE_TYPES.MemberExpression && name !== undefined && OUTCOME_MEMBERS.has(name);
    }
    default:
      return isTypeWrapper(test) && readsOutcome(test.expression);
  }
}

function hasTypeof(node: TSESTree.Node): boolean {
  switch (node.type) {
    case AST_NODE_TYPES.UnaryExpression:
      return node.operator === 'typeof' || hasTypeof(node.argument);
    case AST_NODE_TYPES.LogicalExpression:
    case AST_NODE_TYPES.BinaryExpression:
      return hasTypeof(node.left) || hasTypeof(node.right);
    default:
      return false;
  }
}

/**
 * A kind test of a schema (`prop.type === 'string'`, `def.typeName === 'ZodString'`,
 * `s instanceof ZodString`), not of a runtime value: `typeof sample === 'string'` classifies data,
 * and the code after it describes a value (an inference), not a schema it failed to convert.
 */
function isSchemaKindTest(test: TSESTree.Node): boolean {
  return isKindTest(test) && !hasTypeof(test);
}



const IN_PLACE = 'in place of the schema it failed to build';

/**
 * Where a failure's schema goes when no sink is in view, for the message: the function that
 * returns it, the binding or target it is assigned to, the promise whose failure it stands for.
 */
export function describeUnsunkFailure(slot: TSESTree.Expression, sourceCode: Readonly<TSESLint.SourceCode>): string {
  const held = valueHolder(outermostWrapper(slot));
  if (!held) return `used ${IN_PLACE}`;
  const { holder: parent, node } = held;
  switch (parent.type) {
    case AST_NODE_TYPES.ReturnStatement: {
      const fn = enclosingFunction(parent);
      return fn ? returnedFrom(fn, sourceCode) : `returned ${IN_PLACE}`;
    }
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === node ? returnedFrom(parent, sourceCode) : `used ${IN_PLACE}`;
    case AST_NODE_TYPES.VariableDeclarator: {
      const name = parent.init === node ? getTargetName(parent.id) : undefined;
      return name === undefined ? `used ${IN_PLACE}` : `held by \`${name}\` ${IN_PLACE}`;
    }
    case AST_NODE_TYPES.AssignmentExpression:
      return `assigned to \`${shortText(parent.left, sourceCode)}\` ${IN_PLACE}`;
    // `built.unwrapOr(X)`: the result's own default.
    case AST_NODE_TYPES.CallExpression:
      return parent.callee.type === AST_NODE_TYPES.MemberExpression && parent.arguments[0] === node
        ? `what \`${shortText(parent.callee.object, sourceCode)}\` yields when it fails, ${IN_PLACE}`
        : `used ${IN_PLACE}`;
    default:
      return `used ${IN_PLACE}`;
  }
}

/** Methods whose callback yields the value when the receiver failed: a promise's, a result's. */
const FAILURE_HANDLERS: ReadonlySet<string> = new Set(['catch', 'then', 'unwrapOr', 'getOrElse', 'orElse', 'valueOr', 'withDefault']);

/** `returned by `toZod()``, or for a rejection handler, what the promise it handles then yields. */
function returnedFrom(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): string {
  const call = outermostWrapper(fn as TSESTree.Expression).parent;
  if (call?.type === AST_NODE_TYPES.CallExpression && call.callee.type === AST_NODE_TYPES.MemberExpression && call.arguments.includes(fn as TSESTree.CallExpressionArgument)) {
    const method = methodName(call.callee);
    if (method !== undefined && FAILURE_HANDLERS.has(method)) return `what \`${shortText(call.callee.object, sourceCode)}\` yields when it fails, ${IN_PLACE}`;
  }
  const name = getFunctionName(fn);
  return name === undefined ? `returned ${IN_PLACE}` : `returned by \`${name}()\` ${IN_PLACE}`;
}

/**
 * Whether a fallback lies in a Standard Schema's `jsonSchema` hook (`'~standard': { validate,
 * jsonSchema: { input() {…} } }`), or in a function only called from one: the JSON Schema it
 * writes documents the fields, and the object's own `validate` checks every value. A permissive
 * part there loosens the description, not the check.
 */
export function isStandardSchemaDocumentation(node: TSESTree.Node, callSitesOf: (fn: FunctionNode) => readonly TSESTree.CallExpression[]): boolean {
  if (inJsonSchemaHook(node)) return true;
  const fn = enclosingFunction(node);
  if (!fn) return false;
  const calls = callSitesOf(fn).filter((call) => !(fn.range[0] <= call.range[0] && call.range[1] <= fn.range[1]));
  return calls.length > 0 && calls.every(inJsonSchemaHook);
}

function inJsonSchemaHook(node: TSESTree.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type !== AST_NODE_TYPES.Property || getKeyName(current.key, current.computed) !== 'jsonSchema') continue;
    const standard = current.parent;
    const holder = standard.parent;
    if (
      standard.type === AST_NODE_TYPES.ObjectExpression &&
      holder?.type === AST_NODE_TYPES.Property &&
      getKeyName(holder.key, holder.computed) === '~standard' &&
      standard.properties.some((member) => member.type === AST_NODE_TYPES.Property && getKeyName(member.key, member.computed) === 'validate')
    ) {
      return true;
    }
  }
  return false;
}

function outermostWrapper(node: TSESTree.Expression): TSESTree.Expression {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent) && current.parent.expression === current) current = current.parent;
  return current;
}

function unwrapAwait(node: TSESTree.Expression): TSESTree.Expression {
  return node.type === AST_NODE_TYPES.AwaitExpression ? node.argument : node;
}

function statementOf(site: TSESTree.Node): TSESTree.ReturnStatement | TSESTree.AssignmentExpression | undefined {
  const parent = site.parent;
  if (parent?.type === AST_NODE_TYPES.ReturnStatement) return parent;
  if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.right === site) return parent;
  return undefined;
}

function enclosingSwitch(node: TSESTree.Node): TSESTree.SwitchStatement | undefined {
  for (let current = node.parent; current && !isFunctionNode(current); current = current.parent) {
    if (current.type === AST_NODE_TYPES.SwitchStatement) return current;
  }
  return undefined;
}

function isInCatchHandler(node: TSESTree.Node): boolean {
  let child: TSESTree.Node = node;
  for (let current = node.parent; current && !isFunctionNode(current); current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause && current.body === child) return true;
    child = current;
  }
  return false;
}

/** The value the last statement of a branch returns. */
function returnedBy(statement: TSESTree.Statement): TSESTree.Expression | undefined {
  if (statement.type === AST_NODE_TYPES.ReturnStatement) return statement.argument ?? undefined;
  if (statement.type === AST_NODE_TYPES.BlockStatement) {
    const last = statement.body.at(-1);
    return last && returnedBy(last);
  }
  return undefined;
}

function shortText(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string {
  const text = sourceCode.getText(node).replace(/\s+/g, ' ');
  return text.length <= 40 ? text : `${text.slice(0, 37)}…`;
}
