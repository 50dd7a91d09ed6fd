import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { memberName } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import type { Evaluator } from '../values/evaluator.js';
import type { UnmarkedTable } from '../glossary/glossary.js';
import { resolveImport, type ModuleSource } from '../modules/module-graph.js';
import type { StaticValue } from '../values/static-value.js';

/**
 * Whether the server's own code routes on a list's values: switches over them, compares with
 * them, keys a handler map by them, or tests membership in the list. Such a list is the set of
 * values the server handles (its own TypeScript `enum`, the actions a tool dispatches on), closed
 * by construction: an enum made from it gates nothing the server would accept. A table copied
 * from someone else's list (cloud regions, a vendor's models) is not routed on; it is only
 * copied into the schema.
 */

/** Methods asking whether a value is one of the list's: `LIST.includes(x)`, `SET.has(x)`. */
const MEMBERSHIP_METHODS = new Set(['includes', 'indexOf', 'has', 'some', 'every', 'find', 'findIndex']);

/** The string `case` labels and `===` operands of a module, collected once per module. */
const routedLiterals = new WeakMap<TSESTree.Program, ReadonlySet<string>>();

function literalsRoutedOn(module: ModuleSource, visitorKeys: TSESLint.SourceCode.VisitorKeys): ReadonlySet<string> {
  let found = routedLiterals.get(module.ast);
  if (found) return found;
  const literals = new Set<string>();
  const add = (node: TSESTree.Node | null | undefined): void => {
    if (node?.type === AST_NODE_TYPES.Literal && typeof node.value === 'string') literals.add(node.value);
  };
  forEachDescendant(module.ast, visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.SwitchCase) add(node.test);
    else if (node.type === AST_NODE_TYPES.BinaryExpression && (node.operator === '===' || node.operator === '==')) {
      add(node.left);
      add(node.right);
    }
    return true;
  });
  found = literals;
  routedLiterals.set(module.ast, found);
  return found;
}

function stringValues(value: StaticValue): string[] | undefined {
  const items = value.kind === 'array' ? value.elements : value.kind === 'object' ? [...value.properties.values()].map((property) => property.value) : undefined;
  if (!items) return undefined;
  const strings: string[] = [];
  for (const item of items) {
    if (item.kind !== 'primitive' || typeof item.value !== 'string') return undefined;
    strings.push(item.value);
  }
  return strings;
}

/** A read of the list that dispatches on it: `case E.A:`, `x === E.A`, `[E.A]: handler`, `LIST.includes(x)`, `new Set(LIST)`. */
function isRoutingUse(identifier: TSESTree.Node): boolean {
  let node: TSESTree.Node = identifier;
  // `new Set(options.features ?? LIST)`: the list is the default of what is tested.
  while (node.parent?.type === AST_NODE_TYPES.LogicalExpression && node.parent.right === node) node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.NewExpression && parent.arguments[0] === node) {
    return parent.callee.type === AST_NODE_TYPES.Identifier && (parent.callee.name === 'Set' || parent.callee.name === 'Map');
  }
  if (parent.type !== AST_NODE_TYPES.MemberExpression || parent.object !== node) return false;
  const member = memberName(parent);
  const use = parent.parent;
  if (member !== undefined && MEMBERSHIP_METHODS.has(member) && use.type === AST_NODE_TYPES.CallExpression && use.callee === parent) return true;
  // A member of an enum (`E.A`) in a case label, a comparison, or a computed key.
  if (use.type === AST_NODE_TYPES.SwitchCase) return use.test === parent;
  if (use.type === AST_NODE_TYPES.BinaryExpression) return ['===', '!==', '==', '!='].includes(use.operator);
  return use.type === AST_NODE_TYPES.Property && use.computed && use.key === parent;
}

function declaredName(node: TSESTree.Node): string | undefined {
  if (node.type === AST_NODE_TYPES.TSEnumDeclaration) return node.id.name;
  if (node.type === AST_NODE_TYPES.VariableDeclarator && node.id.type === AST_NODE_TYPES.Identifier) return node.id.name;
  return undefined;
}

/**
 * Whether the server routes on `table`'s values, in the module that declares it or the linted
 * file. Whatever the list's size: when the server itself accepts exactly these values, an enum
 * made from them rejects nothing the server would take, and the server's own check is where a
 * rejection is seen.
 */
export function isRoutedByServer(table: UnmarkedTable, evaluator: Evaluator, visitorKeys: TSESLint.SourceCode.VisitorKeys): boolean {
  const values = stringValues(table.value);
  const name = declaredName(table.node);
  if (name === undefined) return false;
  const home = evaluator.moduleOf(table.node);
  const modules = new Set([home, evaluator.module]);
  for (const module of modules) {
    const variable = module.moduleScope.set.get(name);
    if (variable?.references.some((reference) => !reference.init && isRoutingUse(reference.identifier))) return true;
    if (values && values.length > 0) {
      const routed = literalsRoutedOn(module, visitorKeys);
      if (values.every((value) => routed.has(value))) return true;
    }
  }
  return isRoutedByImportedHandler(home, name, evaluator);
}

/**
 * At most this many of the linted file's imports are opened to look for the handler: a tool's
 * module imports its handler's module, and a file importing more than this is not a tool module.
 */
const MAX_HANDLER_MODULES = 16;

/** Per linted file (its Program lives for one lint), the answers by table: `<module file>\0<name>`. */
const handlerAnswers = new WeakMap<TSESTree.Program, Map<string, boolean>>();

/**
 * Whether a module the linted file imports, which imports the table itself, routes on it: the
 * tool's module builds the schema and calls into a handler module that looks the request's value
 * up in the same table (`SOURCES.find((source) => source.id === docSource)`). Only the linted
 * file's direct imports are loaded (through the module graph, which parses each once per
 * version), and only those whose text names the table are searched. Asked only in `strict`, for
 * an unmarked table that reaches a tool's input; answered once per table and linted file.
 */
function isRoutedByImportedHandler(home: ModuleSource, name: string, evaluator: Evaluator): boolean {
  const linted = evaluator.module;
  let answers = handlerAnswers.get(linted.ast);
  if (!answers) handlerAnswers.set(linted.ast, (answers = new Map()));
  const key = `${home.file}\0${name}`;
  let answer = answers.get(key);
  if (answer === undefined) answers.set(key, (answer = searchImportedHandlers(linted, home, name, evaluator.libraryEnvironment.checked)));
  return answer;
}

function searchImportedHandlers(linted: ModuleSource, home: ModuleSource, name: string, checked: Set<string>): boolean {
  let opened = 0;
  for (const statement of linted.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === 'type') continue;
    if (opened++ >= MAX_HANDLER_MODULES) return false;
    const target = resolveImport(linted.file, statement.source.value, '*', checked);
    if (target?.kind !== 'namespace' || target.module === home || target.module === linted || !target.module.text.includes(name)) continue;
    if (routesOnImportedTable(target.module, home, name, checked)) return true;
  }
  return false;
}

function routesOnImportedTable(module: ModuleSource, home: ModuleSource, name: string, checked: Set<string>): boolean {
  for (const statement of module.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === 'type') continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== AST_NODE_TYPES.ImportSpecifier || specifier.importKind === 'type') continue;
      const imported = specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
      if (imported !== name) continue;
      const origin = resolveImport(module.file, statement.source.value, imported, checked);
      if (origin?.kind !== 'local' || origin.module !== home || origin.localName !== name) continue;
      const variable = module.moduleScope.set.get(specifier.local.name);
      if (variable?.references.some((reference) => isRoutingUse(reference.identifier))) return true;
    }
  }
  return false;
}
