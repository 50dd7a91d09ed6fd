import * as tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../../rules/no-permissive-schema-fallback.js';

// A correctness bound, not a benchmark: adversarial input must neither hang nor blow the stack.
// Generous on purpose (the machine is shared); precise numbers belong to the benchmark. What is
// bounded is the time spent in the rule (its create and listeners, which include every evaluation):
// parsing a 50,000-element literal alone takes seconds on a loaded machine and is not the rule's.
const BOUND_MS = 1500;

type Listener = (...args: unknown[]) => unknown;

/** The rule with every listener timed, so the bound excludes the parser and ESLint's traversal. */
function timedRule(): { rule: typeof rule; elapsed: () => number } {
  let elapsed = 0;
  const time = <T>(run: () => T): T => {
    const started = performance.now();
    try {
      return run();
    } finally {
      elapsed += performance.now() - started;
    }
  };
  const timed = {
    ...rule,
    create(context: Parameters<typeof rule.create>[0]) {
      const listeners = time(() => rule.create(context)) as Record<string, Listener>;
      return Object.fromEntries(
        Object.entries(listeners).map(([selector, listener]) => [selector, (...args: unknown[]) => time(() => listener(...args))]),
      );
    },
  } as typeof rule;
  return { rule: timed, elapsed: () => elapsed };
}

function lint(code: string): { messages: Linter.LintMessage[]; elapsed: number } {
  const timed = timedRule();
  const linter = new Linter({ configType: 'flat' });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module' },
      plugins: { 'schema-contract': { rules: { 'no-permissive-schema-fallback': timed.rule as never } } },
      rules: { 'schema-contract/no-permissive-schema-fallback': 'error' },
    },
  ];
  const messages = linter.verify(code, config, { filename: 'budget.ts' });
  return { messages, elapsed: timed.elapsed() };
}

function fatal(messages: Linter.LintMessage[]): Linter.LintMessage[] {
  return messages.filter((message) => message.fatal === true || message.ruleId === null);
}

describe('no-permissive-schema-fallback: budget', () => {
  it('lints 50,000-element arrays in fallback positions within the bound', () => {
    const elements = Array.from({ length: 50_000 }, (_, index) => String(index)).join(', ');
    const code = [
      `const HUGE = { type: 'object', examples: [${elements}] };`,
      `const inputSchema = def.inputSchema ?? HUGE;`,
      `function schemaOf(s) { try { return convert(s); } catch { return { type: 'object', enum: [${elements}] }; } }`,
      `export const tools = [{ name: 'a', inputSchema }, { name: 'b', inputSchema: schemaOf(b) }];`,
    ].join('\n');
    const { messages, elapsed } = lint(code);
    expect(fatal(messages)).toEqual([]);
    expect(elapsed).toBeLessThan(BOUND_MS);
    // Annotations do not constrain, however long: the HUGE fallback accepts any object. The enum
    // constrains the catch fallback (or, past the element budget, leaves a hole): not reported.
    expect(messages.map((message) => [message.line, message.messageId])).toEqual([[2, 'permissiveAbsenceFallback']]);
  });

  it('lints 200-deep nesting of fallback positions and schema literals within the bound', () => {
    const depth = 200;
    const nestedSchema = `${'{ anyOf: [ '.repeat(depth)}{}${' ] }'.repeat(depth)}`;
    const nestedFallbacks = `${'(a ?? '.repeat(depth)}{}${')'.repeat(depth)}`;
    const nestedConditionals = `${'c ? inputSchema : '.repeat(depth)}{}`;
    let nestedCatches = `return convert();`;
    for (let level = 0; level < depth; level += 1) nestedCatches = `try { ${nestedCatches} } catch { return {}; }`;
    const code = [
      `const deep = def.inputSchema ?? ${nestedSchema};`,
      `const chained = ${nestedFallbacks};`,
      `const inputSchema2 = ${nestedConditionals};`,
      `function schemaOf() { ${nestedCatches} }`,
      `export const tools = [{ name: 'a', inputSchema: inputSchema2 }, { name: 'b', inputSchema: schemaOf() }];`,
    ].join('\n');
    const { messages, elapsed } = lint(code);
    expect(fatal(messages)).toEqual([]);
    expect(elapsed).toBeLessThan(BOUND_MS);
    // Past the evaluator's depth budget the anyOf nest is a hole, and the `??` chain goes nowhere
    // known: neither is reported. The conditional chain falls back from `inputSchema` once; every
    // `catch { return {} }` of the function whose call is advertised replaces a build.
    expect(messages.map((message) => message.line)).toEqual([3, ...Array.from({ length: depth }, () => 4)]);
  });
});
