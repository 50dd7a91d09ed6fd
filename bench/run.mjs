#!/usr/bin/env node
// `npm run bench`: lints the generated corpus with five configurations, each in fresh child
// processes, alternating, and writes bench/RESULTS.md. See docs/performance.md.
//
//   node bench/run.mjs [--runs 3] [--scaled-runs 2] [--scales 1,4] [--layout single|monorepo] [--scaled-configs b] [--paired-configs a,b,c] [--no-stats] [--threads] [--check]
//
// The measure is the child's CPU time for `eslint.lintFiles()` (user + system), not wall time: on
// a shared machine the wall clock mostly measures the neighbours. The ratios are taken between the
// fastest runs of each configuration: neighbours only ever add time (they compete for the cores'
// caches and memory bandwidth even when not for the cores), so the fastest run is the closest to
// the work itself; the ratios of the medians are printed beside them. Children run with V8's
// `--single-threaded`, so garbage collection and compilation happen on the linting thread and
// are counted once, as work: with helper threads the same lint varied by ±20 % in CPU time here,
// with the helpers' scheduling. `--threads` measures Node's default instead. Wall time is
// reported alongside.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { CONFIGS, PLUGIN_ROOT_VARIABLE, REPOSITORY_ROOT } from './configs.mjs';
import { minimatch } from 'minimatch';
import { CORPUS_ROOT, DEFAULT_SEED, GENERATOR_VERSION, GLOSSARY_MODULE_GLOBS, corpusDirectory, generateCorpus, writeCorpus } from './corpus.mjs';

const BASELINE_ENTRIES = 10_000;
export const BUDGET = {
  recommended: 0.05,
  strict: 0.08,
  baseline: 0.02,
  scaling: 4.4,
  parsesPerGlossaryModule: 1,
};

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    // The larger corpora only check that time grows linearly, with a wide margin (about 3.4x
    // against 4.4x). At most this many runs of each: the check is on the fastest run, which
    // another run can only lower, so the runs stop as soon as it holds.
    'scaled-runs': { type: 'string', default: '2' },
    scales: { type: 'string', default: '1,4' },
    // `monorepo`: the same code as an npm workspace (packages linked in node_modules, exports,
    // a tsconfig alias), so imports go through the resolver's package and alias paths.
    layout: { type: 'string', default: 'single' },
    // Add h and l for the fresh-process controls: what hosting any rule, and the plugin's rules doing nothing, cost.
    configs: { type: 'string', default: 'a,b,c,d,e' },
    // The budget is on b's growth; `--scaled-configs a,b` adds parse-only (and the plugin's own growth).
    'scaled-configs': { type: 'string', default: 'b' },
    // Per-rule times for these configurations (c and e, the peer's, with --stats-configs b,c,e).
    'stats-configs': { type: 'string', default: 'b' },
    threads: { type: 'boolean', default: false },
    // Configurations measured file by file against the same parse in one process
    // (bench/paired-child.mjs). `a` there is the A/A control: parse-only against itself, the
    // measurement's own error. Add l for the floor ESLint itself puts under the plugin's rules,
    // h for the one-core-rule control.
    'paired-configs': { type: 'string', default: 'a,b,c' },
    stats: { type: 'boolean', default: true },
    'no-stats': { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    out: { type: 'string', default: join(REPOSITORY_ROOT, 'bench', 'RESULTS.md') },
  },
});
const runs = Number(values.runs);
const scaledRuns = Number(values['scaled-runs']);
const scales = values.scales.split(',').map(Number);
const [baseScale, ...otherScales] = scales;
const configs = values.configs.split(',');
const scaledConfigs = values['scaled-configs'].split(',');
const withStats = values.stats && !values['no-stats'];
for (const name of [...configs, ...scaledConfigs]) {
  if (!(name in CONFIGS)) throw new Error(`unknown configuration "${name}"; expected some of ${Object.keys(CONFIGS).join(', ')}`);
}
if (!(runs >= 1) || !(scaledRuns >= 1) || scales.some((scale) => !(scale > 0))) {
  throw new Error('--runs, --scaled-runs and --scales take positive numbers');
}

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

// --- corpus and baseline ------------------------------------------------------------------

function ensureCorpus(scale) {
  const directory = corpusDirectory(scale, values.layout);
  const manifest = join(directory, 'corpus.json');
  if (existsSync(manifest)) {
    const summary = JSON.parse(readFileSync(manifest, 'utf8'));
    const sameLayout = (summary.layout ?? 'single') === values.layout;
    if (summary.generatorVersion === GENERATOR_VERSION && summary.seed === DEFAULT_SEED && summary.scale === scale && sameLayout) return { directory, summary };
  }
  log(`generating the ${scale}× ${values.layout} corpus`);
  const corpus = generateCorpus({ scale, seed: DEFAULT_SEED, layout: values.layout });
  writeCorpus(directory, corpus);
  return { directory, summary: corpus.summary };
}

function runChild(script, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, join(REPOSITORY_ROOT, 'bench', script), ...args], {
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

// --- measuring ----------------------------------------------------------------------------

const median = (numbers) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Runs every configuration `rounds` times, alternating, rotating the order each round; fewer when
 * `settled` says after a round that more rounds cannot change the outcome.
 */
async function measure(scale, directory, names, rounds, settled = () => false) {
  const byConfig = new Map(names.map((name) => [name, []]));
  for (let round = 0; round < rounds && !(round > 0 && settled(byConfig)); round += 1) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) {
      const result = await runChild('lint-child.mjs', ['--config', name, '--corpus', directory]);
      log(`${scale}× ${name} (${CONFIGS[name].label}) round ${round + 1}/${rounds}: ${(result.cpuMs / 1000).toFixed(2)} s CPU, ${(result.wallMs / 1000).toFixed(2)} s wall`);
      if (result.fatal.length > 0) throw new Error(`the corpus does not parse:\n${result.fatal.slice(0, 10).join('\n')}`);
      byConfig.get(name).push(result);
    }
  }
  return byConfig;
}

function summarise(results) {
  return {
    cpuMs: median(results.map((result) => result.cpuMs)),
    fastestCpuMs: Math.min(...results.map((result) => result.cpuMs)),
    wallMs: median(results.map((result) => result.wallMs)),
    cpuRuns: results.map((result) => result.cpuMs),
    maxRssKb: Math.max(...results.map((result) => result.maxRssKb)),
    findings: results[0].findings,
    parseCounts: results.map((result) => result.parseCounts),
    adoptionCounts: results.map((result) => result.adoptionCounts),
    files: results[0].files,
  };
}

// --- the run ------------------------------------------------------------------------------

const base = ensureCorpus(baseScale);
const others = otherScales.map((scale) => ({ scale, ...ensureCorpus(scale) }));
const statsConfigs = withStats ? values['stats-configs'].split(',').filter((config) => configs.includes(config) && config !== 'a' && config !== 'd') : [];
const ruleTimes = new Map();
if (configs.includes('d')) {
  log(`writing the ${BASELINE_ENTRIES}-entry baseline for d with the plugin's baseline writer`);
  // That run lints with b anyway: it measures b's per-rule times too.
  const written = await runChild('write-baseline.mjs', [
    '--corpus',
    base.directory,
    '--entries',
    String(BASELINE_ENTRIES),
    ...(statsConfigs.includes('b') ? ['--stats'] : []),
  ]);
  log(`baseline: ${written.entries} entries, ${written.distinct} of them the corpus's own findings`);
  if (written.ruleTimes) ruleTimes.set('b', written);
}

const baseResults = new Map([...(await measure(baseScale, base.directory, configs, runs))].map(([name, results]) => [name, summarise(results)]));
const scaled = [];
/** b's scaling check holds on the runs so far: more runs can only lower the fastest, never fail it. */
const scalingHolds = (scale) => (byConfig) => {
  const scaledB = byConfig.get('b');
  const baseB = baseResults.get('b');
  if (!scaledB || scaledB.length === 0 || !baseB) return false;
  const fastest = Math.min(...scaledB.map((result) => result.cpuMs));
  return fastest / baseB.fastestCpuMs <= BUDGET.scaling * (scale / baseScale / 4);
};
for (const other of others) {
  const results = await measure(other.scale, other.directory, scaledConfigs, scaledRuns, scalingHolds(other.scale));
  scaled.push({ ...other, results: new Map([...results].map(([name, list]) => [name, summarise(list)])) });
}

for (const name of statsConfigs) {
  if (!ruleTimes.has(name)) {
    log(`${baseScale}× ${name}: one more run with ESLint's stats for per-rule times`);
    const result = await runChild('lint-child.mjs', ['--config', name, '--corpus', base.directory, '--stats']);
    ruleTimes.set(name, result);
  }
}

const paired = new Map();
for (const name of values['paired-configs'].split(',').filter((config) => config !== '')) {
  if (!(name in CONFIGS)) throw new Error(`unknown configuration "${name}" in --paired-configs`);
  const result = await runChild('paired-child.mjs', ['--config', name, '--corpus', base.directory]);
  log(`${baseScale}× ${name} paired with a in one process: rules ${(result.rulesMs / 1000).toFixed(2)} s over ${(result.floorMs / 1000).toFixed(2)} s`);
  paired.set(name, result);
}

// --- verdicts -----------------------------------------------------------------------------

const ratiosOf = (statistic) => {
  const cpu = (name) => baseResults.get(name)?.[statistic];
  const ratio = (over, under) => (cpu(over) !== undefined && cpu(under) !== undefined ? (cpu(over) - cpu(under)) / cpu(under) : undefined);
  return {
    recommended: ratio('b', 'a'),
    strict: ratio('c', 'a'),
    baseline: ratio('d', 'b'),
    peer: ratio('e', 'a'),
    hosting: ratio('h', 'a'),
    listeners: ratio('l', 'a'),
  };
};
const ratios = ratiosOf('fastestCpuMs');
const medianRatios = ratiosOf('cpuMs');

// Glossary modules in the plugin's sense: those declaring tables (naming the policy key, or matched
// by the corpus's glossary.modules). The barrel and helpers beside them are ordinary modules.
const glossaryModules = new Set(
  base.summary.glossaryModules.filter(
    (path) => GLOSSARY_MODULE_GLOBS.some((pattern) => minimatch(path, pattern)) || readFileSync(join(base.directory, path), 'utf8').includes('enumPolicy'),
  ),
);
// Parses of a glossary module in one process: the plugin's own, plus ESLint's when it lints the
// module (every glossary module is in the linted corpus). A module whose parse the plugin adopted
// from ESLint was parsed once, by ESLint.
let maxGlossaryParses = 0;
let glossaryModulesParsed = 0;
let glossaryModulesAdopted = 0;
let modulesParsed = 0;
for (const summary of [...baseResults.values(), ...scaled.flatMap((entry) => [...entry.results.values()])]) {
  for (const [index, counts] of summary.parseCounts.entries()) {
    const adopted = summary.adoptionCounts[index] ?? {};
    const parsedHere = Object.entries(counts).filter(([path]) => glossaryModules.has(path));
    glossaryModulesParsed = Math.max(glossaryModulesParsed, parsedHere.length);
    glossaryModulesAdopted = Math.max(glossaryModulesAdopted, Object.keys(adopted).filter((path) => glossaryModules.has(path)).length);
    modulesParsed = Math.max(modulesParsed, Object.keys(counts).length);
    for (const path of glossaryModules) maxGlossaryParses = Math.max(maxGlossaryParses, 1 + (counts[path] ?? 0));
    for (const [path, count] of Object.entries(counts)) if (count > 1) log(`warning: ${path} parsed ${count} times in one process`);
  }
}

const scaling = scaled.map(({ scale, results }) => {
  const over = (name) =>
    results.get(name) && baseResults.get(name) ? results.get(name).fastestCpuMs / baseResults.get(name).fastestCpuMs : undefined;
  const pluginOver =
    results.get('a') && results.get('b') && baseResults.get('a') && baseResults.get('b')
      ? (results.get('b').fastestCpuMs - results.get('a').fastestCpuMs) / (baseResults.get('b').fastestCpuMs - baseResults.get('a').fastestCpuMs)
      : undefined;
  return { scale, factor: scale / baseScale, parse: over('a'), recommended: over('b'), plugin: pluginOver, results };
});

const problems = [];
const dFindings = baseResults.get('d')?.findings;
if (dFindings && Object.keys(dFindings).length > 0) problems.push(`d (recommended + baseline) still reports ${JSON.stringify(dFindings)}: the baseline should cover every finding`);
const bFindings = baseResults.get('b')?.findings;
if (bFindings && Object.keys(bFindings).length === 0) problems.push('b (recommended) reports nothing on a corpus with planted findings');

const budget = [];
const verdict = (label, value, limit, format) => {
  if (value === undefined) return;
  const holds = value <= limit;
  budget.push({ label, value: format(value), limit: format(limit), holds });
};
const percent = (value) => `${(100 * value).toFixed(1)}%`;
verdict('(b−a)/a, recommended over parsing', ratios.recommended, BUDGET.recommended, percent);
verdict('(c−a)/a, strict over parsing', ratios.strict, BUDGET.strict, percent);
verdict('(d−b)/b, a 10,000-entry baseline', ratios.baseline, BUDGET.baseline, percent);
const pairedRatio = (name) => (paired.has(name) ? paired.get(name).rulesMs / paired.get(name).floorMs : undefined);
verdict('(b−a)/a, recommended, paired in one process', pairedRatio('b'), BUDGET.recommended, percent);
verdict('(c−a)/a, strict, paired in one process', pairedRatio('c'), BUDGET.strict, percent);
verdict('parses per glossary module per process, ESLint\'s included (max)', maxGlossaryParses, BUDGET.parsesPerGlossaryModule, String);
for (const entry of scaling) {
  if (entry.recommended !== undefined) {
    verdict(`${entry.scale}× / ${baseScale}× time, recommended`, entry.recommended, BUDGET.scaling * (entry.factor / 4), (value) => `${value.toFixed(2)}×`);
  }
}

// --- report -------------------------------------------------------------------------------

const seconds = (ms) => (ms / 1000).toFixed(2);
const mb = (kb) => (kb / 1024).toFixed(0);
const lines = [];
const machine = cpus();
lines.push('# Benchmark results', '');
// The options this table was measured with (where it is written to is not one of them).
const givenOptions = process.argv
  .slice(2)
  .filter((argument, index, all) => !argument.startsWith('--out') && all[index - 1] !== '--out');
lines.push(
  `Written by \`npm run bench${givenOptions.length > 0 ? ` -- ${givenOptions.join(' ')}` : ''}\` (\`bench/run.mjs\`); how to read and reproduce it: [docs/performance.md](../docs/performance.md).`,
  '',
);
lines.push(`- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
lines.push(`- CPU: ${machine[0]?.model ?? 'unknown'}, ${machine.length} cores; ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory`);
lines.push(`- Node ${process.version}; load average at start ${loadAtStart.map((load) => load.toFixed(1)).join(' / ')}, at end ${loadavg().map((load) => load.toFixed(1)).join(' / ')}`);
lines.push(`- Corpus ${baseScale}×: ${base.summary.files} TypeScript files, ${base.summary.lines.toLocaleString('en-US')} lines, ${base.summary.domains} domains, ${glossaryModules.size} glossary modules declaring tables and ${base.summary.glossaryModules.length - glossaryModules.size} helper modules beside them (seed \`${DEFAULT_SEED}\`, generator v${GENERATOR_VERSION})`);
for (const other of others) lines.push(`- Corpus ${other.scale}×: ${other.summary.files} files, ${other.summary.lines.toLocaleString('en-US')} lines`);
lines.push(
  `- ${runs} runs per configuration, alternating, each in a fresh process${values.threads ? '' : ' (`node --single-threaded`)'}; CPU time for \`lintFiles()\`. ` +
    'Ratios are between the fastest runs (neighbours only add time), with the ratios of the medians beside them',
  '',
);

lines.push(`## ${baseScale}× corpus`, '');
lines.push('| | configuration | CPU s (fastest) | CPU s (median) | runs | wall s (median) | peak RSS MB | findings |');
lines.push('| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |');
for (const [name, summary] of baseResults) {
  const findings = Object.values(summary.findings).reduce((total, count) => total + count, 0);
  lines.push(
    `| ${name} | ${CONFIGS[name].description} | ${seconds(summary.fastestCpuMs)} | ${seconds(summary.cpuMs)} | ${summary.cpuRuns.map(seconds).join(', ')} | ${seconds(summary.wallMs)} | ${mb(summary.maxRssKb)} | ${findings} |`,
  );
}
lines.push('');
lines.push('| ratio | fastest runs | medians | budget |', '| --- | ---: | ---: | ---: |');
const ratioRow = (label, key, limit) => {
  if (ratios[key] !== undefined) lines.push(`| ${label} | ${percent(ratios[key])} | ${percent(medianRatios[key])} | ${limit} |`);
};
ratioRow('(b−a)/a recommended', 'recommended', `≤ ${percent(BUDGET.recommended)}`);
ratioRow('(c−a)/a strict', 'strict', `≤ ${percent(BUDGET.strict)}`);
ratioRow('(d−b)/b baseline', 'baseline', `≤ ${percent(BUDGET.baseline)}`);
ratioRow('(e−a)/a typescript-eslint recommended', 'peer', '(reference)');
ratioRow('(h−a)/a one core rule that never fires (control)', 'hosting', '(control)');
ratioRow('(l−a)/a recommended\'s rules, listeners doing nothing (control)', 'listeners', '(control)');
lines.push('');

if (paired.size > 0) {
  lines.push(`## Paired in one process (${baseScale}×)`, '');
  lines.push(
    'File by file, in lint order: parse-only verifies the text, then the configuration and parse-only again verify the SourceCode it produced ' +
      '(`bench/paired-child.mjs`), in turns that swap order from file to file, after both have resolved the file\'s config (the configuration\'s extra resolution work is counted). ' +
      'The rules cost the difference of the last two; each comparison is milliseconds apart, so the neighbours fall on both sides alike.' +
      (paired.has('a') ? ' `a` is the A/A control, parse-only paired with itself: its ratio is the measurement\'s own error.' : '') +
      (paired.has('l')
        ? ' `l` keeps each rule of recommended with its real `create` but every listener a no-op: what ESLint spends on hosting the rules before they do any work.'
        : '') +
      (paired.has('h')
        ? " `h` is one core rule that never fires: paired it reads about 1 %, while in whole runs it costs far more, because ESLint's extra garbage collection with any rule hosted lands on both sides of each pair."
        : ''),
    '',
  );
  lines.push('| configuration | parse-only CPU s | rules CPU s | rules / parse-only | findings |', '| --- | ---: | ---: | ---: | ---: |');
  for (const [name, result] of paired) {
    const label = name === 'a' ? 'A/A control' : CONFIGS[name].label;
    lines.push(`| ${name} ${label} | ${seconds(result.floorMs)} | ${seconds(result.rulesMs)} | ${percent(result.rulesMs / result.floorMs)} | ${result.findings} |`);
  }
  lines.push('');
}

if (scaling.length > 0) {
  lines.push('## Scaling', '');
  lines.push(
    `At most ${scaledRuns} run(s) of each larger corpus, stopping once the check holds: it compares the fastest run, which another run can only lower.`,
    '',
  );
  lines.push(`| corpus | configuration | CPU s (fastest) | runs | × ${baseScale}× (fastest) | × ${baseScale}× (medians) |`, '| --- | --- | ---: | --- | ---: | ---: |');
  for (const entry of scaling) {
    for (const [name, summary] of entry.results) {
      const baseSummary = baseResults.get(name);
      lines.push(
        `| ${entry.scale}× | ${name} ${CONFIGS[name].label} | ${seconds(summary.fastestCpuMs)} | ${summary.cpuRuns.map(seconds).join(', ')} | ${(summary.fastestCpuMs / baseSummary.fastestCpuMs).toFixed(2)}× | ${(summary.cpuMs / baseSummary.cpuMs).toFixed(2)}× |`,
      );
    }
    if (entry.plugin !== undefined) lines.push(`| ${entry.scale}× | plugin alone (b−a) | | | ${entry.plugin.toFixed(2)}× | |`);
  }
  lines.push('');
}

if (ruleTimes.size > 0) {
  lines.push(`## Per-rule time (${baseScale}×, one run with ESLint \`stats\`)`, '');
  lines.push(
    'ESLint measures each rule with the wall clock, so on a busy machine these include waiting; compare them with each other, not with the CPU times above.' +
      (configs.includes('d') && ruleTimes.has('b') ? " b's are from the run that writes d's baseline, which lints with b." : ''),
    '',
  );
  for (const [name, result] of ruleTimes) {
    lines.push(`**${name}, ${CONFIGS[name].label}** (parsing: ${seconds(result.parseMs)} s)`, '');
    lines.push('| rule | ms |', '| --- | ---: |');
    const sorted = Object.entries(result.ruleTimes).sort((a, b) => b[1] - a[1]);
    for (const [rule, ms] of sorted.slice(0, 10)) lines.push(`| ${rule} | ${ms.toFixed(0)} |`);
    if (sorted.length > 10) lines.push(`| ${sorted.length - 10} more rules | ${sorted.slice(10).reduce((total, [, ms]) => total + ms, 0).toFixed(0)} |`);
    lines.push('');
  }
}

lines.push('## Module graph', '');
lines.push(
  `The plugin's module graph parsed at most ${modulesParsed} modules in one process, ${glossaryModulesParsed} of the ${glossaryModules.size} glossary modules among them; ` +
    `it read ${glossaryModulesAdopted} glossary modules from the parse ESLint made when linting them. ` +
    `Counting ESLint's own parse, no glossary module was parsed more than ${maxGlossaryParses} time(s) in a process.`,
  '',
);

lines.push('## Findings', '');
lines.push('| rule | planted (recommended) | b recommended | planted (strict) | c strict |', '| --- | ---: | ---: | ---: | ---: |');
const planted = base.summary.planted;
const ruleNames = new Set([...Object.keys(planted).map((rule) => `schema-contract/${rule}`), ...Object.keys(bFindings ?? {}), ...Object.keys(baseResults.get('c')?.findings ?? {})]);
for (const rule of ruleNames) {
  const short = rule.replace(/^schema-contract\//, '');
  lines.push(`| ${rule} | ${planted[short]?.recommended ?? 0} | ${bFindings?.[rule] ?? '–'} | ${planted[short]?.strict ?? 0} | ${baseResults.get('c')?.findings[rule] ?? '–'} |`);
}
lines.push('');

lines.push('## Budget', '');
lines.push('| check | measured | budget | |', '| --- | ---: | ---: | --- |');
for (const item of budget) lines.push(`| ${item.label} | ${item.value} | ≤ ${item.limit} | ${item.holds ? 'holds' : '**missed**'} |`);
lines.push('');
if (problems.length > 0) lines.push('## Problems', '', ...problems.map((problem) => `- ${problem}`), '');

const report = `${lines.join('\n')}\n`;
writeFileSync(values.out, report);
process.stdout.write(report);
log(`wrote ${relative(process.cwd(), values.out)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (problems.length > 0) {
  for (const problem of problems) log(`problem: ${problem}`);
  process.exitCode = 1;
} else if (values.check && budget.some((item) => !item.holds)) {
  log('the budget is missed (--check)');
  process.exitCode = 1;
}
