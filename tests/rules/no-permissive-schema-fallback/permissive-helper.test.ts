import rule from '../../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../../rule-tester.js';
import { ABSENCE, ANYTHING, FAILURE, JSON_CLOSED, SEARCH_INPUT, locate } from './helpers.js';

// Issue 30, the recursive `$ref` of vendored zod-to-json-schema (@mastra/mcp, @mastra/schema-compat
// in the smoke corpus): `return parseAnyDef(refs)` after the cycle test is `{}`, through a helper
// of the file whose every return is a permissive schema (its only other choice is the target's).
// The evaluator runs no function; the helper's returns are its values, one level.

const helped = (helper: string): string => `${ANYTHING} (\`${helper}()\` returns a permissive schema whatever it is given)`;

/** The vendored code, as the smoke corpus's `dist/index.js` holds it (types left out, as there). */
const GET_REF = (anyDef: string): string => `${anyDef}
const get$ref = (item, refs) => {
  switch (refs.$refStrategy) {
    case "root": return { $ref: item.path.join("/") };
    case "relative": return { $ref: getRelativePath(refs.currentPath, item.path) };
    case "none":
    case "seen":
      if (item.path.length < refs.currentPath.length && item.path.every((value, index) => refs.currentPath[index] === value)) {
        console.warn(\`Recursive reference detected at \${refs.currentPath.join("/")}! Defaulting to any\`);
        return parseAnyDef(refs);
      }
      return refs.$refStrategy === "seen" ? parseAnyDef(refs) : void 0;
  }
};
export function parseDef(def, refs, forceResolution = false) {
  const seenItem = refs.seen.get(def);
  if (seenItem && !forceResolution) {
    const seenSchema = get$ref(seenItem, refs);
    if (seenSchema !== void 0) return seenSchema;
  }
  return selectParser(def, def.typeName, refs);
}`;

const PARSE_ANY_DEF = `function parseAnyDef(refs) {
  if (refs.target !== "openAi") return {};
  const anyDefinitionPath = [...refs.basePath, refs.definitionPath, refs.openAiAnyTypeName];
  refs.flags.hasReferencedOpenAiAnyType = true;
  return { $ref: refs.$refStrategy === "relative" ? getRelativePath(anyDefinitionPath, refs.currentPath) : anyDefinitionPath.join("/") };
}`;

const RECURSIVE_REF = GET_REF(PARSE_ANY_DEF);
const GET_REF_SINK = 'returned by `get$ref()`, whose other returns are schemas (such as `{ $ref: item.path.join("/") }`)';
/** The call after the cycle test: the second `parseAnyDef(refs)` of the code (the first is the declaration). */
const AT_CYCLE = (code: string) => locate(code, 'parseAnyDef(refs)', 1);

/** The converter's own case for `z.any()`: a translation, whatever the helper returns. */
const SELECT_PARSER = `${PARSE_ANY_DEF}
export const selectParser = (def, typeName, refs) => {
  switch (typeName) {
    case "ZodString": return parseStringDef(def, refs);
    case "ZodAny": return parseAnyDef(refs);
    default: return ((_) => void 0)(typeName);
  }
};`;

/** zod-to-json-schema's `optional(X)`: when `parseDef` cannot convert X (a function, a symbol), the optional becomes "any". */
const PARSE_OPTIONAL_DEF = `${PARSE_ANY_DEF}
export const parseOptionalDef = (def, refs) => {
  if (refs.currentPath.toString() === refs.propertyPath?.toString()) return parseDef(def.innerType._def, refs);
  const innerSchema = parseDef(def.innerType._def, { ...refs, currentPath: [...refs.currentPath, "anyOf", "1"] });
  return innerSchema ? { anyOf: [{ not: parseAnyDef(refs) }, innerSchema] } : parseAnyDef(refs);
};`;

const DECLARED = `import type { JSONSchema7 } from 'json-schema';
const anyDef = () => ({});
export function toolSchema(def: ToolDef): JSONSchema7 {
  try {
    return marshal(def.args);
  } catch (err) {
    log.error('schema marshal failed', err);
    return anyDef();
  }
}`;

const TOOL = (helper: string, fallback: string): string => `${helper}
export const search = { name: 'search', description: 'Search the catalogue', inputSchema: ${fallback} };`;

ruleTester.run('no-permissive-schema-fallback: a helper returning a permissive schema (issue 30)', rule, {
  valid: [
    { name: "the converter's ZodAny case returning parseAnyDef(refs) translates z.any()", code: SELECT_PARSER },
    {
      // (the helper's own `{}` translates a kind: no finding there either)
      name: 'a helper returning {} only for one kind of input (not a mode test) is not permissive whatever it is given',
      code: GET_REF("function parseAnyDef(refs) {\n  if (refs.kind === 'any') return {};\n  return { $ref: `#/definitions/${refs.name}` };\n}"),
    },
    {
      name: 'a helper returning its input is not a permissive schema',
      code: TOOL('function passThrough(schema) {\n  return schema;\n}', 'built.ok ? built.value : passThrough(spec.schema)'),
    },
    {
      name: 'a helper that can fall off its end (undefined for the other target) is not one',
      code: GET_REF('function parseAnyDef(refs) {\n  if (refs.target !== "openAi") return {};\n  refs.flags.hasReferencedOpenAiAnyType = true;\n}'),
    },
    {
      name: 'a helper that throws on some input is not permissive whatever it is given',
      code: GET_REF('function parseAnyDef(refs) {\n  if (refs.target === "openAi") throw new Error("unsupported");\n  return {};\n}'),
    },
    {
      name: 'a helper whose permissive return sits in a loop is not one',
      code: GET_REF('function parseAnyDef(refs) {\n  for (const seen of refs.seen) return {};\n  return { $ref: "#" };\n}'),
    },
    {
      name: 'a helper yielding {} with no sink or schema sibling in view stays quiet, as {} does',
      code: 'const anyDef = () => ({});\nexport function schemaOf(def) {\n  const built = convert(def);\n  return built.ok ? built.value : anyDef();\n}',
    },
    {
      name: "registerTool's inputSchema from a helper yielding {} is a zod raw shape (no arguments)",
      code: "import { z } from 'zod';\nconst noArguments = () => ({});\nserver.registerTool('ping', { description: 'Ping', inputSchema: spec.shape ?? noArguments() }, async () => ({ content: [] }));",
    },
    {
      name: 'a helper returning its parameter in the catch of a function declared JSONSchema7 is not permissive',
      code: DECLARED.replace('const anyDef = () => ({});', 'const anyDef = (fallback) => fallback;').replace('anyDef()', 'anyDef(def.args)'),
    },
    {
      name: 'an async helper yields a promise, not a schema',
      code: TOOL('async function anyDef() {\n  return {};\n}', 'built.ok ? built.value : anyDef()'),
    },
  ],
  invalid: [
    {
      name: "zod-to-json-schema's recursive $ref breaking the cycle with parseAnyDef(refs) (a function declaration)",
      code: RECURSIVE_REF,
      errors: [{ messageId: FAILURE, data: { accepts: helped('parseAnyDef'), sink: GET_REF_SINK }, ...AT_CYCLE(RECURSIVE_REF), suggestions: [] }],
    },
    {
      name: "zod-to-json-schema's optional of a kind parseDef cannot convert becomes the helper's {}",
      code: PARSE_OPTIONAL_DEF,
      errors: [
        {
          messageId: FAILURE,
          data: { accepts: helped('parseAnyDef'), sink: 'used in place of `{ anyOf: [{ not: parseAnyDef(refs) }, innerSc…`' },
          ...locate(PARSE_OPTIONAL_DEF, 'parseAnyDef(refs)', 2),
          suggestions: [],
        },
      ],
    },
    {
      name: 'the same helper bound to a const arrow function',
      code: GET_REF('const parseAnyDef = (refs) => {\n  if (refs.target !== "openAi") return {};\n  return { $ref: "#/definitions/OpenAiAnyType" };\n};'),
      errors: [
        {
          messageId: FAILURE,
          data: { accepts: helped('parseAnyDef'), sink: GET_REF_SINK },
          ...locate(GET_REF('const parseAnyDef = (refs) => {\n  if (refs.target !== "openAi") return {};\n  return { $ref: "#/definitions/OpenAiAnyType" };\n};'), 'parseAnyDef(refs)'),
          suggestions: [],
        },
      ],
    },
    {
      name: 'a helper returning {} whatever it is given, as a failed build’s fallback in a tool definition',
      code: TOOL('const anyDef = () => ({});', 'built.ok ? built.value : anyDef()'),
      errors: [{ messageId: FAILURE, data: { accepts: helped('anyDef'), sink: SEARCH_INPUT }, ...locate(TOOL('const anyDef = () => ({});', 'built.ok ? built.value : anyDef()'), 'anyDef()'), suggestions: [] }],
    },
    {
      name: 'a helper returning z.any() in a catch: a schema by its shape with no sink in view',
      code: "import { z } from 'zod';\nfunction anySchema() {\n  return z.any();\n}\nexport function toZod(def) {\n  try {\n    return convert(def);\n  } catch {\n    return anySchema();\n  }\n}",
      errors: [
        {
          messageId: FAILURE,
          data: { accepts: helped('anySchema'), sink: 'returned by `toZod()` in place of the schema it failed to build' },
          line: 9,
          column: 12,
          endLine: 9,
          endColumn: 23,
          suggestions: [],
        },
      ],
    },
    {
      name: 'a helper returning {} in the catch of a function declared JSONSchema7: the declared type says it is a schema',
      code: DECLARED,
      errors: [{ messageId: FAILURE, data: { accepts: helped('anyDef'), sink: 'returned as the `JSONSchema7` this function declares' }, ...locate(DECLARED, 'anyDef()'), suggestions: [] }],
    },
    {
      name: 'a missing schema defaulting to the helper: the message names the closed schema, no suggestion rewrites the call',
      code: TOOL('function parseAnyDef(refs) {\n  return {};\n}', 'spec.schema ?? parseAnyDef(refs)'),
      errors: [
        {
          messageId: ABSENCE,
          data: { accepts: helped('parseAnyDef'), sink: SEARCH_INPUT, closed: JSON_CLOSED },
          ...locate(TOOL('function parseAnyDef(refs) {\n  return {};\n}', 'spec.schema ?? parseAnyDef(refs)'), 'parseAnyDef(refs)', 1),
          suggestions: [],
        },
      ],
    },
  ],
});
