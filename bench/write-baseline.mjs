// Writes the 10,000-entry baseline for configuration d with the plugin's own baseline writer.
//
//   node bench/write-baseline.mjs --corpus bench/corpus/1x [--entries 10000] [--stats]
//
// Every finding `configs.recommended` reports on the corpus is recorded, exactly as
// `schema-contract baseline write` records it (same collector, fingerprints and writer). The rest
// of the entries belong to files of sibling packages that this lint run does not cover, as in a
// monorepo whose one baseline serves every package: they must cost nothing, and since none of
// them names a linted file they are never reported as fixed. With every real finding baselined,
// configuration d reports nothing, which the runner checks. With --stats the run also measures
// b's per-rule times with ESLint's stats (the collector only records what the rules report), so
// the runner needs no separate run for them.
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createRandom } from './random.mjs';
import { BASELINE_FILE_NAME, buildConfig, distModule } from './configs.mjs';
import { sourceRootOf } from './corpus.mjs';
import { ruleStatsOf } from './rule-stats.mjs';

const { values } = parseArgs({
  options: { corpus: { type: 'string' }, entries: { type: 'string', default: '10000' }, stats: { type: 'boolean', default: false } },
});
if (!values.corpus) throw new Error('usage: write-baseline.mjs --corpus DIR [--entries N] [--stats]');
const corpus = resolve(values.corpus);
const wanted = Number(values.entries);
const baselineFile = join(corpus, BASELINE_FILE_NAME);

const { ESLint } = await import('eslint');
const { withCollector } = await distModule('baseline/collector.js');
const { baselinePath, fingerprintOf } = await distModule('baseline/fingerprint.js');
const { writeBaseline } = await distModule('baseline/baseline-file.js');

const found = [];
const eslint = new ESLint({ cwd: corpus, overrideConfigFile: true, baseConfig: await buildConfig('b'), cache: false, stats: values.stats });
const results = await withCollector({ ruleRan() {}, found: (findings) => found.push(...findings) }, () => eslint.lintFiles([relative(corpus, sourceRootOf(corpus))]));

const entries = new Map();
for (const finding of found) {
  const path = baselinePath(corpus, finding.file);
  const fingerprint = fingerprintOf(finding.rule, path, finding.identity);
  const key = `${path}\0${finding.rule}\0${fingerprint}`;
  const count = Math.max(entries.get(key)?.count ?? 0, finding.occurrence + 1);
  entries.set(key, {
    path,
    rule: finding.rule,
    fingerprint,
    count,
    ...(finding.context === undefined ? {} : { context: finding.context }),
    snippet: finding.snippet,
  });
}
const real = entries.size;
if (real > wanted) throw new Error(`the corpus has ${real} distinct findings, more than the ${wanted} entries asked for`);

const random = createRandom('baseline-padding');
const rules = ['no-permissive-schema-fallback', 'no-open-glossary-enum', 'no-schema-helper-throw', 'require-glossary-corroboration'];
const hex = (length) => Array.from({ length }, () => random.int(0, 15).toString(16)).join('');
for (let index = 0; entries.size < wanted; index += 1) {
  const path = `packages/service-${index % 40}/src/tools/tool-${Math.floor(index / 40)}.ts`;
  const rule = random.pick(rules);
  entries.set(`${path}\0${rule}`, { path, rule, fingerprint: hex(20), count: random.int(1, 3), snippet: "{ type: 'object' }" });
}

writeBaseline(baselineFile, [...entries.values()]);
process.stdout.write(
  `${JSON.stringify({ baselineFile, entries: entries.size, findings: found.length, distinct: real, ...(values.stats ? ruleStatsOf(results) : {}) })}\n`,
);
