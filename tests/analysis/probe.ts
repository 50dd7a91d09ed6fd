import { Linter } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { getEvaluator } from '../../src/analysis/values/evaluator.js';
import type { StaticValue } from '../../src/analysis/values/static-value.js';

export interface ProbeResult {
  value: StaticValue;
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;
}

/**
 * Lints `code` with a one-off rule and evaluates the initializer of `const probe = …` with the
 * shared evaluator, exactly as a rule would (real scope manager, real settings).
 */
export function probe(code: string, options: { filename?: string; settings?: Record<string, unknown> } = {}): ProbeResult {
  let result: ProbeResult | undefined;
  const rule: TSESLint.RuleModule<string, []> = {
    meta: { type: 'problem', schema: [], messages: {} },
    defaultOptions: [],
    create(context) {
      return {
        'VariableDeclarator[id.name="probe"]'(node: TSESTree.VariableDeclarator) {
          result = { value: getEvaluator(context).evaluate(node.init!), context };
        },
      };
    },
  };
  const linter = new Linter({ configType: 'flat', cwd: '/' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
        languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module' },
        plugins: { probe: { rules: { probe: rule as never } } },
        rules: { 'probe/probe': 'error' },
        settings: options.settings ?? {},
      },
    ],
    { filename: options.filename ?? '/virtual/probe.ts' },
  );
  const fatal = messages.find((message) => message.fatal || message.ruleId === 'probe/probe');
  if (fatal) throw new Error(`probe failed: ${fatal.message}`);
  if (!result) throw new Error('probe: no `const probe = …` in the code');
  return result;
}

/**
 * Lints `code` as the TypeScript file `filename` with a one-off rule whose listeners `create`
 * returns, and gives back the linter's messages (the caller decides which of them are failures).
 */
export function lintWithProbe(
  code: string,
  create: (context: Readonly<TSESLint.RuleContext<string, []>>) => TSESLint.RuleListener,
  filename = 'probe.ts',
): Linter.LintMessage[] {
  const rule: TSESLint.RuleModule<string, []> = { meta: { type: 'problem', schema: [], messages: {} }, defaultOptions: [], create };
  return new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module' },
        plugins: { probe: { rules: { probe: rule as never } } },
        rules: { 'probe/probe': 'error' },
      },
    ],
    { filename },
  );
}

/** Marks the expression a test asks about: the outermost node starting right after it. */
export const MARKER = '/*@*/';

/**
 * Lints `code` with a one-off rule and answers `ask` for the outermost expression that starts
 * right after the `MARKER` comment, with the rule's real context (scope manager, source code).
 */
export function atMarker<T>(code: string, ask: (context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, node: TSESTree.Node) => T): T {
  const markerEnd = code.indexOf(MARKER) + MARKER.length;
  if (markerEnd < MARKER.length) throw new Error('test code has no /*@*/ marker');
  let answer: { value: T } | undefined;
  const messages = lintWithProbe(code, (context) => ({
    '*'(node: TSESTree.Node) {
      if (answer || node.range[0] !== markerEnd || node.type === 'ExpressionStatement') return;
      answer = { value: ask(context, node) };
    },
  }));
  if (messages.length > 0) throw new Error(`probe failed: ${messages.map((message) => message.message).join('; ')}`);
  if (!answer) throw new Error('no node starts at the marker');
  return answer.value;
}

/** A value as plain data, with holes shown as the string '<unknown>' for readable assertions. */
export function show(value: StaticValue): unknown {
  switch (value.kind) {
    case 'primitive':
      return value.value;
    case 'array': {
      const items = value.elements.map(show);
      return value.complete ? items : [...items, '<…>'];
    }
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of value.properties) result[key] = show(property.value);
      if (!value.complete) result['<…>'] = true;
      return result;
    }
    case 'builder':
      return `<${value.library}:${value.steps.map((step) => step.name).join('.')}>`;
    case 'function':
      return '<function>';
    case 'unknown':
      return '<unknown>';
  }
}

/** Lints `code` as `filename` with a one-off rule that answers `ask` once, with the rule's real context. */
export function answerWithProbe<T>(code: string, ask: (context: Readonly<TSESLint.RuleContext<string, []>>) => T, filename = 'probe.ts'): T {
  let result: { value: T } | undefined;
  const messages = lintWithProbe(
    code,
    (context) => {
      result = { value: ask(context) };
      return {};
    },
    filename,
  );
  if (!result) throw new Error(`the probe did not run: ${messages.map((message) => message.message).join('; ')}`);
  return result.value;
}
