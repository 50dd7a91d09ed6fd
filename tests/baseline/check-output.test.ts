import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ajvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildForTests, type TestBuild } from './build.js';
import { cli, lint } from './cli-harness.js';
import { createProject, eslintConfig, type Project } from './project.js';

let build: TestBuild;
let project: Project;

beforeAll(() => {
  build = buildForTests();
}, 120_000);
afterAll(() => build.remove());
afterEach(() => project.remove());

function setUp(files: Record<string, string>, plugin: 'fixture' | 'real' = 'fixture', rules = ['flag-open-object']): void {
  project = createProject({
    'eslint.config.js': eslintConfig({
      pluginEntry: plugin === 'fixture' ? build.fixturePluginEntry : build.pluginEntry,
      namespace: plugin === 'fixture' ? 'fixture' : 'schema-contract',
      rules,
      baselineConfigEntry: build.baselineConfigEntry,
      baseline: 'schema-contract-baseline.json',
    }),
    ...files,
  });
}

// The official schema's `language` pattern is not valid under the `u` flag Ajv uses by default.
function validateSarif(log: unknown): string[] {
  // CommonJS packages: under NodeNext the default import is `module.exports`, whose `default` is the export.
  const ajv = new ajvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
  ajvFormats.default(ajv);
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
  const validate = ajv.compile(schema);
  return validate(log) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string; helpUri?: string }[] } };
    results: {
      ruleId: string;
      baselineState: string;
      level: string;
      partialFingerprints: Record<string, string>;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
    }[];
  }[];
}

describe('baseline check --format sarif', () => {
  it('is valid SARIF 2.1.0 with baselineState new, unchanged and absent, and partialFingerprints', async () => {
    setUp({
      'src/a.ts': "export const kept = { type: 'object' };\nexport const fixed = { type: 'object' };\n",
    });
    await cli(project.dir, 'baseline', 'write');
    project.write('src/a.ts', "export const kept = { type: 'object' };\nexport const added = { type: 'object' };\n");
    const result = await cli(project.dir, 'baseline', 'check', '--format', 'sarif');
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout) as SarifLog;
    expect(validateSarif(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run?.tool.driver.rules).toEqual([{ id: 'fixture/flag-open-object', shortDescription: { text: 'Report open object schemas (test fixture)' }, helpUri: expect.stringContaining('flag-open-object.md') }]);
    const summary = run?.results.map((r) => [r.baselineState, r.level, r.locations[0]?.physicalLocation.artifactLocation.uri, r.locations[0]?.physicalLocation.region.startLine]);
    expect(summary).toEqual([
      ['new', 'error', 'src/a.ts', 2],
      ['unchanged', 'note', 'src/a.ts', 1],
      ['absent', 'note', 'src/a.ts', 1],
    ]);
    for (const sarifResult of run?.results ?? []) {
      expect(sarifResult.partialFingerprints['schemaContractFinding/v1']).toMatch(/^[0-9a-f]{20}:0$/);
    }
    // Not corrupted by a failing validator: a broken log is rejected.
    expect(validateSarif({ ...log, runs: [{ ...run, results: [{ ...run?.results[0], baselineState: 'gone' }] }] })).not.toEqual([]);
  });
});

describe('eslint-disable comments', () => {
  it('silence a new finding in check as in eslint, and write does not record it', async () => {
    setUp({ 'src/a.ts': "export const a = { type: 'object' };\n" });
    await cli(project.dir, 'baseline', 'write');
    project.write(
      'src/a.ts',
      "export const a = { type: 'object' };\n// eslint-disable-next-line fixture/flag-open-object -- free-form on purpose\nexport const b = { type: 'object' };\n",
    );
    expect(await lint(project.dir)).toEqual([]);
    expect((await cli(project.dir, 'baseline', 'check')).code).toBe(0);
    const before = project.read('schema-contract-baseline.json');
    await cli(project.dir, 'baseline', 'write');
    expect(project.read('schema-contract-baseline.json')).toBe(before);
  });
});

describe('with the real rules', () => {
  it('no-permissive-schema-fallback: a catch returning { type: "object" } is baselined, and a second one is new', async () => {
    const TOOL = `export function toolSchema(build: () => object) {
  try {
    return zodToJsonSchema(build());
  } catch {
    return { type: 'object' };
  }
}
`;
    setUp({ 'src/tools.ts': TOOL }, 'real', ['no-permissive-schema-fallback']);
    const written = await cli(project.dir, 'baseline', 'write');
    expect(written.stderr).toBe('');
    const entries = (JSON.parse(project.read('schema-contract-baseline.json')) as { entries: { rule: string; enclosing?: string }[] }).entries;
    expect(entries).toEqual([expect.objectContaining({ path: 'src/tools.ts', rule: 'no-permissive-schema-fallback', enclosing: 'toolSchema', count: 1 })]);
    expect(await lint(project.dir)).toEqual([]);

    project.write(
      'src/tools.ts',
      `${TOOL}\nexport function otherSchema(build: () => object) {\n  try {\n    return zodToJsonSchema(build());\n  } catch {\n    return { type: 'object' };\n  }\n}\n`,
    );
    expect(await lint(project.dir)).toEqual([
      expect.objectContaining({ line: 13, ruleId: 'schema-contract/no-permissive-schema-fallback', messageId: 'permissiveFailureFallback' }),
    ]);
    expect((await cli(project.dir, 'baseline', 'check')).code).toBe(1);
  });
});
