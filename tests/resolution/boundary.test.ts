import fs from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lintFile, spyOnReads, writeProject } from './disk-project.js';

const TOKEN = `SECRET-${Math.random().toString(36).slice(2)}`;
let spy: ReturnType<typeof spyOnReads> | undefined;
afterEach(() => spy?.restore());

describe('the analysis reads nothing outside the project', () => {
  it('never opens a file outside the project reached by a relative path, a symlink or a tsconfig alias, and never prints it', () => {
    const outside = writeProject({
      'secret.json': JSON.stringify({ values: [TOKEN, 'other'] }),
      'tables.ts': `export const UNITS = { enumPolicy: 'described', values: ['${TOKEN}'] };\n`,
    });
    const project = writeProject(
      {
        'package.json': JSON.stringify({ name: 'server', type: 'module' }),
        'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', baseUrl: '.', paths: { '@outside/*': [`${outside}/*`] } } }),
        'src/inside.json': JSON.stringify({ values: ['inside-a', 'inside-b'] }),
      },
      { 'src/link.json': join(outside, 'secret.json') },
      dirname(outside),
    );
    const up = `${'../'.repeat(project.split('/').length)}${outside.slice(1)}`;
    const tool = [
      "import { z } from 'zod';",
      "import inside from './inside.json';",
      `import relative from '${up}/secret.json';`,
      "import linked from './link.json';",
      "import aliased from '@outside/secret.json';",
      `import { UNITS } from '${up}/tables.js';`,
      "server.registerTool('units', { inputSchema: { a: z.enum(inside.values),",
      '  b: z.enum(relative.values),',
      '  c: z.enum(linked.values),',
      '  d: z.enum(aliased.values),',
      '  e: z.enum(UNITS.values) } }, run);',
      '',
    ].join('\n');

    spy = spyOnReads();
    const messages = lintFile(project, 'src/tool.ts', tool, 'strict');
    spy.restore();

    // The control: the JSON module inside the project was read and is a table (strict reports it).
    expect(spy.paths).toContain(join(project, 'src/inside.json'));
    expect(messages.map(({ messageId, line, column }) => ({ messageId, line, column }))).toEqual([{ messageId: 'unmarkedTableEnum', line: 7, column: 57 }]);
    expect(messages[0]!.message).toContain("takes its values from 'inside' (declared at src/tool.ts:2)");
    const touched = spy.paths.filter((path) => path.startsWith(outside) || fs.existsSync(path) && fs.realpathSync(path).startsWith(outside));
    expect(touched).toEqual([]);
    expect(JSON.stringify(messages)).not.toContain(TOKEN);
  });

  it('does not read a tsconfig `extends` chain that leaves the project, and resolves as if there were no tsconfig', () => {
    const outside = writeProject({ 'tsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@/*': ['./*'] } } }) });
    const project = writeProject(
      {
        'tsconfig.json': JSON.stringify({ extends: join(outside, 'tsconfig.json') }),
        'src/glossary.ts': "export const UNITS = { enumPolicy: 'described', values: ['g'] };\n",
      },
      {},
      dirname(outside),
    );
    const tool = "import { z } from 'zod';\nimport { UNITS } from './glossary';\nexport const a = z.enum(UNITS.values);\n";
    spy = spyOnReads();
    const messages = lintFile(project, 'src/tool.ts', tool);
    spy.restore();
    expect(spy.paths).toContain(join(project, 'tsconfig.json'));
    expect(spy.paths.filter((path) => path.startsWith(outside))).toEqual([]);
    // Without a usable tsconfig the resolution is lenient: the extensionless import is still found.
    expect(messages.map(({ messageId, line }) => ({ messageId, line }))).toEqual([{ messageId: 'openGlossaryEnum', line: 3 }]);
  });
});
