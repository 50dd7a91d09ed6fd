import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import type { SourceCode } from '@typescript-eslint/utils/ts-eslint';
import { getKeyName, isTypeWrapper, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { getFunctionName, isFunctionNode } from '../syntax/function-name.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { isRelayedToolDefinition } from './relayed-tool.js';
import { calleeName, isSdkToolCall, registrationThroughBinding, sinkOfProperty, TOOL_INPUT_KEYS, TOOL_OUTPUT_KEYS } from './schema-sinks.js';
import type { SinkDialect } from './sink-model.js';
import { DEFINER_SCHEMA_KEYS, isToolDefinerConfig, isToolDefinerName, keyedToolOf } from './tool-definitions.js';

/**
 * The one enumeration of a file's tools: every definition and registration the sink model
 * recognises (a registration call, the SDK's `tool()`, or an object whose schema key the sink
 * model calls a tool's input schema), with its name, its form and its schema slots. The
 * convention checks (`conventions/convention-sites.ts`) and the CLI's inventory (`schema-contract
 * tools`) read it; `tool-schema-build.ts` says how each slot's schema is built.
 */

/** `registerTool(name, config, run)` and the SDK's task-based `registerToolTask(name, config, handler)`. */
const NAMED_REGISTRATIONS: ReadonlySet<string> = new Set(['registerTool', 'registerToolTask']);

/**
 * Words a file must spell to hold a tool the sink model recognises: a registration call spells
 * `tool`, and a definition's schema key is a tool-input sink's (a definer's own keys, `schema`,
 * `args`, count only beside a callee spelling `tool`).
 */
export const TOOL_SITE_VOCABULARY: RegExp = vocabularyPattern(['tool', ...TOOL_INPUT_KEYS]);

/** How a tool is defined or registered. */
export type ToolSiteForm =
  /** `server.registerTool(name, { inputSchema, … }, run)` (MCP TypeScript SDK; also its `registerToolTask`). */
  | 'mcp-register-tool'
  /** `server.tool(name, [description], [shape], …, run)` (MCP TypeScript SDK, v1 style). */
  | 'mcp-tool'
  /** An entry of a `tools/list` answer: `{ tools: [{ name, inputSchema }] }`, a `ListTools` handler, a `listTools()` method. */
  | 'list-tools-result'
  /** The AI SDK's `tool({ description, inputSchema, execute })`. */
  | 'ai-sdk-tool'
  /** `{ search: { description, parameters } }` in a map used as tools. */
  | 'keyed-map'
  /** A tool definer's config: `defineTool({ name, schema })`, `server.addTool({…})`, `new DynamicStructuredTool({…})`. */
  | 'factory'
  /** Another tool's descriptor passed on: `{ name: tool.name, inputSchema: tool.inputSchema }`. */
  | 'relay'
  /** An object shaped like a tool definition: `{ name, description, inputSchema, handler }`. */
  | 'definition';

/** A schema key of a tool and the expression in it. */
export interface ToolSchemaSlot {
  readonly key: string;
  readonly node: TSESTree.Node;
  /** What an object literal there is: a JSON Schema, or the SDK's zod raw shape. */
  readonly dialect: SinkDialect;
}

export interface ToolSite {
  /** The definition or registration, where a finding about the whole tool goes. */
  readonly node: TSESTree.Node;
  readonly form: ToolSiteForm;
  /** The expression (or key) that names the tool. */
  readonly nameNode: TSESTree.Node | undefined;
  /** The tool's name when it is static, else undefined (`nameText` then says what names it). */
  readonly name: string | undefined;
  /** The naming expression as written (`manifest.name`), or the key of a keyed tool. */
  readonly nameText: string | undefined;
  readonly input: ToolSchemaSlot | undefined;
  readonly output: ToolSchemaSlot | undefined;
  /** The server, array or map the tool is registered in: names must be unique within one. */
  readonly registry: object | undefined;
  /** How a message names the registry: "`server`", "this tool list". */
  readonly registryLabel: string;
  /** The description's expression; `absent` when the definition certainly has none. */
  readonly description: TSESTree.Node | 'absent' | 'unknown';
  /** How a message says where the tool is defined: "registered by `server.registerTool()`". */
  readonly registration: string;
  /** A tool re-exposed from another tool's descriptor: its description is the source's. */
  readonly relayed: boolean;
}

function propertyNamed(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  return object.properties.find((member): member is TSESTree.Property => member.type === AST_NODE_TYPES.Property && getKeyName(member.key, member.computed) === name);
}

function keyOf(property: TSESTree.ObjectLiteralElement): string | undefined {
  return property.type === AST_NODE_TYPES.Property ? getKeyName(property.key, property.computed) : undefined;
}

/** The description of a tool definition object: its `description`, none, or unknown (a spread may hold one). */
function descriptionOf(object: TSESTree.ObjectExpression): ToolSite['description'] {
  const property = propertyNamed(object, 'description');
  if (property) return property.value;
  return object.properties.some((member) => member.type === AST_NODE_TYPES.SpreadElement) ? 'unknown' : 'absent';
}

/**
 * The description of a config passed by name (`const config = { description, inputSchema };
 * server.registerTool(name, config, run)`), when the evaluator knows the object and it is written
 * in this file (a finding is reported where the description is).
 */
function descriptionThrough(config: TSESTree.Node, evaluator: Evaluator): ToolSite['description'] {
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

function textOf(node: TSESTree.Node, evaluator: Evaluator): string {
  return evaluator.moduleOf(node).text.slice(node.range[0], node.range[1]);
}

function calleeText(callee: TSESTree.Node, evaluator: Evaluator): string {
  const text = textOf(callee, evaluator);
  return text.length <= 40 && !text.includes('\n') ? text : (calleeName(callee) ?? 'a call');
}

function staticName(node: TSESTree.Node | undefined, evaluator: Evaluator): string | undefined {
  if (!node) return undefined;
  const value = evaluator.evaluate(node);
  return value.kind === 'primitive' && typeof value.value === 'string' ? value.value : undefined;
}

/** The server a registration is made on: the receiver's binding, or its text (`this.server`). */
function registryOf(callee: TSESTree.Node, evaluator: Evaluator, byText: Map<string, object>): { key: object; label: string } | undefined {
  const node = unwrapChainAndTypeWrappers(callee);
  if (node.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const receiver = unwrapChainAndTypeWrappers(node.object);
  const text = textOf(receiver, evaluator);
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

/** The schema slots of a config object, or of the object a config expression evaluates to. */
function slotsOfConfig(config: TSESTree.Node, dialect: SinkDialect, evaluator: Evaluator): Pick<ToolSite, 'input' | 'output'> {
  const object = unwrapChainAndTypeWrappers(config);
  const slotOf = (keys: ReadonlySet<string>): ToolSchemaSlot | undefined => {
    if (object.type === AST_NODE_TYPES.ObjectExpression) {
      const property = object.properties.find((member) => keys.has(keyOf(member) ?? '')) as TSESTree.Property | undefined;
      return property && { key: keyOf(property)!, node: property.value, dialect };
    }
    const value = evaluator.evaluate(config);
    if (value.kind !== 'object') return undefined;
    for (const [key, property] of value.properties) if (keys.has(key) && property.value.node) return { key, node: property.value.node, dialect };
    return undefined;
  };
  return { input: slotOf(TOOL_INPUT_KEYS), output: slotOf(TOOL_OUTPUT_KEYS) };
}

function named(nameNode: TSESTree.Node | undefined, evaluator: Evaluator): Pick<ToolSite, 'nameNode' | 'name' | 'nameText'> {
  return { nameNode, name: staticName(nameNode, evaluator), nameText: nameNode && textOf(nameNode, evaluator) };
}

function registrationSite(call: TSESTree.CallExpression, evaluator: Evaluator, byText: Map<string, object>): ToolSite | undefined {
  const name = calleeName(call.callee);
  // Most calls of a file are no registration: their receiver is not looked up.
  if (!(name !== undefined && NAMED_REGISTRATIONS.has(name) && call.arguments.length >= 2) && !isSdkToolCall(call)) return undefined;
  const registry = registryOf(call.callee, evaluator, byText);
  if (!registry) return undefined;
  const registration = `registered by \`${calleeText(call.callee, evaluator)}()\``;
  const common = { node: call, ...named(call.arguments[0], evaluator), registry: registry.key, registryLabel: registry.label, registration, relayed: false };
  if (name !== undefined && NAMED_REGISTRATIONS.has(name) && call.arguments.length >= 2) {
    const config = unwrapChainAndTypeWrappers(call.arguments[1]!);
    return {
      ...common,
      form: 'mcp-register-tool',
      ...slotsOfConfig(config, 'zod-raw-shape', evaluator),
      description: config.type === AST_NODE_TYPES.ObjectExpression ? descriptionOf(config) : descriptionThrough(config, evaluator),
    };
  }
  if (!isSdkToolCall(call)) return undefined;
  // `tool(name, cb)`, `tool(name, description, …)`: the SDK takes a string second argument as the
  // description, and the first object after the name as the shape (an annotations object follows it).
  const middle = call.arguments.slice(1, -1).map((argument) => ({ argument, value: evaluator.evaluate(argument) }));
  const second = call.arguments.length > 2 ? middle[0] : undefined;
  const description = !second
    ? 'absent'
    : second.value.kind === 'primitive' && typeof second.value.value === 'string'
      ? second.argument
      : second.value.kind === 'object' || second.value.kind === 'builder'
        ? 'absent'
        : 'unknown';
  const shape = middle.find(({ value }) => !(value.kind === 'primitive' && typeof value.value === 'string'));
  return {
    ...common,
    form: 'mcp-tool',
    input: shape && { key: 'inputSchema', node: shape.argument, dialect: 'zod-raw-shape' },
    output: undefined,
    description,
  };
}

/** `server.tool(name, 'desc', { shape }, cb)`: the shape is the call's schema, not a tool of its own. */
function isSdkToolArgument(slot: TSESTree.Node): boolean {
  const call = slot.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.callee !== slot && isSdkToolCall(call);
}

/**
 * An entry of a `tools/list` answer: held (through arrays, spreads and conditions) by a `tools`
 * property, or written in a `ListTools` request handler or a `listTools()` method.
 */
function isListToolsEntry(slot: TSESTree.Node, evaluator: Evaluator): boolean {
  let current = slot;
  for (let steps = 0; current.parent && steps < 64; steps += 1, current = current.parent) {
    const parent = current.parent;
    if (parent.type === AST_NODE_TYPES.Property && parent.value === current && getKeyName(parent.key, parent.computed) === 'tools') return true;
    if (isFunctionNode(parent)) {
      if (/^list_?tools$/i.test(getFunctionName(parent) ?? '')) return true;
      const call = outermost(parent).parent;
      if (call?.type === AST_NODE_TYPES.CallExpression && calleeName(call.callee) === 'setRequestHandler' && call.arguments[0]) {
        return /ListTools/.test(textOf(call.arguments[0], evaluator));
      }
    }
  }
  return false;
}

function formOfDefinition(object: TSESTree.ObjectExpression, slot: TSESTree.Node, keyed: boolean, relayed: boolean, evaluator: Evaluator): ToolSiteForm {
  if (relayed) return 'relay';
  const call = slot.parent;
  if (call?.type === AST_NODE_TYPES.CallExpression && call.callee !== slot) {
    const callee = unwrapChainAndTypeWrappers(call.callee);
    if (callee.type === AST_NODE_TYPES.Identifier && callee.name === 'tool') return 'ai-sdk-tool';
    if (isToolDefinerName(calleeName(call.callee))) return 'factory';
  }
  if (keyed) return 'keyed-map';
  if (isToolDefinerConfig(object)) return 'factory';
  return isListToolsEntry(slot, evaluator) ? 'list-tools-result' : 'definition';
}

/** `{ name, description, inputSchema }` and its kin, when the sink model calls its schema key a tool's input. */
function definitionSite(object: TSESTree.ObjectExpression, evaluator: Evaluator, byText: Map<string, object>): ToolSite | undefined {
  const schema = object.properties.find(
    (member): member is TSESTree.Property => member.type === AST_NODE_TYPES.Property && (TOOL_INPUT_KEYS.has(keyOf(member) ?? '') || DEFINER_SCHEMA_KEYS.has(keyOf(member) ?? '')),
  );
  if (!schema) return undefined;
  const sink = sinkOfProperty(object, keyOf(schema)!, schema.value, evaluator);
  if (sink?.role !== 'tool-input') return undefined;
  const slot = outermost(object);
  // The config of `registerTool(name, config)` is the registration's, and a shape given to the SDK's `tool()` is its call's.
  if (slot.parent?.type === AST_NODE_TYPES.CallExpression && NAMED_REGISTRATIONS.has(calleeName(slot.parent.callee) ?? '')) return undefined;
  if (isSdkToolArgument(slot) || registrationThroughBinding(object, evaluator) !== undefined) return undefined;
  const holder = slot.parent;
  const keyedKey = !propertyNamed(object, 'name') && holder?.type === AST_NODE_TYPES.Property && keyedToolOf(object, evaluator) ? holder.key : undefined;
  const nameNode = propertyNamed(object, 'name')?.value ?? propertyNamed(object, 'id')?.value ?? keyedKey;
  const list = holder?.type === AST_NODE_TYPES.ArrayExpression ? holder : undefined;
  // `server.addTool({ name, … })` (fastmcp, mcp-use): the server is the registry.
  const call = holder?.type === AST_NODE_TYPES.CallExpression && holder.arguments[0] === slot ? holder : undefined;
  const server = call && registryOf(call.callee, evaluator, byText);
  const relayed = isRelayedToolDefinition(object);
  const output = object.properties.find((member) => TOOL_OUTPUT_KEYS.has(keyOf(member) ?? '')) as TSESTree.Property | undefined;
  const keyedName = keyedKey && getKeyName(keyedKey, (holder as TSESTree.Property).computed);
  return {
    node: object,
    form: formOfDefinition(object, slot, keyedKey !== undefined, relayed, evaluator),
    nameNode,
    name: keyedKey && nameNode === keyedKey ? keyedName : staticName(nameNode, evaluator),
    nameText: nameNode && (nameNode === keyedKey ? keyedName : textOf(nameNode, evaluator)),
    input: { key: sink.key, node: schema.value, dialect: sink.dialect },
    output: output && { key: keyOf(output)!, node: output.value, dialect: sink.dialect },
    registry: server?.key ?? list,
    registryLabel: server?.label ?? 'this tool list',
    description: descriptionOf(object),
    registration: server ? `registered by \`${calleeText(call!.callee, evaluator)}()\`` : keyedKey ? 'a tool keyed by name' : 'a tool definition',
    relayed,
  };
}

/** Every tool site of the file, in source order. */
export function toolSites(program: TSESTree.Program, visitorKeys: SourceCode.VisitorKeys, evaluator: Evaluator): ToolSite[] {
  const candidates: ToolSiteCandidate[] = [];
  forEachDescendant(program, visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.CallExpression || node.type === AST_NODE_TYPES.ObjectExpression) candidates.push(node);
    return true;
  });
  return toolSitesAmong(candidates, evaluator);
}

/** A node that may be a tool site: a call (a registration) or an object literal (a definition). */
export type ToolSiteCandidate = TSESTree.CallExpression | TSESTree.ObjectExpression;

/**
 * The tool sites among `candidates` (a file's calls and object literals, in source order): what a
 * rule collects in ESLint's own traversal, so it needs no second walk of the file.
 */
export function toolSitesAmong(candidates: readonly ToolSiteCandidate[], evaluator: Evaluator): ToolSite[] {
  const sites: ToolSite[] = [];
  const byText = new Map<string, object>();
  for (const node of candidates) {
    const site = node.type === AST_NODE_TYPES.CallExpression ? registrationSite(node, evaluator, byText) : definitionSite(node, evaluator, byText);
    if (site) sites.push(site);
  }
  return sites;
}
