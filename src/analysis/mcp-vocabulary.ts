import type { JsonPointer } from './schema-structure.js';

/**
 * What the Model Context Protocol specification says about the JSON Schemas it carries, beyond
 * JSON Schema itself: the keywords it defines (known in its own positions only; the rule's
 * `allowedKeywords` covers every other vocabulary) and the root it requires. Sources are the
 * specification's `schema/<revision>/schema.ts`, quoted where a message repeats them.
 */

/** The MCP position a schema literal is in. */
export type McpSchemaRole = 'tool-input' | 'tool-output' | 'elicitation';

interface McpKeyword {
  readonly keyword: string;
  readonly role: McpSchemaRole;
  /** Whether the keyword is defined on the schema object at this pointer (from the position's root). */
  readonly definedAt: (schemaPointer: JsonPointer) => boolean;
}

/** A member of the root's `properties`: the only place an elicitation schema has subschemas. */
const isPropertySchema = (pointer: JsonPointer) => pointer.length === 2 && pointer[0] === 'properties';

/**
 * Keywords JSON Schema does not have and MCP defines. `x-` annotations (2026-07-28's
 * `x-mcp-header`) are not listed: every `x-*` keyword is accepted anyway.
 */
const MCP_KEYWORDS: readonly McpKeyword[] = [
  // Display names for `enum` values in `elicitation/create`'s `requestedSchema`, whose property
  // schemas are `PrimitiveSchemaDefinition`s: `EnumSchema.enumNames` in 2025-06-18,
  // `LegacyTitledEnumSchema.enumNames` in 2025-11-25 and 2026-07-28 ("(Legacy) Display names for
  // enum values. Non-standard according to JSON schema 2020-12.").
  { keyword: 'enumNames', role: 'elicitation', definedAt: isPropertySchema },
];

/** The MCP keywords known on the schema object at `schemaPointer` of a schema in `role`. */
export function mcpKeywordsAt(role: McpSchemaRole, schemaPointer: JsonPointer): readonly string[] {
  return MCP_KEYWORDS.filter((entry) => entry.role === role && entry.definedAt(schemaPointer)).map((entry) => entry.keyword);
}

/**
 * Why a tool schema's root must be `type: 'object'`, in the specification's words. For an input
 * schema every revision requires it; for an output schema 2025-06-18 and 2025-11-25 do, and
 * 2026-07-28 (SEP-2106) allows any root, but clients of the earlier revisions still reject the tool.
 */
export const MCP_ROOT_REQUIREMENT: Readonly<Record<'tool-input' | 'tool-output', string>> = {
  'tool-input': 'the MCP specification requires it ("Tool arguments are always JSON objects, so `type: "object"` is required at the root")',
  'tool-output':
    'MCP 2025-11-25 requires it ("Currently restricted to type: "object" at the root level"), so clients of that revision reject the tool, though 2026-07-28 allows any root',
};

/**
 * The MCP role of a schema position, by the name it is found under. A stand-in until positions
 * are recognised by where their value goes (issue 18): `requestedSchema` is the elicitation
 * request's field, so a const of that name is taken to be one.
 */
export function mcpSchemaRoleOf(position: { readonly name: string; readonly mcpTool: boolean }): McpSchemaRole | undefined {
  if (position.mcpTool) return position.name === 'outputSchema' ? 'tool-output' : 'tool-input';
  return position.name === 'requestedSchema' ? 'elicitation' : undefined;
}
