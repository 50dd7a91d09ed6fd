import { suggestClosest } from './diagnostic-words.js';
import type { SchemaFinding } from './schema-diagnostics.js';
import { forEachSchemaObject, type JsonSchemaDraft } from './schema-structure.js';

/**
 * The `format` values a validator can know, so that a misspelt one (`dat-time`, `emial`) is
 * reported: Ajv in strict mode refuses a schema with a format it does not know, and a lenient
 * validator (the MCP SDK's: `strict: false` with `ajv-formats`) ignores it, so the value it was
 * meant to check is not checked at all.
 *
 * A lookup over the compiled JSON rather than Ajv's own check: Ajv throws at the first unknown
 * format even with `strict: 'log'`, which would end the compile before the other strict checks,
 * and the known set depends on the rule's options while compiles are shared by every
 * configuration (`schema-compiler.ts` keeps `validateFormats: false`).
 */

/**
 * JSON Schema Validation, draft-07, section 7.3 "Defined Formats" (the test suite's
 * `tests/draft7/optional/format/` has one file for each).
 */
const DRAFT_07_FORMATS = [
  'date-time',
  'date',
  'time',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
] as const;

/** Draft 2019-09, section 7.3, adds `duration` and `uuid`; 2020-12's section 7.3 defines the same list. */
const DRAFT_2019_09_FORMATS = [...DRAFT_07_FORMATS, 'duration', 'uuid'] as const;

export const JSON_SCHEMA_FORMATS: Readonly<Record<JsonSchemaDraft, readonly string[]>> = {
  'draft-07': DRAFT_07_FORMATS,
  '2019-09': DRAFT_2019_09_FORMATS,
  '2020-12': DRAFT_2019_09_FORMATS,
};

/**
 * `formatNames` of `ajv-formats` 3.0.1, the formats most Ajv-based validators load (the MCP SDK's
 * among them), OpenAPI's `int32`…`password` included. A copy rather than an import: at run time
 * the plugin would otherwise depend on one more package (and load its 26 validators) for a list
 * of names. `tests/analysis/schema-formats.test.ts` compares the copy with the installed
 * devDependency, so moving ajv-formats to another version fails until the copy follows.
 */
export const AJV_FORMATS: readonly string[] = [
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
];

/** Every format known for `draft`: the draft's own, `ajv-formats`', and the project's. */
export function knownFormats(draft: JsonSchemaDraft, projectFormats: Iterable<string>): ReadonlySet<string> {
  return new Set([...JSON_SCHEMA_FORMATS[draft], ...AJV_FORMATS, ...projectFormats]);
}

/**
 * An `unknownFormat` finding for each string `format` of a schema object that no vocabulary
 * knows, with the closest known format as the did-you-mean. The caller has checked the schema
 * against its meta-schema, so a `format` that is not a string was reported there.
 */
export function describeFormats(schema: unknown, draft: JsonSchemaDraft, projectFormats: Iterable<string>): SchemaFinding[] {
  const known = knownFormats(draft, projectFormats);
  const findings: SchemaFinding[] = [];
  forEachSchemaObject(schema, draft, (node, pointer) => {
    const { format } = node;
    if (typeof format !== 'string' || known.has(format)) return;
    const target = [...pointer, 'format'];
    const replacement = suggestClosest(format, known);
    findings.push({
      kind: 'unknownFormat',
      target: { pointer: target, part: 'value' },
      data: { format, hint: replacement ? ` (did you mean \`${replacement}\`?)` : '' },
      reads: [target],
      needsComplete: [],
      ...(replacement ? { replacement } : {}),
    });
  });
  return findings;
}
