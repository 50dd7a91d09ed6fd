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

/** The MCP role of a sink, if it is one of the MCP positions (a tool's schemas, an elicitation's form). */
export function mcpRoleOf(sink: { readonly role: string }): McpSchemaRole | undefined {
  return sink.role === 'tool-input' || sink.role === 'tool-output' || sink.role === 'elicitation' ? sink.role : undefined;
}

/**
 * Why a schema's root must be `type: 'object'`, in the specification's words. For a tool's input
 * schema every revision requires it; for an output schema 2025-06-18 and 2025-11-25 do, and
 * 2026-07-28 (SEP-2106) allows any root, but clients of the earlier revisions still reject the
 * tool. An elicitation's `requestedSchema` is typed `type: "object"` in every revision since
 * elicitation appeared (2025-06-18), and the SDK's clients check requests against that type.
 */
export const MCP_ROOT_REQUIREMENT: Readonly<Record<McpSchemaRole, string>> = {
  'tool-input': 'the MCP specification requires it ("Tool arguments are always JSON objects, so `type: "object"` is required at the root")',
  'tool-output':
    'MCP 2025-11-25 requires it ("Currently restricted to type: "object" at the root level"), so clients of that revision reject the tool, though 2026-07-28 allows any root',
  elicitation:
    'the MCP specification types `requestedSchema` as `type: "object"` ("A restricted subset of JSON Schema. Only top-level properties are allowed, without nesting."), and clients built on the MCP SDK reject the request',
};
