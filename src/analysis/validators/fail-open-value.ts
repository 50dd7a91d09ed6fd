import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { unwrapTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import type { Evaluator } from '../values/evaluator.js';
import { isNullish, type FallbackPosition } from '../fallback/fallback-cause.js';
import { isFunctionNode, type FunctionNode } from '../syntax/function-name.js';
import { valueExpressions } from '../flow/schema-evidence.js';
import { skipsWhenMissing, swallowingCatch } from './skipped-validation.js';
import { OUTCOME_FLAGS, validationEvidence, validatorCallIn, validatorOperands, type ValidationEvidence } from './validator-evidence.js';
import type { SinkAnalysis } from '../flow/value-flow.js';

/**
 * What a fail-open value is, and whether one stands in for a validator: a function that accepts
 * everything in place of a compiled validator, an outcome that says "valid" in place of a
 * validation, "no errors" (`null`, `[]`) in place of a validation's errors, the raw input in place
 * of the parsed value. Where it stands is the fallback positions' question (`fallback-position.ts`);
 * what it stands in for is the validator evidence's (`validator-evidence.ts`).
 */

export type PassingKind = 'accepting-validator' | 'passing-outcome' | 'no-errors' | 'raw-input';

export interface PassingValue {
  readonly kind: PassingKind;
  /** What the value does, for a message: "is a validator that accepts every value". */
  readonly does: string;
  /** For a validator: the function, and the keys of the result it returns (`[]` for `true`). */
  readonly fn?: FunctionNode;
  readonly resultKeys?: readonly string[];
}

export interface FailOpenFallback {
  readonly evidence: ValidationEvidence;
  readonly passing: PassingValue;
  /** When the fallback is taken, for a message: "the schema does not compile". */
  readonly when: string;
  /** The expression the fallback stands in for, as written (`ajv.compile(schema)`). */
  readonly standsFor: string;
}

/** Keys of a result that carry no verdict, beside a passing flag (`{ valid: true, data: input }`). */
const ERROR_LISTS = new Set(['errors', 'issues']);
/** Validator calls that compile a schema: their failure is a schema that does not compile. */
const COMPILING_METHODS = new Set(['compile', 'compileAsync', 'Compile', 'getValidator', 'getSchema']);

/**
 * Whether `node` can be a fail-open value at all, by its syntax alone: the rule asks this before
 * looking for a position, so most slots of a file cost nothing.
 */
export function mayBePassing(node: TSESTree.Expression | null): boolean {
  if (node === null) return true;
  const value = unwrapTypeWrappers(node);
  switch (value.type) {
    case AST_NODE_TYPES.ArrowFunctionExpression:
    case AST_NODE_TYPES.FunctionExpression:
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.MemberExpression:
      return true;
    case AST_NODE_TYPES.Literal:
      return value.value === true || value.value === null;
    case AST_NODE_TYPES.ArrayExpression:
      return value.elements.length === 0;
    case AST_NODE_TYPES.ObjectExpression:
      return value.properties.some((property) => property.type === AST_NODE_TYPES.Property && !property.computed && property.key.type === AST_NODE_TYPES.Identifier && (OUTCOME_FLAGS.has(property.key.name) || ERROR_LISTS.has(property.key.name)));
    default:
      return isNullish(value);
  }
}

/** The kind of "everything passes" `node` is (null for a bare `return;`), if any. */
export function passingValueOf(node: TSESTree.Expression | null, evaluator: Evaluator, sourceCode: Readonly<TSESLint.SourceCode>): PassingValue | undefined {
  if (node === null) return { kind: 'no-errors', does: 'returns `undefined`, which the caller reads as "no errors"' };
  const value = unwrapTypeWrappers(node);
  if (isNullish(value)) {
    const written = value.type === AST_NODE_TYPES.Literal ? 'null' : 'undefined';
    return { kind: 'no-errors', does: `returns \`${written}\`, which the caller reads as "no errors"` };
  }
  if (value.type === AST_NODE_TYPES.ArrayExpression && value.elements.length === 0) return { kind: 'no-errors', does: 'returns an empty error list' };
  const outcome = passingOutcomeKeys(value, evaluator);
  if (outcome) return { kind: 'passing-outcome', does: 'reports every value as valid', resultKeys: outcome };
  const fn = functionOf(value, evaluator);
  const keys = fn && acceptedResultKeys(fn, evaluator, sourceCode);
  if (fn && keys) return { kind: 'accepting-validator', does: 'is a validator that accepts every value', fn, resultKeys: keys };
  if (value.type === AST_NODE_TYPES.Identifier || value.type === AST_NODE_TYPES.MemberExpression) return { kind: 'raw-input', does: `returns \`${sourceCode.getText(value)}\` unvalidated` };
  return undefined;
}

/** `true`, `{ valid: true, … }`, `{ success: true, data }`, `{ errors: [] }`: the keys of a passing outcome. */
function passingOutcomeKeys(node: TSESTree.Node, evaluator: Evaluator): readonly string[] | undefined {
  if (node.type === AST_NODE_TYPES.Literal) return node.value === true ? [] : undefined;
  if (node.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const value = evaluator.evaluate(node);
  if (value.kind !== 'object') return undefined;
  let verdict: boolean | undefined;
  for (const [key, property] of value.properties) {
    const field = property.value;
    if (OUTCOME_FLAGS.has(key)) {
      if (field.kind !== 'primitive' || field.value !== true) return undefined;
      verdict = true;
    } else if (ERROR_LISTS.has(key)) {
      if (field.kind !== 'array' || field.elements.length > 0 || !field.complete) return undefined;
      verdict ??= true;
    }
  }
  return verdict ? [...value.properties.keys()] : undefined;
}

function functionOf(node: TSESTree.Node, evaluator: Evaluator): FunctionNode | undefined {
  if (isFunctionNode(node)) return node;
  if (node.type !== AST_NODE_TYPES.Identifier) return undefined;
  const value = evaluator.evaluate(node);
  return value.kind === 'function' && evaluator.moduleOf(value.function) === evaluator.module ? value.function : undefined;
}

/**
 * A function every return of which is a passing outcome, and which never throws: the keys of the
 * outcome it returns. A function that can return anything else (`false`, an error, nothing) may
 * reject, and is no fail-open validator.
 */
function acceptedResultKeys(fn: FunctionNode, evaluator: Evaluator, sourceCode: Readonly<TSESLint.SourceCode>): readonly string[] | undefined {
  const returned: TSESTree.Expression[] = [];
  let rejects = false;
  if (fn.body.type === AST_NODE_TYPES.BlockStatement) {
    forEachDescendant(fn.body, sourceCode.visitorKeys, (node) => {
      if (rejects || isFunctionNode(node)) return false;
      if (node.type === AST_NODE_TYPES.ThrowStatement) rejects = true;
      else if (node.type === AST_NODE_TYPES.ReturnStatement) {
        if (node.argument) returned.push(node.argument);
        else rejects = true;
      }
      return !rejects;
    });
  } else {
    returned.push(fn.body);
  }
  if (rejects || returned.length === 0) return undefined;
  let keys: readonly string[] | undefined;
  for (const expression of returned.flatMap((result) => valueExpressions(result))) {
    const found = passingOutcomeKeys(unwrapTypeWrappers(expression), evaluator);
    if (!found) return undefined;
    keys ??= found;
  }
  return keys;
}

/** The `try` whose `catch` holds `node`, within the same function. */
function guardedTry(node: TSESTree.Node): TSESTree.TryStatement | undefined {
  let child = node;
  for (let current = node.parent; current && !isFunctionNode(current); child = current, current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause && current.body === child) return current.parent.type === AST_NODE_TYPES.TryStatement ? current.parent : undefined;
  }
  return undefined;
}

/** Forms whose replaced value is the validator itself (`v ?? X`, `ok ? ajv.compile(s) : X`, `p.catch(() => X)`). */
const REPLACING_FORMS = new Set<FallbackPosition['form']>(['logical', 'conditional', 'rejection-handler', 'result-default']);

/**
 * Whether the fallback `node` (the argument of a bare `return;` when null; `slot` is the node in
 * the fallback slot) is a fail-open value standing in for a validator, a validation or its errors:
 * in a `catch` around a validator call, in place of a validator (`v ?? X`), or under a guard that
 * finds no validator (`if (!validate) return X`).
 */
export function failOpenFallback(
  node: TSESTree.Expression | null,
  slot: TSESTree.Node,
  position: FallbackPosition,
  analysis: SinkAnalysis,
  sourceCode: Readonly<TSESLint.SourceCode>,
): FailOpenFallback | undefined {
  const { evaluator } = analysis;
  const passing = passingValueOf(node, evaluator, sourceCode);
  if (!passing) return undefined;
  const evidenceOf = (expression: TSESTree.Node): ValidationEvidence | undefined => validationEvidence(expression, evaluator, sourceCode);
  const among = (candidates: readonly TSESTree.Node[], role: ValidationEvidence['role']): Found | undefined => {
    for (const candidate of candidates) {
      const evidence = evidenceOf(candidate);
      if (evidence?.role === role) return { evidence, node: candidate };
    }
    return undefined;
  };
  const replaced = position.replaced.flatMap((expression) => valueExpressions(expression));
  let found: Found | undefined;
  let does = passing.does;
  if (position.form === 'catch') {
    const attempt = guardedTry(slot);
    const attempted = attempt && validatorCallIn(attempt.block, evaluator, sourceCode);
    if (!attempted) return undefined;
    const tried: Found = { evidence: attempted, node: attempted.call };
    switch (passing.kind) {
      case 'accepting-validator': {
        // `try { const v = ajv.compile(s); return (x) => check(v, x) } catch { return () => true }`
        const others = alternativesOf(replaced, slot, sourceCode);
        // The attempted compile is what failed when every other result is a validator or a function.
        const compiled =
          attempted.role === 'validator' &&
          others.length > 0 &&
          others.every((candidate) => isFunctionNode(unwrapTypeWrappers(candidate)) || evidenceOf(candidate)?.role === 'validator');
        found = compiled ? tried : among(others, 'validator');
        break;
      }
      case 'passing-outcome': {
        // `catch { disposable = true }` assigns a flag the `try` never writes: it stands in for nothing.
        const others = alternativesOf(replaced, slot, sourceCode);
        found = among(others, 'outcome') ?? (others.length > 0 && others.every((candidate) => sharesOutcomeKey(candidate, passing.resultKeys ?? [])) ? tried : undefined);
        break;
      }
      case 'no-errors': {
        // "No errors" is a pass where the function's verdict for a valid value is the same nothing.
        const returns = [...replaced, ...otherReturns(slot, sourceCode)];
        if (among(returns, 'errors') && returns.some((candidate) => sameNothing(candidate, node))) found = tried;
        // `catch { return undefined }` in place of a validator, where a caller then skips validation.
        else if (isNullishOrBare(node) && (among(replaced, 'validator') || (attempted.role === 'validator' && replaced.length === 0)) && resultSkipsWhenMissing(slot, analysis, sourceCode)) {
          found = tried;
          does = `returns \`${node ? sourceCode.getText(node) : 'undefined'}\` instead of a validator, and the caller then skips validation`;
        }
        break;
      }
      case 'raw-input':
        found = attempted.role === 'parsed' ? tried : among(replaced, 'parsed');
        break;
    }
  } else if (REPLACING_FORMS.has(position.form)) {
    const role = ROLE_REPLACED_BY[passing.kind];
    found = role && among(replaced, role);
  } else if (position.guard && passing.kind !== 'raw-input') {
    // `if (!validate) return { valid: true }`: the guard finds no validator.
    const subject = missingSubject(position.guard.test);
    const evidence = subject && evidenceOf(subject);
    if (evidence?.role === 'validator') found = { evidence, node: subject! };
  }
  if (!found) return undefined;
  if (passing.kind === 'raw-input') {
    const data = validatorOperands(found.evidence, evaluator).data;
    if (!data || !node || !sameReference(node, data, sourceCode)) return undefined;
  }
  const { evidence } = found;
  const lookup = evidence.stores.length === 0 && evidence.validator.method === 'getSchema';
  const swallowed = evidence.stores.some((store) => swallowingCatch(store, sourceCode));
  // A validator looked up where it may simply not exist (a tool without an output schema) is
  // missing, not failed, unless a `catch` that swallowed a compile error is what left it out.
  if (position.form !== 'catch' && evidence.stores.length > 0 && !swallowed) return undefined;
  // A guard on a validator that is always there (`ajv.compile` returns one or throws) is never taken.
  if (position.guard && !REPLACING_FORMS.has(position.form) && !lookup && !swallowed) return undefined;
  return { evidence, passing: { ...passing, does }, when: whenTaken(evidence, position, lookup, swallowed), standsFor: shortText(found.node, sourceCode) };
}

interface Found {
  readonly evidence: ValidationEvidence;
  readonly node: TSESTree.Node;
}

/** What a passing value must replace outside a `catch`: an accepting validator replaces a validator, and so on. */
const ROLE_REPLACED_BY: Readonly<Record<PassingKind, ValidationEvidence['role'] | undefined>> = {
  'accepting-validator': 'validator',
  'passing-outcome': 'outcome',
  // `validate.errors ?? []` normalises the errors of a validation that ran: no fallback.
  'no-errors': undefined,
  'raw-input': undefined,
};

/** `!validate`, `validate == null`, `validate === undefined`: the value a guard finds missing. */
function missingSubject(test: TSESTree.Expression): TSESTree.Expression | undefined {
  if (test.type === AST_NODE_TYPES.UnaryExpression && test.operator === '!') return test.argument;
  if (test.type === AST_NODE_TYPES.BinaryExpression && (test.operator === '==' || test.operator === '===')) {
    if (isNullish(test.right)) return test.left as TSESTree.Expression;
    if (isNullish(test.left)) return test.right;
  }
  return undefined;
}

function whenTaken(evidence: ValidationEvidence, position: FallbackPosition, lookup: boolean, swallowed: boolean): string {
  if (lookup && position.form !== 'catch') return 'no schema is registered under the reference';
  if (swallowed) return 'their schema does not compile and no validator is stored';
  if (position.cause === 'absence') return 'there is no validator';
  if (evidence.role === 'parsed') return 'they fail validation';
  if (COMPILING_METHODS.has(evidence.validator.method)) return 'the schema does not compile';
  return position.form === 'catch' ? 'the validator throws' : 'validation fails';
}

/**
 * What a value in a `catch` stands in for: the `try`'s own results, or, for a return when the
 * `try` returns nothing (`try { v = ajv.compile(s) } catch { return () => true } return v`), the
 * function's other returns. Empty when nothing is replaced, which is then no fallback.
 */
function alternativesOf(replaced: readonly TSESTree.Node[], slot: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): readonly TSESTree.Node[] {
  if (replaced.length > 0) return replaced;
  const returned = slot.type === AST_NODE_TYPES.ReturnStatement || slot.parent?.type === AST_NODE_TYPES.ReturnStatement;
  return returned ? otherReturns(slot, sourceCode) : [];
}

/** The function's other returns: its verdicts for values that passed or failed. */
function otherReturns(slot: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Node[] {
  let fn: TSESTree.Node | undefined = slot.parent;
  while (fn && !isFunctionNode(fn)) fn = fn.parent;
  if (!fn || !isFunctionNode(fn) || fn.body.type !== AST_NODE_TYPES.BlockStatement) return [];
  const found: TSESTree.Node[] = [];
  forEachDescendant(fn.body, sourceCode.visitorKeys, (node) => {
    if (isFunctionNode(node)) return false;
    if (node.type === AST_NODE_TYPES.ReturnStatement && node !== slot && node.argument !== slot) found.push(...(node.argument ? valueExpressions(node.argument) : []));
    return true;
  });
  return found;
}

function sharesOutcomeKey(candidate: TSESTree.Node, keys: readonly string[]): boolean {
  const value = unwrapTypeWrappers(candidate);
  if (value.type === AST_NODE_TYPES.Literal) return typeof value.value === 'boolean' && keys.length === 0;
  return (
    value.type === AST_NODE_TYPES.ObjectExpression &&
    value.properties.some((property) => property.type === AST_NODE_TYPES.Property && property.key.type === AST_NODE_TYPES.Identifier && OUTCOME_FLAGS.has(property.key.name) && keys.includes(property.key.name))
  );
}

function isNullishOrBare(node: TSESTree.Expression | null): boolean {
  return node === null || isNullish(unwrapTypeWrappers(node));
}

/** `undefined` and a bare `return` are the same nothing; `null` and `[]` are each their own. */
function sameNothing(candidate: TSESTree.Node, node: TSESTree.Expression | null): boolean {
  const kindOf = (value: TSESTree.Node | null): string | undefined => {
    if (value === null) return 'undefined';
    const unwrapped = unwrapTypeWrappers(value);
    if (unwrapped.type === AST_NODE_TYPES.ArrayExpression) return unwrapped.elements.length === 0 ? 'empty' : undefined;
    if (!isNullish(unwrapped)) return undefined;
    return unwrapped.type === AST_NODE_TYPES.Literal ? 'null' : 'undefined';
  };
  const kind = kindOf(node);
  return kind !== undefined && kindOf(candidate) === kind;
}

/** The function `slot` is returned from: whether a call of it in this file skips validation when it returns nothing. */
function resultSkipsWhenMissing(slot: TSESTree.Node, analysis: SinkAnalysis, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  let fn: TSESTree.Node | undefined = slot.parent;
  while (fn && !isFunctionNode(fn)) fn = fn.parent;
  if (!fn || !isFunctionNode(fn)) return false;
  return analysis.callSitesOf(fn).some((call) => skipsWhenMissing(call, sourceCode));
}

function sameReference(node: TSESTree.Node, other: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const a = unwrapTypeWrappers(node);
  const b = unwrapTypeWrappers(other);
  if (a.type === AST_NODE_TYPES.Identifier && b.type === AST_NODE_TYPES.Identifier) {
    if (a.name !== b.name) return false;
    const scope = sourceCode.getScope(a);
    return ASTUtils.findVariable(scope, a.name) === ASTUtils.findVariable(sourceCode.getScope(b), b.name);
  }
  return a.type === AST_NODE_TYPES.MemberExpression && b.type === AST_NODE_TYPES.MemberExpression && sourceCode.getText(a) === sourceCode.getText(b);
}

function shortText(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string {
  const text = sourceCode.getText(node).replace(/\s+/g, ' ');
  return text.length <= 48 ? text : `${text.slice(0, 45)}…`;
}
