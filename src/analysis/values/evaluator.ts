import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, requiredSpecifier, unwrapTypeWrappers } from '../syntax/ast.js';
import { findBinding, findTopLevelBinding, type Binding } from './bindings.js';
import { ownExportNames, resolveExport, resolveImport, resolveRequire, topLevelScope, type ExportTarget, type ModuleSource } from '../modules/module-graph.js';
import { openPass } from '../modules/module-resolution.js';
import { resolveLibraryCall, type LibraryEnvironment } from '../schemas/schema-libraries.js';
import type {
  ArrayValue,
  BuilderStep,
  FunctionValue,
  ObjectValue,
  Origin,
  Primitive,
  StaticProperty,
  StaticValue,
} from './static-value.js';
import { OriginList, VALUE_LIMITS, ValueBudget, mergeOrigins } from './value-budget.js';
import { getSettings, type SchemaContractSettings } from '../../settings.js';

type Variable = TSESLint.Scope.Variable;
type Environment = ReadonlyMap<Variable, StaticValue> | undefined;

/**
 * Budgets that keep adversarial code (huge literals, deep nesting, cyclic consts) from hanging a
 * lint run. Past them a value becomes a hole, which never produces a finding. What one value may
 * hold, and what a file may build in all, is `value-budget.ts`'s to say.
 */
const MAX_STEPS_PER_EVALUATION = 20_000;
const MAX_STEPS_PER_FILE = 2_000_000;
const MAX_DEPTH = 120;
const MAX_ELEMENTS = 10_000;

export interface Evaluator {
  /** The file being linted. */
  readonly module: ModuleSource;
  /** What library resolution needs, shared so each imported module is `stat`ed once per file. */
  readonly libraryEnvironment: LibraryEnvironment;
  readonly settings: SchemaContractSettings;
  /** Evaluates any expression of the linted file or of a module the evaluator reached. */
  evaluate(node: TSESTree.Node): StaticValue;
  /** The module a node belongs to (the linted file, or an imported module). */
  moduleOf(node: TSESTree.Node): ModuleSource;
}

const evaluators = new WeakMap<object, Evaluator>();

/**
 * One evaluator per linted file, shared by every rule: a `const` several rules look at is
 * evaluated once, and each imported module is checked against the disk once per file.
 */
export function getEvaluator(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): Evaluator {
  const sourceCode = context.sourceCode;
  let evaluator = evaluators.get(sourceCode);
  if (!evaluator) {
    const module: ModuleSource = {
      file: context.filename,
      text: sourceCode.text,
      ast: sourceCode.ast,
      comments: sourceCode.ast.comments ?? sourceCode.getAllComments(),
      getScope: (node) => sourceCode.getScope(node),
      moduleScope: topLevelScope(sourceCode.scopeManager!.globalScope as TSESLint.Scope.Scope),
    };
    evaluator = new FileEvaluator(module, getSettings(context));
    // Imports are resolved inside this file's project only (see project-boundary.ts).
    openPass(evaluator.libraryEnvironment.checked, context.cwd, context.filename);
    evaluators.set(sourceCode, evaluator);
  }
  return evaluator;
}

export function createEvaluator(module: ModuleSource, settings: SchemaContractSettings): Evaluator {
  return new FileEvaluator(module, settings);
}

function unknown(node: TSESTree.Node | undefined, file: string, origins: readonly Origin[] = []): StaticValue {
  return { kind: 'unknown', node, file, origins };
}

function primitive(value: Primitive, node: TSESTree.Node | undefined, file: string, origins: readonly Origin[] = []): StaticValue {
  return { kind: 'primitive', value, node, file, origins };
}

function isNullish(value: StaticValue): boolean {
  return value.kind === 'primitive' && (value.value === null || value.value === undefined);
}

/** Truthiness where it is known: objects, arrays, builders and functions are always truthy. */
function truthiness(value: StaticValue): boolean | undefined {
  switch (value.kind) {
    case 'primitive':
      return Boolean(value.value);
    case 'unknown':
      return undefined;
    default:
      return true;
  }
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

class FileEvaluator implements Evaluator {
  readonly libraryEnvironment: LibraryEnvironment;
  // Plain maps, not weak ones: they live as long as the evaluator (one linted file), and every weak
  // entry keyed by a young object is extra work for each young-generation collection.
  private readonly memo = new Map<TSESTree.Node, StaticValue>();
  private readonly inProgress = new Set<TSESTree.Node>();
  private readonly modules = new Map<TSESTree.Program, ModuleSource>();
  private readonly budget = new ValueBudget();
  /** JSON documents converted once per file, however many names read them. */
  private readonly jsonValues = new Map<unknown, StaticValue>();
  private steps = 0;
  private fileSteps = 0;
  private exhausted = false;

  constructor(
    readonly module: ModuleSource,
    readonly settings: SchemaContractSettings,
  ) {
    this.libraryEnvironment = { libraries: settings.libraries, checked: new Set() };
    this.modules.set(module.ast, module);
  }

  evaluate(node: TSESTree.Node): StaticValue {
    this.steps = 0;
    this.exhausted = false;
    return this.value(node, this.moduleOf(node), undefined, 0);
  }

  moduleOf(node: TSESTree.Node): ModuleSource {
    let root: TSESTree.Node = node;
    while (root.parent) root = root.parent;
    return (root.type === 'Program' && this.modules.get(root)) || this.module;
  }

  private remember(module: ModuleSource): ModuleSource {
    if (!this.modules.has(module.ast)) this.modules.set(module.ast, module);
    return module;
  }

  private value(node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
    this.steps += 1;
    this.fileSteps += 1;
    if (this.steps > MAX_STEPS_PER_EVALUATION || this.fileSteps > MAX_STEPS_PER_FILE || depth > MAX_DEPTH || this.budget.exhausted) {
      this.exhausted = true;
    }
    if (this.exhausted) return unknown(node, module.file);
    if (!env) {
      const cached = this.memo.get(node);
      if (cached) return cached;
    }
    // Every value the evaluator builds comes out here: one place to stop a value that grew too large.
    const result = this.budget.admit(this.compute(node, module, env, depth + 1), () => this.hole(node, module.file));
    if (!env && !this.exhausted) this.memo.set(node, result);
    return result;
  }

  private compute(node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    switch (node.type) {
      case 'Literal':
        if ('regex' in node && node.regex) return unknown(node, file);
        return primitive(node.value as Primitive, node, file);
      case 'TemplateLiteral': {
        let text: string | undefined = node.quasis[0]?.value.cooked ?? '';
        for (let index = 0; index < node.expressions.length; index += 1) {
          const part = this.value(node.expressions[index]!, module, env, depth);
          if (part.kind !== 'primitive') return unknown(node, file);
          text = this.concatenate(text, String(part.value) + (node.quasis[index + 1]?.value.cooked ?? ''));
          if (text === undefined) return this.hole(node, file);
        }
        return primitive(text, node, file);
      }
      case 'ArrayExpression':
        return this.array(node, module, env, depth);
      case 'ObjectExpression':
        return this.object(node, module, env, depth);
      case 'Identifier':
        return this.identifier(node, module, env, depth);
      case 'MemberExpression':
        return this.member(node, module, env, depth);
      case 'ChainExpression':
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'TSInstantiationExpression':
        return this.value(node.expression, module, env, depth);
      case 'CallExpression':
        return this.call(node, module, env, depth);
      case 'NewExpression':
        return this.construct(node, module, env, depth);
      case 'ConditionalExpression': {
        const test = truthiness(this.value(node.test, module, env, depth));
        if (test === undefined) return unknown(node, file);
        return this.value(test ? node.consequent : node.alternate, module, env, depth);
      }
      case 'LogicalExpression':
        return this.logical(node, module, env, depth);
      case 'UnaryExpression':
        return this.unary(node, module, env, depth);
      case 'BinaryExpression':
        return this.binary(node, module, env, depth);
      case 'SequenceExpression':
        return this.value(node.expressions[node.expressions.length - 1]!, module, env, depth);
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        return { kind: 'function', function: node, node, file, origins: [] };
      default:
        return unknown(node, file);
    }
  }

  private array(node: TSESTree.ArrayExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const elements: StaticValue[] = [];
    const origins = new OriginList();
    let complete = true;
    // What the list holds so far, counted as `ValueBudget.sizeOf` counts it: a spread is checked
    // before it is copied, so `[...a, ...a]` stops at the budget instead of allocating.
    let cells = 1;
    for (const element of node.elements) {
      if (this.exhausted || elements.length >= MAX_ELEMENTS) {
        complete = false;
        break;
      }
      if (element === null) {
        elements.push(primitive(undefined, undefined, module.file));
        cells += 1;
      } else if (element.type === 'SpreadElement') {
        const spread = this.value(element.argument, module, env, depth);
        // `[...T.values]` is still T's list: the copy keeps where it came from.
        origins.addAll(spread.origins);
        cells += this.budget.spreadCells(spread) + spread.origins.length;
        if (!this.budget.fits(cells)) return this.hole(node, module.file);
        const items = this.iterate(spread);
        if (items) {
          for (const item of items.elements) elements.push(item);
          complete &&= items.complete;
        } else {
          complete = false;
        }
      } else {
        const value = this.value(element, module, env, depth);
        cells += this.budget.sizeOf(value);
        if (!this.budget.fits(cells)) return this.hole(node, module.file);
        elements.push(value);
      }
    }
    const list = origins.list();
    if (!list) return this.hole(node, module.file);
    return { kind: 'array', elements, complete: complete && !this.exhausted, node, file: module.file, origins: list };
  }

  /**
   * What spreading or iterating a value yields, when known. Callers check the copy's size
   * (`ValueBudget.spreadCells`) before asking: a string yields one element per character.
   */
  private iterate(value: StaticValue): { elements: readonly StaticValue[]; complete: boolean } | undefined {
    if (value.kind === 'array') {
      if (value.origins.length === 0) return { elements: value.elements, complete: value.complete };
      const elements: StaticValue[] = [];
      for (const element of value.elements) elements.push(this.withOrigins(element, value.origins));
      return { elements, complete: value.complete };
    }
    if (value.kind === 'primitive' && typeof value.value === 'string') {
      const elements: StaticValue[] = [];
      for (const char of value.value) elements.push(primitive(char, value.node, value.file, value.origins));
      this.budget.charge(elements.length);
      return { elements, complete: true };
    }
    return undefined;
  }

  /** An imported JSON document (or part of one) as a value, converted once per file. */
  private jsonValue(json: unknown, file: string): StaticValue {
    if (json === null || typeof json !== 'object') return valueFromJson(json, file);
    let value = this.jsonValues.get(json);
    if (!value) {
      value = valueFromJson(json, file);
      this.jsonValues.set(json, value);
    }
    return value;
  }

  /** `value` read through bindings with `origins`, each origin once; a hole past the origins budget. */
  private withOrigins(value: StaticValue, origins: readonly Origin[]): StaticValue {
    if (origins.length === 0) return value;
    const merged = mergeOrigins(origins, value.origins);
    if (!merged) return this.hole(value.node, value.file);
    const copy = { ...value, origins: merged };
    this.budget.recordCopy(copy, value);
    return copy;
  }

  /** A value past a budget: unknown, and read through nothing (its origins are not known to be all). */
  private hole(node: TSESTree.Node | undefined, file: string): StaticValue {
    return unknown(node, file);
  }

  /**
   * `left + right` within `VALUE_LIMITS.stringLength`; undefined past it (the string is then
   * unknown). The engine shares `left` with the result, so only `right` is new text to charge.
   */
  private concatenate(left: string, right: string): string | undefined {
    if (left.length + right.length > VALUE_LIMITS.stringLength) return undefined;
    return this.budget.charge(1 + Math.ceil(right.length / 16)) ? left + right : undefined;
  }

  private object(node: TSESTree.ObjectExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const properties = new Map<string, StaticProperty>();
    const origins = new OriginList();
    let complete = true;
    // An upper bound of the object's size (overwritten keys stay counted): checked before a spread is copied.
    let cells = 1;
    for (const property of node.properties) {
      if (this.exhausted) {
        complete = false;
        break;
      }
      if (property.type === 'SpreadElement') {
        const spread = this.value(property.argument, module, env, depth);
        origins.addAll(spread.origins);
        if (spread.kind === 'object') {
          cells += this.budget.sizeOf(spread) + spread.properties.size * spread.origins.length;
          if (!this.budget.fits(cells)) return this.hole(node, module.file);
          // A partly known spread may hold keys beyond those known, overwriting anything before it.
          if (!spread.complete) for (const [key, value] of properties) properties.set(key, { value: unknown(value.value.node, module.file), keyNode: value.keyNode });
          for (const [key, value] of spread.properties) properties.set(key, { value: this.withOrigins(value.value, spread.origins), keyNode: value.keyNode });
          complete &&= spread.complete;
        } else if (!isNullish(spread)) {
          // An unknown spread may overwrite anything written before it.
          for (const [key, value] of properties) properties.set(key, { value: unknown(value.value.node, module.file), keyNode: value.keyNode });
          complete = false;
        }
        continue;
      }
      const key = this.propertyKey(property, module, env, depth);
      if (key === undefined) {
        complete = false;
        continue;
      }
      const value =
        property.kind !== 'init' || property.method
          ? unknown(property.value, module.file)
          : this.value(property.value, module, env, depth);
      cells += 1 + this.budget.sizeOf(value);
      if (!this.budget.fits(cells)) return this.hole(node, module.file);
      properties.set(key, { value, keyNode: property.key });
    }
    const list = origins.list();
    if (!list) return this.hole(node, module.file);
    return { kind: 'object', properties, complete: complete && !this.exhausted, node, file: module.file, origins: list };
  }

  private propertyKey(property: TSESTree.Property, module: ModuleSource, env: Environment, depth: number): string | undefined {
    if (!property.computed) return getKeyName(property.key, false);
    const key = this.value(property.key, module, env, depth);
    return key.kind === 'primitive' && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : undefined;
  }

  private identifier(node: TSESTree.Identifier, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const binding = findBinding(module, node);
    if (env && 'variable' in binding && env.has(binding.variable)) return env.get(binding.variable)!;
    return this.bindingValue(binding, node, depth);
  }

  private bindingValue(binding: Binding, node: TSESTree.Node, depth: number): StaticValue {
    switch (binding.kind) {
      case 'global':
        if (binding.name === 'undefined') return primitive(undefined, node, this.moduleOf(node).file);
        if (binding.name === 'NaN') return primitive(Number.NaN, node, this.moduleOf(node).file);
        if (binding.name === 'Infinity') return primitive(Number.POSITIVE_INFINITY, node, this.moduleOf(node).file);
        return unknown(node, this.moduleOf(node).file);
      case 'declarator':
        return binding.constant ? this.declaratorValue(binding, depth) : unknown(node, binding.module.file);
      case 'enum':
        return this.enumValue(binding.module, binding.declaration, binding.variable, depth);
      case 'import':
        return this.importValue(binding, node, depth);
      case 'function':
        return { kind: 'function', function: binding.node, node: binding.node, file: binding.module.file, origins: [] };
      case 'opaque':
        return unknown(node, binding.module.file);
    }
  }

  private declaratorValue(binding: Extract<Binding, { kind: 'declarator' }>, depth: number): StaticValue {
    const key = binding.identifier;
    const cached = this.memo.get(key);
    if (cached) return cached;
    const { declarator, module } = binding;
    if (!declarator.init || this.inProgress.has(key)) return unknown(key, module.file);
    this.inProgress.add(key);
    let bound: StaticValue;
    try {
      const whole = this.value(declarator.init, module, undefined, depth);
      bound = declarator.id === key ? whole : this.project(declarator.id, key, whole, module, depth);
    } finally {
      this.inProgress.delete(key);
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
      jsdoc: leadingJsdoc(module, container?.type === 'ExportNamedDeclaration' ? container : statement),
      init: declarator.init,
      value: bound,
    };
    const result = this.withOrigins(bound, [origin]);
    if (!this.exhausted) this.memo.set(key, result);
    return result;
  }

  /** The part of a destructured value a name binds: `const { a: [x = 1] } = v`. */
  private project(
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
        const effective = value.kind === 'primitive' && value.value === undefined ? this.value(pattern.right, module, undefined, depth) : value;
        return this.project(pattern.left, target, effective, module, depth);
      }
      case 'ObjectPattern':
        for (const property of pattern.properties) {
          if (property.type === 'RestElement' || !containsNode(property.value, target)) continue;
          const key = property.computed ? undefined : getKeyName(property.key, false);
          return this.project(property.value, target, key === undefined ? unknown(target, module.file) : this.read(value, key, target, module), module, depth);
        }
        return unknown(target, module.file);
      case 'ArrayPattern':
        for (const [index, element] of pattern.elements.entries()) {
          if (!element || element.type === 'RestElement' || !containsNode(element, target)) continue;
          return this.project(element, target, this.read(value, String(index), target, module), module, depth);
        }
        return unknown(target, module.file);
      default:
        return unknown(target, module.file);
    }
  }

  private enumValue(module: ModuleSource, declaration: TSESTree.TSEnumDeclaration, variable: Variable, depth: number): StaticValue {
    const key = declaration.id;
    const cached = this.memo.get(key);
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
        value = this.value(member.initializer, module, undefined, depth);
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
      jsdoc: leadingJsdoc(module, container?.type === 'ExportNamedDeclaration' ? container : declaration),
      init: undefined,
      value: bound,
    };
    const result = this.withOrigins(bound, [origin]);
    this.memo.set(key, result);
    return result;
  }

  private importValue(binding: Extract<Binding, { kind: 'import' }>, node: TSESTree.Node, depth: number): StaticValue {
    if (binding.importedName === '*') return unknown(node, binding.module.file);
    const target = resolveImport(binding.module.file, binding.specifier, binding.importedName, this.libraryEnvironment.checked);
    if (target?.kind === 'json') {
      // A JSON module is data without a declaration: the import is where the list enters the code.
      const value = this.jsonValue(target.value, target.file);
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
      return this.withOrigins(value, [origin]);
    }
    if (target?.kind === 'external' && target.dependency !== undefined) {
      return this.dependencyValue(target, binding.variable.name, binding.variable.defs[0]!.node as TSESTree.ImportClause, node, binding.module);
    }
    return this.targetValue(target, node, binding.module, depth);
  }

  /**
   * A name imported from an installed dependency: its values are not read, but a list built from
   * it is still that package's table, so the value is unknown with an origin naming the package.
   */
  private dependencyValue(
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
    return this.withOrigins(hole, [origin]);
  }

  /** `require('./x')`: what the module assigns to `module.exports`, else its exports as an object. */
  private requireValue(node: TSESTree.CallExpression, specifier: string, module: ModuleSource, depth: number): StaticValue {
    const target = resolveRequire(module.file, specifier, this.libraryEnvironment.checked);
    if (target?.kind === 'external' && target.dependency !== undefined) {
      const declarator = node.parent.type === 'VariableDeclarator' ? node.parent : undefined;
      const name = declarator?.id.type === 'Identifier' ? declarator.id.name : target.dependency;
      return declarator ? this.dependencyValue({ ...target, importedName: 'default' }, name, declarator, node, module) : unknown(node, module.file);
    }
    if (target?.kind !== 'namespace') return this.targetValue(target, node, module, depth);
    const required = this.remember(target.module);
    const properties = new Map<string, StaticProperty>();
    for (const name of ownExportNames(required)) {
      if (name === 'default' || properties.size >= MAX_ELEMENTS) continue;
      properties.set(name, { value: this.targetValue(resolveExport(required, name, this.libraryEnvironment.checked), node, module, depth), keyNode: undefined });
    }
    // `export *` sources and anything assigned indirectly may add names: the object is partial.
    return { kind: 'object', properties, complete: false, node, file: module.file, origins: [] };
  }

  private targetValue(target: ExportTarget | undefined, node: TSESTree.Node, from: ModuleSource, depth: number): StaticValue {
    if (!target) return unknown(node, from.file);
    switch (target.kind) {
      case 'local': {
        const module = this.remember(target.module);
        return this.bindingValue(findTopLevelBinding(module, target.localName), node, depth + 1);
      }
      case 'expression':
        return this.value(target.node, this.remember(target.module), undefined, depth + 1);
      case 'json':
        return this.jsonValue(target.value, target.file);
      case 'namespace':
      case 'external':
        return unknown(node, from.file);
    }
  }

  /** `ns.T` for `import * as ns from './glossary'`: the export, without building the whole namespace. */
  private namespaceMember(object: TSESTree.Node, name: string, module: ModuleSource, depth: number): StaticValue | undefined {
    if (object.type !== 'Identifier') return undefined;
    const binding = findBinding(module, object);
    if (binding.kind !== 'import' || binding.importedName !== '*') return undefined;
    const namespace = resolveImport(module.file, binding.specifier, '*', this.libraryEnvironment.checked);
    if (!namespace) return unknown(object, module.file);
    if (namespace.kind === 'external' && namespace.dependency !== undefined) {
      const declaration = binding.variable.defs[0]!.node as TSESTree.ImportClause;
      return this.dependencyValue({ ...namespace, importedName: name }, `${binding.variable.name}.${name}`, declaration, object, module);
    }
    if (namespace.kind === 'json') return this.read(this.jsonValue(namespace.value, namespace.file), name, object, module);
    if (namespace.kind !== 'namespace') return unknown(object, module.file);
    const target = resolveExport(this.remember(namespace.module), name, this.libraryEnvironment.checked);
    return this.targetValue(target, object, module, depth);
  }

  /** Reads `key` from a value, keeping the container's origins (the part of T came from T). */
  private read(container: StaticValue, key: string, node: TSESTree.Node | undefined, module: ModuleSource): StaticValue {
    switch (container.kind) {
      case 'object': {
        const property = container.properties.get(key);
        if (property) return this.withOrigins(property.value, container.origins);
        return container.complete ? primitive(undefined, node, module.file, container.origins) : unknown(node, module.file, container.origins);
      }
      case 'array': {
        if (key === 'length') {
          return container.complete ? primitive(container.elements.length, node, module.file, container.origins) : unknown(node, module.file, container.origins);
        }
        const index = Number(key);
        if (!Number.isInteger(index) || index < 0) return unknown(node, module.file, container.origins);
        const element = container.elements[index];
        if (element && container.complete) return this.withOrigins(element, container.origins);
        return container.complete ? primitive(undefined, node, module.file, container.origins) : unknown(node, module.file, container.origins);
      }
      case 'primitive':
        if (typeof container.value === 'string' && key === 'length') return primitive(container.value.length, node, module.file, container.origins);
        return unknown(node, module.file, container.origins);
      default:
        return unknown(node, module.file, container.origins);
    }
  }

  private member(node: TSESTree.MemberExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    let name = memberName(node);
    if (name === undefined && node.computed) {
      const key = this.value(node.property, module, env, depth);
      if (key.kind === 'primitive' && (typeof key.value === 'string' || typeof key.value === 'number')) name = String(key.value);
    }
    if (name !== undefined) {
      const fromNamespace = this.namespaceMember(unwrapTypeWrappers(node.object), name, module, depth);
      if (fromNamespace) return fromNamespace;
    }
    const object = this.value(node.object, module, env, depth);
    if (name === undefined) return unknown(node, module.file, object.origins);
    if (node.optional && isNullish(object)) return primitive(undefined, node, module.file, object.origins);
    return this.read(object, name, node, module);
  }

  private call(node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    const required = requiredSpecifier(node);
    if (required !== undefined && findBinding(module, node.callee as TSESTree.Identifier).kind === 'global') return this.requireValue(node, required, module, depth);
    const library = resolveLibraryCall(module, node, this.libraryEnvironment);
    if (library) {
      const steps: BuilderStep[] = library.steps.map((step) => ({
        ...step,
        values: step.args.map((argument) => this.value(argument, this.moduleOf(argument), env, depth)),
      }));
      return { kind: 'builder', library: library.library, steps, node, file, origins: [] };
    }
    const callee = unwrapTypeWrappers(node.callee);
    if (callee.type === 'MemberExpression') {
      const method = memberName(callee);
      if (method === undefined) return unknown(node, file);
      const receiverNode = unwrapTypeWrappers(callee.object);
      if (receiverNode.type === 'Identifier') {
        const binding = findBinding(module, receiverNode);
        if (binding.kind === 'global' && binding.name === 'Object') return this.objectStatic(method, node, module, env, depth);
        if (binding.kind === 'global' && binding.name === 'Array') return this.arrayStatic(method, node, module, env, depth);
      }
      const receiver = this.value(callee.object, module, env, depth);
      if (receiver.kind === 'builder') {
        // A chain continued from a const: `const base = z.object({}); base.passthrough()`.
        const step: BuilderStep = {
          name: method,
          args: node.arguments,
          node,
          values: node.arguments.map((argument) => this.value(argument, module, env, depth)),
        };
        return { ...receiver, steps: [...receiver.steps, step], node, file, origins: receiver.origins };
      }
      if (receiver.kind === 'array') return this.arrayMethod(receiver, method, node, module, env, depth);
      if (receiver.kind === 'primitive' && typeof receiver.value === 'string') return this.stringMethod(receiver, method, node, file);
      return unknown(node, file, receiver.origins);
    }
    return this.tableConstructor(node, module, env, depth) ?? unknown(node, file);
  }

  /**
   * `defineTable({ enumPolicy: 'closed', ... })`: a call whose object argument carries the glossary
   * policy key is taken to return that table, so the table's values stay known through its helper.
   */
  private tableConstructor(node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue | undefined {
    const argument = node.arguments[0];
    if (!argument || argument.type !== 'ObjectExpression') return undefined;
    const policyKey = this.settings.glossary.policyKey;
    const hasPolicy = argument.properties.some(
      (property) => property.type === 'Property' && !property.computed && getKeyName(property.key, false) === policyKey,
    );
    return hasPolicy ? this.value(argument, module, env, depth) : undefined;
  }

  private argumentValue(node: TSESTree.CallExpression | TSESTree.NewExpression, index: number, module: ModuleSource, env: Environment, depth: number): StaticValue | undefined {
    const argument = node.arguments[index];
    if (!argument || argument.type === 'SpreadElement') return undefined;
    return this.value(argument, module, env, depth);
  }

  private objectStatic(method: string, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    const target = this.argumentValue(node, 0, module, env, depth);
    if (!target) return unknown(node, file);
    if (method === 'freeze') return target;
    if (target.kind !== 'object') return unknown(node, file, target.origins);
    const entries = [...target.properties];
    let elements: StaticValue[];
    switch (method) {
      case 'keys':
        elements = entries.map(([key, property]) => primitive(key, property.keyNode, file));
        break;
      case 'values':
        elements = entries.map(([, property]) => property.value);
        break;
      case 'entries':
        elements = entries.map(([key, property]) => ({
          kind: 'array',
          elements: [primitive(key, property.keyNode, file), property.value],
          complete: true,
          node: property.keyNode,
          file,
          origins: [],
        }));
        break;
      default:
        return unknown(node, file, target.origins);
    }
    return { kind: 'array', elements, complete: target.complete, node, file, origins: target.origins };
  }

  private arrayStatic(method: string, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    if (method === 'of') {
      const elements = node.arguments.map((argument) => this.value(argument, module, env, depth));
      return { kind: 'array', elements, complete: node.arguments.every((argument) => argument.type !== 'SpreadElement'), node, file, origins: [] };
    }
    if (method !== 'from') return unknown(node, file);
    const source = this.argumentValue(node, 0, module, env, depth);
    if (source && !this.budget.fits(1 + this.budget.spreadCells(source))) return this.hole(node, file);
    const items = source && this.iterate(source);
    if (!source || !items) return unknown(node, file, source?.origins);
    const list: ArrayValue = { kind: 'array', elements: items.elements, complete: items.complete, node, file, origins: source.origins };
    const mapper = this.argumentValue(node, 1, module, env, depth);
    return mapper ? this.mapArray(list, mapper, node, module, env, depth) : list;
  }

  private construct(node: TSESTree.NewExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    if (node.callee.type !== 'Identifier' || node.callee.name !== 'Set') return unknown(node, file);
    const binding = findBinding(module, node.callee);
    if (binding.kind !== 'global') return unknown(node, file);
    const source = this.argumentValue(node, 0, module, env, depth);
    if (!source) return node.arguments.length === 0 ? { kind: 'array', elements: [], complete: true, node, file, origins: [] } : unknown(node, file);
    if (!this.budget.fits(1 + this.budget.spreadCells(source))) return this.hole(node, file);
    const items = this.iterate(source);
    if (!items) return unknown(node, file, source.origins);
    const seen = new Set<Primitive>();
    const elements = items.elements.filter((element) => {
      if (element.kind !== 'primitive') return true;
      if (seen.has(element.value)) return false;
      seen.add(element.value);
      return true;
    });
    return { kind: 'array', elements, complete: items.complete, node, file, origins: source.origins };
  }

  private arrayMethod(receiver: ArrayValue, method: string, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    const origins = receiver.origins;
    switch (method) {
      case 'map':
      case 'flatMap':
      case 'filter': {
        const callback = this.argumentValue(node, 0, module, env, depth);
        if (!callback) return unknown(node, file, origins);
        if (method === 'map') return this.mapArray(receiver, callback, node, module, env, depth);
        if (method === 'flatMap') {
          const mapped = this.mapArray(receiver, callback, node, module, env, depth);
          return mapped.kind === 'array' ? this.flatten(mapped, 1, node, file) : mapped;
        }
        return this.filterArray(receiver, callback, node, module, env, depth);
      }
      case 'slice': {
        if (!receiver.complete) return unknown(node, file, origins);
        const start = this.argumentValue(node, 0, module, env, depth);
        const end = this.argumentValue(node, 1, module, env, depth);
        const bound = (value: StaticValue | undefined): number | undefined | null =>
          value === undefined ? undefined : value.kind === 'primitive' && typeof value.value === 'number' ? value.value : null;
        const from = bound(start);
        const to = bound(end);
        if (from === null || to === null) return unknown(node, file, origins);
        return { kind: 'array', elements: receiver.elements.slice(from, to), complete: true, node, file, origins };
      }
      case 'concat': {
        const elements = receiver.elements.slice();
        let complete = receiver.complete;
        const allOrigins = new OriginList();
        allOrigins.addAll(origins);
        let cells = this.budget.sizeOf(receiver);
        for (const argument of node.arguments) {
          if (argument.type === 'SpreadElement') return unknown(node, file, origins);
          const value = this.value(argument, module, env, depth);
          // Checked before the copy: `a.concat(a, a, a, …)` multiplies the list with every argument.
          cells += value.kind === 'array' ? this.budget.spreadCells(value) : this.budget.sizeOf(value);
          if (!this.budget.fits(cells)) return this.hole(node, file);
          if (value.kind === 'array') {
            for (const element of value.elements) elements.push(this.withOrigins(element, value.origins));
            complete &&= value.complete;
            allOrigins.addAll(value.origins);
          } else if (value.kind === 'unknown') {
            complete = false;
            allOrigins.addAll(value.origins);
          } else {
            elements.push(value);
          }
        }
        const list = allOrigins.list();
        if (!list) return this.hole(node, file);
        return { kind: 'array', elements, complete, node, file, origins: list };
      }
      case 'flat': {
        const levels = this.argumentValue(node, 0, module, env, depth);
        const count = levels === undefined ? 1 : levels.kind === 'primitive' && typeof levels.value === 'number' ? levels.value : undefined;
        return count === undefined ? unknown(node, file, origins) : this.flatten(receiver, count, node, file);
      }
      case 'join': {
        const separator = this.argumentValue(node, 0, module, env, depth);
        const text = separator === undefined ? ',' : separator.kind === 'primitive' ? String(separator.value) : undefined;
        if (text === undefined || !receiver.complete || receiver.elements.some((element) => element.kind !== 'primitive')) {
          return unknown(node, file, origins);
        }
        const parts = receiver.elements.map((element) => String((element as { value: Primitive }).value ?? ''));
        let length = text.length * Math.max(0, parts.length - 1);
        for (const part of parts) length += part.length;
        if (length > VALUE_LIMITS.stringLength || !this.budget.charge(1 + Math.ceil(length / 16))) return this.hole(node, file);
        return primitive(parts.join(text), node, file, origins);
      }
      case 'toSorted':
      case 'toReversed':
        return unknown(node, file, origins);
      default:
        return unknown(node, file, origins);
    }
  }

  private flatten(list: ArrayValue, levels: number, node: TSESTree.Node, file: string): StaticValue {
    const elements: StaticValue[] = [];
    let complete = list.complete;
    const visit = (items: readonly StaticValue[], remaining: number): void => {
      for (const item of items) {
        if (remaining > 0 && item.kind === 'array') {
          complete &&= item.complete;
          visit(item.elements, remaining - 1);
        } else if (remaining > 0 && item.kind === 'unknown') {
          complete = false;
        } else {
          elements.push(item);
        }
      }
    };
    visit(list.elements, Math.min(levels, 8));
    return { kind: 'array', elements, complete, node, file, origins: list.origins };
  }

  private mapArray(list: ArrayValue, callback: StaticValue, node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const elements: StaticValue[] = [];
    for (const [index, element] of list.elements.entries()) {
      if (this.exhausted) return unknown(node, module.file, list.origins);
      const mapped = this.apply(callback, [element, primitive(index, undefined, module.file)], node, module, env, depth);
      if (!mapped) return unknown(node, module.file, list.origins);
      elements.push(mapped);
    }
    return { kind: 'array', elements, complete: list.complete, node, file: module.file, origins: list.origins };
  }

  private filterArray(list: ArrayValue, callback: StaticValue, node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const elements: StaticValue[] = [];
    let complete = list.complete;
    for (const [index, element] of list.elements.entries()) {
      if (this.exhausted) return unknown(node, module.file, list.origins);
      const kept = this.apply(callback, [element, primitive(index, undefined, module.file)], node, module, env, depth);
      if (!kept) return unknown(node, module.file, list.origins);
      const truth = truthiness(kept);
      if (truth === undefined) complete = false;
      else if (truth) elements.push(element);
    }
    return { kind: 'array', elements, complete, node, file: module.file, origins: list.origins };
  }

  /**
   * Applies a simple callback: an arrow or function whose body is one expression (or one `return`),
   * with identifier or destructuring parameters. `String`/`Number` convert primitives.
   * Undefined when the callback is beyond that.
   */
  private apply(callback: StaticValue, args: readonly StaticValue[], node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue | undefined {
    if (callback.kind !== 'function') return undefined;
    const fn = callback.function;
    let body: TSESTree.Node | undefined = fn.body ?? undefined;
    if (body?.type === 'BlockStatement') {
      const only = body.body.length === 1 ? body.body[0] : undefined;
      body = only?.type === 'ReturnStatement' && only.argument ? only.argument : undefined;
    }
    if (!body || fn.async || fn.generator) return undefined;
    const fnModule = this.moduleOf(fn);
    const scope = fnModule.getScope(fn);
    const bindings = new Map<Variable, StaticValue>(env ?? []);
    for (const [index, parameter] of fn.params.entries()) {
      const argument = args[index] ?? primitive(undefined, undefined, module.file);
      if (!this.bindPattern(parameter, argument, scope, bindings, fnModule, depth)) return undefined;
    }
    return this.value(body, fnModule, bindings, depth);
  }

  private bindPattern(
    pattern: TSESTree.Node,
    value: StaticValue,
    scope: TSESLint.Scope.Scope,
    bindings: Map<Variable, StaticValue>,
    module: ModuleSource,
    depth: number,
  ): boolean {
    switch (pattern.type) {
      case 'Identifier': {
        const variable = scope.set.get(pattern.name);
        if (!variable) return false;
        bindings.set(variable, value);
        return true;
      }
      case 'AssignmentPattern': {
        const effective = value.kind === 'primitive' && value.value === undefined ? this.value(pattern.right, module, bindings, depth) : value;
        return this.bindPattern(pattern.left, effective, scope, bindings, module, depth);
      }
      case 'ObjectPattern':
        for (const property of pattern.properties) {
          if (property.type === 'RestElement') return false;
          const key = property.computed ? undefined : getKeyName(property.key, false);
          if (key === undefined) return false;
          if (!this.bindPattern(property.value, this.read(value, key, property, module), scope, bindings, module, depth)) return false;
        }
        return true;
      case 'ArrayPattern':
        for (const [index, element] of pattern.elements.entries()) {
          if (!element) continue;
          if (element.type === 'RestElement') return false;
          if (!this.bindPattern(element, this.read(value, String(index), element, module), scope, bindings, module, depth)) return false;
        }
        return true;
      default:
        return false;
    }
  }

  private stringMethod(receiver: Extract<StaticValue, { kind: 'primitive' }>, method: string, node: TSESTree.Node, file: string): StaticValue {
    const text = receiver.value as string;
    switch (method) {
      case 'toUpperCase':
        return primitive(text.toUpperCase(), node, file, receiver.origins);
      case 'toLowerCase':
        return primitive(text.toLowerCase(), node, file, receiver.origins);
      case 'trim':
        return primitive(text.trim(), node, file, receiver.origins);
      case 'toString':
        return primitive(text, node, file, receiver.origins);
      default:
        return unknown(node, file, receiver.origins);
    }
  }

  private logical(node: TSESTree.LogicalExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const left = this.value(node.left, module, env, depth);
    if (left.kind === 'unknown') return unknown(node, module.file);
    switch (node.operator) {
      case '??':
        return isNullish(left) ? this.value(node.right, module, env, depth) : left;
      case '||':
        return truthiness(left) ? left : this.value(node.right, module, env, depth);
      case '&&':
        return truthiness(left) ? this.value(node.right, module, env, depth) : left;
    }
  }

  private unary(node: TSESTree.UnaryExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    if (node.operator === 'void') return primitive(undefined, node, file);
    const argument = this.value(node.argument, module, env, depth);
    if (node.operator === 'typeof' && argument.kind !== 'unknown') {
      const kind = argument.kind === 'primitive' ? (argument.value === null ? 'object' : typeof argument.value) : argument.kind === 'function' ? 'function' : 'object';
      return primitive(kind, node, file);
    }
    if (argument.kind !== 'primitive') return unknown(node, file);
    const value = argument.value;
    switch (node.operator) {
      case '!':
        return primitive(!value, node, file);
      case '-':
        return typeof value === 'number' ? primitive(-value, node, file) : unknown(node, file);
      case '+':
        return typeof value === 'number' ? primitive(value, node, file) : unknown(node, file);
      default:
        return unknown(node, file);
    }
  }

  private binary(node: TSESTree.BinaryExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
    const file = module.file;
    if (node.left.type === 'PrivateIdentifier') return unknown(node, file);
    const left = this.value(node.left, module, env, depth);
    const right = this.value(node.right, module, env, depth);
    if (left.kind !== 'primitive' || right.kind !== 'primitive') return unknown(node, file);
    const a = left.value;
    const b = right.value;
    switch (node.operator) {
      case '+':
        if (typeof a === 'string' || typeof b === 'string') {
          const text = this.concatenate(String(a), String(b));
          return text === undefined ? this.hole(node, file) : primitive(text, node, file);
        }
        return typeof a === 'number' && typeof b === 'number' ? primitive(a + b, node, file) : unknown(node, file);
      case '-':
      case '*':
      case '/':
        if (typeof a !== 'number' || typeof b !== 'number') return unknown(node, file);
        return primitive(node.operator === '-' ? a - b : node.operator === '*' ? a * b : a / b, node, file);
      case '===':
        return primitive(a === b, node, file);
      case '!==':
        return primitive(a !== b, node, file);
      default:
        return unknown(node, file);
    }
  }
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

export type { FunctionValue };
