import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, unwrapTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { type FunctionNode, getFunctionName, isFunctionNode } from '../syntax/function-name.js';
import { schemaNatureOf, valueExpressions } from '../flow/schema-evidence.js';
import { JSON_SCHEMA_KEYWORDS } from '../schemas/schema-model.js';
import { describeSink } from '../flow/sink-model.js';
import { getSinkAnalysis } from '../flow/value-flow.js';
import { declaredSchemaType } from '../schemas/declared-schema-type.js';
import { builtToolSchemaKey, isToolHandler, returnsToolResult } from './tool-handler-evidence.js';
import { namesSchemaProduct, startsWithWord } from './schema-names.js';

/**
 * Schema helpers: functions that build, convert or marshal a tool / API schema. Found by the
 * schema type they declare they return (`: JSONSchema7`, `: z.ZodTypeAny`), by what they
 * return (a JSON Schema, a library schema, a converter's result, a compiled validator), by
 * where their result goes (a tool definition, Ajv, a schema library: the shared sink analysis),
 * or, as a hint that needs a return value to stand on, by a name that says they make a schema.
 */

export type SchemaHelperReason =
  | { readonly kind: 'name' }
  | { readonly kind: 'name-pattern'; readonly pattern: string }
  /** Its declared return type names a schema type (`: JSONSchema7`, `: Promise<z.ZodTypeAny>`). */
  | { readonly kind: 'declared-return-type'; readonly type: string }
  | { readonly kind: 'returns-schema-literal' }
  | { readonly kind: 'returns-library-schema' }
  | { readonly kind: 'returns-converter-result'; readonly converter: string }
  /** It returns a tool definition whose schema (under `key`) it builds. */
  | { readonly kind: 'returns-tool-schema'; readonly key: string }
  | { readonly kind: 'result-reaches-sink'; readonly sink: string };

export interface SchemaHelper {
  readonly node: FunctionNode;
  /** Undefined for an anonymous function recognised by what it returns. */
  readonly name: string | undefined;
  readonly reason: SchemaHelperReason;
}

export interface SchemaHelperOptions {
  /** Word prefixes (`is`, `validate`) of names that are never helpers: validators throw by design. */
  readonly ignoreNames: readonly string[];
  /** Extra name patterns that make a function a helper. */
  readonly helperNames: readonly RegExp[];
}

export interface SchemaHelperFinder {
  classify(fn: FunctionNode): SchemaHelper | undefined;
  /**
   * The innermost schema helper `node` runs in. Callbacks and inner functions belong to the
   * helper around them, except code that runs at validation time: callbacks a schema library
   * runs while parsing (`.refine`, `.transform`, …), a Standard Schema's `~standard.validate`, a
   * validator (a function named like one), and functions only those call.
   */
  findEnclosingHelper(node: TSESTree.Node): SchemaHelper | undefined;
}

/**
 * Members by which the value a helper builds parses or validates later: an output format's
 * `parse`, the `validate` option of the AI SDK's `jsonSchema()`, a codec's `decode`.
 */
const STORED_VALIDATOR_NAMES = new Set(['parse', 'safeParse', 'parseAsync', 'validate', 'decode', 'coerce']);

/** Results of validating with a schema: data, not a schema. */
const PARSE_METHODS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'validate', 'decode', 'coerce', 'Check', 'Decode']);

/**
 * Whether a returned expression could be a schema at all: not a primitive, a text built from
 * parts, a comparison, `this`, an error or a list, nor the result of parsing with a schema.
 */
/** The body of an HTTP client's response (axios `data`, fetch-like `body`), the rows of a database client's result (`pg`'s `rows`). */
const RESPONSE_BODY_MEMBERS = new Set(['data', 'body', 'rows']);

function mayBeSchemaValue(expression: TSESTree.Expression): boolean {
  const node = unwrapTypeWrappers(expression);
  switch (node.type) {
    case AST_NODE_TYPES.Literal:
    case AST_NODE_TYPES.TemplateLiteral:
    case AST_NODE_TYPES.BinaryExpression:
    case AST_NODE_TYPES.UnaryExpression:
    case AST_NODE_TYPES.ThisExpression:
    case AST_NODE_TYPES.ArrayExpression:
    case AST_NODE_TYPES.NewExpression:
    case AST_NODE_TYPES.UpdateExpression:
      return false;
    case AST_NODE_TYPES.Identifier:
      return node.name !== 'undefined';
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrapTypeWrappers(node.callee);
      return !(callee.type === AST_NODE_TYPES.MemberExpression && PARSE_METHODS.has(memberName(callee) ?? ''));
    }
    default:
      return true;
  }
}

/**
 * Schema-library methods whose callbacks run while a value is validated or parsed: zod's
 * `refine`/`superRefine`/`transform`/`check`/`preprocess`/`custom`/`overwrite`, valibot's
 * `check`/`transform`/`rawCheck`/`rawTransform`, TypeBox's `Transform(…).Decode/Encode`.
 * Matched by method name alone: the receiver is often a parameter whose library is unknowable.
 */
const VALIDATION_TIME_METHODS = new Set([
  'refine',
  'superRefine',
  'transform',
  'check',
  'preprocess',
  'custom',
  'overwrite',
  'rawCheck',
  'rawTransform',
  'Decode',
  'Encode',
]);

function calledMethodName(call: TSESTree.CallExpression): string | undefined {
  return call.callee.type === AST_NODE_TYPES.MemberExpression ? memberName(call.callee) : undefined;
}

function isValidationTimeArgument(node: TSESTree.Node): boolean {
  const parent = node.parent;
  return (
    parent?.type === AST_NODE_TYPES.CallExpression &&
    parent.arguments.includes(node as TSESTree.CallExpressionArgument) &&
    VALIDATION_TIME_METHODS.has(calledMethodName(parent) ?? '')
  );
}

/** `'~standard': { validate(value) { … } }`: a Standard Schema's validator, run when arguments are parsed. */
function isStandardSchemaValidate(fn: FunctionNode): boolean {
  const holder = fn.parent;
  if (holder?.type !== AST_NODE_TYPES.Property || holder.value !== fn || getKeyName(holder.key, holder.computed) !== 'validate') return false;
  const standard = holder.parent.parent;
  return standard?.type === AST_NODE_TYPES.Property && getKeyName(standard.key, standard.computed) === '~standard';
}

export function createSchemaHelperFinder(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  options: SchemaHelperOptions,
): SchemaHelperFinder {
  const { sourceCode } = context;
  const helpers = new Map<FunctionNode, SchemaHelper | null>();

  function isIgnoredName(name: string): boolean {
    const bare = name.replace(/^[#_$]+/, '');
    return options.ignoreNames.some((prefix) => startsWithWord(bare, prefix));
  }

  /** The expressions `fn` returns: its `return` arguments, or an arrow's expression body. */
  function returnedExpressions(fn: FunctionNode): TSESTree.Expression[] {
    if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return [fn.body];
    const returned: TSESTree.Expression[] = [];
    forEachDescendant(fn.body, sourceCode.visitorKeys, (node) => {
      if (isFunctionNode(node)) return false;
      if (node.type === AST_NODE_TYPES.ReturnStatement && node.argument) returned.push(node.argument);
      return true;
    });
    return returned;
  }

  /** What `fn` returns, when that makes it a schema helper. */
  function reasonFromReturns(returned: readonly TSESTree.Expression[]): SchemaHelperReason | undefined {
    const evaluator = getSinkAnalysis(context).evaluator;
    for (const expression of returned.flatMap((value) => valueExpressions(value))) {
      const nature = schemaNatureOf(expression, evaluator);
      if (nature === 'json-schema') return { kind: 'returns-schema-literal' };
      if (nature === 'builder') return { kind: 'returns-library-schema' };
      if (nature === 'converter-result' || nature === 'validator') {
        const call = unwrapTypeWrappers(expression);
        const source = call.type === AST_NODE_TYPES.CallExpression ? call : evaluator.evaluate(call).node;
        const callee = source?.type === AST_NODE_TYPES.CallExpression ? source.callee : call;
        return { kind: 'returns-converter-result', converter: evaluator.moduleOf(callee).text.slice(callee.range[0], callee.range[1]) };
      }
    }
    return undefined;
  }

  /**
   * A name is a hint, never the reason alone: it counts when it says the function makes a schema
   * (`toolSchema`, `mustSchema`, `getInputSchema`; not `parseWithSchema`, whose schema is its
   * input) and the function returns something that can be one.
   */
  function reasonFromName(fn: FunctionNode, name: string, returned: readonly TSESTree.Expression[]): SchemaHelperReason | undefined {
    const pattern = options.helperNames.find((candidate) => candidate.test(name));
    if (pattern) return { kind: 'name-pattern', pattern: String(pattern) };
    if (!namesSchemaProduct(name)) return undefined;
    // A tool's handler named for the (database) schema it reads answers the tool's call.
    const evaluator = getSinkAnalysis(context).evaluator;
    if (returnsToolResult(returned, evaluator) || isToolHandler(fn, usesOf(fn) ?? [], evaluator)) return undefined;
    const builds =
      returned.flatMap((value) => valueExpressions(value)).some((value) => mayBeSchemaValue(value) && !isFetchedBody(value)) || writesKeywordIntoParameter(fn);
    return builds ? { kind: 'name' } : undefined;
  }

  /**
   * `return response.data` after `const response = await this.client.get(url)`, `return res.json()`:
   * a schema fetched from a service (n8n-mcp's `getCredentialSchema`) or read from a database (`result.rows`) is built elsewhere, and a
   * throw here reports a failed request, not a failed build.
   */
  function isFetchedBody(expression: TSESTree.Expression): boolean {
    let node = unwrapTypeWrappers(expression);
    if (node.type === AST_NODE_TYPES.AwaitExpression) node = unwrapTypeWrappers(node.argument);
    if (node.type === AST_NODE_TYPES.CallExpression && node.arguments.length === 0 && node.callee.type === AST_NODE_TYPES.MemberExpression) {
      return memberName(node.callee) === 'json';
    }
    if (node.type !== AST_NODE_TYPES.MemberExpression || !RESPONSE_BODY_MEMBERS.has(memberName(node) ?? '')) return false;
    const holder = unwrapTypeWrappers(node.object);
    if (holder.type === AST_NODE_TYPES.AwaitExpression) return holder.argument.type === AST_NODE_TYPES.CallExpression;
    if (holder.type !== AST_NODE_TYPES.Identifier) return false;
    const definitions = ASTUtils.findVariable(sourceCode.getScope(holder), holder.name)?.defs ?? [];
    const declarator = definitions.length === 1 ? definitions[0]!.node : undefined;
    const init = declarator?.type === AST_NODE_TYPES.VariableDeclarator ? declarator.init : null;
    return init?.type === AST_NODE_TYPES.AwaitExpression && unwrapTypeWrappers(init.argument).type === AST_NODE_TYPES.CallExpression;
  }

  /**
   * `mergeAllOfSubschemas(target, subs)` writes `target.properties = merged`: a function that
   * builds the schema it is handed in place (returning nothing) still builds one.
   */
  function writesKeywordIntoParameter(fn: FunctionNode): boolean {
    const parameters = new Set(fn.params.flatMap((parameter) => (parameter.type === AST_NODE_TYPES.Identifier ? [parameter.name] : [])));
    if (parameters.size === 0) return false;
    let writes = false;
    forEachDescendant(fn.body, sourceCode.visitorKeys, (node) => {
      if (writes || isFunctionNode(node)) return false;
      if (node.type === AST_NODE_TYPES.AssignmentExpression && node.left.type === AST_NODE_TYPES.MemberExpression) {
        const target = unwrapTypeWrappers(node.left.object);
        const key = memberName(node.left);
        writes = target.type === AST_NODE_TYPES.Identifier && parameters.has(target.name) && key !== undefined && JSON_SCHEMA_KEYWORDS.has(key);
      }
      return !writes;
    });
    return writes;
  }

  function classify(fn: FunctionNode): SchemaHelper | undefined {
    const cached = helpers.get(fn);
    if (cached !== undefined) return cached ?? undefined;
    const helper = classifyUncached(fn);
    helpers.set(fn, helper ?? null);
    return helper;
  }

  function classifyUncached(fn: FunctionNode): SchemaHelper | undefined {
    // A setter stores a value; it never builds the schema it is handed.
    if ((fn.parent.type === AST_NODE_TYPES.MethodDefinition || fn.parent.type === AST_NODE_TYPES.Property) && fn.parent.kind === 'set') {
      return undefined;
    }
    const name = getFunctionName(fn);
    if (name !== undefined && isIgnoredName(name)) return undefined;
    // What the code declares is evidence whoever calls the function, and costs no evaluation.
    const declared = declaredSchemaType(fn, getSinkAnalysis(context).evaluator);
    if (declared) return { node: fn, name, reason: { kind: 'declared-return-type', type: declared.name } };
    const returned = returnedExpressions(fn);
    let reason = reasonFromReturns(returned);
    if (!reason) {
      const key = builtToolSchemaKey(returned, getSinkAnalysis(context).evaluator);
      if (key !== undefined) reason = { kind: 'returns-tool-schema', key };
    }
    if (!reason && returned.length > 0) {
      const sink = getSinkAnalysis(context).resultSinkOf(fn);
      if (sink.kind === 'schema' && sink.sink.role !== 'converter-return') reason = { kind: 'result-reaches-sink', sink: describeSink(sink.sink) };
    }
    reason ??= name === undefined ? undefined : reasonFromName(fn, name, returned);
    return reason ? { node: fn, name, reason } : undefined;
  }

  /** The function declared under `fn`'s name, and the references that use it. */
  function usesOf(fn: FunctionNode): TSESLint.Scope.Reference[] | undefined {
    const declaration =
      fn.type === AST_NODE_TYPES.FunctionDeclaration
        ? fn
        : fn.parent.type === AST_NODE_TYPES.VariableDeclarator && fn.parent.init === fn
          ? fn.parent
          : undefined;
    if (!declaration) return undefined;
    const name = declaration.id?.type === AST_NODE_TYPES.Identifier ? declaration.id.name : undefined;
    // A function declaration also declares its parameters; only the function's own name matters.
    const variables = (sourceCode.scopeManager?.getDeclaredVariables(declaration) ?? []).filter((variable) => variable.name === name);
    return variables.flatMap((variable) => variable.references.filter((reference) => !reference.init));
  }

  /**
   * Runs when arguments are validated: a library's parse-time callback, a Standard Schema's
   * `validate`, or a validator stored on the value a helper builds (`{ validate(value) { … } }`),
   * which the helper hands out rather than calls. A validator the helper calls itself
   * (`fields.forEach(assertNamed)`) runs while the schema is built, and belongs to the helper.
   */
  function runsAtValidationTime(fn: FunctionNode): boolean {
    if (isValidationTimeArgument(fn) || isStandardSchemaValidate(fn)) return true;
    const name = getFunctionName(fn);
    const holder = fn.parent;
    const isStored = holder.type === AST_NODE_TYPES.Property || holder.type === AST_NODE_TYPES.MethodDefinition || holder.type === AST_NODE_TYPES.PropertyDefinition;
    return isStored && name !== undefined && (isIgnoredName(name) || STORED_VALIDATOR_NAMES.has(name));
  }

  function isInsideValidationTime(node: TSESTree.Node): boolean {
    for (let current = node.parent; current; current = current.parent) {
      if (isFunctionNode(current) && runsAtValidationTime(current)) return true;
    }
    return false;
  }

  /**
   * `const positive = (n) => …; z.number().refine(positive)`, and `getValidator` called only from a
   * Standard Schema's `validate`: a named function used only at validation time runs then too.
   */
  function isOnlyUsedAtValidationTime(fn: FunctionNode): boolean {
    const uses = usesOf(fn);
    return (
      uses !== undefined &&
      uses.length > 0 &&
      uses.every((reference) => isValidationTimeArgument(reference.identifier) || isInsideValidationTime(reference.identifier))
    );
  }

  function findEnclosingHelper(node: TSESTree.Node): SchemaHelper | undefined {
    for (let current = node.parent; current; current = current.parent) {
      if (!isFunctionNode(current)) continue;
      if (runsAtValidationTime(current) || isOnlyUsedAtValidationTime(current)) return undefined;
      const helper = classify(current);
      if (helper) return helper;
    }
    return undefined;
  }

  return { classify, findEnclosingHelper };
}
