/**
 * Properties over programs whose values grow: chains of consts built from earlier ones by
 * spreading, `concat`, `flat`, `Array.from`, `+`, templates, `join` and objects that hold an
 * earlier object twice. A reference run of the same program (on real arrays and strings, while
 * they stay small) says what each value is.
 *
 * - The evaluator's value is exact while the program's values are small, and past a budget it is
 *   a hole or a value within `VALUE_LIMITS.cells`: never larger, however the program grows.
 * - Every rule in every configuration lints the program (with its values in schema and enum
 *   positions) without an exception or a fatal message.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { VALUE_LIMITS, ValueBudget } from '../../src/analysis/values/value-budget.js';
import { probe, show } from '../analysis/probe.js';
import { allConfigurations, fatalMessages, lintFile, makeTempRoot } from './lint-helpers.js';

const NUM_RUNS = Number(process.env.ROBUSTNESS_RUNS ?? 40);

type Kind = 'list' | 'text' | 'object';

/** One step: how to write it, its kind, and how to run it on the reference values (or not, when too large). */
interface Step {
  readonly kind: Kind;
  readonly code: (names: readonly string[]) => string;
  readonly run: (values: readonly unknown[]) => unknown;
  /** An upper bound of the result's size (elements, characters, or nodes written out). */
  readonly bound: (bounds: readonly number[]) => number;
  /** Indices of the earlier consts it reads. */
  readonly inputs: readonly number[];
}

/** Past these, the reference run stops and only the budget is checked. */
const SMALL = { list: 1500, text: 5000, object: 2000 } as const;

/** The steps possible after consts of these kinds: a list literal, a text literal, then derivations. */
function stepsFor(kinds: readonly Kind[]): fc.Arbitrary<Step>[] {
  const of = (kind: Kind) => kinds.flatMap((candidate, position) => (candidate === kind ? [position] : []));
  // Mostly the latest value of the kind, so that chains grow (doubling needs them); any earlier one too.
  const pick = (kind: Kind) => {
    const candidates = of(kind);
    if (candidates.length === 0) return undefined;
    return fc.oneof({ arbitrary: fc.constant(candidates.at(-1)!), weight: 3 }, { arbitrary: fc.constantFrom(...candidates), weight: 1 });
  };
  const lists = pick('list');
  const texts = pick('text');
  const objects = pick('object');
  const steps: fc.Arbitrary<Step>[] = [
    fc.array(fc.constantFrom('a', 'b', 'c', 'US', 'é'), { minLength: 1, maxLength: 6 }).map((items) => ({
      kind: 'list' as const,
      code: () => JSON.stringify(items),
      run: () => items,
      bound: () => items.length,
      inputs: [],
    })),
    fc.constantFrom('ab', 'xyz', '').map((text) => ({ kind: 'text' as const, code: () => JSON.stringify(text), run: () => text, bound: () => text.length, inputs: [] })),
  ];
  if (lists) {
    const two = fc.tuple(lists, lists);
    const latest = of('list').at(-1)!;
    steps.push(
      // Doubling the latest list, the quickest way past any budget: weighted up below.
      fc.constant(list([latest, latest], (x, y) => `[...${x}, ...${y}]`, (x, y) => [...x, ...y], (x, y) => x + y)),
      two.map(([a, b]) => list([a, b], (x, y) => `[...${x}, ...${y}]`, (x, y) => [...x, ...y], (x, y) => x + y)),
      two.map(([a, b]) => list([a, b], (x, y) => `${x}.concat(${y}, ${x})`, (x, y) => [...x, ...y, ...x], (x, y) => 2 * x + y)),
      two.map(([a, b]) => list([a, b], (x, y) => `[${x}, [${y}]].flat(2)`, (x, y) => [...x, ...y], (x, y) => x + y)),
      lists.map((a) => list([a], (x) => `Array.from(${x})`, (x) => [...x], (x) => x)),
      lists.map((a) => list([a], (x) => `${x}.map((value) => value)`, (x) => [...x], (x) => x)),
      lists.map((a) => list([a], (x) => `${x}.slice(1)`, (x) => x.slice(1), (x) => x)),
      lists.map((a) => list([a], (x) => `[...new Set(${x})]`, (x) => [...new Set(x)], (x) => x)),
      lists.map((a) => ({
        kind: 'text' as const,
        code: (names: readonly string[]) => `${names[a]}.join('')`,
        run: (values: readonly unknown[]) => (values[a] as string[]).join(''),
        bound: (bounds: readonly number[]) => bounds[a]! * 2,
        inputs: [a],
      })),
    );
  }
  if (texts) {
    const latest = of('text').at(-1)!;
    steps.push(
      fc.constant({
        kind: 'text' as const,
        code: (names: readonly string[]) => `${names[latest]} + ${names[latest]}`,
        run: (values: readonly unknown[]) => (values[latest] as string).repeat(2),
        bound: (bounds: readonly number[]) => bounds[latest]! * 2,
        inputs: [latest],
      }),
      fc.tuple(texts, texts).map(([a, b]) => ({
        kind: 'text' as const,
        code: (names: readonly string[]) => `${names[a]} + ${names[b]}`,
        run: (values: readonly unknown[]) => (values[a] as string) + (values[b] as string),
        bound: (bounds: readonly number[]) => bounds[a]! + bounds[b]!,
        inputs: [a, b],
      })),
      fc.tuple(texts, texts).map(([a, b]) => ({
        kind: 'text' as const,
        code: (names: readonly string[]) => `\`\${${names[a]}}-\${${names[b]}}\``,
        run: (values: readonly unknown[]) => `${values[a] as string}-${values[b] as string}`,
        bound: (bounds: readonly number[]) => bounds[a]! + bounds[b]! + 1,
        inputs: [a, b],
      })),
      texts.map((a) => list([a], (x) => `[...${x}]`, (x) => [...(x as unknown as string)], (x) => x)),
    );
  }
  const objectInputs = objects ?? fc.constant(-1);
  steps.push(
    fc.tuple(objectInputs, objectInputs).map(([a, b]) => ({
      kind: 'object' as const,
      code: (names: readonly string[]) => `{ type: 'object', properties: { a: ${a < 0 ? "{ type: 'string' }" : names[a]}, b: ${b < 0 ? "{ type: 'string' }" : names[b]} } }`,
      run: (values: readonly unknown[]) => ({
        type: 'object',
        properties: { a: a < 0 ? { type: 'string' } : values[a], b: b < 0 ? { type: 'string' } : values[b] },
      }),
      bound: (bounds: readonly number[]) => 6 + (a < 0 ? 2 : bounds[a]!) + (b < 0 ? 2 : bounds[b]!),
      inputs: [a, b].filter((input) => input >= 0),
    })),
  );
  return steps;
}

function list(
  inputs: readonly number[],
  code: (...names: string[]) => string,
  run: (...values: string[][]) => unknown[],
  bound: (...bounds: number[]) => number,
): Step {
  return {
    kind: 'list',
    code: (names) => code(...inputs.map((input) => names[input]!)),
    run: (values) => run(...inputs.map((input) => values[input] as string[])),
    bound: (bounds) => bound(...inputs.map((input) => bounds[input]!)),
    inputs,
  };
}

/** A program of `count` consts, each built from earlier ones. */
const programArbitrary = fc.integer({ min: 2, max: 48 }).chain((count) => {
  let chain: fc.Arbitrary<Step[]> = fc.constant([]);
  for (let index = 0; index < count; index += 1) {
    chain = chain.chain((steps) => {
      const [base, text, ...derived] = stepsFor(steps.map((step) => step.kind));
      // Literals start the program; after that, values are mostly derived from earlier ones.
      const literals = [{ arbitrary: base!, weight: 1 }, { arbitrary: text!, weight: 1 }];
      const arbitrary =
        derived.length === 0 ? fc.oneof(...literals) : fc.oneof(...literals, ...derived.map((step, position) => ({ arbitrary: step, weight: position === 0 ? 12 : 4 })));
      return arbitrary.map((step) => [...steps, step]);
    });
  }
  return chain;
});

interface Program {
  readonly code: string;
  readonly names: readonly string[];
  readonly steps: readonly Step[];
  /** Upper bounds of each const's size, as the program would build it without a budget. */
  readonly bounds: readonly number[];
  /** The reference value of each const, or undefined past `SMALL` (or built from one that is). */
  readonly reference: readonly unknown[];
  readonly [fc.toStringMethod]: () => string;
}

function program(steps: readonly Step[]): Program {
  const names = steps.map((_, index) => `v${index}`);
  const bounds: number[] = [];
  const reference: unknown[] = [];
  for (const step of steps) {
    const bound = step.bound(bounds);
    bounds.push(bound);
    const small = bound <= SMALL[step.kind] && step.inputs.every((input) => reference[input] !== undefined);
    reference.push(small ? step.run(reference) : undefined);
  }
  const code = steps.map((step, index) => `const ${names[index]} = ${step.code(names)};`).join('\n');
  // A counterexample prints as the program it is.
  return { code, names, steps, bounds, reference, [fc.toStringMethod]: () => code };
}

const programs = programArbitrary.map(program);

const root = makeTempRoot('growing');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('programs whose values grow', () => {
  it('evaluate exactly while small, and never past the value budget', () => {
    let exact = 0;
    let overBudget = 0;
    fc.assert(
      fc.property(programs, ({ code, names, bounds, reference }) => {
        const last = names.length - 1;
        const { value } = probe(`${code}\nconst probe = ${names[last]};`);
        const size = new ValueBudget().sizeOf(value);
        expect(size, code).toBeLessThanOrEqual(VALUE_LIMITS.cells);
        if (reference[last] !== undefined) {
          exact += 1;
          expect(show(value), code).toEqual(reference[last]);
        }
        if (Math.max(...bounds) > VALUE_LIMITS.cells) overBudget += 1;
      }),
      { numRuns: NUM_RUNS },
    );
    // Both sides of the property were exercised: programs within the budget and programs past it.
    expect(exact).toBeGreaterThan(0);
    expect(overBudget).toBeGreaterThan(0);
  }, 300_000);

  it('lint in every configuration without an exception or a fatal message', () => {
    const configurations = allConfigurations();
    let index = 0;
    fc.assert(
      fc.property(programs, fc.constantFrom(...configurations), ({ code, names, steps }, { name, config }) => {
        const uses = names.map((binding, position) => {
          switch (steps[position]!.kind) {
            case 'list':
              return `export const Choice${position} = z.enum(${binding} as [string, ...string[]]);\nexport const inputSchema${position} = { type: 'object', properties: { v: { type: 'string', enum: ${binding} } } };`;
            case 'text':
              return `export const parameters${position} = { type: 'object', description: ${binding}, properties: { v: { const: ${binding} } } };`;
            default:
              return `server.registerTool('t${position}', { inputSchema: ${binding} }, async () => ({ content: [] }));`;
          }
        });
        const text = `import { z } from 'zod';\nconst server = globalThis.server;\n${code}\n${uses.join('\n')}\n`;
        const file = path.join(root, `p${index++}.ts`);
        fs.writeFileSync(file, text);
        const { messages } = lintFile(root, file, config, text);
        expect(fatalMessages(messages), `${name}\n${text}`).toEqual([]);
        for (const message of messages) expect(message.ruleId, `${name}: ${message.message}`).toMatch(/^schema-contract\//);
      }),
      { numRuns: NUM_RUNS },
    );
  }, 300_000);
});
