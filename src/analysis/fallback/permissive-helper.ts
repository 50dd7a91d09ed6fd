import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { isFunctionNode, type FunctionNode } from '../syntax/function-name.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { permissiveValueOf, type PermissiveValue } from '../schemas/permissive-value.js';
import { isModeTest } from './fallback-cause.js';

/**
 * A call of a function of the file that yields a permissive schema whatever it is given:
 * zod-to-json-schema's `parseAnyDef(refs)`, which breaks a recursive `$ref` by returning `{}`
 * (`if (refs.target !== 'openAi') return {}`). The evaluator runs no function, so
 * `return parseAnyDef(refs)` after a cycle test is otherwise an unknown value.
 *
 * Each return's value is still the evaluator's and `permissiveValueOf`'s verdict; this only says
 * which of them the call can yield. A helper qualifies when its only choices are of the
 * converter's target or strategy (mode tests, as in `fallback-cause.ts`), never of its input: in
 * the mode a permissive return is taken, every input gets it. A helper that tests anything else
 * (`if (!name) return {}`), loops, catches, throws, or can end without a return is not one; nor is
 * one whose permissive value is only one of several returns that no mode test separates.
 */

export interface PermissiveHelperCall extends PermissiveValue {
  /** The helper's name, as the message says it: `parseAnyDef`. */
  readonly helper: string;
}

/** A helper with more returns than this is a converter, not a constant's wrapper. */
const MAX_RETURNS = 8;

/** Statements that decide or leave in a way a mode test does not account for. */
const UNSETTLED: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.SwitchStatement,
  AST_NODE_TYPES.TryStatement,
  AST_NODE_TYPES.ThrowStatement,
  AST_NODE_TYPES.ForStatement,
  AST_NODE_TYPES.ForInStatement,
  AST_NODE_TYPES.ForOfStatement,
  AST_NODE_TYPES.WhileStatement,
  AST_NODE_TYPES.DoWhileStatement,
  AST_NODE_TYPES.LabeledStatement,
  AST_NODE_TYPES.YieldExpression,
  AST_NODE_TYPES.AwaitExpression,
]);

/** Per helper (one weak entry per function node); `null` for one that does not qualify. */
const verdicts = new WeakMap<FunctionNode, PermissiveValue | null>();

export function permissiveHelperCall(expression: TSESTree.Expression, evaluator: Evaluator, visitorKeys: TSESLint.SourceCode.VisitorKeys): PermissiveHelperCall | undefined {
  const call = unwrapChainAndTypeWrappers(expression);
  if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const fn = helperFunction(call.callee, evaluator);
  // A recursive call is the converter itself, not a helper of it.
  if (!fn || fn.async || fn.generator || (fn.range[0] <= call.range[0] && call.range[1] <= fn.range[1])) return undefined;
  let verdict = verdicts.get(fn);
  if (verdict === undefined) verdicts.set(fn, (verdict = helperVerdict(fn, evaluator, visitorKeys) ?? null));
  return verdict === null ? undefined : { ...verdict, helper: call.callee.name };
}

/** `function parseAnyDef(refs) {…}` or `const parseAnyDef = (refs) => …` of the file. */
function helperFunction(callee: TSESTree.Identifier, evaluator: Evaluator): FunctionNode | undefined {
  const binding = findBinding(evaluator.moduleOf(callee), callee);
  if (binding.kind === 'function') return binding.node;
  if (binding.kind !== 'declarator' || !binding.constant || binding.declarator.id !== binding.identifier) return undefined;
  const init = binding.declarator.init;
  return init && isFunctionNode(init) ? init : undefined;
}

function helperVerdict(fn: FunctionNode, evaluator: Evaluator, visitorKeys: TSESLint.SourceCode.VisitorKeys): PermissiveValue | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return permissiveValueOf(fn.body as TSESTree.Expression, evaluator);
  // Falling off the end returns `undefined`: not a schema on that path.
  if (fn.body.body.at(-1)?.type !== AST_NODE_TYPES.ReturnStatement) return undefined;
  const returned: TSESTree.Expression[] = [];
  let modeTests = 0;
  let settled = true;
  forEachDescendant(fn.body, visitorKeys, (node) => {
    if (!settled) return false;
    if (isFunctionNode(node) || node.type === AST_NODE_TYPES.ClassBody) return false;
    if (UNSETTLED.has(node.type)) settled = false;
    else if (node.type === AST_NODE_TYPES.IfStatement) {
      if (isModeTest(node.test)) modeTests += 1;
      else settled = false;
    } else if (node.type === AST_NODE_TYPES.ReturnStatement) {
      if (!node.argument || returned.length >= MAX_RETURNS) settled = false;
      else returned.push(node.argument);
    }
    return settled;
  });
  if (!settled) return undefined;
  let found: PermissiveValue | undefined;
  let constraining = false;
  for (const value of returned) {
    const permissive = permissiveValueOf(value, evaluator);
    if (!permissive) constraining = true;
    // The narrower of the values is what the helper is sure to accept.
    else if (!found || permissive.permissiveness === 'any-object') found = permissive;
  }
  // `if (refs.target !== 'openAi') return {}; return { $ref: anyDefinition }`: a constraining
  // return is another mode's, never another input's.
  return found && (!constraining || modeTests > 0) ? found : undefined;
}
