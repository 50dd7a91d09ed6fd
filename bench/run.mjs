#!/usr/bin/env node
// `npm run bench`: issue 24's performance budget in one run, written to bench/RESULTS.md. See
// docs/performance.md for what each part measures and why.
//
//   node bench/run.mjs [--paired-configs a,b,c,e,r] [--real-paired-configs b,c,e,r] [--no-real]
//                      [--cold-configs b,c] [--cold-files 2] [--growth-configs b,c] [--recheck 8]
//                      [--configs h,b] [--runs 2] [--scales 1,4] [--scaled-configs b] [--scaled-runs 2]
//                      [--stats-configs b] [--threads] [--check] [--out bench/RESULTS.md]
//
// The primary figure is the paired one: each configuration in its own process, file by file against
// the same parse (paired-child.mjs), on the generated corpus and on a pinned real package
// (real-corpus.mjs). The same runs give the editor's warm latency per file and the modules the
// analysis loads for files that name no schema; cold latency comes from fresh processes that lint
// one file each (cold-child.mjs), growth with file length from a generated file at two sizes
// (growth-child.mjs). Whole-corpus runs in fresh processes (lint-child.mjs) stay for end-to-end
// time, memory and scaling, with `h` (one core rule) as their floor.
//
// Every time is the child's CPU time (user + system), not wall time: on a shared machine the wall
// clock mostly measures the neighbours. Children run with V8's `--single-threaded`, so garbage
// collection and compilation happen on the linting thread and are counted once, as work: with
// helper threads the same lint varied by ±20 % in CPU time here. `--threads` measures Node's
// default instead.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { minimatch } from 'minimatch';
import { BUDGET, evaluateBudget, PLUGIN_CONFIGS } from './budget.mjs';
import { CONFIGS, PLUGIN_ROOT_VARIABLE, REPOSITORY_ROOT } from './configs.mjs';
import { CORPUS_ROOT, DEFAULT_SEED, GENERATOR_VERSION, GLOSSARY_MODULE_GLOBS, corpusDirectory, generateCorpus, sourceRootOf, writeCorpus } from './corpus.mjs';
import { lintedFiles } from './files.mjs';
import { prepareRealCorpus, REAL_CORPORA } from './real-corpus.mjs';
import { renderReport } from './report.mjs';
import { relativeImportCount } from './schema-free.mjs';
import { coldSample, latencyOf, median, noSchemaLoadsOf, noSchemaShareOf } from './stats.mjs';

const BASELINE_ENTRIES = 10_000;
const list = (text) => text.split(',').filter((item) => item !== '');

const { values } = parseArgs({
  options: {
    // Paired, in one process per configuration, on the generated corpus; `a` there is the A/A
    // control, parse-only paired with itself: the measurement's own error.
    'paired-configs': { type: 'string', default: 'a,b,c,e,r' },
    // Paired on each real corpus (bench/real-corpus.json, bench/real-corpus-barrels.json).
    'real-paired-configs': { type: 'string', default: 'b,c,e,r' },
    real: { type: 'boolean', default: true },
    'no-real': { type: 'boolean', default: false },
    // Fresh processes linting one file each, per corpus: at most three times this many files.
    'cold-configs': { type: 'string', default: 'b,c' },
    'cold-files': { type: 'string', default: '2' },
    'growth-configs': { type: 'string', default: 'b,c' },
    // About 1,300 and 2,500 lines: each reading parses both, and the parse is most of its time.
    'growth-units': { type: 'string', default: '20' },
    'growth-rounds': { type: 'string', default: '10' },
    // Costliest files per paired run measured again (warm), so no one reading decides the maximum.
    recheck: { type: 'string', default: '8' },
    // Whole-corpus runs in fresh processes, alternating: end-to-end time, memory and the floor h.
    configs: { type: 'string', default: 'h,b' },
    runs: { type: 'string', default: '2' },
    scales: { type: 'string', default: '1,4' },
    // `monorepo`: the same code as an npm workspace (packages linked in node_modules, exports,
    // a tsconfig alias), so imports go through the resolver's package and alias paths.
    layout: { type: 'string', default: 'single' },
    // The scaling check is on b's growth; `--scaled-configs h,b` adds the floor's.
    'scaled-configs': { type: 'string', default: 'b' },
    // At most this many runs of each larger corpus: the check is on the fastest run, which another
    // run can only lower, so the runs stop as soon as it holds.
    'scaled-runs': { type: 'string', default: '2' },
    // Per-rule times (ESLint's `stats`) from one more fresh run of each of these configurations.
    'stats-configs': { type: 'string', default: '' },
    threads: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    out: { type: 'string', default: join(REPOSITORY_ROOT, 'bench', 'RESULTS.md') },
  },
});
const options = {
  paired: list(values['paired-configs']),
  realPaired: values.real && !values['no-real'] ? list(values['real-paired-configs']) : [],
  cold: list(values['cold-configs']),
  coldFiles: Number(values['cold-files']),
  growth: list(values['growth-configs']),
  growthUnits: Number(values['growth-units']),
  growthRounds: Number(values['growth-rounds']),
  recheck: Number(values.recheck),
  fresh: list(values.configs),
  runs: Number(values.runs),
  scales: list(values.scales).map(Number),
  scaled: list(values['scaled-configs']),
  scaledRuns: Number(values['scaled-runs']),
  stats: list(values['stats-configs']),
  layout: values.layout,
};
if (!['single', 'monorepo'].includes(options.layout)) throw new Error(`--layout takes single or monorepo, got ${JSON.stringify(options.layout)}`);
for (const name of [...options.paired, ...options.realPaired, ...options.cold, ...options.growth, ...options.fresh, ...options.scaled, ...options.stats]) {
  if (!(name in CONFIGS)) throw new Error(`unknown configuration "${name}"; expected some of ${Object.keys(CONFIGS).join(', ')}`);
}
for (const key of ['coldFiles', 'recheck']) if (!(options[key] >= 0)) throw new Error(`--${key === 'coldFiles' ? 'cold-files' : key} takes a number`);
for (const key of ['growthUnits', 'growthRounds', 'runs', 'scaledRuns']) if (!(Number.isInteger(options[key]) && options[key] >= 1)) throw new Error(`--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} takes a positive integer`);
if (options.scales.length === 0 || options.scales.some((scale) => !(scale > 0))) throw new Error('--scales takes positive numbers');
const [baseScale, ...otherScales] = options.scales;

const pluginEntry = join(REPOSITORY_ROOT, 'dist', 'src', 'index.js');
if (!existsSync(pluginEntry)) throw new Error(`${relative(process.cwd(), pluginEntry)} is missing: run \`npm run build\` first (\`npm run bench\` does)`);

// Every child lints with this copy of the build (package.json and schemas/ included: the plugin
// reads them at run time), so rebuilding the working tree mid-run cannot change what is measured.
const snapshot = join(CORPUS_ROOT, 'plugin-build');
rmSync(snapshot, { recursive: true, force: true });
for (const part of ['dist', 'schemas', 'package.json']) cpSync(join(REPOSITORY_ROOT, part), join(snapshot, part), { recursive: true });
const childEnvironment = { ...process.env, [PLUGIN_ROOT_VARIABLE]: snapshot };
const nodeFlags = values.threads ? [] : ['--single-threaded'];

const started = Date.now();
const log = (message) => process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${message}\n`);
const loadAtStart = loadavg();

function runChild(script, args, extraFlags = []) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, ...extraFlags, join(REPOSITORY_ROOT, 'bench', script), ...args], {
      cwd: REPOSITORY_ROOT,
      env: childEnvironment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${script} ${args.join(' ')} exited with ${code}:\n${stderr}`));
        return;
      }
      resolvePromise(JSON.parse(stdout.trim().split('\n').at(-1)));
    });
  });
}

// --- corpora ------------------------------------------------------------------------------

function ensureCorpus(scale) {
  const directory = corpusDirectory(scale, options.layout);
  const manifest = join(directory, 'corpus.json');
  if (existsSync(manifest)) {
    const summary = JSON.parse(readFileSync(manifest, 'utf8'));
    const sameLayout = (summary.layout ?? 'single') === options.layout;
    if (summary.generatorVersion === GENERATOR_VERSION && summary.seed === DEFAULT_SEED && summary.scale === scale && sameLayout) return { directory, summary };
  }
  log(`generating the ${scale}× ${options.layout} corpus`);
  const corpus = generateCorpus({ scale, seed: DEFAULT_SEED, layout: options.layout });
  writeCorpus(directory, corpus);
  return { directory, summary: corpus.summary };
}

const base = ensureCorpus(baseScale);
const others = otherScales.map((scale) => ({ scale, ...ensureCorpus(scale) }));
const corpora = [
  { id: 'bench', root: base.directory, sources: relative(base.directory, sourceRootOf(base.directory)), extensions: ['ts'], label: `bench corpus ${baseScale}× (${options.layout})`, configs: options.paired },
];
const reals = [];
if (options.realPaired.length > 0) {
  for (const { id, pinFile, cache } of REAL_CORPORA) {
    log(`preparing the real corpus ${id} (npm pack, once; then from ${relative(REPOSITORY_ROOT, cache)}/)`);
    const real = await prepareRealCorpus({ pinFile, cache });
    reals.push({ id, ...real });
    corpora.push({ id, root: real.root, sources: real.sources, extensions: real.extensions, label: `${real.name}@${real.version}`, configs: options.realPaired });
  }
}

// --- fresh processes ----------------------------------------------------------------------

/**
 * Runs every configuration `rounds` times, alternating, rotating the order each round; fewer when
 * `settled` says after a round that more rounds cannot change the outcome.
 */
async function measureFresh(scale, directory, names, rounds, settled = () => false) {
  const byConfig = new Map(names.map((name) => [name, []]));
  for (let round = 0; round < rounds && !(round > 0 && settled(byConfig)); round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) {
      const result = await runChild('lint-child.mjs', ['--config', name, '--corpus', directory]);
      log(`${scale}× ${name} (${CONFIGS[name].label}) fresh, round ${round + 1}/${rounds}: ${(result.cpuMs / 1000).toFixed(2)} s CPU, ${(result.wallMs / 1000).toFixed(2)} s wall`);
      if (result.fatal.length > 0) throw new Error(`the corpus does not parse:\n${result.fatal.slice(0, 10).join('\n')}`);
      byConfig.get(name).push(result);
    }
  }
  return new Map(
    [...byConfig].map(([name, results]) => [
      name,
      {
        cpuMs: median(results.map((result) => result.cpuMs)),
        fastestCpuMs: Math.min(...results.map((result) => result.cpuMs)),
        wallMs: median(results.map((result) => result.wallMs)),
        cpuRuns: results.map((result) => result.cpuMs),
        maxRssKb: Math.max(...results.map((result) => result.maxRssKb)),
        findings: results[0].findings,
        parseCounts: results.map((result) => result.parseCounts),
        adoptionCounts: results.map((result) => result.adoptionCounts),
      },
    ]),
  );
}

const ruleTimes = new Map();
if (options.fresh.includes('d')) {
  log(`writing the ${BASELINE_ENTRIES}-entry baseline for d with the plugin's baseline writer`);
  // That run lints with b anyway: it measures b's per-rule times too.
  const written = await runChild('write-baseline.mjs', ['--corpus', base.directory, '--entries', String(BASELINE_ENTRIES), ...(options.stats.includes('b') ? ['--stats'] : [])]);
  log(`baseline: ${written.entries} entries, ${written.distinct} of them the corpus's own findings`);
  if (written.ruleTimes) ruleTimes.set('b', written);
}
const fresh = options.fresh.length > 0 ? await measureFresh(baseScale, base.directory, options.fresh, options.runs) : new Map();
const scaled = [];
for (const other of others) {
  // b's check holds on the runs so far: more runs can only lower the fastest, never fail it.
  const holds = (byConfig) => {
    const runs = byConfig.get('b');
    const baseB = fresh.get('b');
    if (!runs || runs.length === 0 || !baseB) return false;
    return Math.min(...runs.map((result) => result.cpuMs)) / baseB.fastestCpuMs <= BUDGET.scaling * (other.scale / baseScale / 4);
  };
  scaled.push({ ...other, results: await measureFresh(other.scale, other.directory, options.scaled, options.scaledRuns, holds) });
}
for (const name of options.stats) {
  if (ruleTimes.has(name)) continue;
  log(`${baseScale}× ${name}: one more fresh run with ESLint's stats for per-rule times`);
  ruleTimes.set(name, await runChild('lint-child.mjs', ['--config', name, '--corpus', base.directory, '--stats']));
}

// --- paired, per corpus -------------------------------------------------------------------

const paired = new Map(corpora.map((corpus) => [corpus.id, new Map()]));
for (const corpus of corpora) {
  for (const name of corpus.configs) {
    const result = await runChild('paired-child.mjs', ['--config', name, '--corpus', corpus.root, '--sources', corpus.sources, '--extensions', corpus.extensions.join(','), '--recheck', String(options.recheck)]);
    log(`${corpus.label} ${name} paired: rules ${(result.rulesMs / 1000).toFixed(2)} s over a parse of ${(result.floorMs / 1000).toFixed(2)} s, ${result.rechecked} files measured again`);
    paired.get(corpus.id).set(name, result);
  }
}

// --- cold: the first file of a fresh process ----------------------------------------------

const cold = new Map(corpora.map((corpus) => [corpus.id, new Map()]));
for (const corpus of corpora) {
  const importCounts = new Map(
    lintedFiles(corpus.root, corpus.sources, corpus.extensions).map((path) => [relative(corpus.root, path).split('\\').join('/'), relativeImportCount(readFileSync(path, 'utf8'))]),
  );
  for (const name of options.cold) {
    const source = paired.get(corpus.id).get(name) ?? paired.get(corpus.id).get('b');
    if (!source) continue;
    const readings = [];
    for (const file of coldSample(source.perFile, importCounts, options.coldFiles)) {
      let result = await runChild('cold-child.mjs', ['--config', name, '--corpus', corpus.root, '--file', file]);
      // Noise only adds time: a reading just over the limit is measured once more, and the lower
      // kept. One over twice the limit is not noise, and a second process would only cost time.
      if (result.ruleMs >= BUDGET.coldMaxMs && result.ruleMs < 2 * BUDGET.coldMaxMs) {
        const again = await runChild('cold-child.mjs', ['--config', name, '--corpus', corpus.root, '--file', file]);
        if (again.ruleMs < result.ruleMs) result = again;
      }
      log(`${corpus.label} ${name} cold ${file}: ${result.ruleMs.toFixed(0)} ms, ${result.modulesLoaded ?? '?'} modules loaded`);
      readings.push(result);
    }
    cold.get(corpus.id).set(name, readings);
  }
}

// --- growth with file length --------------------------------------------------------------

const growth = new Map();
for (const name of options.growth) {
  const result = await runChild('growth-child.mjs', ['--config', name, '--units', String(options.growthUnits), '--rounds', String(options.growthRounds)], ['--expose-gc']);
  log(`growth ${name}: ${result.small.lines} lines ${result.small.ruleMs.toFixed(1)} ms, ${result.large.lines} lines ${result.large.ruleMs.toFixed(1)} ms: ${result.ratio.toFixed(2)}×`);
  growth.set(name, result);
}

// --- verdicts -----------------------------------------------------------------------------

const ratioOf = (result) => (result ? result.rulesMs / result.floorMs : undefined);
const measurements = { corpora: {}, growth: {}, scaling: [] };
const latency = new Map();
for (const corpus of corpora) {
  const results = paired.get(corpus.id);
  const byConfig = new Map([...results].map(([name, result]) => [name, latencyOf(result.perFile, BUDGET.smallFileLines)]));
  latency.set(corpus.id, byConfig);
  const coldMax = {};
  for (const name of PLUGIN_CONFIGS) {
    // The paired run's own first file was linted cold too.
    const readings = [
      ...(cold.get(corpus.id).get(name) ?? []).map((result) => ({ name: result.file, ms: result.ruleMs })),
      ...(byConfig.get(name)?.cold ? [byConfig.get(name).cold] : []),
    ];
    coldMax[name] = options.cold.includes(name) && readings.length > 0 ? { ...readings.reduce((top, reading) => (reading.ms > top.ms ? reading : top)), sampled: readings.length } : undefined;
  }
  measurements.corpora[corpus.id] = {
    label: corpus.label,
    paired: Object.fromEntries([...results].map(([name, result]) => [name, ratioOf(result)])),
    warmSmallMax: Object.fromEntries(PLUGIN_CONFIGS.map((name) => [name, byConfig.get(name)?.warmSmall?.worst])),
    coldMax,
    noSchemaLoads: Object.fromEntries(PLUGIN_CONFIGS.map((name) => [name, results.get(name) ? noSchemaLoadsOf(results.get(name).perFile) : undefined])),
    noSchemaShare: Object.fromEntries(PLUGIN_CONFIGS.map((name) => [name, results.get(name) ? noSchemaShareOf(results.get(name).perFile) : undefined])),
  };
}
for (const [name, result] of growth) measurements.growth[name] = result.ratio;

const scaling = scaled.map(({ scale, results }) => {
  const over = (name) => (results.get(name) && fresh.get(name) ? results.get(name).fastestCpuMs / fresh.get(name).fastestCpuMs : undefined);
  return { scale, factor: scale / baseScale, ratios: new Map([...results.keys()].map((name) => [name, over(name)])), results };
});
measurements.scaling = scaling.map((entry) => ({ scale: entry.scale, baseScale, ratio: entry.ratios.get('b') }));

// Glossary modules in the plugin's sense: those declaring tables (naming the policy key, or matched
// by the corpus's glossary.modules). A module's parses per process are the plugin's plus ESLint's
// (every glossary module is in the linted corpus); one the plugin adopted from ESLint was parsed once.
const glossaryModules = new Set(
  base.summary.glossaryModules.filter(
    (path) => GLOSSARY_MODULE_GLOBS.some((pattern) => minimatch(path, pattern)) || readFileSync(join(base.directory, path), 'utf8').includes('enumPolicy'),
  ),
);
const moduleGraph = { maxGlossaryParses: 0, glossaryModulesParsed: 0, glossaryModulesAdopted: 0, modulesParsed: 0, glossaryModules: glossaryModules.size };
const freshSummaries = [...fresh.entries(), ...scaled.flatMap((entry) => [...entry.results.entries()])].filter(([name]) => ['b', 'c', 'd', 'l'].includes(name));
// A build whose module graph no longer counts parses leaves the line unmeasured.
const parsesCounted = freshSummaries.length > 0 && freshSummaries.every(([, summary]) => summary.parseCounts.every((counts) => counts !== null));
for (const [, summary] of parsesCounted ? freshSummaries : []) {
  for (const [index, counts] of summary.parseCounts.entries()) {
    const adopted = summary.adoptionCounts[index] ?? {};
    moduleGraph.glossaryModulesParsed = Math.max(moduleGraph.glossaryModulesParsed, Object.keys(counts).filter((path) => glossaryModules.has(path)).length);
    moduleGraph.glossaryModulesAdopted = Math.max(moduleGraph.glossaryModulesAdopted, Object.keys(adopted).filter((path) => glossaryModules.has(path)).length);
    moduleGraph.modulesParsed = Math.max(moduleGraph.modulesParsed, Object.keys(counts).length);
    for (const path of glossaryModules) moduleGraph.maxGlossaryParses = Math.max(moduleGraph.maxGlossaryParses, 1 + (counts[path] ?? 0));
  }
}
if (parsesCounted) measurements.glossaryParses = moduleGraph.maxGlossaryParses;
if (fresh.has('d') && fresh.has('b')) measurements.baseline = (fresh.get('d').fastestCpuMs - fresh.get('b').fastestCpuMs) / fresh.get('b').fastestCpuMs;

const budget = evaluateBudget(measurements);

const problems = [];
const dFindings = fresh.get('d')?.findings;
if (dFindings && Object.keys(dFindings).length > 0) problems.push(`d (recommended + baseline) still reports ${JSON.stringify(dFindings)}: the baseline should cover every finding`);
const benchB = paired.get('bench').get('b')?.findings ?? fresh.get('b')?.findings;
if (benchB && Object.keys(benchB).length === 0) problems.push('b (recommended) reports nothing on a bench corpus with planted findings');
for (const [name, result] of growth) {
  if (result.small.findings === 0 || result.large.findings !== 2 * result.small.findings) {
    problems.push(`growth ${name}: ${result.small.findings} findings in the long file and ${result.large.findings} in the one twice as long; every unit should report alike, so the second should be twice the first`);
  }
}

// --- report -------------------------------------------------------------------------------

const givenOptions = process.argv.slice(2).filter((argument, index, all) => !argument.startsWith('--out') && all[index - 1] !== '--out');
const report = renderReport({
  command: `npm run bench${givenOptions.length > 0 ? ` -- ${givenOptions.join(' ')}` : ''}`,
  loadAtStart,
  seconds: (Date.now() - started) / 1000,
  threads: values.threads,
  options,
  base,
  others,
  reals,
  corpora,
  budget,
  paired,
  latency,
  cold,
  growth,
  fresh,
  scaling,
  ruleTimes,
  moduleGraph,
  problems,
});
writeFileSync(values.out, report);
process.stdout.write(report);
log(`wrote ${relative(process.cwd(), values.out)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const unmet = budget.rows.filter((row) => row.verdict !== 'met');
if (problems.length > 0) {
  for (const problem of problems) log(`problem: ${problem}`);
  process.exitCode = 1;
} else if (values.check && unmet.length > 0) {
  log(`the budget is not met (--check): ${unmet.length} line(s) missed or not measured`);
  process.exitCode = 1;
}
