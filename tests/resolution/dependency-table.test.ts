import { describe, expect, it } from 'vitest';
import { lintFile, writeProject } from './disk-project.js';

// A dependency's table is not read (its values are not statically known), but an enum built from
// it in a tool's input is still a gate copied from someone else's list: strict names it after the
// package and export.
describe("an enum built from a dependency's table", () => {
  const root = writeProject(
    {
      'node_modules/aws-regions/package.json': JSON.stringify({ name: 'aws-regions', main: './index.js' }),
      'node_modules/aws-regions/index.js': "exports.REGIONS = { 'us-east-1': 'N. Virginia', 'eu-west-1': 'Ireland' };\nexports.CODES = ['us-east-1'];\n",
      'packages/local/package.json': JSON.stringify({ name: '@acme/local', main: './index.ts' }),
      'packages/local/index.ts': "export const CODES = ['a', 'b'];\n",
    },
    // A workspace package is the project's own code, not a dependency.
    { 'node_modules/@acme/local': '../../packages/local' },
  );

  const forms = [
    ['Object.keys', "import { REGIONS } from 'aws-regions';\nserver.registerTool('launch', { inputSchema: { region: z.enum(Object.keys(REGIONS) as [string, ...string[]]) } }, launch);", 'REGIONS (package aws-regions)'],
    ['Object.values', "import { REGIONS } from 'aws-regions';\nserver.registerTool('launch', { inputSchema: { region: z.enum(Object.values(REGIONS) as [string, ...string[]]) } }, launch);", 'REGIONS (package aws-regions)'],
    ['map', "import { CODES } from 'aws-regions';\nserver.registerTool('launch', { inputSchema: { region: z.enum(CODES.map((code) => code.toUpperCase()) as [string, ...string[]]) } }, launch);", 'CODES (package aws-regions)'],
    ['a spread copy', "import * as regions from 'aws-regions';\nserver.registerTool('launch', { inputSchema: { region: z.enum([...Object.keys(regions.REGIONS)] as [string, ...string[]]) } }, launch);", 'REGIONS (package aws-regions)'],
  ] as const;

  for (const [form, code, table] of forms) {
    it(`is an unmarked table in strict (${form})`, () => {
      const messages = lintFile(root, 'src/tool.ts', `import { z } from 'zod';\n${code}\n`, 'strict');
      expect(messages.map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([{ messageId: 'unmarkedTableEnum', line: 3, column: 63 }]);
      expect(messages[0]!.message).toContain(`takes its values from '${table}' (declared at src/tool.ts:2)`);
      // recommended reports glossary tables only: the package marks nothing.
      expect(lintFile(root, 'src/tool.ts', `import { z } from 'zod';\n${code}\n`, 'recommended')).toEqual([]);
    });
  }

  it('is required in CommonJS too', () => {
    const code = "const { z } = require('zod');\nconst regions = require('aws-regions');\nserver.registerTool('launch', { inputSchema: { region: z.enum(Object.keys(regions.REGIONS)) } }, launch);\n";
    const messages = lintFile(root, 'src/tool.cjs', code, 'strict');
    expect(messages.map(({ messageId, line }) => ({ messageId, line }))).toEqual([{ messageId: 'unmarkedTableEnum', line: 3 }]);
    expect(messages[0]!.message).toContain("takes its values from 'default (package aws-regions)' (declared at src/tool.cjs:2)");
  });

  it("reads a workspace package's table instead: its values are known, and it is named by its binding", () => {
    const messages = lintFile(root, 'src/tool.ts', "import { z } from 'zod';\nimport { CODES } from '@acme/local';\nserver.registerTool('launch', { inputSchema: { region: z.enum(CODES) } }, launch);\n", 'strict');
    expect(messages.map(({ messageId, line }) => ({ messageId, line }))).toEqual([{ messageId: 'unmarkedTableEnum', line: 3 }]);
    expect(messages[0]!.message).toContain("takes its values from 'CODES' (declared at packages/local/index.ts:1)");
  });

  it('leaves a list completed at run time alone when no dependency is in it', () => {
    const code = "import { z } from 'zod';\nconst BASE = ['none'];\nexport const register = (loaded: string[]) => server.registerTool('launch', { inputSchema: { region: z.enum([...BASE, ...loaded] as [string, ...string[]]) } }, launch);\n";
    expect(lintFile(root, 'src/tool.ts', code, 'strict')).toEqual([]);
  });
});
