import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { isChainContinuation } from '../../src/analysis/schemas/schema-libraries.js';
import { probe } from './probe.js';

describe('isChainContinuation', () => {
  it.each([
    ["import { z } from 'zod'; const probe = z.string().min(1);", true],
    ["declare const list: string[]; const probe = list.filter(Boolean).map(String);", true],
    ["import { z } from 'zod'; const probe = (z.string() as any).optional();", true],
    ["import { z } from 'zod'; const probe = z.enum(['a']);", false],
    ["import { picklist } from 'valibot'; const probe = picklist(['a']);", false],
    ["declare const f: () => () => void; const probe = f()();", false],
  ])('%s: %s', (code, expected) => {
    const call = probe(code).value.node as TSESTree.CallExpression;
    expect(call.type).toBe('CallExpression');
    expect(isChainContinuation(call)).toBe(expected);
  });
});
