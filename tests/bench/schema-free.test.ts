import { describe, expect, it } from 'vitest';
import { namesNoSchema, relativeImportCount } from '../../bench/schema-free.mjs';

describe('files that name no schema', () => {
  it('counts ordinary application code', () => {
    expect(namesNoSchema("import { Database } from './db.js';\nexport function load(db: Database, id: string) {\n  return db.query('select * from t where id = $1', [id]);\n}\n")).toBe(true);
    expect(namesNoSchema("export * from './service.js';\nexport { type Row } from './model.js';\n")).toBe(true);
  });

  it.each([
    ['a schema word in any case', 'const inputSchema = load();'],
    ['a converter', 'export const out = toJsonSchema(x);'],
    ['an enum', 'enum Color { Red }'],
    ['the glossary policy key', "export const T = { enumPolicy: 'closed', values: [] };"],
    ['a schema library', "import { z } from 'zod/v4';"],
    ['TypeBox', "import { Type } from '@sinclair/typebox';"],
    ['valibot', "import * as v from 'valibot';"],
    ['Ajv', "import Ajv from 'ajv';"],
    ['the MCP SDK', "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';"],
    ['JSON Schema keywords', "const shape = { type: 'object', properties: {} };"],
    ['additionalProperties', "const open = { additionalProperties: true };"],
    ['function-calling parameters', "tools.push({ name, parameters });"],
    ['tool registration', "server.registerTool('x', config, handler);"],
    ['a zod namespace from a local barrel', "import { z } from '../third_party/index.js';\nexport const Args = z.object({ a: z.string() });"],
    ['a valibot namespace', 'const s = v.object({});'],
    ['a TypeBox namespace', 'const s = Type.Object({});'],
  ])('does not count a file with %s', (_, text) => {
    expect(namesNoSchema(text)).toBe(false);
  });

  it('counts the distinct relative modules a file imports or re-exports from', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b';",
      "export * from './a.js';",
      "export { c } from \"./c/index.js\";",
      "const lazy = await import('./lazy.js');",
      "import 'node:fs';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImportCount(text)).toBe(4);
    expect(relativeImportCount('export const x = 1;')).toBe(0);
  });
});
