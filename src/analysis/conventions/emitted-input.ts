import { isSchemaLiteralAt } from '../flow/schema-literal-positions.js';
import type { SchemaSink } from '../flow/sink-model.js';
import { emittedFromLiteral, isRawShape, type EmittedSchema } from '../schemas/emitted-schema.js';
import { emittedFromBuilder, emittedFromRawShape } from '../schemas/emitted-library-schema.js';
import type { StaticValue } from '../values/static-value.js';
import { CLIENT_PROFILES, type ClientName } from './client-profiles.js';
import { checkInputSchema, type ConventionFinding } from './input-schema-conventions.js';

/**
 * What the value at a tool's input sink emits, when it is a schema the conventions can read: the
 * one reading `tool-input-schema-conventions` checks and the `tools` inventory's compatibility
 * column shows, so that the two never disagree about a schema.
 */
export function emittedToolInput(value: StaticValue, sink: SchemaSink): EmittedSchema | undefined {
  if (value.kind === 'builder') return emittedFromBuilder(value);
  if (value.kind !== 'object') return undefined;
  // `registerTool(name, { inputSchema: { id: z.string() } })`: a raw shape, whatever the dialect says.
  if (isRawShape(value)) return sink.dialect === 'json-schema' ? undefined : emittedFromRawShape(value);
  if (isSchemaLiteralAt(value, sink)) return emittedFromLiteral(value);
  return undefined;
}

export interface ClientCompatibility {
  readonly client: ClientName;
  /**
   * `incompatible`: the client refuses or misreads a statically known part; `compatible`: the whole
   * schema is known and nothing in it is refused; `no-known-problem`: nothing refused in the part
   * that is known; `not-known`: the schema is not known statically at all.
   */
  readonly status: 'compatible' | 'incompatible' | 'no-known-problem' | 'not-known';
  readonly problems: readonly ConventionFinding[];
}

/** Each client's verdict on one tool's input schema, from its documented profile (`client-profiles.ts`). */
export function clientCompatibility(emitted: EmittedSchema | undefined, key: string, clients: readonly ClientName[]): ClientCompatibility[] {
  return clients.map((client) => {
    if (!emitted) return { client, status: 'not-known', problems: [] };
    const problems = checkInputSchema(emitted, { clients: [client], parameterDescriptions: false, rootCheck: false, key }).filter((finding) => finding.data.client === CLIENT_PROFILES[client].label);
    const known = isWhollyKnown(emitted);
    return { client, status: problems.length > 0 ? 'incompatible' : known ? 'compatible' : 'no-known-problem', problems };
  });
}

function isWhollyKnown(root: EmittedSchema): boolean {
  const pending = [root];
  for (let seen = 0; pending.length > 0 && seen < 10_000; seen += 1) {
    const schema = pending.pop()!;
    if (!schema.keywordsComplete || !schema.propertiesComplete || schema.types === 'unknown') return false;
    for (const property of schema.properties.values()) {
      if (!property.schema) return false;
      pending.push(property.schema);
    }
    pending.push(...schema.subschemas);
  }
  return pending.length === 0;
}

/** A client problem in a few words, for the inventory's compatibility column (the rule's messages say it in full). */
export function problemWords(finding: ConventionFinding): string {
  const { property = '', keyword = '', written = '' } = finding.data;
  switch (finding.kind) {
    case 'clientOpenObject':
      return `an object ${written}`;
    case 'clientOptionalProperty':
      return `${property} is optional`;
    case 'clientOptionalWithoutDefault':
      return `${property} is optional without a default`;
    case 'clientUnsupportedKeyword':
      return `\`${keyword}\` is not supported`;
    case 'clientRootKeyword':
      return `\`${keyword}\` at the root`;
    case 'clientMissingTitle':
      return `${property} has no title`;
    default:
      return finding.kind;
  }
}
