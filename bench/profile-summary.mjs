#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from `node --cpu-prof`): the functions with the most self time, and
// for the plugin's own code (dist/) the inclusive time of each function, which is what tells you
// which rule or analysis step pays for the parsing and scope analysis it triggers.
//
//   node bench/profile-summary.mjs FILE.cpuprofile [--top 30]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '30' } } });
if (positionals.length !== 1) throw new Error('usage: profile-summary.mjs FILE.cpuprofile [--top N]');
const top = Number(values.top);
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

// Self time per node: each sample is attributed to the node on top of the stack.
const selfMicros = new Map();
for (let index = 0; index < profile.samples.length; index += 1) {
  const id = profile.samples[index];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
}
const total = [...selfMicros.values()].reduce((sum, micros) => sum + micros, 0);

function place(frame) {
  const url = frame.url.replace(/^file:\/\//, '');
  const short = url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
  return `${frame.functionName || '(anonymous)'} ${short}:${frame.lineNumber + 1}`;
}

const isPlugin = (url) => url.includes('/dist/') && !url.includes('/node_modules/');

function owner(url) {
  if (isPlugin(url)) return url.replace(/^.*\/dist\//, 'dist/');
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1];
  return url === '' ? '(native)' : 'node';
}

const selfByFunction = new Map();
const selfByOwner = new Map();
for (const [id, micros] of selfMicros) {
  const frame = nodes.get(id).callFrame;
  const key = place(frame);
  selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + micros);
  const group = owner(frame.url);
  selfByOwner.set(group, (selfByOwner.get(group) ?? 0) + micros);
}

// Inclusive time of plugin functions: a sample counts once for every distinct plugin frame on its stack.
const inclusive = new Map();
for (const [id, micros] of selfMicros) {
  const seen = new Set();
  for (let current = id; current !== undefined; current = parents.get(current)) {
    const frame = nodes.get(current).callFrame;
    if (!isPlugin(frame.url)) continue;
    const key = place(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
  }
}

// Samples with any plugin frame on the stack, and those under each rule's own listeners: the
// plugin's whole cost, including the parsing and scope analysis of modules it reads itself.
let underPlugin = 0;
const underRule = new Map();
for (const [id, micros] of selfMicros) {
  let rule;
  let plugin = false;
  for (let current = id; current !== undefined; current = parents.get(current)) {
    const url = nodes.get(current).callFrame.url;
    if (!isPlugin(url)) continue;
    plugin = true;
    const match = /\/dist\/(?:src\/)?rules\/([^/]+)\.js$/.exec(url);
    if (match) rule = match[1];
  }
  if (plugin) underPlugin += micros;
  if (rule) underRule.set(rule, (underRule.get(rule) ?? 0) + micros);
}

const ms = (micros) => `${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%`;
const print = (title, map, count) => {
  console.log(`\n${title}`);
  for (const [key, micros] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${ms(micros)}  ${key}`);
};
console.log(`total sampled: ${(total / 1000).toFixed(0)} ms`);
console.log(`under plugin frames: ${(underPlugin / 1000).toFixed(0)} ms (${((100 * underPlugin) / total).toFixed(1)}%)`);
print('under each rule (inclusive)', underRule, top);
print('self time by package / plugin file', selfByOwner, top);
print('self time by function', selfByFunction, top);
print('inclusive time of plugin functions', inclusive, top);
