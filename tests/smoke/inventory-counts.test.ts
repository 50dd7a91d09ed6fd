/**
 * `schema-contract tools` on packages of the smoke corpus whose tools were counted by hand: the
 * table in docs/real-world.md ("The tool inventory against hand counts") is the record, and this
 * test holds the inventory to it. Off in `npm test` like the smoke run (`npm run smoke` runs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsReport, type ToolsReport } from '../../src/cli/tools-command.js';
import { buildForTests, repositoryRoot, type TestBuild } from '../baseline/build.js';
import { prepareCorpus } from './corpus.js';

const enabled = process.env.SMOKE === '1';

interface CountedPackage {
  readonly name: string;
  readonly byHand: number;
  readonly inventory: number;
}

/** The rows of the doc's table: package, tools by hand, inventory. */
function documentedCounts(): CountedPackage[] {
  const doc = fs.readFileSync(path.join(repositoryRoot, 'docs', 'real-world.md'), 'utf8');
  const section = /## The tool inventory against hand counts[^\n]*\n([\s\S]*?)\n## /.exec(doc)?.[1];
  if (!section) throw new Error('docs/real-world.md has no "The tool inventory against hand counts" section');
  return [...section.matchAll(/^\| `([^`]+)` \| (\d+) \| (\d+) \|/gm)].map((row) => ({ name: row[1]!, byHand: Number(row[2]), inventory: Number(row[3]) }));
}

describe.skipIf(!enabled)('the tool inventory on hand-counted packages', () => {
  let build: TestBuild;
  let configDirectory: string;
  let config: string;
  beforeAll(() => {
    build = buildForTests();
    configDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-contract-inventory-'));
    config = path.join(configDirectory, 'eslint.config.mjs');
    const parser = pathToFileURL(createRequire(import.meta.url).resolve('@typescript-eslint/parser')).href;
    fs.writeFileSync(
      config,
      `import parser from ${JSON.stringify(parser)};
import plugin from ${JSON.stringify(pathToFileURL(build.pluginEntry).href)};
export default [
  { ignores: ['**/*.d.ts', '**/*.d.mts', '**/*.d.cts', '**/node_modules/**', '**/*.min.js'] },
  { ...plugin.configs.recommended, files: ['**/*.js', '**/*.mjs', '**/*.cjs', '**/*.ts'], languageOptions: { parser, sourceType: 'module' } },
];
`,
    );
  }, 120_000);
  afterAll(() => {
    build.remove();
    fs.rmSync(configDirectory, { recursive: true, force: true });
  });

  it('records at least five packages, each counted by hand and matched by the inventory', async () => {
    const counted = documentedCounts();
    expect(counted.length).toBeGreaterThanOrEqual(5);
    const corpus = await prepareCorpus();
    const found: CountedPackage[] = [];
    for (const entry of counted) {
      const pkg = corpus.find((candidate) => candidate.name === entry.name);
      if (!pkg) throw new Error(`docs/real-world.md counts ${entry.name}, which the smoke manifest does not pin`);
      const report: ToolsReport = await toolsReport(pkg.root, { patterns: ['.'], config, baseline: undefined, quiet: true, clients: [] });
      // A not-followed schema always says why.
      for (const tool of report.tools) {
        for (const schema of [tool.input, tool.output]) {
          if (schema?.build.kind === 'not-followed') expect(schema.build.reason, `${entry.name} ${tool.file}:${tool.line}`).not.toBe('');
        }
      }
      found.push({ name: entry.name, byHand: entry.byHand, inventory: report.tools.length });
    }
    expect(found).toEqual(counted.map((entry) => ({ ...entry, inventory: entry.byHand })));
    expect(counted.map((entry) => entry.inventory)).toEqual(counted.map((entry) => entry.byHand));
  }, 600_000);
});
