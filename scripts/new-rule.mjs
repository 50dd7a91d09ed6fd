#!/usr/bin/env node
// Writes a rule, its test and its doc together, and registers the rule, so the structural tests
// (registration, docs, tests) pass from the first commit of a new rule.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];

if (!name || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
  console.error('usage: npm run new-rule <kebab-case-rule-name>');
  process.exit(2);
}

const targets = [
  ['scripts/templates/rule.ts.tmpl', `rules/${name}.ts`],
  ['scripts/templates/rule.test.ts.tmpl', `tests/rules/${name}.test.ts`],
  ['scripts/templates/rule.md.tmpl', `docs/rules/${name}.md`],
];
for (const [, target] of targets) {
  if (existsSync(join(root, target))) {
    console.error(`new-rule: ${target} already exists; nothing written`);
    process.exit(2);
  }
}
for (const [template, target] of targets) {
  const text = readFileSync(join(root, template), 'utf8').replaceAll('__NAME__', name);
  writeFileSync(join(root, target), text);
  console.log(`wrote ${target}`);
}

const indexPath = join(root, 'rules/index.ts');
const index = readFileSync(indexPath, 'utf8');
const identifier = name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const importLine = `import ${identifier} from './${name}.js';`;
const registryStart = index.indexOf('export const rules = {');
const registryEnd = index.indexOf('};', registryStart);
const imports = index.slice(0, registryStart).trimEnd().split('\n').filter(Boolean).concat(importLine).sort();
const entries = index
  .slice(registryStart, registryEnd)
  .split('\n')
  .slice(1)
  .filter((line) => line.trim())
  .concat(`  '${name}': ${identifier},`)
  .sort();
writeFileSync(indexPath, `${imports.join('\n')}\n\nexport const rules = {\n${entries.join('\n')}\n}${index.slice(registryEnd + 1)}`);
console.log(`registered ${name} in rules/index.ts`);
console.log('next: write the rule, its RuleTester cases and its doc, then `npm run docs` and `npm test`.');
