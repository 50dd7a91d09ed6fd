// A tool module of any length, for the growth check "a file twice as long costs at most 2.2× the
// rule time": `units` repetitions of one tool's worth of code (a value table, a JSON Schema and a
// zod schema built from it, a schema helper with a permissive fallback, a handler, ordinary code),
// plus a registration function whose body grows with the file, which lists every unit's tools
// (the sink that makes the schemas, the fallback and the enums matter to the rules). What makes a rule's time grow
// faster than the file is a scan per node of something that is itself as long as the file: many
// top-level scopes and names to look up, a long function with a condition and a fallback per
// statement, comments that look like re-exports. Every unit has all of them, so twice the units is
// exactly twice of every construct, and twice the findings.
import { countLines } from './corpus.mjs';

/** The module the long file imports its shared tables from: cross-module evaluation, per unit. */
export const LONG_FILE_GLOSSARY = `/** Regions the upstream serves; it adds new ones without notice. */
export const REGIONS = defineTable({
  title: 'Regions',
  enumPolicy: 'described',
  values: ['us-east-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-south-1'],
});

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export function defineTable<const T extends { values: readonly string[] }>(table: T): T {
  return table;
}
`;

const HEADER = `import { z } from 'zod';
import { PRIORITIES, REGIONS } from './glossary.js';

export type JsonSchema = { readonly [keyword: string]: unknown };
export interface Row {
  readonly id: string;
  readonly score: number;
  readonly tags: readonly string[];
}
export interface Tool {
  readonly name: string;
  readonly inputSchema: JsonSchema;
  readonly handler: (args: Record<string, unknown>) => Promise<string>;
}

declare function compileSchema(schema: JsonSchema): JsonSchema;
declare function log(message: string, error?: unknown): void;
`;

function unit(index) {
  const n = String(index).padStart(4, '0');
  return `
// --- unit ${n} -----------------------------------------------------------------------------
// export { tool${n} } from './tools/${n}.js' was the old layout; the tool now lives here.

/** Statuses of unit ${n}'s records, as the upstream lists them. */
export const STATUSES_${n} = ['open', 'closed', 'pending', 'stale_${n}'] as const;

const input${n}: JsonSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: [...STATUSES_${n}] },
    region: { type: 'string', enum: REGIONS.values },
    priority: { type: 'string', enum: [...PRIORITIES] },
    limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Page size for unit ${n}.' },
  },
  required: ['status'],
  additionalProperties: false,
};

export const args${n} = z.object({
  status: z.enum(STATUSES_${n}),
  priority: z.enum(PRIORITIES).optional(),
  query: z.string().min(1).max(256).describe('What to search for in unit ${n}.'),
});

export function schema${n}(): JsonSchema {
  try {
    return compileSchema(input${n});
  } catch (error) {
    log('unit ${n}: schema did not compile', error);
    return { type: 'object' };
  }
}

export async function handle${n}(args: Record<string, unknown>): Promise<string> {
  const parsed = args${n}.parse(args);
  const limit = typeof args.limit === 'number' ? args.limit : 10;
  const rows = score${n}(load${n}(parsed.query), limit);
  return rows.map((row) => \`\${row.id}:\${row.score.toFixed(2)}\`).join('\\n');
}

function load${n}(query: string): Row[] {
  const rows: Row[] = [];
  for (let position = 0; position < query.length; position += 1) {
    rows.push({ id: \`${n}-\${position}\`, score: query.charCodeAt(position) / 255, tags: [query[position] ?? ''] });
  }
  return rows;
}

function score${n}(rows: readonly Row[], limit: number): Row[] {
  const seen = new Set<string>();
  const kept: Row[] = [];
  for (const row of [...rows].sort((a, b) => b.score - a.score)) {
    if (seen.has(row.id) || kept.length >= limit) continue;
    seen.add(row.id);
    kept.push({ ...row, tags: row.tags.filter((tag) => tag !== '') });
  }
  return kept;
}
`;
}

function registration(units) {
  const statements = [];
  for (let index = 0; index < units; index += 1) {
    const n = String(index).padStart(4, '0');
    statements.push(`  if (enabled.has('unit_${n}')) {
    const chosen${n} = overrides['unit_${n}'] ?? schema${n}();
    tools.push({ name: 'unit_${n}', inputSchema: chosen${n}, handler: handle${n} });
    tools.push({ name: 'unit_${n}_plain', inputSchema: input${n}, handler: handle${n} });
  }`);
  }
  return `
export function registerAll(tools: Tool[], enabled: ReadonlySet<string>, overrides: Readonly<Record<string, JsonSchema>> = {}): void {
${statements.join('\n')}
}
`;
}

/**
 * The long tool module with `units` units.
 * @param {number} units
 * @returns {{ text: string, lines: number }}
 */
export function longToolModule(units) {
  if (!Number.isInteger(units) || units < 1) throw new RangeError(`units must be a positive integer, got ${units}`);
  const parts = [HEADER];
  for (let index = 0; index < units; index += 1) parts.push(unit(index));
  parts.push(registration(units));
  const text = parts.join('');
  return { text, lines: countLines(text) };
}
