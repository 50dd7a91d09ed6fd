/**
 * The value budget: a value that would grow past `VALUE_LIMITS` is a hole (unknown, read through
 * nothing but the binding that holds it), found out before the growth is built; what stays within
 * the budget is evaluated exactly as before.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VALUE_LIMITS, ValueBudget } from '../../src/analysis/values/value-budget.js';
import type { StaticValue } from '../../src/analysis/values/static-value.js';
import { probe, show } from './probe.js';

const evaluate = (code: string, filename?: string): StaticValue => probe(code, { filename }).value;

/** `const a1 = [...a0, ...a0]` up to `count`, then `const probe = a<count>`. */
function doubling(count: number, make = (index: number) => `const a${index + 1} = [...a${index}, ...a${index}];`): string {
  return `const a0 = ['x', 'y'];\n${Array.from({ length: count }, (_, index) => make(index)).join('\n')}\nconst probe = a${count};`;
}

/**
 * The first doubling step whose list exceeds the cells of one value: `a<k>` holds 2^(k+1)
 * elements, each a cell, a cell of text and the k lists it was copied through (its origins),
 * and the list itself with its own k + 1 origins.
 */
const cellsOfStep = (step: number): number => 1 + (step + 1) + 2 ** (step + 1) * (2 + step);
let FIRST_TOO_LARGE = 1;
while (cellsOfStep(FIRST_TOO_LARGE) <= VALUE_LIMITS.cells) FIRST_TOO_LARGE += 1;

describe('value budget', () => {
  it('evaluates a doubling list exactly while it fits, and as a hole once it would not', () => {
    // Lists of thousands of values (a real table, copied through a few bindings) stay known.
    expect(FIRST_TOO_LARGE).toBeGreaterThan(10);
    const fits = evaluate(doubling(FIRST_TOO_LARGE - 1));
    expect(fits.kind === 'array' && fits.complete && fits.elements.length).toBe(2 ** FIRST_TOO_LARGE);
    const over = evaluate(doubling(FIRST_TOO_LARGE));
    expect(over.kind).toBe('unknown');
    // The hole is read through the binding that holds it, and through nothing it was built from.
    expect(over.origins.map((origin) => origin.name)).toEqual([`a${FIRST_TOO_LARGE}`]);
    // Past the hole, spreading it gives a list known to be partial, not a larger one.
    const after = evaluate(doubling(FIRST_TOO_LARGE + 8));
    expect(after.kind === 'array' ? { complete: after.complete, length: after.elements.length } : after.kind).toEqual({ complete: false, length: 0 });
  });

  it('counts a part shared by two places in both: an object holding another twice', () => {
    const shared = (count: number): string =>
      `const o0 = { type: 'string' };\n${Array.from({ length: count }, (_, index) => `const o${index + 1} = { a: o${index}, b: o${index} };`).join('\n')}\nconst probe = o${count};`;
    expect(show(evaluate(shared(2)))).toEqual({ a: { a: { type: 'string' }, b: { type: 'string' } }, b: { a: { type: 'string' }, b: { type: 'string' } } });
    // Somewhere down the chain a level would be larger than a value may be: a hole from there on,
    // and the levels above it hold that hole, not the growth.
    let level = evaluate(shared(40));
    let depth = 0;
    while (level.kind === 'object') {
      level = level.properties.get('a')!.value;
      depth += 1;
    }
    expect(level.kind).toBe('unknown');
    expect(depth).toBeLessThanOrEqual(Math.ceil(Math.log2(VALUE_LIMITS.cells)) + 1);
  });

  it('stops .concat, .flat, Array.from and new Set before they copy past the budget', () => {
    const base = `const base = [${Array.from({ length: 1000 }, (_, index) => `'v${index}'`).join(', ')}];`;
    const times = Math.ceil(VALUE_LIMITS.cells / 1000) + 1;
    const many = Array.from({ length: times }, () => 'base').join(', ');
    expect(evaluate(`${base}\nconst probe = base.concat(${many});`).kind).toBe('unknown');
    expect(evaluate(`${base}\nconst probe = [${many}].flat();`).kind).toBe('unknown');
    expect(evaluate(`${base}\nconst probe = base.concat(base, base);`)).toMatchObject({ kind: 'array', complete: true });
    // 2^19 characters: within a string's budget, but one element each is past a list's.
    const long = `const s0 = 'abcdefgh';\n${Array.from({ length: 16 }, (_, index) => `const s${index + 1} = s${index} + s${index};`).join('\n')}`;
    expect(evaluate(`${long}\nconst probe = s16;`).kind).toBe('primitive');
    for (const spread of ['[...s16]', 'Array.from(s16)', 'new Set(s16)']) {
      expect(evaluate(`${long}\nconst probe = ${spread};`).kind, spread).toBe('unknown');
    }
    expect(show(evaluate(`${long}\nconst probe = [...new Set(s1)];`))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('bounds strings built by +, templates and join', () => {
    const doublingText = (count: number, step: (index: number) => string): string =>
      `const t0 = 'ab';\n${Array.from({ length: count }, (_, index) => `const t${index + 1} = ${step(index)};`).join('\n')}\nconst probe = t${count};`;
    const fitting = Math.floor(Math.log2(VALUE_LIMITS.stringLength)) - 1;
    const plus = (index: number): string => `t${index} + t${index}`;
    const template = (index: number): string => `\`\${t${index}}\${t${index}}\``;
    for (const step of [plus, template]) {
      const known = evaluate(doublingText(fitting, step));
      expect(known.kind === 'primitive' && typeof known.value === 'string' && known.value.length).toBe(2 ** (fitting + 1));
      expect(evaluate(doublingText(40, step)).kind).toBe('unknown');
    }
    const joined = `${doublingText(fitting, plus).replace(/const probe = .*/, '')}const probe = [t${fitting}, t${fitting}, t${fitting}].join('-');`;
    expect(evaluate(joined).kind).toBe('unknown');
  });

  it('keeps each origin once, however often a list was spread', () => {
    const value = evaluate(doubling(6));
    expect(value.origins.map((origin) => origin.name)).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1', 'a0']);
    const element = value.kind === 'array' ? value.elements[0]! : value;
    expect(new Set(element.origins).size).toBe(element.origins.length);
  });

  it('makes a value read through more distinct bindings than the origins budget a hole', () => {
    const tables = VALUE_LIMITS.origins + 1;
    const declarations = Array.from({ length: tables }, (_, index) => `const t${index} = ['v${index}'];`).join('\n');
    const all = Array.from({ length: tables }, (_, index) => `...t${index}`).join(', ');
    expect(evaluate(`${declarations}\nconst probe = [${all}];`).kind).toBe('unknown');
    const fewer = Array.from({ length: VALUE_LIMITS.origins - 1 }, (_, index) => `...t${index}`).join(', ');
    expect(evaluate(`${declarations}\nconst probe = [${fewer}];`).kind).toBe('array');
  });

  it('stops a file that builds more than its budget in all: later values are unknown', () => {
    const base = `const base = [${Array.from({ length: 1000 }, (_, index) => `'v${index}'`).join(', ')}];`;
    // Each copy is within a value's budget (an element is a cell, one of text and one for the
    // origin `base`); together they are past the file's.
    const perCopy = Math.floor(VALUE_LIMITS.cells / 3000) - 1;
    const copies = Math.ceil(VALUE_LIMITS.fileCells / (perCopy * 1000)) + 2;
    // `concat`, since an array literal stops at `MAX_ELEMENTS` elements whatever their size.
    const others = Array.from({ length: perCopy - 1 }, () => 'base').join(', ');
    const lines = Array.from({ length: copies }, (_, index) => `const c${index} = base.concat(${others});`).join('\n');
    const all = Array.from({ length: copies }, (_, index) => `c${index}.length`).join(', ');
    const lengths = evaluate(`${base}\n${lines}\nconst probe = [${all}];`);
    const shown = show(lengths) as unknown[];
    expect(shown[0]).toBe(perCopy * 1000);
    // Once the file's budget is spent, evaluation stops: the later lengths are unknown or cut off.
    const known = shown.filter((length) => length === perCopy * 1000).length;
    expect(known).toBeGreaterThan(1);
    expect(known).toBeLessThan(copies);
  });

  it('reads JSON nested deeper than the budget with a hole where the depth runs out', () => {
    const root = mkdtempSync(join(tmpdir(), 'schema-contract-budget-'));
    const depth = VALUE_LIMITS.jsonDepth + 50;
    writeFileSync(join(root, 'deep.json'), `{"list":${'['.repeat(depth)}"x"${']'.repeat(depth)},"flat":["a","b"]}`);
    const wide = Array.from({ length: VALUE_LIMITS.cells }, (_, index) => index);
    writeFileSync(join(root, 'wide.json'), JSON.stringify({ wide }));
    const file = join(root, 'user.ts');
    expect(show(evaluate("import data from './deep.json'; const probe = data.flat;", file))).toEqual(['a', 'b']);
    let list = evaluate("import data from './deep.json'; const probe = data.list;", file);
    let levels = 0;
    while (list.kind === 'array') {
      list = list.elements[0]!;
      levels += 1;
    }
    expect([levels, list.kind]).toEqual([VALUE_LIMITS.jsonDepth - 1, 'unknown']);
    expect(evaluate("import data from './wide.json'; const probe = data.wide;", file).kind).toBe('unknown');
  });

  it('measures shared parts once: sizes of a deep chain of shared objects are found in linear time', () => {
    const budget = new ValueBudget();
    let value: StaticValue = { kind: 'primitive', value: 'x', node: undefined, file: 'f', origins: [] };
    for (let level = 0; level < 200; level += 1) {
      value = {
        kind: 'object',
        properties: new Map([
          ['a', { value, keyNode: undefined }],
          ['b', { value, keyNode: undefined }],
        ]),
        complete: true,
        node: undefined,
        file: 'f',
        origins: [],
      };
    }
    // 2^200 cells written out: a number, not a walk.
    expect(budget.sizeOf(value)).toBeGreaterThan(2 ** 199);
    expect(budget.admit(value, () => ({ kind: 'unknown', node: undefined, file: 'f', origins: [] })).kind).toBe('unknown');
  });
});
