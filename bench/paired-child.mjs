// A configuration's cost over a corpus, measured paired against the same parse in one process
// (bench/paired.mjs), file by file, with what each file cost: the editor's latency per file, and
// the modules the plugin's analysis loaded while linting it.
//
// Order: first the files that name no schema (bench/schema-free.mjs), then the others, each group
// in lint order. In the first group nothing is cached yet but what earlier files of that group
// loaded, so the modules loaded while linting them all must be zero if the budget's "a file whose
// values reach no schema position parses no other module" holds. The first file is the process's
// cold one. After the pass, the files that cost most are linted twice more (paired, warm caches)
// and each side of the pair keeps its lowest reading: noise (a collection, a neighbour) only adds
// time, and one collection landing in one file would otherwise decide the maximum.
//
//   node --single-threaded bench/paired-child.mjs --config b --corpus bench/corpus/1x [--sources src] [--extensions ts] [--recheck 8]
//
// Prints one JSON line. A complement to the fresh-process runs, not a replacement: JIT warm-up is
// shared with the floor, and ESLint's file enumeration and result handling are left out.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { minimatch } from 'minimatch';
import { countLines, GLOSSARY_MODULE_GLOBS } from './corpus.mjs';
import { lintedFiles } from './files.mjs';
import { createPairedLinter } from './paired.mjs';
import { namesNoSchema } from './schema-free.mjs';

const { values } = parseArgs({
  options: { config: { type: 'string' }, corpus: { type: 'string' }, sources: { type: 'string', default: 'src' }, extensions: { type: 'string', default: 'ts' }, recheck: { type: 'string', default: '8' } },
});
if (!values.config || !values.corpus) throw new Error('usage: paired-child.mjs --config <name> --corpus DIR [--sources src] [--recheck 8]');
const root = resolve(values.corpus);
const recheck = Number(values.recheck);
if (!(recheck >= 0)) throw new Error(`--recheck takes a number of files, got ${values.recheck}`);

const { measure } = await createPairedLinter(values.config, root);

const files = lintedFiles(root, values.sources, values.extensions.split(',')).map((path) => {
  const text = readFileSync(path, 'utf8');
  const name = relative(root, path).split('\\').join('/');
  // A module the settings name a glossary module declares tables: its values are enum sources.
  const noSchema = namesNoSchema(text) && !GLOSSARY_MODULE_GLOBS.some((pattern) => minimatch(name, pattern));
  return { path, name, text, lines: countLines(text), noSchema };
});
const ordered = [...files.filter((file) => file.noSchema), ...files.filter((file) => !file.noSchema)];

let floorMicros = 0;
let rulesMicros = 0;
const findings = {};
const perFile = [];
for (const [index, file] of ordered.entries()) {
  const result = measure(file.path, file.text, index % 2 === 0);
  floorMicros += result.floorMicros;
  rulesMicros += result.ruleMicros;
  for (const message of result.messages) findings[message.ruleId ?? '(none)'] = (findings[message.ruleId ?? '(none)'] ?? 0) + 1;
  perFile.push({
    file,
    ruleMicros: result.ruleMicros,
    warmMicros: result.ruleMicros,
    testedMicros: result.testedMicros,
    floorRerunMicros: result.floorRerunMicros,
    floorMicros: result.floorMicros,
    modulesLoaded: result.modulesLoaded,
  });
}

// The first file is the cold one. Of the others, the costliest are measured twice more, until
// the `--recheck` costliest by their settled readings have all been (at most `maxRechecks` files):
// a file whose first reading caught a collection drops back, and the next in line is measured.
const maxRechecks = Math.max(recheck, 5 * recheck);
const warmFiles = perFile.slice(1);
const rechecked = new Set();
for (;;) {
  const next = [...warmFiles].sort((a, b) => b.warmMicros - a.warmMicros).slice(0, recheck).find((entry) => !rechecked.has(entry));
  if (!next || rechecked.size >= maxRechecks) break;
  rechecked.add(next);
  for (const testedFirst of [false, true]) {
    const again = measure(next.file.path, next.file.text, testedFirst);
    // Each side keeps its lowest reading: the difference of one reading's two sides would carry
    // whatever noise landed on either.
    next.testedMicros = Math.min(next.testedMicros, again.testedMicros);
    next.floorRerunMicros = Math.min(next.floorRerunMicros, again.floorRerunMicros);
  }
  next.warmMicros = next.testedMicros - next.floorRerunMicros;
}
const settled = [...warmFiles].sort((a, b) => b.warmMicros - a.warmMicros).slice(0, recheck).every((entry) => rechecked.has(entry));

process.stdout.write(
  `${JSON.stringify({
    config: values.config,
    files: ordered.length,
    floorMs: floorMicros / 1000,
    // Includes the configuration's extra config resolution.
    rulesMs: rulesMicros / 1000,
    // By rule.
    findings,
    rechecked: rechecked.size,
    // Whether the costliest files by their final readings were all measured again.
    settled,
    // [path, lines, names no schema (0/1), rule ms in the pass, rule ms warm (lowest reading), modules loaded or null, parse ms]
    perFile: perFile.map(({ file, ruleMicros, warmMicros, modulesLoaded, floorMicros }) => [
      file.name,
      file.lines,
      file.noSchema ? 1 : 0,
      ruleMicros / 1000,
      warmMicros / 1000,
      modulesLoaded ?? null,
      floorMicros / 1000,
    ]),
  })}\n`,
);
