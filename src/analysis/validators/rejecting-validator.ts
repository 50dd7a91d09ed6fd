import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { unwrapTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { isFunctionNode } from '../syntax/function-name.js';
import type { FailOpenFallback } from './fail-open-value.js';
import { OUTCOME_FLAGS } from './validator-evidence.js';

/**
 * The suggestion's replacement for a validator that accepts everything in a `catch`: a validator
 * of the same convention that rejects every value and carries the compile error, so the caller's
 * own failure path (a tool error naming the problem) runs instead of the handler.
 */

export interface RejectingValidator {
  /** The fixes: the replacement, and a binding for the caught error when the `catch` has none. */
  readonly fix: (fixer: TSESLint.RuleFixer) => TSESLint.RuleFix[];
  /** What the message carries, for the suggestion's text. */
  readonly error: string;
}

/** A name for the caught error, when the `catch` binds none; avoided when the clause already refers to it. */
const CAUGHT_NAME = 'compileError';
/** Keys, in order of preference, under which an outcome carries what went wrong. */
const MESSAGE_KEYS = ['errorMessage', 'error', 'issues', 'errors'] as const;

/**
 * `() => false` with Ajv's `errors` for a boolean validator, or the outcome object with its flag
 * set to `false` and the message under the key the code's own rejections use (`{ valid: false,
 * errorMessage }` when the `try` returns that). Only for a function written directly in a `catch`
 * (its error is the compile error); undefined otherwise.
 */
export function rejectingValidator(
  value: TSESTree.Expression,
  found: FailOpenFallback,
  replaced: readonly TSESTree.Expression[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): RejectingValidator | undefined {
  const fn = unwrapTypeWrappers(value);
  if (found.passing.kind !== 'accepting-validator' || !isFunctionNode(fn) || fn !== found.passing.fn) return undefined;
  let clause: TSESTree.Node | undefined = fn.parent;
  while (clause && clause.type !== AST_NODE_TYPES.CatchClause && !isFunctionNode(clause)) clause = clause.parent;
  if (clause?.type !== AST_NODE_TYPES.CatchClause) return undefined;
  const catchClause = clause;
  let caught: string;
  let bind: ((fixer: TSESLint.RuleFixer) => TSESLint.RuleFix) | undefined;
  if (catchClause.param?.type === AST_NODE_TYPES.Identifier) {
    caught = catchClause.param.name;
  } else if (catchClause.param === null && !refersTo(catchClause, CAUGHT_NAME, sourceCode)) {
    caught = CAUGHT_NAME;
    const keyword = sourceCode.getFirstToken(catchClause)!;
    bind = (fixer) => fixer.insertTextAfter(keyword, ` (${CAUGHT_NAME})`);
  } else {
    // A destructured catch binding: no single name carries the error.
    return undefined;
  }
  const message = `String(${caught})`;
  const keys = found.passing.resultKeys ?? [];
  const flag = keys.find((key) => OUTCOME_FLAGS.has(key));
  const prefix = fn.async ? 'async ' : '';
  let text: string;
  if (flag === undefined) {
    text = `Object.assign(${prefix}() => false, { errors: [{ message: ${message} }] })`;
  } else {
    const used = new Set([...keys, ...rejectionKeys(replaced, flag, sourceCode)]);
    const key = MESSAGE_KEYS.find((candidate) => used.has(candidate)) ?? (flag === 'success' ? 'error' : 'errors');
    const detail =
      key === 'errorMessage' ? `errorMessage: ${message}` : key === 'error' ? `error: ${caught}` : `${key}: [{ message: ${message} }]`;
    text = `${prefix}() => ({ ${flag}: false, ${detail} })`;
  }
  return {
    error: `the compile error \`${caught}\``,
    fix: (fixer) => [...(bind ? [bind(fixer)] : []), fixer.replaceText(value, text)],
  };
}

/** The keys of the objects the `try` returns with `flag: false`: how this code already says "rejected". */
function rejectionKeys(replaced: readonly TSESTree.Expression[], flag: string, sourceCode: Readonly<TSESLint.SourceCode>): string[] {
  const keys: string[] = [];
  for (const root of replaced) {
    forEachDescendant(root, sourceCode.visitorKeys, (node) => {
      if (node.type !== AST_NODE_TYPES.ObjectExpression) return true;
      const names = node.properties.flatMap((property) =>
        property.type === AST_NODE_TYPES.Property && !property.computed && property.key.type === AST_NODE_TYPES.Identifier ? [property] : [],
      );
      const rejects = names.some(
        (property) => (property.key as TSESTree.Identifier).name === flag && property.value.type === AST_NODE_TYPES.Literal && property.value.value === false,
      );
      if (rejects) keys.push(...names.map((property) => (property.key as TSESTree.Identifier).name));
      return true;
    });
  }
  return keys;
}

/** Whether `root` reads a variable named `name` (which a new binding of that name would shadow). */
function refersTo(root: TSESTree.Node, name: string, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  let found = false;
  forEachDescendant(root, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.Identifier && node.name === name) found = true;
    return !found;
  });
  return found;
}
