/**
 * # enums/: where a list of values becomes a gate
 *
 * - `enum-positions.ts` (this file): `enum: [...]` and the schema libraries' enum builders.
 * - `guard-conditions.ts`: what a condition establishes (`if (T.enumPolicy === 'closed')`).
 * - `server-routing.ts`: lists the server itself routes on, closed by construction.
 * - `enum-schema-place.ts`: where the schema holding an enum stands, for the strict check.
 * - `enum-description-fix.ts`: the suggestion to describe the values instead.
 * - `values-expression.ts`: the code that joins the values at run time, for that description.
 * - `unfollowed-library-enum.ts`: an enum built with a library imported through a module that
 *   was not read, found by where its schema goes.
 *
 * Which table the values came from, and its policy, is `glossary/`'s to say.
 */
import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, unwrapChainAndTypeWrappers, unwrapTypeWrappers } from '../syntax/ast.js';
import type { ModuleSource } from '../modules/module-graph.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import {
  isChainContinuation,
  resolveLibraryCall,
  resolveLibraryReference,
  type LibraryCall,
  type LibraryEnvironment,
  type SchemaLibrary,
} from '../schemas/schema-libraries.js';

/** A place where a list of values becomes a gate: every other value is rejected. */
export interface EnumPosition {
  /** `json-schema` for an `enum` property, else the library whose builder makes the enum. */
  readonly source: 'json-schema' | SchemaLibrary;
  /** How the enum is written, for messages and fixes: `enum`, `z.enum`, `Type.Union(X.map(Type.Literal))`... */
  readonly form: string;
  /** The expression holding the values, as written: where a finding is reported. */
  readonly reportNode: TSESTree.Node;
  /** The expression whose value is the list (or map) of allowed values. */
  readonly valuesNode: TSESTree.Expression;
  /** `z.literal(X)` makes an enum only when X is a list; a single literal is a constant. */
  readonly requiresList: boolean;
  /** The JSON Schema object holding the `enum` property. */
  readonly schemaObject?: TSESTree.ObjectExpression;
  readonly enumProperty?: TSESTree.Property;
  /** The builder call that is the enum (`z.enum(X)`), its chain continuing above it. */
  readonly call?: TSESTree.CallExpression;
  readonly libraryCall?: LibraryCall;
}

export interface LibraryForms {
  /** Factories whose first argument is the list or map of values. */
  readonly direct: ReadonlySet<string>;
  /** Factories that take literals of a list as members: `z.union(X.map(z.literal))`. */
  readonly union: ReadonlySet<string>;
  /** The single-literal factory, as used in `X.map(<literal>)`. */
  readonly literal: string;
  /** Factories that accept any string, making a union with them open. */
  readonly openString: ReadonlySet<string>;
}

export const FORMS: Readonly<Record<SchemaLibrary, LibraryForms>> = {
  zod: {
    direct: new Set(['enum', 'nativeEnum', 'literal']),
    union: new Set(['union']),
    literal: 'literal',
    openString: new Set(['string', 'any', 'unknown']),
  },
  typebox: {
    direct: new Set(['Enum']),
    union: new Set(['Union']),
    literal: 'Literal',
    openString: new Set(['String', 'Any', 'Unknown']),
  },
  valibot: {
    direct: new Set(['picklist', 'enum', 'enum_']),
    union: new Set(['union']),
    literal: 'literal',
    openString: new Set(['string', 'any', 'unknown']),
  },
};

/** Every name under which a library call is an enum position (directly or as a union of literals). */
const FACTORY_NAMES: ReadonlySet<string> = new Set(Object.values(FORMS).flatMap((forms) => [...forms.direct, ...forms.union]));

/**
 * What a file must spell to hold an enum position by its own text: the `enum` key or a factory's
 * name (matched case-insensitively, so `nativeEnum` and TypeBox's `Union` are among them). The
 * one other way in is an alias of a factory imported from a project module (`mayImportLibraryBinding`).
 */
export const ENUM_POSITION_VOCABULARY = vocabularyPattern(['enum', ...FACTORY_NAMES]);

const RUNTIME_TYPE_CONSTRUCTORS = new Set(['String', 'Number', 'Boolean', 'Date', 'Array', 'Object', 'Buffer', 'Map', 'BigInt']);

function propertyNamed(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  return object.properties.find(
    (property): property is TSESTree.Property =>
      property.type === AST_NODE_TYPES.Property && getKeyName(property.key, property.computed) === name,
  );
}

/**
 * JSON Schema's `type` is a string or a list of strings. Anything else (`type: String` in a
 * mongoose model, `type: SomeClass`) means the object is another library's schema.
 */
function hasJsonSchemaType(object: TSESTree.ObjectExpression): boolean {
  const type = propertyNamed(object, 'type');
  if (!type) return true;
  const value = unwrapTypeWrappers(type.value);
  if (value.type === AST_NODE_TYPES.Literal) return typeof value.value === 'string';
  if (value.type === AST_NODE_TYPES.TemplateLiteral) return true;
  if (value.type === AST_NODE_TYPES.ArrayExpression) {
    return value.elements.every((element) => element?.type === AST_NODE_TYPES.Literal && typeof element.value === 'string');
  }
  // A constant holding the type name (`type: STRING`) is still JSON Schema; a constructor
  // (`type: String`, `Schema.Types.ObjectId`) is a mongoose-style model.
  if (value.type === AST_NODE_TYPES.Identifier) return !RUNTIME_TYPE_CONSTRUCTORS.has(value.name);
  if (value.type === AST_NODE_TYPES.MemberExpression) {
    const object = unwrapTypeWrappers(value.object);
    return !(object.type === AST_NODE_TYPES.MemberExpression && memberName(object) === 'Types');
  }
  return false;
}

/** The enum position an `enum: X` property makes, if its object is a JSON Schema. */
export function enumPositionOfProperty(property: TSESTree.Property): EnumPosition | undefined {
  if (property.parent.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  if (getKeyName(property.key, property.computed) !== 'enum' || property.kind !== 'init') return undefined;
  if (property.value.type === AST_NODE_TYPES.AssignmentPattern || !isExpression(property.value)) return undefined;
  const object = property.parent;
  if (!hasJsonSchemaType(object)) return undefined;
  return {
    source: 'json-schema',
    form: 'enum',
    reportNode: property.value,
    valuesNode: property.value,
    requiresList: false,
    schemaObject: object,
    enumProperty: property,
  };
}

function isExpression(node: TSESTree.Node): node is TSESTree.Expression {
  return (
    node.type !== AST_NODE_TYPES.ObjectPattern &&
    node.type !== AST_NODE_TYPES.ArrayPattern &&
    node.type !== AST_NODE_TYPES.AssignmentPattern &&
    node.type !== AST_NODE_TYPES.TSEmptyBodyFunctionExpression
  );
}

function isLiteralFactory(
  node: TSESTree.Node,
  library: SchemaLibrary,
  module: ModuleSource,
  env: LibraryEnvironment,
): boolean {
  const literal = FORMS[library].literal;
  const reference = resolveLibraryReference(module, node, env);
  if (reference) return reference.library === library && reference.path.join('.') === literal;
  // `(value) => z.literal(value)`
  if (node.type !== AST_NODE_TYPES.ArrowFunctionExpression || node.params.length !== 1) return false;
  const parameter = node.params[0];
  if (parameter?.type !== AST_NODE_TYPES.Identifier) return false;
  let body: TSESTree.Node = node.body;
  if (body.type === AST_NODE_TYPES.BlockStatement) {
    const only = body.body.length === 1 ? body.body[0] : undefined;
    if (only?.type !== AST_NODE_TYPES.ReturnStatement || !only.argument) return false;
    body = only.argument;
  }
  const call = unwrapTypeWrappers(body);
  if (call.type !== AST_NODE_TYPES.CallExpression) return false;
  const resolved = resolveLibraryCall(module, call, env);
  const argument = call.arguments[0];
  return (
    resolved?.library === library &&
    resolved.steps.length === 1 &&
    resolved.steps[0]!.name === literal &&
    argument?.type === AST_NODE_TYPES.Identifier &&
    argument.name === parameter.name
  );
}

/** `X.map(z.literal)` (or an arrow calling it) inside a union factory: the list is `X`. */
function mappedLiteralList(
  argument: TSESTree.Node,
  library: SchemaLibrary,
  module: ModuleSource,
  env: LibraryEnvironment,
): TSESTree.Expression | undefined {
  const call = unwrapTypeWrappers(argument);
  if (call.type !== AST_NODE_TYPES.CallExpression || call.arguments.length !== 1) return undefined;
  const callee = unwrapTypeWrappers(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== 'map') return undefined;
  if (!isLiteralFactory(call.arguments[0]!, library, module, env)) return undefined;
  return callee.object;
}

/**
 * The enum position a builder call makes. Only the call that *is* the factory (`z.enum(X)`, the
 * first step of its chain) is a position, so `z.enum(X).optional()` is found once.
 */
export function enumPositionOfCall(
  call: TSESTree.CallExpression,
  module: ModuleSource,
  env: LibraryEnvironment,
): EnumPosition | undefined {
  const argument = call.arguments[0];
  if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) return undefined;
  // Every call is visited, and a call on another call's result (`.optional()`, `.map(f)`) would
  // resolve its whole chain again only to find it is not a first step.
  if (isChainContinuation(call)) return undefined;
  // `a.b.factory(…)` can only be a factory under its own name (an alias needs a plain identifier):
  // the calls of ordinary code are dismissed without resolving what `a` is.
  const callee = unwrapChainAndTypeWrappers(call.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression && !FACTORY_NAMES.has(memberName(callee) ?? '')) return undefined;
  const resolved = resolveLibraryCall(module, call, env);
  if (!resolved || resolved.steps.length !== 1) return undefined;
  const factory = resolved.steps[0]!.name;
  const forms = FORMS[resolved.library];
  const prefix = resolved.library === 'zod' ? 'z.' : resolved.library === 'typebox' ? 'Type.' : 'v.';
  if (forms.direct.has(factory)) {
    return {
      source: resolved.library,
      form: `${prefix}${factory}`,
      reportNode: argument,
      valuesNode: argument,
      requiresList: factory === 'literal',
      call,
      libraryCall: resolved,
    };
  }
  if (forms.union.has(factory)) {
    const list = mappedLiteralList(argument, resolved.library, module, env);
    if (!list) return undefined;
    return {
      source: resolved.library,
      form: `${prefix}${factory}(X.map(${prefix}${forms.literal}))`,
      reportNode: argument,
      valuesNode: list,
      requiresList: true,
      call,
      libraryCall: resolved,
    };
  }
  return undefined;
}

function isOpenJsonSchema(node: TSESTree.Node): boolean {
  const object = unwrapTypeWrappers(node);
  if (object.type === AST_NODE_TYPES.ObjectExpression) {
    if (propertyNamed(object, 'enum') || propertyNamed(object, 'const')) return false;
    if (object.properties.length === 0) return true;
    const type = propertyNamed(object, 'type');
    if (!type) return false;
    const value = unwrapTypeWrappers(type.value);
    if (value.type === AST_NODE_TYPES.Literal) return value.value === 'string';
    if (value.type === AST_NODE_TYPES.ArrayExpression) {
      return value.elements.some((element) => element?.type === AST_NODE_TYPES.Literal && element.value === 'string');
    }
    return false;
  }
  return object.type === AST_NODE_TYPES.Literal && object.value === true;
}

/** The outermost expression of the builder chain that starts with `call`: `z.enum(X).optional()`. */
function chainTop(call: TSESTree.CallExpression): TSESTree.Expression {
  let top: TSESTree.Expression = call;
  while (
    top.parent?.type === AST_NODE_TYPES.MemberExpression &&
    top.parent.object === top &&
    top.parent.parent.type === AST_NODE_TYPES.CallExpression &&
    top.parent.parent.callee === top.parent
  ) {
    top = top.parent.parent;
  }
  return top;
}

function isOpenLibrarySchema(node: TSESTree.Node, library: SchemaLibrary, module: ModuleSource, env: LibraryEnvironment): boolean {
  const expression = unwrapTypeWrappers(node);
  if (expression.type !== AST_NODE_TYPES.CallExpression) return false;
  // Resolve from the chain's root: `z.string().min(1)` is still any string of length ≥ 1.
  let root: TSESTree.CallExpression = expression;
  for (;;) {
    const callee = unwrapTypeWrappers(root.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression) break;
    const object = unwrapTypeWrappers(callee.object);
    if (object.type !== AST_NODE_TYPES.CallExpression) break;
    root = object;
  }
  const resolved = resolveLibraryCall(module, root, env);
  return resolved?.library === library && resolved.steps.length === 1 && FORMS[library].openString.has(resolved.steps[0]!.name);
}

/**
 * Whether the enum is one member of a union that also accepts any string:
 * `z.union([z.enum(T), z.string()])`, `z.enum(T).or(z.string())`,
 * `anyOf: [{ enum: T }, { type: 'string' }]`. Such an enum documents values without gating them.
 */
export function isInOpenUnion(position: EnumPosition, module: ModuleSource, env: LibraryEnvironment): boolean {
  if (position.source === 'json-schema') {
    const object = position.schemaObject!;
    const list = object.parent;
    if (list.type !== AST_NODE_TYPES.ArrayExpression || list.parent.type !== AST_NODE_TYPES.Property) return false;
    const combinator = getKeyName(list.parent.key, list.parent.computed);
    if (combinator !== 'anyOf' && combinator !== 'oneOf') return false;
    return list.elements.some((element) => element !== null && element !== object && isOpenJsonSchema(element));
  }
  const library = position.source;
  const call = position.call!;
  const top = chainTop(call);
  // `.or(z.string())` anywhere in the enum's own chain.
  for (let link: TSESTree.Expression = call; link !== top; ) {
    const member = link.parent as TSESTree.MemberExpression;
    const next = member.parent as TSESTree.CallExpression;
    if (memberName(member) === 'or' && next.arguments.some((argument) => isOpenLibrarySchema(argument, library, module, env))) {
      return true;
    }
    link = next;
  }
  const list = top.parent;
  if (list?.type !== AST_NODE_TYPES.ArrayExpression) return false;
  const union = list.parent;
  if (union.type !== AST_NODE_TYPES.CallExpression || union.arguments[0] !== list) return false;
  const resolved = resolveLibraryCall(module, union, env);
  if (!resolved || resolved.steps.length !== 1 || !FORMS[library].union.has(resolved.steps[0]!.name)) return false;
  return list.elements.some((element) => element !== null && element !== top && isOpenLibrarySchema(element, library, module, env));
}

/** The step right after the enum factory in its chain (`.describe('...')`), for the suggestion. */
export function nextChainCall(call: TSESTree.CallExpression): { name: string; call: TSESTree.CallExpression } | undefined {
  const member = call.parent;
  if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== call) return undefined;
  const next = member.parent;
  if (next.type !== AST_NODE_TYPES.CallExpression || next.callee !== member) return undefined;
  const name = memberName(member);
  return name === undefined ? undefined : { name, call: next };
}
