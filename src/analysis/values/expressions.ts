import type { TSESTree } from '@typescript-eslint/utils';
import type { ModuleSource } from '../modules/module-graph.js';
import { array, construct, object } from './arrays-and-objects.js';
import { hole, isNullish, primitive, truthiness, unknown, type Environment, type Evaluation } from './evaluation.js';
import { call, member } from './members-and-calls.js';
import { identifier } from './names-and-imports.js';
import type { Primitive, StaticValue } from './static-value.js';

/**
 * What one expression evaluates to: the dispatch over node types, and the operators (template
 * literals, `?:`, `??`/`||`/`&&`, unary and binary) that combine values already known. Literals
 * of lists and objects, member reads and calls, and names are the other parts' to evaluate.
 */

export function compute(ev: Evaluation, node: TSESTree.Node, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  switch (node.type) {
    case 'Literal':
      if ('regex' in node && node.regex) return unknown(node, file);
      return primitive(node.value as Primitive, node, file);
    case 'TemplateLiteral': {
      let text: string | undefined = node.quasis[0]?.value.cooked ?? '';
      for (let index = 0; index < node.expressions.length; index += 1) {
        const part = ev.value(node.expressions[index]!, module, env, depth);
        if (part.kind !== 'primitive') return unknown(node, file);
        text = ev.concatenate(text, String(part.value) + (node.quasis[index + 1]?.value.cooked ?? ''));
        if (text === undefined) return hole(node, file);
      }
      return primitive(text, node, file);
    }
    case 'ArrayExpression':
      return array(ev, node, module, env, depth);
    case 'ObjectExpression':
      return object(ev, node, module, env, depth);
    case 'Identifier':
      return identifier(ev, node, module, env, depth);
    case 'MemberExpression':
      return member(ev, node, module, env, depth);
    case 'ChainExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion':
    case 'TSInstantiationExpression':
      return ev.value(node.expression, module, env, depth);
    case 'CallExpression':
      return call(ev, node, module, env, depth);
    case 'NewExpression':
      return construct(ev, node, module, env, depth);
    case 'ConditionalExpression': {
      const test = truthiness(ev.value(node.test, module, env, depth));
      if (test === undefined) return unknown(node, file);
      return ev.value(test ? node.consequent : node.alternate, module, env, depth);
    }
    case 'LogicalExpression':
      return logical(ev, node, module, env, depth);
    case 'UnaryExpression':
      return unary(ev, node, module, env, depth);
    case 'BinaryExpression':
      return binary(ev, node, module, env, depth);
    case 'SequenceExpression':
      return ev.value(node.expressions[node.expressions.length - 1]!, module, env, depth);
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return { kind: 'function', function: node, node, file, origins: [] };
    default:
      return unknown(node, file);
  }
}

function logical(ev: Evaluation, node: TSESTree.LogicalExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const left = ev.value(node.left, module, env, depth);
  if (left.kind === 'unknown') return unknown(node, module.file);
  switch (node.operator) {
    case '??':
      return isNullish(left) ? ev.value(node.right, module, env, depth) : left;
    case '||':
      return truthiness(left) ? left : ev.value(node.right, module, env, depth);
    case '&&':
      return truthiness(left) ? ev.value(node.right, module, env, depth) : left;
  }
}

function unary(ev: Evaluation, node: TSESTree.UnaryExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  if (node.operator === 'void') return primitive(undefined, node, file);
  const argument = ev.value(node.argument, module, env, depth);
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

function binary(ev: Evaluation, node: TSESTree.BinaryExpression, module: ModuleSource, env: Environment, depth: number): StaticValue {
  const file = module.file;
  if (node.left.type === 'PrivateIdentifier') return unknown(node, file);
  const left = ev.value(node.left, module, env, depth);
  const right = ev.value(node.right, module, env, depth);
  if (left.kind !== 'primitive' || right.kind !== 'primitive') return unknown(node, file);
  const a = left.value;
  const b = right.value;
  switch (node.operator) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') {
        const text = ev.concatenate(String(a), String(b));
        return text === undefined ? hole(node, file) : primitive(text, node, file);
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
