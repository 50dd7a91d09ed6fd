import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { getFunctionName, isFunctionNode } from '../syntax/function-name.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { resolveLibraryCall } from '../schemas/schema-libraries.js';
import type { JsonSchemaDraft } from '../schemas/schema-structure.js';
import type { SchemaSink, SinkDialect, SinkRole } from './sink-model.js';

/**
 * Validation as a sink: a value the program validates its input against is a schema, whichever
 * library does it. Ajv's methods are in `schema-sinks.ts` (beside the draft its class implies);
 * this module knows the schema libraries' own checks (zod's `.parse()` on the schema, valibot's
 * `parse(schema, input)`, TypeBox's `Value.Check`, Standard Schema's `['~standard'].validate`)
 * and the other JSON Schema validators (`@cfworker/json-schema`, the MCP SDK's `getValidator`).
 * The calls are the ones `schema-evidence.ts`'s `validatorCallOf` recognises as validation; here
 * the schema they take is the subject.
 */

/** zod's methods validating with the schema they are called on (and its codecs', which validate too). */
const RECEIVER_PARSE_METHODS: ReadonlySet<string> = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode', 'decodeAsync', 'encodeAsync', 'safeDecode', 'safeEncode']);
/**
 * The ones no other common API spells with a schema's meaning: a receiver the evaluator cannot see
 * is a schema still validates with them when the value followed to it is a library schema.
 */
const UNSEEN_RECEIVER_PARSE_METHODS: ReadonlySet<string> = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);

/** valibot's functions taking the schema first: `v.parse(S, input)`, `v.is(S, input)`. */
const VALIBOT_VALIDATING_FUNCTIONS: ReadonlySet<string> = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'is', 'assert', 'parser', 'safeParser']);

/** TypeBox's `Value` functions taking the schema first, and `TypeCompiler.Compile(S)`. */
const TYPEBOX_VALUE_FUNCTIONS: ReadonlySet<string> = new Set(['Check', 'Parse', 'Assert', 'Errors', 'Decode', 'Encode']);
const TYPEBOX_MODULE = /^(?:@sinclair\/)?typebox(?:\/|$)/;

const CFWORKER_MODULE = '@cfworker/json-schema';
/** `new Validator(schema, draft)`: the drafts `@cfworker/json-schema` names, and its default. */
const CFWORKER_DRAFTS: ReadonlyMap<string, JsonSchemaDraft> = new Map([
  ['7', 'draft-07'],
  ['2019-09', '2019-09'],
  ['2020-12', '2020-12'],
]);
const CFWORKER_DEFAULT_DRAFT: JsonSchemaDraft = '2019-09';

function validationSink(role: SinkRole, dialect: SinkDialect, description: string, key: string, slot: TSESTree.Node, draft?: JsonSchemaDraft): SchemaSink {
  return { role, dialect, description, key, toolName: undefined, slot, draft, pointer: [], via: [] };
}

/** `Args.parse()`, as written when short, for a message. */
function calleeText(callee: TSESTree.Node, name: string, evaluator: Evaluator): string {
  const text = evaluator.moduleOf(callee).text.slice(callee.range[0], callee.range[1]);
  return text.length <= 40 && !text.includes('\n') ? `${text}()` : `${name}()`;
}

/** " in `handle()`": the function the validation runs in, for a message. */
function enclosingFunctionText(node: TSESTree.Node): string {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current)) {
      const name = getFunctionName(current);
      return name === undefined ? '' : ` in \`${name}()\``;
    }
  }
  return '';
}

function parsedBy(call: TSESTree.CallExpression | TSESTree.NewExpression, name: string, slot: TSESTree.Node, evaluator: Evaluator, verb = 'parsed by'): SchemaSink {
  return validationSink('parser', 'library', `${verb} \`${calleeText(call.callee, name, evaluator)}\`${enclosingFunctionText(call)}`, name, slot);
}

/** What module the identifier is imported from, if it is an import. */
function importedFrom(node: TSESTree.Node, evaluator: Evaluator): { specifier: string; importedName: string } | undefined {
  const identifier = unwrapChainAndTypeWrappers(node);
  if (identifier.type !== AST_NODE_TYPES.Identifier) return undefined;
  const binding = findBinding(evaluator.moduleOf(identifier), identifier);
  return binding.kind === 'import' ? { specifier: binding.specifier, importedName: binding.importedName } : undefined;
}

/**
 * The value on which `member` is read validates something with it: `Args.parse(input)`,
 * `Args.safeParse(input)` (zod), `S['~standard'].validate(input)` (Standard Schema, which zod,
 * valibot and ArkType implement). `followedIsSchema` says the value followed here is a library
 * schema by what it is, for a receiver the evaluator does not see through (`toZod(def).parse(x)`).
 */
export function sinkOfReceiver(member: TSESTree.MemberExpression, followedIsSchema: () => boolean, evaluator: Evaluator): SchemaSink | undefined {
  const name = memberName(member);
  if (name === undefined) return undefined;
  const receiver = member.object;
  if (name === '~standard') {
    const validate = member.parent;
    if (validate.type !== AST_NODE_TYPES.MemberExpression || validate.object !== member || memberName(validate) !== 'validate') return undefined;
    const call = validate.parent;
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee !== validate) return undefined;
    return validationSink('parser', 'library', `validated against by \`${calleeText(validate, 'validate', evaluator)}\`${enclosingFunctionText(call)}`, 'validate', receiver);
  }
  const call = member.parent;
  if (call.type !== AST_NODE_TYPES.CallExpression || call.callee !== member || !RECEIVER_PARSE_METHODS.has(name)) return undefined;
  const seen = evaluator.evaluate(receiver).kind === 'builder';
  if (!seen && !(UNSEEN_RECEIVER_PARSE_METHODS.has(name) && followedIsSchema())) return undefined;
  return parsedBy(call, name, receiver, evaluator);
}

/**
 * Argument `index` of a validating call: valibot's `v.parse(S, input)`, TypeBox's
 * `Value.Check(S, input)` and `TypeCompiler.Compile(S)`, `@cfworker/json-schema`'s
 * `new Validator(S)` and `validate(input, S)`, the MCP SDK validator providers'
 * `getValidator(S)`. Undefined when the call validates nothing, or not with this argument.
 */
export function sinkOfValidatingArgument(call: TSESTree.CallExpression | TSESTree.NewExpression, index: number, evaluator: Evaluator): SchemaSink | undefined {
  const slot = call.arguments[index]!;
  const callee = unwrapChainAndTypeWrappers(call.callee);
  if (call.type === AST_NODE_TYPES.NewExpression) {
    const imported = importedFrom(callee, evaluator);
    if (index !== 0 || imported?.specifier !== CFWORKER_MODULE || imported.importedName !== 'Validator') return undefined;
    const draftArgument = call.arguments[1];
    const written = draftArgument && draftArgument.type !== AST_NODE_TYPES.SpreadElement ? evaluator.evaluate(draftArgument) : undefined;
    const draft = written === undefined ? CFWORKER_DEFAULT_DRAFT : written.kind === 'primitive' ? CFWORKER_DRAFTS.get(String(written.value)) : undefined;
    return validationSink('validator', 'json-schema', `compiled by \`new ${calleeText(call.callee, 'Validator', evaluator)}\``, 'Validator', slot, draft);
  }
  if (callee.type === AST_NODE_TYPES.Identifier) {
    const imported = importedFrom(callee, evaluator);
    if (imported?.specifier === CFWORKER_MODULE && imported.importedName === 'validate' && index === 1) {
      return validationSink('validator', 'json-schema', `validated against by \`${calleeText(call.callee, 'validate', evaluator)}\``, 'validate', slot, CFWORKER_DEFAULT_DRAFT);
    }
    // TypeBox 1.x: `import { Compile } from 'typebox/compile'`.
    if (imported && TYPEBOX_MODULE.test(imported.specifier) && imported.importedName === 'Compile' && index === 0) return parsedBy(call, 'Compile', slot, evaluator, 'compiled by');
    const library = resolveLibraryCall(evaluator.moduleOf(call), call, evaluator.libraryEnvironment);
    if (library?.library === 'valibot' && library.steps.length === 1 && VALIBOT_VALIDATING_FUNCTIONS.has(library.steps[0]!.name) && index === 0) return parsedBy(call, library.steps[0]!.name, slot, evaluator);
    return undefined;
  }
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const method = memberName(callee);
  if (method === undefined || index !== 0) return undefined;
  if (method === 'getValidator') {
    return validationSink('validator', 'json-schema', `compiled by \`${calleeText(call.callee, method, evaluator)}\``, method, slot);
  }
  const namespace = importedFrom(callee.object, evaluator);
  if (namespace && TYPEBOX_MODULE.test(namespace.specifier)) {
    // `import { Value } from '@sinclair/typebox/value'`, or TypeBox 1.x's `import Value from 'typebox/value'`.
    const isValue = namespace.importedName === 'Value' || (namespace.specifier.endsWith('/value') && (namespace.importedName === 'default' || namespace.importedName === '*'));
    if (isValue && TYPEBOX_VALUE_FUNCTIONS.has(method)) return parsedBy(call, method, slot, evaluator, method === 'Parse' ? 'parsed by' : 'validated against by');
    if (namespace.importedName === 'TypeCompiler' && method === 'Compile') return parsedBy(call, method, slot, evaluator, 'compiled by');
    return undefined;
  }
  const library = resolveLibraryCall(evaluator.moduleOf(call), call, evaluator.libraryEnvironment);
  if (library?.library === 'valibot' && library.steps.length === 1 && VALIBOT_VALIDATING_FUNCTIONS.has(library.steps[0]!.name)) return parsedBy(call, method, slot, evaluator);
  return undefined;
}
