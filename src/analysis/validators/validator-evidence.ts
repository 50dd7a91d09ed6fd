/**
 * # validators/: a validator that cannot validate and passes everything
 *
 * - `validator-evidence.ts` (this file): what a value is to validation, by where it comes from.
 * - `validation-subject.ts`: what a validator checks (a tool's arguments, its output, an
 *   elicitation's answer), for the messages.
 * - `fail-open-value.ts`: the values that pass everything (`() => true`, `{ valid: true }`, no
 *   errors) in the positions `fallback/` finds.
 * - `skipped-validation.ts`: validation skipped or its failure ignored (`if (!r.success) log(…)`
 *   and the raw input used).
 * - `rejecting-validator.ts`: the suggestion, a validator that rejects with the compile error.
 *
 * Whether a call is a validator's compile or check is `flow/schema-evidence.ts`'s question.
 */

import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { destructuredKey, memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { isFunctionNode } from '../syntax/function-name.js';
import { validatorCallOf, type ValidatorCall } from '../flow/schema-evidence.js';
import { calleeName } from '../flow/schema-sinks.js';

/**
 * What a value is to validation, by where it comes from: a validator (`ajv.compile(s)`), the
 * outcome of validating (`S.safeParse(x)`, `validate(x)`), parsed data (`S.parse(x)`), or the errors
 * of a validation (`validate.errors`, `result.error`). Every answer leads back to a validator call
 * written in the linted file (`validatorCallOf` decides what one is); a value that does not is no
 * evidence, and the fail-open analysis stays quiet about it.
 */

export type ValidationRole = 'validator' | 'outcome' | 'parsed' | 'errors';

export interface ValidationEvidence {
  readonly role: ValidationRole;
  /** The validator call the value comes from (`ajv.compile(schema)`, `Search.safeParse(args)`). */
  readonly call: TSESTree.CallExpression;
  readonly validator: ValidatorCall;
  /**
   * Where a validator was stored, when the value is read back from a variable, a member or a map
   * (`validate = ajv.compile(s)`, `validators.set(name, ajv.compile(s))`): a store inside a `try`
   * whose `catch` swallows the error leaves the place empty when the schema does not compile.
   */
  readonly stores: readonly TSESTree.Node[];
}

/** Methods that return the parsed value and throw when the value does not match. */
const PARSING_METHODS = new Set(['parse', 'parseAsync']);
/** Members of a validator or an outcome that hold what went wrong. */
const ERROR_MEMBERS = new Set(['errors', 'error', 'issues', 'errorMessage']);
/** Members of an outcome that say whether the value passed (`const { success } = S.safeParse(x)`). */
export const OUTCOME_FLAGS: ReadonlySet<string> = new Set(['valid', 'success', 'isValid', 'ok']);
/**
 * A value is followed through at most this many bindings, members and calls: enough for an error
 * message built from an outcome of a validator held in a const (`${validation.errorMessage}` →
 * `validation` → `validate(x)` → `validate` → `provider.getValidator(s)`).
 */
const MAX_DEPTH = 6;

/** What `expression` is to validation, or undefined when nothing ties it to a validator call in this file. */
export function validationEvidence(expression: TSESTree.Node, evaluator: Evaluator, sourceCode: Readonly<TSESLint.SourceCode>, depth = 0): ValidationEvidence | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const node = unwrapChainAndTypeWrappers(expression);
  const next = (child: TSESTree.Node): ValidationEvidence | undefined => validationEvidence(child, evaluator, sourceCode, depth + 1);
  switch (node.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return next(node.argument);
    case AST_NODE_TYPES.CallExpression: {
      const direct = callEvidence(node, evaluator);
      if (direct) return direct;
      const callee = unwrapChainAndTypeWrappers(node.callee);
      // `validate(args)`: calling a validator yields its outcome.
      const called = next(callee);
      if (called?.role === 'validator') return { ...called, role: 'outcome' };
      // `validate.errors.map(…)`, `result.error.format()`: still the errors.
      if (called?.role === 'errors') return called;
      if (callee.type === AST_NODE_TYPES.MemberExpression) {
        if (memberName(callee) === 'get' && node.arguments.length === 1) return storedIn(sourceCode, `${sourceCode.getText(callee.object)}[]`, evaluator, depth);
        // `ajv.errorsText(validate.errors)`
        if (memberName(callee) === 'errorsText') return firstEvidence(node.arguments, next, 'errors');
      }
      return undefined;
    }
    case AST_NODE_TYPES.NewExpression:
      // `new Error(ajv.errorsText(validate.errors))`: a returned error value.
      return firstEvidence(node.arguments, next, 'errors');
    case AST_NODE_TYPES.TemplateLiteral:
      return firstEvidence(node.expressions, next, 'errors');
    case AST_NODE_TYPES.BinaryExpression:
      return node.operator === '+' ? firstEvidence([node.left, node.right], next, 'errors') : undefined;
    case AST_NODE_TYPES.MemberExpression: {
      const key = memberName(node);
      const object = next(node.object);
      if (object?.role === 'errors') return object;
      if (object && key !== undefined && ERROR_MEMBERS.has(key) && (object.role === 'validator' || object.role === 'outcome')) return { ...object, role: 'errors' };
      if (object) return undefined;
      // `this.validate`, `validators[name]`: read back from where validators are stored.
      const text = node.computed && key === undefined ? `${sourceCode.getText(node.object)}[]` : sourceCode.getText(node);
      return storedIn(sourceCode, text, evaluator, depth);
    }
    case AST_NODE_TYPES.Identifier:
      return boundEvidence(node, evaluator, sourceCode, depth);
    default:
      return undefined;
  }
}

function callEvidence(node: TSESTree.CallExpression, evaluator: Evaluator): ValidationEvidence | undefined {
  const call = validatorCallOf(node, evaluator);
  if (!call) return undefined;
  const role: ValidationRole = call.returnsValidator ? 'validator' : PARSING_METHODS.has(call.method) ? 'parsed' : 'outcome';
  return { role, call: node, validator: call, stores: [] };
}

function firstEvidence(
  nodes: readonly TSESTree.Node[],
  next: (node: TSESTree.Node) => ValidationEvidence | undefined,
  role: ValidationRole,
): ValidationEvidence | undefined {
  for (const node of nodes) {
    const found = node.type === AST_NODE_TYPES.SpreadElement ? undefined : next(node);
    if (found?.role === role) return found;
  }
  return undefined;
}

/** A variable: its initialiser, or, for one written again, what every write stores. */
function boundEvidence(identifier: TSESTree.Identifier, evaluator: Evaluator, sourceCode: Readonly<TSESLint.SourceCode>, depth: number): ValidationEvidence | undefined {
  const binding = findBinding(evaluator.module, identifier);
  if (binding.kind !== 'declarator' || binding.module !== evaluator.module) return undefined;
  const { declarator } = binding;
  if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
    // `const { success, error } = Search.safeParse(args)`
    const key = destructuredKey(declarator.id, binding.identifier);
    const source = declarator.init && validationEvidence(declarator.init, evaluator, sourceCode, depth + 1);
    if (!source || key === undefined) return undefined;
    if (source.role === 'outcome' && OUTCOME_FLAGS.has(key)) return source;
    return ERROR_MEMBERS.has(key) && (source.role === 'outcome' || source.role === 'validator') ? { ...source, role: 'errors' } : undefined;
  }
  if (declarator.id !== binding.identifier) return undefined;
  if (binding.constant) return declarator.init ? validationEvidence(declarator.init, evaluator, sourceCode, depth + 1) : undefined;
  const writes = binding.variable.references.filter((reference) => reference.isWrite() && reference.writeExpr);
  return storedValues(writes.map((reference) => ({ value: reference.writeExpr!, store: reference.identifier.parent ?? reference.identifier })), evaluator, sourceCode, depth);
}

/** Evidence every store agrees on (ignoring stores of nothing: `let v = undefined`, `v = null`). */
function storedValues(
  stores: readonly { value: TSESTree.Node; store: TSESTree.Node }[],
  evaluator: Evaluator,
  sourceCode: Readonly<TSESLint.SourceCode>,
  depth: number,
): ValidationEvidence | undefined {
  let found: ValidationEvidence | undefined;
  const places: TSESTree.Node[] = [];
  for (const { value, store } of stores.slice(0, 8)) {
    if (isNothing(value)) continue;
    const evidence = validationEvidence(value, evaluator, sourceCode, depth + 1);
    if (!evidence || (found && found.role !== evidence.role)) return undefined;
    found ??= evidence;
    places.push(store);
  }
  return found && { ...found, stores: places };
}

function isNothing(node: TSESTree.Node): boolean {
  return (
    (node.type === AST_NODE_TYPES.Literal && node.value === null && !('regex' in node)) ||
    (node.type === AST_NODE_TYPES.Identifier && node.name === 'undefined') ||
    (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === 'void')
  );
}

type StoreIndex = Map<string, { value: TSESTree.Node; store: TSESTree.Node }[]>;
const storeIndexes = new WeakMap<object, StoreIndex>();

/**
 * Member assignments and map writes of the file, by the text of what is written
 * (`this.validate`, `this.validators[]` for `this.validators.set(k, v)` and `this.validators[k] = v`).
 * One walk per file, made the first time a candidate asks.
 */
function storeIndex(sourceCode: Readonly<TSESLint.SourceCode>): StoreIndex {
  const cached = storeIndexes.get(sourceCode);
  if (cached) return cached;
  const found: StoreIndex = new Map();
  const add = (key: string, value: TSESTree.Node, store: TSESTree.Node): void => {
    const list = found.get(key);
    if (list) list.push({ value, store });
    else found.set(key, [{ value, store }]);
  };
  forEachDescendant(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.AssignmentExpression && node.operator === '=' && node.left.type === AST_NODE_TYPES.MemberExpression) {
      const target = node.left;
      const key = target.computed && memberName(target) === undefined ? `${sourceCode.getText(target.object)}[]` : sourceCode.getText(target);
      add(key, node.right, node);
    } else if (node.type === AST_NODE_TYPES.CallExpression && node.arguments.length === 2 && node.callee.type === AST_NODE_TYPES.MemberExpression && memberName(node.callee) === 'set') {
      add(`${sourceCode.getText(node.callee.object)}[]`, node.arguments[1]!, node);
    }
    return true;
  });
  storeIndexes.set(sourceCode, found);
  return found;
}

function storedIn(sourceCode: Readonly<TSESLint.SourceCode>, key: string, evaluator: Evaluator, depth: number): ValidationEvidence | undefined {
  const stores = storeIndex(sourceCode).get(key);
  return stores ? storedValues(stores, evaluator, sourceCode, depth) : undefined;
}

/** Callee names `validatorCallOf` can accept: a cheap filter before asking it. */
const VALIDATOR_METHODS: ReadonlySet<string> = new Set([
  'compile',
  'compileAsync',
  'getSchema',
  'getValidator',
  'validate',
  'Check',
  'Compile',
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
]);
const filesWithValidatorCalls = new WeakMap<object, boolean>();

/**
 * What a file's text must hold for `hasValidatorCall` to be true, by what `validatorCallOf`
 * accepts (keep the two in step; tests/analysis/precheck-soundness.test.ts proves it on every
 * case): Ajv's methods on a receiver named like Ajv (`ajv` in any case, which also stands for the
 * methods), `getValidator`, `~standard`, TypeBox's `Check`/`Compile` on `Value` or
 * `TypeCompiler`, or a parse method (`parse`, `safeParse`, `parseAsync`, `safeParseAsync`, `spa`),
 * each a name compared exactly and so written exactly (`mayMention` decodes escapes). The
 * `parse` of `JSON.parse` does not count: the global `JSON` is no schema and no library, and a
 * binding that shadows it is written as a `JSON` not followed by `.parse` or `.stringify`, which
 * counts. Case-sensitive on purpose: `value` and `check` are everywhere, `Value` and `Check` less.
 */
export const VALIDATOR_CALL_VOCABULARY = new RegExp(
  [
    '[aA][jJ][vV]',
    'getValidator',
    '~standard',
    'TypeCompiler',
    String.raw`\bValue\b`,
    String.raw`(?<!\bJSON\s*\.\s*)\b(?:parse|safeParse|parseAsync|safeParseAsync|spa)\b`,
    String.raw`\bJSON\b(?!\s*\.\s*(?:parse|stringify)\b)`,
  ].join('|'),
);

/**
 * Whether the linted file writes a validator call at all. Every piece of evidence leads back to
 * one in this file, so in a file without one (most files: `parse` is in the rule's vocabulary for
 * `S.parse`, and JSON.parse is everywhere) no slot, `if` or `catch` needs to be looked at.
 */
export function hasValidatorCall(sourceCode: Readonly<TSESLint.SourceCode>, evaluator: Evaluator): boolean {
  const cached = filesWithValidatorCalls.get(sourceCode);
  if (cached !== undefined) return cached;
  let found = false;
  forEachDescendant(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (found) return false;
    if (node.type === AST_NODE_TYPES.CallExpression && VALIDATOR_METHODS.has(calleeName(node.callee) ?? '')) found = validatorCallOf(node, evaluator) !== undefined;
    return !found;
  });
  filesWithValidatorCalls.set(sourceCode, found);
  return found;
}

/** The first validator call (of any role) written in `root`, outside nested functions: what a `try` guards. */
export function validatorCallIn(root: TSESTree.Node, evaluator: Evaluator, sourceCode: Readonly<TSESLint.SourceCode>): ValidationEvidence | undefined {
  let found: ValidationEvidence | undefined;
  forEachDescendant(root, sourceCode.visitorKeys, (node) => {
    if (found || isFunctionNode(node)) return false;
    if (node.type === AST_NODE_TYPES.CallExpression && calleeName(node.callee) !== undefined) found = callEvidence(node, evaluator);
    return !found;
  });
  return found;
}

/** The schema a validator call checks against, and the value it checks (for a call that validates). */
export function validatorOperands(evidence: ValidationEvidence, evaluator: Evaluator): { schema: TSESTree.Node | undefined; data: TSESTree.Node | undefined } {
  const { call, validator } = evidence;
  const [first, second] = call.arguments;
  if (validator.returnsValidator) return { schema: first, data: undefined };
  const callee = unwrapChainAndTypeWrappers(call.callee);
  const receiver = callee.type === AST_NODE_TYPES.MemberExpression ? unwrapChainAndTypeWrappers(callee.object) : undefined;
  // `S['~standard'].validate(x)`
  if (validator.library === 'standard-schema') return { schema: receiver?.type === AST_NODE_TYPES.MemberExpression ? receiver.object : undefined, data: first };
  // `Search.safeParse(x)` on a schema; `Value.Check(S, x)`, `v.parse(S, x)`, `z.parse(S, x)` take the schema first.
  if (receiver && evaluator.evaluate(receiver).kind === 'builder') return { schema: receiver, data: first };
  return { schema: first, data: second };
}
