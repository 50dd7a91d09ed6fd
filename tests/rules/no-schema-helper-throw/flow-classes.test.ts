import rule from '../../../rules/no-schema-helper-throw.js';
import { ruleTester } from '../../rule-tester.js';

// The no-schema-helper-throw classes of issue 18, in both directions: a throw reached only at
// validation time through a Standard Schema's `~standard.validate`, a function whose name mentions
// the schema it takes but builds none, and a helper known only by where its result goes.

function panic(helper: string, reason: string, construct: string, line: number, column: number) {
  return { messageId: 'panicInSchemaHelper' as const, data: { helper, reason, construct }, line, column };
}

ruleTester.run('no-schema-helper-throw: issue 18 flow classes', rule, {
  valid: [
    {
      name: "a rethrow in a cache reset reached only from a Standard Schema's validate (fastmcp jsonSchemaAdapter)",
      code: `
function jsonSchemaAdapter(schema) {
  let compiled;
  const getValidator = () => {
    compiled ??= compileValidator(schema).catch((error) => {
      compiled = undefined;
      throw error;
    });
    return compiled;
  };
  return {
    '~standard': {
      validate: async (data) => {
        const validate = await getValidator();
        if (!validate) throw new Error('no validator');
        return validate(data) ? { value: data } : { issues: validate.errors };
      },
      vendor: 'json-schema',
      version: 1,
    },
  };
}
      `,
    },
    {
      name: 'a validator stored on the schema a helper returns runs at validation time',
      code: `
export function buildSchema(fields) {
  return { type: 'object', properties: fields, validate(value) { if (!value) throw new TypeError('no value'); return true; } };
}
      `,
    },
    {
      name: 'parsing with a schema: the schema is the input, the result is data',
      code: `
export function parseWithSchema(schema, input) {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(result.error.message);
  return result.data;
}
      `,
    },
    {
      name: 'a setter-like method that stores a schema and returns nothing',
      code: `
class Registry {
  registerSchema(id, schema) {
    if (this.schemas.has(id)) throw new Error('duplicate schema ' + id);
    this.schemas.set(id, schema);
  }
}
      `,
    },
    {
      name: 'a function describing a schema returns text',
      code: `
export function describeSchema(schema) {
  if (!schema) throw new Error('no schema');
  return \`\${schema.type} with \${Object.keys(schema.properties ?? {}).length} properties\`;
}
      `,
    },
    {
      name: 'a schema version check answers a comparison',
      code: `
export function schemaVersionAtLeast(version, wanted) {
  if (!version) throw new Error('unknown version');
  return compare(version, wanted) >= 0;
}
      `,
    },
    {
      name: 'an API client method returning the response parsed by a schema (@zereight/mcp-gitlab)',
      code: `
import { z } from 'zod';
const GitLabIssueSchema = z.object({ id: z.number(), title: z.string() });
export async function createIssue(projectId, options) {
  const response = await fetch(url(projectId), { method: 'POST', body: JSON.stringify(options) });
  if (!response.ok) throw new Error(\`GitLab API error: \${response.status}\`);
  return GitLabIssueSchema.parse(await response.json());
}
      `,
    },
    {
      name: "a schema fetched from a service, rethrowing the request's error (n8n-mcp getCredentialSchema)",
      code: `
class N8nApiClient {
  async getCredentialSchema(typeName) {
    try {
      const response = await this.client.get(\`/credentials/schema/\${typeName}\`);
      return response.data;
    } catch (error) {
      throw handleN8nApiError(error);
    }
  }
}
      `,
    },
    {
      name: 'a schema fetched with fetch and read as JSON',
      code: `
export async function loadToolSchema(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(\`schema request failed: \${res.status}\`);
  return res.json();
}
      `,
    },
    {
      name: 'a schema-named function that stores what it is given, writing no keyword',
      code: `
function cacheToolSchema(registry, schema) {
  if (!schema) throw new Error('no schema');
  registry.latest = schema;
}
      `,
    },
    {
      name: 'a function whose result goes nowhere known and whose name says nothing of schemas',
      code: `
function build(def) {
  if (!def) throw new Error('no definition');
  return compile(def);
}
      `,
    },
  ],
  invalid: [
    {
      name: "a schema-named builder returning a field of a value it computed, not a response's body",
      code: `
function toolSchema(def) {
  const converted = convert(def);
  if (!converted.ok) throw new Error('cannot convert ' + def.name);
  return converted.data;
}
      `,
      errors: [panic('toolSchema', 'named for the schema it builds', '`throw new Error(…)`', 4, 22)],
    },
    {
      name: 'the adapter itself panics while it builds the Standard Schema',
      code: `
function jsonSchemaAdapter(schema) {
  if (!schema) throw new Error('no schema');
  return { '~standard': { validate: (data) => ({ value: data }), vendor: 'json-schema', version: 1 } };
}
      `,
      errors: [panic('jsonSchemaAdapter', 'named for the schema it builds', '`throw new Error(…)`', 3, 16)],
    },
    {
      name: 'a validator-named function the helper calls itself runs while the schema is built',
      code: `
export function buildSchema(fields) {
  function assertFields(list) { if (list.length === 0) throw new Error('no fields'); }
  assertFields(fields);
  return { type: 'object', properties: fields };
}
      `,
      errors: [panic('buildSchema', 'it returns a JSON Schema', '`throw new Error(…)`', 3, 56)],
    },
    {
      name: 'a schema merged in place into its parameter (@mastra/schema-compat mergeAllOfSubschemas)',
      code: `
function mergeAllOfSubschemas(target, subschemas) {
  const merged = { ...target.properties };
  for (const sub of subschemas) {
    for (const [name, schema] of Object.entries(sub.properties ?? {})) {
      if (name in merged) throw new Error('Cannot flatten allOf: ' + name + ' is defined twice');
      merged[name] = schema;
    }
  }
  target.properties = merged;
}
      `,
      errors: [panic('mergeAllOfSubschemas', 'named for the schema it builds', '`throw new Error(…)`', 6, 27)],
    },
    {
      name: 'a name that makes a schema, returning a converted one',
      code: `
export function schemaFor(tool) {
  if (!tool.input) throw new Error('no input for ' + tool.name);
  return zodToJsonSchema(tool.input);
}
      `,
      errors: [panic('schemaFor', 'it returns the result of `zodToJsonSchema()`', '`throw new Error(…)`', 3, 20)],
    },
    {
      name: 'a helper known by where its result goes: advertised as a tool schema',
      code: `
function build(def) {
  if (!def) throw new Error('no definition');
  return compile(def);
}
export const search = { name: 'search', description: 'Search', inputSchema: build(searchDefinition) };
      `,
      errors: [panic('build', "its result is advertised as `search`'s inputSchema", '`throw new Error(…)`', 3, 13)],
    },
    {
      name: 'a helper known by where its result goes: compiled by Ajv',
      code: `
import Ajv from 'ajv';
const ajv = new Ajv();
const load = (path) => {
  const text = readFileSync(path, 'utf8');
  if (!text) process.exit(1);
  return JSON.parse(text);
};
export const validate = ajv.compile(load('./input.json'));
      `,
      errors: [panic('load', 'its result is compiled by `ajv.compile()`', '`process.exit()`', 6, 14)],
    },
  ],
});
