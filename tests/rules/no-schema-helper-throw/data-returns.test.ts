import { join } from 'node:path';
import { describe } from 'vitest';
import rule from '../../../rules/no-schema-helper-throw.js';
import { itIsSparedByThePrechecks, parsesWhileLinting } from '../../module-parses.js';
import { ruleTester } from '../../rule-tester.js';

// A function that throws is a schema helper when what it returns is a schema by what it is. An
// object whose written keys no schema object has (`{ id, shape }`) is none whatever its values
// are, so the module its values are imported from is not read to learn that; an object of
// schema keys is still read, and its function is still a helper.

const FIXTURES = join(import.meta.dirname, '..', 'no-permissive-schema-fallback', 'fixtures');
const FILE = join(FIXTURES, 'returns.ts');

ruleTester.run('no-schema-helper-throw (returned objects)', rule, {
  valid: [
    {
      name: 'a returned object of data with an imported value',
      code: "import { WIDE } from './imported/barrel.js';\nexport function settings(name: string) {\n  if (!name) throw new Error('name required');\n  return { name, shape: WIDE };\n}\n",
      filename: FILE,
    },
    {
      name: 'a returned constant of data with an imported value',
      code: "import { WIDE } from './imported/barrel.js';\nconst DEFAULTS = { retries: 3, shape: WIDE };\nexport function settings(name: string) {\n  if (!name) throw new Error('name required');\n  return DEFAULTS;\n}\n",
      filename: FILE,
    },
  ],
  invalid: [
    {
      name: 'a returned object of schema keys with an imported value',
      code: "import { TOOL_NAME } from './imported/barrel.js';\nexport function shape(name: string) {\n  if (!name) throw new Error('name required');\n  return { type: 'object', description: TOOL_NAME, properties: { name: { type: 'string' } } };\n}\n",
      filename: FILE,
      errors: [{ messageId: 'panicInSchemaHelper', data: { helper: 'shape', reason: 'it returns a JSON Schema', construct: '`throw new Error(…)`' }, line: 3, column: 14 }],
    },
  ],
});

describe('the module behind a returned object of data', () => {
  const code = [
    "import type { JSONSchema7 } from 'json-schema';",
    "import { WIDE } from './imported/barrel.js';",
    'export function settings(name: string) {',
    "  if (!name) throw new Error('name required');",
    '  return { name, shape: WIDE };',
    '}',
    'export type Shape = JSONSchema7;',
    '',
  ].join('\n');
  const parsesOfLoose = (): Promise<number> =>
    parsesWhileLinting({ copies: { imported: join(FIXTURES, 'imported') }, code, file: 'settings.ts', rule: 'no-schema-helper-throw', counted: 'imported/loose.ts' });

  itIsSparedByThePrechecks(parsesOfLoose, {
    spared: 'is not parsed: the object is judged by its keys',
    parsed: 'is parsed when the pre-checks are off, so the check above is what spares it',
  });
});
