import type { TSESTree } from '@typescript-eslint/utils';
import { getKeyName } from '../syntax/ast.js';
import { findBinding } from './bindings.js';
import type { ModuleSource } from '../modules/module-graph.js';
import {
  argumentValue,
  hole,
  isNullish,
  MAX_ELEMENTS,
  primitive,
  truthiness,
  unknown,
  type Environment,
  type Evaluation,
} from './evaluation.js';
import { apply } from './function-calls.js';
import type { ArrayValue, Primitive, StaticProperty, StaticValue } from './static-value.js';
import { OriginList, VALUE_LIMITS } from './value-budget.js';

/**
 * Lists and objects: array and object literals with their spreads, `Object.keys/values/entries`,
 * `Array.of/from`, `new Set(…)`, and the array methods a glossary table is reshaped with (`map`,
 * `filter`, `slice`, `concat`, `flat`, `join`), applying simple callbacks. Every copy is checked
 * against the value budget before it is made.
 */

export function array(ev: Evaluation, node: TSESTree.ArrayExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const elements: StaticValue[] = [];
  const origins = new OriginList();
  let complete = true;
  // What the list holds so far, counted as `ValueBudget.sizeOf` counts it: a spread is checked
  // before it is copied, so `[...a, ...a]` stops at the budget instead of allocating.
  let cells = 1;
  for (const element of node.elements) {
    if (ev.exhausted || elements.length >= MAX_ELEMENTS) {
      complete = false;
      break;
    }
    if (element === null) {
      elements.push(primitive(undefined, undefined, module.file));
      cells += 1;
    } else if (element.type === 'SpreadElement') {
      const spread = ev.value(element.argument, module, env, depth);
      // `[...T.values]` is still T's list: the copy keeps where it came from.
      origins.addAll(spread.origins);
      cells += ev.budget.spreadCells(spread) + spread.origins.length;
      if (!ev.budget.fits(cells)) return hole(node, module.file);
      const items = iterate(ev, spread);
      if (items) {
        for (const item of items.elements) elements.push(item);
        complete &&= items.complete;
      } else {
        complete = false;
      }
    } else {
      const value = ev.value(element, module, env, depth);
      cells += ev.budget.sizeOf(value);
      if (!ev.budget.fits(cells)) return hole(node, module.file);
      elements.push(value);
    }
  }
  const list = origins.list();
  if (!list) return hole(node, module.file);
  return { kind: 'array', elements, complete: complete && !ev.exhausted, node, file: module.file, origins: list };
}

/**
 * What spreading or iterating a value yields, when known. Callers check the copy's size
 * (`ValueBudget.spreadCells`) before asking: a string yields one element per character.
 */
function iterate(ev: Evaluation, value: StaticValue): { elements: readonly StaticValue[]; complete: boolean } | undefined {
  if (value.kind === 'array') {
    if (value.origins.length === 0) return { elements: value.elements, complete: value.complete };
    const elements: StaticValue[] = [];
    for (const element of value.elements) elements.push(ev.withOrigins(element, value.origins));
    return { elements, complete: value.complete };
  }
  if (value.kind === 'primitive' && typeof value.value === 'string') {
    const elements: StaticValue[] = [];
    for (const char of value.value) elements.push(primitive(char, value.node, value.file, value.origins));
    ev.budget.charge(elements.length);
    return { elements, complete: true };
  }
  return undefined;
}

export function object(ev: Evaluation, node: TSESTree.ObjectExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const properties = new Map<string, StaticProperty>();
  const origins = new OriginList();
  let complete = true;
  // An upper bound of the object's size (overwritten keys stay counted): checked before a spread is copied.
  let cells = 1;
  for (const property of node.properties) {
    if (ev.exhausted) {
      complete = false;
      break;
    }
    if (property.type === 'SpreadElement') {
      const spread = ev.value(property.argument, module, env, depth);
      origins.addAll(spread.origins);
      if (spread.kind === 'object') {
        cells += ev.budget.sizeOf(spread) + spread.properties.size * spread.origins.length;
        if (!ev.budget.fits(cells)) return hole(node, module.file);
        // A partly known spread may hold keys beyond those known, overwriting anything before it.
        if (!spread.complete) for (const [key, value] of properties) properties.set(key, { value: unknown(value.value.node, module.file), keyNode: value.keyNode });
        for (const [key, value] of spread.properties) properties.set(key, { value: ev.withOrigins(value.value, spread.origins), keyNode: value.keyNode });
        complete &&= spread.complete;
      } else if (!isNullish(spread)) {
        // An unknown spread may overwrite anything written before it.
        for (const [key, value] of properties) properties.set(key, { value: unknown(value.value.node, module.file), keyNode: value.keyNode });
        complete = false;
      }
      continue;
    }
    const key = propertyKey(ev, property, module, env, depth);
    if (key === undefined) {
      complete = false;
      continue;
    }
    const value =
      property.kind !== 'init' || property.method
        ? unknown(property.value, module.file)
        : ev.value(property.value, module, env, depth);
    cells += 1 + ev.budget.sizeOf(value);
    if (!ev.budget.fits(cells)) return hole(node, module.file);
    properties.set(key, { value, keyNode: property.key });
  }
  const list = origins.list();
  if (!list) return hole(node, module.file);
  return { kind: 'object', properties, complete: complete && !ev.exhausted, node, file: module.file, origins: list };
}

function propertyKey(ev: Evaluation, property: TSESTree.Property, module: ModuleSource, env: Environment, depth: number): string | undefined {
  if (!property.computed) return getKeyName(property.key, false);
  const key = ev.value(property.key, module, env, depth);
  return key.kind === 'primitive' && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : undefined;
}

export function objectStatic(ev: Evaluation, method: string, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  const target = argumentValue(ev, node, 0, module, env, depth);
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

export function arrayStatic(ev: Evaluation, method: string, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  if (method === 'of') {
    const elements = node.arguments.map((argument) => ev.value(argument, module, env, depth));
    return { kind: 'array', elements, complete: node.arguments.every((argument) => argument.type !== 'SpreadElement'), node, file, origins: [] };
  }
  if (method !== 'from') return unknown(node, file);
  const source = argumentValue(ev, node, 0, module, env, depth);
  if (source && !ev.budget.fits(1 + ev.budget.spreadCells(source))) return hole(node, file);
  const items = source && iterate(ev, source);
  if (!source || !items) return unknown(node, file, source?.origins);
  const list: ArrayValue = { kind: 'array', elements: items.elements, complete: items.complete, node, file, origins: source.origins };
  const mapper = argumentValue(ev, node, 1, module, env, depth);
  return mapper ? mapArray(ev, list, mapper, node, module, env, depth) : list;
}

export function construct(ev: Evaluation, node: TSESTree.NewExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  if (node.callee.type !== 'Identifier' || node.callee.name !== 'Set') return unknown(node, file);
  const binding = findBinding(module, node.callee);
  if (binding.kind !== 'global') return unknown(node, file);
  const source = argumentValue(ev, node, 0, module, env, depth);
  if (!source) return node.arguments.length === 0 ? { kind: 'array', elements: [], complete: true, node, file, origins: [] } : unknown(node, file);
  if (!ev.budget.fits(1 + ev.budget.spreadCells(source))) return hole(node, file);
  const items = iterate(ev, source);
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

export function arrayMethod(ev: Evaluation, receiver: ArrayValue, method: string, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  const origins = receiver.origins;
  switch (method) {
    case 'map':
    case 'flatMap':
    case 'filter': {
      const callback = argumentValue(ev, node, 0, module, env, depth);
      if (!callback) return unknown(node, file, origins);
      if (method === 'map') return mapArray(ev, receiver, callback, node, module, env, depth);
      if (method === 'flatMap') {
        const mapped = mapArray(ev, receiver, callback, node, module, env, depth);
        return mapped.kind === 'array' ? flatten(mapped, 1, node, file) : mapped;
      }
      return filterArray(ev, receiver, callback, node, module, env, depth);
    }
    case 'slice': {
      if (!receiver.complete) return unknown(node, file, origins);
      const start = argumentValue(ev, node, 0, module, env, depth);
      const end = argumentValue(ev, node, 1, module, env, depth);
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
      let cells = ev.budget.sizeOf(receiver);
      for (const argument of node.arguments) {
        if (argument.type === 'SpreadElement') return unknown(node, file, origins);
        const value = ev.value(argument, module, env, depth);
        // Checked before the copy: `a.concat(a, a, a, …)` multiplies the list with every argument.
        cells += value.kind === 'array' ? ev.budget.spreadCells(value) : ev.budget.sizeOf(value);
        if (!ev.budget.fits(cells)) return hole(node, file);
        if (value.kind === 'array') {
          for (const element of value.elements) elements.push(ev.withOrigins(element, value.origins));
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
      if (!list) return hole(node, file);
      return { kind: 'array', elements, complete, node, file, origins: list };
    }
    case 'flat': {
      const levels = argumentValue(ev, node, 0, module, env, depth);
      const count = levels === undefined ? 1 : levels.kind === 'primitive' && typeof levels.value === 'number' ? levels.value : undefined;
      return count === undefined ? unknown(node, file, origins) : flatten(receiver, count, node, file);
    }
    case 'join': {
      const separator = argumentValue(ev, node, 0, module, env, depth);
      const text = separator === undefined ? ',' : separator.kind === 'primitive' ? String(separator.value) : undefined;
      if (text === undefined || !receiver.complete || receiver.elements.some((element) => element.kind !== 'primitive')) {
        return unknown(node, file, origins);
      }
      const parts = receiver.elements.map((element) => String((element as { value: Primitive }).value ?? ''));
      let length = text.length * Math.max(0, parts.length - 1);
      for (const part of parts) length += part.length;
      if (length > VALUE_LIMITS.stringLength || !ev.budget.charge(1 + Math.ceil(length / 16))) return hole(node, file);
      return primitive(parts.join(text), node, file, origins);
    }
    case 'toSorted':
    case 'toReversed':
      return unknown(node, file, origins);
    default:
      return unknown(node, file, origins);
  }
}

function flatten(list: ArrayValue, levels: number, node: TSESTree.Node, file: string): StaticValue {
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

function mapArray(ev: Evaluation, list: ArrayValue, callback: StaticValue, node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const elements: StaticValue[] = [];
  for (const [index, element] of list.elements.entries()) {
    if (ev.exhausted) return unknown(node, module.file, list.origins);
    const mapped = apply(ev, callback, [element, primitive(index, undefined, module.file)], node, module, env, depth);
    if (!mapped) return unknown(node, module.file, list.origins);
    elements.push(mapped);
  }
  return { kind: 'array', elements, complete: list.complete, node, file: module.file, origins: list.origins };
}

function filterArray(ev: Evaluation, list: ArrayValue, callback: StaticValue, node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const elements: StaticValue[] = [];
  let complete = list.complete;
  for (const [index, element] of list.elements.entries()) {
    if (ev.exhausted) return unknown(node, module.file, list.origins);
    const kept = apply(ev, callback, [element, primitive(index, undefined, module.file)], node, module, env, depth);
    if (!kept) return unknown(node, module.file, list.origins);
    const truth = truthiness(kept);
    if (truth === undefined) complete = false;
    else if (truth) elements.push(element);
  }
  return { kind: 'array', elements, complete, node, file: module.file, origins: list.origins };
}
