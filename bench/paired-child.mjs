// The plugin's cost measured in one process, file by file, against the same parse: for each file
// (in the order ESLint lints them) the parse-only configuration verifies the text, and then, on
// the SourceCode it produced, the configuration under test and parse-only again. The rules' cost is
// the difference of the last two; the floor is the first. Each comparison is milliseconds apart,
// so the neighbours' drifting load, which swamps a few per cent between separate runs on a shared
// machine, falls on both sides alike.
//
// Two things would otherwise be charged to the rules that are not theirs, and an A/A run (`--config
// a`, parse-only against itself) showed them as 1.3 % of the floor: the configuration under test
// resolving its config for a file that the floor's array had resolved during the parse, and
// whichever of the two verifications runs first paying for the caches the second one finds warm.
// So both arrays resolve the file's config before it is verified, timed against a fresh twin of
// the floor's array (the difference, a configuration's own extra resolution work, is counted),
// and the two verifications swap order from one file to the next.
//
//   node --single-threaded bench/paired-child.mjs --config b --corpus bench/corpus/1x
//
// Prints one JSON line. A complement to the fresh-process runs, not a replacement: JIT warm-up is
// shared with the floor, and ESLint's file enumeration and result handling are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Linter } from 'eslint';
import { BASELINE_FILE_NAME, buildConfig } from './configs.mjs';
import { sourceRootOf } from './corpus.mjs';

// Linter#verify normalises a plain config array on every call (and validates every rule's
// options again), which would be counted against the configuration with more rules. A
// normalised FlatConfigArray is reused as it is; ESLint does not export the class, so it is
// loaded from the installed package by path.
const { FlatConfigArray } = await import(new URL('config/flat-config-array.js', import.meta.resolve('eslint')).href);
const normalised = (config, cwd) => {
  const array = new FlatConfigArray(config, { basePath: cwd });
  array.normalizeSync();
  return array;
};

const { values } = parseArgs({ options: { config: { type: 'string' }, corpus: { type: 'string' } } });
if (!values.config || !values.corpus) throw new Error('usage: paired-child.mjs --config <a|b|c|d|e|l> --corpus DIR');
const corpus = resolve(values.corpus);

/** The corpus's TypeScript files, depth-first in name order: the order `eslint.lintFiles([sourceRoot])` uses. */
function filesIn(directory) {
  const entries = readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return filesIn(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const floor = normalised(await buildConfig('a'), corpus);
// Resolves each file's config uncached, as the tested array does, so the two can be compared.
const floorTwin = normalised(await buildConfig('a'), corpus);
const tested = normalised(await buildConfig(values.config, { baselineFile: join(corpus, BASELINE_FILE_NAME) }), corpus);
const linter = new Linter({ cwd: corpus });

const cpuMicros = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};

/** CPU microseconds `task` took. */
function timed(task) {
  const start = cpuMicros();
  task();
  return cpuMicros() - start;
}

let floorMicros = 0;
let rulesMicros = 0;
let configMicros = 0;
let findings = 0;
const files = filesIn(sourceRootOf(corpus));
for (const [index, file] of files.entries()) {
  const text = readFileSync(file, 'utf8');
  let parsed;
  floorMicros += timed(() => (parsed = linter.verify(text, floor, file)));
  if (parsed.some((message) => message.fatal)) throw new Error(`${file} does not parse: ${parsed[0].message}`);
  const sourceCode = linter.getSourceCode();
  let messages;
  const testedConfig = () => timed(() => tested.getConfig(file));
  const floorConfig = () => timed(() => floorTwin.getConfig(file));
  const testedRun = () => timed(() => (messages = linter.verify(sourceCode, tested, file)));
  const floorRun = () => timed(() => linter.verify(sourceCode, floor, file));
  if (index % 2 === 0) {
    const testedConfigMicros = testedConfig();
    configMicros += testedConfigMicros - floorConfig();
    const testedMicros = testedRun();
    rulesMicros += testedMicros - floorRun();
  } else {
    const floorConfigMicros = floorConfig();
    configMicros += testedConfig() - floorConfigMicros;
    const floorRerun = floorRun();
    rulesMicros += testedRun() - floorRerun;
  }
  findings += messages.length;
}

// `rulesMs` includes the configuration's extra config resolution (`configMs`, also printed alone).
process.stdout.write(
  `${JSON.stringify({ config: values.config, files: files.length, floorMs: floorMicros / 1000, rulesMs: (rulesMicros + configMicros) / 1000, configMs: configMicros / 1000, findings })}\n`,
);
