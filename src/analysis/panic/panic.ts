/**
 * # panic/: schema helpers that panic instead of returning their error
 *
 * - `schema-helper.ts`: which functions are schema helpers, by what they return and where their
 *   result goes (through `flow/`).
 * - `panic.ts` (this file): the exits that hide a failure from a helper's signature: `throw`,
 *   `process.exit()`, assertions, configured panic functions.
 */
import { AST_NODE_TYPES, TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { destructuredKey, memberName } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { type Binding, findBinding } from '../values/bindings.js';
import { getEvaluator } from '../values/evaluator.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import { isFunctionNode } from '../syntax/function-name.js';

const { DefinitionType } = TSESLint.Scope;

/**
 * Panic-style exits: constructs that end a computation by unwinding (or killing the process)
 * instead of returning a value, so the failure never appears in the function's signature.
 */
export type PanicKind = 'throw' | 'process-exit' | 'assertion' | 'panic-function';

export interface PanicConstruct {
  readonly kind: PanicKind;
  readonly node: TSESTree.ThrowStatement | TSESTree.CallExpression;
  /** How the construct reads in a message: `throw new Error(…)`, `process.exit()`, `assert.ok()`. */
  readonly label: string;
  /** Whether an enclosing `try` can intercept it: `process.exit()` and `process.abort()` cannot. */
  readonly catchable: boolean;
}

export interface PanicOptions {
  /** Error classes whose `throw new X(…)` is a deliberate contract, matched by name or written path. */
  readonly allowErrorClasses: readonly string[];
  /** Functions that never return, matched by the called identifier's name. */
  readonly panicFunctions: readonly string[];
}

export interface PanicDetector {
  getPanicConstruct(node: TSESTree.Node): PanicConstruct | undefined;
  /**
   * Whether `node`'s exception is caught by a `try` between it and `boundary` whose `catch` turns
   * it into a value (does not itself panic). Function boundaries stop the search, except callbacks
   * that run synchronously while the `try` is active (array iteration, IIFEs).
   */
  isCaughtWithin(node: TSESTree.Node, boundary: TSESTree.Node): boolean;
}

const ASSERT_MODULES = new Set(['assert', 'node:assert', 'assert/strict', 'node:assert/strict']);
const INVARIANT_MODULES = new Set(['tiny-invariant', 'invariant']);
const PROCESS_MODULES = new Set(['process', 'node:process']);
const PROCESS_EXITS = new Set(['exit', 'abort']);

/** The `node:assert` functions; each throws an `AssertionError` (or rejects) when its check fails. */
const ASSERT_FUNCTIONS = new Set([
  'ok',
  'equal',
  'notEqual',
  'deepEqual',
  'notDeepEqual',
  'strictEqual',
  'notStrictEqual',
  'deepStrictEqual',
  'notDeepStrictEqual',
  'partialDeepStrictEqual',
  'throws',
  'doesNotThrow',
  'rejects',
  'doesNotReject',
  'ifError',
  'match',
  'doesNotMatch',
  'fail',
]);

/**
 * Words every panic construct spells in the file it is in: `throw`, an exit method, the assert or
 * invariant module (or global) a check comes from, a configured panic function. A file without
 * any of them has no panic to find (see `mayMention`).
 */
export function panicVocabulary(panicFunctions: readonly string[]): RegExp {
  // `createRule` asks once per options object, and `vocabularyPattern` returns one pattern per word list.
  return vocabularyPattern(['throw', ...PROCESS_EXITS, ...ASSERT_MODULES, ...INVARIANT_MODULES, 'assert', 'invariant', ...panicFunctions]);
}

/** Callbacks these methods run before returning, so a `try` around the call sees their throws. */
const SYNCHRONOUS_CALLBACK_METHODS = new Set([
  'map',
  'flatMap',
  'forEach',
  'filter',
  'reduce',
  'reduceRight',
  'some',
  'every',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'sort',
  'toSorted',
]);

/** Where a called or thrown name comes from, in the terms panic detection needs. */
type NameOrigin =
  | { readonly kind: 'global' }
  | { readonly kind: 'module'; readonly module: string; readonly imported: string }
  | { readonly kind: 'catch-parameter' }
  | { readonly kind: 'local' };

const NAMESPACE = '*';
/** Longer thrown expressions are left out of the message rather than cut mid-expression. */
const MAX_LABEL_LENGTH = 40;

/** `require('m')` (`*`) or `require('m').member`, the CommonJS spelling of an import. */
function requiredModule(expression: TSESTree.Expression | null): { module: string; member: string } | undefined {
  let node = expression;
  let member = NAMESPACE;
  if (node?.type === AST_NODE_TYPES.MemberExpression) {
    member = memberName(node) ?? '';
    node = node.object;
  }
  if (
    node?.type === AST_NODE_TYPES.CallExpression &&
    node.callee.type === AST_NODE_TYPES.Identifier &&
    node.callee.name === 'require' &&
    node.arguments[0]?.type === AST_NODE_TYPES.Literal &&
    typeof node.arguments[0].value === 'string'
  ) {
    return { module: node.arguments[0].value, member };
  }
  return undefined;
}

/** The reason parameter of `promise.catch((error) => …)` / `promise.then(ok, (error) => …)`. */
function isRejectionHandlerParameter(fn: TSESTree.Node, parameter: TSESTree.Node): boolean {
  if (!isFunctionNode(fn) || fn.params[0] !== parameter || fn.parent?.type !== AST_NODE_TYPES.CallExpression) return false;
  const call = fn.parent;
  if (call.callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = memberName(call.callee);
  return (method === 'catch' && call.arguments[0] === fn) || (method === 'then' && call.arguments[1] === fn);
}

/**
 * Layers what the shared bindings leave opaque on top of them: `require()` declarators,
 * `import x = require('m')`, and catch parameters (a rethrow).
 */
function originOf(binding: Binding): NameOrigin {
  switch (binding.kind) {
    case 'global':
      return { kind: 'global' };
    case 'import':
      return { kind: 'module', module: binding.specifier, imported: binding.importedName };
    case 'declarator': {
      const required = binding.constant ? requiredModule(binding.declarator.init) : undefined;
      if (!required) return { kind: 'local' };
      const { id } = binding.declarator;
      if (id === binding.identifier) return { kind: 'module', module: required.module, imported: required.member };
      if (id.type === AST_NODE_TYPES.ObjectPattern && required.member === NAMESPACE) {
        const key = destructuredKey(id, binding.identifier);
        if (key !== undefined) return { kind: 'module', module: required.module, imported: key };
      }
      return { kind: 'local' };
    }
    case 'opaque': {
      const definition = binding.variable.defs[0];
      if (definition?.type === DefinitionType.CatchClause) return { kind: 'catch-parameter' };
      if (definition?.type === DefinitionType.Parameter && isRejectionHandlerParameter(definition.node, definition.name)) {
        return { kind: 'catch-parameter' };
      }
      const node = definition?.node;
      if (
        node?.type === AST_NODE_TYPES.TSImportEqualsDeclaration &&
        node.moduleReference.type === AST_NODE_TYPES.TSExternalModuleReference &&
        typeof node.moduleReference.expression.value === 'string'
      ) {
        return { kind: 'module', module: node.moduleReference.expression.value, imported: NAMESPACE };
      }
      return { kind: 'local' };
    }
    default:
      return { kind: 'local' };
  }
}

function isProcessObject(node: TSESTree.Node, resolve: (identifier: TSESTree.Identifier) => NameOrigin): boolean {
  if (node.type === AST_NODE_TYPES.Identifier) {
    const binding = resolve(node);
    if (binding.kind === 'global') return node.name === 'process';
    return binding.kind === 'module' && PROCESS_MODULES.has(binding.module) && (binding.imported === 'default' || binding.imported === NAMESPACE);
  }
  // `globalThis.process.exit()`
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    memberName(node) === 'process' &&
    node.object.type === AST_NODE_TYPES.Identifier &&
    node.object.name === 'globalThis' &&
    resolve(node.object).kind === 'global'
  );
}

/** Whether this assert-module export, called as written, is an assertion (the module itself is). */
function isAssertExport(imported: string): boolean {
  return imported === 'default' || imported === NAMESPACE || imported === 'strict' || ASSERT_FUNCTIONS.has(imported);
}

function isSynchronousCallback(fn: TSESTree.Node): boolean {
  const parent = fn.parent;
  if (parent?.type !== AST_NODE_TYPES.CallExpression) return false;
  if (parent.callee === fn) return true;
  return (
    parent.arguments[0] === fn &&
    parent.callee.type === AST_NODE_TYPES.MemberExpression &&
    SYNCHRONOUS_CALLBACK_METHODS.has(memberName(parent.callee) ?? '')
  );
}

export function createPanicDetector(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  options: PanicOptions,
): PanicDetector {
  const { sourceCode } = context;
  const { module } = getEvaluator(context);
  const resolve = (identifier: TSESTree.Identifier): NameOrigin => originOf(findBinding(module, identifier));
  const allowErrorClasses = new Set(options.allowErrorClasses);
  const panicFunctions = new Set(options.panicFunctions);
  const catchPanics = new Map<TSESTree.CatchClause, boolean>();

  function callLabel(call: TSESTree.CallExpression): string {
    return `\`${sourceCode.getText(call.callee)}()\``;
  }

  function throwConstruct(node: TSESTree.ThrowStatement): PanicConstruct | undefined {
    const { argument } = node;
    if (argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression) {
      const writtenClass = sourceCode.getText(argument.callee);
      const className =
        argument.callee.type === AST_NODE_TYPES.MemberExpression ? memberName(argument.callee) : writtenClass;
      if (allowErrorClasses.has(writtenClass) || (className !== undefined && allowErrorClasses.has(className))) return undefined;
      const keyword = argument.type === AST_NODE_TYPES.NewExpression ? 'new ' : '';
      return { kind: 'throw', node, label: `\`throw ${keyword}${writtenClass}(…)\``, catchable: true };
    }
    if (argument.type === AST_NODE_TYPES.Identifier && resolve(argument).kind === 'catch-parameter') {
      return { kind: 'throw', node, label: `a rethrow (\`throw ${argument.name}\`)`, catchable: true };
    }
    const written = sourceCode.getText(argument);
    const readable =
      (argument.type === AST_NODE_TYPES.Identifier || argument.type === AST_NODE_TYPES.MemberExpression) &&
      written.length <= MAX_LABEL_LENGTH &&
      !written.includes('\n');
    return { kind: 'throw', node, label: readable ? `\`throw ${written}\`` : '`throw`', catchable: true };
  }

  function callConstruct(call: TSESTree.CallExpression): PanicConstruct | undefined {
    const { callee } = call;
    if (callee.type === AST_NODE_TYPES.Identifier) {
      const binding = resolve(callee);
      if (binding.kind === 'module') {
        if (ASSERT_MODULES.has(binding.module) && isAssertExport(binding.imported)) {
          return { kind: 'assertion', node: call, label: callLabel(call), catchable: true };
        }
        if (INVARIANT_MODULES.has(binding.module) && (binding.imported === 'default' || binding.imported === NAMESPACE)) {
          return { kind: 'assertion', node: call, label: callLabel(call), catchable: true };
        }
        if (PROCESS_MODULES.has(binding.module) && PROCESS_EXITS.has(binding.imported)) {
          return { kind: 'process-exit', node: call, label: callLabel(call), catchable: false };
        }
      }
      // An undeclared `assert` / `invariant` is runtime-provided (Node's REPL, a test runner's
      // globals, a bundler's inject): every such implementation throws on a failed check.
      if (binding.kind === 'global' && (callee.name === 'assert' || callee.name === 'invariant')) {
        return { kind: 'assertion', node: call, label: callLabel(call), catchable: true };
      }
      if (panicFunctions.has(callee.name)) return { kind: 'panic-function', node: call, label: callLabel(call), catchable: true };
      return undefined;
    }
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
    const method = memberName(callee);
    if (method === undefined) return undefined;
    if (PROCESS_EXITS.has(method) && isProcessObject(callee.object, resolve)) {
      return { kind: 'process-exit', node: call, label: callLabel(call), catchable: false };
    }
    if (ASSERT_FUNCTIONS.has(method) && isAssertObject(callee.object)) {
      return { kind: 'assertion', node: call, label: callLabel(call), catchable: true };
    }
    return undefined;
  }

  /** `assert` in `assert.ok()`, and `assert.strict` in `assert.strict.equal()`. */
  function isAssertObject(node: TSESTree.Node): boolean {
    if (node.type === AST_NODE_TYPES.MemberExpression && memberName(node) === 'strict') return isAssertObject(node.object);
    if (node.type !== AST_NODE_TYPES.Identifier) return false;
    const binding = resolve(node);
    if (binding.kind === 'global') return node.name === 'assert';
    return (
      binding.kind === 'module' &&
      ASSERT_MODULES.has(binding.module) &&
      (binding.imported === 'default' || binding.imported === NAMESPACE || binding.imported === 'strict')
    );
  }

  function getPanicConstruct(node: TSESTree.Node): PanicConstruct | undefined {
    if (node.type === AST_NODE_TYPES.ThrowStatement) return throwConstruct(node);
    if (node.type === AST_NODE_TYPES.CallExpression) return callConstruct(node);
    return undefined;
  }

  function escapes(node: TSESTree.Node, construct: PanicConstruct, boundary: TSESTree.Node): boolean {
    return !construct.catchable || !isCaughtWithin(node, boundary);
  }

  /** A `catch` that panics again (rethrows, wraps and throws, exits) has not turned the failure into a value. */
  function catchPanicsAgain(handler: TSESTree.CatchClause): boolean {
    const cached = catchPanics.get(handler);
    if (cached !== undefined) return cached;
    let panics = false;
    forEachDescendant(handler.body, sourceCode.visitorKeys, (node) => {
      if (panics) return false;
      if (isFunctionNode(node)) return isSynchronousCallback(node);
      const construct = getPanicConstruct(node);
      if (construct && escapes(node, construct, handler)) panics = true;
      return !panics;
    });
    catchPanics.set(handler, panics);
    return panics;
  }

  function isCaughtWithin(node: TSESTree.Node, boundary: TSESTree.Node): boolean {
    let child: TSESTree.Node = node;
    for (let current = node.parent; current && current !== boundary; child = current, current = current.parent) {
      if (isFunctionNode(current) && !isSynchronousCallback(current)) return false;
      // A catch that panics again hands the failure on outward, where an outer `try` may still take it.
      if (
        current.type === AST_NODE_TYPES.TryStatement &&
        current.block === child &&
        current.handler &&
        !catchPanicsAgain(current.handler)
      ) {
        return true;
      }
    }
    return false;
  }

  return { getPanicConstruct, isCaughtWithin };
}
