#!/usr/bin/env node
// Writes the table of `settings['schema-contract']` into README.md from the schema the plugin
// validates settings with (src/settings.ts, read from the build), so the README can never document
// a key the plugin rejects or miss one it accepts. `--check` only compares, for CI.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = join(root, 'README.md');
const BEGIN = '<!-- begin auto-generated settings list -->';
const END = '<!-- end auto-generated settings list -->';
const check = process.argv.includes('--check');

let settingsSchema;
try {
  ({ settingsSchema } = await import(pathToFileURL(join(root, 'dist', 'src', 'settings.js')).href));
} catch (error) {
  console.error(`settings-docs: cannot load dist/src/settings.js (run \`npm run build\` first): ${error.message}`);
  process.exit(2);
}

function typeOf(schema) {
  if (schema.type === 'array') return `${typeOf(schema.items ?? {})}[]`;
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' \\| ');
  return schema.type ?? 'any';
}

function rows(schema, prefix) {
  const lines = [];
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    const description = (property.description ?? '').replaceAll('|', '\\|').replaceAll('\n', ' ');
    lines.push(`| \`${path}\` | ${typeOf(property)} | ${description} |`);
    if (property.type === 'object') lines.push(...rows(property, path));
  }
  return lines;
}

const table = ['| Key | Type | Description |', '| :-- | :-- | :-- |', ...rows(settingsSchema, '')].join('\n');
const readme = readFileSync(readmePath, 'utf8');
const start = readme.indexOf(BEGIN);
const end = readme.indexOf(END);
if (start === -1 || end < start) {
  console.error(`settings-docs: README.md lacks the markers ${BEGIN} … ${END}`);
  process.exit(2);
}
const updated = `${readme.slice(0, start + BEGIN.length)}\n\n${table}\n\n${readme.slice(end)}`;

if (check) {
  if (updated !== readme) {
    console.error('settings-docs: the settings table in README.md is out of date; run `npm run docs`.');
    process.exit(1);
  }
} else if (updated !== readme) {
  writeFileSync(readmePath, updated);
  console.log('settings-docs: updated the settings table in README.md');
}
