import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { isRelayedToolDefinition } from '../fallback/relayed-tool.js';
import { calleeName, isSdkToolCall, sinkOfProperty, TOOL_INPUT_KEYS } from '../flow/schema-sinks.js';
import { DEFINER_SCHEMA_KEYS, keyedToolOf } from '../flow/tool-definitions.js';
import { getKeyName, isTypeWrapper, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import type { ConventionSite } from './tool-conventions.js';

/**
 * Words a file must spell to hold a tool the sink model recognises: a registration call spells
 * `tool`, and a definition's schema key is a tool-input sink's (`TOOL_INPUT_SINK_VOCABULARY`; a
 * definer's keys count only beside a callee spelling `tool`).
 */
export const TOOL_SITE_VOCABULARY: RegExp = vocabularyPattern(['tool', ...TOOL_INPUT_KEYS]);

/**
 * The tools of a file as the convention checks see them, each recognised by the sink model
 * (`flow/`): a registration call, the SDK's `tool()`, or an object whose schema key the sink model
 * calls a tool's input schema.
 */

function propertyNamed(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  return object.properties.find((member): member is TSESTree.Property => member.type === AST_NODE_TYPES.Property && getKeyName(member.key, member.computed) === name);
}

/** The description of a tool definition object: its `description`, none, or unknown (a spread may hold one). */
function descriptionOf(object: TSESTree.ObjectExpression): ConventionSite['description'] {
  const property = propertyNamed(object, 'description');
  if (property) return property.value;
  return object.properties.some((member) => member.type === AST_NODE_TYPES.SpreadElement) ? 'unknown' : 'absent';
}

/**
 * The description of a config passed by name (`const config = { description, inputSchema };
 * server.registerTool(name, config, run)`), when the evaluator knows the object and it is written
 * in this file (a finding is reported where the description is).
 */
function descriptionThrough(config: TSESTree.Node, evaluator: Evaluator): ConventionSite['description'] {
  const value = evaluator.evaluate(config);
  if (value.kind !== 'object') return 'unknown';
  const description = value.properties.get('description');
  if (!description) return value.complete ? 'absent' : 'unknown';
  const node = description.value.node;
  return node && evaluator.moduleOf(node) === evaluator.moduleOf(config) ? node : 'unknown';
}

function outermost(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent)) current = current.parent;
  return current;
}

function calleeText(callee: TSESTree.Node, evaluator: Evaluator): string {
  const text = evaluator.moduleOf(callee).text.slice(callee.range[0], callee.range[1]);
  return text.length <= 40 && !text.includes('\n') ? text : (calleeName(callee) ?? 'a call');
}

/** The server a registration is made on: the receiver's binding, or its text (`this.server`). */
function registryOf(callee: TSESTree.Node, evaluator: Evaluator, byText: Map<string, object>): { key: object; label: string } | undefined {
  const node = unwrapChainAndTypeWrappers(callee);
  if (node.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const receiver = unwrapChainAndTypeWrappers(node.object);
  const text = evaluator.moduleOf(receiver).text.slice(receiver.range[0], receiver.range[1]);
  const label = `\`${text}\``;
  if (receiver.type === AST_NODE_TYPES.Identifier) {
    const binding = findBinding(evaluator.moduleOf(receiver), receiver);
    if ('variable' in binding && binding.variable) return { key: binding.variable, label };
  }
  if (text.length > 60 || /[()]/.test(text)) return undefined;
  let key = byText.get(text);
  if (!key) byText.set(text, (key = {}));
  return { key, label };
}

function registrationSite(call: TSESTree.CallExpression, evaluator: Evaluator, byText: Map<string, object>): ConventionSite | undefined {
  const name = calleeName(call.callee);
  // Most calls of a file are no registration: their receiver is not looked up.
  if (!(name === 'registerTool' && call.arguments.length >= 2) && !isSdkToolCall(call)) return undefined;
  const registry = registryOf(call.callee, evaluator, byText);
  const registration = `registered by \`${calleeText(call.callee, evaluator)}()\``;
  if (name === 'registerTool' && call.arguments.length >= 2 && registry) {
    const config = unwrapChainAndTypeWrappers(call.arguments[1]!);
    return {
      node: call,
      nameNode: call.arguments[0],
      registry: registry.key,
      registryLabel: registry.label,
      description: config.type === AST_NODE_TYPES.ObjectExpression ? descriptionOf(config) : descriptionThrough(config, evaluator),
      registration,
      relayed: false,
    };
  }
  if (isSdkToolCall(call) && registry) {
    // `tool(name, cb)`, `tool(name, description, …)`: the SDK takes a string second argument as the description.
    const second = call.arguments.length > 2 ? call.arguments[1]! : undefined;
    const secondValue = second && evaluator.evaluate(second);
    const description = !second
      ? 'absent'
      : secondValue?.kind === 'primitive' && typeof secondValue.value === 'string'
        ? second
        : secondValue?.kind === 'object' || secondValue?.kind === 'builder'
          ? 'absent'
          : 'unknown';
    return { node: call, nameNode: call.arguments[0], registry: registry.key, registryLabel: registry.label, description, registration, relayed: false };
  }
  return undefined;
}

/** `{ name, description, inputSchema }` and its kin, when the sink model calls its schema key a tool's input. */
function definitionSite(object: TSESTree.ObjectExpression, evaluator: Evaluator, byText: Map<string, object>): ConventionSite | undefined {
  const schema = object.properties.find(
    (member): member is TSESTree.Property =>
      member.type === AST_NODE_TYPES.Property && (TOOL_INPUT_KEYS.has(getKeyName(member.key, member.computed) ?? '') || DEFINER_SCHEMA_KEYS.has(getKeyName(member.key, member.computed) ?? '')),
  );
  if (!schema) return undefined;
  const sink = sinkOfProperty(object, getKeyName(schema.key, schema.computed)!, schema.value, evaluator);
  if (sink?.role !== 'tool-input') return undefined;
  // The config of `registerTool(name, config)` is the registration's.
  const slot = outermost(object);
  if (slot.parent?.type === AST_NODE_TYPES.CallExpression && calleeName(slot.parent.callee) === 'registerTool') return undefined;
  const holder = slot.parent;
  const keyed = !propertyNamed(object, 'name') && holder?.type === AST_NODE_TYPES.Property && keyedToolOf(object, evaluator) ? holder.key : undefined;
  const nameNode = propertyNamed(object, 'name')?.value ?? propertyNamed(object, 'id')?.value ?? keyed;
  const list = holder?.type === AST_NODE_TYPES.ArrayExpression ? holder : undefined;
  // `server.addTool({ name, … })` (fastmcp, mcp-use): the server is the registry.
  const call = holder?.type === AST_NODE_TYPES.CallExpression && holder.arguments[0] === slot ? holder : undefined;
  const server = call && registryOf(call.callee, evaluator, byText);
  return {
    node: object,
    nameNode,
    registry: server?.key ?? list,
    registryLabel: server?.label ?? 'this tool list',
    description: descriptionOf(object),
    registration: server ? `registered by \`${calleeText(call!.callee, evaluator)}()\`` : keyed ? 'a tool keyed by name' : 'a tool definition',
    relayed: isRelayedToolDefinition(object),
  };
}

/** The calls and object literals a file's tools may be, as ESLint's traversal meets them. */
export type ToolSiteCandidate = TSESTree.CallExpression | TSESTree.ObjectExpression;

/**
 * Every tool site among `candidates` (the file's calls and object literals, in source order),
 * collected by the rule's listeners during ESLint's own traversal rather than by a second walk.
 */
export function conventionSites(candidates: readonly ToolSiteCandidate[], evaluator: Evaluator): ConventionSite[] {
  const sites: ConventionSite[] = [];
  const byText = new Map<string, object>();
  for (const node of candidates) {
    const site = node.type === AST_NODE_TYPES.CallExpression ? registrationSite(node, evaluator, byText) : definitionSite(node, evaluator, byText);
    if (site) sites.push(site);
  }
  return sites;
}
