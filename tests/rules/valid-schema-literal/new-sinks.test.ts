import { join, relative } from 'node:path';
import rule from '../../../rules/valid-schema-literal.js';
import { ruleTester } from '../../rule-tester.js';
import { locate, replaced } from '../no-permissive-schema-fallback/helpers.js';

// Issue 30, "where it goes", for the literal check: a JSON Schema literal reaching one of the new
// sinks is compiled (`@cfworker/json-schema`'s `new Validator(X)` and `validate(data, X)`, the MCP
// SDK's `getValidator(X)`, a tool definer's `schema`/`argsSchema` beside a name or description,
// LangChain's tool classes), also when the linted file imports it (reported at the use, saying
// where the defect is); a tool map's entry names its tool. A raw shape there, a validator class of
// the project, a callee that only looks like a tool definer: not checked.

const FIXTURES = relative(process.cwd(), join(import.meta.dirname, 'fixtures')).split('\\').join('/');
/** RuleTester lints inline code as if it were this file, so `./schemas.js` reaches the fixture. */
const consumer = `${FIXTURES}/consumer.ts`;
const DID_YOU_MEAN = (keyword: string) => ` (did you mean \`${keyword}\`?)`;
const IMPORTED_TYPO = ' (in `./schemas.ts`, at `/properties/query/minLenght`)';
const INPUT_ROOT_REQUIREMENT = 'the MCP specification requires it ("Tool arguments are always JSON objects, so `type: "object"` is required at the root")';
const TYPE_REASON = (written: string, meant: string) =>
  `must be \`array\`, \`boolean\`, \`integer\`, \`null\`, \`number\`, \`object\` or \`string\` (or an array of them), not \`${written}\`${DID_YOU_MEAN(meant)}`;

const TYPO_LITERAL = "{ type: 'object', properties: { q: { type: 'string', minLenght: 1 } } }";

function misspelt(code: string) {
  return {
    messageId: 'unknownKeyword' as const,
    data: { keyword: 'minLenght', hint: DID_YOU_MEAN('minLength'), where: '' },
    ...locate(code, 'minLenght'),
    suggestions: [{ messageId: 'renameKeyword' as const, data: { keyword: 'minLenght', replacement: 'minLength' }, output: replaced(code, 'minLenght', 'minLength') }],
  };
}

function importedTypo(code: string) {
  return { messageId: 'unknownKeyword' as const, data: { keyword: 'minLenght', hint: DID_YOU_MEAN('minLength'), where: IMPORTED_TYPO }, ...locate(code, 'SEARCH_INPUT', 1), suggestions: [] };
}

const CFWORKER = `import { Validator } from '@cfworker/json-schema';\nexport const validator = new Validator(${TYPO_LITERAL}, '2020-12');`;
const CFWORKER_VALIDATE = "import { validate } from '@cfworker/json-schema';\nexport const result = validate(input, { type: 'object', properties: { q: { type: 'strng' } } });";
const GET_VALIDATOR = `export const check = jsonSchemaValidator.getValidator(${TYPO_LITERAL});`;
const DEFINER = "export const search = defineTool({ name: 'search', description: 'Search', schema: { type: 'objet', properties: { q: { type: 'string' } } } });";
const LANGCHAIN = `import { DynamicStructuredTool } from '@langchain/core/tools';\nexport const search = new DynamicStructuredTool({ name: 'search', description: 'Search', schema: ${TYPO_LITERAL}, func });`;
const KEYED_ROOT = "export const tools = { search: { description: 'Search', inputSchema: { type: 'array', items: { type: 'string' } } } };";
const IMPORTED_AT_VALIDATOR = "import { Validator } from '@cfworker/json-schema';\nimport { SEARCH_INPUT } from './schemas.js';\nexport const validator = new Validator(SEARCH_INPUT);";
const IMPORTED_AT_DEFINER = "import { SEARCH_INPUT } from './schemas.js';\nexport const search = defineTool({ name: 'search', description: 'Search', argsSchema: SEARCH_INPUT });";

ruleTester.run('valid-schema-literal: issue 30 new sinks', rule, {
  valid: [
    { name: "a tool definer's raw shape is no JSON Schema", code: "import { z } from 'zod';\nexport const search = defineTool({ name: 'search', description: 'Search', schema: { q: z.string() } });" },
    { name: 'a Validator class of the project', code: `import { Validator } from './validator.js';\nexport const validator = new Validator(${TYPO_LITERAL});` },
    {
      name: "a definer's `input` is no literal position: the vocabulary pre-check does not spell it",
      code: "export const search = defineTool({ name: 'search', description: 'Search', input: { type: 'objet', properties: { q: { type: 'string' } } } });",
    },
    { name: 'a callee named like a tooltip', code: `export const tip = createTooltip({ name: 'search', schema: ${TYPO_LITERAL} });` },
    { name: 'a valid schema compiled by new Validator()', code: "import { Validator } from '@cfworker/json-schema';\nexport const validator = new Validator({ type: 'object', properties: { q: { type: 'string', minLength: 1 } } });" },
  ],
  invalid: [
    { name: "@cfworker/json-schema's new Validator(schema, draft)", code: CFWORKER, errors: [misspelt(CFWORKER)] },
    {
      name: "@cfworker/json-schema's validate(data, schema): the schema is the second argument",
      code: CFWORKER_VALIDATE,
      errors: [
        {
          messageId: 'invalidValue',
          data: { subject: '`type`', reason: TYPE_REASON('strng', 'string'), where: '' },
          ...locate(CFWORKER_VALIDATE, "'strng'"),
          suggestions: [{ messageId: 'replaceValue', data: { value: 'strng', replacement: 'string' }, output: replaced(CFWORKER_VALIDATE, "'strng'", "'string'") }],
        },
      ],
    },
    { name: "the MCP SDK's getValidator(schema)", code: GET_VALIDATOR, errors: [misspelt(GET_VALIDATOR)] },
    {
      name: "a tool definer's schema written as JSON Schema",
      code: DEFINER,
      errors: [
        {
          messageId: 'invalidValue',
          data: { subject: '`type`', reason: TYPE_REASON('objet', 'object'), where: '' },
          ...locate(DEFINER, "'objet'"),
          suggestions: [{ messageId: 'replaceValue', data: { value: 'objet', replacement: 'object' }, output: replaced(DEFINER, "'objet'", "'object'") }],
        },
      ],
    },
    { name: "LangChain's DynamicStructuredTool schema", code: LANGCHAIN, errors: [misspelt(LANGCHAIN)] },
    {
      name: "a tool map's entry: the MCP root rule names the tool",
      code: KEYED_ROOT,
      errors: [
        {
          messageId: 'mcpRootType',
          data: { sink: "advertised as `search`'s inputSchema", type: "'array'", requirement: INPUT_ROOT_REQUIREMENT, where: '' },
          ...locate(KEYED_ROOT, "'array'"),
          suggestions: [],
        },
      ],
    },
    { name: 'an imported schema compiled by new Validator() in the linted file', filename: consumer, code: IMPORTED_AT_VALIDATOR, errors: [importedTypo(IMPORTED_AT_VALIDATOR)] },
    { name: "an imported schema at a tool definer's argsSchema in the linted file", filename: consumer, code: IMPORTED_AT_DEFINER, errors: [importedTypo(IMPORTED_AT_DEFINER)] },
  ],
});
