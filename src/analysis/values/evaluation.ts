import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { ModuleSource } from '../modules/module-graph.js';
import type { LibraryEnvironment } from '../schemas/schema-libraries.js';
import type { SchemaContractSettings } from '../../settings.js';
import type { Origin, Primitive, StaticValue } from './static-value.js';
import type { ValueBudget } from './value-budget.js';

/**
 * What the parts of the evaluator (`expressions.ts`, `arrays-and-objects.ts`,
 * `members-and-calls.ts`, `names-and-imports.ts`) share: the one evaluation in progress for a
 * linted file. Every part recurses through `value`, so the step, depth and size budgets and the
 * memo are applied in one place (`FileEvaluator` in `evaluator.ts`) whichever part asks.
 */
export interface Evaluation {
  readonly settings: SchemaContractSettings;
  readonly libraryEnvironment: LibraryEnvironment;
  readonly budget: ValueBudget;
  /** Set once a budget runs out during the current evaluation; every value after it is unknown. */
  readonly exhausted: boolean;
  /** Values of declarations (by their identifier) already evaluated in this file. */
  readonly memo: Map<TSESTree.Node, StaticValue>;
  /** Declarations being evaluated: a const that reaches itself is unknown, not a loop. */
  readonly inProgress: Set<TSESTree.Node>;
  value(node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue;
  /**
   * Starts applying a project function to a call's arguments: false when it is already being
   * applied (recursion) or the file's budget of applied calls is spent. Paired with `leaveCall`.
   */
  enterCall(fn: TSESTree.Node): boolean;
  leaveCall(fn: TSESTree.Node): void;
  moduleOf(node: TSESTree.Node): ModuleSource;
  /** Records a module reached through an import, so `moduleOf` finds it for its nodes. */
  remember(module: ModuleSource): ModuleSource;
  withOrigins(value: StaticValue, origins: readonly Origin[]): StaticValue;
  jsonValue(json: unknown, file: string): StaticValue;
  concatenate(left: string, right: string): string | undefined;
}

export type Variable = TSESLint.Scope.Variable;
/** Parameters bound while a callback is applied (`list.map((x) => …)`); undefined elsewhere. */
export type Environment = ReadonlyMap<Variable, StaticValue> | undefined;

/** How many elements (or exported names) one list may be built with before it is partial. */
export const MAX_ELEMENTS = 10_000;

export function unknown(node: TSESTree.Node | undefined, file: string, origins: readonly Origin[] = []): StaticValue {
  return { kind: 'unknown', node, file, origins };
}

export function primitive(value: Primitive, node: TSESTree.Node | undefined, file: string, origins: readonly Origin[] = []): StaticValue {
  return { kind: 'primitive', value, node, file, origins };
}

/** A value past a budget: unknown, and read through nothing (its origins are not known to be all). */
export function hole(node: TSESTree.Node | undefined, file: string): StaticValue {
  return unknown(node, file);
}

export function isNullish(value: StaticValue): boolean {
  return value.kind === 'primitive' && (value.value === null || value.value === undefined);
}

/** Truthiness where it is known: objects, arrays, builders and functions are always truthy. */
export function truthiness(value: StaticValue): boolean | undefined {
  switch (value.kind) {
    case 'primitive':
      return Boolean(value.value);
    case 'unknown':
      return undefined;
    default:
      return true;
  }
}

/** Reads `key` from a value, keeping the container's origins (the part of T came from T). */
export function read(ev: Evaluation, container: StaticValue, key: string, node: TSESTree.Node | undefined, module: ModuleSource): StaticValue {
  switch (container.kind) {
    case 'object': {
      const property = container.properties.get(key);
      if (property) return ev.withOrigins(property.value, container.origins);
      return container.complete ? primitive(undefined, node, module.file, container.origins) : unknown(node, module.file, container.origins);
    }
    case 'array': {
      if (key === 'length') {
        return container.complete ? primitive(container.elements.length, node, module.file, container.origins) : unknown(node, module.file, container.origins);
      }
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0) return unknown(node, module.file, container.origins);
      const element = container.elements[index];
      if (element && container.complete) return ev.withOrigins(element, container.origins);
      return container.complete ? primitive(undefined, node, module.file, container.origins) : unknown(node, module.file, container.origins);
    }
    case 'primitive':
      if (typeof container.value === 'string' && key === 'length') return primitive(container.value.length, node, module.file, container.origins);
      return unknown(node, module.file, container.origins);
    default:
      return unknown(node, module.file, container.origins);
  }
}

export function argumentValue(ev: Evaluation, node: TSESTree.CallExpression | TSESTree.NewExpression, index: number, module: ModuleSource, env: Environment, depth: number): StaticValue | undefined {
  const argument = node.arguments[index];
  if (!argument || argument.type === 'SpreadElement') return undefined;
  return ev.value(argument, module, env, depth);
}
