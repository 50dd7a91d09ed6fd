import { parse } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import {
  destructuredKey,
  getTargetName,
  isTypeWrapper,
  memberName,
  unwrapChainAndTypeWrappers,
  unwrapTypeWrappers,
} from '../../src/analysis/syntax/ast.js';

function expressionOf(code: string): TSESTree.Expression {
  const statement = parse(code, { range: true }).body[0] as TSESTree.ExpressionStatement;
  return statement.expression;
}

function text(code: string, node: TSESTree.Node): string {
  return code.slice(node.range[0], node.range[1]);
}

describe('isTypeWrapper', () => {
  it.each([
    ['x as T', true],
    ['x satisfies T', true],
    ['x!', true],
    ['<T>x', true],
    ['f<T>', false],
    ['a?.b', false],
    ['(x)', false],
  ])('%s: %s', (code, expected) => {
    expect(isTypeWrapper(expressionOf(code))).toBe(expected);
  });
});

describe('unwrapTypeWrappers', () => {
  it.each([
    ['(<T>(x satisfies U)!) as V', 'x'],
    ['a?.b as T', 'a?.b'],
    ['f<T> as U', 'f<T>'],
    ['x', 'x'],
  ])('%s → %s', (code, expected) => {
    expect(text(code, unwrapTypeWrappers(expressionOf(code)))).toBe(expected);
  });
});

describe('unwrapChainAndTypeWrappers', () => {
  it.each([
    ['(<T>(x satisfies U)!) as V', 'x'],
    ['(a?.b as T)', 'a?.b'],
    ['(z as any)?.object', '(z as any)?.object'],
    ['f<T> as U', 'f'],
  ])('%s → %s', (code, expected) => {
    const inner = unwrapChainAndTypeWrappers(expressionOf(code));
    expect(text(code, inner)).toBe(expected);
  });

  it('stops at the member access inside an optional chain', () => {
    expect(unwrapChainAndTypeWrappers(expressionOf('(a?.b as T)')).type).toBe('MemberExpression');
  });
});

describe('memberName', () => {
  it.each([
    ['a.b', 'b'],
    ["a['b']", 'b'],
    ['a[b]', undefined],
    ['a[0]', undefined],
    ['a[`b`]', undefined],
  ])('%s → %s', (code, expected) => {
    expect(memberName(expressionOf(code) as TSESTree.MemberExpression)).toBe(expected);
  });
});

describe('getTargetName', () => {
  it.each([
    ['x = 1', 'x'],
    ['a.b = 1', 'b'],
    ['a[`b`] = 1', 'b'],
    ['a[b] = 1', undefined],
    ['[x] = list', undefined],
  ])('%s → %s', (code, expected) => {
    expect(getTargetName((expressionOf(code) as TSESTree.AssignmentExpression).left)).toBe(expected);
  });

  it('names a defaulted parameter by its binding', () => {
    const declaration = parse('function f(schema = {}) {}').body[0] as TSESTree.FunctionDeclaration;
    expect(getTargetName(declaration.params[0]!)).toBe('schema');
  });
});

describe('destructuredKey', () => {
  const patternOf = (code: string): TSESTree.ObjectPattern =>
    (parse(code).body[0] as TSESTree.VariableDeclaration).declarations[0]!.id as TSESTree.ObjectPattern;
  /** The binding of the pattern's first property: its value, or the left of its default. */
  const bindingOf = (property: TSESTree.Property): TSESTree.Identifier =>
    (property.value.type === 'AssignmentPattern' ? property.value.left : property.value) as TSESTree.Identifier;

  it.each([
    ['const { strict: assert } = m;', 'strict'],
    ['const { strict: assert = fallback } = m;', 'strict'],
    ['const { assert } = m;', 'assert'],
    ["const { ['strict']: assert } = m;", undefined],
  ])('%s → %s', (code, expected) => {
    const pattern = patternOf(code);
    const binding = bindingOf(pattern.properties[0] as TSESTree.Property);
    expect(binding.type).toBe('Identifier');
    expect(destructuredKey(pattern, binding)).toBe(expected);
  });

  it('does not look into nested patterns', () => {
    const pattern = patternOf('const { a: { assert } } = m;');
    const inner = (pattern.properties[0] as TSESTree.Property).value as TSESTree.ObjectPattern;
    expect(destructuredKey(pattern, bindingOf(inner.properties[0] as TSESTree.Property))).toBeUndefined();
    expect(destructuredKey(inner, bindingOf(inner.properties[0] as TSESTree.Property))).toBe('assert');
  });
});
