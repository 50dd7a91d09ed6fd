// The growth check "a file twice as long costs at most 2.2× the rule time": the generated tool
// module (bench/long-file.mjs) at `--units N` and 2N units, each linted paired against its own
// parse (bench/paired.mjs) in one process, alternating, `--rounds` times after `WARM_UP_ROUNDS`.
// Noise only adds time, so each side of each size keeps its lowest reading.
//
//   node --single-threaded --expose-gc bench/growth-child.mjs --config b [--units 20] [--rounds 10]
//
// Prints one JSON line.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPUS_ROOT } from './corpus.mjs';
import { LONG_FILE_GLOSSARY, longToolModule } from './long-file.mjs';
import { createPairedLinter } from './paired.mjs';

const { values } = parseArgs({ options: { config: { type: 'string' }, units: { type: 'string', default: '20' }, rounds: { type: 'string', default: '10' } } });
if (!values.config) throw new Error('usage: growth-child.mjs --config <name> [--units 20] [--rounds 10]');
const units = Number(values.units);
const rounds = Number(values.rounds);
if (!Number.isInteger(units) || units < 1 || !Number.isInteger(rounds) || rounds < 1) throw new Error('--units and --rounds take positive integers');

const root = join(CORPUS_ROOT, 'growth');
mkdirSync(join(root, 'src'), { recursive: true });
writeFileSync(join(root, 'src', 'glossary.ts'), LONG_FILE_GLOSSARY);
const sizes = [units, 2 * units].map((count) => {
  const { text, lines } = longToolModule(count);
  const path = join(root, 'src', `long-${count}.ts`);
  writeFileSync(path, text);
  return { units: count, lines, path, text, tested: [], floor: [], findings: undefined };
});

// With one warm-up round the readings of both sizes were still falling by half over the next
// rounds as the JIT compiled the rules' code, so the first rounds' order decided the ratio
// (1.7× to 3.4× for the same build); after three they have settled.
const WARM_UP_ROUNDS = 3;

const { measure } = await createPairedLinter(values.config, root);
for (let round = 0; round < WARM_UP_ROUNDS + rounds; round += 1) {
  const order = round % 2 === 0 ? sizes : [...sizes].reverse();
  for (const size of order) {
    // A full collection before each reading, so that no reading pays for garbage another left.
    globalThis.gc?.();
    // Both sizes verify in the same order within a round, and in the other order the next round.
    const result = measure(size.path, size.text, round % 2 === 0);
    if (size.findings !== undefined && size.findings !== result.messages.length) {
      throw new Error(`${size.path}: ${result.messages.length} findings, ${size.findings} in the round before; the growth check needs a deterministic lint`);
    }
    size.findings = result.messages.length;
    // The first rounds warm the JIT and the module graph for both sizes alike.
    if (round >= WARM_UP_ROUNDS) {
      size.tested.push(result.testedMicros / 1000);
      size.floor.push(result.floorRerunMicros / 1000);
    }
  }
}

// Each side keeps its lowest reading before the difference is taken: the difference of one
// reading's two sides would carry whatever noise landed on either.
const [small, large] = sizes.map(({ units: count, lines, tested, floor, findings }) => ({
  units: count,
  lines,
  ruleMs: Math.min(...tested) - Math.min(...floor),
  testedMs: tested,
  floorMs: floor,
  findings,
}));
process.stdout.write(`${JSON.stringify({ config: values.config, small, large, ratio: large.ruleMs / small.ruleMs })}\n`);
