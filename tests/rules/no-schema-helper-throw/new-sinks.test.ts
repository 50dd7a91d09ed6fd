import rule from '../../../rules/no-schema-helper-throw.js';
import { ruleTester } from '../../rule-tester.js';
import { locate } from '../no-permissive-schema-fallback/helpers.js';

// Issue 30, "where it goes", for the helper check: a function whose result reaches one of the new
// sinks (a LangChain tool class, a validator of `@cfworker/json-schema`, a tool map's entry) is a
// schema helper, and its throw a helper panic. A callee that only looks like a tool definer is not
// evidence.

const BUILD = "function build(def) {\n  if (!def.ok) throw new Error('bad schema');\n  return convert(def);\n}\n";
const THROW = "throw new Error('bad schema');";

function panic(code: string, reason: string) {
  const { line, column } = locate(code, THROW);
  return { messageId: 'panicInSchemaHelper' as const, data: { helper: 'build', reason, construct: '`throw new Error(…)`' }, line, column };
}

const LANGCHAIN = `import { DynamicStructuredTool } from '@langchain/core/tools';\n${BUILD}export const search = new DynamicStructuredTool({ name: 'search', description: 'Search', schema: build(spec), func });`;
const CFWORKER = `import { Validator } from '@cfworker/json-schema';\n${BUILD}export const validator = new Validator(build(spec));`;
const KEYED = `${BUILD}export const tools = { search: { description: 'Search', parameters: build(spec) } };`;

ruleTester.run('no-schema-helper-throw: issue 30 new sinks', rule, {
  valid: [
    { name: 'a callee named like a tooltip', code: `${BUILD}export const tip = createTooltip({ name: 'search', schema: build(spec) });` },
    { name: 'a map of help pages, not of tools', code: `${BUILD}export const pages = { search: { description: 'Search help', parameters: build(spec) } };` },
  ],
  invalid: [
    { name: "its result is LangChain's DynamicStructuredTool schema", code: LANGCHAIN, errors: [panic(LANGCHAIN, "its result is advertised as `search`'s schema")] },
    { name: 'its result is compiled by new Validator()', code: CFWORKER, errors: [panic(CFWORKER, 'its result is compiled by `new Validator()`')] },
    { name: "its result is a tool map's entry", code: KEYED, errors: [panic(KEYED, "its result is advertised as `search`'s parameters")] },
  ],
});
