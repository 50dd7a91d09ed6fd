import type { TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, requiredSpecifier, unwrapTypeWrappers } from '../syntax/ast.js';
import { findBinding } from './bindings.js';
import type { ModuleSource } from '../modules/module-graph.js';
import { resolveLibraryCall } from '../schemas/schema-libraries.js';
import { arrayMethod, arrayStatic, objectStatic } from './arrays-and-objects.js';
import { isNullish, primitive, read, unknown, type Environment, type Evaluation } from './evaluation.js';
import { applyProjectFunction } from './function-calls.js';
import { namespaceMember, requireValue } from './names-and-imports.js';
import type { BuilderStep, StaticValue } from './static-value.js';

/**
 * Member reads (`T.values`, `ns.T`, `list[0]`) and calls: schema-library builder chains (kept as
 * steps, not run), `require()`, the `Object`/`Array` statics, array and string methods, and a
 * glossary table's constructor helper, and a project function whose body is one returned
 * expression (`function-calls.ts`). Any other call is unknown: functions are not run.
 */

export function member(ev: Evaluation, node: TSESTree.MemberExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  let name = memberName(node);
  if (name === undefined && node.computed) {
    const key = ev.value(node.property, module, env, depth);
    if (key.kind === 'primitive' && (typeof key.value === 'string' || typeof key.value === 'number')) name = String(key.value);
  }
  if (name !== undefined) {
    const fromNamespace = namespaceMember(ev, unwrapTypeWrappers(node.object), name, module, depth);
    if (fromNamespace) return fromNamespace;
  }
  const object = ev.value(node.object, module, env, depth);
  if (name === undefined) return unknown(node, module.file, object.origins);
  if (node.optional && isNullish(object)) return primitive(undefined, node, module.file, object.origins);
  return read(ev, object, name, node, module);
}

export function call(ev: Evaluation, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  const required = requiredSpecifier(node);
  if (required !== undefined && findBinding(module, node.callee as TSESTree.Identifier).kind === 'global') return requireValue(ev, node, required, module, depth);
  const library = resolveLibraryCall(module, node, ev.libraryEnvironment);
  if (library) {
    const steps: BuilderStep[] = library.steps.map((step) => ({
      ...step,
      values: step.args.map((argument) => ev.value(argument, ev.moduleOf(argument), env, depth)),
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
      if (binding.kind === 'global' && binding.name === 'Object') return objectStatic(ev, method, node, module, env, depth);
      if (binding.kind === 'global' && binding.name === 'Array') return arrayStatic(ev, method, node, module, env, depth);
    }
    const receiver = ev.value(callee.object, module, env, depth);
    if (receiver.kind === 'builder') {
      // A chain continued from a const: `const base = z.object({}); base.passthrough()`.
      const step: BuilderStep = {
        name: method,
        args: node.arguments,
        node,
        values: node.arguments.map((argument) => ev.value(argument, module, env, depth)),
      };
      return { ...receiver, steps: [...receiver.steps, step], node, file, origins: receiver.origins };
    }
    if (receiver.kind === 'array') return arrayMethod(ev, receiver, method, node, module, env, depth);
    if (receiver.kind === 'primitive' && typeof receiver.value === 'string') return stringMethod(receiver, method, node, file);
    if (receiver.kind === 'unknown') {
      const applied = applyProjectFunction(ev, node, module, env, depth);
      if (applied) return applied;
    }
    return unknown(node, file, receiver.origins);
  }
  return tableConstructor(ev, node, module, env, depth) ?? applyProjectFunction(ev, node, module, env, depth) ?? unknown(node, file);
}

/**
 * `defineTable({ enumPolicy: 'closed', ... })`: a call whose object argument carries the glossary
 * policy key is taken to return that table, so the table's values stay known through its helper.
 */
function tableConstructor(ev: Evaluation, node: TSESTree.CallExpression, module: ModuleSource, env: Environment, depth: number): StaticValue | undefined {
  const argument = node.arguments[0];
  if (!argument || argument.type !== 'ObjectExpression') return undefined;
  const policyKey = ev.settings.glossary.policyKey;
  const hasPolicy = argument.properties.some(
    (property) => property.type === 'Property' && !property.computed && getKeyName(property.key, false) === policyKey,
  );
  return hasPolicy ? ev.value(argument, module, env, depth) : undefined;
}

function stringMethod(receiver: Extract<StaticValue, { kind: 'primitive' }>, method: string, node: TSESTree.Node, file: string): StaticValue {
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
