// Renders one bench run (bench/run.mjs) as bench/RESULTS.md: the budget first, then what each of
// its lines was computed from.
import { cpus, loadavg, totalmem } from 'node:os';
import { BUDGET, PLUGIN_CONFIGS } from './budget.mjs';
import { CONFIGS } from './configs.mjs';
import { DEFAULT_SEED, GENERATOR_VERSION } from './corpus.mjs';
import { noSchemaLoadsOf } from './stats.mjs';

const seconds = (ms) => (ms / 1000).toFixed(2);
const millis = (ms) => (ms === undefined ? '–' : ms.toFixed(1));
const percent = (value) => (value === undefined ? '–' : `${(100 * value).toFixed(1)} %`);
const count = (value) => value.toLocaleString('en-US');
const labelOf = (name) => (name === 'a' ? 'parse-only against itself (A/A control)' : CONFIGS[name].label);
const totalFindings = (findings) => Object.values(findings ?? {}).reduce((total, value) => total + value, 0);

function header(run) {
  const machine = cpus();
  const lines = ['# Benchmark results', ''];
  lines.push(
    `Written by \`${run.command}\` (\`bench/run.mjs\`), which took ${run.seconds.toFixed(0)} s; how to read and reproduce it: [docs/performance.md](../docs/performance.md).`,
    '',
  );
  lines.push(`- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  lines.push(`- CPU: ${machine[0]?.model ?? 'unknown'}, ${machine.length} cores; ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory`);
  lines.push(
    `- Node ${process.version}; load average at start ${run.loadAtStart.map((load) => load.toFixed(1)).join(' / ')}, at end ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' / ')}`,
  );
  const { summary } = run.base;
  lines.push(
    `- Bench corpus ${summary.scale}×: ${summary.files} TypeScript files, ${count(summary.lines)} lines, ${summary.domains} domains (generated, seed \`${DEFAULT_SEED}\`, generator v${GENERATOR_VERSION})`,
  );
  for (const other of run.others) lines.push(`- Bench corpus ${other.scale}×: ${other.summary.files} files, ${count(other.summary.lines)} lines`);
  if (run.reals.length > 0) {
    for (const real of run.reals) {
      const kind = real.extensions.includes('ts') ? 'TypeScript' : 'JavaScript (the published build)';
      lines.push(
        `- Real corpus \`${real.id}\`: \`${real.name}@${real.version}\` from npm, its \`${real.sources}/\`: ${real.files} ${kind} files, ${count(real.lines)} lines (pinned in \`bench/${real.pinFile}\`)`,
      );
    }
  } else {
    lines.push('- Real corpus: not measured in this run (`--no-real`)');
  }
  lines.push(
    `- Every configuration in its own process${run.threads ? '' : ' (`node --single-threaded`)'}; times are the process's CPU time (user + system), never wall time`,
    '',
  );
  return lines;
}

function budgetTable(rows) {
  const cell = (row) => (row.verdict === 'met' ? 'met' : row.verdict === 'missed' ? '**missed**' : '*not measured*');
  return [
    '| check | corpus | measured | limit | |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows.map((row) => `| ${row.check} | ${row.corpus} | ${row.measured} | ${row.limit} | ${cell(row)} |`),
    '',
  ];
}

function budgetSection(run) {
  const lines = ['## Budget (issues 24 and 31)', '', ...budgetTable(run.budget.rows)];
  const met = run.budget.rows.filter((row) => row.verdict === 'met').length;
  lines.push(`${met} of ${run.budget.rows.length} lines met.`, '');
  if (run.budget.kept.length > 0) lines.push('Kept from the first benchmark issue, where this run measured them:', '', ...budgetTable(run.budget.kept));
  return lines;
}

function pairedSection(run) {
  const lines = ['## Paired: the rules\' time over the parse of the same files', ''];
  lines.push(
    'Each configuration in its own process (`bench/paired-child.mjs`), file by file: parse-only verifies the text, then the configuration and parse-only ' +
      'again verify the SourceCode it produced, in turns that swap order from file to file, after both have resolved the file\'s config (the ' +
      'configuration\'s extra resolution work is counted). The rules cost the difference of the last two; each comparison is milliseconds apart, so ' +
      'the neighbours fall on both sides alike. The A/A control, parse-only paired with itself, reads the measurement\'s own error.',
    '',
  );
  for (const corpus of run.corpora) {
    const results = run.paired.get(corpus.id);
    if (results.size === 0) continue;
    const peer = results.get('e');
    lines.push(`### ${corpus.label}`, '');
    lines.push('| configuration | parse-only CPU s | rules CPU s | rules / parse | over typescript-eslint\'s | findings |', '| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, result] of results) {
      const ratio = result.rulesMs / result.floorMs;
      const overPeer = peer && name !== 'e' && name !== 'a' ? `${((100 * ratio) / (peer.rulesMs / peer.floorMs)).toFixed(0)} %` : '';
      lines.push(`| ${name} ${labelOf(name)} | ${seconds(result.floorMs)} | ${seconds(result.rulesMs)} | ${percent(ratio)} | ${overPeer} | ${totalFindings(result.findings)} |`);
    }
    lines.push('');
  }
  return lines;
}

function latencySection(run) {
  const lines = ['## Editor latency: rule time per file', ''];
  lines.push(
    'From the paired runs above: each file\'s rule time against its own parse, CPU ms. *Warm* is every file but the first of the process, with ' +
      'the caches the files before it filled; the costliest files were measured twice more and each side of the pair kept its lowest reading, ' +
      `since noise only adds time, until the ${run.options.recheck} costliest by their settled readings all had been or a cap of files was reached (*not settled*). *Cold* is a file linted first in a fresh process (\`bench/cold-child.mjs\`): the paired run's own first file, and ` +
      `for ${run.options.cold.map((name) => `\`${name}\``).join(' and ') || 'no configuration'} up to ${run.options.coldFiles} files per hint ` +
      '(most rule time in the pass, most modules loaded, most relative imports), a reading between the limit and twice the limit measured once more. Budget: warm under ' +
      `${BUDGET.warmMaxMs} ms on files under ${count(BUDGET.smallFileLines)} lines, cold under ${BUDGET.coldMaxMs} ms.`,
    '',
  );
  for (const corpus of run.corpora) {
    const byConfig = run.latency.get(corpus.id);
    if (byConfig.size === 0) continue;
    lines.push(`### ${corpus.label}`, '');
    lines.push(
      '| configuration | warm median | warm p95 | warm max | warm max, files under 1,000 lines | measured again | cold, first file | cold, sampled max |',
      '| --- | ---: | ---: | --- | --- | ---: | --- | --- |',
    );
    for (const [name, latency] of byConfig) {
      if (name === 'a') continue;
      const where = (reading) => (reading ? `${millis(reading.ms)} \`${reading.name}\` (${reading.lines} lines)` : '–');
      const sampled = run.cold.get(corpus.id).get(name) ?? [];
      const worstCold = sampled.reduce((top, result) => (top === undefined || result.ruleMs > top.ruleMs ? result : top), undefined);
      const result = run.paired.get(corpus.id).get(name);
      // Not settled: the cap on files measured again was reached before the costliest all were.
      const again = result ? `${result.rechecked}${result.settled ? '' : ', not settled'}` : '–';
      lines.push(
        `| ${name} ${labelOf(name)} | ${millis(latency.warm?.median)} | ${millis(latency.warm?.p95)} | ${where(latency.warm?.worst)} | ${where(latency.warmSmall?.worst)} | ${again} | ${where(latency.cold)} | ${
          worstCold ? `${millis(worstCold.ruleMs)} \`${worstCold.file}\` (${worstCold.lines} lines, ${worstCold.modulesLoaded ?? '?'} modules loaded; of ${sampled.length} sampled)` : '–'
        } |`,
      );
    }
    lines.push('');
  }
  return lines;
}

function noSchemaSection(run) {
  const lines = ['## Files that name no schema', ''];
  lines.push(
    'A file whose text spells nothing a schema, a schema library, an enum or a glossary table is written with (`bench/schema-free.mjs`; the ' +
      'settings\' glossary modules excluded) has no schema position in it, so linting it should load no other module. The paired runs lint ' +
      'these files first, so every module the plugin\'s module graph parses or adopts meanwhile is loaded for one of them (its parse and ' +
      'adoption counters, read from the build).',
    '',
  );
  lines.push('| corpus | configuration | files | modules loaded | files that loaded any (most first) |', '| --- | --- | ---: | ---: | --- |');
  for (const corpus of run.corpora) {
    for (const name of PLUGIN_CONFIGS) {
      const result = run.paired.get(corpus.id).get(name);
      if (!result) continue;
      const loads = noSchemaLoadsOf(result.perFile);
      const loaders = loads.loaders.slice(0, 5).map((loader) => `\`${loader.name}\` ${loader.loaded}`);
      if (loads.loaders.length > 5) loaders.push(`${loads.loaders.length - 5} more`);
      lines.push(`| ${corpus.label} | ${name} ${labelOf(name)} | ${loads.files} | ${loads.loaded ?? 'not counted by this build'} | ${loaders.join(', ') || '–'} |`);
    }
  }
  lines.push('');
  return lines;
}

function growthSection(run) {
  if (run.growth.size === 0) return [];
  const lines = ['## Growth with file length', ''];
  lines.push(
    'A generated tool module (`bench/long-file.mjs`) at two sizes, the second with every unit twice, each linted paired in one process ' +
      `(\`bench/growth-child.mjs\`), alternating, ${run.options.growthRounds} rounds after three warm-up rounds; each side keeps its lowest reading. ` +
      `Budget: at most ${BUDGET.growth}× the rule time.`,
    '',
  );
  lines.push('| configuration | lines | rule ms | findings | lines | rule ms | findings | ratio |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, result] of run.growth) {
    lines.push(
      `| ${name} ${labelOf(name)} | ${count(result.small.lines)} | ${millis(result.small.ruleMs)} | ${result.small.findings} | ${count(result.large.lines)} | ${millis(result.large.ruleMs)} | ${result.large.findings} | ${result.ratio.toFixed(2)}× |`,
    );
  }
  lines.push('');
  return lines;
}

function freshSection(run) {
  if (run.fresh.size === 0) return [];
  const lines = ['## Fresh processes: end-to-end time, memory, scaling', ''];
  lines.push(
    `Each configuration linting the whole ${run.base.summary.scale}× bench corpus through \`ESLint#lintFiles\` in a fresh process (\`bench/lint-child.mjs\`), ` +
      `${run.options.runs} run(s) each, alternating. The floor is \`h\`, one core rule that never fires: ESLint hosting any rule at all costs 5–36 % ` +
      'over a run with none here, so ratios over parse-only say more about ESLint than about the rules. Ratios are between the fastest runs ' +
      '(neighbours only add time), with the medians\' beside them.',
    '',
  );
  lines.push('| | configuration | CPU s (fastest) | CPU s (median) | runs | wall s (median) | peak RSS MB | findings |', '| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const [name, summary] of run.fresh) {
    lines.push(
      `| ${name} | ${CONFIGS[name].description} | ${seconds(summary.fastestCpuMs)} | ${seconds(summary.cpuMs)} | ${summary.cpuRuns.map(seconds).join(', ')} | ${seconds(summary.wallMs)} | ${(summary.maxRssKb / 1024).toFixed(0)} | ${totalFindings(summary.findings)} |`,
    );
  }
  lines.push('');
  const floor = run.fresh.get('h');
  if (floor) {
    const rows = [...run.fresh].filter(([name]) => name !== 'h' && name !== 'a');
    if (rows.length > 0) {
      lines.push('| over the floor h | fastest runs | medians |', '| --- | ---: | ---: |');
      for (const [name, summary] of rows) {
        lines.push(`| (${name}−h)/h ${CONFIGS[name].label} | ${percent((summary.fastestCpuMs - floor.fastestCpuMs) / floor.fastestCpuMs)} | ${percent((summary.cpuMs - floor.cpuMs) / floor.cpuMs)} |`);
      }
      lines.push('');
    }
  }
  if (run.scaling.length > 0) {
    lines.push(`Scaling: at most ${run.options.scaledRuns} run(s) of each larger corpus, stopping once the check holds (it compares the fastest run, which another run can only lower).`, '');
    lines.push(`| corpus | configuration | CPU s (fastest) | runs | × ${run.base.summary.scale}× (fastest) |`, '| --- | --- | ---: | --- | ---: |');
    for (const entry of run.scaling) {
      for (const [name, summary] of entry.results) {
        const ratio = entry.ratios.get(name);
        lines.push(`| ${entry.scale}× | ${name} ${CONFIGS[name].label} | ${seconds(summary.fastestCpuMs)} | ${summary.cpuRuns.map(seconds).join(', ')} | ${ratio === undefined ? '–' : `${ratio.toFixed(2)}×`} |`);
      }
    }
    lines.push('');
  }
  const graph = run.moduleGraph;
  if (graph.modulesParsed > 0 || graph.glossaryModulesAdopted > 0) {
    lines.push(
      `Module graph: the plugin parsed at most ${graph.modulesParsed} modules in one process, ${graph.glossaryModulesParsed} of the ${graph.glossaryModules} glossary modules among them; ` +
        `it read ${graph.glossaryModulesAdopted} glossary modules from the parse ESLint made when linting them. Counting ESLint's own parse, no glossary module was parsed more than ${graph.maxGlossaryParses} time(s) in a process.`,
      '',
    );
  }
  return lines;
}

function findingsSection(run) {
  const results = run.paired.get('bench');
  const b = results.get('b')?.findings ?? run.fresh.get('b')?.findings;
  const c = results.get('c')?.findings ?? run.fresh.get('c')?.findings;
  if (!b && !c) return [];
  const planted = run.base.summary.planted;
  const lines = ['## Findings on the bench corpus', ''];
  lines.push('| rule | planted (recommended) | b recommended | planted (strict) | c strict |', '| --- | ---: | ---: | ---: | ---: |');
  const rules = new Set([...Object.keys(planted).map((rule) => `schema-contract/${rule}`), ...Object.keys(b ?? {}), ...Object.keys(c ?? {})]);
  for (const rule of rules) {
    const short = rule.replace(/^schema-contract\//, '');
    lines.push(`| ${rule} | ${planted[short]?.recommended ?? 0} | ${b?.[rule] ?? '–'} | ${planted[short]?.strict ?? 0} | ${c?.[rule] ?? '–'} |`);
  }
  lines.push('');
  return lines;
}

function ruleTimeSection(run) {
  if (run.ruleTimes.size === 0) return [];
  const lines = [`## Per-rule time (${run.base.summary.scale}× bench corpus, one run with ESLint \`stats\`)`, ''];
  lines.push('ESLint measures each rule with the wall clock, so on a busy machine these include waiting; compare them with each other, not with the CPU times above.', '');
  for (const [name, result] of run.ruleTimes) {
    lines.push(`**${name}, ${CONFIGS[name].label}** (parsing: ${seconds(result.parseMs)} s)`, '');
    lines.push('| rule | ms |', '| --- | ---: |');
    const sorted = Object.entries(result.ruleTimes).sort((a, b) => b[1] - a[1]);
    for (const [rule, ms] of sorted.slice(0, 10)) lines.push(`| ${rule} | ${ms.toFixed(0)} |`);
    if (sorted.length > 10) lines.push(`| ${sorted.length - 10} more rules | ${sorted.slice(10).reduce((total, [, ms]) => total + ms, 0).toFixed(0)} |`);
    lines.push('');
  }
  return lines;
}

/** The whole RESULTS.md text for one run. */
export function renderReport(run) {
  const lines = [
    ...header(run),
    ...budgetSection(run),
    ...pairedSection(run),
    ...latencySection(run),
    ...noSchemaSection(run),
    ...growthSection(run),
    ...freshSection(run),
    ...findingsSection(run),
    ...ruleTimeSection(run),
  ];
  if (run.problems.length > 0) lines.push('## Problems', '', ...run.problems.map((problem) => `- ${problem}`), '');
  return `${lines.join('\n')}\n`;
}
