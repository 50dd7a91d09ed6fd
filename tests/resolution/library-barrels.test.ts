import { describe, expect, it } from 'vitest';
import { DESCRIBED_TABLE, lintFile, writeProject } from './disk-project.js';

// A project's own barrel may pass a schema library on under another name: through a tsconfig alias
// or a workspace package the builders are still the library's, and the enum is still found.
describe('schema library re-exported behind an alias or a workspace package', () => {
  const root = writeProject(
    {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '~/*': ['./src/*'] } } }),
      'src/third-party/index.ts': "export * from './zod.js';\n",
      'src/third-party/zod.ts': "export { z as zod } from 'zod';\n",
      'src/glossary.ts': DESCRIBED_TABLE,
      'packages/schemas/package.json': JSON.stringify({ name: '@acme/schemas', exports: { '.': './src/index.ts' } }),
      'packages/schemas/src/index.ts': "import * as v from 'valibot';\nexport const builders = v;\n",
    },
    { 'node_modules/@acme/schemas': '../../packages/schemas' },
  );

  it('finds `zod.enum` through a tsconfig alias to a barrel', () => {
    const tool = "import { zod } from '~/third-party/index.js';\nimport { UNITS } from '~/glossary.js';\nexport const unit = zod.enum(UNITS.values);\n";
    const messages = lintFile(root, 'src/tool.ts', tool);
    expect(messages.map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([{ messageId: 'openGlossaryEnum', line: 3, column: 30 }]);
  });

  it('finds `builders.picklist` through a workspace package that aliases valibot', () => {
    const tool = "import { builders } from '@acme/schemas';\nimport { UNITS } from './glossary.js';\nexport const unit = builders.picklist(UNITS.values);\n";
    const messages = lintFile(root, 'src/tool.ts', tool);
    expect(messages.map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([{ messageId: 'openGlossaryEnum', line: 3, column: 39 }]);
  });
});
