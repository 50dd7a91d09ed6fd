/**
 * Property: for any module the grammar generates (and any import graph between up to three of
 * them), every rule in every configuration finishes, throws nothing, and stays within a bound.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { allConfigurations, fatalMessages, lintFile, makeTempRoot } from './lint-helpers.js';
import { moduleArbitrary } from './program-arbitrary.js';

/** Generous: a generated module is a few dozen lines; this bounds a hang, not performance. */
const MAX_MS_PER_FILE = 5_000;
// Kept small so `npm test` stays fast; ROBUSTNESS_RUNS=2000 runs a long search locally.
const NUM_RUNS = Number(process.env.ROBUSTNESS_RUNS ?? 40);

const root = makeTempRoot('random');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const projectArbitrary = fc
  .array(fc.boolean(), { minLength: 1, maxLength: 3 })
  .chain((languages) => {
    const names = languages.map((_, index) => `m${index}`);
    return fc.tuple(
      ...languages.map((typescript, index) =>
        moduleArbitrary({ typescript, siblings: names.filter((_, other) => other !== index) }).map((text) => ({
          file: `${names[index]}.${typescript ? 'ts' : 'js'}`,
          text,
        })),
      ),
    );
  });

let projectCount = 0;
/** Findings per rule over all runs: proof that the generated code reaches the rules' reports. */
const findingsPerRule = new Map<string, number>();

describe('random programs', () => {
  const configurations = allConfigurations();

  it('lint without exceptions, parse errors or unbounded time', () => {
    fc.assert(
      // One configuration per project (chosen by fast-check too): over the runs, each is exercised.
      fc.property(projectArbitrary, fc.constantFrom(...configurations), (modules, { name, config }) => {
        const dir = path.join(root, `p${projectCount++}`);
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, 'data.json'), '{ "values": ["US", "UK"], "enumPolicy": "closed" }');
        for (const { file, text } of modules) fs.writeFileSync(path.join(dir, file), text);
        for (const { file, text } of modules) {
          const { messages, ms } = lintFile(dir, path.join(dir, file), config, text);
          // A fatal message means the grammar produced invalid code: a bug in this test.
          expect(fatalMessages(messages), `${name}: ${file}\n${text}`).toEqual([]);
          expect(ms, `${name}: ${file} took ${ms.toFixed(0)} ms`).toBeLessThan(MAX_MS_PER_FILE);
          for (const message of messages) {
            findingsPerRule.set(message.ruleId ?? '', (findingsPerRule.get(message.ruleId ?? '') ?? 0) + 1);
          }
        }
      }),
      { numRuns: NUM_RUNS },
    );
    if (process.env.ROBUSTNESS_VERBOSE) console.log(Object.fromEntries(findingsPerRule));
    expect([...findingsPerRule.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  }, 120_000);
});
