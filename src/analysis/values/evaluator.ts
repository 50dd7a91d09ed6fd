/**
 * # values/: what an expression is, statically
 *
 * The project's one evaluator. A rule asks `getEvaluator(context).evaluate(node)` and gets a
 * `StaticValue` (`static-value.ts`): a primitive, a list, an object, a schema-library builder
 * chain, a function, or unknown, each carrying the declarations it was read through (its
 * origins). Nothing is run; what cannot be known is unknown, and unknown never makes a finding.
 *
 * - `evaluator.ts`: one `FileEvaluator` per linted file, shared by every rule: the memo and the
 *   step, depth and size budgets every part recurses through.
 * - `expressions.ts`: the dispatch over node types and the operators.
 * - `arrays-and-objects.ts`: list and object literals, spreads, array methods and statics.
 * - `members-and-calls.ts`: member reads, builder chains, `require()`, method calls.
 * - `names-and-imports.ts`: what a name holds, following imports through `modules/`.
 * - `function-calls.ts`: callbacks and the project's own one-expression helpers, applied to values.
 * - `bindings.ts`: what a name refers to (ESLint's scope manager).
 * - `value-budget.ts`: how large a value may grow before it is a hole.
 */
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { topLevelScope, type ModuleSource } from '../modules/module-graph.js';
import { openPass } from '../modules/module-resolution.js';
import type { LibraryEnvironment } from '../schemas/schema-libraries.js';
import { getSettings, type SchemaContractSettings } from '../../settings.js';
import { hole, unknown, type Environment, type Evaluation } from './evaluation.js';
import { compute } from './expressions.js';
import { valueFromJson } from './names-and-imports.js';
import type { FunctionValue, Origin, StaticValue } from './static-value.js';
import { mergeOrigins, VALUE_LIMITS, ValueBudget } from './value-budget.js';
/**
 * Budgets that keep adversarial code (huge literals, deep nesting, cyclic consts) from hanging a
 * lint run. Past them a value becomes a hole, which never produces a finding. What one value may
 * hold, and what a file may build in all, is `value-budget.ts`'s to say.
 */
const MAX_STEPS_PER_EVALUATION = 20_000;
const MAX_STEPS_PER_FILE = 2_000_000;
const MAX_DEPTH = 120;
/** Project functions applied to a call's arguments per linted file (`function-calls.ts`). */
const MAX_CALLS_PER_FILE = 1_000;

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

class FileEvaluator implements Evaluator, Evaluation {
  readonly libraryEnvironment: LibraryEnvironment;
  // Plain maps, not weak ones: they live as long as the evaluator (one linted file), and every weak
  // entry keyed by a young object is extra work for each young-generation collection.
  readonly memo = new Map<TSESTree.Node, StaticValue>();
  readonly inProgress = new Set<TSESTree.Node>();
  private readonly modules = new Map<TSESTree.Program, ModuleSource>();
  readonly budget = new ValueBudget();
  /** JSON documents converted once per file, however many names read them. */
  private readonly jsonValues = new Map<unknown, StaticValue>();
  private steps = 0;
  private fileSteps = 0;
  private calls = 0;
  private readonly callsInProgress = new Set<TSESTree.Node>();
  exhausted = false;

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

  remember(module: ModuleSource): ModuleSource {
    if (!this.modules.has(module.ast)) this.modules.set(module.ast, module);
    return module;
  }

  value(node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
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
    const result = this.budget.admit(compute(this, node, module, env, depth + 1), () => hole(node, module.file));
    if (!env && !this.exhausted) this.memo.set(node, result);
    return result;
  }

  enterCall(fn: TSESTree.Node): boolean {
    if (this.callsInProgress.has(fn) || this.calls >= MAX_CALLS_PER_FILE) return false;
    this.calls += 1;
    this.callsInProgress.add(fn);
    return true;
  }

  leaveCall(fn: TSESTree.Node): void {
    this.callsInProgress.delete(fn);
  }

  /** An imported JSON document (or part of one) as a value, converted once per file. */
  jsonValue(json: unknown, file: string): StaticValue {
    if (json === null || typeof json !== 'object') return valueFromJson(json, file);
    let value = this.jsonValues.get(json);
    if (!value) {
      value = valueFromJson(json, file);
      this.jsonValues.set(json, value);
    }
    return value;
  }

  /** `value` read through bindings with `origins`, each origin once; a hole past the origins budget. */
  withOrigins(value: StaticValue, origins: readonly Origin[]): StaticValue {
    if (origins.length === 0) return value;
    const merged = mergeOrigins(origins, value.origins);
    if (!merged) return hole(value.node, value.file);
    const copy = { ...value, origins: merged };
    this.budget.recordCopy(copy, value);
    return copy;
  }

  /**
   * `left + right` within `VALUE_LIMITS.stringLength`; undefined past it (the string is then
   * unknown). The engine shares `left` with the result, so only `right` is new text to charge.
   */
  concatenate(left: string, right: string): string | undefined {
    if (left.length + right.length > VALUE_LIMITS.stringLength) return undefined;
    return this.budget.charge(1 + Math.ceil(right.length / 16)) ? left + right : undefined;
  }
}

export { valueFromJson };
export type { FunctionValue };
