import rule from '../../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../../rule-tester.js';

// Issue 30, "where it goes", for the strict enum check: an unmarked table's enum in a schema that
// reaches one of the new sinks is reported, and the message names that sink (a tool map's entry, a
// tool definer's schema, a LangChain tool class) instead of only where the schema stands. The
// program's own parse stays no hidden gate: a failed `Args.parse(input)` is the server's to see.

const STRICT = [{ reportUnmarkedTables: true }] as const;
const SORT_KEYS = "const SORT_KEYS = ['name', 'created', 'updated'];\n";
/** The suggestion builds the description from the table itself, so it cannot drift from it. */
const DESCRIBED = "string().describe(`One of: ${SORT_KEYS.join(', ')}.`)";

/** Where the enum's values are written: `SORT_KEYS` in `z.enum(SORT_KEYS)`, on the given line of `code`. */
function valuesAt(code: string, line: number): { line: number; column: number } {
  return { line, column: code.split('\n')[line - 1]!.indexOf('enum(SORT_KEYS)') + 'enum('.length + 1 };
}

function unmarked(sink: string, code: string, line: number, output: string) {
  return {
    messageId: 'unmarkedTableEnum' as const,
    data: { table: 'SORT_KEYS', location: 'file.ts:2', sink },
    ...valuesAt(code, line),
    suggestions: [{ messageId: 'describeValues' as const, data: { count: '3' }, output }],
  };
}

const KEYED = `import { z } from 'zod';\n${SORT_KEYS}export const tools = { list: { description: 'List items', parameters: z.object({ sort: z.enum(SORT_KEYS) }) } };`;
const DEFINER = `import { z } from 'zod';\n${SORT_KEYS}export const list = defineTool({ name: 'list', description: 'List items', schema: { sort: z.enum(SORT_KEYS) } });`;
const LANGCHAIN = `import { z } from 'zod';\n${SORT_KEYS}export const list = new DynamicStructuredTool({ name: 'list', description: 'List', schema: z.object({ sort: z.enum(SORT_KEYS) }), func });`;
const PARSED_AND_ADVERTISED = `import { z } from 'zod';\n${SORT_KEYS}const Args = z.object({ sort: z.enum(SORT_KEYS) });\nexport function handle(input) {\n  return Args.parse(input);\n}\nexport const tools = { list: { description: 'List items', parameters: Args, execute: handle } };`;

ruleTester.run('no-open-glossary-enum: issue 30 new sinks', rule, {
  valid: [
    {
      name: "strict: a schema only the handler's own parse uses gates nothing hidden",
      code: `import { z } from 'zod';\n${SORT_KEYS}const Args = z.object({ sort: z.enum(SORT_KEYS) });\nexport function handle(input) {\n  return Args.safeParse(input);\n}`,
      options: STRICT,
    },
    {
      name: "strict: valibot's parse of the program's own input",
      code: `import * as v from 'valibot';\n${SORT_KEYS}const Args = v.object({ sort: v.picklist(SORT_KEYS) });\nexport const read = (input) => v.parse(Args, input);`,
      options: STRICT,
    },
    {
      name: 'recommended: a tool map with an unmarked list is left to strict',
      code: KEYED,
    },
  ],
  invalid: [
    {
      name: "strict: a tool map's entry names its tool",
      code: KEYED,
      options: STRICT,
      errors: [unmarked("advertised as `list`'s parameters", KEYED, 3, KEYED.replace('enum(SORT_KEYS)', DESCRIBED))],
    },
    {
      name: "strict: a tool definer's raw shape",
      code: DEFINER,
      options: STRICT,
      errors: [unmarked("advertised as `list`'s schema", DEFINER, 3, DEFINER.replace('enum(SORT_KEYS)', DESCRIBED))],
    },
    {
      name: "strict: LangChain's DynamicStructuredTool schema",
      code: LANGCHAIN,
      options: STRICT,
      errors: [unmarked("advertised as `list`'s schema", LANGCHAIN, 3, LANGCHAIN.replace('enum(SORT_KEYS)', DESCRIBED))],
    },
    {
      name: 'strict: parsed by the handler and advertised in a tool map: the advertised sink is named',
      code: PARSED_AND_ADVERTISED,
      options: STRICT,
      errors: [unmarked("advertised as `list`'s parameters", PARSED_AND_ADVERTISED, 3, PARSED_AND_ADVERTISED.replace('enum(SORT_KEYS)', DESCRIBED))],
    },
  ],
});
