import { join } from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../../src/index.js';

// A `required` entry naming no property is one defect: on a JSON Schema literal that
// valid-schema-literal's Ajv check reaches, that rule reports it and tool-input-schema-conventions
// leaves it; where the check does not reach it (a dialect Ajv 8 does not check, a meta-schema
// violation reported first, a literal the code fills in later), the conventions rule still does.
// Both rules run together here, as `recommended` runs them.

const cwd = import.meta.dirname;
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tsParser as Linter.Parser },
    plugins: { 'schema-contract': plugin as unknown as ESLint.Plugin },
    rules: { 'schema-contract/valid-schema-literal': 'error', 'schema-contract/tool-input-schema-conventions': 'error' },
  },
];
const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config });

async function findings(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(cwd, 'consumer.ts') });
  return result!.messages.map((message) => `${message.line}:${message.column} ${message.ruleId?.replace('schema-contract/', '')} ${message.messageId} ${message.message}`);
}

/** `line:column` of the `occurrence`-th `snippet` in `code`, as ESLint numbers them. */
function at(code: string, snippet: string, occurrence = 0): string {
  let index = -1;
  for (let seen = 0; seen <= occurrence; seen += 1) index = code.indexOf(snippet, index + 1);
  if (index === -1) throw new Error(`no ${snippet} in the code`);
  const before = code.slice(0, index).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const tool = (schema: string) => `export const search = {\n  name: 'search',\n  description: 'Search',\n  inputSchema: ${schema},\n};\n`;

describe('a required entry naming no property, reported once', () => {
  it('on a literal Ajv reaches: by valid-schema-literal alone, at the entry', async () => {
    const code = tool("{ type: 'object', properties: { q: { type: 'string' } }, required: ['q', 'limit'] }");
    expect(await findings(code)).toEqual([`${at(code, "'limit'")} ` + 'valid-schema-literal requiredNotDefined `required` names `limit`, which `properties` does not define.']);
  });

  it('on a literal imported from another module: by valid-schema-literal alone, at the use', async () => {
    const code = `import { searchInput } from './schemas.js';\n${tool('searchInput')}`;
    expect(await findings(code)).toEqual([
      `${at(code, 'searchInput', 1)} ` + 'valid-schema-literal requiredNotDefined `required` names `page`, which `properties` does not define (in `./schemas.ts`, at `/required/1`).',
    ]);
  });

  it('on a literal written before its use: by valid-schema-literal alone', async () => {
    const code = `const searchSchema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q', 'limit'] };\n${tool('searchSchema')}`;
    expect(await findings(code)).toEqual([`${at(code, "'limit'")} ` + 'valid-schema-literal requiredNotDefined `required` names `limit`, which `properties` does not define.']);
  });

  it('on a draft Ajv 8 does not check: by tool-input-schema-conventions', async () => {
    const code = tool("{ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { q: { type: 'string' } }, required: ['q', 'limit'] }");
    expect(await findings(code)).toEqual([
      `${at(code, "['q', 'limit']")} ` + "tool-input-schema-conventions requiredUnknownProperty `required` names `limit`, which `properties` does not define: the schema advertised as `search`'s inputSchema can never be satisfied without it, and clients that check the list refuse it.",
    ]);
  });

  it('beside a meta-schema violation, which Ajv reports alone: each defect once, by its rule', async () => {
    const code = tool("{ type: 'object', properties: { q: { type: 'strin' } }, required: ['q', 'limit'] }");
    const messages = await findings(code);
    expect(messages.map((message) => message.split(' ').slice(0, 3).join(' '))).toEqual([`${at(code, "'strin'")} valid-schema-literal invalidValue`, `${at(code, "['q', 'limit']")} tool-input-schema-conventions requiredUnknownProperty`]);
  });

  it("on a shape given to the SDK's `server.tool` through a `…Schema` const: by valid-schema-literal alone", async () => {
    const code = `const searchSchema = { type: 'object', properties: { q: { type: 'string' } }, required: ['q', 'limit'] };\nserver.tool('search', 'Search', searchSchema, async () => ({ content: [] }));\n`;
    expect((await findings(code)).map((message) => message.split(' ').slice(0, 3).join(' '))).toEqual([`${at(code, "'limit'")} valid-schema-literal requiredNotDefined`]);
  });

  it("on a literal written inline in `server.tool`, which is no position of valid-schema-literal's: by tool-input-schema-conventions", async () => {
    const code = "server.tool('search', 'Search', { type: 'object', properties: { q: { type: 'string' } }, required: ['q', 'limit'] }, async () => ({ content: [] }));\n";
    expect((await findings(code)).map((message) => message.split(' ').slice(0, 3).join(' '))).toEqual([`${at(code, "['q', 'limit']")} tool-input-schema-conventions requiredUnknownProperty`]);
  });

  it('on a library schema: the conventions rule still checks it, valid-schema-literal has nothing to say', async () => {
    const code = `import { z } from 'zod';\n${tool('z.array(z.string())')}`;
    expect(await findings(code)).toEqual([
      `${at(code, 'z.array(z.string())')} ` + "tool-input-schema-conventions rootNotObject This schema is advertised as `search`'s inputSchema, but its root has `type: 'array'`, not `type: 'object'`: clients read a tool's arguments as an object, and some refuse the whole tool list over one such schema.",
    ]);
  });
});
