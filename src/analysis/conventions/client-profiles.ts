/**
 * # conventions/: what clients accept in a tool's input schema
 *
 * A schema valid as JSON Schema can still be one a client rejects or misuses: a tool that then
 * fails silently there. `client-profiles.ts` (this file) says what each client documents, with
 * the source; `input-schema-conventions.ts` checks an emitted schema (`schemas/emitted-schema.ts`)
 * against the client-independent conventions and the profiles a server targets.
 *
 * What clients require of a tool beyond its schema: `tool-names.ts` (each client's tool-name rule,
 * with its source), `convention-sites.ts` (a file's tools, as the sink model recognises them) and
 * `tool-conventions.ts` (names refused or repeated, descriptions missing or empty).
 */

export type ClientName = 'openai-strict' | 'gemini' | 'anthropic' | 'cursor';

export const CLIENT_NAMES: readonly ClientName[] = ['openai-strict', 'gemini', 'anthropic', 'cursor'];

export interface ClientProfile {
  /** How messages name the client. */
  readonly label: string;
  /** Where the constraints are documented, for messages and the rule's docs. */
  readonly source: string;
  /** Every object needs `additionalProperties: false`. */
  readonly closedObjects?: boolean;
  /** Every property must be listed in `required`. */
  readonly allRequired?: boolean;
  /** An optional property without a `default` is a finding. */
  readonly optionalNeedsDefault?: boolean;
  /** A property without `title` is a finding (the client shows the raw name). */
  readonly propertyTitles?: boolean;
  /** Keywords at the root that the client rejects. */
  readonly rootKeywords?: ReadonlySet<string>;
  /** Keywords anywhere in the schema that the client does not support (a denylist)... */
  readonly unsupportedKeywords?: ReadonlySet<string>;
  /** ...or, where the client documents what it supports, every other JSON Schema keyword. */
  readonly supportedKeywords?: ReadonlySet<string>;
  /** Schema keys where the client reads full JSON Schema, so the keyword lists do not apply. */
  readonly fullJsonSchemaKeys?: ReadonlySet<string>;
}

export const CLIENT_PROFILES: Readonly<Record<ClientName, ClientProfile>> = {
  'openai-strict': {
    label: "OpenAI's strict mode",
    source: 'OpenAI Structured Outputs guide, "Supported schemas"',
    closedObjects: true,
    allRequired: true,
    // Composition and conditionals the guide lists as unsupported; `oneOf` is refused with
    // "'oneOf' is not permitted" (OpenAI community forum, a 400 quoted in full).
    unsupportedKeywords: new Set(['allOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas']),
  },
  gemini: {
    label: 'Gemini function calling',
    source: 'Gemini API reference, the `Schema` object',
    optionalNeedsDefault: true,
    // The fields of Gemini's `Schema` object; `parametersJsonSchema` takes JSON Schema instead.
    supportedKeywords: new Set([
      ...['type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required'],
      ...['minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum'],
    ]),
    fullJsonSchemaKeys: new Set(['parametersJsonSchema']),
  },
  anthropic: {
    label: "Anthropic's Messages API",
    source: 'the Messages API refuses it with a 400, "input_schema does not support oneOf, allOf, or anyOf at the top level"',
    rootKeywords: new Set(['oneOf', 'allOf', 'anyOf']),
  },
  cursor: {
    label: 'Cursor',
    source: "mcp-lint's Cursor profile, a third-party linter; Cursor's own docs are silent",
    propertyTitles: true,
  },
};
