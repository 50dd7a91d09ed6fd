import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { buildConfig, moduleGraphCounters } from '../../bench/configs.mjs';

describe('benchmark configurations', () => {
  it('gives the control h exactly one live rule, so it measures what hosting any rule costs', async () => {
    const config = await buildConfig('h');
    const linter = new Linter();
    const lint = (code: string) => linter.verify(code, config, 'src/control.ts');
    // The corpus spells no `debugger`, so there it only listens; here the listener must fire.
    expect(lint('export function f(): void {\n  debugger;\n}\n').map((message) => [message.ruleId, message.line])).toEqual([
      ['no-debugger', 2],
    ]);
    expect(lint('export const answer: number = 42;\n')).toEqual([]);
    expect(config.flatMap((entry) => Object.keys(entry.rules ?? {}))).toEqual(['no-debugger']);
  });

  it('differs from parse-only only by that rule', async () => {
    const [parseOnly, control] = await Promise.all([buildConfig('a'), buildConfig('h')]);
    expect(control.slice(0, parseOnly.length)).toEqual(parseOnly);
  });
});

describe('the peer configuration r', () => {
  it('runs eslint-plugin-regexp\'s recommended rules on the same base as parse-only', async () => {
    const [parseOnly, peer] = await Promise.all([buildConfig('a'), buildConfig('r')]);
    expect(peer.slice(0, parseOnly.length)).toEqual(parseOnly);
    const rules = peer.flatMap((entry) => Object.keys(entry.rules ?? {}));
    expect(rules.length).toBeGreaterThan(20);
    // Its own rules, and the core rules about regular expressions it sets (on or off).
    expect(rules.filter((rule) => !rule.startsWith('regexp/') && !/regex|character-class|backreference/.test(rule))).toEqual([]);
    const messages = new Linter().verify('export const digits = /[0-9]/;\n', peer, 'src/peer.ts');
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([['regexp/prefer-d', 1]]);
  });
});

describe('the module graph counters the bench reads', () => {
  it('finds the build\'s parse and adoption counts, which the "no other module" check needs', async () => {
    const counters = await moduleGraphCounters();
    expect(counters).toBeDefined();
    expect(counters?.parses()).toBeInstanceOf(Map);
    expect(counters?.adoptions()).toBeInstanceOf(Map);
  });
});
