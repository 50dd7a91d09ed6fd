import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, unwrapTypeWrappers } from '../syntax/ast.js';
import { isHandlerKey, isToolSchemaKey } from './schema-sinks.js';

/**
 * Whether a tool definition relays another tool: its `name` and its schema are both read from the
 * same descriptor (`mcpTools.map((tool) => ({ name: tool.name, parameters: tool.inputSchema ?? X }))`).
 * A proxy, an adapter to another SDK's tool format, or a listing of a page's WebMCP tools passes on
 * a tool that someone else declared and someone else runs. A default there stands for "the
 * declarer gave no schema": whoever runs the tool checks its arguments, and nothing failed to
 * build here. A definition that carries its handler runs the tool here, and a tool the code
 * names itself (`{ name: 'search', inputSchema: def.inputSchema ?? {} }`) is its own: their
 * defaults are findings.
 *
 * `slot` is the expression at the sink (the property value), `replaced` what the default stands in for.
 */
export function isRelayedToolSchema(slot: TSESTree.Node, replaced: readonly TSESTree.Expression[]): boolean {
  if (replaced.length === 0) return false;
  const property = slot.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== slot) return false;
  const definition = property.parent;
  if (definition.type !== AST_NODE_TYPES.ObjectExpression) return false;
  // A definition with a handler runs the tool here (a plugin manifest's tool forwarded to an
  // endpoint): whatever it was read from, its arguments are this code's to check.
  if (definition.properties.some((member) => member.type === AST_NODE_TYPES.Property && isHandlerKey(getKeyName(member.key, member.computed) ?? ''))) return false;
  const source = relayedDescriptor(definition);
  return source !== undefined && replaced.every((value) => schemaReadOf(value) === source);
}

/**
 * Whether a tool definition passes on another tool: its `name` read from a descriptor
 * (`{ name: tool.name, … }`) and no handler of its own. Its description, like its schema, is
 * the declaring server's.
 */
export function isRelayedToolDefinition(definition: TSESTree.ObjectExpression): boolean {
  if (definition.properties.some((member) => member.type === AST_NODE_TYPES.Property && isHandlerKey(getKeyName(member.key, member.computed) ?? ''))) return false;
  return relayedDescriptor(definition) !== undefined;
}

/** `tool` when the definition's `name` is `tool.name`: the name of the tool relayed. */
function relayedDescriptor(definition: TSESTree.ObjectExpression): string | undefined {
  for (const member of definition.properties) {
    if (member.type !== AST_NODE_TYPES.Property || getKeyName(member.key, member.computed) !== 'name') continue;
    const value = unwrapTypeWrappers(member.value);
    return value.type === AST_NODE_TYPES.MemberExpression && memberName(value) === 'name' ? descriptorName(value.object) : undefined;
  }
  return undefined;
}

/** `tool` in `tool.inputSchema`, `tool?.parameters`, `tool.input_schema`: another tool's schema, read unchanged. */
function schemaReadOf(value: TSESTree.Node): string | undefined {
  let node = unwrapTypeWrappers(value);
  if (node.type === AST_NODE_TYPES.ChainExpression) node = node.expression;
  if (node.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const key = memberName(node);
  return key !== undefined && isToolSchemaKey(key) ? descriptorName(node.object) : undefined;
}

function descriptorName(node: TSESTree.Node): string | undefined {
  return node.type === AST_NODE_TYPES.Identifier ? node.name : undefined;
}
