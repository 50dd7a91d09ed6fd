import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, isTypeWrapper } from '../syntax/ast.js';
import { isToolSchemaKey } from '../flow/schema-sinks.js';

/**
 * The vocabulary of fallbacks (forms, causes, positions) and the cause analysis: whether a guard
 * or a left-hand side asks "was it declared?" (absence) or "did building it work?" (failure), and
 * whether a test tells kinds apart (a converter's branch) rather than guarding against a failure.
 */

/**
 * Where a value stands in for another one: the syntactic forms in which code substitutes a default
 * when the real value is missing or could not be produced. Purely syntactic; whether the value is a
 * (permissive) schema is the schema model's question.
 */
export type FallbackForm =
  /** `catch { return X }`, `catch { schema = X }` */
  | 'catch'
  /** `a ?? X`, `a || X`, `a ??= X`, `a ||= X` */
  | 'logical'
  /** `test ? built : X` */
  | 'conditional'
  /** `function f(schema = X)`, `const { inputSchema = X } = def` */
  | 'default-value'
  /** `promise.catch(() => X)`, `promise.then(ok, () => X)` */
  | 'rejection-handler'
  /** `result.unwrapOr(X)`, `getOrElse(() => X)`, `orElse`, `valueOr`, `withDefault` */
  | 'result-default'
  /** `if (!built.ok) return X` in a function that otherwise returns something else */
  | 'guard-return'
  /** `if (built.ok) schema = built.value; else schema = X`: the other branch assigns the real value */
  | 'branch-assign'
  /** `default: return X` in a `switch` whose other cases return */
  | 'switch-default';

/**
 * ABSENCE: the fallback is taken when nothing was declared (`def.inputSchema ?? X`,
 * `if (tool.inputSchema === undefined) return X`, a default value).
 * FAILURE: it is taken when producing the real value went wrong (a call's result, a result's `ok`,
 * a caught error, a `catch`).
 */
export type FallbackCause = 'absence' | 'failure';

export interface FallbackPosition {
  readonly form: FallbackForm;
  readonly cause: FallbackCause;
  /**
   * Names the position is known by: the binding, property, parameter or assignment target the
   * fallback flows into, the function a returned fallback leaves, and the names the guard tests
   * (`inputSchema` in `def.inputSchema ?? X`). A schema-position name among them makes it a schema.
   */
  readonly names: readonly string[];
  /**
   * What the fallback stands in for: the left of `??`, the other branch, the `try` block's results,
   * the guarded function's other returns, the other cases of the switch, the promise or result.
   */
  readonly replaced: readonly TSESTree.Expression[];
  /**
   * Set when the expression is a property of the fallback value (`catch { return { ...tool,
   * inputSchema: X } }`) rather than the whole value: the property's key.
   */
  readonly nestedKey?: string;
  /** For a guard's early return, the guard's test and the function it guards (`if (!x) return X`). */
  readonly guard?: { readonly test: TSESTree.Expression; readonly fn: TSESTree.Node };
}

/** Members of a build result that say whether building worked (`built.ok`, `parsed.success`, `r.isErr()`). */
export const OUTCOME_MEMBERS: ReadonlySet<string> = new Set([
  'ok',
  'success',
  'succeeded',
  'successful',
  'valid',
  'isValid',
  'error',
  'errors',
  'err',
  'failed',
  'failure',
  'issues',
  'isOk',
  'isErr',
  'isError',
  'isSuccess',
  'isFailure',
  'isLeft',
  'isRight',
]);

/** Calls that look a declared value up rather than build one: a miss there is absence, not failure. */
const LOOKUP_METHODS = new Set(['get', 'find', 'findLast', 'at', 'getItem', 'hasOwnProperty', 'hasOwn']);

export function methodName(callee: TSESTree.Node): string | undefined {
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type === AST_NODE_TYPES.MemberExpression) return getKeyName(callee.property, callee.computed);
  return undefined;
}

/**
 * The name a reference is read under: `schema`, the `inputSchema` of `tool?.inputSchema`, the
 * `loadSchema` of `loadSchema(url)`. Only the last link counts: `schema.additionalProperties` is an
 * `additionalProperties` value, not a schema.
 */
export function referenceName(node: TSESTree.Node): string | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.Identifier:
      return node.name;
    case AST_NODE_TYPES.MemberExpression:
      return getKeyName(node.property, node.computed);
    case AST_NODE_TYPES.ChainExpression:
      return referenceName(node.expression);
    case AST_NODE_TYPES.CallExpression:
      return referenceName(node.callee);
    case AST_NODE_TYPES.AwaitExpression:
      return referenceName(node.argument);
    default:
      return isTypeWrapper(node) ? referenceName(node.expression) : undefined;
  }
}

/** The names a guard tests: `!tool.inputSchema || typeof schema !== 'object'` → `inputSchema`, `schema`. */
export function testedNames(node: TSESTree.Node, names: string[] = []): string[] {
  switch (node.type) {
    case AST_NODE_TYPES.LogicalExpression:
    case AST_NODE_TYPES.BinaryExpression:
      testedNames(node.left, names);
      testedNames(node.right, names);
      break;
    case AST_NODE_TYPES.UnaryExpression:
      testedNames(node.argument, names);
      break;
    default: {
      const name = referenceName(node);
      if (name !== undefined) names.push(name);
    }
  }
  return names;
}

export interface Resolver {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

/**
 * Whether a value is the outcome of building something: a (non-lookup) call's result, a result's
 * `ok`/`error`, a caught error, or a binding initialised from one of those.
 */
export function isBuildOutcome(node: TSESTree.Node, resolver: Resolver, depth = 0): boolean {
  if (depth > 4) return false;
  switch (node.type) {
    case AST_NODE_TYPES.ChainExpression:
      return isBuildOutcome(node.expression, resolver, depth);
    case AST_NODE_TYPES.AwaitExpression:
      return isBuildOutcome(node.argument, resolver, depth);
    case AST_NODE_TYPES.UnaryExpression:
      return isBuildOutcome(node.argument, resolver, depth);
    case AST_NODE_TYPES.MemberExpression: {
      const key = getKeyName(node.property, node.computed);
      if (key !== undefined && OUTCOME_MEMBERS.has(key)) return true;
      // `def.inputSchema` reads a declared field: missing is absence, whatever produced `def`. The
      // word only chooses between the two messages; whether the value is a schema is the sink's question.
      if (key !== undefined && (isToolSchemaKey(key) || /schema$/i.test(key))) return false;
      return isBuildOutcome(node.object, resolver, depth);
    }
    case AST_NODE_TYPES.CallExpression: {
      const name = methodName(node.callee);
      if (name !== undefined && OUTCOME_MEMBERS.has(name)) return true;
      if (name !== undefined && LOOKUP_METHODS.has(name)) return false;
      return true;
    }
    case AST_NODE_TYPES.Identifier: {
      if (OUTCOME_MEMBERS.has(node.name)) return true;
      const variable = ASTUtils.findVariable(resolver.sourceCode.getScope(node), node.name);
      const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
      if (!definition) return false;
      if (definition.type === 'CatchClause') return true;
      if (definition.node.type === AST_NODE_TYPES.VariableDeclarator && definition.node.init) {
        return isBuildOutcome(definition.node.init, resolver, depth + 1);
      }
      return false;
    }
    default:
      return isTypeWrapper(node) ? isBuildOutcome(node.expression, resolver, depth) : false;
  }
}

export function isNullish(node: TSESTree.Node): boolean {
  return (
    (node.type === AST_NODE_TYPES.Literal && node.value === null && !('regex' in node)) ||
    (node.type === AST_NODE_TYPES.Identifier && node.name === 'undefined') ||
    (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === 'void')
  );
}

/**
 * What a guard tests: ABSENCE when it only asks whether something was declared (truthiness,
 * `=== undefined`, `== null`, `typeof x === 'undefined'`, `'k' in x`, `Object.hasOwn`) of a value
 * that is not a build outcome; FAILURE for everything else (a result's `ok`, a shape check, a call).
 */
export function testCause(test: TSESTree.Node, resolver: Resolver): FallbackCause {
  switch (test.type) {
    case AST_NODE_TYPES.LogicalExpression:
      return testCause(test.left, resolver) === 'absence' && testCause(test.right, resolver) === 'absence'
        ? 'absence'
        : 'failure';
    case AST_NODE_TYPES.UnaryExpression:
      return test.operator === '!' ? testCause(test.argument, resolver) : 'failure';
    case AST_NODE_TYPES.BinaryExpression: {
      if (test.operator === 'in') return isBuildOutcome(test.right, resolver) ? 'failure' : 'absence';
      if (!['===', '!==', '==', '!='].includes(test.operator)) return 'failure';
      const { left, right } = test;
      const typeofSubject = (side: TSESTree.Node, other: TSESTree.Node): TSESTree.Node | undefined =>
        side.type === AST_NODE_TYPES.UnaryExpression &&
        side.operator === 'typeof' &&
        other.type === AST_NODE_TYPES.Literal &&
        other.value === 'undefined'
          ? side.argument
          : undefined;
      const subject =
        (isNullish(right) ? left : undefined) ??
        (isNullish(left) ? right : undefined) ??
        typeofSubject(left, right) ??
        typeofSubject(right, left);
      if (!subject) return 'failure';
      return isBuildOutcome(subject, resolver) ? 'failure' : 'absence';
    }
    case AST_NODE_TYPES.CallExpression: {
      const name = methodName(test.callee);
      return name === 'hasOwn' || name === 'hasOwnProperty' ? 'absence' : 'failure';
    }
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.MemberExpression:
    case AST_NODE_TYPES.ChainExpression:
      return isBuildOutcome(test, resolver) ? 'failure' : 'absence';
    default:
      return isTypeWrapper(test) ? testCause(test.expression, resolver) : 'failure';
  }
}

/** Members (and bindings) that say which kind of node a converter looks at: `s.type`, `def.typeName`, `node.kind`. */
const KIND_MEMBERS = new Set(['type', 'kind', 'typeName', '_type', 'tag', '_tag', '$type', 'nodeType', 'Kind']);

/** `s.type`, `def?.typeName`, or a binding holding one (`const type = inferType(value)`). */
export function isKindMember(node: TSESTree.Node): boolean {
  const name =
    node.type === AST_NODE_TYPES.ChainExpression
      ? referenceName(node.expression)
      : node.type === AST_NODE_TYPES.MemberExpression || node.type === AST_NODE_TYPES.Identifier
        ? referenceName(node)
        : undefined;
  return name !== undefined && KIND_MEMBERS.has(name);
}

/** A constant a kind is compared with: `'ZodAny'`, `` `object` ``, `ZodFirstPartyTypeKind.ZodAny`. */
function isKindConstant(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.Literal) return typeof node.value === 'string';
  if (node.type === AST_NODE_TYPES.TemplateLiteral) return node.expressions.length === 0;
  return node.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.object.type === AST_NODE_TYPES.Identifier;
}

/**
 * Whether a test tells kinds apart: `def.typeName === 'ZodAny'`, `s.type === 'object'`,
 * `typeof v === 'string'`, `x instanceof ZodAny`, `['a', 'b'].includes(s.type)`, and `||` of those.
 * The branch it guards translates that kind (a converter's `ZodAny` case returning `{}` is
 * faithful, a form's default for an object is `{}`); only the code after every kind test, the
 * unknown-kind branch, is a fallback. Only positive tests: `s.type !== 'object'` guards a failure.
 */
export function isKindTest(test: TSESTree.Node): boolean {
  switch (test.type) {
    case AST_NODE_TYPES.LogicalExpression:
      return test.operator === '||' ? isKindTest(test.left) && isKindTest(test.right) : test.operator === '&&' && isKindTest(test.left);
    case AST_NODE_TYPES.BinaryExpression: {
      if (test.operator === 'instanceof') return true;
      if (test.operator !== '===' && test.operator !== '==') return false;
      const { left, right } = test;
      const isTypeof = (side: TSESTree.Node, other: TSESTree.Node): boolean =>
        side.type === AST_NODE_TYPES.UnaryExpression && side.operator === 'typeof' && other.type === AST_NODE_TYPES.Literal && other.value !== 'undefined';
      if (isTypeof(left, right) || isTypeof(right, left)) return true;
      return (isKindMember(left) && isKindConstant(right)) || (isKindMember(right) && isKindConstant(left));
    }
    case AST_NODE_TYPES.CallExpression: {
      const argument = test.arguments[0];
      return methodName(test.callee) === 'includes' && argument !== undefined && isKindMember(argument);
    }
    default:
      return false;
  }
}

/**
 * Members that choose the form a converter writes: `refs.target`, `options.$refStrategy`, and any
 * other `…Strategy` option (zod-to-json-schema's `effectStrategy`, `mapStrategy`, `pipeStrategy`).
 */
const MODE_MEMBERS = new Set(['target', 'mode', 'strategy', '$refStrategy', 'dialect', 'draft', 'format', 'io']);
const STRATEGY_OPTION = /Strategy$/;

/**
 * Whether a test picks the form a converter writes for a target or strategy the caller chose
 * (`refs.target !== 'openAi'`, `refs.$refStrategy === 'seen'`): every branch is a translation for
 * one of them, none a fallback for a failure.
 */
export function isModeTest(test: TSESTree.Node): boolean {
  if (test.type !== AST_NODE_TYPES.BinaryExpression || !['===', '!==', '==', '!='].includes(test.operator)) return false;
  const isMode = (side: TSESTree.Node): boolean => {
    const name = side.type === AST_NODE_TYPES.MemberExpression ? referenceName(side) : undefined;
    return name !== undefined && (MODE_MEMBERS.has(name) || STRATEGY_OPTION.test(name));
  };
  const isConstant = (side: TSESTree.Node): boolean => side.type === AST_NODE_TYPES.Literal && typeof side.value === 'string';
  return (isMode(test.left) && isConstant(test.right)) || (isMode(test.right) && isConstant(test.left));
}

/** Calls listing an object's own entries: an empty list means an empty object. */
const ENTRY_LISTS = new Set(['keys', 'entries', 'values', 'getOwnPropertyNames']);

function isEntryList(node: TSESTree.Node, resolver: Resolver): boolean {
  if (node.type === AST_NODE_TYPES.CallExpression) {
    const callee = node.callee;
    return (
      callee.type === AST_NODE_TYPES.MemberExpression &&
      callee.object.type === AST_NODE_TYPES.Identifier &&
      callee.object.name === 'Object' &&
      ENTRY_LISTS.has(getKeyName(callee.property, callee.computed) ?? '')
    );
  }
  if (node.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = ASTUtils.findVariable(resolver.sourceCode.getScope(node), node.name);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  return definition?.node.type === AST_NODE_TYPES.VariableDeclarator && definition.node.init !== null && definition.node.id === definition.name && isEntryList(definition.node.init, resolver);
}

/** `list.length` of an entry list, or `list` itself under `!`. */
function entryCount(node: TSESTree.Node, resolver: Resolver): boolean {
  return node.type === AST_NODE_TYPES.MemberExpression && getKeyName(node.property, node.computed) === 'length' && isEntryList(node.object, resolver);
}

/**
 * `Object.keys(sample).length === 0`, `!keys.length` (with `const keys = Object.keys(x)`): the
 * input is an empty object. What follows translates it (an empty sample is any object, an empty
 * zod shape accepts any object): an inference or a faithful case, not a fallback for a failure.
 */
export function isEmptyObjectTest(test: TSESTree.Node, resolver: Resolver): boolean {
  if (test.type === AST_NODE_TYPES.UnaryExpression) return test.operator === '!' && entryCount(test.argument, resolver);
  if (test.type !== AST_NODE_TYPES.BinaryExpression || !['===', '=='].includes(test.operator)) return false;
  const isZero = (side: TSESTree.Node): boolean => side.type === AST_NODE_TYPES.Literal && side.value === 0;
  return (entryCount(test.left, resolver) && isZero(test.right)) || (entryCount(test.right, resolver) && isZero(test.left));
}
