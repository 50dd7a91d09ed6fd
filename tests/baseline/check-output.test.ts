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

interface SarifLocation {
  physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number } };
}

interface SarifResult {
  ruleId: string;
  baselineState: string;
  level: string;
  message: { text: string };
  partialFingerprints: Record<string, string>;
  locations: SarifLocation[];
  suppressions?: { kind: string; status: string; justification: string; location: SarifLocation }[];
}

interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string; helpUri?: string }[] } };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string }; locations: SarifLocation[] }[] }[];
    results: SarifResult[];
  }[];
}

/** The 1-based line of the baseline file that holds the entry with this fingerprint. */
function baselineLine(fingerprint: string): number {
  return project.read('schema-contract-baseline.json').split('\n').findIndex((line) => line.includes(`"fingerprint":"${fingerprint}"`)) + 1;
}

const where = (result: SarifResult | undefined) => {
  const location = result?.locations[0]?.physicalLocation;
  return [location?.artifactLocation.uri, location?.region.startLine];
};

describe('baseline check, text and JSON', () => {
  it('lists new findings by file, then line and column as numbers, then rule: never grouped by the rule that found them', async () => {
    // Line 12 holds a FIXME at column 11 and an open object at column 121: as text, `:12:121` sorts before `:12:11` and `:7:`.
    const line12 = `const w = /* FIXME */ 1; export const v = ${' '.repeat(121 - 43)}{ type: 'object' };`;
    const lines = ['', '', '', '', '', '', 'const a = 1; // FIXME seven', '', '', '', '', line12, '', '', '', '', '', '', '', 'const z = 2; // FIXME twenty', ''];
    setUp({ 'src/a.ts': lines.join('\n'), 'src/b.ts': "export const b = { type: 'object' }; // FIXME b\n" }, 'fixture', ['flag-open-object', 'flag-fixme']);
    project.write('schema-contract-baseline.json', `${JSON.stringify({ version: 2, entries: [] })}\n`);
    const expected = [
      'src/a.ts:7:14  fixture/flag-fixme',
      'src/a.ts:12:11  fixture/flag-fixme',
      'src/a.ts:12:121  fixture/flag-open-object',
      'src/a.ts:20:14  fixture/flag-fixme',
      'src/b.ts:1:18  fixture/flag-open-object',
      'src/b.ts:1:38  fixture/flag-fixme',
    ];
    const text = await cli(project.dir, 'baseline', 'check');
    expect(text.code, text.stderr).toBe(1);
    const listed = text.stdout.split('\n').filter((line) => line.startsWith('  src/')).map((line) => line.trim().split(/\s+/).slice(0, 2).join('  '));
    expect(listed).toEqual(expected);
    const json = JSON.parse((await cli(project.dir, 'baseline', 'check', '--format', 'json')).stdout) as { new: { path: string; line: number; column: number; rule: string }[] };
    expect(json.new.map((finding) => `${finding.path}:${finding.line}:${finding.column}  fixture/${finding.rule}`)).toEqual(expected);
  });
});

describe('baseline check --format sarif', () => {
  it('is valid SARIF 2.1.0: new findings open, baselined and fixed ones suppressed by their baseline entry', async () => {
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
    expect(run?.invocations).toEqual([{ executionSuccessful: true, toolExecutionNotifications: [] }]);
    const [added, kept, fixed] = run?.results ?? [];
    expect(run?.results).toHaveLength(3);

    expect(added).toMatchObject({ ruleId: 'fixture/flag-open-object', baselineState: 'new', level: 'error', message: { text: "Open object schema `{ type: 'object' }`." } });
    expect(where(added)).toEqual(['src/a.ts', 2]);
    expect(added?.suppressions).toBeUndefined();

    const [keptFingerprint, keptOccurrence] = kept?.partialFingerprints['schemaContractFinding/v2']?.split(':') ?? [];
    expect(keptOccurrence).toBe('0');
    expect(kept).toMatchObject({ baselineState: 'unchanged', level: 'error' });
    expect(where(kept)).toEqual(['src/a.ts', 1]);
    expect(kept?.suppressions).toEqual([
      {
        kind: 'external',
        status: 'accepted',
        justification: expect.stringContaining('recorded in the findings baseline schema-contract-baseline.json'),
        location: { physicalLocation: { artifactLocation: { uri: 'schema-contract-baseline.json', uriBaseId: 'SRCROOT' }, region: { startLine: baselineLine(keptFingerprint ?? '') } } },
      },
    ]);

    const [fixedFingerprint] = fixed?.partialFingerprints['schemaContractFinding/v2']?.split(':') ?? [];
    const fixedLine = baselineLine(fixedFingerprint ?? '');
    expect(fixedLine).toBeGreaterThan(0);
    expect(fixedLine).not.toBe(baselineLine(keptFingerprint ?? ''));
    expect(fixed).toMatchObject({ baselineState: 'absent', message: { text: expect.stringContaining('of src/a.ts in fixed no longer occurs') } });
    // Nothing in the source says where a fixed finding was: its baseline entry is what must go.
    expect(where(fixed)).toEqual(['schema-contract-baseline.json', fixedLine]);
    expect(fixed?.suppressions).toEqual([expect.objectContaining({ kind: 'external', status: 'accepted', location: fixed?.locations[0] })]);

    for (const sarifResult of run?.results ?? []) {
      expect(sarifResult.partialFingerprints['schemaContractFinding/v2']).toMatch(/^[0-9a-f]{20}:0$/);
    }
    // The validator does check what is emitted: a broken suppression or state is rejected.
    const broken = (change: Partial<SarifResult>) => ({ ...log, runs: [{ ...run, results: [{ ...kept, ...change }] }] });
    expect(validateSarif(broken({ baselineState: 'gone' }))).not.toEqual([]);
    expect(validateSarif(broken({ suppressions: [{ ...kept?.suppressions?.[0], kind: 'baseline' } as never] }))).not.toEqual([]);
  });

  it('says which files could not be linted, so a parse error never looks clean', async () => {
    setUp({ 'src/a.ts': "export const a = { type: 'object' };\n" });
    await cli(project.dir, 'baseline', 'write');
    project.write('src/broken.ts', 'export const = ;\n');
    const result = await cli(project.dir, 'baseline', 'check', '--format', 'sarif');
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout) as SarifLog;
    expect(validateSarif(log)).toEqual([]);
    const notifications = log.runs[0]?.invocations[0];
    expect(notifications?.executionSuccessful).toBe(false);
    expect(notifications?.toolExecutionNotifications).toEqual([
      {
        level: 'error',
        message: { text: expect.stringMatching(/^Could not be linted, so its findings were not checked: 1:13 Parsing error: Variable declaration expected\.$/) },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'src/broken.ts', uriBaseId: 'SRCROOT' }, region: { startLine: 1 } } }],
      },
    ]);
    expect(log.runs[0]?.results.map((r) => r.baselineState)).toEqual(['unchanged']);
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
    const entries = (JSON.parse(project.read('schema-contract-baseline.json')) as { entries: { rule: string; context?: string }[] }).entries;
    expect(entries).toEqual([expect.objectContaining({ path: 'src/tools.ts', rule: 'no-permissive-schema-fallback', context: 'toolSchema › catch', count: 1 })]);
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
