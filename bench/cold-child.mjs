// One file linted cold: the first file of a fresh process, paired against its own parse
// (bench/paired.mjs), as an editor's language server lints the first file a user opens. The
// plugin's code, its caches and its module graph all start empty.
//
//   node --single-threaded bench/cold-child.mjs --config b --corpus bench/corpus/1x --file src/wiring.ts
//
// Prints one JSON line.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { countLines } from './corpus.mjs';
import { createPairedLinter } from './paired.mjs';

const { values } = parseArgs({ options: { config: { type: 'string' }, corpus: { type: 'string' }, file: { type: 'string' } } });
if (!values.config || !values.corpus || !values.file) throw new Error('usage: cold-child.mjs --config <name> --corpus DIR --file PATH (relative to the corpus)');
const root = resolve(values.corpus);
const path = resolve(root, values.file);
const text = readFileSync(path, 'utf8');

const { measure } = await createPairedLinter(values.config, root);
const result = measure(path, text, true);
process.stdout.write(
  `${JSON.stringify({ config: values.config, file: values.file, lines: countLines(text), ruleMs: result.ruleMicros / 1000, floorMs: result.floorMicros / 1000, modulesLoaded: result.modulesLoaded ?? null })}\n`,
);
