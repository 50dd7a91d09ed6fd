// One measured ESLint run, in a fresh process (the runner spawns one per run): module caches,
// JIT state and the plugin's per-process module graph all start cold, as in a CI job.
//
//   node bench/lint-child.mjs --config b --corpus bench/corpus/1x [--stats]
// Prints one JSON line: timings, peak memory, findings by rule, per-rule times (with --stats) and
// how often the plugin's module graph parsed each module (and reused ESLint's parse of one).
import { performance } from 'node:perf_hooks';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BASELINE_FILE_NAME, buildConfig, moduleGraphCounters } from './configs.mjs';
import { sourceRootOf } from './corpus.mjs';
import { ruleStatsOf } from './rule-stats.mjs';

const started = performance.now();
const { values } = parseArgs({
  options: { config: { type: 'string' }, corpus: { type: 'string' }, stats: { type: 'boolean', default: false } },
});
if (!values.config || !values.corpus) throw new Error('usage: lint-child.mjs --config <a|b|c|d|e> --corpus DIR [--stats]');
const corpus = resolve(values.corpus);

const { ESLint } = await import('eslint');
const config = await buildConfig(values.config, { baselineFile: join(corpus, BASELINE_FILE_NAME) });
// The module graph the plugin's rules use: the same file URL as the plugin's own relative import,
// so this is the same module instance and its counters are the plugin's.
const counters = await moduleGraphCounters();
const eslint = new ESLint({ cwd: corpus, overrideConfigFile: true, baseConfig: config, cache: false, stats: values.stats });
const loaded = performance.now();
const cpuBefore = process.cpuUsage();

const results = await eslint.lintFiles([relative(corpus, sourceRootOf(corpus))]);
const linted = performance.now();
// CPU time, not wall time, is the measure: on a shared machine the wall clock mostly measures the
// neighbours. Node's GC helper threads are included; they are part of what linting costs.
const cpu = process.cpuUsage(cpuBefore);

const findings = {};
const fatal = [];
let files = 0;
for (const result of results) {
  files += 1;
  for (const message of result.messages) {
    if (message.fatal) fatal.push(`${relative(corpus, result.filePath)}:${message.line}: ${message.message}`);
    const rule = message.ruleId ?? '(none)';
    findings[rule] = (findings[rule] ?? 0) + 1;
  }
}

// null when the build does not count: the runner then leaves the parse checks unmeasured.
const byPath = (counts) => Object.fromEntries([...counts].map(([file, count]) => [relative(corpus, file), count]));
const parseCounts = counters ? byPath(counters.parses()) : null;
// Modules whose values were read from the parse ESLint made when it linted them: not parsed again.
const adoptionCounts = counters ? byPath(counters.adoptions()) : null;

process.stdout.write(
  `${JSON.stringify({
    config: values.config,
    files,
    cpuMs: (cpu.user + cpu.system) / 1000,
    wallMs: linted - loaded,
    setupMs: loaded - started,
    maxRssKb: process.resourceUsage().maxRSS,
    findings,
    fatal,
    ...(values.stats ? ruleStatsOf(results) : {}),
    parseCounts,
    adoptionCounts,
  })}\n`,
);
