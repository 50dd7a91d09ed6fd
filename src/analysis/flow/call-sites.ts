import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, isTypeWrapper, memberName, unwrapChainAndTypeWrappers, unwrapTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { isFunctionNode, type FunctionNode } from '../syntax/function-name.js';

/**
 * Functions and their calls within one file, for following a value one level: where a function's
 * result goes (its calls), and which function a call runs (to follow an argument into it). By
 * name through the scope manager, and `this.method(…)` within a class.
 */

/** The outermost type wrapper around `node` (or `node`): what occupies its slot. */
export function outermostWrapper(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent && isTypeWrapper(current.parent)) current = current.parent;
  return current;
}

function thisMemberKey(callee: TSESTree.MemberExpression): string | undefined {
  return memberName(callee) ?? (callee.property.type === AST_NODE_TYPES.PrivateIdentifier ? `#${callee.property.name}` : undefined);
}

/** The class body `this` refers to at `node`, if any. */
export function enclosingClassBody(node: TSESTree.Node): TSESTree.ClassBody | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === AST_NODE_TYPES.ClassBody) return current;
    // `this` inside a non-arrow function that is not a method is not the class instance.
    if (current.type === AST_NODE_TYPES.FunctionDeclaration) return undefined;
  }
  return undefined;
}

export class CallSites {
  private readonly callSites = new Map<FunctionNode, readonly TSESTree.CallExpression[]>();
  private readonly classCalls = new Map<TSESTree.ClassBody, Map<string, TSESTree.CallExpression[]>>();

  constructor(private readonly sourceCode: Readonly<TSESLint.SourceCode>) {}

  /** The function of this file a call calls: by name, or `this.method()` within its class. */
  calledFunction(call: TSESTree.CallExpression): FunctionNode | undefined {
    const callee = unwrapChainAndTypeWrappers(call.callee);
    if (callee.type === AST_NODE_TYPES.Identifier) {
      const variable = ASTUtils.findVariable(this.sourceCode.getScope(callee), callee.name);
      const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
      if (definition?.node.type === AST_NODE_TYPES.FunctionDeclaration) return definition.node;
      if (definition?.node.type === AST_NODE_TYPES.VariableDeclarator && definition.node.init) {
        const init = unwrapTypeWrappers(definition.node.init);
        return isFunctionNode(init) ? init : undefined;
      }
      return undefined;
    }
    if (callee.type !== AST_NODE_TYPES.MemberExpression || unwrapChainAndTypeWrappers(callee.object).type !== AST_NODE_TYPES.ThisExpression) return undefined;
    const body = enclosingClassBody(callee);
    const key = thisMemberKey(callee);
    if (!body || key === undefined) return undefined;
    for (const member of body.body) {
      if ((member.type === AST_NODE_TYPES.MethodDefinition || member.type === AST_NODE_TYPES.PropertyDefinition) && getKeyName(member.key, member.computed) === key) {
        const value = member.value && unwrapTypeWrappers(member.value);
        return value && isFunctionNode(value) ? value : undefined;
      }
    }
    return undefined;
  }

  callSitesOf(fn: FunctionNode): readonly TSESTree.CallExpression[] {
    let calls = this.callSites.get(fn);
    if (!calls) this.callSites.set(fn, (calls = this.findCallSites(fn)));
    return calls;
  }

  private findCallSites(fn: FunctionNode): TSESTree.CallExpression[] {
    const holder = outermostWrapper(fn).parent;
    if (holder?.type === AST_NODE_TYPES.MethodDefinition || (holder?.type === AST_NODE_TYPES.PropertyDefinition && holder.value && unwrapTypeWrappers(holder.value) === fn)) {
      const key = getKeyName(holder.key, holder.computed);
      return key === undefined || holder.parent.type !== AST_NODE_TYPES.ClassBody ? [] : (this.thisCalls(holder.parent).get(key) ?? []);
    }
    const declaration = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : holder?.type === AST_NODE_TYPES.VariableDeclarator ? holder : undefined;
    if (!declaration) return [];
    const calls: TSESTree.CallExpression[] = [];
    for (const variable of this.sourceCode.scopeManager?.getDeclaredVariables(declaration) ?? []) {
      if (declaration.type === AST_NODE_TYPES.FunctionDeclaration && variable.name !== declaration.id?.name) continue;
      for (const reference of variable.references) {
        const use = outermostWrapper(reference.identifier);
        if (use.parent?.type === AST_NODE_TYPES.CallExpression && use.parent.callee === use) calls.push(use.parent);
      }
    }
    return calls;
  }

  /** `this.name(…)` calls in a class, by name: one walk per class, for every method asked about. */
  private thisCalls(body: TSESTree.ClassBody): Map<string, TSESTree.CallExpression[]> {
    let calls = this.classCalls.get(body);
    if (calls) return calls;
    calls = new Map();
    const found = calls;
    forEachDescendant(body, this.sourceCode.visitorKeys, (node) => {
      // A nested class has its own `this`.
      if (node.type === AST_NODE_TYPES.ClassBody) return false;
      if (node.type !== AST_NODE_TYPES.CallExpression) return true;
      const callee = unwrapChainAndTypeWrappers(node.callee);
      if (callee.type === AST_NODE_TYPES.MemberExpression && unwrapChainAndTypeWrappers(callee.object).type === AST_NODE_TYPES.ThisExpression) {
        const key = thisMemberKey(callee);
        if (key !== undefined) found.set(key, [...(found.get(key) ?? []), node]);
      }
      return true;
    });
    this.classCalls.set(body, calls);
    return calls;
  }
}
