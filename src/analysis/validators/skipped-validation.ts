import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import type { Evaluator } from '../values/evaluator.js';
import { isFunctionNode } from '../syntax/function-name.js';
import { OUTCOME_FLAGS, validationEvidence, validatorCallIn, validatorOperands, type ValidationEvidence } from './validator-evidence.js';

/**
 * The two ways validation is skipped without a fallback value standing in for anything: a check
 * that runs only when a validator exists (`if (validate && !validate(args)) …`) after a `catch`
 * swallowed the compile error that would have made it, and a failed validation that is only noted
 * (`if (!result.success) log.warn(…)`, `try { S.parse(args) } catch (e) { log(e) }`) before the
 * unvalidated input is used anyway.
 */

type Source = Readonly<TSESLint.SourceCode>;

/** Whether `root` (outside nested functions) is or contains a node `test` accepts: `if (!ok) throw e` has no block. */
function contains(root: TSESTree.Node, sourceCode: Source, test: (node: TSESTree.Node) => boolean): boolean {
  let found = test(root);
  forEachDescendant(root, sourceCode.visitorKeys, (node) => {
    if (found || isFunctionNode(node)) return false;
    found = test(node);
    return !found;
  });
  return found;
}

const isExit = (node: TSESTree.Node): boolean =>
  node.type === AST_NODE_TYPES.ReturnStatement ||
  node.type === AST_NODE_TYPES.ThrowStatement ||
  node.type === AST_NODE_TYPES.ContinueStatement ||
  node.type === AST_NODE_TYPES.BreakStatement;

/** The text a store writes to (`this.validate`, `validators[]` for a map's `set`), as `validator-evidence` keys it. */
function storedKey(store: TSESTree.Node, sourceCode: Source): string | undefined {
  if (store.type === AST_NODE_TYPES.AssignmentExpression) {
    const target = store.left;
    if (target.type !== AST_NODE_TYPES.MemberExpression) return sourceCode.getText(target);
    return target.computed && memberName(target) === undefined ? `${sourceCode.getText(target.object)}[]` : sourceCode.getText(target);
  }
  if (store.type === AST_NODE_TYPES.CallExpression && store.callee.type === AST_NODE_TYPES.MemberExpression) return `${sourceCode.getText(store.callee.object)}[]`;
  if (store.type === AST_NODE_TYPES.VariableDeclarator) return sourceCode.getText(store.id);
  return undefined;
}

/**
 * The `catch` that swallows a failure of the store `store` is part of: the store sits in its
 * `try`, and the handler neither throws nor stores something else in the same place (a
 * replacement there is a fallback, judged as one).
 */
export function swallowingCatch(store: TSESTree.Node, sourceCode: Source): TSESTree.CatchClause | undefined {
  const key = storedKey(store, sourceCode);
  let child: TSESTree.Node = store;
  for (let current = store.parent; current && !isFunctionNode(current); child = current, current = current.parent) {
    if (current.type !== AST_NODE_TYPES.TryStatement || current.block !== child || !current.handler) continue;
    const handler = current.handler;
    const rethrows = contains(handler.body, sourceCode, (node) => node.type === AST_NODE_TYPES.ThrowStatement);
    const replaces = contains(handler.body, sourceCode, (node) => (node.type === AST_NODE_TYPES.AssignmentExpression || node.type === AST_NODE_TYPES.CallExpression) && storedKey(node, sourceCode) === key);
    return rethrows || replaces ? undefined : handler;
  }
  return undefined;
}

function callsText(root: TSESTree.Node, callee: string, sourceCode: Source): boolean {
  return contains(root, sourceCode, (node) => node.type === AST_NODE_TYPES.CallExpression && sourceCode.getText(unwrapChainAndTypeWrappers(node.callee)) === callee);
}

/** `!validate(x)`, `validate(x) === false`: a test that holds when the validator rejects. */
function isRejection(test: TSESTree.Node): boolean {
  if (test.type === AST_NODE_TYPES.UnaryExpression) return test.operator === '!';
  return (
    test.type === AST_NODE_TYPES.BinaryExpression &&
    (test.operator === '===' || test.operator === '==') &&
    [test.left, test.right].some((side) => side.type === AST_NODE_TYPES.Literal && side.value === false)
  );
}

/**
 * Whether the read `read` of a validator guards its use by its presence, so that validation is
 * skipped without it: `if (read && !read(x)) reject`, `if (read) { … read(x) … }` with no `else`.
 */
export function skipsWhenMissing(read: TSESTree.Node, sourceCode: Source): boolean {
  const parent = read.parent;
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === read && parent.id.type === AST_NODE_TYPES.Identifier) {
    const variable = ASTUtils.findVariable(sourceCode.getScope(parent.id), parent.id.name);
    return (variable?.references ?? []).some((reference) => reference.isRead() && skipsWhenMissing(reference.identifier, sourceCode));
  }
  const text = sourceCode.getText(read);
  if (parent?.type === AST_NODE_TYPES.LogicalExpression && parent.operator === '&&' && parent.left === read) {
    return parent.parent.type === AST_NODE_TYPES.IfStatement && parent.parent.test === parent && isRejection(parent.right) && callsText(parent.right, text, sourceCode);
  }
  return parent?.type === AST_NODE_TYPES.IfStatement && parent.test === read && parent.alternate === null && callsText(parent.consequent, text, sourceCode);
}

export interface SkippedValidator {
  /** The presence check that skips validation (`validate` in `validate && !validate(args)`). */
  readonly read: TSESTree.Expression;
  readonly evidence: ValidationEvidence;
  /** The `catch` that swallowed the compile error, if that is why the validator can be missing. */
  readonly swallowedBy: TSESTree.CatchClause | undefined;
}

/** An `if` that validates only when the validator exists, where the validator can be missing because it failed. */
export function skippedValidatorOf(statement: TSESTree.IfStatement, evaluator: Evaluator, sourceCode: Source): SkippedValidator | undefined {
  const test = statement.test;
  const read = test.type === AST_NODE_TYPES.LogicalExpression && test.operator === '&&' ? test.left : test;
  const shape = read.type === AST_NODE_TYPES.Identifier || read.type === AST_NODE_TYPES.MemberExpression;
  if (!shape || !skipsWhenMissing(read, sourceCode)) return undefined;
  const evidence = validationEvidence(read, evaluator, sourceCode);
  if (evidence?.role !== 'validator') return undefined;
  const swallowedBy = evidence.stores.map((store) => swallowingCatch(store, sourceCode)).find(Boolean);
  // `ajv.getSchema(ref)` is undefined for a reference nothing registered: that too is a missing validator.
  if (!swallowedBy && !(evidence.stores.length === 0 && evidence.validator.method === 'getSchema')) return undefined;
  return { read, evidence, swallowedBy };
}

export interface IgnoredFailure {
  readonly evidence: ValidationEvidence;
  /** The unvalidated value that is used after the failure. */
  readonly input: TSESTree.Node;
}

/** `!result.success`, `!valid`, `!validate(x)`, `result.error`, `result.success === false`: what a failure test checks. */
function failureEvidence(test: TSESTree.Expression, evaluator: Evaluator, sourceCode: Source): ValidationEvidence | undefined {
  let subject: TSESTree.Node = test;
  if (test.type === AST_NODE_TYPES.UnaryExpression && test.operator === '!') subject = test.argument;
  else if (test.type === AST_NODE_TYPES.BinaryExpression && isRejection(test)) subject = test.left.type === AST_NODE_TYPES.Literal ? test.right : test.left;
  else {
    // `if (result.error)`: the errors of an outcome are there only when it failed.
    const evidence = validationEvidence(test, evaluator, sourceCode);
    return evidence?.role === 'errors' && !evidence.validator.returnsValidator ? evidence : undefined;
  }
  const unwrapped = unwrapChainAndTypeWrappers(subject);
  if (unwrapped.type === AST_NODE_TYPES.MemberExpression && OUTCOME_FLAGS.has(memberName(unwrapped) ?? '')) subject = unwrapped.object;
  const evidence = validationEvidence(subject, evaluator, sourceCode);
  return evidence?.role === 'outcome' ? evidence : undefined;
}

/** Whether `input` is read after `statement`, in the rest of its function. */
function readAfter(statement: TSESTree.Node, input: TSESTree.Node, sourceCode: Source): TSESTree.Node | undefined {
  const text = sourceCode.getText(unwrapChainAndTypeWrappers(input));
  let found: TSESTree.Node | undefined;
  let child: TSESTree.Node = statement;
  for (let current = statement.parent; current && !found && !isFunctionNode(current); child = current, current = current.parent) {
    if (current.type !== AST_NODE_TYPES.BlockStatement && current.type !== AST_NODE_TYPES.Program) continue;
    const body = current.body as readonly TSESTree.Node[];
    const matches = (node: TSESTree.Node): boolean =>
      (node.type === AST_NODE_TYPES.Identifier || node.type === AST_NODE_TYPES.MemberExpression) && sourceCode.getText(node) === text && !isWrittenTarget(node);
    for (const later of body.slice(body.indexOf(child) + 1)) {
      // Into nested functions too: `return () => handler(args)` uses the input as much as `handler(args)`.
      forEachDescendant(later, sourceCode.visitorKeys, (node) => {
        if (!found && matches(node)) found = node;
        return !found;
      });
      if (found) break;
    }
  }
  return found;
}

function isWrittenTarget(node: TSESTree.Node): boolean {
  return node.parent?.type === AST_NODE_TYPES.AssignmentExpression && node.parent.left === node;
}

/** `if (!result.success) { log.warn(…) }` followed by a use of the input that failed. */
export function ignoredFailureOf(statement: TSESTree.IfStatement, evaluator: Evaluator, sourceCode: Source): IgnoredFailure | undefined {
  if (statement.alternate || contains(statement.consequent, sourceCode, isExit)) return undefined;
  const evidence = failureEvidence(statement.test, evaluator, sourceCode);
  const data = evidence && validatorOperands(evidence, evaluator).data;
  if (!evidence || !data || data.type === AST_NODE_TYPES.SpreadElement) return undefined;
  // `if (!parsed.success) args = defaults`: the branch replaces the input, judged as a fallback if at all.
  if (contains(statement.consequent, sourceCode, (node) => node.type === AST_NODE_TYPES.AssignmentExpression && sourceCode.getText(node.left) === sourceCode.getText(data))) return undefined;
  return readAfter(statement, data, sourceCode) ? { evidence, input: data } : undefined;
}

/** `try { S.parse(args) } catch (e) { log(e) }` followed by a use of `args`. */
export function ignoredThrowOf(clause: TSESTree.CatchClause, evaluator: Evaluator, sourceCode: Source): IgnoredFailure | undefined {
  const attempt = clause.parent;
  if (attempt.type !== AST_NODE_TYPES.TryStatement || contains(clause.body, sourceCode, isExit)) return undefined;
  const evidence = validatorCallIn(attempt.block, evaluator, sourceCode);
  const data = evidence?.role === 'parsed' ? validatorOperands(evidence, evaluator).data : undefined;
  if (!evidence || !data || data.type === AST_NODE_TYPES.SpreadElement) return undefined;
  return readAfter(attempt, data, sourceCode) ? { evidence, input: data } : undefined;
}
