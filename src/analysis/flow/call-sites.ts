import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, isTypeWrapper, memberName, unwrapChainAndTypeWrappers, unwrapTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { isFunctionNode, type FunctionNode } from '../syntax/function-name.js';
import type { Evaluator } from '../values/evaluator.js';
import { findBinding, findTopLevelBinding } from '../values/bindings.js';
import { resolveImport } from '../modules/module-graph.js';

/**
 * Functions and their calls within one file, for following a value one level: where a function's
 * result goes (its calls), and which function a call runs (to follow an argument into it). By
 * name through the scope manager, and `this.method(…)` within a class.
 */

/** A class declaration's or expression's constructor, if it writes one. */
function constructorOfClass(declared: TSESTree.Node | undefined): FunctionNode | undefined {
  if (declared?.type !== AST_NODE_TYPES.ClassDeclaration && declared?.type !== AST_NODE_TYPES.ClassExpression) return undefined;
  const constructor = declared.body.body.find(
    (member): member is TSESTree.MethodDefinition => member.type === AST_NODE_TYPES.MethodDefinition && member.kind === 'constructor',
  );
  return constructor?.value.type === AST_NODE_TYPES.FunctionExpression ? constructor.value : undefined;
}

/**
 * The function or constructor of another module of the project that a call of the linted file
 * runs (`import { LocalTool } from './local-tool.js'; new LocalTool(…)`), found by the evaluator's
 * module analysis, which reads that module only as far as the import needs: from the importing
 * side, never by parsing the project for callers.
 */
export function importedCallee(call: TSESTree.CallExpression | TSESTree.NewExpression, evaluator: Evaluator): FunctionNode | undefined {
  const callee = unwrapChainAndTypeWrappers(call.callee);
  if (callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const value = evaluator.evaluate(callee);
  if (call.type === AST_NODE_TYPES.CallExpression) {
    const declared = value.node;
    return value.kind === 'function' && declared && isFunctionNode(declared) && evaluator.moduleOf(declared) !== evaluator.module ? declared : undefined;
  }
  // A class is no value to the evaluator: its declaration is looked up where the import leads.
  const binding = findBinding(evaluator.module, callee);
  if (binding.kind !== 'import') return undefined;
  const target = resolveImport(binding.module.file, binding.specifier, binding.importedName, evaluator.libraryEnvironment.checked);
  if (target?.kind !== 'local') return undefined;
  const declared = findTopLevelBinding(target.module, target.localName);
  const node = declared.kind === 'global' ? undefined : declared.variable.defs[0]?.node;
  // Only a module the evaluator has read for this file: its nodes' scopes are known.
  if (!node || evaluator.moduleOf(node) !== target.module) return undefined;
  return constructorOfClass(node.type === AST_NODE_TYPES.VariableDeclarator && node.init ? unwrapTypeWrappers(node.init) : node);
}

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
  private readonly classMembers = new Map<TSESTree.ClassBody, { reads: Map<string, TSESTree.MemberExpression[]> }>();

  constructor(private readonly sourceCode: Readonly<TSESLint.SourceCode>) {}

  /**
   * The function of this file a call calls: by name, or `this.method()` within its class; for
   * `new X(…)`, the constructor of the class `X` of this file.
   */
  calledFunction(call: TSESTree.CallExpression | TSESTree.NewExpression): FunctionNode | undefined {
    const callee = unwrapChainAndTypeWrappers(call.callee);
    if (call.type === AST_NODE_TYPES.NewExpression) return callee.type === AST_NODE_TYPES.Identifier ? this.constructorOf(callee) : undefined;
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

  private constructorOf(name: TSESTree.Identifier): FunctionNode | undefined {
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(name), name.name);
    const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    const declared = definition?.node.type === AST_NODE_TYPES.VariableDeclarator && definition.node.init ? unwrapTypeWrappers(definition.node.init) : definition?.node;
    return constructorOfClass(declared);
  }

  /** Reads of `this.key` in a class (not writes to it): where a value stored in a member goes on. */
  thisReadsOf(body: TSESTree.ClassBody, key: string): readonly TSESTree.MemberExpression[] {
    return this.thisMembers(body).reads.get(key) ?? [];
  }

  private thisMembers(body: TSESTree.ClassBody): { reads: Map<string, TSESTree.MemberExpression[]> } {
    let members = this.classMembers.get(body);
    if (members) return members;
    const reads = new Map<string, TSESTree.MemberExpression[]>();
    forEachDescendant(body, this.sourceCode.visitorKeys, (node) => {
      // A nested class, or a non-arrow function that is not a method, has its own `this`.
      if (node.type === AST_NODE_TYPES.ClassBody || node.type === AST_NODE_TYPES.FunctionDeclaration) return false;
      if (node.type === AST_NODE_TYPES.FunctionExpression && node.parent.type !== AST_NODE_TYPES.MethodDefinition && node.parent.type !== AST_NODE_TYPES.PropertyDefinition) return false;
      if (node.type !== AST_NODE_TYPES.MemberExpression || unwrapChainAndTypeWrappers(node.object).type !== AST_NODE_TYPES.ThisExpression) return true;
      const key = thisMemberKey(node);
      const written = node.parent.type === AST_NODE_TYPES.AssignmentExpression && node.parent.left === node;
      if (key === undefined || written) return true;
      const known = reads.get(key);
      if (known) known.push(node);
      else reads.set(key, [node]);
      return true;
    });
    members = { reads };
    this.classMembers.set(body, members);
    return members;
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
        const known = key === undefined ? undefined : found.get(key);
        if (known) known.push(node);
        else if (key !== undefined) found.set(key, [node]);
      }
      return true;
    });
    this.classCalls.set(body, calls);
    return calls;
  }
}
