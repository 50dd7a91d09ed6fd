import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { findBinding, type Binding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import type { StaticValue } from '../values/static-value.js';
import { isFunctionNode } from '../syntax/function-name.js';
import { resolveLibraryReference, type SchemaLibrary } from './schema-libraries.js';

/**
 * What the code declares: whether a type annotation names a schema type (`: JSONSchema7`,
 * `: z.ZodTypeAny`, `Tool['inputSchema']`, `satisfies JsonSchema`). Syntax only, no type
 * information: an imported name is judged by the module it is imported from (zod, TypeBox and
 * valibot through `schema-libraries.ts`, which follows the project's barrels and the `libraries`
 * setting), a type declared in the file by its name and what it aliases or extends.
 */

/** What kind of value the declared type holds: a JSON Schema object, or a library's schema. */
export type SchemaTypeDialect = 'json-schema' | SchemaLibrary | 'standard-schema' | 'ai-sdk';

export interface DeclaredSchemaType {
  /** As written, for messages: `JSONSchema7`, `z.ZodTypeAny`, `Tool['inputSchema']`. */
  readonly name: string;
  readonly dialect: SchemaTypeDialect;
  /** `Tool['outputSchema']`: a tool's output schema, which the rules judge apart. */
  readonly output: boolean;
}

/**
 * Types of packages that declare JSON Schema, by exact name: `json-schema` (`@types/json-schema`)
 * also declares `JSONSchema7Type` and `JSONSchema7Object`, which are JSON *values* (`const`,
 * `enum`, `default`), not schemas, so a name pattern would be wrong there.
 */
const JSON_SCHEMA_PACKAGES: ReadonlyArray<{ readonly specifiers: RegExp; readonly types: ReadonlyMap<string, SchemaTypeDialect> }> = [
  {
    specifiers: /^(?:json-schema|@types\/json-schema)$/,
    types: new Map(['JSONSchema4', 'JSONSchema6', 'JSONSchema7', 'JSONSchema6Definition', 'JSONSchema7Definition'].map((name) => [name, 'json-schema'])),
  },
  {
    // The AI SDK re-exports `JSONSchema7` from `@ai-sdk/provider`; its `Schema` wraps one (`jsonSchema()`).
    specifiers: /^(?:ai|@ai-sdk\/(?:provider|provider-utils|ui-utils))$/,
    types: new Map<string, SchemaTypeDialect>([
      ['JSONSchema7', 'json-schema'],
      ['JSONSchema7Definition', 'json-schema'],
      ['Schema', 'ai-sdk'],
      ['FlexibleSchema', 'ai-sdk'],
    ]),
  },
  { specifiers: /^@standard-schema\/spec$/, types: new Map([['StandardSchemaV1', 'standard-schema']]) },
  { specifiers: /^ajv(?:\/dist\/.*)?$/, types: new Map([['JSONSchemaType', 'json-schema'], ['SchemaObject', 'json-schema']]) },
];

/** A schema library's type names, as `schema-libraries.ts` resolves them (`z.ZodType` → path `['ZodType']`). */
const LIBRARY_TYPES: Readonly<Record<SchemaLibrary, ReadonlySet<string>>> = {
  zod: new Set(['ZodType', 'ZodTypeAny', 'ZodSchema', 'Schema', 'ZodObject', 'ZodMiniType', 'ZodMiniObject']),
  typebox: new Set(['TSchema', 'TObject', 'TAnySchema']),
  valibot: new Set(['GenericSchema', 'GenericSchemaAsync', 'BaseSchema', 'BaseSchemaAsync', 'ObjectSchema', 'LooseObjectSchema']),
};

/** The MCP SDK's `Tool` type, whose `inputSchema` / `outputSchema` members are the tool's schemas. */
const MCP_SDK = /^@modelcontextprotocol\/sdk(?:\/|$)/;
const TOOL_SCHEMA_MEMBERS: ReadonlyMap<string, boolean> = new Map([
  ['inputSchema', false],
  ['outputSchema', true],
]);

/**
 * A JSON Schema type by its name, wherever it is declared: `JsonSchema`, `JSONSchema7`,
 * `ToolJsonSchema`, `JsonSchemaType` (the MCP SDK's), Ajv's `JSONSchemaType`, `JsonSchemaDefinition`.
 * Not a validator, options, result or error type about one (`JsonSchemaValidator`), nor the JSON
 * values of `@types/json-schema` (`JSONSchema7Type`, `JSONSchema7Object`, `JSONSchema7Array`).
 * zod-to-json-schema's `JsonSchema7Type` (vendored by openai, LangChain, Mastra) is its schema
 * type: only the `JSONSchema` spelling of a versioned `Type`/`Object` is a JSON value.
 */
const JSON_SCHEMA_NAME = /^\w*?J(?:SON|son)Schema(?:\d*(?:Definition|Def|Type|Object)?|Property|Node|Draft\d+)$/;
const VERSIONED_JSON_VALUE = /JSONSchema\d+(?:Type|Object)$/;
/** Standard Schema's interface, often copied into a project rather than imported, as its spec suggests. */
const STANDARD_SCHEMA_NAME = /^Standard(?:JSON)?SchemaV\d+$/;

/**
 * Words every accepted type name, or the import it comes from, spells: a file without any of them
 * declares no schema type (for a per-file pre-check). `TObject` is the one name without its word:
 * it counts imported from a TypeBox specifier (which spells `typebox`), or through a barrel, which
 * `mayImportLibraryBinding` answers.
 */
export const DECLARED_SCHEMA_TYPE_WORDS: readonly string[] = ['schema', 'zod', 'typebox'];

/** How many local aliases (`type ToolInput = JSONSchema7`) or `extends` are followed. */
const MAX_ALIAS_DEPTH = 8;

function schemaTypeByName(name: string): SchemaTypeDialect | undefined {
  if (STANDARD_SCHEMA_NAME.test(name)) return 'standard-schema';
  return JSON_SCHEMA_NAME.test(name) && !VERSIONED_JSON_VALUE.test(name) ? 'json-schema' : undefined;
}

/** `JSONSchema7` imported from `specifier`: the package's own list where it has one, else the name. */
function schemaTypeOfImport(specifier: string, importedName: string): SchemaTypeDialect | undefined {
  const known = JSON_SCHEMA_PACKAGES.find((entry) => entry.specifiers.test(specifier));
  if (known) return known.types.get(importedName);
  return schemaTypeByName(importedName);
}

interface Resolution {
  readonly evaluator: Evaluator;
  readonly depth: number;
}

function textOf(node: TSESTree.Node, evaluator: Evaluator): string {
  return evaluator.moduleOf(node).text.slice(node.range[0], node.range[1]);
}

function bindingOf(identifier: TSESTree.Identifier, evaluator: Evaluator): Binding {
  return findBinding(evaluator.moduleOf(identifier), identifier);
}

/** A type declared in the file (`type JsonSchema = …`, `interface ToolInput extends JSONSchema7 {}`). */
function schemaTypeOfLocalDeclaration(binding: Binding, resolution: Resolution): SchemaTypeDialect | undefined {
  if (binding.kind !== 'opaque') return undefined;
  for (const definition of binding.variable.defs) {
    const declaration = definition.node;
    if (declaration.type === AST_NODE_TYPES.TSTypeAliasDeclaration) {
      const aliased = schemaTypeOfType(declaration.typeAnnotation, { ...resolution, depth: resolution.depth + 1 });
      if (aliased) return aliased.dialect;
      if (isScalarType(declaration.typeAnnotation)) return undefined;
      return schemaTypeByName(declaration.id.name);
    }
    if (declaration.type === AST_NODE_TYPES.TSInterfaceDeclaration) {
      const byName = schemaTypeByName(declaration.id.name);
      if (byName) return byName;
      for (const heritage of declaration.extends) {
        if (heritage.expression.type !== AST_NODE_TYPES.Identifier && heritage.expression.type !== AST_NODE_TYPES.MemberExpression) continue;
        const inherited = schemaTypeOfEntity(heritage.expression as TSESTree.EntityName, { ...resolution, depth: resolution.depth + 1 });
        if (inherited) return inherited;
      }
    }
    // A Standard Schema copied in declares an interface and a namespace of the same name.
    if (declaration.type === AST_NODE_TYPES.TSModuleDeclaration && declaration.id.type === AST_NODE_TYPES.Identifier) {
      if (STANDARD_SCHEMA_NAME.test(declaration.id.name)) return 'standard-schema';
    }
  }
  return undefined;
}

/** `type JsonSchemaType = 'string' | 'object'`: a name of the `type` keyword's values, not a schema. */
function isScalarType(type: TSESTree.TypeNode): boolean {
  if (type.type === AST_NODE_TYPES.TSUnionType) return type.types.every(isScalarType);
  return (
    type.type === AST_NODE_TYPES.TSLiteralType ||
    type.type === AST_NODE_TYPES.TSStringKeyword ||
    type.type === AST_NODE_TYPES.TSNumberKeyword ||
    type.type === AST_NODE_TYPES.TSBooleanKeyword
  );
}

/** The library a namespace or name comes from, by `schema-libraries.ts` (barrels and settings included). */
function libraryTypeOf(identifier: TSESTree.Identifier, member: string | undefined, evaluator: Evaluator): SchemaTypeDialect | 'not-a-schema' | undefined {
  const reference = resolveLibraryReference(evaluator.moduleOf(identifier), identifier, evaluator.libraryEnvironment);
  if (!reference) return undefined;
  const path = member === undefined ? reference.path : [...reference.path, member];
  return path.length === 1 && LIBRARY_TYPES[reference.library].has(path[0]!) ? reference.library : 'not-a-schema';
}

/** `JSONSchema7`, `z.ZodTypeAny`, `JSONSchemaTypes.JSONSchema7`, `JsonSchema` declared in the file. */
function schemaTypeOfEntity(name: TSESTree.EntityName | TSESTree.MemberExpression, resolution: Resolution): SchemaTypeDialect | undefined {
  if (resolution.depth > MAX_ALIAS_DEPTH) return undefined;
  const { evaluator } = resolution;
  if (name.type === AST_NODE_TYPES.Identifier) {
    const binding = bindingOf(name, evaluator);
    if (binding.kind === 'import') {
      const library = libraryTypeOf(name, undefined, evaluator);
      if (library !== undefined) return library === 'not-a-schema' ? undefined : library;
      return schemaTypeOfImport(binding.specifier, binding.importedName);
    }
    return schemaTypeOfLocalDeclaration(binding, resolution);
  }
  if (name.type === AST_NODE_TYPES.ThisExpression) return undefined;
  // `ns.Name`: only a namespace that is itself an import (`z`, `import type * as JS from 'json-schema'`).
  const left = name.type === AST_NODE_TYPES.TSQualifiedName ? name.left : name.object;
  const right = name.type === AST_NODE_TYPES.TSQualifiedName ? name.right : name.property;
  if (left.type !== AST_NODE_TYPES.Identifier || right.type !== AST_NODE_TYPES.Identifier) return undefined;
  const binding = bindingOf(left, evaluator);
  if (binding.kind !== 'import') return undefined;
  const library = libraryTypeOf(left, right.name, evaluator);
  if (library !== undefined) return library === 'not-a-schema' ? undefined : library;
  return binding.importedName === '*' || binding.importedName === 'default' ? schemaTypeOfImport(binding.specifier, right.name) : undefined;
}

/** `Tool['inputSchema']` with `Tool` of the MCP SDK (imported by name, or as `types.Tool`). */
function toolSchemaMember(type: TSESTree.TSIndexedAccessType, evaluator: Evaluator): boolean | undefined {
  const index = type.indexType;
  if (index.type !== AST_NODE_TYPES.TSLiteralType || index.literal.type !== AST_NODE_TYPES.Literal || typeof index.literal.value !== 'string') return undefined;
  const output = TOOL_SCHEMA_MEMBERS.get(index.literal.value);
  if (output === undefined || type.objectType.type !== AST_NODE_TYPES.TSTypeReference) return undefined;
  const typeName = type.objectType.typeName;
  const identifier = typeName.type === AST_NODE_TYPES.TSQualifiedName ? typeName.left : typeName;
  const toolName = typeName.type === AST_NODE_TYPES.TSQualifiedName ? typeName.right.name : undefined;
  if (identifier.type !== AST_NODE_TYPES.Identifier) return undefined;
  const binding = bindingOf(identifier, evaluator);
  if (binding.kind !== 'import' || !MCP_SDK.test(binding.specifier)) return undefined;
  const imported = toolName === undefined ? binding.importedName : binding.importedName === '*' ? toolName : undefined;
  return imported === 'Tool' ? output : undefined;
}

function isNullishType(type: TSESTree.TypeNode): boolean {
  return (
    type.type === AST_NODE_TYPES.TSUndefinedKeyword ||
    type.type === AST_NODE_TYPES.TSNullKeyword ||
    type.type === AST_NODE_TYPES.TSVoidKeyword
  );
}

function schemaTypeOfType(type: TSESTree.TypeNode, resolution: Resolution): DeclaredSchemaType | undefined {
  if (resolution.depth > MAX_ALIAS_DEPTH) return undefined;
  const { evaluator } = resolution;
  switch (type.type) {
    case AST_NODE_TYPES.TSTypeReference: {
      const typeName = type.typeName;
      // `Promise<JSONSchema7>`: an async builder's result is the schema.
      const awaited = type.typeArguments?.params[0];
      if (typeName.type === AST_NODE_TYPES.Identifier && (typeName.name === 'Promise' || typeName.name === 'PromiseLike') && awaited) {
        return bindingOf(typeName, evaluator).kind === 'global' ? schemaTypeOfType(awaited, resolution) : undefined;
      }
      const dialect = schemaTypeOfEntity(typeName, resolution);
      return dialect && { name: textOf(typeName, evaluator), dialect, output: false };
    }
    case AST_NODE_TYPES.TSIndexedAccessType: {
      const output = toolSchemaMember(type, evaluator);
      return output === undefined ? undefined : { name: textOf(type, evaluator), dialect: 'json-schema', output };
    }
    case AST_NODE_TYPES.TSUnionType: {
      // `JSONSchema7 | undefined`: the schema or nothing. `JSONSchema7 | boolean` is a JSON Schema
      // definition; any other member makes the declared value something besides a schema.
      const members = type.types.filter((member) => !isNullishType(member));
      const schemas = members.filter((member) => member.type !== AST_NODE_TYPES.TSBooleanKeyword).map((member) => schemaTypeOfType(member, resolution));
      const first = schemas[0];
      if (!first || schemas.some((schema) => schema === undefined)) return undefined;
      if (schemas.length < members.length && first.dialect !== 'json-schema') return undefined;
      return first;
    }
    case AST_NODE_TYPES.TSIntersectionType:
      // `JSONSchema7 & { 'x-ui'?: Hint }` is still that schema.
      for (const member of type.types) {
        const schema = schemaTypeOfType(member, resolution);
        if (schema) return schema;
      }
      return undefined;
    default:
      // Arrays, tuples, records and object types hold schemas at most; they are none.
      return undefined;
  }
}

/** The schema type a type annotation names, if it names one. */
export function schemaTypeOfAnnotation(type: TSESTree.TypeNode, evaluator: Evaluator): DeclaredSchemaType | undefined {
  return schemaTypeOfType(type, { evaluator, depth: 0 });
}

/** The type annotation a declaration carries: a function's return type, a binding's, a parameter's, a cast's. */
function declaredTypeOf(node: TSESTree.Node): TSESTree.TypeNode | undefined {
  if (isFunctionNode(node)) {
    if (node.returnType) return node.returnType.typeAnnotation;
    // `const toolSchema: (def: ToolDef) => JSONSchema7 = (def) => …`
    const holder = node.parent;
    const declared = holder?.type === AST_NODE_TYPES.VariableDeclarator && holder.init === node ? holder.id.typeAnnotation?.typeAnnotation : undefined;
    return declared?.type === AST_NODE_TYPES.TSFunctionType ? declared.returnType?.typeAnnotation : undefined;
  }
  switch (node.type) {
    case AST_NODE_TYPES.VariableDeclarator:
      return node.id.typeAnnotation?.typeAnnotation;
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.ObjectPattern:
    case AST_NODE_TYPES.ArrayPattern:
    case AST_NODE_TYPES.PropertyDefinition:
    case AST_NODE_TYPES.AccessorProperty:
    case AST_NODE_TYPES.TSPropertySignature:
    case AST_NODE_TYPES.TSAbstractPropertyDefinition:
      return node.typeAnnotation?.typeAnnotation;
    case AST_NODE_TYPES.AssignmentPattern:
      return declaredTypeOf(node.left);
    case AST_NODE_TYPES.TSParameterProperty:
      return declaredTypeOf(node.parameter);
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
      return node.typeAnnotation;
    case AST_NODE_TYPES.TSTypeAnnotation:
      return node.typeAnnotation;
    default:
      return undefined;
  }
}

/**
 * Whether what `node` declares names a schema type, and which: a function's (or method's, or a
 * function-typed binding's) return type, a variable's, property's or parameter's annotation, the
 * type of an `as`/`satisfies`/`<T>` expression. Arrays of schemas and maps of them are not one.
 */
export function declaredSchemaType(node: TSESTree.Node, evaluator: Evaluator): DeclaredSchemaType | undefined {
  const type = declaredTypeOf(node);
  return type && schemaTypeOfType(type, { evaluator, depth: 0 });
}

/**
 * Whether a value can be what the declared type holds: a JSON Schema type holds literals (and
 * TypeBox's schemas, which are JSON Schema objects), a library's type that library's builders.
 * A zod builder returned as `JSONSchema7` would not type-check: something else is going on.
 */
export function holdsValue(type: DeclaredSchemaType, value: StaticValue): boolean {
  switch (type.dialect) {
    case 'json-schema':
      return value.kind !== 'builder' || value.library === 'typebox';
    case 'zod':
    case 'typebox':
    case 'valibot':
      return value.kind === 'builder' && value.library === type.dialect;
    case 'standard-schema':
    case 'ai-sdk':
      return value.kind === 'builder';
  }
}
