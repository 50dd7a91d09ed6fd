import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, isObjectOfBooleans, isTypeWrapper, memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { resolveLibraryCall, type SchemaLibrary } from '../schemas/schema-libraries.js';
import type { JsonSchemaDraft } from '../schemas/schema-structure.js';
import type { SchemaSink, SinkDialect, SinkRole } from './sink-model.js';
import { sinkOfValidatingArgument } from './validation-sinks.js';
import { DEFINER_SCHEMA_KEYS, isLibraryShape, isToolDefinerConfig, keyedToolOf } from './tool-definitions.js';
import { argumentUse } from './argument-uses.js';

/**
 * Sinks: the places where a value becomes a schema because of what the code does with it, not
 * because of what anything is called. This module knows the places one step at a time (a
 * property of a tool definition, an argument of a registration call, of Ajv, of a schema
 * library); `value-flow.ts` follows a value through consts, returns and calls to one of them, and
 * `sink-model.ts` says what an answer holds.
 */

/** Properties of a tool definition that hold its input schema, by API. */
export const TOOL_INPUT_KEYS: ReadonlySet<string> = new Set(['inputSchema', 'input_schema', 'parameters', 'parametersJsonSchema']);
export const TOOL_OUTPUT_KEYS: ReadonlySet<string> = new Set(['outputSchema', 'output_schema']);

/**
 * Words every tool-input sink spells where it is, so a file without any holds none (`mayMention`):
 * its key (`TOOL_INPUT_KEYS`, which `getKeyName` reads only as written), `jsonSchema()`, or `tool`,
 * which every other way of being one spells (`registerTool`, the SDK's `server.tool()`, a tool
 * definer's callee, a tool map's `tools` key, name or declared type, see `tool-definitions.ts`).
 * A definer's own keys (`schema`, `args`, `input`) are no evidence without the definer's name.
 */
export const TOOL_INPUT_SINK_VOCABULARY: RegExp = vocabularyPattern(['tool', 'jsonSchema', ...TOOL_INPUT_KEYS]);
const TOOL_SCHEMA_KEYS: ReadonlySet<string> = new Set([...TOOL_INPUT_KEYS, ...TOOL_OUTPUT_KEYS]);

/**
 * Keys that, beside a schema key, make an object a tool definition: its name or description
 * (every tool API has them) or its handler (AI SDK `execute`, fastmcp `execute`, handlers).
 */
const TOOL_COMPANION_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'title', 'execute', 'handler', 'run', 'callback']);

/** Schema keys no other common API uses: they alone make an object (a part of) a tool definition. */
export const UNAMBIGUOUS_TOOL_KEYS: ReadonlySet<string> = new Set(['inputSchema', 'input_schema']);

/** Every key an MCP, OpenAI or Anthropic tool definition has. */
const TOOL_DEFINITION_KEYS: ReadonlySet<string> = new Set([
  ...['inputSchema', 'input_schema', 'outputSchema', 'output_schema', 'parameters', 'parametersJsonSchema'],
  ...['name', 'title', 'description', 'annotations', '_meta', 'icons', 'execution', 'strict', 'type'],
]);

/** Schema keys other APIs use for other things; a tool needs more evidence around them. */
const AMBIGUOUS_TOOL_KEYS: ReadonlySet<string> = new Set(['parameters', 'parametersJsonSchema']);
const HANDLER_KEYS: ReadonlySet<string> = new Set(['execute', 'handler', 'run', 'callback']);

/** `{ type: 'function', function: { name, parameters } }`: OpenAI's function tool. */
function isFunctionDeclarationOf(object: TSESTree.ObjectExpression): boolean {
  const holder = object.parent;
  return holder?.type === AST_NODE_TYPES.Property && holder.value === object && getKeyName(holder.key, holder.computed) === 'function';
}

/** Methods registering a tool whose config argument holds the schemas (MCP SDK, fastmcp, mcp-use). */
const REGISTRATION_METHODS: ReadonlySet<string> = new Set(['registerTool', 'addTool', 'defineTool', 'createTool']);

/** JSON Schema validators' methods taking a schema first; `validate` takes (schema, data). */
const AJV_SCHEMA_METHODS: ReadonlySet<string> = new Set(['compile', 'compileAsync', 'validate', 'addSchema', 'addMetaSchema']);
const AJV_MODULES: ReadonlyMap<string, JsonSchemaDraft> = new Map([
  ['ajv', 'draft-07'],
  ['ajv/dist/ajv', 'draft-07'],
  ['ajv/dist/ajv.js', 'draft-07'],
  ['ajv/dist/2019', '2019-09'],
  ['ajv/dist/2019.js', '2019-09'],
  ['ajv/dist/2020', '2020-12'],
  ['ajv/dist/2020.js', '2020-12'],
]);

/** Functions turning a library schema into JSON Schema, by the names their packages export. */
export const CONVERTER_FUNCTIONS: ReadonlySet<string> = new Set(['zodToJsonSchema', 'toJsonSchema', 'toJSONSchema', 'zodToJsonSchemaV3', 'typeboxToJsonSchema']);

/**
 * Library builders whose arguments are schemas or shapes of schemas. Anything else a builder
 * takes is data (`z.enum(list)`, `.describe(text)`, `.default(value)`, zod's value `.catch(v)`).
 */
const SCHEMA_ARGUMENT_BUILDERS: Readonly<Record<SchemaLibrary, ReadonlySet<string>>> = {
  zod: new Set(['object', 'strictObject', 'looseObject', 'array', 'union', 'discriminatedUnion', 'intersection', 'tuple', 'record', 'map', 'set', 'optional', 'nullable', 'lazy', 'promise', 'extend', 'merge', 'and', 'or', 'pipe', 'catchall', 'partial', 'required']),
  typebox: new Set(['Object', 'Array', 'Union', 'Intersect', 'Tuple', 'Record', 'Optional', 'Partial', 'Required', 'Composite', 'Readonly']),
  valibot: new Set(['object', 'strictObject', 'looseObject', 'objectWithRest', 'array', 'union', 'variant', 'intersect', 'tuple', 'record', 'optional', 'nullable', 'nullish', 'pipe', 'lazy']),
};

export function calleeName(callee: TSESTree.Node): string | undefined {
  const node = unwrapChainAndTypeWrappers(callee);
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  if (node.type === AST_NODE_TYPES.MemberExpression) return memberName(node) ?? (node.property.type === AST_NODE_TYPES.PrivateIdentifier ? `#${node.property.name}` : undefined);
  return undefined;
}

function receiverOf(callee: TSESTree.Node): TSESTree.Node | undefined {
  const node = unwrapChainAndTypeWrappers(callee);
  return node.type === AST_NODE_TYPES.MemberExpression ? unwrapChainAndTypeWrappers(node.object) : undefined;
}

function propertyNamed(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  return object.properties.find(
    (property): property is TSESTree.Property => property.type === AST_NODE_TYPES.Property && getKeyName(property.key, property.computed) === name,
  );
}

function keysOf(object: TSESTree.ObjectExpression): string[] {
  const keys: string[] = [];
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.Property) {
      const key = getKeyName(property.key, property.computed);
      if (key !== undefined) keys.push(key);
    }
  }
  return keys;
}

/**
 * A class used as a tool (mcp-framework `class X extends MCPTool { name = …; inputSchema = … }`):
 * its members, with those its constructor declares (`constructor(public name: string)`) or
 * assigns (`this.description = description`).
 */
function classKeys(body: TSESTree.ClassBody): string[] {
  const keys: string[] = [];
  for (const member of body.body) {
    if ((member.type === AST_NODE_TYPES.PropertyDefinition || member.type === AST_NODE_TYPES.MethodDefinition) && !member.static) {
      const key = getKeyName(member.key, member.computed);
      if (key !== undefined) keys.push(key);
    }
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind === 'constructor' && member.value.type === AST_NODE_TYPES.FunctionExpression) keys.push(...constructorKeys(member.value));
  }
  return keys;
}

function constructorKeys(constructor: TSESTree.FunctionExpression): string[] {
  const keys: string[] = [];
  for (const parameter of constructor.params) {
    if (parameter.type !== AST_NODE_TYPES.TSParameterProperty) continue;
    const name = parameter.parameter.type === AST_NODE_TYPES.AssignmentPattern ? parameter.parameter.left : parameter.parameter;
    if (name.type === AST_NODE_TYPES.Identifier) keys.push(name.name);
  }
  for (const statement of constructor.body?.body ?? []) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement || statement.expression.type !== AST_NODE_TYPES.AssignmentExpression) continue;
    const target = statement.expression.left;
    if (target.type === AST_NODE_TYPES.MemberExpression && target.object.type === AST_NODE_TYPES.ThisExpression) {
      const key = memberName(target);
      if (key !== undefined) keys.push(key);
    }
  }
  return keys;
}

function stringValue(node: TSESTree.Node | undefined, evaluator: Evaluator): string | undefined {
  if (!node) return undefined;
  const value = evaluator.evaluate(node);
  return value.kind === 'primitive' && typeof value.value === 'string' ? value.value : undefined;
}

/** The call an object is an argument of, looking through type wrappers: `registerTool(name, { … } as Config)`. */
function argumentSlot(node: TSESTree.Node): { call: TSESTree.CallExpression; index: number } | undefined {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent)) current = current.parent;
  const call = current.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const index = call.arguments.indexOf(current as TSESTree.CallExpressionArgument);
  return index < 0 ? undefined : { call, index };
}

/**
 * The MCP TypeScript SDK's `server.tool(name, [description], [shape], [annotations], callback)`:
 * a method named `tool` whose first argument is the name and last a callback. Its shape argument
 * is a zod raw shape.
 */
export function isSdkToolCall(call: TSESTree.CallExpression): boolean {
  if (calleeName(call.callee) !== 'tool' || !receiverOf(call.callee)) return false;
  const last = call.arguments.at(-1);
  return (
    call.arguments.length >= 2 &&
    (last?.type === AST_NODE_TYPES.ArrowFunctionExpression || last?.type === AST_NODE_TYPES.FunctionExpression || last?.type === AST_NODE_TYPES.Identifier)
  );
}

/** What a tool definition or registration says about the object holding a schema key. */
interface ToolContext {
  readonly dialect: SinkDialect;
  readonly toolName: string | undefined;
}

/**
 * Whether `object` is a tool definition: written as an argument of a registration call, of the AI
 * SDK's `tool({...})`, or shaped like one (a schema key beside a name, description or handler).
 */
export function toolContextOfObject(object: TSESTree.ObjectExpression, evaluator: Evaluator, key?: string): ToolContext | undefined {
  // The answer depends on the key only through `AMBIGUOUS_TOOL_KEYS`: two slots per object.
  const slot = key !== undefined && AMBIGUOUS_TOOL_KEYS.has(key) ? 1 : 0;
  const byObject = toolContexts.get(evaluator) ?? new Map();
  toolContexts.set(evaluator, byObject);
  const answers = byObject.get(object) ?? [undefined, undefined];
  byObject.set(object, answers);
  answers[slot] ??= computeToolContext(object, evaluator, key) ?? NOT_A_TOOL;
  return answers[slot] === NOT_A_TOOL ? undefined : answers[slot];
}

/**
 * What `toolContextOfObject` said of an object, per linted file (the evaluator is per file): the
 * tool-definition and tool-input-schema conventions, `valid-schema-literal`, the flow analysis and
 * the panic analysis all ask it of the same literals.
 */
const toolContexts = new WeakMap<Evaluator, Map<TSESTree.ObjectExpression, [ToolContext | typeof NOT_A_TOOL | undefined, ToolContext | typeof NOT_A_TOOL | undefined]>>();
const NOT_A_TOOL = Symbol('not a tool');

function computeToolContext(object: TSESTree.ObjectExpression, evaluator: Evaluator, key: string | undefined): ToolContext | undefined {
  if (isLibraryShape(object, evaluator)) return undefined;
  const slot = argumentSlot(object);
  if (slot) {
    const method = calleeName(slot.call.callee);
    if (method === 'registerTool' && slot.index === 1) {
      return { dialect: 'zod-raw-shape', toolName: stringValue(slot.call.arguments[0], evaluator) };
    }
    if (method !== undefined && REGISTRATION_METHODS.has(method)) {
      return { dialect: 'json-schema', toolName: definerToolName(object, evaluator) };
    }
    if (method === 'tool' && !receiverOf(slot.call.callee)) return { dialect: 'json-schema', toolName: undefined };
  }
  const registration = registrationThroughBinding(object, evaluator);
  if (registration) return registration;
  // `{ description: false, inputSchema: true }`: flags (which parts of a tool an answer includes); a tool's description is text.
  if (isObjectOfBooleans(object)) return undefined;
  const keys = keysOf(object);
  // `{ search: { description, parameters } }` in a map used as tools: the key names the tool.
  const keyed = keyedToolOf(object, evaluator);
  if (keyed) return { dialect: 'json-schema', toolName: stringValue(propertyNamed(object, 'name')?.value, evaluator) ?? keyed.toolName };
  // `inputSchema`/`input_schema` name a tool's schema in no other common API: an object holding one
  // and nothing but a tool's keys is (a part of) a tool definition (`{ inputSchema }` a builder
  // returns, `{ ...tool, inputSchema }`); a tool result describing another tool's schemas
  // (`{ readme, inputSchema, outputSchema }`) is not. Otherwise a tool's other keys must be there.
  const isFragment = keys.some((candidate) => UNAMBIGUOUS_TOOL_KEYS.has(candidate)) && keys.every((candidate) => TOOL_DEFINITION_KEYS.has(candidate));
  if (!isFragment && !keys.some((candidate) => TOOL_COMPANION_KEYS.has(candidate))) return undefined;
  // `{ name, type, parameters }` is a workflow node or a call record as often as a function
  // definition, and `{ description, parameters }` a tool's documentation page (n8n-mcp's tool
  // docs): `parameters` needs a handler beside it, both a name and a description, or a
  // `function:` wrapper.
  if (key !== undefined && AMBIGUOUS_TOOL_KEYS.has(key) && !isFunctionDeclarationOf(object)) {
    const described = keys.includes('name') && keys.includes('description');
    if (!described && !keys.some((candidate) => HANDLER_KEYS.has(candidate))) return undefined;
  }
  return { dialect: 'json-schema', toolName: stringValue(propertyNamed(object, 'name')?.value, evaluator) };
}

/**
 * `const config = { description, inputSchema: … }; server.registerTool(name, config, run)`: a
 * config written first and registered through its binding keeps the registration's dialect (and
 * is the registration's, not a tool of its own).
 */
export function registrationThroughBinding(object: TSESTree.ObjectExpression, evaluator: Evaluator): ToolContext | undefined {
  let slot: TSESTree.Node = object;
  while (slot.parent && isTypeWrapper(slot.parent)) slot = slot.parent;
  const declarator = slot.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== slot || declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findBinding(evaluator.moduleOf(declarator.id), declarator.id);
  if (variable.kind !== 'declarator') return undefined;
  for (const reference of variable.variable.references) {
    const use = argumentSlot(reference.identifier);
    if (use && use.index === 1 && calleeName(use.call.callee) === 'registerTool') {
      return { dialect: 'zod-raw-shape', toolName: stringValue(use.call.arguments[0], evaluator) };
    }
  }
  return undefined;
}

function toolContextOfClass(body: TSESTree.ClassBody, evaluator: Evaluator): ToolContext | undefined {
  const keys = classKeys(body);
  if (!keys.some((key) => TOOL_SCHEMA_KEYS.has(key)) || !keys.some((key) => TOOL_COMPANION_KEYS.has(key))) return undefined;
  const nameMember = body.body.find(
    (member): member is TSESTree.PropertyDefinition => member.type === AST_NODE_TYPES.PropertyDefinition && getKeyName(member.key, member.computed) === 'name',
  );
  return { dialect: 'json-schema', toolName: stringValue(nameMember?.value ?? undefined, evaluator) };
}

function toolSink(key: string, context: ToolContext, slot: TSESTree.Node): SchemaSink {
  const owner = context.toolName === undefined ? "a tool's" : `\`${context.toolName}\`'s`;
  return {
    role: TOOL_OUTPUT_KEYS.has(key) ? 'tool-output' : 'tool-input',
    dialect: context.dialect,
    description: `advertised as ${owner} ${key}`,
    key,
    toolName: context.toolName,
    slot,
    draft: undefined,
    pointer: [],
    via: [],
  };
}

/** The MCP SDK's elicitation calls: `server.elicitInput(params)`, and its tasks' streaming `elicitInputStream(params)`. */
const ELICITATION_METHODS: ReadonlySet<string> = new Set(['elicitInput', 'elicitInputStream']);

/**
 * `server.elicitInput({ message, requestedSchema })` and a raw `elicitation/create` request's
 * `params`: the object holding an elicitation's `requestedSchema`.
 */
function isElicitationRequest(object: TSESTree.ObjectExpression, evaluator: Evaluator): boolean {
  const slot = argumentSlot(object);
  if (slot) return slot.index === 0 && ELICITATION_METHODS.has(calleeName(slot.call.callee) ?? '');
  const holder = object.parent;
  if (holder?.type !== AST_NODE_TYPES.Property || holder.value !== object || getKeyName(holder.key, holder.computed) !== 'params') return false;
  const request = holder.parent;
  return request.type === AST_NODE_TYPES.ObjectExpression && stringValue(propertyNamed(request, 'method')?.value, evaluator) === 'elicitation/create';
}

/** The sink a property of an object literal is, if the object is a tool definition and the key a schema key. */
export function sinkOfProperty(object: TSESTree.ObjectExpression, key: string, slot: TSESTree.Node, evaluator: Evaluator): SchemaSink | undefined {
  if (key === 'requestedSchema') {
    return isElicitationRequest(object, evaluator) ? { ...sink('elicitation', 'requested from the user by an elicitation', key, slot), dialect: 'json-schema' } : undefined;
  }
  if (DEFINER_SCHEMA_KEYS.has(key)) {
    // `defineTool({ name, schema: { q: z.string() } })`, `new DynamicStructuredTool({ name, schema })`:
    // a raw shape, a library schema, or a literal written as JSON Schema, as the definer takes.
    return isToolDefinerConfig(object) ? toolSink(key, { dialect: 'zod-raw-shape', toolName: definerToolName(object, evaluator) }, slot) : undefined;
  }
  if (!TOOL_SCHEMA_KEYS.has(key)) return undefined;
  const context = toolContextOfObject(object, evaluator, key);
  return context && toolSink(key, context, slot);
}

/** The name a definer's config gives its tool (`name`, or Mastra's `id`). */
function definerToolName(object: TSESTree.ObjectExpression, evaluator: Evaluator): string | undefined {
  return stringValue(propertyNamed(object, 'name')?.value, evaluator) ?? stringValue(propertyNamed(object, 'id')?.value, evaluator);
}

/** The sink a class member (`inputSchema = …`, `get inputSchema()`) is, if the class is a tool. */
export function sinkOfClassMember(body: TSESTree.ClassBody, key: string, slot: TSESTree.Node, evaluator: Evaluator): SchemaSink | undefined {
  if (!TOOL_SCHEMA_KEYS.has(key)) return undefined;
  const context = toolContextOfClass(body, evaluator);
  return context && toolSink(key, context, slot);
}

/** `new Ajv()` with `Ajv` imported from an Ajv module: the draft its class implies. */
function ajvInstanceDraft(receiver: TSESTree.Node, evaluator: Evaluator): JsonSchemaDraft | 'unknown-ajv' | undefined {
  const node = unwrapChainAndTypeWrappers(receiver);
  if (node.type === AST_NODE_TYPES.Identifier) {
    const binding = findBinding(evaluator.moduleOf(node), node);
    if (binding.kind === 'declarator' && binding.declarator.init?.type === AST_NODE_TYPES.NewExpression) {
      const constructor = binding.declarator.init.callee;
      if (constructor.type === AST_NODE_TYPES.Identifier) {
        const imported = findBinding(binding.module, constructor);
        if (imported.kind === 'import' && AJV_MODULES.has(imported.specifier)) return AJV_MODULES.get(imported.specifier);
      }
    }
    return /ajv/i.test(node.name) ? 'unknown-ajv' : undefined;
  }
  if (node.type === AST_NODE_TYPES.MemberExpression) return /ajv/i.test(calleeName(node) ?? '') ? 'unknown-ajv' : undefined;
  if (node.type === AST_NODE_TYPES.NewExpression && node.callee.type === AST_NODE_TYPES.Identifier) {
    const imported = findBinding(evaluator.moduleOf(node), node.callee);
    if (imported.kind === 'import' && AJV_MODULES.has(imported.specifier)) return AJV_MODULES.get(imported.specifier);
    return /ajv/i.test(node.callee.name) ? 'unknown-ajv' : undefined;
  }
  return undefined;
}

function callText(call: TSESTree.CallExpression, evaluator: Evaluator): string {
  const module = evaluator.moduleOf(call);
  const text = module.text.slice(call.callee.range[0], call.callee.range[1]);
  return text.length <= 40 && !text.includes('\n') ? `${text}()` : `${calleeName(call.callee) ?? 'a call'}()`;
}

function sink(role: SinkRole, description: string, key: string, slot: TSESTree.Node, draft?: JsonSchemaDraft): SchemaSink {
  const dialect: SinkDialect = role === 'library' || role === 'converter-input' ? 'library' : 'json-schema';
  return { role, dialect, description, key, toolName: undefined, slot, draft, pointer: [], via: [] };
}

/**
 * What argument `index` of `call` is: a schema sink, data, or a copy whose result goes on
 * (`structuredClone(x)`: follow the call). Undefined when the call is not known.
 */
export function sinkOfArgument(
  call: TSESTree.CallExpression | TSESTree.NewExpression,
  index: number,
  evaluator: Evaluator,
): { readonly kind: 'sink'; readonly sink: SchemaSink } | { readonly kind: 'data'; readonly reason: string } | { readonly kind: 'copy' } | { readonly kind: 'stringify' } | undefined {
  const slot = call.arguments[index]!;
  const name = calleeName(call.callee);
  const receiver = receiverOf(call.callee);
  if (name === undefined) return undefined;
  const validation = sinkOfValidatingArgument(call, index, evaluator);
  if (validation) return { kind: 'sink', sink: validation };
  if (call.type === AST_NODE_TYPES.NewExpression) return undefined;
  const use = argumentUse(call, index, name, receiver);
  // Written into another object: where the value goes is where that object goes, out of sight here.
  if (use?.kind === 'written') return undefined;
  if (use) return use;
  if (receiver && AJV_SCHEMA_METHODS.has(name) && index === 0) {
    const draft = ajvInstanceDraft(receiver, evaluator);
    if (draft !== undefined) {
      const verb = name === 'validate' ? 'validated against by' : name.startsWith('add') ? 'registered with' : 'compiled by';
      return { kind: 'sink', sink: sink('validator', `${verb} \`${callText(call, evaluator)}\``, name, slot, draft === 'unknown-ajv' ? undefined : draft) };
    }
  }
  if (name === 'jsonSchema' && index === 0) {
    return { kind: 'sink', sink: sink('tool-input', 'wrapped by `jsonSchema()` as a tool schema', name, slot) };
  }
  if (isSdkToolCall(call) && index > 0 && index < call.arguments.length - 1) {
    const toolName = stringValue(call.arguments[0], evaluator);
    const context: ToolContext = { dialect: 'zod-raw-shape', toolName };
    return { kind: 'sink', sink: toolSink('inputSchema', context, slot) };
  }
  if (CONVERTER_FUNCTIONS.has(name)) {
    if (index === 0) return { kind: 'sink', sink: sink('converter-input', `converted by \`${callText(call, evaluator)}\``, name, slot) };
    return { kind: 'data', reason: `the options of \`${callText(call, evaluator)}\`` };
  }
  const library = resolveLibraryCall(evaluator.moduleOf(call), call, evaluator.libraryEnvironment);
  if (library) {
    const step = library.steps.at(-1)!;
    if (step.name === 'toJSONSchema') {
      if (index === 0) return { kind: 'sink', sink: sink('converter-input', `converted by \`${callText(call, evaluator)}\``, step.name, slot) };
      return { kind: 'data', reason: `the options of \`${callText(call, evaluator)}\`` };
    }
    // TypeBox takes an options object after the schemas (`Type.Object(props, options)`).
    if (SCHEMA_ARGUMENT_BUILDERS[library.library].has(step.name) && !(library.library === 'typebox' && index > 0 && step.name !== 'Record')) {
      return { kind: 'sink', sink: sink('library', `used as a schema in \`${callText(call, evaluator)}\``, step.name, slot) };
    }
    return { kind: 'data', reason: `a value given to \`${callText(call, evaluator)}\`` };
  }
  return undefined;
}

/** `execute`, `handler`, …: the key under which a tool definition carries the code that runs it. */
export function isHandlerKey(key: string): boolean {
  return HANDLER_KEYS.has(key);
}

export function isToolSchemaKey(key: string): boolean {
  return TOOL_SCHEMA_KEYS.has(key);
}
