import type { TSESTree } from '@typescript-eslint/utils';
import { getKeyName } from '../syntax/ast.js';
import { findBinding, findTopLevelBinding, type Binding } from './bindings.js';
import { ownExportNames, resolveExport, resolveImport, resolveRequire, type ExportTarget, type ModuleSource } from '../modules/module-graph.js';
import { MAX_ELEMENTS, primitive, read, unknown, type Environment, type Evaluation, type Variable } from './evaluation.js';
import type { ObjectValue, Origin, StaticProperty, StaticValue } from './static-value.js';
import { VALUE_LIMITS } from './value-budget.js';

/**
 * What a name holds: a `const` (whole or destructured), a TypeScript `enum`, a function, or an
 * import followed through the module graph to the declaration it names (`import`, `import * as`,
 * `require()`, JSON modules, installed dependencies). Every declaration a value is read through
 * becomes one of its origins, with its JSDoc, which is how a rule learns "this list is table T".
 */

export function identifier(ev: Evaluation, node: TSESTree.Identifier, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const binding = findBinding(module, node);
  if (env && 'variable' in binding && env.has(binding.variable)) return env.get(binding.variable)!;
  return bindingValue(ev, binding, node, depth);
}

function bindingValue(ev: Evaluation, binding: Binding, node: TSESTree.Node, depth: number): StaticValue {
  switch (binding.kind) {
    case 'global':
      if (binding.name === 'undefined') return primitive(undefined, node, ev.moduleOf(node).file);
      if (binding.name === 'NaN') return primitive(Number.NaN, node, ev.moduleOf(node).file);
      if (binding.name === 'Infinity') return primitive(Number.POSITIVE_INFINITY, node, ev.moduleOf(node).file);
      return unknown(node, ev.moduleOf(node).file);
    case 'declarator':
      return binding.constant ? declaratorValue(ev, binding, depth) : unknown(node, binding.module.file);
    case 'enum':
      return enumValue(ev, binding.module, binding.declaration, binding.variable, depth);
    case 'import':
      return importValue(ev, binding, node, depth);
    case 'function':
      return { kind: 'function', function: binding.node, node: binding.node, file: binding.module.file, origins: [] };
    case 'opaque':
      return unknown(node, binding.module.file);
  }
}

function declaratorValue(ev: Evaluation, binding: Extract<Binding, { kind: 'declarator' }>, depth: number): StaticValue {
  const key = binding.identifier;
  const cached = ev.memo.get(key);
  if (cached) return cached;
  const { declarator, module } = binding;
  if (!declarator.init || ev.inProgress.has(key)) return unknown(key, module.file);
  ev.inProgress.add(key);
  let bound: StaticValue;
  try {
    const whole = ev.value(declarator.init, module, undefined, depth);
    bound = declarator.id === key ? whole : project(ev, declarator.id, key, whole, module, depth);
  } finally {
    ev.inProgress.delete(key);
  }
  const statement = declarator.parent as TSESTree.VariableDeclaration;
  const container = statement.parent;
  const isModuleLevel = container?.type === 'Program' || (container?.type === 'ExportNamedDeclaration' && container.parent?.type === 'Program');
  const origin: Origin = {
    name: key.name,
    declaration: declarator,
    file: module.file,
    isModuleLevel,
    exported: container?.type === 'ExportNamedDeclaration' || isExportedByName(binding.variable),
    // Read only for a table's glossary marking: the module's comments are not needed before.
    get jsdoc() {
      return leadingJsdoc(module, container?.type === 'ExportNamedDeclaration' ? container : statement);
    },
    init: declarator.init,
    value: bound,
  };
  const result = ev.withOrigins(bound, [origin]);
  if (!ev.exhausted) ev.memo.set(key, result);
  return result;
}

/** The part of a destructured value a name binds: `const { a: [x = 1] } = v`. */
function project(
  ev: Evaluation,
  pattern: TSESTree.Node,
  target: TSESTree.Identifier,
  value: StaticValue,
  module: ModuleSource,
  depth: number,
): StaticValue {
  if (pattern === target) return value;
  switch (pattern.type) {
    case 'AssignmentPattern': {
      if (!containsNode(pattern.left, target)) return unknown(target, module.file);
      if (value.kind === 'unknown') return unknown(target, module.file, value.origins);
      const effective = value.kind === 'primitive' && value.value === undefined ? ev.value(pattern.right, module, undefined, depth) : value;
      return project(ev, pattern.left, target, effective, module, depth);
    }
    case 'ObjectPattern':
      for (const property of pattern.properties) {
        if (property.type === 'RestElement' || !containsNode(property.value, target)) continue;
        const key = property.computed ? undefined : getKeyName(property.key, false);
        return project(ev, property.value, target, key === undefined ? unknown(target, module.file) : read(ev, value, key, target, module), module, depth);
      }
      return unknown(target, module.file);
    case 'ArrayPattern':
      for (const [index, element] of pattern.elements.entries()) {
        if (!element || element.type === 'RestElement' || !containsNode(element, target)) continue;
        return project(ev, element, target, read(ev, value, String(index), target, module), module, depth);
      }
      return unknown(target, module.file);
    default:
      return unknown(target, module.file);
  }
}

function enumValue(ev: Evaluation, module: ModuleSource, declaration: TSESTree.TSEnumDeclaration, variable: Variable, depth: number): StaticValue {
  const key = declaration.id;
  const cached = ev.memo.get(key);
  if (cached) return cached;
  const properties = new Map<string, StaticProperty>();
  let complete = true;
  let next: number | undefined = 0;
  const members = declaration.body?.members ?? (declaration as unknown as { members: TSESTree.TSEnumMember[] }).members;
  for (const member of members) {
    const name = member.id.type === 'Identifier' ? member.id.name : member.id.type === 'Literal' ? String(member.id.value) : undefined;
    if (name === undefined) {
      complete = false;
      continue;
    }
    let value: StaticValue;
    if (member.initializer) {
      value = ev.value(member.initializer, module, undefined, depth);
    } else {
      value = next === undefined ? unknown(member, module.file) : primitive(next, member, module.file);
    }
    next = value.kind === 'primitive' && typeof value.value === 'number' ? value.value + 1 : undefined;
    properties.set(name, { value, keyNode: member.id });
  }
  const bound: ObjectValue = { kind: 'object', properties, complete, node: declaration, file: module.file, origins: [] };
  const container = declaration.parent;
  const origin: Origin = {
    name: key.name,
    declaration,
    file: module.file,
    isModuleLevel: container?.type === 'Program' || container?.parent?.type === 'Program',
    exported: container?.type === 'ExportNamedDeclaration' || isExportedByName(variable),
    get jsdoc() {
      return leadingJsdoc(module, container?.type === 'ExportNamedDeclaration' ? container : declaration);
    },
    init: undefined,
    value: bound,
  };
  const result = ev.withOrigins(bound, [origin]);
  ev.memo.set(key, result);
  return result;
}

function importValue(ev: Evaluation, binding: Extract<Binding, { kind: 'import' }>, node: TSESTree.Node, depth: number): StaticValue {
  if (binding.importedName === '*') return unknown(node, binding.module.file);
  const target = resolveImport(binding.module.file, binding.specifier, binding.importedName, ev.libraryEnvironment.checked);
  if (target?.kind === 'json') {
    // A JSON module is data without a declaration: the import is where the list enters the code.
    const value = ev.jsonValue(target.value, target.file);
    const origin: Origin = {
      name: binding.variable.name,
      declaration: binding.variable.defs[0]!.node as TSESTree.ImportClause,
      file: binding.module.file,
      isModuleLevel: true,
      exported: false,
      jsdoc: undefined,
      init: undefined,
      value,
    };
    return ev.withOrigins(value, [origin]);
  }
  if (target?.kind === 'external' && target.dependency !== undefined) {
    return dependencyValue(ev, target, binding.variable.name, binding.variable.defs[0]!.node as TSESTree.ImportClause, node, binding.module);
  }
  return targetValue(ev, target, node, binding.module, depth);
}

/**
 * A name imported from an installed dependency: its values are not read, but a list built from
 * it is still that package's table, so the value is unknown with an origin naming the package.
 */
function dependencyValue(
  ev: Evaluation,
  target: Extract<ExportTarget, { kind: 'external' }>,
  name: string,
  declaration: Origin['declaration'],
  node: TSESTree.Node,
  from: ModuleSource,
): StaticValue {
  const hole = unknown(node, from.file);
  const origin: Origin = {
    name,
    declaration,
    file: from.file,
    isModuleLevel: true,
    exported: false,
    jsdoc: undefined,
    init: undefined,
    value: hole,
    dependency: { packageName: target.dependency!, exportName: target.importedName },
  };
  return ev.withOrigins(hole, [origin]);
}

/** `require('./x')`: what the module assigns to `module.exports`, else its exports as an object. */
export function requireValue(ev: Evaluation, node: TSESTree.CallExpression, specifier: string, module: ModuleSource, depth: number): StaticValue {
  const target = resolveRequire(module.file, specifier, ev.libraryEnvironment.checked);
  if (target?.kind === 'external' && target.dependency !== undefined) {
    const declarator = node.parent.type === 'VariableDeclarator' ? node.parent : undefined;
    const name = declarator?.id.type === 'Identifier' ? declarator.id.name : target.dependency;
    return declarator ? dependencyValue(ev, { ...target, importedName: 'default' }, name, declarator, node, module) : unknown(node, module.file);
  }
  if (target?.kind !== 'namespace') return targetValue(ev, target, node, module, depth);
  const required = ev.remember(target.module);
  const properties = new Map<string, StaticProperty>();
  for (const name of ownExportNames(required)) {
    if (name === 'default' || properties.size >= MAX_ELEMENTS) continue;
    properties.set(name, { value: targetValue(ev, resolveExport(required, name, ev.libraryEnvironment.checked), node, module, depth), keyNode: undefined });
  }
  // `export *` sources and anything assigned indirectly may add names: the object is partial.
  return { kind: 'object', properties, complete: false, node, file: module.file, origins: [] };
}

function targetValue(ev: Evaluation, target: ExportTarget | undefined, node: TSESTree.Node, from: ModuleSource, depth: number): StaticValue {
  if (!target) return unknown(node, from.file);
  switch (target.kind) {
    case 'local': {
      const module = ev.remember(target.module);
      return bindingValue(ev, findTopLevelBinding(module, target.localName), node, depth + 1);
    }
    case 'expression':
      return ev.value(target.node, ev.remember(target.module), undefined, depth + 1);
    case 'json':
      return ev.jsonValue(target.value, target.file);
    case 'namespace':
    case 'external':
      return unknown(node, from.file);
  }
}

/** `ns.T` for `import * as ns from './glossary'`: the export, without building the whole namespace. */
export function namespaceMember(ev: Evaluation, object: TSESTree.Node, name: string, module: ModuleSource, depth: number): StaticValue | undefined {
  if (object.type !== 'Identifier') return undefined;
  const binding = findBinding(module, object);
  if (binding.kind !== 'import' || binding.importedName !== '*') return undefined;
  const namespace = resolveImport(module.file, binding.specifier, '*', ev.libraryEnvironment.checked);
  if (!namespace) return unknown(object, module.file);
  if (namespace.kind === 'external' && namespace.dependency !== undefined) {
    const declaration = binding.variable.defs[0]!.node as TSESTree.ImportClause;
    return dependencyValue(ev, { ...namespace, importedName: name }, `${binding.variable.name}.${name}`, declaration, object, module);
  }
  if (namespace.kind === 'json') return read(ev, ev.jsonValue(namespace.value, namespace.file), name, object, module);
  if (namespace.kind !== 'namespace') return unknown(object, module.file);
  const target = resolveExport(ev.remember(namespace.module), name, ev.libraryEnvironment.checked);
  return targetValue(ev, target, object, module, depth);
}

/**
 * Plain JSON (an imported `.json` module) as a value without source nodes. Nesting past
 * `VALUE_LIMITS.jsonDepth` is a hole (a recursion over it would overflow the stack); a document
 * past `VALUE_LIMITS.cells` is unknown as a whole, found out before it is all built.
 */
export function valueFromJson(json: unknown, file: string, origins: readonly Origin[] = []): StaticValue {
  let cells = 0;
  const convert = (item: unknown, depth: number, itemOrigins: readonly Origin[]): StaticValue | undefined => {
    cells += 1;
    if (cells > VALUE_LIMITS.cells) return undefined;
    if (item !== null && typeof item === 'object' && depth >= VALUE_LIMITS.jsonDepth) return unknown(undefined, file, itemOrigins);
    if (Array.isArray(item)) {
      const elements: StaticValue[] = [];
      for (const element of item) {
        const value = convert(element, depth + 1, []);
        if (!value) return undefined;
        elements.push(value);
      }
      return { kind: 'array', elements, complete: true, node: undefined, file, origins: itemOrigins };
    }
    if (item !== null && typeof item === 'object') {
      const properties = new Map<string, StaticProperty>();
      for (const [key, element] of Object.entries(item)) {
        cells += Math.ceil(key.length / 16);
        const value = convert(element, depth + 1, []);
        if (!value) return undefined;
        properties.set(key, { value, keyNode: undefined });
      }
      return { kind: 'object', properties, complete: true, node: undefined, file, origins: itemOrigins };
    }
    if (typeof item === 'string') cells += Math.ceil(item.length / 16);
    if (item === null || typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') return primitive(item, undefined, file, itemOrigins);
    return unknown(undefined, file, itemOrigins);
  };
  return convert(json, 0, origins) ?? unknown(undefined, file);
}

function leadingJsdoc(module: ModuleSource, statement: TSESTree.Node): string | undefined {
  const start = statement.range[0];
  const comments = module.comments;
  let low = 0;
  let high = comments.length - 1;
  let candidate: TSESTree.Comment | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const comment = comments[middle]!;
    if (comment.range[1] <= start) {
      candidate = comment;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (!candidate || candidate.type !== 'Block' || !candidate.value.startsWith('*')) return undefined;
  if (module.text.slice(candidate.range[1], start).trim() !== '') return undefined;
  return candidate.value.slice(1);
}

function containsNode(root: TSESTree.Node, target: TSESTree.Node): boolean {
  return root.range[0] <= target.range[0] && target.range[1] <= root.range[1];
}

function isExportedByName(variable: Variable): boolean {
  return variable.references.some((reference) => {
    const parent = reference.identifier.parent;
    return parent?.type === 'ExportSpecifier' || parent?.type === 'ExportDefaultDeclaration';
  });
}
