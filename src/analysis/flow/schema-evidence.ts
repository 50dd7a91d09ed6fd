import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { isTypeWrapper, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { constantObjectLiteral, findBinding } from '../values/bindings.js';
import { prechecksEnabled } from '../../util/precheck-switch.js';
import type { Evaluator } from '../values/evaluator.js';
import { isFunctionNode, type FunctionNode } from '../syntax/function-name.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import type { StaticValue } from '../values/static-value.js';
import { resolveLibraryCall, type SchemaLibrary } from '../schemas/schema-libraries.js';
import { isSchemaOnlyObject, mayBeSchemaOnlyObjectLiteral } from '../schemas/schema-model.js';
import { declaredSchemaType } from '../schemas/declared-schema-type.js';
import { calleeName, CONVERTER_FUNCTIONS } from './schema-sinks.js';

/**
 * What a value is, when that alone makes it a schema: a JSON Schema literal made only of schema
 * keywords, a schema-library builder, the result of a converter, a compiled validator. The
 * sibling of a value's sink: a converter whose other returns are schemas returns schemas, and a
 * fallback that stands in for `zodToJsonSchema(input)` stands in for a schema.
 */

/** A call that produces a validator from a schema, or validates with one (for rules about validators). */
export interface ValidatorCall {
  readonly library: 'ajv' | SchemaLibrary | 'standard-schema' | 'mcp-sdk';
  /** `compile`, `getSchema`, `parse`, `safeParse`, `Check`, `getValidator`, `validate`. */
  readonly method: string;
  /** Whether the call returns a validator (`ajv.compile`) rather than a validation result (`safeParse`). */
  readonly returnsValidator: boolean;
}

const AJV_VALIDATOR_METHODS = new Set(['compile', 'compileAsync', 'getSchema']);
const LIBRARY_PARSE_METHODS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa']);
const TYPEBOX_CHECK = new Set(['Check', 'Compile']);

function receiverText(callee: TSESTree.Node): string | undefined {
  const node = unwrapChainAndTypeWrappers(callee);
  if (node.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  return calleeName(node.object);
}

/**
 * Validator calls by the APIs that make them: Ajv's `compile`/`compileAsync`/`getSchema` (on a
 * receiver named like an Ajv instance), the MCP SDK validator providers' `getValidator`, Standard
 * Schema's `~standard.validate`, zod/valibot `parse`/`safeParse` on a library schema, TypeBox
 * `Value.Check`/`TypeCompiler.Compile`.
 */
export function validatorCallOf(call: TSESTree.CallExpression, evaluator: Evaluator): ValidatorCall | undefined {
  const method = calleeName(call.callee);
  if (method === undefined) return undefined;
  const receiver = receiverText(call.callee);
  if (AJV_VALIDATOR_METHODS.has(method) && receiver !== undefined && /ajv/i.test(receiver)) return { library: 'ajv', method, returnsValidator: true };
  if (method === 'getValidator') return { library: 'mcp-sdk', method, returnsValidator: true };
  if (method === 'validate' && receiver === '~standard') return { library: 'standard-schema', method, returnsValidator: false };
  if (TYPEBOX_CHECK.has(method) && (receiver === 'Value' || receiver === 'TypeCompiler')) {
    return { library: 'typebox', method, returnsValidator: method === 'Compile' };
  }
  if (LIBRARY_PARSE_METHODS.has(method)) {
    const callee = unwrapChainAndTypeWrappers(call.callee);
    // `v.parse(schema, input)` (valibot) or `schema.safeParse(input)` on a builder (zod).
    const library = resolveLibraryCall(evaluator.moduleOf(call), call, evaluator.libraryEnvironment);
    if (library?.steps.length === 1) return { library: library.library, method, returnsValidator: false };
    if (callee.type === AST_NODE_TYPES.MemberExpression && evaluator.evaluate(callee.object).kind === 'builder') {
      const built = evaluator.evaluate(callee.object);
      return built.kind === 'builder' ? { library: built.library, method, returnsValidator: false } : undefined;
    }
  }
  return undefined;
}

/** Builder methods that validate a value: their result is the value (or a result about it), not a schema. */
const PARSING_STEPS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode', 'decodeAsync', 'encodeAsync', 'safeDecode', 'safeEncode']);

/** `GitLabIssueSchema.parse(data)`: a chain that ends by parsing yields data. */
export function isParsedValue(value: StaticValue): boolean {
  return value.kind === 'builder' && PARSING_STEPS.has(value.steps.at(-1)?.name ?? '');
}

/** A variable assigned more often than this is not followed through its assignments. */
const MAX_ASSIGNMENTS = 8;

/**
 * `let result = z.object(shape); if (d) result = result.describe(d); return result;`: a variable
 * every assignment of which is a library schema holds one, though the evaluator (rightly) does
 * not give a reassigned variable one value.
 */
function isReassignedBuilder(identifier: TSESTree.Identifier, evaluator: Evaluator): boolean {
  const binding = findBinding(evaluator.moduleOf(identifier), identifier);
  if (binding.kind !== 'declarator' || binding.constant || binding.declarator.id !== binding.identifier) return false;
  const writes = binding.variable.references.filter((reference) => reference.isWrite());
  if (writes.length === 0 || writes.length > MAX_ASSIGNMENTS) return false;
  return writes.every((reference) => {
    const written = reference.writeExpr;
    if (!written || reference.identifier.parent?.type !== AST_NODE_TYPES.VariableDeclarator && reference.identifier.parent?.type !== AST_NODE_TYPES.AssignmentExpression) return false;
    if (reference.identifier.parent.type === AST_NODE_TYPES.AssignmentExpression && reference.identifier.parent.operator !== '=') return false;
    // `result = result.describe(d)`: the chain goes on from the variable's own schema.
    if (written.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrapChainAndTypeWrappers(written.callee);
      if (callee.type === AST_NODE_TYPES.MemberExpression && unwrapChainAndTypeWrappers(callee.object).type === AST_NODE_TYPES.Identifier) {
        const object = unwrapChainAndTypeWrappers(callee.object) as TSESTree.Identifier;
        if (object.name === identifier.name && !PARSING_STEPS.has(calleeName(callee) ?? '')) return true;
      }
    }
    const value = evaluator.evaluate(written);
    return value.kind === 'builder' && !isParsedValue(value);
  });
}

/** `zodToJsonSchema(s)`, `z.toJSONSchema(s)`, `toJsonSchema(s)`: a call returning a JSON Schema built from a library schema. */
export function isConverterCall(call: TSESTree.CallExpression, evaluator: Evaluator): boolean {
  const name = calleeName(call.callee);
  if (name !== undefined && CONVERTER_FUNCTIONS.has(name)) return true;
  const library = resolveLibraryCall(evaluator.moduleOf(call), call, evaluator.libraryEnvironment);
  return library !== undefined && library.steps.some((step) => step.name === 'toJSONSchema');
}

function shortText(node: TSESTree.Node, evaluator: Evaluator): string {
  const text = evaluator.moduleOf(node).text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  return text.length <= 48 ? text : `${text.slice(0, 45)}…`;
}

/**
 * The expressions a returned or merged expression may evaluate to: both branches of `?:`,
 * `??`/`||`, through `await`, type wrappers, and marshalling (`JSON.stringify(schema)`).
 */
export function valueExpressions(expression: TSESTree.Expression, found: TSESTree.Expression[] = []): TSESTree.Expression[] {
  switch (expression.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return valueExpressions(expression.argument, found);
    case AST_NODE_TYPES.ConditionalExpression:
      valueExpressions(expression.consequent, found);
      return valueExpressions(expression.alternate, found);
    case AST_NODE_TYPES.LogicalExpression:
      if (expression.operator !== '&&') valueExpressions(expression.left, found);
      return valueExpressions(expression.right, found);
    case AST_NODE_TYPES.SequenceExpression:
      return valueExpressions(expression.expressions.at(-1)!, found);
    case AST_NODE_TYPES.CallExpression: {
      const callee = expression.callee;
      const [marshalled] = expression.arguments;
      if (
        callee.type === AST_NODE_TYPES.MemberExpression &&
        callee.object.type === AST_NODE_TYPES.Identifier &&
        callee.object.name === 'JSON' &&
        (calleeName(callee) === 'stringify' || calleeName(callee) === 'parse') &&
        marshalled &&
        marshalled.type !== AST_NODE_TYPES.SpreadElement
      ) {
        return valueExpressions(marshalled, found);
      }
      break;
    }
    default:
      if (isTypeWrapper(expression)) return valueExpressions(expression.expression, found);
  }
  found.push(expression);
  return found;
}

/** How a value is a schema by what it is. */
export type SchemaNature = 'json-schema' | 'builder' | 'converter-result' | 'validator';

export function schemaNatureOf(expression: TSESTree.Expression, evaluator: Evaluator): SchemaNature | undefined {
  const node = unwrapChainAndTypeWrappers(expression);
  if (node.type === AST_NODE_TYPES.CallExpression) {
    if (isConverterCall(node, evaluator)) return 'converter-result';
    if (validatorCallOf(node, evaluator)?.returnsValidator) return 'validator';
  }
  if (isDataObjectLiteral(node, evaluator)) return undefined;
  const value = evaluator.evaluate(node);
  if (value.kind === 'builder') return isParsedValue(value) ? undefined : 'builder';
  if (node.type === AST_NODE_TYPES.Identifier && value.kind === 'unknown' && isReassignedBuilder(node, evaluator)) return 'builder';
  if (isSchemaOnlyObject(value)) return 'json-schema';
  // `const json = zodToJsonSchema(input); return json;`: the value is opaque, its source is not.
  if (value.node && value.node !== node && value.node.type === AST_NODE_TYPES.CallExpression) {
    if (isConverterCall(value.node, evaluator)) return 'converter-result';
    if (validatorCallOf(value.node, evaluator)?.returnsValidator) return 'validator';
  }
  return undefined;
}

/**
 * `return { id: row.id, label }`, or a constant bound to such a literal: an object whose written
 * keys no schema object has is no schema, and its value is an object (never a builder nor a
 * converter's result), so its values, which may be imported, are not evaluated. Off while the
 * pre-checks are (the soundness test compares both).
 */
function isDataObjectLiteral(node: TSESTree.Expression, evaluator: Evaluator): boolean {
  if (!prechecksEnabled()) return false;
  const literal = node.type === AST_NODE_TYPES.ObjectExpression ? node : constantObjectLiteral(evaluator.moduleOf(node), node);
  return literal !== undefined && !mayBeSchemaOnlyObjectLiteral(literal);
}

/**
 * The text of `expression` when it is a call of a function (of this file or imported) declared to
 * return a schema type (`parseDef(…)` of `parseDef(…): JsonSchema7Type | undefined`): what the
 * code declares makes its result a schema. Asked only of what a fallback replaces, since finding
 * the callee may open the module it is imported from.
 */
export function declaredSchemaResult(expression: TSESTree.Expression, evaluator: Evaluator): string | undefined {
  const node = unwrapChainAndTypeWrappers(expression);
  if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = evaluator.evaluate(node.callee);
  return callee.kind === 'function' && declaredSchemaType(callee.function, evaluator) !== undefined ? shortText(node, evaluator) : undefined;
}

/**
 * The text of the first of the expressions `expression` may evaluate to that is a schema by what
 * it is, for a message ("in place of `zodToJsonSchema(input)`"). A recursive call of `self` (a
 * converter calling itself for a subschema) says nothing either way.
 */
export function schemaByWhatItIs(expression: TSESTree.Expression, evaluator: Evaluator, self?: FunctionNode): string | undefined {
  for (const candidate of valueExpressions(expression)) {
    if (self && candidate.type === AST_NODE_TYPES.CallExpression && isCallOf(candidate, self)) continue;
    if (schemaNatureOf(candidate, evaluator)) return shortText(candidate, evaluator);
  }
  return undefined;
}

function isCallOf(call: TSESTree.CallExpression, fn: FunctionNode): boolean {
  const name = calleeName(call.callee);
  return name !== undefined && fn.type !== AST_NODE_TYPES.ArrowFunctionExpression && fn.id?.name === name;
}

/** A converter option that turns what cannot be converted into "anything", and where it is written. */
export interface PermissiveConverterOption {
  /** The converter as written: `z.toJSONSchema`, `toJsonSchema`. */
  readonly converter: string;
  /** `unrepresentable: 'any'`, `errorMode: 'ignore'`. */
  readonly option: string;
  /** The option's value where it is written (in this file), else the options argument. */
  readonly node: TSESTree.Node;
}

const VALIBOT_CONVERTER_MODULES = new Set(['@valibot/to-json-schema']);

/**
 * zod 4's `z.toJSONSchema(s, { unrepresentable: 'any' })` and valibot's
 * `toJsonSchema(s, { errorMode: 'ignore' })`: the converter writes `{}` for every part it cannot
 * represent instead of failing, the field notes' converter-level fallback.
 */
export function permissiveConverterOption(call: TSESTree.CallExpression, evaluator: Evaluator): PermissiveConverterOption | undefined {
  const options = call.arguments[1];
  if (!options || options.type === AST_NODE_TYPES.SpreadElement) return undefined;
  const module = evaluator.moduleOf(call);
  let key: string;
  let permissive: string;
  const library = resolveLibraryCall(module, call, evaluator.libraryEnvironment);
  if (library?.library === 'zod' && library.steps.length === 1 && library.steps[0]!.name === 'toJSONSchema') {
    key = 'unrepresentable';
    permissive = 'any';
  } else {
    const callee = unwrapChainAndTypeWrappers(call.callee);
    if (callee.type !== AST_NODE_TYPES.Identifier || callee.name !== 'toJsonSchema') return undefined;
    const binding = findBinding(module, callee);
    if (binding.kind !== 'import' || !VALIBOT_CONVERTER_MODULES.has(binding.specifier)) return undefined;
    key = 'errorMode';
    permissive = 'ignore';
  }
  const value = evaluator.evaluate(options);
  const property = value.kind === 'object' ? value.properties.get(key)?.value : undefined;
  if (property?.kind !== 'primitive' || property.value !== permissive) return undefined;
  const written = property.node && evaluator.moduleOf(property.node) === evaluator.module ? property.node : options;
  return { converter: module.text.slice(call.callee.range[0], call.callee.range[1]), option: `${key}: '${permissive}'`, node: written };
}

/** The options each converter reads to write "anything" for what it cannot convert. */
const PERMISSIVE_LIBRARY_OPTIONS: readonly (readonly [key: string, permissive: string])[] = [
  ['unrepresentable', 'any'],
  ['errorMode', 'ignore'],
];

/** `s['~standard'].jsonSchema.input`, `std.jsonSchema[io]`, or a const bound to one. */
function isStandardJsonSchemaHook(callee: TSESTree.Node, evaluator: Evaluator): boolean {
  const node = unwrapChainAndTypeWrappers(callee);
  if (node.type === AST_NODE_TYPES.Identifier) {
    const binding = findBinding(evaluator.moduleOf(node), node);
    return binding.kind === 'declarator' && binding.constant && binding.declarator.id === binding.identifier && binding.declarator.init !== null && isStandardJsonSchemaMember(binding.declarator.init);
  }
  return isStandardJsonSchemaMember(node);
}

/** `s['~standard'].jsonSchema.input`, `std['~standard'].jsonSchema[io]`: a Standard JSON Schema hook, by syntax alone. */
export function isStandardJsonSchemaMember(expression: TSESTree.Node): boolean {
  const node = unwrapChainAndTypeWrappers(expression);
  if (node.type !== AST_NODE_TYPES.MemberExpression) return false;
  const hooks = unwrapChainAndTypeWrappers(node.object);
  if (hooks.type !== AST_NODE_TYPES.MemberExpression || calleeName(hooks) !== 'jsonSchema') return false;
  const standard = unwrapChainAndTypeWrappers(hooks.object);
  return standard.type === AST_NODE_TYPES.MemberExpression && calleeName(standard) === '~standard';
}

/**
 * A Standard Schema's JSON Schema hook called with `libraryOptions` that make the vendor's
 * converter write `{}` for what it cannot represent (`jsonSchema.input({ target, libraryOptions:
 * { unrepresentable: 'any' } })`): the hook hands those options to zod's `toJSONSchema` (or
 * valibot's `toJsonSchema`), so they are the converter's own permissive fallback.
 */
export function permissiveStandardSchemaOption(call: TSESTree.CallExpression, evaluator: Evaluator): PermissiveConverterOption | undefined {
  const [options] = call.arguments;
  if (!options || options.type === AST_NODE_TYPES.SpreadElement || !isStandardJsonSchemaHook(call.callee, evaluator)) return undefined;
  const libraryOptions = evaluator.evaluate(options);
  const passed = libraryOptions.kind === 'object' ? libraryOptions.properties.get('libraryOptions')?.value : undefined;
  if (passed?.kind !== 'object') return undefined;
  const module = evaluator.moduleOf(call);
  for (const [key, permissive] of PERMISSIVE_LIBRARY_OPTIONS) {
    const property = passed.properties.get(key)?.value;
    if (property?.kind !== 'primitive' || property.value !== permissive) continue;
    const written = property.node && evaluator.moduleOf(property.node) === evaluator.module ? property.node : options;
    return { converter: module.text.slice(call.callee.range[0], call.callee.range[1]), option: `${key}: '${permissive}'`, node: written };
  }
  return undefined;
}

/**
 * A schema transform (a `$ref` resolver, a walker): the returned value is a schema by what it is,
 * and another return hands back one of the function's parameters unchanged, so everything the
 * function returns is of the kind it takes. The parameter's name, if so.
 */
export function passedThroughInput(fn: FunctionNode, from: TSESTree.ReturnStatement | undefined, evaluator: Evaluator, visitorKeys: TSESLint.SourceCode.VisitorKeys): string | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement || !from?.argument || schemaByWhatItIs(from.argument, evaluator, fn) === undefined) return undefined;
  const parameters = new Set(fn.params.flatMap((parameter) => {
    const name = parameter.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
    return name.type === AST_NODE_TYPES.Identifier ? [name.name] : [];
  }));
  let found: string | undefined;
  forEachDescendant(fn.body, visitorKeys, (node) => {
    if (found !== undefined || isFunctionNode(node)) return false;
    if (node.type === AST_NODE_TYPES.ReturnStatement && node !== from && node.argument?.type === AST_NODE_TYPES.Identifier && parameters.has(node.argument.name)) {
      found = node.argument.name;
    }
    return found === undefined;
  });
  return found;
}

/** The first of `fn`'s other returns that is a schema by what it is (its text), if any. */
export function schemaAmongOtherReturns(fn: FunctionNode, from: TSESTree.ReturnStatement | undefined, evaluator: Evaluator, visitorKeys: TSESLint.SourceCode.VisitorKeys): string | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  let found: string | undefined;
  forEachDescendant(fn.body, visitorKeys, (node) => {
    if (found !== undefined || isFunctionNode(node)) return false;
    if (node.type === AST_NODE_TYPES.ReturnStatement && node !== from && node.argument) {
      found = schemaByWhatItIs(node.argument, evaluator, fn);
    }
    return found === undefined;
  });
  return found;
}
