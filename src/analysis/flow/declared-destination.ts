import { AST_NODE_TYPES, ASTUtils, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, unwrapTypeWrappers } from '../syntax/ast.js';
import { isFunctionNode, type FunctionNode } from '../syntax/function-name.js';
import { declaredSchemaType, type DeclaredSchemaType } from '../schemas/declared-schema-type.js';
import type { Evaluator } from '../values/evaluator.js';

/**
 * Where a value goes by what the code declares there: returned from a function declared
 * `: JSONSchema7`, assigned to a binding or class field annotated with a schema type, passed as a
 * parameter declared with one, or cast to one (`as`, `satisfies`). The value is followed up the tree through `??`/`||`/`?:`, `await`, type
 * wrappers and promise handlers (`.catch(() => X)` is what the promise yields), never across a
 * call of the function: the declaration says what the value is, whoever calls it.
 */

export interface DeclaredDestination {
  readonly type: DeclaredSchemaType;
  /** Where the value goes, as a message says it: "returned as the `JSONSchema7` this function declares". */
  readonly description: string;
}

/** Parents looked at; a value sits a few expressions below the statement it leaves by. */
const MAX_STEPS = 16;

/** `.catch(fn)`, `.then(ok, fn)`: what `fn` returns is what the promise yields. */
function promiseCallOf(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const index = call.arguments.indexOf(fn as TSESTree.CallExpressionArgument);
  const method = memberName(call.callee);
  return (method === 'catch' && index === 0) || (method === 'then' && (index === 0 || index === 1)) ? call : undefined;
}

function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionNode(current)) return current;
  return undefined;
}

/** The annotation of the binding or parameter `target` names, or of `this.field`'s class field. */
function assignedTarget(target: TSESTree.Node, evaluator: Evaluator): { declaration: TSESTree.Node; name: string } | undefined {
  if (target.type === AST_NODE_TYPES.Identifier) {
    const variable = ASTUtils.findVariable(evaluator.moduleOf(target).getScope(target), target.name);
    const declared = variable?.defs.length === 1 ? variable.defs[0]!.name : undefined;
    return declared && { declaration: declared, name: target.name };
  }
  if (target.type !== AST_NODE_TYPES.MemberExpression || target.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const field = memberName(target);
  for (let current: TSESTree.Node | undefined = target.parent; current; current = current.parent) {
    if (current.type !== AST_NODE_TYPES.ClassBody) continue;
    const declaration = current.body.find(
      (member) => member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && getKeyName(member.key, member.computed) === field,
    );
    return declaration && field !== undefined ? { declaration, name: `this.${field}` } : undefined;
  }
  return undefined;
}

/**
 * `register(name, built.ok ? built.value : {})` where `register(name: string, schema: JSONSchema7)`:
 * the parameter's declaration, of a function the evaluator resolves (in this file or imported).
 */
function passedTo(call: TSESTree.CallExpression | TSESTree.NewExpression, argument: TSESTree.Node, evaluator: Evaluator): DeclaredDestination | undefined {
  const index = call.arguments.indexOf(argument as TSESTree.CallExpressionArgument);
  if (index < 0 || call.arguments.slice(0, index).some((before) => before.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  const callee = evaluator.evaluate(call.callee);
  if (callee.kind !== 'function') return undefined;
  const parameter = callee.function.params[index];
  if (!parameter || parameter.type === AST_NODE_TYPES.RestElement) return undefined;
  const type = declaredSchemaType(parameter, evaluator);
  const inner = parameter.type === AST_NODE_TYPES.TSParameterProperty ? parameter.parameter : parameter;
  const named = inner.type === AST_NODE_TYPES.AssignmentPattern ? inner.left : inner;
  const name = named.type === AST_NODE_TYPES.Identifier ? named.name : `parameter ${index + 1}`;
  const fn = callee.function.type === AST_NODE_TYPES.ArrowFunctionExpression ? undefined : callee.function.id?.name;
  const of = fn === undefined ? '' : ` of \`${fn}()\``;
  return type && { type, description: `passed as \`${name}\`${of}, declared \`${type.name}\`` };
}

/** Where the value of `expression` goes by a declared schema type, if it goes to one. */
export function declaredDestinationOf(expression: TSESTree.Node, evaluator: Evaluator): DeclaredDestination | undefined {
  // `{} as JSONSchema7` is asked about as a whole: the casts around the value are on its way.
  let node = unwrapTypeWrappers(expression);
  for (let steps = 0; steps < MAX_STEPS && node.parent; steps += 1) {
    const parent: TSESTree.Node = node.parent;
    let fn: FunctionNode | undefined;
    switch (parent.type) {
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.TSTypeAssertion: {
        const type = declaredSchemaType(parent, evaluator);
        if (type) {
          const description = parent.type === AST_NODE_TYPES.TSSatisfiesExpression ? `checked to satisfy \`${type.name}\`` : `asserted to be a \`${type.name}\``;
          return { type, description };
        }
        // `as unknown`, `as any`: the value goes on to wherever the cast goes.
        node = parent;
        continue;
      }
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.ChainExpression:
      case AST_NODE_TYPES.AwaitExpression:
        node = parent;
        continue;
      case AST_NODE_TYPES.LogicalExpression:
        if (parent.operator === '&&' && parent.left === node) return undefined;
        node = parent;
        continue;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test === node) return undefined;
        node = parent;
        continue;
      case AST_NODE_TYPES.ReturnStatement:
        fn = enclosingFunction(parent);
        break;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        if (parent.body !== node) return undefined;
        fn = parent;
        break;
      case AST_NODE_TYPES.VariableDeclarator: {
        const type = parent.init === node ? declaredSchemaType(parent, evaluator) : undefined;
        const name = parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : undefined;
        return type && name !== undefined ? { type, description: `assigned to \`${name}\`, declared \`${type.name}\`` } : undefined;
      }
      case AST_NODE_TYPES.AssignmentExpression: {
        if (parent.right !== node || !['=', '??=', '||='].includes(parent.operator)) return undefined;
        const target = assignedTarget(parent.left, evaluator);
        const type = target && declaredSchemaType(target.declaration, evaluator);
        return type && target ? { type, description: `assigned to \`${target.name}\`, declared \`${type.name}\`` } : undefined;
      }
      case AST_NODE_TYPES.CallExpression:
      case AST_NODE_TYPES.NewExpression:
        return parent.callee === node ? undefined : passedTo(parent, node, evaluator);
      case AST_NODE_TYPES.PropertyDefinition: {
        const type = parent.value === node ? declaredSchemaType(parent, evaluator) : undefined;
        const name = getKeyName(parent.key, parent.computed);
        return type && name !== undefined ? { type, description: `stored in \`${name}\`, declared \`${type.name}\`` } : undefined;
      }
      default:
        return undefined;
    }
    if (!fn) return undefined;
    const type = declaredSchemaType(fn, evaluator);
    if (type) return { type, description: `returned as the \`${type.name}\` this function declares` };
    // An undeclared promise handler yields the promise's value: follow the `.catch(…)` call on.
    const call = promiseCallOf(fn);
    if (!call) return undefined;
    node = call;
  }
  return undefined;
}
