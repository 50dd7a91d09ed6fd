import { join } from 'node:path';
import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ABSENCE, ANYTHING, JSON_CLOSED, SUGGEST_CLOSED, locate, replaced } from './helpers.js';

// The rule's necessary condition (its vocabulary, and the summaries of the modules a file
// imports) at its edges: each file below spells no sink and no schema word, only what makes a
// replaced value a schema by what it is (JSON Schema's own keys, in each form the evaluator reads
// a key from), or imports such a value. Each must still be reported with the pre-check on (this
// file's own run) and off (tests/analysis/precheck-soundness.test.ts).

const FIXTURES = join(import.meta.dirname, 'fixtures');
const PICKER = join(FIXTURES, 'picker.ts');

function inPlaceOf(code: string, replacedText: string, name: string, filename?: string): InvalidTestCase<MessageIds, Options> {
  return {
    name,
    code,
    ...(filename === undefined ? {} : { filename }),
    errors: [
      {
        messageId: ABSENCE,
        data: { accepts: ANYTHING, sink: `used in place of \`${replacedText}\``, closed: JSON_CLOSED },
        ...locate(code, '{}', code.split('{}').length - 2),
        suggestions: [{ messageId: SUGGEST_CLOSED, data: { closed: JSON_CLOSED }, output: replaced(code, '{}', JSON_CLOSED, code.split('{}').length - 2) }],
      },
    ],
  };
}

const pick = (declaration: string): string => `${declaration}\nexport function pick(given?: object) {\n  return given ? shape : {};\n}\n`;

ruleTester.run('no-permissive-schema-fallback (pre-check)', rule, {
  valid: [
    { name: 'the same fallback in place of data: no schema anywhere, nothing to report', code: pick("const shape = { kind: 'row', label: 'a row' };") },
    { name: 'an import of data only', code: "import { ROW } from './rows.js';\nexport const pick = (given?: object) => (given ? ROW : {});\n", filename: PICKER },
  ],
  invalid: [
    inPlaceOf(pick("const shape = { type: 'string' };"), 'shape', 'a `type` key, the only JSON Schema word in the file'),
    inPlaceOf(pick('const shape = { not: { const: 1 } };'), 'shape', 'a `not` key'),
    inPlaceOf(pick("const shape = { 'type': 'string' };"), 'shape', 'a quoted key'),
    inPlaceOf(pick("const shape = { type /* the kind */ : 'string' };"), 'shape', 'a comment between the key and its colon'),
    inPlaceOf(pick("const type = 'string';\nconst shape = { type };"), 'shape', 'a shorthand key'),
    inPlaceOf(pick(String.raw`const shape = { typ\u0065: 'string' };`), 'shape', 'a key written with an escape'),
    inPlaceOf(pick("const key = 'ty' + 'pe';\nconst shape = { [key]: 'str' + 'ing' };"), 'shape', 'a computed key assembled from pieces'),
    inPlaceOf("import { ACCOUNT_SHAPE } from './shapes.js';\nexport const pick = (given?: object) => (given ? ACCOUNT_SHAPE : {});\n", 'ACCOUNT_SHAPE', 'a schema imported from a module that spells it', PICKER),
    inPlaceOf(
      "import { ACCOUNT_SHAPE } from './shapes-barrel.js';\nexport const pick = (given?: object) => (given ? ACCOUNT_SHAPE : {});\n",
      'ACCOUNT_SHAPE',
      'a schema imported through a barrel: the summary follows the barrel to the module that spells it',
      PICKER,
    ),
    inPlaceOf(
      "import { KEY } from './words.js';\n\nexport function pick(given?: object) {\n  const shape = { [KEY]: 'string' };\n  return given ? shape : {};\n}\n",
      'shape',
      'a computed key in the file, its string from an import: the evidence of both texts together',
      PICKER,
    ),
    (() => {
      // The sink is in the imported class's module, which exports only classes and functions.
      const code = "import { Listing } from './listing.js';\nexport const search = new Listing('search', 'Search the index', spec.args ?? {});\n";
      const sink = "advertised as a tool's inputSchema (through `new Listing()`)";
      return {
        name: 'the sink in an imported class: its module counts though it hands no value on',
        code,
        filename: PICKER,
        errors: [
          {
            messageId: ABSENCE,
            data: { accepts: ANYTHING, sink, closed: JSON_CLOSED },
            ...locate(code, '{}'),
            suggestions: [{ messageId: SUGGEST_CLOSED, data: { closed: JSON_CLOSED }, output: replaced(code, '{}', JSON_CLOSED) }],
          },
        ],
      };
    })(),
  ],
});
