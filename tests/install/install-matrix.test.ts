// The package as users get it: packed exactly as `npm publish` ships it, installed by npm into fresh
// projects, configured as the README says (`eslint.config.mjs`), and run with each project's own
// ESLint. One project per cell of the matrix:
//
//   eslint-9-floor    ESLint 9.15.0 and @typescript-eslint/parser 8.56.0, the lowest the peer ranges allow
//   eslint-10         the newest ESLint 10, peers as npm installs them by itself
//   typescript-eslint the newest typescript-eslint 8.x, configs in both orders
//   javascript-only   no TypeScript and no TypeScript parser (peers not installed)
//   typescript-7      TypeScript 7, which no @typescript-eslint/parser 8.x supports
//
// Each asserts the findings (a `.cjs` file among them) and which parser ran.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installProjects, repositoryRoot, type Installation, type Message, type Probe, type ProbeJob, type ProjectSpec } from './harness.js';

const version = (JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string }).version;

const FALLBACK = 'schema-contract/no-permissive-schema-fallback';
const OPEN_ENUM = 'schema-contract/no-open-glossary-enum';

/** The seed defect: a tool's schema that failed to build replaced by one that accepts anything (line 6). */
const TOOLS_TS = `export function toolSchema(raw: string): Record<string, unknown> {
  const unused: number = 1;
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}

export const tools = [{ name: 'lookup', description: 'Looks a product up', inputSchema: toolSchema('{}') }];
`;
const TOOLS_JS = TOOLS_TS.replace(': string): Record<string, unknown>', ')').replace(': number', '').replace(' as Record<string, unknown>', '');

/** A described (open) value list, imported by another module that makes it an enum (line 7). */
const GLOSSARY = `export const MARKETPLACES = {
  enumPolicy: 'described',
  values: [{ code: 'US' }, { code: 'UK' }, { code: 'DE' }],
};
`;
const SEARCH_TOOL = `import { MARKETPLACES } from './glossary.js';

export const searchTool = {
  name: 'search',
  inputSchema: {
    type: 'object',
    properties: { marketplace: { type: 'string', enum: MARKETPLACES.values.map((value) => value.code) } },
    required: ['marketplace'],
    additionalProperties: false,
  },
};
`;

/** CommonJS: `no-undef` reports `require` and `module` wherever the file is not linted as CommonJS (line 6). */
const LEGACY_CJS = `const { parse } = require('./parse.cjs');

function toolSchema(raw) {
  try {
    return parse(raw);
  } catch {
    return { type: 'object' };
  }
}

const tools = [{ name: 'legacy', description: 'The old lookup', inputSchema: toolSchema('{}') }];

module.exports = { toolSchema, tools };
`;

const NO_UNDEF_IN_CJS = "{ files: ['**/*.cjs'], rules: { 'no-undef': 'error' } }";
const IMPORT_PLUGIN = "import schemaContract from 'eslint-plugin-schema-contract';";

/** The README's configs, in eslint.config.mjs: works whatever package.json's `type` (npm 11's `npm init` writes commonjs). */
const README_ARRAY = `${IMPORT_PLUGIN}\n\nexport default [schemaContract.configs.recommended, ${NO_UNDEF_IN_CJS}];\n`;
const README_DEFINE_CONFIG = `import { defineConfig } from 'eslint/config';\n${IMPORT_PLUGIN}\n\nexport default defineConfig({ extends: [schemaContract.configs.recommended] }, ${NO_UNDEF_IN_CJS});\n`;
const WITH_BASELINE = `import { baselineConfig } from 'eslint-plugin-schema-contract/baseline';\n${IMPORT_PLUGIN}\n\nexport default [schemaContract.configs.recommended, baselineConfig()];\n`;

const TYPESCRIPT_SOURCES = { 'src/tools.ts': TOOLS_TS, 'src/glossary.ts': GLOSSARY, 'src/search-tool.ts': SEARCH_TOOL, 'src/legacy.cjs': LEGACY_CJS };
const TYPESCRIPT_FILES = ['src/tools.ts', 'src/search-tool.ts', 'src/legacy.cjs'];
const JAVASCRIPT_SOURCES = { 'src/tools.js': TOOLS_JS, 'src/glossary.js': GLOSSARY, 'src/search-tool.js': SEARCH_TOOL, 'src/legacy.cjs': LEGACY_CJS };
const JAVASCRIPT_FILES = ['src/tools.js', 'src/search-tool.js', 'src/legacy.cjs'];

const PROJECTS: readonly ProjectSpec[] = [
  {
    name: 'eslint-9-floor',
    type: 'module',
    install: ['eslint@9.15.0', '@typescript-eslint/parser@8.56.0'],
    files: { ...TYPESCRIPT_SOURCES, 'eslint.config.mjs': README_ARRAY, 'eslint.baseline.config.mjs': WITH_BASELINE },
  },
  {
    name: 'eslint-10',
    // npm 11's `npm init -y`: the README's eslint.config.mjs must not care.
    type: 'commonjs',
    install: ['eslint@^10.0.0'],
    files: { ...TYPESCRIPT_SOURCES, 'eslint.config.mjs': README_DEFINE_CONFIG, 'eslint.baseline.config.mjs': WITH_BASELINE },
  },
  {
    name: 'typescript-eslint',
    type: 'module',
    install: ['eslint@^10.0.0', 'typescript-eslint@^8.0.0'],
    files: {
      ...TYPESCRIPT_SOURCES,
      'eslint.first.config.mjs': `import tseslint from 'typescript-eslint';\n${IMPORT_PLUGIN}\n\nexport default [...tseslint.configs.recommended, schemaContract.configs.recommended];\n`,
      'eslint.last.config.mjs': `import tseslint from 'typescript-eslint';\n${IMPORT_PLUGIN}\n\nexport default [schemaContract.configs.recommended, ...tseslint.configs.recommended];\n`,
      'eslint.rules-only.config.mjs': `import tseslint from 'typescript-eslint';\n${IMPORT_PLUGIN}\n\nexport default [schemaContract.configs['recommended-rules'], ...tseslint.configs.recommended];\n`,
    },
  },
  {
    name: 'javascript-only',
    type: 'module',
    install: ['eslint@^10.0.0'],
    legacyPeerDeps: true,
    files: {
      ...JAVASCRIPT_SOURCES,
      'src/typed.ts': 'export const typed: number = 1;\n',
      'eslint.config.mjs': README_ARRAY,
      'eslint.rules-only.config.mjs': `${IMPORT_PLUGIN}\n\nexport default [schemaContract.configs['recommended-rules'], ${NO_UNDEF_IN_CJS}];\n`,
    },
  },
  {
    name: 'typescript-7',
    type: 'module',
    install: ['eslint@^10.0.0', 'typescript@^7.0.0', '@typescript-eslint/parser@^8.0.0'],
    legacyPeerDeps: true,
    files: { 'src/tools.js': TOOLS_JS, 'src/tools.ts': TOOLS_TS, 'eslint.config.mjs': README_ARRAY },
  },
];

function findings(messages: readonly Message[]): string[] {
  return messages.map((message) => `${message.file}:${message.line} ${message.fatal ? 'fatal' : message.ruleId}`);
}

/** No message may come from a crash, a parse error or a stack trace unless the test expects it. */
function expectNoCrash(messages: readonly Message[]): void {
  expect(messages.filter((message) => message.fatal || message.ruleId === null || /\n\s+at /.test(message.message))).toEqual([]);
}

let installation: Installation;

/** What each project is linted with, all in one process per project: starting ESLint is most of the time. */
const PROBES: Readonly<Record<string, readonly ProbeJob[]>> = {
  'eslint-9-floor': [{ config: 'eslint.config.mjs', files: TYPESCRIPT_FILES }],
  'eslint-10': [{ config: 'eslint.config.mjs', files: TYPESCRIPT_FILES }],
  'typescript-eslint': [
    { config: 'eslint.first.config.mjs', files: TYPESCRIPT_FILES },
    { config: 'eslint.last.config.mjs', files: TYPESCRIPT_FILES },
    { config: 'eslint.rules-only.config.mjs', files: ['src/tools.ts', 'src/search-tool.ts'] },
  ],
  'javascript-only': [
    { config: 'eslint.config.mjs', files: JAVASCRIPT_FILES },
    { config: 'eslint.rules-only.config.mjs', files: JAVASCRIPT_FILES },
    { config: 'eslint.config.mjs', files: ['src/typed.ts'] },
  ],
  'typescript-7': [{ config: 'eslint.config.mjs', files: ['src/tools.js', 'src/tools.ts'] }],
};

const probed = new Map<string, Probe[]>();

/** The probe of `project` with `config` (the job of that config among PROBES, or the `index`th). */
function probe(project: string, config: string, index = 0): Probe {
  if (!probed.has(project)) probed.set(project, installation.get(project).probe(PROBES[project] ?? []));
  const jobs = (PROBES[project] ?? []).flatMap((job, at) => (job.config === config ? [at] : []));
  const result = probed.get(project)![jobs[index] ?? -1];
  if (!result) throw new Error(`no probe of ${project} with ${config}`);
  return result;
}

beforeAll(async () => {
  const started = Date.now();
  installation = await installProjects(PROJECTS);
  // Reported, not asserted: how long the matrix's installs take is worth knowing, never a verdict.
  console.info(`install matrix: ${PROJECTS.length} projects packed and installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, 600_000);
afterAll(() => installation?.remove(), 120_000);

describe('ESLint 9.15.0, the lowest supported, with @typescript-eslint/parser 8.56.0', () => {
  it('finds every planted defect with the README\'s array config, .cjs as CommonJS', () => {
    const result = probe('eslint-9-floor', 'eslint.config.mjs');
    expect(result.eslint).toBe('9.15.0');
    expectNoCrash(result.messages);
    expect(findings(result.messages)).toEqual([`src/legacy.cjs:7 ${FALLBACK}`, `src/search-tool.ts:7 ${OPEN_ENUM}`, `src/tools.ts:6 ${FALLBACK}`]);
    expect(result.configs['src/tools.ts']).toMatchObject({ parser: 'typescript-eslint/parser@8.56.0' });
    expect(result.configs['src/legacy.cjs']).toMatchObject({ parser: 'typescript-eslint/parser@8.56.0', sourceType: 'commonjs' });
  });

  it('runs the schema-contract CLI and the baseline', () => {
    const project = installation.get('eslint-9-floor');
    expect(project.node('node_modules/.bin/schema-contract', ['--version'])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
    const write = project.node('node_modules/.bin/schema-contract', ['baseline', 'write', '--config', 'eslint.baseline.config.mjs']);
    expect(write, write.stderr).toMatchObject({ status: 0, stderr: '' });
    expect(write.stdout).toContain('3 finding(s) in 3 entries (3 added, 0 removed)');
    const [baselined] = project.probe([{ config: 'eslint.baseline.config.mjs', files: TYPESCRIPT_FILES }]);
    expect(baselined!.messages).toEqual([]);
  });
});

describe('ESLint 10, peers as npm installs them', () => {
  it('finds every planted defect with the README\'s defineConfig, in a "type": "commonjs" package', () => {
    const project = installation.get('eslint-10');
    const result = probe('eslint-10', 'eslint.config.mjs');
    expect(result.eslint).toMatch(/^10\./);
    expectNoCrash(result.messages);
    expect(findings(result.messages)).toEqual([`src/legacy.cjs:7 ${FALLBACK}`, `src/search-tool.ts:7 ${OPEN_ENUM}`, `src/tools.ts:6 ${FALLBACK}`]);
    const parser = `typescript-eslint/parser@${project.version('@typescript-eslint/parser')}`;
    expect(result.configs['src/tools.ts']).toMatchObject({ parser });
    expect(result.configs['src/legacy.cjs']).toMatchObject({ parser, sourceType: 'commonjs' });
    // npm installed the peers itself: one parser, and a TypeScript the parser supports.
    expect(project.copies('@typescript-eslint/parser')).toHaveLength(1);
    expect(project.version('typescript')).toMatch(/^(5|6\.0)\./);
  });

  it('says first to run `baseline write` when baselineConfig() names a baseline that does not exist yet', () => {
    const project = installation.get('eslint-10');
    const eslint = project.node('node_modules/eslint/bin/eslint.js', ['--config', 'eslint.baseline.config.mjs', 'src']);
    expect(eslint.status).toBe(2);
    expect(eslint.stderr.split('\n')[0]).toBe(
      'eslint-plugin-schema-contract: the baseline schema-contract-baseline.json that baselineConfig() names does not exist: record today\'s findings with `npx schema-contract baseline write`, then commit it.',
    );
    const write = project.node('node_modules/.bin/schema-contract', ['baseline', 'write', '--config', 'eslint.baseline.config.mjs', 'src']);
    expect(write, write.stderr).toMatchObject({ status: 0, stderr: '' });
    expect(project.node('node_modules/eslint/bin/eslint.js', ['--config', 'eslint.baseline.config.mjs', 'src'])).toEqual({ status: 0, stdout: '', stderr: '' });
  });
});

describe.each(['first', 'last'])('typescript-eslint (newest 8.x) %s, the plugin\'s recommended the other end', (order) => {
  it('reports both plugins\' findings, and ESLint runs typescript-eslint\'s parser, the one copy installed', () => {
    const project = installation.get('typescript-eslint');
    const result = probe('typescript-eslint', `eslint.${order}.config.mjs`);
    expectNoCrash(result.messages);
    expect(findings(result.messages)).toEqual([
      `src/legacy.cjs:1 @typescript-eslint/no-require-imports`,
      `src/legacy.cjs:7 ${FALLBACK}`,
      `src/search-tool.ts:7 ${OPEN_ENUM}`,
      `src/tools.ts:2 @typescript-eslint/no-unused-vars`,
      `src/tools.ts:6 ${FALLBACK}`,
    ]);
    const newest = project.version('typescript-eslint');
    expect(project.version('@typescript-eslint/parser')).toBe(newest);
    for (const file of TYPESCRIPT_FILES) {
      expect(result.configs[file], file).toMatchObject({ parser: `typescript-eslint/parser@${newest}`, typescriptEslintsParser: true });
    }
    expect(project.copies('@typescript-eslint/parser')).toHaveLength(1);
  });
});

describe('typescript-eslint with recommended-rules', () => {
  it('reports both plugins\' findings through typescript-eslint\'s parser', () => {
    const result = probe('typescript-eslint', 'eslint.rules-only.config.mjs');
    expect(findings(result.messages)).toEqual([`src/search-tool.ts:7 ${OPEN_ENUM}`, `src/tools.ts:2 @typescript-eslint/no-unused-vars`, `src/tools.ts:6 ${FALLBACK}`]);
    expect(result.configs['src/tools.ts']).toMatchObject({ typescriptEslintsParser: true });
  });
});

describe('a JavaScript-only project without TypeScript', () => {
  it('has neither TypeScript nor its parser installed', () => {
    const project = installation.get('javascript-only');
    expect([project.version('typescript'), project.version('@typescript-eslint/parser')]).toEqual([undefined, undefined]);
  });

  it('lints JavaScript with ESLint\'s own parser, imported glossaries and .cjs included', () => {
    for (const config of ['eslint.config.mjs', 'eslint.rules-only.config.mjs']) {
      const result = probe('javascript-only', config);
      expectNoCrash(result.messages);
      expect(findings(result.messages), config).toEqual([`src/legacy.cjs:7 ${FALLBACK}`, `src/search-tool.js:7 ${OPEN_ENUM}`, `src/tools.js:6 ${FALLBACK}`]);
      expect(result.configs['src/legacy.cjs']?.sourceType).toBe('commonjs');
    }
    expect(probe('javascript-only', 'eslint.config.mjs').configs['src/tools.js']?.parser).toBe(`eslint-plugin-schema-contract/javascript-only@${version}`);
    expect(probe('javascript-only', 'eslint.rules-only.config.mjs').configs['src/tools.js']?.parser).toMatch(/^espree@/);
  });

  it('says in one line why a TypeScript file cannot be read, and what to install', () => {
    expect(probe('javascript-only', 'eslint.config.mjs', 1).messages).toEqual([
      {
        file: 'src/typed.ts',
        line: 1,
        ruleId: null,
        fatal: true,
        message:
          'Parsing error: eslint-plugin-schema-contract cannot read TypeScript files: @typescript-eslint/parser is not installed (npm install --save-dev @typescript-eslint/parser typescript).',
      },
    ]);
  });
});

describe('a project on TypeScript 7', () => {
  it('lints JavaScript, and fails each TypeScript file with the supported range instead of a crash', () => {
    const project = installation.get('typescript-7');
    expect(project.version('typescript')).toMatch(/^7\./);
    const result = probe('typescript-7', 'eslint.config.mjs');
    expect(findings(result.messages)).toEqual(['src/tools.js:6 ' + FALLBACK, 'src/tools.ts:1 fatal']);
    expect(result.messages[1]!.message).toMatch(
      /^Parsing error: eslint-plugin-schema-contract cannot read TypeScript files: typescript 7\.\d+\.\d+\S* is installed, and @typescript-eslint\/parser 8\.\d+\.\d+ supports typescript >=4\.8\.4 <6\.1\.0 \([^\n]+\)\.$/,
    );
    const eslint = project.node('node_modules/eslint/bin/eslint.js', ['src']);
    expect(eslint.status).toBe(1);
    expect(eslint.stdout).toContain('cannot read TypeScript files: typescript 7.');
    // The parser's own advice (it prints it as it refuses to load) is all that reaches stderr.
    expect(eslint.stderr).toMatch(/^typescript-eslint does not support TS 7\.0\.\n/);
    expect(`${eslint.stdout}${eslint.stderr}`).not.toMatch(/ts-api-utils|Oops|\n\s+at /);
  });
});
