import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, isTypeWrapper, memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { resolveLibraryCall } from '../schemas/schema-libraries.js';

/**
 * Tool definitions that carry no `name` key of their own, or hold their schema under a key that
 * other APIs use for other things, recognised by what surrounds them (`schema-sinks.ts` asks):
 *
 * - tools keyed by name (the AI SDK's and OpenAI Agents' style): `{ search: { description,
 *   parameters } }` in a map that is used as tools (`tools: {…}`, a `satisfies ToolDefs`, an entry
 *   spread into `tool({ ...defs.search, execute })`);
 * - the project's own tool factories and the frameworks' tool classes: `defineTool({ name,
 *   description, schema })`, LangChain's `new DynamicStructuredTool({ name, schema })` and
 *   `tool(fn, { name, schema })`, Mastra's `createTool({ id, inputSchema })`. A callee named like
 *   a tool definer is a hint only: the object must also state the tool's name or description.
 */

/** Keys a tool definer's config holds its input schema under, beside a name or description. */
export const DEFINER_SCHEMA_KEYS: ReadonlySet<string> = new Set(['schema', 'args', 'argsSchema', 'input']);

/** Keys that state which tool a definition is, for a definer's config. */
const DEFINER_IDENTITY_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'id']);

/** Keys that, in an entry of a tool map, say it describes or runs a tool. */
const ENTRY_COMPANION_KEYS: ReadonlySet<string> = new Set(['description', 'execute', 'handler', 'run', 'callback']);

/** How far a reference to a tool map is looked at: `defs.search` spread into `tool({…})`. */
const MAX_MAP_REFERENCES = 32;

/** The words of a camelCase or snake_case name, lower-cased: `DynamicStructuredTool` → dynamic, structured, tool. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_$-]+/)
    .map((word) => word.toLowerCase());
}

/**
 * Words that make a name about a tool's use rather than its definition: `toolCall({ name, args })`,
 * `createToolResult`, `runTool({ name, input })` record or run a call, and their `args`/`input` are
 * the call's arguments.
 */
const TOOL_USE_WORDS: ReadonlySet<string> = new Set(['call', 'calls', 'result', 'results', 'response', 'message', 'use', 'invocation', 'invoke', 'run', 'execute', 'execution', 'output']);

/** `defineTool`, `createTool`, `tool`, `DynamicStructuredTool`, `registerTools`; not `tooltip`, `toolbar` or `toolCall`. */
export function isToolDefinerName(name: string | undefined): boolean {
  if (name === undefined) return false;
  const words = wordsOf(name);
  return words.some((word) => word === 'tool' || word === 'tools') && !words.some((word) => TOOL_USE_WORDS.has(word));
}

function calleeNameOf(callee: TSESTree.Node): string | undefined {
  const node = unwrapChainAndTypeWrappers(callee);
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  return node.type === AST_NODE_TYPES.MemberExpression ? memberName(node) : undefined;
}

function keysOf(object: TSESTree.ObjectExpression): Set<string> {
  const keys = new Set<string>();
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const key = getKeyName(property.key, property.computed);
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

/** The slot `node` occupies, looking through type wrappers (`{…} as const satisfies ToolDefs`). */
function outermost(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent)) current = current.parent;
  return current;
}

/**
 * The call or construction `object` is an argument of: `defineTool({…})`, `new DynamicStructuredTool({…})`,
 * `tool(fn, {…})`; or the result of a config factory given to a definer, `definePageTool(() => ({…}))`
 * or `defineTool((args) => { return {…}; })` (chrome-devtools-mcp's tools are all written so).
 */
function definerCallOf(object: TSESTree.ObjectExpression): TSESTree.CallExpression | TSESTree.NewExpression | undefined {
  const slot = outermost(object);
  const factory = configFactoryOf(slot);
  const argument = factory ? outermost(factory) : slot;
  const call = argument.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression && call?.type !== AST_NODE_TYPES.NewExpression) return undefined;
  return call.callee !== argument && isToolDefinerName(calleeNameOf(call.callee)) ? call : undefined;
}

/** The function `slot` is the result of: an arrow's expression body, or the argument of one of its `return`s. */
function configFactoryOf(slot: TSESTree.Node): TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | undefined {
  const holder = slot.parent;
  if (holder?.type === AST_NODE_TYPES.ArrowFunctionExpression) return holder.body === slot ? holder : undefined;
  if (holder?.type !== AST_NODE_TYPES.ReturnStatement) return undefined;
  for (let current: TSESTree.Node | undefined = holder.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ArrowFunctionExpression || current.type === AST_NODE_TYPES.FunctionExpression) return current;
    if (current.type === AST_NODE_TYPES.FunctionDeclaration) return undefined;
  }
  return undefined;
}

/**
 * Whether `object` is the config of a tool definer: an argument of a call whose callee is named
 * like one, stating the tool's name, id or description.
 */
export function isToolDefinerConfig(object: TSESTree.ObjectExpression): boolean {
  if (!definerCallOf(object)) return false;
  const keys = keysOf(object);
  return [...DEFINER_IDENTITY_KEYS].some((key) => keys.has(key));
}

/** What a keyed entry says of its tool: the name it is keyed by. */
export interface KeyedTool {
  readonly toolName: string;
}

/**
 * `search` for the entry `{ description, parameters }` of `{ search: {…} }`, when the entry
 * describes or runs a tool and the map is used as tools.
 */
export function keyedToolOf(entry: TSESTree.ObjectExpression, evaluator: Evaluator): KeyedTool | undefined {
  const holder = outermost(entry).parent;
  if (holder?.type !== AST_NODE_TYPES.Property || holder.parent.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const toolName = getKeyName(holder.key, holder.computed);
  if (toolName === undefined) return undefined;
  const keys = keysOf(entry);
  if (![...ENTRY_COMPANION_KEYS].some((key) => keys.has(key))) return undefined;
  return isToolMap(holder.parent, evaluator) ? { toolName } : undefined;
}

/**
 * A map of tools by name: the value of a `tools` property (`generateText({ tools: {…} })`), a
 * const declared as tools (named so, or typed so: `satisfies ToolDefs`, `: ToolSet`), or one
 * whose entries are handed to a tool definer (`tool({ ...defs.search, execute })`).
 */
function isToolMap(map: TSESTree.ObjectExpression, evaluator: Evaluator): boolean {
  const slot = outermost(map);
  const holder = slot.parent;
  if (holder?.type === AST_NODE_TYPES.Property && holder.value === slot) return getKeyName(holder.key, holder.computed) === 'tools';
  if (declaresTools(map, evaluator)) return true;
  if (holder?.type !== AST_NODE_TYPES.VariableDeclarator || holder.init !== slot || holder.id.type !== AST_NODE_TYPES.Identifier) return false;
  if (isToolDefinerName(holder.id.name) || typeNamesTools(holder.id.typeAnnotation, evaluator)) return true;
  const binding = findBinding(evaluator.moduleOf(holder.id), holder.id);
  if (binding.kind !== 'declarator') return false;
  return binding.variable.references
    .slice(0, MAX_MAP_REFERENCES)
    .some((reference) => reference.identifier.type === AST_NODE_TYPES.Identifier && isUsedAsTools(reference.identifier));
}

/** `{…} as const satisfies ToolDefs`, `<ToolSet>{…}`: a type wrapper around the map naming tools. */
function declaresTools(map: TSESTree.ObjectExpression, evaluator: Evaluator): boolean {
  for (let current: TSESTree.Node = map; current.parent && isTypeWrapper(current.parent); current = current.parent) {
    const wrapper = current.parent;
    if ('typeAnnotation' in wrapper && typeNamesTools(wrapper.typeAnnotation as TSESTree.Node, evaluator)) return true;
  }
  return false;
}

/** A declared type that names tools: `ToolDefs`, `Record<string, Tool>`, `ToolSet` (syntax only, no type information). */
function typeNamesTools(type: TSESTree.Node | undefined, evaluator: Evaluator): boolean {
  if (!type) return false;
  const text = evaluator.moduleOf(type).text.slice(type.range[0], type.range[1]);
  return (text.match(/[A-Za-z_$][\w$]*/g) ?? []).some(isToolDefinerName);
}

/** `defs.search` spread into, or handed to, a tool definer; `tools: defs`; `{ tools }`. */
function isUsedAsTools(identifier: TSESTree.Identifier): boolean {
  const use = outermost(identifier);
  const parent = use.parent;
  if (parent?.type === AST_NODE_TYPES.Property && parent.value === use) return getKeyName(parent.key, parent.computed) === 'tools';
  if (parent?.type !== AST_NODE_TYPES.MemberExpression || parent.object !== use) return false;
  const entry = outermost(parent);
  const target = entry.parent?.type === AST_NODE_TYPES.SpreadElement ? entry.parent.parent : entry;
  if (target.type === AST_NODE_TYPES.ObjectExpression) return definerCallOf(target) !== undefined;
  const call = target.parent;
  return (call?.type === AST_NODE_TYPES.CallExpression || call?.type === AST_NODE_TYPES.NewExpression) && call.callee !== target && isToolDefinerName(calleeNameOf(call.callee));
}

/**
 * A schema library's shape rather than a tool: the argument of a builder (`z.object({ name:
 * z.string(), inputSchema: z.record(…) })`, a schema *of* tool descriptors), or an object whose
 * `name` or `description` is itself a library schema (`{ name: z.string(), inputSchema: … }`
 * spread into one later). A tool's name and description are strings, never schemas.
 */
export function isLibraryShape(object: TSESTree.ObjectExpression, evaluator: Evaluator): boolean {
  const module = evaluator.moduleOf(object);
  const call = outermost(object).parent;
  if (call?.type === AST_NODE_TYPES.CallExpression && call.callee !== outermost(object) && resolveLibraryCall(module, call, evaluator.libraryEnvironment)) return true;
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const key = getKeyName(property.key, property.computed);
    if (key !== 'name' && key !== 'description') continue;
    const value = unwrapChainAndTypeWrappers(property.value);
    if (value.type === AST_NODE_TYPES.CallExpression && resolveLibraryCall(module, value, evaluator.libraryEnvironment)) return true;
  }
  return false;
}
