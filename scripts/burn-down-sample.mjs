#!/usr/bin/env node
// Draws docs/baseline-burn-down.svg from a real history: a copy of examples/tool-server adopts the
// baseline in a fresh git repository, then fixes its findings commit by commit (one tool recorded
// after review on the way, and a ten-month pause), each step linted, pruned or written and
// committed with the plugin built from this checkout. The chart is `schema-contract baseline
// report --format svg` of that repository; the Markdown report goes to stdout.
//
// usage: npm run build && node scripts/burn-down-sample.mjs [--out docs/baseline-burn-down.svg]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string', default: join(root, 'docs', 'baseline-burn-down.svg') } } });
if (!existsSync(join(root, 'dist', 'src', 'index.js'))) {
  console.error('burn-down-sample: the plugin is not built (dist/src/index.js is missing); run `npm run build` first.');
  process.exit(2);
}

const repository = mkdtempSync(join(tmpdir(), 'schema-contract-burn-down-'));
const bin = join(root, 'bin', 'schema-contract.js');

function edit(path, from, to) {
  const file = join(repository, path);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`burn-down-sample: ${path} no longer contains ${JSON.stringify(from)}: update this script`);
  writeFileSync(file, text.replace(from, to));
}

const EXPORT_REPORT = `import type { ToolDefinition } from '../registry.js';
import type { JsonSchema } from '../schema/tool-schema.js';
import { callApi } from '../upstream.js';

/** Report exports take the schema of the report they export, configured per deployment. */
export function exportReport(schema: JsonSchema | undefined): ToolDefinition {
  return {
    name: 'export_report',
    description: 'Export a report as CSV.',
    inputSchema: schema ?? { type: 'object' },
    handler: (args) => callApi('/reports/export', args),
  };
}
`;

const SALES_REPORT = `import type { ToolDefinition } from '../registry.js';
import { callApi } from '../upstream.js';

export const salesReport: ToolDefinition = {
  name: 'sales_report',
  description: 'Monthly sales for the account, by marketplace.',
  inputSchema: {
    type: 'object',
    properties: { month: { type: 'string', pattern: '^\\\\d{4}-(0[1-9]|1[0-2])$' } },
    required: ['month'],
    additionalProperties: false,
  },
  handler: (args) => callApi('/reports/sales', args),
};
`;

// Each step: when, what the commit says, the change, the baseline command, and the total after it.
const steps = [
  ['2025-01-13T09:12:00Z', 'Adopt schema-contract with a findings baseline', () => {}, 'write', 9],
  ['2025-01-21T15:40:00Z', 'seller_listings: require pageToken, not the removed page', () => edit('src/tools/seller-listings.ts', "required: ['sellerId', 'page']", "required: ['sellerId']"), 'prune', 8],
  ['2025-02-04T10:05:00Z', 'product_reviews: spell properties', () => edit('src/tools/product-reviews.ts', 'propertes:', 'properties:'), 'prune', 7],
  ['2025-02-11T13:25:00Z', 'legacyCheckedArguments: refuse arguments that fail the shape', () =>
    edit(
      'src/schema/arguments.ts',
      '  if (!parsed.success) console.warn(`tool "${params.name}": arguments do not match its shape`, parsed.error.issues);\n  return params.arguments;',
      '  if (!parsed.success) throw new Error(`tool "${params.name}": arguments do not match its shape`);\n  return parsed.data;',
    ), 'prune', 6],
  ['2025-02-18T17:30:00Z', "Plugin tools: pass a manifest's schema through", () => edit('src/tools/plugin-tools.ts', "inputSchema: manifest.inputSchema ?? { type: 'object' },", 'inputSchema: manifest.inputSchema,'), 'prune', 5],
  ['2025-03-04T11:00:00Z', 'Add export_report (its fallback recorded after review)', () => writeFileSync(join(repository, 'src/tools/export-report.ts'), EXPORT_REPORT), 'write', 6],
  ['2026-01-13T09:45:00Z', 'Marketplaces: describe the table instead of gating on it', () => {
    edit('src/tools/search-products.ts', 'enum: MARKETPLACE_CODES,', '// One of MARKETPLACE_CODES, which is described, not closed.');
    edit('src/tools/keyword-stats.ts', 'z.enum(glossary.MARKETPLACE_CODES)', 'z.string()');
  }, 'prune', 4],
  ['2026-01-27T14:20:00Z', 'Remove the legacy schema helpers', () => {
    writeFileSync(join(repository, 'src/tools/sales-report.ts'), SALES_REPORT);
    rmSync(join(repository, 'src/schema/legacy.ts'));
  }, 'prune', 2],
  ['2026-02-10T16:10:00Z', 'Currencies: one source describes, it does not close', () => edit('src/glossary/tables.ts', "enumPolicy: 'closed',\n  corroboratedBy: ['upstream pricing docs, currency list'],", "enumPolicy: 'described',\n  corroboratedBy: ['upstream pricing docs, currency list'],"), 'prune', 1],
  ['2026-02-24T10:30:00Z', 'export_report: fail closed when a deployment has no schema', () => edit('src/tools/export-report.ts', "inputSchema: schema ?? { type: 'object' },", 'inputSchema: schema,'), 'prune', 0],
];

function git(args, date) {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  return execFileSync('git', ['-c', 'user.name=Sample', '-c', 'user.email=sample@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repository, env, encoding: 'utf8' });
}

function cli(args) {
  return execFileSync(process.execPath, [bin, ...args], { cwd: repository, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

try {
  cpSync(join(root, 'examples', 'tool-server', 'src'), join(repository, 'src'), { recursive: true });
  const url = (path) => JSON.stringify(pathToFileURL(join(root, path)).href);
  writeFileSync(
    join(repository, 'eslint.config.js'),
    `import schemaContract from ${url('dist/src/index.js')};\nimport { baselineConfig } from ${url('dist/src/baseline/config.js')};\n\nexport default [{ ignores: ['eslint.config.js'] }, schemaContract.configs.recommended, baselineConfig()];\n`,
  );
  git(['init', '-q'], steps[0][0]);
  for (const [date, subject, change, command, expected] of steps) {
    change();
    const summary = JSON.parse(cli(['baseline', command, '--format', 'json']));
    if (summary.findings !== expected) throw new Error(`burn-down-sample: after "${subject}" the baseline holds ${summary.findings} findings, expected ${expected}: update this script`);
    git(['add', '-A'], date);
    git(['commit', '-q', '-m', subject], date);
  }
  writeFileSync(values.out, cli(['baseline', 'report', '--format', 'svg']));
  process.stdout.write(cli(['baseline', 'report', '--format', 'markdown']));
  console.error(`burn-down-sample: wrote ${values.out}`);
} finally {
  rmSync(repository, { recursive: true, force: true });
}
