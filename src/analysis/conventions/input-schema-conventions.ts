import type { TSESTree } from '@typescript-eslint/utils';
import { allSchemas, type EmittedProperty, type EmittedSchema } from '../schemas/emitted-schema.js';
import { JSON_SCHEMA_KEYWORDS } from '../schemas/schema-model.js';
import { CLIENT_PROFILES, type ClientName } from './client-profiles.js';

/**
 * The conventions a tool's input schema is held to, on what it emits (`emitted-schema.ts`):
 * client-independent ones (an object root, `required` naming real properties, no `required: true`
 * on a property, optionally a description on every parameter) and each targeted client's profile
 * (`client-profiles.ts`). A fact that is not statically known never makes a finding.
 */

export type ConventionKind =
  | 'rootNotObject'
  | 'requiredUnknownProperty'
  | 'requiredOnProperty'
  | 'missingParameterDescription'
  | 'clientOpenObject'
  | 'clientOptionalProperty'
  | 'clientOptionalWithoutDefault'
  | 'clientUnsupportedKeyword'
  | 'clientRootKeyword'
  | 'clientMissingTitle';

export interface ConventionFinding {
  readonly kind: ConventionKind;
  /** Where it is written; undefined when the schema came from somewhere without syntax. */
  readonly node: TSESTree.Node | undefined;
  readonly data: Readonly<Record<string, string>>;
  /** For `rootNotObject` on a literal without `type` that has `properties`: adding the type is safe. */
  readonly addObjectType?: boolean;
  /** For `requiredOnProperty` with `false`: removing it changes nothing a validator checks. */
  readonly removable?: boolean;
}

export interface ConventionOptions {
  readonly clients: readonly ClientName[];
  readonly parameterDescriptions: boolean;
  /** The root check, where another rule does not own it already (valid-schema-literal's `mcpRoot` on MCP literals). */
  readonly rootCheck: boolean;
  /** The schema key the value is written under (`inputSchema`, `parameters`, `parametersJsonSchema`). */
  readonly key: string;
  /**
   * Whether the literal check reports this `required` name already (valid-schema-literal's
   * `requiredNotDefined`, on a JSON Schema literal Ajv reaches): one defect, one finding. Asked
   * only of a name this check would report, so a literal is compiled for it only then.
   */
  readonly requiredReportedElsewhere?: (required: TSESTree.Node, name: string) => boolean;
}

function rootWhat(schema: EmittedSchema): { what: string; safe: boolean } | undefined {
  if (schema.types === 'unknown') return undefined;
  if (schema.types.length === 0) {
    const composition = ['anyOf', 'oneOf', 'allOf'].find((keyword) => schema.keywords.has(keyword));
    if (composition) return { what: `is a composition (\`${composition}\`) without \`type\``, safe: false };
    // A literal that declares nothing and has no properties may be filled in elsewhere, or `{}` (another rule's).
    if (schema.source !== 'literal' || !schema.keywordsComplete || !schema.keywords.has('properties')) return undefined;
    return { what: 'declares no `type`', safe: true };
  }
  if (schema.types.length === 1 && schema.types[0] === 'object') return undefined;
  return { what: `has \`type: ${schema.types.map((type) => `'${type}'`).join(' | ')}\``, safe: false };
}

const propertyLabel = (property: EmittedProperty): string => `\`${property.name}\``;

export function checkInputSchema(root: EmittedSchema, options: ConventionOptions): ConventionFinding[] {
  const findings: ConventionFinding[] = [];
  if (options.rootCheck) {
    const root_ = rootWhat(root);
    if (root_) findings.push({ kind: 'rootNotObject', node: root.typeNode ?? root.node, data: { what: root_.what }, addObjectType: root_.safe });
  }
  const schemas = allSchemas(root);
  for (const schema of schemas) {
    if (schema.source !== 'literal') continue;
    if (schema.required?.node && schema.propertiesComplete && schema.keywords.has('properties')) {
      for (const name of schema.required.names) {
        if (schema.properties.has(name) || options.requiredReportedElsewhere?.(schema.required.node, name)) continue;
        findings.push({ kind: 'requiredUnknownProperty', node: schema.required.node, data: { property: name } });
      }
    }
    for (const property of schema.properties.values()) {
      if (property.requiredFlag) {
        findings.push({
          kind: 'requiredOnProperty',
          node: property.requiredFlag.node ?? property.keyNode,
          data: { property: property.name, value: String(property.requiredFlag.value) },
          removable: !property.requiredFlag.value,
        });
      }
    }
  }
  if (options.parameterDescriptions) {
    for (const property of root.properties.values()) {
      if (property.schema?.description === false) findings.push({ kind: 'missingParameterDescription', node: property.keyNode, data: { property: property.name } });
    }
  }
  for (const client of options.clients) findings.push(...checkClient(root, schemas, client, options.key));
  return findings;
}

function isObjectSchema(schema: EmittedSchema): boolean {
  return schema.types !== 'unknown' && schema.types.includes('object');
}

function checkClient(root: EmittedSchema, schemas: readonly EmittedSchema[], client: ClientName, key: string): ConventionFinding[] {
  const profile = CLIENT_PROFILES[client];
  const findings: ConventionFinding[] = [];
  const base = { client: profile.label, source: profile.source };
  for (const schema of schemas) {
    if (profile.closedObjects && isObjectSchema(schema) && (schema.additionalProperties === 'absent' || schema.additionalProperties === 'open')) {
      findings.push({ kind: 'clientOpenObject', node: schema.node, data: { ...base, written: schema.additionalProperties === 'open' ? 'leaves `additionalProperties` open' : 'does not set `additionalProperties: false`' } });
    }
    const optional = schema.required?.complete && schema.propertiesComplete ? [...schema.properties.values()].filter((property) => !schema.required!.names.has(property.name)) : [];
    for (const property of optional) {
      if (profile.allRequired) findings.push({ kind: 'clientOptionalProperty', node: property.keyNode, data: { ...base, property: propertyLabel(property) } });
      if (profile.optionalNeedsDefault && property.schema?.hasDefault === false) {
        findings.push({ kind: 'clientOptionalWithoutDefault', node: property.keyNode, data: { ...base, property: propertyLabel(property) } });
      }
    }
    if (profile.propertyTitles) {
      for (const property of schema === root ? schema.properties.values() : []) {
        if (property.schema?.title === false) findings.push({ kind: 'clientMissingTitle', node: property.keyNode, data: { ...base, property: propertyLabel(property) } });
      }
    }
    if (!profile.fullJsonSchemaKeys?.has(key)) {
      for (const [keyword, node] of schema.keywords) {
        if (!JSON_SCHEMA_KEYWORDS.has(keyword)) continue;
        const unsupported = profile.unsupportedKeywords?.has(keyword) || (profile.supportedKeywords !== undefined && !profile.supportedKeywords.has(keyword));
        if (unsupported) findings.push({ kind: 'clientUnsupportedKeyword', node: node ?? schema.node, data: { ...base, keyword } });
      }
    }
  }
  for (const keyword of profile.rootKeywords ?? []) {
    if (root.keywords.has(keyword)) findings.push({ kind: 'clientRootKeyword', node: root.keywords.get(keyword) ?? root.node, data: { ...base, keyword } });
  }
  return findings;
}
