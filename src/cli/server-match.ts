import { listServerTools, type ListedTool } from './server-listing.js';
import type { ReportedTool } from './tools-command.js';
import { toolLabel } from './tools-diff.js';

/**
 * `tools --server`: what the running server lists held against what the source builds, matched by
 * name. The static analysis says what the code means to advertise; the listing says what a client
 * is actually told, after every conversion and fallback has run.
 */

export type MismatchKind = 'advertised-permissive' | 'not-listed' | 'enums-missing' | 'not-in-source';

export interface ServerMismatch {
  readonly kind: MismatchKind;
  readonly tool: string;
  /** Where the source defines the tool; absent for a tool the source does not have. */
  readonly file?: string;
  readonly line?: number;
  readonly text: string;
}

export interface ServerComparison {
  /** The command that was started, as given after `--`. */
  readonly command: readonly string[];
  /** Tools the server listed. */
  readonly tools: number;
  readonly mismatches: readonly ServerMismatch[];
}

/** Keywords that describe or annotate a schema without constraining what it accepts. */
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', '$defs', 'definitions', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isRecord(value) && Object.keys(value).length === 0);
}

/**
 * Whether an advertised schema accepts any object: `true`, `{}`, `{ type: 'object' }` and the like,
 * with no keyword that would reject an argument (an empty `properties` or `required`, and
 * `additionalProperties: true`, reject none). A schema that is not sent at all accepts anything too.
 */
export function acceptsAnyObject(schema: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (!isRecord(schema)) return false;
  return Object.entries(schema).every(([key, value]) => {
    if (ANNOTATIONS.has(key)) return true;
    if (key === 'type') return value === 'object';
    if (key === 'properties' || key === 'required' || key === 'patternProperties' || key === 'dependentRequired' || key === 'dependentSchemas') return isEmpty(value);
    if (key === 'additionalProperties' || key === 'unevaluatedProperties') return value === true || isEmpty(value);
    return false;
  });
}

function shown(schema: unknown): string {
  if (schema === undefined) return 'no inputSchema';
  const text = JSON.stringify(schema);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** A local `$ref` (`#/$defs/market`) within the advertised schema; any other is not followed. */
function resolveLocal(root: unknown, ref: unknown): unknown {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  const steps = ref.slice(1).split('/').filter((step) => step !== '').map((step) => decodeURIComponent(step).replace(/~1/g, '/').replace(/~0/g, '~'));
  return steps.reduce<unknown>((node, step) => (isRecord(node) ? node[step] : undefined), root);
}

/** The schema and every subschema a value at this place may meet: array items, combinator branches, local references. */
function alternatives(schema: unknown, root: unknown, depth = 0): Record<string, unknown>[] {
  if (!isRecord(schema) || depth > 8) return [];
  const branches = ['anyOf', 'oneOf', 'allOf', 'prefixItems'].flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : []));
  const nested = [schema.items, schema.additionalItems, schema.contains, resolveLocal(root, schema.$ref), ...branches];
  return [schema, ...nested.flatMap((child) => alternatives(child, root, depth + 1))];
}

/** The schemas advertised for `property` anywhere in `schema` (a gated property may sit in a nested object). */
function propertySchemas(schema: unknown, property: string, depth = 0): unknown[] {
  if (!isRecord(schema) || depth > 16) return [];
  const found: unknown[] = [];
  const properties = schema.properties;
  if (isRecord(properties) && Object.hasOwn(properties, property)) found.push(properties[property]);
  for (const value of Object.values(schema)) {
    const children = Array.isArray(value) ? value : isRecord(value) ? (value === properties ? Object.values(value) : [value]) : [];
    for (const child of children) found.push(...propertySchemas(child, property, depth + 1));
  }
  return found;
}

/** A one-value gate may be advertised as `const` (zod writes `z.literal` so): still a gate. */
function hasEnum(schema: unknown, root: unknown): boolean {
  return alternatives(schema, root).some((candidate) => Array.isArray(candidate.enum) || Object.hasOwn(candidate, 'const'));
}

function staticallyBuilt(tool: ReportedTool): boolean {
  return tool.input !== null && tool.input.build.kind !== 'not-followed' && tool.input.permissive === null;
}

function enumMismatches(source: ReportedTool, listed: ListedTool): ServerMismatch[] {
  const mismatches: ServerMismatch[] = [];
  const reported = new Set<string>();
  for (const entry of source.enums) {
    if (entry.property === null || entry.values === null || reported.has(entry.property)) continue;
    // The inventory's enums are those of the input and output schemas' code alike.
    const advertised = [listed.inputSchema, listed.outputSchema].flatMap((root) => propertySchemas(root, entry.property!).map((schema) => ({ schema, root })));
    if (advertised.some(({ schema, root }) => hasEnum(schema, root))) continue;
    reported.add(entry.property);
    const values = entry.values.length > 6 ? `${entry.values.slice(0, 6).join(', ')}, …` : entry.values.join(', ');
    const where = advertised.length === 0 ? `the listed schema has no property ${entry.property}` : `the listed schema has no enum for it`;
    mismatches.push({ kind: 'enums-missing', tool: listed.name, file: source.file, line: entry.line, text: `the source gates ${entry.property} with an enum (${values}) at ${entry.file}:${entry.line}; ${where}` });
  }
  return mismatches;
}

/** Each listed tool against the source's tool of that name, then the source's tools the server did not list. */
export function matchServer(command: readonly string[], listed: readonly ListedTool[], tools: readonly ReportedTool[]): ServerComparison {
  const byName = new Map<string, ReportedTool[]>();
  for (const tool of tools) if (tool.name !== null) byName.set(tool.name, [...(byName.get(tool.name) ?? []), tool]);
  const nameless = tools.filter((tool) => tool.name === null).length;
  const mismatches: ServerMismatch[] = [];
  const listedNames = new Set<string>();
  for (const entry of listed) {
    listedNames.add(entry.name);
    const sources = byName.get(entry.name) ?? [];
    if (sources.length === 0) {
      const maybe = nameless === 0 ? '' : ` (${nameless} tool(s) in the source are named by an expression: it may be one of them)`;
      mismatches.push({ kind: 'not-in-source', tool: entry.name, text: `listed by the server, but the source the analysis read has no tool of that name${maybe}` });
      continue;
    }
    const built = sources.find(staticallyBuilt);
    if (built && acceptsAnyObject(entry.inputSchema)) {
      mismatches.push({
        kind: 'advertised-permissive',
        tool: entry.name,
        file: built.file,
        line: built.line,
        text: `listed with ${shown(entry.inputSchema)}, which accepts any object, while the source builds its ${built.input!.key} (${built.input!.description.replace(/`/g, '')}): the schema was lost at run time`,
      });
      continue;
    }
    for (const source of sources) mismatches.push(...enumMismatches(source, entry));
  }
  for (const tool of tools) {
    if (tool.name === null || listedNames.has(tool.name)) continue;
    mismatches.push({ kind: 'not-listed', tool: toolLabel(tool), file: tool.file, line: tool.line, text: `in the source (${tool.form} at ${tool.file}:${tool.line}), but the server does not list it` });
  }
  return { command, tools: listed.length, mismatches };
}

/** Starts the server, lists its tools and holds them against the source's. */
export async function heldAgainstServer(server: { readonly command: readonly string[]; readonly timeoutSeconds: number }, tools: readonly ReportedTool[], cwd: string): Promise<ServerComparison> {
  const listed = await listServerTools(server.command, { cwd, timeoutSeconds: server.timeoutSeconds });
  return matchServer(server.command, listed, tools);
}
