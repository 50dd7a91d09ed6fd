import { ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { isTypeWrapper, memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import type { ModuleSource } from '../modules/module-graph.js';

type Variable = TSESLint.Scope.Variable;

/** What a name refers to, as far as the scope manager (no type information) can tell. */
export type Binding =
  /** `const x = …` (or a `let`/`var` never reassigned); `identifier` is the name inside a pattern. */
  | {
      readonly kind: 'declarator';
      readonly module: ModuleSource;
      readonly variable: Variable;
      readonly declarator: TSESTree.VariableDeclarator;
      readonly identifier: TSESTree.Identifier;
      /**
       * False for a `let`/`var` that is written again later, or a binding whose object is written
       * into (`x.a = v`, `x.list.push(v)`): its initial value is not its value.
       */
      readonly constant: boolean;
    }
  | { readonly kind: 'enum'; readonly module: ModuleSource; readonly variable: Variable; readonly declaration: TSESTree.TSEnumDeclaration }
  /** `import { importedName } from specifier` (`'*'` for a namespace import, `'default'` for a default one). */
  | {
      readonly kind: 'import';
      readonly module: ModuleSource;
      readonly variable: Variable;
      readonly specifier: string;
      readonly importedName: string;
    }
  | { readonly kind: 'function'; readonly module: ModuleSource; readonly variable: Variable; readonly node: TSESTree.FunctionDeclaration }
  /** A parameter, catch binding, class, or anything else whose value is not written where it is declared. */
  | { readonly kind: 'opaque'; readonly module: ModuleSource; readonly variable: Variable }
  /** No declaration in the file: a global such as `undefined`, `Object`, `process`. */
  | { readonly kind: 'global'; readonly name: string };

/** Methods that change the array, map or set they are called on. */
const MUTATING_METHODS = new Set(['push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin', 'set', 'add', 'delete', 'clear']);

/**
 * Whether code writes into the bound object after its declaration: `x.a = v`, `x.a.b![k] = v`,
 * `x.list.push(v)`, `delete x.a`, `x.n++`, `Object.assign(x, ...)`. Its initialiser then shows
 * only where it started (a schema literal filled in property by property looks empty).
 */
function isMutatedThroughMembers(variable: Variable): boolean {
  return variable.references.some((reference) => {
    let node: TSESTree.Node = reference.identifier;
    let parent = node.parent;
    let member: TSESTree.MemberExpression | undefined;
    while (
      parent &&
      ((parent.type === 'MemberExpression' && parent.object === node) ||
        isTypeWrapper(parent) ||
        parent.type === 'ChainExpression')
    ) {
      if (parent.type === 'MemberExpression') member = parent;
      node = parent;
      parent = node.parent;
    }
    if (!parent) return false;
    if (member) {
      if ((parent.type === 'AssignmentExpression' && parent.left === node) || parent.type === 'UpdateExpression') return true;
      if (parent.type === 'UnaryExpression' && parent.operator === 'delete') return true;
      if (parent.type === 'CallExpression' && parent.callee === node && member === node) {
        const method = memberName(member);
        if (method !== undefined && MUTATING_METHODS.has(method)) return true;
      }
      return false;
    }
    return (
      parent.type === 'CallExpression' &&
      parent.arguments[0] === node &&
      parent.callee.type === 'MemberExpression' &&
      parent.callee.object.type === 'Identifier' &&
      parent.callee.object.name === 'Object' &&
      parent.callee.property.type === 'Identifier' &&
      (parent.callee.property.name === 'assign' || parent.callee.property.name === 'defineProperty')
    );
  });
}

function isConstantVariable(variable: Variable, declaration: TSESTree.VariableDeclaration): boolean {
  if (isMutatedThroughMembers(variable)) return false;
  if (declaration.kind === 'const') return true;
  if (declaration.kind !== 'let' && declaration.kind !== 'var') return false;
  return variable.defs.length === 1 && variable.references.every((reference) => !reference.isWrite() || reference.init === true);
}

/**
 * Bindings by variable: a variable belongs to one parse of one module, so what it binds never
 * changes, and a file asks about the same names many times (each deciding whether a `const` is
 * written into walks all its references). Kept per module, in a plain map the module holds
 * through one weak entry: a weak entry per variable of the linted file would be work for every
 * young-generation collection while the file is linted.
 */
const bindingsByModule = new WeakMap<ModuleSource, Map<Variable, Binding>>();

function bindingOfVariable(module: ModuleSource, variable: Variable | null, name: string): Binding {
  if (!variable || variable.defs.length === 0) return { kind: 'global', name };
  let bindings = bindingsByModule.get(module);
  if (!bindings) bindingsByModule.set(module, (bindings = new Map()));
  let binding = bindings.get(variable);
  if (!binding) bindings.set(variable, (binding = describeVariable(module, variable)));
  return binding;
}

function describeVariable(module: ModuleSource, variable: Variable): Binding {
  const definition = variable.defs[0]!;
  switch (definition.type) {
    case 'Variable': {
      const declarator = definition.node as TSESTree.VariableDeclarator;
      const declaration = definition.parent as TSESTree.VariableDeclaration;
      const inLoopHead =
        (declaration.parent?.type === 'ForOfStatement' || declaration.parent?.type === 'ForInStatement') &&
        declaration.parent.left === declaration;
      if (inLoopHead) return { kind: 'opaque', module, variable };
      return {
        kind: 'declarator',
        module,
        variable,
        declarator,
        identifier: definition.name as TSESTree.Identifier,
        constant: isConstantVariable(variable, declaration),
      };
    }
    case 'ImportBinding': {
      const specifier = definition.node as TSESTree.ImportClause | TSESTree.TSImportEqualsDeclaration;
      if (specifier.type === 'TSImportEqualsDeclaration') return { kind: 'opaque', module, variable };
      const declaration = specifier.parent as TSESTree.ImportDeclaration;
      const importedName =
        specifier.type === 'ImportNamespaceSpecifier'
          ? '*'
          : specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.imported.type === 'Identifier'
              ? specifier.imported.name
              : specifier.imported.value;
      return { kind: 'import', module, variable, specifier: declaration.source.value, importedName };
    }
    case 'TSEnumName':
      return { kind: 'enum', module, variable, declaration: definition.node as TSESTree.TSEnumDeclaration };
    case 'FunctionName':
      if (definition.node.type === 'FunctionDeclaration') {
        return { kind: 'function', module, variable, node: definition.node };
      }
      return { kind: 'opaque', module, variable };
    case 'ImplicitGlobalVariable':
      return { kind: 'global', name: variable.name };
    default:
      return { kind: 'opaque', module, variable };
  }
}

/**
 * Resolves a name where it is used, through ESLint's scope manager: the innermost scope around it
 * (`getScope`, cached per node), then outwards. The name is passed, not the node: given a node,
 * `findVariable` first searches the scope's child scopes for one containing it, which at the top
 * level of a module is a scan of every function in the file for every name looked up there.
 */
export function findBinding(module: ModuleSource, identifier: TSESTree.Identifier): Binding {
  const variable = ASTUtils.findVariable(module.getScope(identifier), identifier.name);
  return bindingOfVariable(module, variable, identifier.name);
}

/** Resolves a top-level name of a module (the local side of an `export`). */
export function findTopLevelBinding(module: ModuleSource, name: string): Binding {
  return bindingOfVariable(module, module.moduleScope.set.get(name) ?? null, name);
}

/**
 * The object literal a constant is bound to (`const defaults = { … } as Options`), read whole by
 * the evaluator (`bindingValue`): every key it writes is a key of the value, since a spread only
 * adds keys or makes their values unknown. Undefined for anything else, a destructuring included.
 */
export function constantObjectLiteral(module: ModuleSource, node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
  if (node.type !== 'Identifier') return undefined;
  const binding = findBinding(module, node);
  if (binding.kind !== 'declarator' || !binding.constant || binding.declarator.id !== binding.identifier || !binding.declarator.init) return undefined;
  const init = unwrapChainAndTypeWrappers(binding.declarator.init);
  return init.type === 'ObjectExpression' ? init : undefined;
}
