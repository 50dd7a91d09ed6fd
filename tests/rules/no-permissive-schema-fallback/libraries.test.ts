import { join } from 'node:path';
import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ABSENCE, ANY_OBJECT, ANYTHING, FAILURE, JSON_CLOSED, SEARCH_INPUT, SUGGEST_CLOSED, advertised, locate, replaced } from './helpers.js';

// Library builders by every import alias the field notes list, with the closed replacement written
// in the library (and namespace) the fallback uses.

type Case = InvalidTestCase<MessageIds, Options>;

const FIXTURES = join(import.meta.dirname, 'fixtures');
const TOOL_FILE = join(FIXTURES, 'tool.ts');

function absence(
  name: string,
  code: string,
  snippet: string,
  accepts: string,
  closed: string,
  filename?: string,
  occurrence = 0,
): Case {
  return {
    name,
    code,
    ...(filename === undefined ? {} : { filename }),
    errors: [
      {
        messageId: ABSENCE,
        data: { accepts, sink: SEARCH_INPUT, closed },
        ...locate(code, snippet, occurrence),
        suggestions: [{ messageId: SUGGEST_CLOSED, data: { closed }, output: replaced(code, snippet, closed, occurrence) }],
      },
    ],
  };
}

ruleTester.run('no-permissive-schema-fallback: libraries', rule, {
  valid: [
    {
      name: 'TypeBox closed object',
      code: `import { Type } from 'typebox';\nconst inputSchema = def.inputSchema ?? Type.Object({}, { additionalProperties: false });${advertised('inputSchema')}`,
    },
    {
      name: 'valibot strict object',
      code: `import * as v from 'valibot';\nconst inputSchema = def.inputSchema ?? v.strictObject({});${advertised('inputSchema')}`,
    },
    {
      name: 'zod object with properties (strips unknown keys, but constrains the known ones)',
      code: `import { z } from 'zod';\nconst inputSchema = def.inputSchema ?? z.object({ q: z.string() });${advertised('inputSchema')}`,
    },
  ],
  invalid: [
    absence(
      'zod: import { z } from zod, z.any()',
      `import { z } from 'zod';\nconst inputSchema = def.inputSchema ?? z.any();${advertised('inputSchema')}`,
      `z.any()`,
      ANYTHING,
      'z.object({}).strict()',
    ),
    absence(
      'zod/v4: z.looseObject({})',
      `import { z } from 'zod/v4';\nconst inputSchema = def.inputSchema ?? z.looseObject({});${advertised('inputSchema')}`,
      `z.looseObject({})`,
      ANY_OBJECT,
      'z.object({}).strict()',
    ),
    absence(
      'zod/v3: z.record(z.string(), z.any())',
      `import { z } from 'zod/v3';\nconst { parameters = z.record(z.string(), z.any()) } = spec;${advertised('parameters')}`,
      `z.record(z.string(), z.any())`,
      ANY_OBJECT,
      'z.object({}).strict()',
    ),
    absence(
      'import * as z: z.object({}).passthrough()',
      `import * as z from 'zod';\nconst inputSchema = tool.inputSchema ? tool.inputSchema : z.object({}).passthrough();${advertised('inputSchema')}`,
      `z.object({}).passthrough()`,
      ANY_OBJECT,
      'z.object({}).strict()',
    ),
    absence(
      'a default import keeps its own name in the suggestion',
      `import zod from 'zod';\nconst inputSchema = def.inputSchema ?? zod.unknown();${advertised('inputSchema')}`,
      `zod.unknown()`,
      ANYTHING,
      'zod.object({}).strict()',
    ),
    absence(
      'a chain split over lines, with a renamed import',
      `import { z as zod } from 'zod';\nconst inputSchema = def.inputSchema ??\n  zod\n    .object({})\n    .loose();${advertised('inputSchema')}`,
      `zod\n    .object({})\n    .loose()`,
      ANY_OBJECT,
      'zod.object({}).strict()',
    ),
    absence(
      'a modifier that keeps what is accepted: z.unknown().optional()',
      `import { z } from 'zod';\nfunction f(inputSchema = z.unknown().optional()) { return { name: 'search', inputSchema }; }`,
      `z.unknown().optional()`,
      ANYTHING,
      'z.object({}).strict()',
    ),
    absence(
      'through a const: reported where used, replaced in the zod dialect',
      `import { z } from 'zod';\nconst OPEN = z.object({}).passthrough();\nconst inputSchema = def.inputSchema ?? OPEN;${advertised('inputSchema')}`,
      `OPEN`,
      ANY_OBJECT,
      'z.object({}).strict()',
      undefined,
      1,
    ),
    absence(
      'TypeBox from typebox: Type.Any()',
      `import { Type } from 'typebox';\nconst inputSchema = def.inputSchema ?? Type.Any();${advertised('inputSchema')}`,
      `Type.Any()`,
      ANYTHING,
      'Type.Object({}, { additionalProperties: false })',
    ),
    absence(
      'TypeBox from @sinclair/typebox: Type.Object({}, { additionalProperties: true })',
      `import { Type } from '@sinclair/typebox';\nconst inputSchema = def.inputSchema ?? Type.Object({}, { additionalProperties: true });${advertised('inputSchema')}`,
      `Type.Object({}, { additionalProperties: true })`,
      ANY_OBJECT,
      'Type.Object({}, { additionalProperties: false })',
    ),
    absence(
      'TypeBox through a namespace import: tb.Type.Unknown()',
      `import * as tb from '@sinclair/typebox';\nconst inputSchema = def.inputSchema ?? tb.Type.Unknown();${advertised('inputSchema')}`,
      `tb.Type.Unknown()`,
      ANYTHING,
      'tb.Type.Object({}, { additionalProperties: false })',
    ),
    absence(
      'valibot: v.looseObject({})',
      `import * as v from 'valibot';\nconst inputSchema = def.inputSchema ?? v.looseObject({});${advertised('inputSchema')}`,
      `v.looseObject({})`,
      ANY_OBJECT,
      'v.strictObject({})',
    ),
    absence(
      'valibot: v.unknown() in JS',
      `import * as v from 'valibot';\nconst inputSchema = def.inputSchema ?? v.unknown();${advertised('inputSchema')}`,
      `v.unknown()`,
      ANYTHING,
      'v.strictObject({})',
      'file.js',
    ),
    absence(
      'a zod barrel of the project (export { z as zod } from zod)',
      `import { zod } from './third_party/index.js';\nconst inputSchema = def.inputSchema ?? zod.any();${advertised('inputSchema')}`,
      `zod.any()`,
      ANYTHING,
      'zod.object({}).strict()',
      TOOL_FILE,
    ),
    absence(
      'a permissive zod const imported from another module, zod imported here',
      `import { z } from 'zod';\nimport { OPEN_ARGUMENTS } from './schemas.js';\nconst inputSchema = def.inputSchema ?? OPEN_ARGUMENTS;${advertised('inputSchema')}`,
      `OPEN_ARGUMENTS`,
      ANY_OBJECT,
      'z.object({}).strict()',
      TOOL_FILE,
      1,
    ),
    {
      name: 'a permissive zod const from another module without zod in scope: the message says what to write, no suggestion',
      code: `import { OPEN_ARGUMENTS } from './schemas.js';\nconst inputSchema = def.inputSchema ?? OPEN_ARGUMENTS;${advertised('inputSchema')}`,
      filename: TOOL_FILE,
      errors: [
        {
          messageId: ABSENCE,
          data: { accepts: ANY_OBJECT, sink: SEARCH_INPUT, closed: 'z.object({}).strict()' },
          line: 2,
          column: 40,
          endColumn: 54,
          suggestions: [],
        },
      ],
    },
    absence(
      'a permissive JSON Schema const imported from another module',
      `import { EMPTY_INPUT } from './schemas.js';\nconst inputSchema = def.inputSchema ?? EMPTY_INPUT;${advertised('inputSchema')}`,
      `EMPTY_INPUT`,
      ANY_OBJECT,
      JSON_CLOSED,
      TOOL_FILE,
      1,
    ),
    {
      name: 'zod in a failure position: no suggestion',
      code: `import { z } from 'zod';\nfunction toolInput(def) { try { return z.object(def.shape); } catch { return z.any(); } }`,
      errors: [{ messageId: FAILURE, data: { accepts: ANYTHING, sink: 'returned by `toolInput()`, whose other returns are schemas (such as `z.object(def.shape)`)' }, ...locate(`import { z } from 'zod';\nfunction toolInput(def) { try { return z.object(def.shape); } catch { return z.any(); } }`, 'z.any()'), suggestions: [] }],
    },
  ],
});
