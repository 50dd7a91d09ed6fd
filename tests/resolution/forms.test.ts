import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DESCRIBED_TABLE, lintFile, toolImporting, writeProject } from './disk-project.js';

// Each layout holds the same described table and a tool that copies it into a zod enum: the finding
// proves the import was resolved to the table's module, the way TypeScript and Node resolve it.
function expectOpenEnum(messages: ReturnType<typeof lintFile>, location: string): void {
  expect(messages.map(({ ruleId, messageId, line, column }) => ({ ruleId, messageId, line, column }))).toEqual([
    { ruleId: 'schema-contract/no-open-glossary-enum', messageId: 'openGlossaryEnum', line: 3, column: 46 },
  ]);
  expect(messages[0]!.message).toContain(`glossary table 'UNITS' (policy 'described', declared at ${location})`);
}

describe('imports resolved as TypeScript and Node resolve them', () => {
  it('follows tsconfig `paths` inherited through `extends`, with `baseUrl` from the base config', () => {
    const root = writeProject({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['src/*'] } } }),
      'tsconfig.json': JSON.stringify({ extends: './tsconfig.base.json', compilerOptions: { module: 'preserve', moduleResolution: 'bundler' } }),
      'src/glossary/tables.ts': DESCRIBED_TABLE,
    });
    expectOpenEnum(lintFile(root, 'src/tools/tool.ts', toolImporting('@/glossary/tables')), 'src/glossary/tables.ts:1');
  });

  it("follows package.json `imports` (`#glossary`) with the import condition, and `.js` names the `.ts` source", () => {
    const root = writeProject({
      'package.json': JSON.stringify({
        name: 'server',
        type: 'module',
        imports: { '#glossary': { types: './src/glossary/types.d.ts', import: './src/glossary/tables.js', require: './src/glossary/legacy.cjs' } },
      }),
      'src/glossary/tables.ts': DESCRIBED_TABLE,
      'src/glossary/legacy.cjs': "module.exports = { UNITS: { enumPolicy: 'closed', corroboratedBy: ['a', 'b'], values: ['g'] } };\n",
    });
    expectOpenEnum(lintFile(root, 'src/tool.ts', toolImporting('#glossary')), 'src/glossary/tables.ts:1');
  });

  it('follows `exports` with conditions and subpaths of an npm workspace package linked into node_modules', () => {
    const root = writeProject(
      {
        'package.json': JSON.stringify({ name: 'monorepo', private: true, workspaces: ['packages/*'] }),
        'packages/glossary/package.json': JSON.stringify({
          name: '@acme/glossary',
          type: 'module',
          exports: {
            '.': { types: './dist/index.d.ts', import: './dist/index.js' },
            './tables': { types: './dist/tables.d.ts', import: './src/tables.js', require: './src/tables.cjs' },
          },
        }),
        'packages/glossary/src/tables.ts': DESCRIBED_TABLE,
        'packages/server/package.json': JSON.stringify({ name: '@acme/server', type: 'module', dependencies: { '@acme/glossary': '*' } }),
      },
      { 'node_modules/@acme/glossary': '../../packages/glossary' },
    );
    // Linted from the server package's directory: the workspace's other packages are still the project.
    const messages = lintFile(root, 'packages/server/src/tool.ts', toolImporting('@acme/glossary/tables'), 'recommended', `${root}/packages/server`);
    expectOpenEnum(messages, '../glossary/src/tables.ts:1');
  });

  it("follows a pnpm workspace package linked with the `workspace:` protocol, resolving `.` to the source through the `types` condition when no build exists", () => {
    const root = writeProject(
      {
        'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n",
        'package.json': JSON.stringify({ name: 'monorepo', private: true }),
        'packages/glossary/package.json': JSON.stringify({
          name: '@acme/glossary',
          exports: { '.': { types: './src/index.ts', default: './dist/index.js' } },
        }),
        'packages/glossary/src/index.ts': "export * from './tables.js';\n",
        'packages/glossary/src/tables.ts': DESCRIBED_TABLE,
        'packages/server/package.json': JSON.stringify({ name: '@acme/server', dependencies: { '@acme/glossary': 'workspace:*' } }),
      },
      // pnpm links a workspace dependency into the dependent package's own node_modules.
      { 'packages/server/node_modules/@acme/glossary': '../../../glossary' },
    );
    expectOpenEnum(lintFile(root, 'packages/server/src/tool.ts', toolImporting('@acme/glossary')), 'packages/glossary/src/tables.ts:1');
  });

  it('follows `require()` in a CommonJS module to `module.exports` and `exports.X`', () => {
    const root = writeProject({
      'glossary/assigned.cjs': `const UNITS = {\n  enumPolicy: 'described',\n  values: ['g', 'kg'],\n};\nmodule.exports = { UNITS };\n`,
      'glossary/named.cjs': `exports.UNITS = {\n  enumPolicy: 'described',\n  values: ['g', 'kg'],\n};\n`,
    });
    const assigned = "const { z } = require('zod');\nconst { UNITS } = require('./glossary/assigned.cjs');\nexports.input = z.object({ unit: z.enum(UNITS.values) });\n";
    const messages = lintFile(root, 'tool.cjs', assigned);
    expect(messages.map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([{ messageId: 'openGlossaryEnum', line: 3, column: 41 }]);
    expect(messages[0]!.message).toContain("'UNITS' (policy 'described', declared at glossary/assigned.cjs:1)");

    const named = "const zod = require('zod');\nconst glossary = require('./glossary/named.cjs');\nexports.input = zod.object({ unit: zod.enum(glossary.UNITS.values) });\n";
    const fromNamed = lintFile(root, 'tool.cjs', named);
    expect(fromNamed.map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([{ messageId: 'openGlossaryEnum', line: 3, column: 45 }]);
    // `exports.UNITS = {…}` declares no binding: the table is named by its property.
    expect(fromNamed[0]!.message).toContain("'UNITS' (policy 'described', declared at glossary/named.cjs:1)");
  });

  it('sees a tsconfig edited between two lints in one process (an editor), through its `extends` chain', () => {
    const root = writeProject({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./lib/*'] } } }),
      'tsconfig.json': JSON.stringify({ extends: './tsconfig.base.json', compilerOptions: { moduleResolution: 'bundler', module: 'esnext' } }),
      'src/glossary/tables.ts': DESCRIBED_TABLE,
    });
    expect(lintFile(root, 'src/tool.ts', toolImporting('@/glossary/tables'))).toEqual([]);
    writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { paths: { '@/*': ['./src/*'] } } }));
    expectOpenEnum(lintFile(root, 'src/tool.ts', toolImporting('@/glossary/tables')), 'src/glossary/tables.ts:1');
  });

  it('keeps moduleResolution semantics: node16 needs the extension in an ES module, bundler does not', () => {
    const files = { 'src/glossary.ts': DESCRIBED_TABLE, 'package.json': JSON.stringify({ name: 'server', type: 'module' }) };
    const nodeNext = writeProject({ ...files, 'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext' } }) });
    const bundler = writeProject({ ...files, 'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }) });
    // TypeScript refuses `./glossary` under node16 in an ES module: the analysis does not guess.
    expect(lintFile(nodeNext, 'src/tool.ts', toolImporting('./glossary'))).toEqual([]);
    expectOpenEnum(lintFile(nodeNext, 'src/tool.ts', toolImporting('./glossary.js')), 'src/glossary.ts:1');
    expectOpenEnum(lintFile(bundler, 'src/tool.ts', toolImporting('./glossary')), 'src/glossary.ts:1');
  });
});
