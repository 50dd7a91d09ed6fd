// Which linted files name no schema at all: the files for which the budget's "a file whose values
// reach no schema position parses no other module" is checked. Whether a value reaches a schema
// position is what the plugin's analysis decides, so the bench cannot ask it without trusting what
// it measures; it uses a textual test that errs the safe way instead. A file is counted only when
// its text spells nothing a schema, a schema library, an enum or a glossary table could be written
// with, so every file it counts has no schema in it, and some files without one are not counted.

/**
 * Spellings that let a file hold or build a schema: the word itself (`inputSchema`, `toJsonSchema`,
 * `SchemaError`), enums and the glossary's policy key (`enumPolicy`), the schema libraries and
 * validators, JSON Schema's structural keywords, function-calling `parameters`, tool registration,
 * and a member call on a library's usual namespace (`z.object(`, `v.string(`, `Type.Any(`), which a
 * module may import under that name from a local barrel.
 */
const SCHEMA_SPELLINGS =
  /schema|enum|zod|typebox|valibot|\bajv\b|json-?schema|modelcontextprotocol|\bproperties\b|\bparameters\b|additionalProperties|registerTool|\b(?:z|v|t|Type|S|y|yup|joi|Joi)\.[A-Za-z_$]+\s*\(/i;

/** @param {string} text */
export function namesNoSchema(text) {
  return !SCHEMA_SPELLINGS.test(text);
}

/**
 * How many relative modules a file imports or re-exports from (distinct specifiers): the files a
 * cold lint could be made to open. A cheap way to pick the files worth measuring cold.
 * @param {string} text
 */
export function relativeImportCount(text) {
  const specifiers = new Set();
  for (const match of text.matchAll(/\b(?:from|import)\s*\(?\s*(['"])(\.{1,2}\/[^'"]*)\1/g)) specifiers.add(match[2]);
  return specifiers.size;
}
