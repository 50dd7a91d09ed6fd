import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { isTypeWrapper, memberName } from './ast.js';
import { forEachDescendant } from './ast-walk.js';
import { getEvaluator } from './evaluator.js';
import { type FunctionNode, getFunctionName, isFunctionNode } from './function-name.js';
import { isSchemaConverterCall } from './schema-libraries.js';
import { isAnnotationKeyword, isJsonSchemaShaped, JSON_SCHEMA_KEYWORDS } from './schema-model.js';
import type { StaticValue } from './static-value.js';

/**
 * Schema helpers: functions that build, convert or marshal a tool / API schema. Found by name
 * (cheap, and what the ADR's `mustSchema` / `toolSchema` look like) or by what they return.
 */

export type SchemaHelperReason =
  | { readonly kind: 'name' }
  | { readonly kind: 'name-pattern'; readonly pattern: string }
  | { readonly kind: 'returns-schema-literal' }
  | { readonly kind: 'returns-converter-result'; readonly converter: string };

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
   * helper around them, except callbacks a schema library runs at validation time (`.refine`,
   * `.transform`, …): those run when arguments are parsed, long after the helper returned.
   */
  findEnclosingHelper(node: TSESTree.Node): SchemaHelper | undefined;
}

const SCHEMA_NAME = /schema/i;

/** OpenAPI's additions to a schema object; a literal using them is still a schema. */
const OPENAPI_SCHEMA_KEYWORDS = new Set(['nullable', 'discriminator', 'example', 'xml', 'externalDocs']);

/**
 * Without a schema position to vouch for it, a returned literal is a schema only if every key it
 * has is a schema keyword: `{ type: 'string', value }` is a lexer's token, not a schema.
 */
function isReturnedSchema(value: StaticValue): boolean {
  return (
    value.kind === 'object' &&
    isJsonSchemaShaped(value) &&
    [...value.properties.keys()].every((key) => JSON_SCHEMA_KEYWORDS.has(key) || isAnnotationKeyword(key) || OPENAPI_SCHEMA_KEYWORDS.has(key))
  );
}

function isGlobalJsonCall(node: TSESTree.Expression, method: string): node is TSESTree.CallExpression {
  return (
    node.type === AST_NODE_TYPES.CallExpression &&
    node.callee.type === AST_NODE_TYPES.MemberExpression &&
    node.callee.object.type === AST_NODE_TYPES.Identifier &&
    node.callee.object.name === 'JSON' &&
    calledMethodName(node) === method
  );
}

/**
 * The expressions whose value a `return` hands back: through `await`, type assertions, both
 * branches of `?:`/`??`/`||`, and marshalling (`JSON.stringify(schema)`, the ADR's case).
 */
function returnedValueExpressions(expression: TSESTree.Expression, found: TSESTree.Expression[] = []): TSESTree.Expression[] {
  switch (expression.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return returnedValueExpressions(expression.argument, found);
    case AST_NODE_TYPES.ConditionalExpression:
      returnedValueExpressions(expression.consequent, found);
      return returnedValueExpressions(expression.alternate, found);
    case AST_NODE_TYPES.LogicalExpression:
      returnedValueExpressions(expression.left, found);
      return returnedValueExpressions(expression.right, found);
    case AST_NODE_TYPES.SequenceExpression:
      return returnedValueExpressions(expression.expressions.at(-1)!, found);
    default:
      if (isTypeWrapper(expression)) return returnedValueExpressions(expression.expression, found);
      break;
  }
  if ((isGlobalJsonCall(expression, 'stringify') || isGlobalJsonCall(expression, 'parse')) && expression.arguments[0]) {
    const [marshalled] = expression.arguments;
    if (marshalled.type !== AST_NODE_TYPES.SpreadElement) return returnedValueExpressions(marshalled, found);
  }
  found.push(expression);
  return found;
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

/**
 * Whether `name` starts with the word `prefix`: `isSchema`, `is_schema`, `IS_SCHEMA` do;
 * `issueSchema` and `checkoutSchema` do not. A constant-case name needs `_` after the prefix,
 * since every letter is upper case there.
 */
export function startsWithWord(name: string, prefix: string): boolean {
  if (prefix.length === 0 || !name.toLowerCase().startsWith(prefix.toLowerCase())) return false;
  const next = name[prefix.length];
  if (next === undefined) return true;
  const constantCase = name === name.toUpperCase();
  return constantCase ? !/[A-Z]/.test(next) : !/[a-z]/.test(next);
}

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

export function createSchemaHelperFinder(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  options: SchemaHelperOptions,
): SchemaHelperFinder {
  const { sourceCode } = context;
  const helpers = new Map<FunctionNode, SchemaHelper | null>();

  function reasonFromName(name: string): SchemaHelperReason | undefined {
    if (SCHEMA_NAME.test(name)) return { kind: 'name' };
    const pattern = options.helperNames.find((candidate) => candidate.test(name));
    return pattern ? { kind: 'name-pattern', pattern: String(pattern) } : undefined;
  }

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

  function converterReason(node: TSESTree.Node | undefined): SchemaHelperReason | undefined {
    if (node?.type !== AST_NODE_TYPES.CallExpression) return undefined;
    const evaluator = getEvaluator(context);
    const module = evaluator.moduleOf(node);
    if (!isSchemaConverterCall(module, node, evaluator.libraryEnvironment)) return undefined;
    const [start, end] = node.callee.range;
    return { kind: 'returns-converter-result', converter: module.text.slice(start, end) };
  }

  function reasonFromBody(fn: FunctionNode): SchemaHelperReason | undefined {
    for (const returned of returnedExpressions(fn)) {
      for (const expression of returnedValueExpressions(returned)) {
        const direct = converterReason(expression);
        if (direct) return direct;
        const value = getEvaluator(context).evaluate(expression);
        if (isReturnedSchema(value)) return { kind: 'returns-schema-literal' };
        // `const json = zodToJsonSchema(input); return json;`: the value is opaque, its source is not.
        const viaConstant = value.node === expression ? undefined : converterReason(value.node);
        if (viaConstant) return viaConstant;
      }
    }
    return undefined;
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
    const reason = (name !== undefined ? reasonFromName(name) : undefined) ?? reasonFromBody(fn);
    return reason ? { node: fn, name, reason } : undefined;
  }

  /**
   * `const positive = (n) => …; z.number().refine(positive)`: a named function used only as a
   * validation-time callback is one, wherever it is declared.
   */
  function isOnlyUsedAtValidationTime(fn: FunctionNode): boolean {
    const declaration =
      fn.type === AST_NODE_TYPES.FunctionDeclaration
        ? fn
        : fn.parent.type === AST_NODE_TYPES.VariableDeclarator && fn.parent.init === fn
          ? fn.parent
          : undefined;
    if (!declaration) return false;
    const name = declaration.id?.type === AST_NODE_TYPES.Identifier ? declaration.id.name : undefined;
    // A function declaration also declares its parameters; only the function's own name matters.
    const variables = (sourceCode.scopeManager?.getDeclaredVariables(declaration) ?? []).filter((variable) => variable.name === name);
    const uses = variables.flatMap((variable) => variable.references.filter((reference) => !reference.init));
    return uses.length > 0 && uses.every((reference) => isValidationTimeArgument(reference.identifier));
  }

  function isValidationTimeCallback(fn: FunctionNode): boolean {
    return isValidationTimeArgument(fn) || isOnlyUsedAtValidationTime(fn);
  }

  function findEnclosingHelper(node: TSESTree.Node): SchemaHelper | undefined {
    for (let current = node.parent; current; current = current.parent) {
      if (!isFunctionNode(current)) continue;
      if (isValidationTimeCallback(current)) return undefined;
      const helper = classify(current);
      if (helper) return helper;
    }
    return undefined;
  }

  return { classify, findEnclosingHelper };
}
