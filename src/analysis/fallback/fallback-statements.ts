import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getTargetName } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { isEmptyObjectTest, isKindTest, isModeTest, testCause, testedNames, type FallbackPosition, type Resolver } from './fallback-cause.js';
import { getFunctionName, isFunctionNode, type FunctionNode } from '../syntax/function-name.js';

/**
 * The control-flow forms of a fallback: a value returned or assigned in a `catch`, in a converter
 * switch's `default:`, after or under a guard, or in one branch of an `if/else` whose other branch
 * assigns the real value.
 */

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

export function namesOf(name: string | undefined): string[] {
  return name === undefined ? [] : [name];
}

export function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current)) return current;
  }
  return undefined;
}

/** Which side of a guard a statement is on: its `if` branch, its `else`, or after an `if` that returned. */
type GuardBranch = 'consequent' | 'alternate' | 'after';

interface StatementPath {
  readonly catchClause?: TSESTree.CatchClause;
  readonly tryStatement?: TSESTree.TryStatement;
  readonly switchDefault?: { readonly switchCase: TSESTree.SwitchCase; readonly statement: TSESTree.SwitchStatement };
  readonly guard?: StatementGuard;
}

/** The `if` a statement is under or falls through from; `loop` when that `if` returns from inside a loop before it. */
export interface StatementGuard {
  readonly test: TSESTree.Expression;
  readonly branch: GuardBranch;
  readonly statement: TSESTree.IfStatement;
  readonly loop?: TSESTree.Statement;
}

/** Statements that neither leave the function nor decide anything: logging, a metric, a binding. */
function isPlainStatement(statement: TSESTree.Statement): boolean {
  return (
    statement.type === AST_NODE_TYPES.ExpressionStatement ||
    statement.type === AST_NODE_TYPES.VariableDeclaration ||
    statement.type === AST_NODE_TYPES.EmptyStatement
  );
}

/**
 * The `if` a statement falls through from: the nearest earlier statement of its block, past plain
 * ones (`if (built) return built; log.warn(…); return X`), when it is an `if` that returns.
 */
function guardBefore(block: TSESTree.BlockStatement, child: TSESTree.Node): { statement: TSESTree.IfStatement; loop?: TSESTree.Statement } | undefined {
  for (let index = block.body.indexOf(child as TSESTree.Statement) - 1; index >= 0; index -= 1) {
    const previous = block.body[index]!;
    if (isPlainStatement(previous) || isRefinement(previous)) continue;
    if (isReturningGuard(previous)) return { statement: previous };
    // `for (const c of candidates) { if (c.accepts(x)) return c.convert(x); } return X`: the loop
    // tried every way to build the value, and the statement after it is what is left when none did.
    const guard = LOOP_TYPES.has(previous.type) ? returningGuardIn((previous as TSESTree.ForOfStatement).body) : undefined;
    return guard ? { statement: guard, loop: previous } : undefined;
  }
  return undefined;
}

/** `if (d) s = s.describe(d);`: an `if` of plain statements only refines a value, and never leaves. */
function isRefinement(statement: TSESTree.Statement): boolean {
  if (statement.type !== AST_NODE_TYPES.IfStatement) return false;
  const plain = (branch: TSESTree.Statement | null): boolean =>
    branch === null || isPlainStatement(branch) || (branch.type === AST_NODE_TYPES.BlockStatement && branch.body.every(isPlainStatement));
  return plain(statement.consequent) && plain(statement.alternate);
}

function isReturningGuard(statement: TSESTree.Statement): statement is TSESTree.IfStatement {
  return statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate && endsInReturn(statement.consequent);
}

const LOOP_TYPES: ReadonlySet<AST_NODE_TYPES> = new Set([AST_NODE_TYPES.ForOfStatement, AST_NODE_TYPES.ForInStatement, AST_NODE_TYPES.ForStatement, AST_NODE_TYPES.WhileStatement]);

/** The last returning `if` of a loop body made of it and plain statements (bindings, logging). */
function returningGuardIn(body: TSESTree.Statement): TSESTree.IfStatement | undefined {
  const statements = body.type === AST_NODE_TYPES.BlockStatement ? body.body : [body];
  let guard: TSESTree.IfStatement | undefined;
  for (const statement of statements) {
    if (isReturningGuard(statement)) guard = statement;
    else if (!isPlainStatement(statement)) return undefined;
  }
  return guard;
}

/**
 * The control structures between a statement and its function, innermost first: is it in a
 * `catch` handler, the `default:` of a switch, a branch of an `if`, or after an `if` that returns
 * (`if (built) return built; return X` is the `else` of that guard), also inside a `try` block?
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
      guard = { test: current.test, branch: current.consequent === child ? 'consequent' : 'alternate', statement: current };
    } else if (
      current.type === AST_NODE_TYPES.BlockStatement &&
      fn &&
      (current.parent === fn || current.parent.type === AST_NODE_TYPES.TryStatement) &&
      !guard &&
      !switchDefault
    ) {
      const previous = guardBefore(current, child);
      if (previous) guard = { test: previous.statement.test, branch: 'after', statement: previous.statement, ...(previous.loop ? { loop: previous.loop } : {}) };
    }
    child = current;
  }
  const tryStatement = catchClause?.parent.type === AST_NODE_TYPES.TryStatement ? catchClause.parent : undefined;
  return { catchClause, tryStatement, switchDefault, guard };
}

/**
 * The guard a returned or assigned value is under or falls through from, if that is the nearest
 * control structure deciding it (not a `catch` or a switch's `default:`).
 */
export function statementGuard(statement: TSESTree.ReturnStatement | TSESTree.AssignmentExpression): StatementGuard | undefined {
  const path = statementPath(statement, enclosingFunction(statement));
  return path.catchClause || path.switchDefault ? undefined : path.guard;
}

/** Whether `node` sits in the consequent of an `if` with a kind test, below `fn`. */
function isInKindCase(node: TSESTree.Node, fn: TSESTree.Node | undefined): boolean {
  let child: TSESTree.Node = node;
  for (let current = node.parent; current && current !== fn; child = current, current = current.parent) {
    if (current.type === AST_NODE_TYPES.IfStatement && current.consequent === child && isKindTest(current.test)) return true;
  }
  return false;
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
export function fromStatement(
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
  const guard = path.guard;
  // The branch a kind test guards translates that kind: it is a case, not a fallback, and so is
  // every guard inside it (`if (type === 'object') { if (!entries.length) return { type: 'object' } }`).
  if (!guard || (guard.branch === 'consequent' && isKindTest(guard.test)) || isModeTest(guard.test) || isInKindCase(guard.statement, fn)) return undefined;
  // `if (Object.keys(sample).length === 0) return { type: 'object' }` translates an empty input.
  if (guard.branch === 'consequent' && isEmptyObjectTest(guard.test, resolver)) return undefined;
  if (isReturn && fn) {
    const replaced = returnedValues(fn.body, statement, resolver);
    if (replaced.length === 0) return undefined;
    return {
      form: 'guard-return',
      cause: testCause(guard.test, resolver),
      names: [...names, ...testedNames(guard.test)],
      replaced,
      ...(guard.branch === 'consequent' ? { guard: { test: guard.test, fn } } : {}),
    };
  }
  // `if (built.ok) schema = built.value; else schema = X`: the other branch assigns the real value.
  const other = guard.branch === 'consequent' ? guard.statement.alternate : guard.branch === 'alternate' ? guard.statement.consequent : undefined;
  const replaced = other ? valuesIn(other) : [];
  if (replaced.length === 0) return undefined;
  return {
    form: 'branch-assign',
    cause: testCause(guard.test, resolver),
    names: [...names, ...testedNames(guard.test)],
    replaced,
  };
}
