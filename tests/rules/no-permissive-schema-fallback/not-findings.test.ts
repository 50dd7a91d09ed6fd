import rule from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { advertised } from './helpers.js';

// Legitimate code that looks like a permissive fallback (the issue's list and the field notes'
// "Legitimate code that looks similar"). Each case is one reason the rule must stay quiet; where
// that reason is not "the value goes nowhere known", the case advertises the value in a tool
// definition, so that the case fails if the rule stops telling the look-alike apart.

ruleTester.run('no-permissive-schema-fallback: not findings', rule, {
  valid: [
    // ---- permissive, but not in a fallback position ---------------------------------------------
    {
      name: 'a real no-argument tool declaring { type: object, properties: {} } in place',
      code: `export const ping = { name: 'ping', inputSchema: { type: 'object', properties: {} } };`,
    },
    {
      name: 'the SDK registerTool inputSchema: {} is a zod raw shape (no arguments)',
      code: `import { z } from 'zod';\nserver.registerTool('ping', { description: 'Ping', inputSchema: {} }, async () => ({ content: [] }));`,
    },
    {
      name: 'registerTool inside a catch is a call, not a returned or assigned fallback',
      code: `try { setup(); } catch { server.registerTool('ping', { inputSchema: {} }, ping); }`,
    },
    {
      name: 'an open protocol _meta object',
      code: `import { z } from 'zod';\nexport const RequestMeta = z.object({ _meta: z.looseObject({}).optional() });`,
    },
    {
      name: 'free-form arguments as a record, declared on purpose',
      code: `import { z } from 'zod';\nexport const filterArgs = z.object({ filter: z.record(z.string(), z.unknown()) });`,
    },
    {
      name: 'a documented passthrough document',
      code: `import { z } from 'zod';\n/** Mongo pipelines are free-form. */\nexport const pipeline = z.array(z.object({}).passthrough());`,
    },
    {
      name: 'a permissive schema assigned outside any catch',
      code: `let schema; schema = { type: 'object' };${advertised('schema')}`,
    },

    // ---- fallbacks that are not permissive -------------------------------------------------------
    {
      name: 'a closed fallback in a catch',
      code: `function f() { try { return build(); } catch { return { type: 'object', properties: {}, additionalProperties: false }; } }${advertised('f()')}`,
    },
    {
      name: 'a closed ?? fallback',
      code: `const inputSchema = def.inputSchema ?? { type: 'object', additionalProperties: false };${advertised('inputSchema')}`,
    },
    {
      name: 'a closed zod fallback',
      code: `import { z } from 'zod';\nconst inputSchema = def.inputSchema ?? z.object({}).strict();${advertised('inputSchema')}`,
    },
    {
      name: 'a schema filled in property by property, returned in a catch (notion-mcp-server parser)',
      code: `function toTool(op) {
  const inputSchema = { type: 'object', properties: {}, required: [] };
  for (const p of op.parameters) { inputSchema.properties[p.name] = convert(p.schema); inputSchema.required.push(p.name); }
  try { return { name: op.id, inputSchema: compile(inputSchema) }; } catch { return { name: op.id, inputSchema }; }
}`,
    },
    {
      name: 'catch returning undefined',
      code: `function schemaOf(s) { try { return toJsonSchema(s); } catch { return undefined; } }`,
    },
    {
      name: 'catch returning a failed result',
      code: `function schemaOf(s) { try { return { ok: true, value: toJsonSchema(s) }; } catch (error) { return { ok: false, error }; } }`,
    },
    {
      name: 'catch that rethrows',
      code: `function schemaOf(s) { try { return toJsonSchema(s); } catch (error) { throw new Error('schema failed', { cause: error }); } }`,
    },
    {
      name: 'a fallback with an unknown part is not provably permissive',
      code: `function schemaOf(s) { try { return toJsonSchema(s); } catch { return { type: 'object', ...base }; } }`,
    },
    {
      name: '{ type: object, ...schema } is a spread base',
      code: `const inputSchema = def.inputSchema ? { type: 'object', ...def.inputSchema } : closed;${advertised('inputSchema')}`,
    },
    {
      name: 'a fallback that constrains properties',
      code: `const inputSchema = def.inputSchema ?? { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] };${advertised('inputSchema')}`,
    },

    {
      name: 'an object filled in by a function before Ajv registers it (this plugin\'s schema compiler)',
      code: `import Ajv from 'ajv';\nconst ajv = new Ajv();\nconst stub = stubs.get(id) ?? {};\naddTarget(stub, fragment);\najv.addSchema(stub, id);`,
    },
    {
      name: 'an object written into before it is advertised',
      code: `const inputSchema = def.inputSchema ?? {};\ninputSchema.properties = toProperties(def.fields);${advertised('inputSchema')}`,
    },

    // ---- not schema positions --------------------------------------------------------------------
    {
      name: 'options ?? {}',
      code: `function connect(url, options) { const resolved = options ?? {}; return open(url, resolved); }`,
    },
    {
      name: 'res.headers || {}',
      code: `const headers = res.headers || {};`,
    },
    {
      name: 'an options default parameter',
      code: `function connect(url, options = {}) { return open(url, options); }`,
    },
    {
      name: 'a config loader that falls back to {} in catch',
      code: `function loadConfig(text) { try { return JSON.parse(text); } catch { return {}; } }`,
    },
    {
      name: 'a data object with a non-schema type in a catch',
      code: `function call(tool, message) { try { return tool.run(); } catch { return { type: 'error', message }; } }`,
    },
    {
      name: 'a converter translating an unset additionalProperties to its JSON Schema default',
      code: `function convert(schema) { return { type: 'object', properties: schema.properties, additionalProperties: schema.additionalProperties ?? true }; }${advertised('convert(def)')}`,
    },
    {
      name: 'a guard in a function that does not return schemas',
      code: `function parse(input) { if (!input) return {}; return JSON.parse(input); }`,
    },
    {
      name: 'a schema-named predicate answering true after a guard',
      code: `function isSchemaLike(value) { if (value.kind === 'builder') return true; return typeof value.type === 'string'; }`,
    },
    {
      name: 'a schema-named predicate answering true in a catch',
      code: `function hasInputSchema(tool) { try { return validate(tool.inputSchema); } catch { return true; } }`,
    },
    {
      name: 'a switch whose default is the only case',
      code: `function pick(kind) { switch (kind) { default: return {}; } }`,
    },
    {
      name: 'a converter switch whose default throws',
      code: `function convert(node) { switch (node.kind) { case 'string': return { type: 'string' }; default: throw new Error(node.kind); } }`,
    },
    {
      name: 'a conditional choosing between two permissive schemas replaces nothing',
      code: `const inputSchema = loose ? {} : { type: 'object' };${advertised('inputSchema')}`,
    },
    {
      name: 'a conditional between data objects',
      code: `const settings = config ? { retries: 1 } : {};`,
    },
    {
      name: 'the left of ?? is not the fallback',
      code: `const inputSchema = {} ?? def.inputSchema;${advertised('inputSchema')}`,
    },
    {
      name: '&& is a condition, not a fallback',
      code: `const inputSchema = def.inputSchema && {};${advertised('inputSchema')}`,
    },
    {
      name: 'a callback inside a catch returns for the callback, not the catch',
      code: `function f() { try { return build(); } catch { return names.map((name) => ({ type: 'object' })); } }`,
    },
    {
      name: 'the catch of a promise that is not a schema',
      code: `const body = await fetch(url).then((r) => r.json()).catch(() => ({}));`,
    },

    // ---- spreads: an empty object spread adds no keys -------------------------------------------
    {
      name: 'a conditional spread into a schema (chrome-devtools-mcp definePageTool)',
      code: `const schema = { ...(args.pageIdRouting && !isSlimTool(tool) ? pageIdSchema : {}), ...tool.schema };`,
    },
    {
      name: 'a conditional spread inside a converter (zod toJSONSchema, minified)',
      code: `function toJsonSchema(t, m) { return { allOf: m.map((p) => ({ ...(t.target === 'draft-07' ? { type: 'string' } : {}), pattern: p.source })) }; }`,
    },
    {
      name: 'a ?? spread',
      code: `const inputSchema = { type: 'object', ...(def.inputSchema ?? {}) };`,
    },

    {
      name: 'iterating a possibly missing schema map (notion-mcp-server convertComponentsToJsonSchema)',
      code: `function convert(spec) { const out = {}; for (const [name, schema] of Object.entries(spec.schemas || {})) out[name] = toJsonSchema(schema); return out; }`,
    },
    {
      name: 'a for-in over a possibly missing schema',
      code: `for (const key in def.inputSchema ?? {}) use(key);`,
    },
    {
      name: 'a plural schemas map defaulting to empty',
      code: `const schemas = spec.components?.schemas ?? {};`,
    },

    // ---- type-level code -------------------------------------------------------------------------
    {
      name: 'a type literal',
      code: `type X = { additionalProperties: true };`,
    },
    {
      name: 'an interface with schema-named fields',
      code: `interface Tool { inputSchema?: {}; parameters?: { type: 'object' } }`,
    },
    {
      name: 'a type default in a generic parameter',
      code: `function f<Schema = {}>(schema: Schema) { return schema; }`,
    },
    {
      name: 'a type assertion on a non-fallback',
      code: `const inputSchema = {} as JSONSchema7;`,
    },

    // ---- output schemas in recommended -----------------------------------------------------------
    {
      name: 'an output-schema fallback in a catch',
      code: `function toTool(def) { try { return { name: def.name, outputSchema: toJsonSchema(def.output) }; } catch { return { name: def.name, outputSchema: { type: 'object' } }; } }`,
    },
    {
      name: 'a function building an output schema (mcp-framework BaseTool.generateOutputSchema)',
      code: `class Tool { generateOutputSchema() { if (!this.outputShape) return {}; return { type: 'object', properties: toProperties(this.outputShape) }; } }`,
    },
    {
      name: 'a response_schema default',
      code: `function call({ response_schema = {} }) { return response_schema; }`,
    },

    // ---- not a schema library --------------------------------------------------------------------
    {
      name: 'a local object named z is not zod',
      code: `const z = { any: () => 1 };\nconst inputSchema = def.inputSchema ?? z.any();${advertised('inputSchema')}`,
    },
    {
      name: 'an unresolvable module named like zod is not zod',
      code: `import { z } from './not-zod.js';\nconst inputSchema = def.inputSchema ?? z.any();${advertised('inputSchema')}`,
    },
    {
      name: 'JS: a config fallback',
      code: `const config = loadConfig() || {};`,
      filename: 'file.js',
    },
  ],
  invalid: [],
});
