import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getModuleParseCounts } from '../../src/analysis/modules/module-graph.js';
import { lintFile, writeProject, type ConfigLevel } from './disk-project.js';

// Linting one file must not mean parsing the project: only an import whose binding reaches an enum
// position, a fallback or a schema is followed, and every module is parsed at most once.
describe('resolution is demand-driven', () => {
  const modules: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'app', type: 'module', imports: { '#lib/*': './src/lib/*' } }),
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'nodenext', baseUrl: '.', paths: { '@/*': ['src/*'] } } }),
  };
  // Ordinary application modules: every one uses zod, none passes a zod binding on.
  for (let index = 0; index < 12; index += 1) {
    modules[`src/lib/m${index}.ts`] = [
      "import { z } from 'zod';",
      `import { helper${(index + 1) % 12} } from './m${(index + 1) % 12}.js';`,
      `const Row = z.object({ id: z.string() });`,
      `export const DEFAULT_LIMIT_${index} = ${index};`,
      `export const DEFAULT_PAGE_${index} = { limit: ${index} };`,
      `export function helper${index}(row: unknown) { return helper${(index + 1) % 12}(Row.parse(row)); }`,
      '',
    ].join('\n');
  }
  modules['src/glossary.ts'] = "export const UNITS = { enumPolicy: 'described', values: ['g', 'kg'] };\n";
  const root = writeProject(modules);

  const service = [
    "import { helper0 } from './lib/m0.js';",
    "import { helper3 } from '#lib/m3.js';",
    "import { DEFAULT_LIMIT_5 } from '@/lib/m5.js';",
    'export function list(options: { limit?: number }, rows: unknown[]) {',
    '  const limit = Math.min(options.limit ?? 10, DEFAULT_LIMIT_5);',
    '  try {',
    '    return rows.slice(0, limit).map((row) => helper0(helper3(row)));',
    '  } catch {',
    '    return [];',
    '  }',
    '}',
    '',
  ].join('\n');

  const parsed = () => [...getModuleParseCounts().keys()].filter((file) => file.startsWith(root));

  for (const level of ['recommended', 'strict'] as const satisfies readonly ConfigLevel[]) {
    it(`parses no other module for a file whose values reach no schema position (${level})`, () => {
      expect(lintFile(root, 'src/service.ts', service, level)).toEqual([]);
      expect(parsed()).toEqual([]);
    });
  }

  it('settles an imported number in a fallback position from its declaration, and parses nothing', () => {
    const fallback = "import { DEFAULT_LIMIT_7 } from '#lib/m7.js';\nimport { helper2 } from './lib/m2.js';\nexport const limit = (given?: number) => helper2(given ?? DEFAULT_LIMIT_7);\n";
    expect(lintFile(root, 'src/limit.ts', fallback, 'strict')).toEqual([]);
    expect(parsed()).toEqual([]);
  });

  it('follows an import that stands in a fallback position, and only that one', () => {
    // An object is no kind of declaration its text settles: the module is parsed to read it.
    const fallback = "import { DEFAULT_PAGE_7 } from '#lib/m7.js';\nimport { helper2 } from './lib/m2.js';\nexport const page = (given?: object) => helper2(given ?? DEFAULT_PAGE_7);\n";
    expect(lintFile(root, 'src/limit.ts', fallback, 'strict')).toEqual([]);
    expect(parsed()).toEqual([join(root, 'src/lib/m7.ts')]);
  });

  it('parses only the module an enum reads, once for the process', () => {
    const tool = "import { z } from 'zod';\nimport { helper1 } from './lib/m1.js';\nimport { UNITS } from '@/glossary.js';\nexport const input = z.object({ unit: z.enum(UNITS.values) }).transform(helper1);\n";
    for (const level of ['recommended', 'strict'] as const) {
      expect(lintFile(root, 'src/tool.ts', tool, level).map((message) => message.messageId)).toEqual(['openGlossaryEnum']);
    }
    expect(parsed()).toEqual([join(root, 'src/lib/m7.ts'), join(root, 'src/glossary.ts')]);
    expect(getModuleParseCounts().get(join(root, 'src/glossary.ts'))).toBe(1);
  });
});
