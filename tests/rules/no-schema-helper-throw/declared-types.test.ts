import rule from '../../../rules/no-schema-helper-throw.js';
import { ruleTester } from '../../rule-tester.js';
import { locate } from '../no-permissive-schema-fallback/helpers.js';

// Issue 30, evidence item 2: a function whose declared return type is a schema type is a schema
// helper by what the code declares, whatever its name and whoever calls it; its panics are
// helper panics. A declared type that is no schema (a table's, a record, a tool result) is no
// evidence, and the exclusions that were right stay: validators, code run at validation time, a
// throw caught inside the helper.

function panic(code: string, snippet: string, helper: string, type: string, construct: string) {
  return {
    code,
    errors: [{ messageId: 'panicInSchemaHelper' as const, data: { helper, reason: `it declares that it returns \`${type}\``, construct }, ...locate(code, snippet) }],
  };
}

const THROW_IN_BUILD = `import type { JSONSchema7 } from 'json-schema';
import { marshal } from './marshal.js';
export function build(def: ToolDef): JSONSchema7 {
  if (!def.args) throw new Error('no arguments for ' + def.name);
  return marshal(def.args);
}`;

ruleTester.run('no-schema-helper-throw: declared schema types', rule, {
  valid: [
    {
      name: 'the same function without a declared type and a name that says nothing',
      code: `import { marshal } from './marshal.js';\nexport function build(def) {\n  if (!def.args) throw new Error('no arguments for ' + def.name);\n  return marshal(def.args);\n}`,
    },
    {
      name: 'a declared Record<string, unknown> is no schema',
      code: `export function build(def): Record<string, unknown> {\n  if (!def.args) throw new Error('no arguments');\n  return marshal(def.args);\n}`,
    },
    {
      name: "a database helper declared to return its table's schema type",
      code: `export async function describeTableSchema(table: string): Promise<TableSchema> {\n  const columns = await db.columns(table);\n  if (columns.length === 0) throw new Error('no table ' + table);\n  return { table, columns };\n}`,
    },
    {
      name: 'a declared array of schemas is not one',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function build(defs): JSONSchema7[] {\n  if (!defs) throw new Error('no definitions');\n  return defs.map(marshal);\n}`,
    },
    {
      name: 'a validator declared to return the schema it checked (ignoreNames)',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function validateSchema(s: unknown): JSONSchema7 {\n  if (!isObject(s)) throw new TypeError('not a schema');\n  return s;\n}`,
    },
    {
      name: 'a throw caught inside a declared helper',
      code: `import type { JSONSchema7 } from 'json-schema';\nexport function build(def): JSONSchema7 | undefined {\n  try {\n    if (!def.args) throw new Error('no arguments');\n    return marshal(def.args);\n  } catch {\n    return undefined;\n  }\n}`,
    },
    {
      name: 'a refine callback in a declared zod builder runs at validation time',
      code: `import { z } from 'zod';\nexport function range(): z.ZodTypeAny {\n  return z.object({ min: z.number(), max: z.number() }).refine((r) => {\n    if (r.min > r.max) throw new Error('min above max');\n    return true;\n  });\n}`,
    },
  ],
  invalid: [
    { name: 'a throw in a function declared JSONSchema7, named for nothing', ...panic(THROW_IN_BUILD, `throw new Error('no arguments for ' + def.name);`, 'build', 'JSONSchema7', '`throw new Error(…)`') },
    {
      name: 'process.exit in an async builder declared Promise<z.ZodTypeAny>',
      ...panic(
        `import { z } from 'zod';\nexport async function load(url: string): Promise<z.ZodTypeAny> {\n  const body = await fetchJson(url);\n  if (!body) process.exit(1);\n  return fromJson(body);\n}`,
        'process.exit(1)',
        'load',
        'z.ZodTypeAny',
        '`process.exit()`',
      ),
    },
    {
      name: "an assertion in an arrow typed to return Tool['inputSchema']",
      ...panic(
        `import assert from 'node:assert';\nimport type { Tool } from '@modelcontextprotocol/sdk/types.js';\nexport const inputOf: (def: Def) => Tool['inputSchema'] = (def) => {\n  assert(def.args, 'no arguments');\n  return marshal(def.args);\n};`,
        `assert(def.args, 'no arguments')`,
        'inputOf',
        "Tool['inputSchema']",
        '`assert()`',
      ),
    },
    {
      name: 'a throw in a method declared TSchema',
      ...panic(
        `import type { TSchema } from '@sinclair/typebox';\nexport class Registry {\n  resolve(ref: string): TSchema {\n    const found = this.refs.get(ref);\n    if (!found) throw new Error('unresolved ' + ref);\n    return found;\n  }\n}`,
        `throw new Error('unresolved ' + ref);`,
        'resolve',
        'TSchema',
        '`throw new Error(…)`',
      ),
    },
  ],
});
