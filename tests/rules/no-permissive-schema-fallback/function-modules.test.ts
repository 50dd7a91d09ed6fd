import { join } from 'node:path';
import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ABSENCE, ANYTHING, JSON_CLOSED, SUGGEST_CLOSED, locate } from './helpers.js';

// A module that exports only functions still hands an importer's fallback a destination: the flow
// analysis follows the value into the imported function and judges that function's other returns,
// which may be its own literal or a value it imports. The pre-check walks such a module's imports
// and counts its literals, so the linted file, which spells no schema word, is still analysed.

const LINTED = join(import.meta.dirname, 'fixtures', 'pick-wrapped.ts');

const picked = (imported: string): string => `import { ${imported} } from './${imported === 'wrapLiteral' ? 'wrap-literal' : 'wrap-imported'}.js';\nexport function pick(options = {}) {\n  return ${imported}(options);\n}\n`;

const returnedBy = (fn: string, other: string): string => `returned by \`${fn}()\`, whose other returns are schemas (such as \`${other}\`) (through \`${fn}()\`)`;

/** `pick(options = {})` handing its default to `fn`, whose other return is `other`. */
function returnedThrough(name: string, fn: string, other: string): InvalidTestCase<MessageIds, Options> {
  const code = picked(fn);
  return {
    name,
    code,
    filename: LINTED,
    errors: [
      {
        messageId: ABSENCE,
        data: { accepts: ANYTHING, sink: returnedBy(fn, other), closed: JSON_CLOSED },
        ...locate(code, '{}'),
        suggestions: [{ messageId: SUGGEST_CLOSED, data: { closed: JSON_CLOSED }, output: code.replace('{}', JSON_CLOSED) }],
      },
    ],
  };
}

ruleTester.run('no-permissive-schema-fallback (modules of functions)', rule, {
  valid: [
    // The same module, with the value not handed to its function: nothing goes there.
    { name: 'a function of the module not given the fallback', code: "import { wrapLiteral } from './wrap-literal.js';\nexport function pick(options = {}) {\n  wrapLiteral(null);\n  return Object.keys(options);\n}\n", filename: LINTED },
  ],
  invalid: [
    returnedThrough("a module of functions whose function's other return is its own literal", 'wrapLiteral', "{ type: 'object', additionalProperties: false }"),
    returnedThrough("a module of functions whose function's other return it imports", 'wrapImported', 'DEFAULT_SHAPE'),
  ],
});
