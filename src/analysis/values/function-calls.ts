import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, unwrapTypeWrappers } from '../syntax/ast.js';
import type { ModuleSource } from '../modules/module-graph.js';
import { findBinding } from './bindings.js';
import { primitive, read, unknown, type Environment, type Evaluation, type Variable } from './evaluation.js';
import type { FunctionValue, StaticValue } from './static-value.js';

/**
 * Functions applied to values: the callbacks of `map`/`filter`, and a call of one of the
 * project's own functions (`getEnumKeys(GitVersionType)` with `getEnumKeys` in `utils.ts`).
 *
 * Only a function whose body is one expression (or one `return`) is applied, with its parameters
 * bound to the argument values: nothing runs, nothing loops, and the result keeps the origins of
 * what it was built from, so the list `getEnumKeys` returns is still the dependency's table.
 * A project function is applied one level at a time and never while it is already being applied
 * (no recursion), within a per-file number of calls (`Evaluation.enterCall`); past either it is
 * unknown, which never makes a finding.
 */

/** The one expression a function returns, or undefined when its body is more than that. */
function returnedExpression(fn: FunctionValue['function']): TSESTree.Node | undefined {
  if (fn.async || fn.generator) return undefined;
  const body: TSESTree.Node | null | undefined = fn.body;
  if (body?.type !== 'BlockStatement') return body ?? undefined;
  const only = body.body.length === 1 ? body.body[0] : undefined;
  return only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
}

/**
 * Applies a simple callback: an arrow or function whose body is one expression (or one `return`),
 * with identifier or destructuring parameters. Undefined when the callback is beyond that.
 */
export function apply(ev: Evaluation, callback: StaticValue, args: readonly StaticValue[], node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue | undefined {
  if (callback.kind !== 'function') return undefined;
  const fn = callback.function;
  const body = returnedExpression(fn);
  if (!body) return undefined;
  const fnModule = ev.moduleOf(fn);
  const scope = fnModule.getScope(fn);
  const bindings = new Map<Variable, StaticValue>(env ?? []);
  for (const [index, parameter] of fn.params.entries()) {
    const argument = args[index] ?? primitive(undefined, undefined, module.file);
    if (!bindPattern(ev, parameter, argument, scope, bindings, fnModule, depth)) return undefined;
  }
  return ev.value(body, fnModule, bindings, depth);
}

/**
 * `f(a, b)` where `f` is a function of the project: declared in this file, or imported from one
 * of its modules (by name or through a namespace, `utils.getEnumKeys(T)`). What its one returned
 * expression is with `a` and `b` bound. Undefined when the callee is not such a function, or the
 * call is past the budget, recursive, or spreads arguments.
 *
 * A function is applied only when an argument is a table: a list read through a binding, a
 * TypeScript enum, or a dependency's export. That is the call that reshapes a table into enum
 * values. Every other call (`orderFromRow(row)`, `convert(schema, options)`) would open the
 * callee's module for nothing, on every file that evaluates one, and a helper called with nothing
 * of the kind (`anyDef()`) is `fallback/permissive-helper.ts`'s to explain. A method of an
 * object is never applied: it may read `this`, and a local object may stand in for a library
 * (`const z = { any: () => ({}) }`).
 */
export function applyProjectFunction(ev: Evaluation, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue | undefined {
  const callee = unwrapTypeWrappers(node.callee);
  const place = calleePlace(module, callee);
  if (!place || node.arguments.some((argument) => argument.type === 'SpreadElement')) return undefined;
  const args = node.arguments.map((argument) => ev.value(argument, module, env, depth));
  if (!args.some(isTableArgument)) return undefined;
  const fnValue = ev.value(callee, module, env, depth);
  if (fnValue.kind !== 'function' || !returnedExpression(fnValue.function)) return undefined;
  const fn = fnValue.function;
  if (!ev.enterCall(fn)) return unknown(node, module.file);
  try {
    return apply(ev, fnValue, args, node, module, env, depth) ?? unknown(node, module.file);
  } finally {
    ev.leaveCall(fn);
  }
}

function isTableArgument(argument: StaticValue): boolean {
  if (argument.origins.length === 0) return false;
  if (argument.kind === 'array') return true;
  return argument.origins.some((origin) => origin.dependency !== undefined || origin.declaration.type === AST_NODE_TYPES.TSEnumDeclaration);
}

/** Whether a callee names a function of this file or an import, as far as the syntax tells. */
function calleePlace(module: ModuleSource, callee: TSESTree.Node): 'local' | 'imported' | undefined {
  if (callee.type === 'Identifier') {
    const binding = findBinding(module, callee);
    if (binding.kind === 'function' || binding.kind === 'declarator') return 'local';
    return binding.kind === 'import' && binding.importedName !== '*' ? 'imported' : undefined;
  }
  if (callee.type === 'MemberExpression' && !callee.computed) {
    const receiver = unwrapTypeWrappers(callee.object);
    if (receiver.type !== 'Identifier') return undefined;
    const binding = findBinding(module, receiver);
    return binding.kind === 'import' && binding.importedName === '*' ? 'imported' : undefined;
  }
  return undefined;
}

function bindPattern(
  ev: Evaluation,
  pattern: TSESTree.Node,
  value: StaticValue,
  scope: TSESLint.Scope.Scope,
  bindings: Map<Variable, StaticValue>,
  module: ModuleSource,
  depth: number,
): boolean {
  switch (pattern.type) {
    case 'Identifier': {
      const variable = scope.set.get(pattern.name);
      if (!variable) return false;
      bindings.set(variable, value);
      return true;
    }
    case 'AssignmentPattern': {
      const effective = value.kind === 'primitive' && value.value === undefined ? ev.value(pattern.right, module, bindings, depth) : value;
      return bindPattern(ev, pattern.left, effective, scope, bindings, module, depth);
    }
    case 'ObjectPattern':
      for (const property of pattern.properties) {
        if (property.type === 'RestElement') return false;
        const key = property.computed ? undefined : getKeyName(property.key, false);
        if (key === undefined) return false;
        if (!bindPattern(ev, property.value, read(ev, value, key, property, module), scope, bindings, module, depth)) return false;
      }
      return true;
    case 'ArrayPattern':
      for (const [index, element] of pattern.elements.entries()) {
        if (!element) continue;
        if (element.type === 'RestElement') return false;
        if (!bindPattern(ev, element, read(ev, value, String(index), element, module), scope, bindings, module, depth)) return false;
      }
      return true;
    default:
      return false;
  }
}
