import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName } from '../syntax/ast.js';
import type { FunctionNode } from '../syntax/function-name.js';
import { outermostWrapper } from '../flow/call-sites.js';
import { calleeName, isHandlerKey, isSdkToolCall, toolContextOfObject } from '../flow/schema-sinks.js';
import { valueExpressions } from '../flow/schema-evidence.js';
import type { Evaluator } from '../values/evaluator.js';

/**
 * Evidence that a function whose name mentions a schema runs a tool rather than builds one: it is
 * registered as a tool's handler, or it returns a tool's call result. A database tool named for
 * the schema it reads (`describeTableSchema`, `runSchemaMigration`) throws to fail the call, which
 * the SDK turns into an error result; its throw hides no failed schema build. The registration
 * shapes are the sink model's (`flow/schema-sinks.ts`): the handler is the slot beside the schema.
 */

/** `server.registerTool(name, config, handler)`, `server.tool(name, …, handler)`, `{ name, inputSchema, handler }`. */
function isHandlerSlot(node: TSESTree.Node, evaluator: Evaluator): boolean {
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.CallExpression && parent.callee !== node && parent.arguments.at(-1) === node) {
    const index = parent.arguments.length - 1;
    return (calleeName(parent.callee) === 'registerTool' && index === 2) || isSdkToolCall(parent);
  }
  if (parent?.type !== AST_NODE_TYPES.Property || parent.value !== node || parent.parent.type !== AST_NODE_TYPES.ObjectExpression) return false;
  const key = getKeyName(parent.key, parent.computed);
  return key !== undefined && isHandlerKey(key) && toolContextOfObject(parent.parent, evaluator) !== undefined;
}

/** Whether `fn`, written in place or passed by one of its `uses`, is a tool's handler. */
export function isToolHandler(fn: FunctionNode, uses: readonly TSESLint.Scope.Reference[], evaluator: Evaluator): boolean {
  if (isHandlerSlot(outermostWrapper(fn), evaluator)) return true;
  // A method's slot is the property holding it (`{ name, inputSchema, async handler() {…} }`).
  if (fn.parent.type === AST_NODE_TYPES.Property && fn.parent.value === fn && isHandlerSlot(fn, evaluator)) return true;
  return uses.some((reference) => isHandlerSlot(outermostWrapper(reference.identifier), evaluator));
}

/** `{ content: [{ type: 'text', text }] }`, MCP's `CallToolResult`: what a tool's call answers. */
export function returnsToolResult(returned: readonly TSESTree.Expression[], evaluator: Evaluator): boolean {
  return returned
    .flatMap((expression) => valueExpressions(expression))
    .some((expression) => {
      const value = evaluator.evaluate(expression);
      return value.kind === 'object' && value.properties.get('content')?.value.kind === 'array';
    });
}
