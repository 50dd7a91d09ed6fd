import { join } from 'node:path';
import rule from '../../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../../rule-tester.js';
import { writeProject } from '../../resolution/disk-project.js';

// A project module that passes zod's `enum` on from a later declarator of one `export const`
// (`export const LIMIT = 10, pick = z.enum`): the re-export scan must see the alias there, or the
// enum built by `pick(SORT_KEYS)` in another module is no library enum to strict.

const STRICT = [{ reportUnmarkedTables: true }] as const;

const ROOT = writeProject({
  'src/zod-aliases.ts': "import { z } from 'zod';\nexport const LIMIT = 10,\n  pick = z.enum;\nexport const FIRST = z.enum, MAX = 20;\n",
  'src/limits.ts': "export const LIMIT = 10,\n  pick = (values: readonly string[]) => values;\n",
});
const FILE = join(ROOT, 'src', 'tools.ts');
/** RuleTester lints an absolute filename with `/` as the working directory: locations come out without the leading `/`. */
const LOCATION = `${FILE.slice(1).split('\\').join('/')}:2`;

const code = (imported: string, from: string): string => `import { ${imported} } from './${from}.js';
const SORT_KEYS = ['name', 'date'] as const;
export function register(server: McpServer) {
  server.registerTool('list', { inputSchema: { sort: ${imported}(SORT_KEYS) } }, handler);
}`;

ruleTester.run('no-open-glossary-enum: an alias of a library factory in a later declarator', rule, {
  valid: [
    {
      name: 'strict: a project function of the same name builds no enum',
      filename: FILE,
      code: code('pick', 'limits'),
      options: STRICT,
    },
  ],
  invalid: [
    {
      name: "strict: zod's enum passed on by the second declarator",
      filename: FILE,
      code: code('pick', 'zod-aliases'),
      options: STRICT,
      // At the table's reference, the enum's argument.
      errors: [{ messageId: 'unmarkedTableEnum', data: { table: 'SORT_KEYS', location: LOCATION, sink: "advertised as `list`'s inputSchema" }, line: 4, column: 59, suggestions: [] }],
    },
    {
      name: "strict: zod's enum passed on by the first declarator, before another",
      filename: FILE,
      code: code('FIRST', 'zod-aliases'),
      options: STRICT,
      errors: [{ messageId: 'unmarkedTableEnum', data: { table: 'SORT_KEYS', location: LOCATION, sink: "advertised as `list`'s inputSchema" }, line: 4, column: 60, suggestions: [] }],
    },
  ],
});
