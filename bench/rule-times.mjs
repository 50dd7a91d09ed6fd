// Per-rule CPU time over the parse, from ESLint's own `stats`, for one build of the plugin on one
// corpus: `node --single-threaded bench/rule-times.mjs <plugin entry> <corpus dir> <config> [glob]`.
// The paired bench measures configurations; this splits a configuration by rule, to compare two
// builds (a commit's `dist/src/index.js` against another's) rule by rule on the same corpus.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { ruleStatsOf } from './rule-stats.mjs';

const [pluginEntry, corpus, config = 'recommended', glob = 'src/**/*.ts'] = process.argv.slice(2);
if (!pluginEntry || !corpus) {
  console.error('usage: node --single-threaded bench/rule-times.mjs <plugin entry> <corpus dir> [config] [glob]');
  process.exit(2);
}
const plugin = (await import(new URL(pluginEntry, `file://${process.cwd()}/`).href)).default;
if (!plugin.configs?.[config]) {
  console.error(`rule-times: ${pluginEntry} has no config "${config}"`);
  process.exit(2);
}
const eslint = new ESLint({ cwd: resolve(corpus), overrideConfigFile: true, stats: true, baseConfig: [plugin.configs[config]] });
const { ruleTimes, parseMs } = ruleStatsOf(await eslint.lintFiles([glob]));
console.log(`parse ${Math.round(parseMs)} ms`);
for (const [rule, ms] of Object.entries(ruleTimes).sort()) console.log(`${rule}: ${Math.round(ms)} ms, ${((100 * ms) / parseMs).toFixed(1)} % of the parse`);
