// One file linted paired against the same parse, in one process: parse-only verifies the text, then,
// on the SourceCode it produced, the configuration under test and parse-only again. The rules' cost
// is the difference of the last two; the floor is the first. Each comparison is milliseconds apart,
// so the neighbours' drifting load, which swamps a few per cent between separate runs on a shared
// machine, falls on both sides alike. Used file by file over a corpus (paired-child.mjs), for one
// file in a fresh process (cold-child.mjs) and for the long-file growth check (growth-child.mjs).
//
// Two things would otherwise be charged to the rules that are not theirs, and an A/A run (`--config
// a`, parse-only against itself) showed them as 1.3 % of the floor: the configuration under test
// resolving its config for a file that the floor's array had resolved during the parse, and
// whichever of the two verifications runs first paying for the caches the second one finds warm.
// So both arrays resolve the file's config before it is verified, timed against a fresh twin of
// the floor's array (the difference, a configuration's own extra resolution work, is counted),
// and the caller swaps the order of the two verifications from one file to the next.
import { Linter } from 'eslint';
import { join } from 'node:path';
import { BASELINE_FILE_NAME, buildConfig, moduleGraphCounters } from './configs.mjs';

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

/**
 * How many modules the plugin's module graph has loaded in this process: its own parses plus the
 * parses of ESLint's it adopted (either way the analysis opened another module); `undefined` when
 * the build does not count them.
 */
async function moduleLoadCounter() {
  const counters = await moduleGraphCounters();
  if (!counters) return () => undefined;
  const total = (counts) => [...counts.values()].reduce((sum, count) => sum + count, 0);
  return () => total(counters.parses()) + total(counters.adoptions());
}

/**
 * A paired measurer for configuration `name` over the corpus rooted at `root`.
 * @param {string} name
 * @param {string} root
 */
export async function createPairedLinter(name, root) {
  const floor = normalised(await buildConfig('a'), root);
  // Resolves each file's config uncached, as the tested array does, so the two can be compared.
  const floorTwin = normalised(await buildConfig('a'), root);
  const tested = normalised(await buildConfig(name, { baselineFile: join(root, BASELINE_FILE_NAME) }), root);
  const linter = new Linter({ cwd: root });
  const modulesLoaded = await moduleLoadCounter();

  /**
   * Lints `file` (with `text`) paired. `testedFirst` puts the tested configuration's resolution and
   * verification before the floor's; callers alternate it.
   */
  function measure(file, text, testedFirst) {
    let parsed;
    const floorMicros = timed(() => (parsed = linter.verify(text, floor, file)));
    const fatal = parsed.find((message) => message.fatal);
    if (fatal) throw new Error(`${file}:${fatal.line}: does not parse: ${fatal.message}`);
    const sourceCode = linter.getSourceCode();
    let messages;
    let loads;
    const testedConfig = () => timed(() => tested.getConfig(file));
    const floorConfig = () => timed(() => floorTwin.getConfig(file));
    const testedRun = () => {
      const before = modulesLoaded();
      const micros = timed(() => (messages = linter.verify(sourceCode, tested, file)));
      const after = modulesLoaded();
      loads = before === undefined || after === undefined ? undefined : after - before;
      return micros;
    };
    const floorRun = () => timed(() => linter.verify(sourceCode, floor, file));
    // Each side's time is its config resolution plus its verification.
    let testedMicros;
    let floorRerunMicros;
    if (testedFirst) {
      testedMicros = testedConfig();
      floorRerunMicros = floorConfig();
      testedMicros += testedRun();
      floorRerunMicros += floorRun();
    } else {
      floorRerunMicros = floorConfig();
      testedMicros = testedConfig();
      floorRerunMicros += floorRun();
      testedMicros += testedRun();
    }
    // The rules' cost includes the configuration's extra config resolution.
    return { floorMicros, testedMicros, floorRerunMicros, ruleMicros: testedMicros - floorRerunMicros, messages, modulesLoaded: loads };
  }

  return { measure };
}
