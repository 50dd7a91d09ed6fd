import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { isTypeWrapper, memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { describeSink, expectedAt } from '../flow/sink-model.js';
import { getSinkAnalysis } from '../flow/value-flow.js';
import { isChainContinuation, type SchemaLibrary } from '../schemas/schema-libraries.js';
import { unfollowedLibraryOf, type UnfollowedLibrary } from '../schemas/unfollowed-library.js';
import { whyModuleIsUnread } from '../modules/unread-modules.js';
import { findBinding } from '../values/bindings.js';
import { getEvaluator, type Evaluator } from '../values/evaluator.js';
import { FORMS, type EnumPosition } from './enum-positions.js';

/**
 * An enum built with a schema library the analysis cannot see: `zod.enum(TYPES)` where `zod` is
 * imported from a project module it did not read (chrome-devtools-mcp bundles zod into a 7.9 MB
 * `third_party/index.js`, past the read limit), so `resolveLibraryCall` cannot say the call is
 * zod's. The binding's name (`zod`, `z`, `Type`, `v`…) is a hint only; the evidence is where the
 * schema goes: climbed through the same binding's builders and chains (`zod.array(·).optional()`),
 * it stands in a sink the flow analysis recognises where a library schema belongs (a tool's
 * `schema:` or `inputSchema`, a validator, a converter). That is narrower than the other evidence
 * at hand, the binding used in library-shaped chains elsewhere in the file (`zod.number().int()`):
 * that says what the name is, not that this value is a schema that gates a tool, and would also
 * take a schema module's exports whose use the file cannot show. Every gate of this kind seen on
 * the smoke corpus stands in a tool definition's `schema:`, so the sink finds them all.
 */

export interface UnfollowedLibraryEnum {
  readonly position: EnumPosition;
  readonly library: UnfollowedLibrary;
  /** Where the schema goes, for the message: "advertised as `emulate`'s schema". */
  readonly sink: string;
}

/** How many parents are climbed to the outermost expression of the schema. */
const MAX_CLIMB = 32;

const PREFIX: Readonly<Record<SchemaLibrary, string>> = { zod: 'z.', typebox: 'Type.', valibot: 'v.' };

/** `binding` itself, or a call or chain on it: `zod`, `zod.string()`, `zod.string().min(1)`. */
function rootName(node: TSESTree.Node): string | undefined {
  let current = unwrapChainAndTypeWrappers(node);
  for (let step = 0; step < MAX_CLIMB; step += 1) {
    if (current.type === AST_NODE_TYPES.Identifier) return current.name;
    if (current.type === AST_NODE_TYPES.CallExpression) current = unwrapChainAndTypeWrappers(current.callee);
    else if (current.type === AST_NODE_TYPES.MemberExpression) current = unwrapChainAndTypeWrappers(current.object);
    else return undefined;
  }
  return undefined;
}

/** The first builder of a chain rooted at `binding`: `string` for `zod.string().min(1)`. */
function rootFactory(node: TSESTree.Node, binding: string): string | undefined {
  let current = unwrapChainAndTypeWrappers(node);
  for (let step = 0; step < MAX_CLIMB && current.type === AST_NODE_TYPES.CallExpression; step += 1) {
    const callee = unwrapChainAndTypeWrappers(current.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
    const object = unwrapChainAndTypeWrappers(callee.object);
    if (object.type === AST_NODE_TYPES.Identifier) return object.name === binding ? memberName(callee) : undefined;
    current = object;
  }
  return undefined;
}

/** A schema of the same library that accepts any string: a union with it documents values without gating them. */
function isOpenMember(node: TSESTree.Node, binding: string, library: SchemaLibrary): boolean {
  const factory = rootFactory(node, binding);
  return factory !== undefined && FORMS[library].openString.has(factory);
}

/** A builder call on the binding (`zod.array(·)`, `zod.object({…})`), taking `argument`. */
function isBuilderTaking(call: TSESTree.Node | undefined, argument: TSESTree.Node, binding: string): call is TSESTree.CallExpression {
  return call?.type === AST_NODE_TYPES.CallExpression && call.callee !== argument && call.arguments.includes(argument as TSESTree.CallExpressionArgument) && rootName(call) === binding;
}

/**
 * The outermost expression of the schema the enum is part of, through the binding's builders,
 * their shapes and lists, and chains; undefined when a union there also accepts any string.
 */
function schemaTop(call: TSESTree.CallExpression, binding: string, library: SchemaLibrary): TSESTree.Node | undefined {
  let current: TSESTree.Node = call;
  for (let step = 0; step < MAX_CLIMB; step += 1) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) break;
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === current && parent.parent.type === AST_NODE_TYPES.CallExpression && parent.parent.callee === parent) {
      if (memberName(parent) === 'or' && parent.parent.arguments.some((argument) => isOpenMember(argument, binding, library))) return undefined;
      current = parent.parent;
    } else if (isTypeWrapper(parent) || parent.type === AST_NODE_TYPES.ChainExpression) {
      current = parent;
    } else if (isBuilderTaking(parent, current, binding)) {
      current = parent;
    } else if (parent.type === AST_NODE_TYPES.ArrayExpression && isBuilderTaking(parent.parent, parent, binding)) {
      const union = rootFactory(parent.parent, binding);
      const isUnion = union !== undefined && FORMS[library].union.has(union);
      if (isUnion && parent.elements.some((element) => element !== null && element !== current && isOpenMember(element, binding, library))) return undefined;
      current = parent.parent;
    } else if (parent.type === AST_NODE_TYPES.Property && parent.value === current && isBuilderTaking(parent.parent.parent, parent.parent, binding)) {
      current = parent.parent.parent as TSESTree.CallExpression;
    } else {
      break;
    }
  }
  return current;
}

/** `X.map(zod.literal)` or `X.map((x) => zod.literal(x))` inside a union factory: the list is `X`. */
function mappedLiteralList(argument: TSESTree.Node, binding: string, literal: string): TSESTree.Expression | undefined {
  const call = unwrapChainAndTypeWrappers(argument);
  if (call.type !== AST_NODE_TYPES.CallExpression || call.arguments.length !== 1) return undefined;
  const callee = unwrapChainAndTypeWrappers(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== 'map') return undefined;
  const mapper = call.arguments[0]!;
  const isLiteral = (node: TSESTree.Node): boolean => {
    const member = unwrapChainAndTypeWrappers(node);
    return member.type === AST_NODE_TYPES.MemberExpression && memberName(member) === literal && rootName(member) === binding;
  };
  if (isLiteral(mapper)) return callee.object;
  if (mapper.type !== AST_NODE_TYPES.ArrowFunctionExpression || mapper.params.length !== 1 || mapper.params[0]!.type !== AST_NODE_TYPES.Identifier) return undefined;
  const body = unwrapChainAndTypeWrappers(mapper.body);
  const parameter = mapper.params[0]!.name;
  const passed = body.type === AST_NODE_TYPES.CallExpression ? body.arguments[0] : undefined;
  return body.type === AST_NODE_TYPES.CallExpression && isLiteral(body.callee) && passed?.type === AST_NODE_TYPES.Identifier && passed.name === parameter ? callee.object : undefined;
}

/** The enum position a factory of an unfollowed library makes: `zod.enum(X)`, `Type.Union(X.map(Type.Literal))`. */
function positionOf(call: TSESTree.CallExpression, library: UnfollowedLibrary, factory: string, argument: TSESTree.Expression): EnumPosition | undefined {
  const forms = FORMS[library.library];
  const prefix = PREFIX[library.library];
  if (forms.direct.has(factory)) {
    return { source: library.library, form: `${prefix}${factory}`, reportNode: argument, valuesNode: argument, requiresList: factory === 'literal', call };
  }
  if (!forms.union.has(factory)) return undefined;
  const list = mappedLiteralList(argument, library.binding, forms.literal);
  return list && { source: library.library, form: `${prefix}${factory}(X.map(${prefix}${forms.literal}))`, reportNode: argument, valuesNode: list, requiresList: true, call };
}

/**
 * The enum `call` makes, when its callee is a factory of a library whose binding comes from a
 * module that was not read, and the schema it is part of goes to a sink where a library schema
 * belongs. Asked only for calls `enumPositionOfCall` did not resolve.
 */
export function unfollowedLibraryEnumOf(call: TSESTree.CallExpression, context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): UnfollowedLibraryEnum | undefined {
  const argument = call.arguments[0];
  if (!argument || argument.type === AST_NODE_TYPES.SpreadElement || isChainContinuation(call)) return undefined;
  const callee = unwrapChainAndTypeWrappers(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const object = unwrapChainAndTypeWrappers(callee.object);
  const factory = memberName(callee);
  if (object.type !== AST_NODE_TYPES.Identifier || factory === undefined) return undefined;
  // The factory's name first: most member calls of a file are dismissed without asking what `object` is.
  if (!Object.values(FORMS).some((forms) => forms.direct.has(factory) || forms.union.has(factory))) return undefined;
  const evaluator = getEvaluator(context);
  const library = unfollowedLibraryOf(evaluator.module, object, evaluator.libraryEnvironment);
  if (!library) return undefined;
  const position = positionOf(call, library, factory, argument);
  if (!position) return undefined;
  const top = schemaTop(call, library.binding, library.library);
  if (!top) return undefined;
  const answer = getSinkAnalysis(context).finalSinkOf(top);
  if (answer.kind !== 'schema' || answer.sink.role === 'parser' || answer.sink.role === 'elicitation') return undefined;
  // A library schema stands in a raw shape's field or as the sink's whole value; inside a JSON
  // Schema literal (`inputSchema: { properties: { q: zod.enum(X) } }`) it would not, and the name misled.
  const expected = expectedAt(answer.sink);
  if (expected === undefined || (expected === 'schema' && answer.sink.pointer.length > 0)) return undefined;
  return { position, library, sink: describeSink(answer.sink) };
}

/** A table whose values are unknown because the module it is imported from was not read. */
export interface UnreadTable {
  /** `PredefinedNetworkConditions (module ../third_party/index.js, not read)`. */
  readonly name: string;
  /** The import, where the message says the table is declared. */
  readonly node: TSESTree.Node;
  readonly file: string;
}

/** The table a spread copies: `...T`, `...Object.keys(T)`, `...Object.values(T)`. */
function spreadTable(element: TSESTree.SpreadElement): TSESTree.Identifier | undefined {
  const argument = unwrapChainAndTypeWrappers(element.argument);
  if (argument.type === AST_NODE_TYPES.Identifier) return argument;
  if (argument.type !== AST_NODE_TYPES.CallExpression || argument.arguments.length !== 1) return undefined;
  const callee = unwrapChainAndTypeWrappers(argument.callee);
  const table = unwrapChainAndTypeWrappers(argument.arguments[0]!);
  const isObjectMethod =
    callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.Identifier && callee.object.name === 'Object' && ['keys', 'values'].includes(memberName(callee) ?? '');
  return isObjectMethod && table.type === AST_NODE_TYPES.Identifier ? table : undefined;
}

/**
 * `['Offline', ...Object.keys(PredefinedNetworkConditions)]` with the table imported from a module
 * that was not read (the same bundle as `zod`): the evaluator knows only that the list is partial,
 * and the parts it could not read are a table all the same, as a dependency's is. Looked for in
 * the enum's own list and in the module-level const it names, one level: the evaluator has said
 * the list is incomplete, this names what it could not read.
 */
export function unreadTablesOf(valuesNode: TSESTree.Expression, evaluator: Evaluator): UnreadTable[] {
  const value = evaluator.evaluate(valuesNode);
  if (value.kind !== 'array' || value.complete) return [];
  const module = evaluator.module;
  let list = unwrapChainAndTypeWrappers(valuesNode);
  if (list.type === AST_NODE_TYPES.Identifier) {
    const binding = findBinding(module, list);
    if (binding.kind !== 'declarator' || !binding.constant || binding.module !== module || !binding.declarator.init) return [];
    list = unwrapChainAndTypeWrappers(binding.declarator.init);
  }
  if (list.type !== AST_NODE_TYPES.ArrayExpression) return [];
  const tables: UnreadTable[] = [];
  for (const element of list.elements) {
    const table = element?.type === AST_NODE_TYPES.SpreadElement ? spreadTable(element) : undefined;
    const binding = table && findBinding(module, table);
    if (binding?.kind !== 'import') continue;
    if (whyModuleIsUnread(module.file, binding.specifier, evaluator.libraryEnvironment.checked) === undefined) continue;
    const declaration = binding.variable.defs[0]?.node ?? table!;
    tables.push({ name: `${table!.name} (module ${binding.specifier}, not read)`, node: declaration, file: module.file });
  }
  return tables;
}
