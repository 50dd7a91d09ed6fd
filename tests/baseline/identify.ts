import * as tsParser from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { Linter, type Rule } from 'eslint';
import { expect } from 'vitest';
import { identifyReport, type FindingIdentity } from '../../src/baseline/fingerprint.js';

/** What a probe reports: a node, or (as rules about comments do) a location only. */
export type Report = { readonly node: TSESTree.Node } | { readonly loc: TSESTree.SourceLocation };

/**
 * Lints `code` as TypeScript with a probe rule whose listeners call `report`, and returns the
 * identity the baseline gives each report, in report order.
 */
export function identifyReports(code: string, listeners: (context: Rule.RuleContext, report: (what: Report) => void) => Rule.RuleListener): FindingIdentity[] {
  const found: FindingIdentity[] = [];
  const rule: Rule.RuleModule = {
    create: (context) => listeners(context, (what) => found.push(identifyReport(context.sourceCode as never, what))),
  };
  const messages = new Linter().verify(
    code,
    [{ files: ['**/*.ts'], languageOptions: { parser: tsParser as Linter.Parser }, plugins: { t: { rules: { r: rule } } }, rules: { 't/r': 'error' } }],
    'file.ts',
  );
  expect(messages).toEqual([]);
  return found;
}
