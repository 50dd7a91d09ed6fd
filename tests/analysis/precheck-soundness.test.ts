/// <reference types="vite/client" />
import * as tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { vocabularyPattern } from '../../src/analysis/syntax/file-text.js';
import { createRule } from '../../src/util/create-rule.js';

// The pre-checks (a rule's vocabulary, and what the file's imports may bring in, see
// `createRule`) are sound only if they never hide a finding. Every RuleTester case of every rule
// already asserts its exact reports with the pre-checks on; here the same cases run again with them
// forced off (the internal `SCHEMA_CONTRACT_PRECHECK=off`), so every rule runs on every case. Each
// case asserts the same messageIds, data, positions and suggestions, so passing both ways means the
// reports are the same with the check on and off. A case the pre-check wrongly skipped fails the
// normal run (its expected report is missing); one only the pre-check keeps quiet would fail here.
const PRECHECK_VARIABLE = 'SCHEMA_CONTRACT_PRECHECK';
const previous = process.env[PRECHECK_VARIABLE];

function restore(): void {
  if (previous === undefined) delete process.env[PRECHECK_VARIABLE];
  else process.env[PRECHECK_VARIABLE] = previous;
}

// A rule whose vocabulary no case spells: it reports only when the switch turns its check off.
const unspeakable = createRule<[], 'created'>({
  name: 'unspeakable',
  meta: {
    type: 'problem',
    docs: { description: 'Report every file the rule runs on', recommended: false },
    messages: { created: 'created' },
    schema: [],
    defaultOptions: [],
  },
  vocabulary: () => vocabularyPattern(['qqqNeverWrittenqqq']),
  create(context) {
    return { Program: (node) => context.report({ node, messageId: 'created' }) };
  },
});

async function reportsOfUnspeakable(): Promise<number> {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser }, plugins: { t: { rules: { unspeakable: unspeakable as never } } }, rules: { 't/unspeakable': 'error' } }],
  });
  const [result] = await eslint.lintText('export const a = 1;\n', { filePath: 'a.ts' });
  return result!.messages.length;
}

describe('the pre-check switch', () => {
  it('skips a file without the vocabulary when on, and runs the rule when off', async () => {
    delete process.env[PRECHECK_VARIABLE];
    expect(await reportsOfUnspeakable()).toBe(0);
    process.env[PRECHECK_VARIABLE] = 'off';
    expect(await reportsOfUnspeakable()).toBe(1);
  });
});

// The rule tests' cases (imported below, hoisted above this line) run after collection, so the
// variable is off for all of them; each test file is evaluated on its own, and it is restored when
// this one is done.
process.env[PRECHECK_VARIABLE] = 'off';
afterAll(restore);

// The rule tests register their RuleTester cases (vitest tests) when imported: all of them,
// for every rule, nested or not, so a new test file is covered without being listed here.
const ruleTests = import.meta.glob('../rules/**/*.test.ts', { eager: true });

describe('every rule test, with the pre-checks off', () => {
  it('collects the tests of every rule', () => {
    const files = Object.keys(ruleTests);
    for (const rule of ['no-fail-open-validator', 'no-open-glossary-enum', 'no-permissive-schema-fallback', 'no-schema-helper-throw', 'require-glossary-corroboration', 'valid-schema-literal']) {
      expect(files).toContain(`../rules/${rule}.test.ts`);
    }
  });
});
