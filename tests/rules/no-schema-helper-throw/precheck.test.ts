import { join } from 'node:path';
import rule from '../../../rules/no-schema-helper-throw.js';
import { ruleTester } from '../../rule-tester.js';
import { locate } from '../no-permissive-schema-fallback/helpers.js';

// The rule's second necessary condition (`mayHoldEvidence`): a file that spells `throw` holds a
// finding only where a schema helper is, and a helper is one only by schema evidence, in the file
// or behind its imports. Each file below spells no schema word; its helper returns a schema
// imported from a module that spells it. Each must be reported with the pre-check on (this run)
// and off (tests/analysis/precheck-soundness.test.ts).

const FIXTURES = join(import.meta.dirname, '..', 'no-permissive-schema-fallback', 'fixtures');
const BUILDER = join(FIXTURES, 'builder.ts');

const helper = (specifier: string, name: string): string =>
  `import { ${name} } from '${specifier}';\nexport function accountInput(strict: boolean) {\n  if (!strict) throw new Error('strict only');\n  return ${name};\n}\n`;

ruleTester.run('no-schema-helper-throw (pre-check)', rule, {
  valid: [
    { name: 'the same helper returning data imported from a module of data: no schema anywhere', code: helper('./rows.js', 'ROW'), filename: BUILDER },
    {
      name: 'a helper that names a type of a module that spells schemas, and reads no value of it',
      code: "import { Account } from './shapes.js';\nexport function accountOf(row: unknown): Account {\n  if (!row) throw new Error('no row');\n  return row as Account;\n}\n",
      filename: BUILDER,
    },
    { name: 'a throw in a file that spells no schema and imports nothing', code: "export function accountInput(strict: boolean) {\n  if (!strict) throw new Error('strict only');\n  return { id: 1 };\n}\n" },
  ],
  invalid: [
    ...[
      ['./shapes.js', 'a schema imported from a module that spells it'],
      ['./shapes-barrel.js', 'a schema imported through a barrel'],
    ].map(([specifier, name]) => {
      const code = helper(specifier!, 'ACCOUNT_SHAPE');
      return {
        name: name!,
        code,
        filename: BUILDER,
        errors: [{ messageId: 'panicInSchemaHelper' as const, data: { helper: 'accountInput', reason: 'it returns a JSON Schema', construct: '`throw new Error(…)`' }, ...locate(code, "throw new Error('strict only');") }],
      };
    }),
    (() => {
      // The file reads the import only in a type: the modules behind it are asked whether a type
      // there may be a schema library's (`mayReachPackage`), not what words they spell.
      const code = "import type { TObject } from './third_party/types.js';\nexport function argsOf(def: unknown): TObject {\n  if (!def) throw new Error('no def');\n  return build(def);\n}\n";
      return {
        name: "a helper declared to return a TypeBox type that a project module re-exports",
        code,
        filename: BUILDER,
        errors: [{ messageId: 'panicInSchemaHelper' as const, data: { helper: 'argsOf', reason: 'it declares that it returns `TObject`', construct: '`throw new Error(…)`' }, ...locate(code, "throw new Error('no def');") }],
      };
    })(),
  ],
});
