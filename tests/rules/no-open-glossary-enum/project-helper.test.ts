import { join } from 'node:path';
import rule from '../../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../../rule-tester.js';
import { writeProject } from '../../resolution/disk-project.js';

// A table turned into enum values by one of the project's own helpers (azure-devops-mcp's
// `z.enum(getEnumKeys(GitVersionType))`, `getEnumKeys` in `utils.ts`): the evaluator applies a
// helper whose body is one returned expression to the call's arguments, so the enum's values are
// still the dependency's table and strict names the package. A helper it does not apply (more
// than one statement) leaves the values unknown, which is never a finding.

const STRICT = [{ reportUnmarkedTables: true }] as const;

const ROOT = writeProject({
  'node_modules/vendor-api/package.json': JSON.stringify({ name: 'vendor-api', main: './index.js' }),
  'node_modules/vendor-api/index.js': 'exports.VersionType = { Branch: 0, Tag: 1, Commit: 2 };\n',
  'src/utils.ts':
    'export function getEnumKeys(enumObject: object): string[] {\n  return Object.keys(enumObject).filter((key) => isNaN(Number(key)));\n}\n' +
    'export function longKeys(enumObject: object): string[] {\n  const keys = Object.keys(enumObject);\n  return keys;\n}\n',
});
const FILE = join(ROOT, 'src', 'tools.ts');
/** RuleTester lints an absolute filename with `/` as the working directory: locations come out without the leading `/`. */
const LOCATION = `${FILE.slice(1).split('\\').join('/')}:3`;

const THROUGH_HELPER = `import { z } from 'zod';
import { getEnumKeys } from './utils.js';
import { VersionType } from 'vendor-api';
export function registerFileTool(server: McpServer) {
  const versionTypes = getEnumKeys(VersionType);
  server.registerTool('repo_file', { inputSchema: { versionType: z.enum(versionTypes as [string, ...string[]]) } }, handler);
}`;

const OWN_ENUM = `import { z } from 'zod';
import { getEnumKeys } from './utils.js';
enum Sort { Name = 'name', Date = 'date' }
export function register(server: McpServer) {
  server.registerTool('list', { inputSchema: { sort: z.enum(getEnumKeys(Sort) as [string, ...string[]]) } }, handler);
}`;

ruleTester.run('no-open-glossary-enum: tables through project helpers', rule, {
  valid: [
    {
      name: 'recommended: a dependency table through a helper is left to strict',
      filename: FILE,
      code: THROUGH_HELPER,
    },
    {
      name: 'strict: a helper of more than one returned expression is not applied, so its values are unknown',
      filename: FILE,
      code: THROUGH_HELPER.replaceAll('getEnumKeys', 'longKeys'),
      options: STRICT,
    },
    {
      name: "strict: the program's own TypeScript enum through a helper stays the program's own",
      filename: FILE,
      code: OWN_ENUM,
      options: STRICT,
    },
  ],
  invalid: [
    {
      name: "strict: a dependency's enum through the project's getEnumKeys names the package",
      filename: FILE,
      code: THROUGH_HELPER,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'VersionType (package vendor-api)', location: LOCATION, sink: "advertised as `repo_file`'s inputSchema" },
          line: 6,
          column: 73,
          suggestions: [],
        },
      ],
    },
    {
      name: 'strict: the same helper called inline in the schema',
      filename: FILE,
      code: THROUGH_HELPER.replace('  const versionTypes = getEnumKeys(VersionType);\n', '').replace('z.enum(versionTypes', 'z.enum(getEnumKeys(VersionType)'),
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'VersionType (package vendor-api)', location: LOCATION, sink: "advertised as `repo_file`'s inputSchema" },
          line: 5,
          column: 73,
          suggestions: [],
        },
      ],
    },
  ],
});
