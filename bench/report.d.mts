// Types for the benchmark's report (plain JavaScript, so `npm run bench` needs no build of its own).
/**
 * The whole RESULTS.md text for one run of bench/run.mjs. The run object is the runner's own
 * collection of results (corpora, budget rows, paired, latency, cold, growth and fresh results);
 * tests/bench/report.test.ts shows its shape.
 */
export declare function renderReport(run: Record<string, unknown>): string;
