import * as tsParser from '@typescript-eslint/parser';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { controllingConditions, GuardIndex } from '../../src/analysis/enums/guard-conditions.js';

/** Runs `ask` on every identifier named `target` in `code`, with ESLint's parents set. */
function withTargets<T>(code: string, ask: (targets: TSESTree.Identifier[]) => T): T {
  let result: T | undefined;
  const targets: TSESTree.Identifier[] = [];
  const rule: TSESLint.RuleModule<string, []> = {
    meta: { type: 'problem', schema: [], messages: {} },
    defaultOptions: [],
    create: () => ({
      'Identifier[name="target"]': (node: TSESTree.Identifier) => void targets.push(node),
      'Program:exit': () => void (result = ask(targets)),
    }),
  };
  const messages = new Linter({ configType: 'flat' }).verify(
    code,
    [{ files: ['**/*.ts'], languageOptions: { parser: tsParser as Linter.Parser }, plugins: { t: { rules: { t: rule as never } } }, rules: { 't/t': 'error' } }],
    { filename: 'guards.ts' },
  );
  if (messages.length > 0) throw new Error(messages[0]!.message);
  return result as T;
}

/** The fact a condition establishes: the name it tests, with `!` when it must have failed. */
function namesOf(condition: TSESTree.Expression, holds: boolean): string[] {
  return condition.type === 'Identifier' ? [`${holds ? '' : '!'}${condition.name}`] : [];
}

describe('GuardIndex', () => {
  it('finds early exits above a node and enclosing branches, within the enclosing function', () => {
    const code = `
      if (a) throw new Error();
      void target; // 0: a failed
      function f() {
        if (b) return;
        if (c) { void target; } // 1: b failed, c held
        else { void target; } // 2: b failed, c failed
        void (d && target); // 3: b failed, d held
        void (e ? 1 : target); // 4: b failed, e failed
      }
      void target; // 5: a failed, not b (inside f)
      if (g) return;
    `;
    const facts = withTargets(`function wrap() {${code}}`, (targets) => {
      const index = new GuardIndex<string>(namesOf);
      const all = ['!a', '!b', 'c', '!c', 'd', '!e', '!g'];
      return targets.map((target) => all.filter((fact) => index.isEstablished(target, [fact])));
    });
    expect(facts).toEqual([['!a'], ['!b', 'c'], ['!b', '!c'], ['!b', 'd'], ['!b', '!e'], ['!a']]);
  });

  it('agrees with controllingConditions', () => {
    const code = `function wrap() {
      if (a) return; if (!b) throw 1; void target;
      { if (c) { return; } else { throw 2; } }
      switch (x) { case 1: if (d) break; void target; }
      void (e || target); void (f ?? target);
    }`;
    withTargets(code, (targets) => {
      const index = new GuardIndex<string>(namesOf);
      for (const target of targets) {
        const expected = new Set(controllingConditions(target).flatMap(({ condition, holds }) => namesOf(condition, holds)));
        for (const fact of ['!a', '!b', 'b', '!c', '!d', '!e', '!f', 'e']) expect(index.isEstablished(target, [fact]), fact).toBe(expected.has(fact));
      }
    });
  });

  it('asks for the facts of each condition once, however many nodes sit below how many exits', () => {
    const exits = Array.from({ length: 300 }, (_, index) => `if (c${index}) throw new Error();\nvoid target;`).join('\n');
    const asked = withTargets(exits, (targets) => {
      let calls = 0;
      const index = new GuardIndex<string>((condition, holds) => {
        calls += 1;
        return namesOf(condition, holds);
      });
      const guarded = targets.map((target) => index.isEstablished(target, ['!c0', '!c299']));
      expect(guarded.every(Boolean)).toBe(true);
      expect(targets.map((target) => index.isEstablished(target, ['!c299'])).filter(Boolean)).toHaveLength(1);
      return calls;
    });
    expect(asked).toBe(300);
  });
});
