import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, unwrapTypeWrappers } from '../syntax/ast.js';
import type { FunctionNode } from '../syntax/function-name.js';
import { outermostWrapper } from '../flow/call-sites.js';
import { calleeName, isHandlerKey, isSdkToolCall, toolContextOfObject, UNAMBIGUOUS_TOOL_KEYS } from '../flow/schema-sinks.js';
import { schemaNatureOf, valueExpressions } from '../flow/schema-evidence.js';
import { constantObjectLiteral } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { namesSchemaProduct } from './schema-names.js';

/**
 * Evidence that a function whose name mentions a schema runs a tool rather than builds one: it is
 * registered as a tool's handler, or it returns a tool's call result. A database tool named for
 * the schema it reads (`describeTableSchema`, `runSchemaMigration`) throws to fail the call, which
 * the SDK turns into an error result; its throw hides no failed schema build. The registration
 * shapes are the sink model's (`flow/schema-sinks.ts`): the handler is the slot beside the schema.
 * And the evidence the other way: a tool definer that returns a tool whose schema it builds.
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

/**
 * `return { name, input_schema: z.toJSONSchema(options.inputSchema), run }`: a function every value
 * of whose returns is a tool definition (written in the `return`, or a constant bound to it) under
 * a key no other API uses for a schema, holding a schema the function builds: a JSON Schema, a
 * library schema, a converter's result, or the result of a call named for the schema it makes
 * (`zodObjectSchemaToJsonSchema(inputParams)`: the name is a hint, the tool's schema key where the
 * result goes is the other half). The key, when it is so: such a tool definer is a schema helper
 * whatever its own name (the Anthropic SDK's `betaZodTool`, Composio's `createCustomTool`). A
 * definer that passes on the schema it is given (`input_schema: options.inputSchema`) builds none,
 * and a function that returns one only on some paths (an adapter choosing a provider's format,
 * which throws for a format it does not know) is a dispatcher, not a definer.
 */
export function builtToolSchemaKey(returned: readonly TSESTree.Expression[], evaluator: Evaluator): string | undefined {
  let first: string | undefined;
  for (const value of returned.flatMap((expression) => valueExpressions(expression))) {
    const key = builtKeyOf(value, evaluator);
    if (key === undefined) return undefined;
    first ??= key;
  }
  return first;
}

function builtKeyOf(expression: TSESTree.Expression, evaluator: Evaluator): string | undefined {
  const node = unwrapTypeWrappers(expression);
  const tool = node.type === AST_NODE_TYPES.ObjectExpression ? node : constantObjectLiteral(evaluator.moduleOf(node), node);
  for (const property of tool?.properties ?? []) {
    if (property.type !== AST_NODE_TYPES.Property || property.kind !== 'init' || property.method) continue;
    const key = getKeyName(property.key, property.computed);
    if (key === undefined || !UNAMBIGUOUS_TOOL_KEYS.has(key)) continue;
    const value = property.value as TSESTree.Expression;
    const nature = schemaNatureOf(value, evaluator);
    if ((nature !== undefined && nature !== 'validator') || isNamedSchemaCall(value, evaluator)) return key;
  }
  return undefined;
}

/** `zodObjectSchemaToJsonSchema(inputParams)`, written in place or bound to the constant that is read. */
function isNamedSchemaCall(value: TSESTree.Expression, evaluator: Evaluator): boolean {
  const node = unwrapTypeWrappers(value);
  const source = node.type === AST_NODE_TYPES.CallExpression ? node : node.type === AST_NODE_TYPES.Identifier ? evaluator.evaluate(node).node : undefined;
  if (source?.type !== AST_NODE_TYPES.CallExpression) return false;
  const name = calleeName(source.callee);
  return name !== undefined && namesSchemaProduct(name);
}
