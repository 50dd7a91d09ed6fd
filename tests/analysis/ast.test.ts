import { parse } from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { isTypeWrapper, unwrapChainAndTypeWrappers, unwrapTypeWrappers } from '../../src/analysis/ast.js';

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
