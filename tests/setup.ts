import fc from 'fast-check';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';

// RuleTester runs on whatever test framework provides these hooks; wiring vitest in once here
// makes every RuleTester case a vitest test with its own name and failure output.
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.describeSkip = describe.skip;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.itSkip = it.skip;

// Property tests draw from a fixed seed, so that `npm test` gives the same answer on every run
// and every machine: a counterexample found once is found again by whoever runs the suite next.
// `FC_SEED=<n>` explores other inputs on purpose (a failure prints the seed that reproduces it).
const seed = process.env.FC_SEED === undefined ? 20_261_203 : Number(process.env.FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(process.env.FC_SEED)}`);
fc.configureGlobal({ seed });
