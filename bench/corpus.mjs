#!/usr/bin/env node
// Generates the benchmark corpus: a tool-server-shaped TypeScript code base, the same bytes for
// the same seed and scale. Like a real MCP server it is mostly ordinary application code (models,
// repositories, services, upstream clients, handlers), with glossary modules, JSON Schema and zod
// tool definitions, schema helpers and registration code in between, and a sprinkling of the
// defects the plugin exists to find (the `planted` counts say how many of each).
//
// `--layout monorepo` lays the same code out as an npm workspace (see `toMonorepo`).
//
//   node bench/corpus.mjs [--scale 1] [--seed schema-contract] [--layout single|monorepo] [--out bench/corpus/<scale>x]
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createRandom } from './random.mjs';

/** Bump when the generated code changes: the runner regenerates a corpus whose version differs. */
export const GENERATOR_VERSION = 2;
export const DEFAULT_SEED = 'schema-contract';
/** Lines of code at scale 1, the size the issue asks for. */
export const LINES_PER_SCALE = 100_000;
/** Globs (relative to the corpus root) of the legacy glossary modules named in the settings, in either layout. */
export const GLOSSARY_MODULE_GLOBS = ['src/glossary/legacy/**/*.ts', 'packages/glossary/src/legacy/**/*.ts'];
export const LAYOUTS = ['single', 'monorepo'];

const ENTITIES = [
  'Product', 'Keyword', 'Order', 'Shipment', 'Seller', 'Review', 'InventoryItem', 'PriceQuote',
  'Category', 'ReturnRequest', 'Invoice', 'Customer', 'Campaign', 'AdGroup', 'Warehouse', 'Supplier',
  'Payment', 'Refund', 'Coupon', 'Subscription', 'Notification', 'Report', 'AuditEntry', 'Account',
  'Team', 'Project', 'Ticket', 'Release', 'Deployment', 'Metric', 'Alert', 'LogStream', 'StoredFile',
  'Document', 'Message', 'Channel', 'CalendarEvent', 'Booking', 'Listing', 'Webhook',
];

const OPTIONAL_FIELDS = [
  ['title', 'string'], ['description', 'string'], ['ownerId', 'string'], ['amount', 'number'],
  ['currency', 'string'], ['quantity', 'number'], ['marketplace', 'string'], ['sku', 'string'],
  ['url', 'string'], ['email', 'string'], ['tags', 'string[]'], ['score', 'number'], ['rating', 'number'],
  ['weight', 'number'], ['country', 'string'], ['locale', 'string'], ['notes', 'string'],
  ['archived', 'boolean'], ['enabled', 'boolean'], ['version', 'number'], ['externalId', 'string'],
  ['parentId', 'string'], ['dueDate', 'string'], ['region', 'string'], ['label', 'string'],
  ['position', 'number'], ['startsAt', 'string'], ['endsAt', 'string'], ['budget', 'number'],
  ['attempts', 'number'], ['priorityScore', 'number'], ['sourceUrl', 'string'], ['checksum', 'string'],
];

const STATUS_WORDS = ['draft', 'pending', 'active', 'paused', 'review', 'approved', 'rejected', 'archived', 'failed', 'done', 'queued', 'running', 'cancelled', 'expired'];
const KIND_WORDS = ['standard', 'express', 'bulk', 'digital', 'physical', 'internal', 'external', 'manual', 'scheduled', 'recurring', 'one_off', 'sample'];
const CHANNEL_WORDS = ['web', 'email', 'sms', 'api', 'partner', 'retail', 'mobile', 'marketplace', 'phone', 'chat'];
const REGION_WORDS = ['us-east-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-south-1', 'ap-northeast-1', 'sa-east-1', 'ca-central-1', 'me-south-1', 'af-south-1'];
const SOURCE_WORDS = [
  'API reference, appendix B', 'endpoint field description', 'production request log, last 90 days',
  'upstream changelog', 'vendor support ticket', 'ISO standard', 'contract schedule 2', 'partner integration guide',
];
/** Later rounds of entities belong to other product areas of the same server. */
const ROUND_PREFIXES = ['', 'Partner', 'Internal', 'Regional', 'Vendor', 'Archive', 'Beta', 'Team'];
const VERBS = ['list', 'get', 'create', 'update', 'delete', 'search', 'export', 'summarize'];

// --- naming -------------------------------------------------------------------------------

const lowerFirst = (text) => text[0].toLowerCase() + text.slice(1);
const words = (pascal) => pascal.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
const snake = (name) => words(name[0].toUpperCase() + name.slice(1)).join('_');
const kebab = (name) => words(name[0].toUpperCase() + name.slice(1)).join('-');
const constant = (name) => snake(name).toUpperCase();
function plural(word) {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|ch|sh|x)$/.test(word)) return `${word}es`;
  return `${word}s`;
}
const quote = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const titleCase = (code) => code.replaceAll(/[-_]/g, ' ').replace(/^./, (first) => first.toUpperCase());

function tsType(type) {
  return type === 'string[]' ? 'readonly string[]' : type;
}

function sampleValue(field, random) {
  switch (field.type) {
    case 'number':
      return String(random.int(0, 500));
    case 'boolean':
      return random.chance(0.5) ? 'true' : 'false';
    case 'string[]':
      return `[${quote(random.pick(KIND_WORDS))}]`;
    default:
      return quote(`${field.name}-${random.int(1, 999)}`);
  }
}

// --- the domain model ---------------------------------------------------------------------

function describeDomain(index, random) {
  const base = ENTITIES[index % ENTITIES.length];
  const round = Math.floor(index / ENTITIES.length);
  const word = ROUND_PREFIXES[round % ROUND_PREFIXES.length];
  const cycle = Math.floor(round / ROUND_PREFIXES.length);
  // An identifier cannot start with the cycle number: the unprefixed round becomes `Core2…`.
  const prefix = cycle === 0 ? word : `${word || 'Core'}${cycle + 1}`;
  const entity = `${prefix}${base}`;
  const fields = [
    { name: 'id', type: 'string' },
    { name: 'status', type: 'string' },
    { name: 'kind', type: 'string' },
    ...random.sample(OPTIONAL_FIELDS, random.int(9, 18)).map(([name, type]) => ({ name, type })),
    { name: 'createdAt', type: 'string' },
    { name: 'updatedAt', type: 'string' },
  ];
  const entityPlural = plural(entity);
  return {
    index,
    entity,
    entityPlural,
    camel: lowerFirst(entity),
    camelPlural: lowerFirst(entityPlural),
    CONST: constant(entity),
    dir: kebab(entityPlural),
    fields,
    statuses: random.sample(STATUS_WORDS, random.int(4, 9)),
    kinds: random.sample(KIND_WORDS, random.int(3, 6)),
    channels: random.sample(CHANNEL_WORDS, random.int(3, 6)),
    priorities: ['low', 'normal', 'high', 'urgent'].slice(0, random.int(3, 4)),
    /** How this domain's tools import the glossary: barrel, direct `.js`, extensionless or namespace. */
    importStyle: random.pick(['barrel', 'barrel', 'direct', 'extensionless', 'namespace']),
    /** The barrel re-exports this module with `export *` or by name. */
    barrelStyle: random.pick(['star', 'star', 'named']),
    usesLegacyRegions: random.chance(0.25),
    planted: {
      describedEnum: random.chance(0.3),
      describedZodEnum: random.chance(0.2),
      legacyEnum: random.chance(0.3),
      unmarkedSortEnum: random.chance(0.35),
      closedOneSource: random.chance(0.15),
      jsdocClosedOneTag: random.chance(0.1),
      helperThrow: random.chance(0.15),
      catchFallback: random.chance(0.15),
      absenceFallback: random.chance(0.12),
    },
    tools: random.sample(VERBS, random.int(3, 5)).map((verb) => ({ verb, style: random.chance(0.6) ? 'json' : 'zod' })),
  };
}

// --- planted findings bookkeeping ---------------------------------------------------------

function createPlanted() {
  return {
    'no-open-glossary-enum': { recommended: 0, strict: 0 },
    'require-glossary-corroboration': { recommended: 0, strict: 0 },
    'no-schema-helper-throw': { recommended: 0, strict: 0 },
    'no-permissive-schema-fallback': { recommended: 0, strict: 0 },
  };
}

function plant(planted, rule, { strictOnly = false } = {}) {
  if (!strictOnly) planted[rule].recommended += 1;
  planted[rule].strict += 1;
}

// --- shared modules -----------------------------------------------------------------------

function sharedModules() {
  const files = new Map();
  files.set('src/lib/errors.ts', `/** Errors the server raises on purpose; each names what failed so logs can be searched. */
export class ServiceError extends Error {
  override name = 'ServiceError';

  constructor(
    message: string,
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export class NotFoundError extends ServiceError {
  override name = 'NotFoundError';

  constructor(readonly entity: string, readonly id: string) {
    super(\`\${entity} \${id} not found\`, 'not_found');
  }
}

export class ValidationError extends ServiceError {
  override name = 'ValidationError';

  constructor(readonly field: string, problem: string) {
    super(\`\${field}: \${problem}\`, 'invalid');
  }
}

export class UpstreamError extends ServiceError {
  override name = 'UpstreamError';

  constructor(readonly status: number, readonly path: string, options?: ErrorOptions) {
    super(\`upstream \${path} answered \${status}\`, 'upstream', options);
  }
}

export function isRetryable(error: unknown): boolean {
  if (error instanceof UpstreamError) return error.status >= 500 || error.status === 429;
  return error instanceof TypeError;
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.cause ? \`\${error.message} (\${describeError(error.cause)})\` : error.message;
  return String(error);
}
`);
  files.set('src/lib/logger.ts', `export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(bindings: Record<string, unknown>): Logger;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(level: LogLevel = 'info', bindings: Record<string, unknown> = {}): Logger {
  const write = (at: LogLevel, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const line = JSON.stringify({ level: at, time: new Date().toISOString(), message, ...bindings, ...(fields || {}) });
    process.stderr.write(\`\${line}\\n\`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (more) => createLogger(level, { ...bindings, ...more }),
  };
}
`);
  files.set('src/lib/database.ts', `import { ServiceError } from './errors.js';

export interface QueryResult<Row> {
  readonly rows: readonly Row[];
  readonly rowCount: number;
}

export interface Database {
  query<Row>(sql: string, parameters?: readonly unknown[]): Promise<QueryResult<Row>>;
  transaction<T>(body: (database: Database) => Promise<T>): Promise<T>;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly nextCursor: string | undefined;
}

export function encodeCursor(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) throw new ServiceError(\`bad cursor \${cursor}\`, 'invalid_cursor');
  return offset;
}

export function placeholders(count: number, start = 1): string {
  return Array.from({ length: count }, (_, index) => \`$\${index + start}\`).join(', ');
}
`);
  files.set('src/lib/http-client.ts', `import { UpstreamError, isRetryable } from './errors.js';
import type { Logger } from './logger.js';

export interface RequestOptions {
  readonly headers?: Record<string, string>;
  readonly timeoutMs?: number;
  readonly retries?: number;
  readonly signal?: AbortSignal;
}

export interface HttpClient {
  get<T>(path: string, query?: Record<string, string | number | boolean | undefined>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createHttpClient(baseUrl: string, logger: Logger, defaults: RequestOptions = {}): HttpClient {
  async function send<T>(method: string, path: string, body: unknown, options?: RequestOptions): Promise<T> {
    const retries = options?.retries ?? defaults.retries ?? 2;
    const headers = { accept: 'application/json', ...(defaults.headers || {}), ...(options?.headers || {}) };
    for (let attempt = 0; ; attempt += 1) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options?.timeoutMs ?? defaults.timeoutMs ?? 10_000);
      try {
        const response = await fetch(new URL(path, baseUrl), {
          method,
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: options?.signal ?? controller.signal,
        });
        if (!response.ok) throw new UpstreamError(response.status, path);
        return (await response.json()) as T;
      } catch (error) {
        if (attempt >= retries || !isRetryable(error)) throw error;
        logger.warn('retrying upstream request', { path, attempt });
        await sleep(2 ** attempt * 100);
      } finally {
        clearTimeout(timer);
      }
    }
  }
  return {
    get(path, query, options) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
      const suffix = search.size > 0 ? \`?\${search.toString()}\` : '';
      return send('GET', \`\${path}\${suffix}\`, undefined, options);
    },
    post: (path, body, options) => send('POST', path, body, options),
  };
}
`);
  files.set('src/lib/cache.ts', `export interface CacheOptions {
  readonly ttlMs?: number;
  readonly maxEntries?: number;
}

interface Entry<V> {
  readonly value: V;
  readonly expires: number;
}

/** A small TTL cache with insertion-order eviction: enough for upstream lookups. */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(options: CacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#maxEntries = options.maxEntries ?? 1_000;
  }

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expires: now + this.#ttlMs });
  }

  async getOrLoad(key: K, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = await load();
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
`);
  files.set('src/lib/format.ts', `export function toMarkdownTable(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const escape = (cell: unknown) => String(cell ?? '').replaceAll('|', '\\\\|').replaceAll('\\n', ' ');
  const head = \`| \${headers.map(escape).join(' | ')} |\`;
  const rule = \`| \${headers.map(() => '---').join(' | ')} |\`;
  return [head, rule, ...rows.map((row) => \`| \${row.map(escape).join(' | ')} |\`)].join('\\n');
}

export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (value: unknown) => {
    const text = String(value ?? '');
    return /[",\\n]/.test(text) ? \`"\${text.replaceAll('"', '""')}"\` : text;
  };
  return [headers, ...rows].map((row) => row.map(cell).join(',')).join('\\n');
}

export function formatAmount(amount: number, currency = 'USD', locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

export function truncate(text: string, length = 120): string {
  return text.length <= length ? text : \`\${text.slice(0, length - 1)}…\`;
}

export function pluralize(count: number, word: string): string {
  return \`\${count} \${word}\${count === 1 ? '' : 's'}\`;
}
`);
  files.set('src/lib/config.ts', `import { z } from 'zod';

const EnvironmentSchema = z.object({
  API_BASE_URL: z.string().url(),
  API_TOKEN: z.string().min(1),
  DATABASE_URL: z.string().min(1),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  EMIT_GLOSSARY_ENUMS: z.enum(['0', '1']).default('1'),
  PORT: z.coerce.number().int().positive().default(3000),
});

export type ServerConfig = z.infer<typeof EnvironmentSchema>;

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvironmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => \`\${issue.path.join('.')}: \${issue.message}\`);
    throw new Error(\`invalid environment: \${problems.join('; ')}\`);
  }
  return parsed.data;
}
`);
  files.set('src/schema/result.ts', `export type Result<T, E = Error> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

export function collect<T, E>(results: readonly Result<T, E>[]): Result<T[], E> {
  const values: T[] = [];
  for (const result of results) {
    if (!result.ok) return result;
    values.push(result.value);
  }
  return ok(values);
}
`);
  files.set('src/schema/tool-schema.ts', `import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { GlossaryTable } from '../glossary/define.js';
import { describeValues } from '../glossary/describe.js';
import { err, ok, type Result } from './result.js';

export type JsonSchema = { readonly [keyword: string]: unknown };

export class SchemaError extends Error {
  override name = 'SchemaError';

  constructor(readonly toolName: string, problem: string, options?: ErrorOptions) {
    super(\`tool "\${toolName}": \${problem}\`, options);
  }
}

/** A tool's JSON Schema, checked and serialised; the failure is a value, never a default. */
export function toolSchema(toolName: string, schema: JsonSchema | undefined): Result<JsonSchema, SchemaError> {
  if (schema === undefined) return err(new SchemaError(toolName, 'declares no input schema'));
  if (schema.type !== 'object') return err(new SchemaError(toolName, 'input schema root must be an object'));
  try {
    return ok(JSON.parse(JSON.stringify(schema)) as JsonSchema);
  } catch (cause) {
    return err(new SchemaError(toolName, 'input schema does not serialise', { cause }));
  }
}

export function zodInputSchema(toolName: string, shape: z.ZodRawShape): Result<JsonSchema, SchemaError> {
  try {
    return ok(zodToJsonSchema(z.object(shape).strict()) as JsonSchema);
  } catch (cause) {
    return err(new SchemaError(toolName, 'zod input shape has no JSON Schema form', { cause }));
  }
}

/** An enum only for closed tables; a described table lists its values in the description. */
export function glossaryField(table: GlossaryTable, description: string): JsonSchema {
  const codes = table.values.map((value) => value.code);
  if (table.enumPolicy === 'closed') return { type: 'string', description, enum: codes };
  return { type: 'string', description: \`\${description} \${describeValues(table)}\` };
}

export function validateSchema(schema: unknown): asserts schema is JsonSchema {
  if (typeof schema !== 'object' || schema === null) throw new TypeError('a schema is an object');
}

export const NO_ARGUMENTS: JsonSchema = { type: 'object', additionalProperties: false };
`);
  files.set('src/glossary/define.ts', `export interface GlossaryEntry {
  readonly code: string;
  readonly label: string;
}

export interface GlossaryTable {
  readonly title: string;
  readonly enumPolicy: 'closed' | 'described';
  readonly corroboratedBy?: readonly string[];
  readonly values: readonly GlossaryEntry[];
}

/** Identity at run time: every table is declared the same, checkable way. */
export function defineTable<const T extends GlossaryTable>(table: T): T {
  return table;
}
`);
  files.set('src/glossary/describe.ts', `import type { GlossaryTable } from './define.js';

export function describeValues(table: GlossaryTable): string {
  return \`One of: \${table.values.map((value) => \`\${value.code} (\${value.label})\`).join(', ')}.\`;
}

export function describeCodes(codes: readonly string[]): string {
  return \`One of: \${codes.join(', ')}.\`;
}
`);
  files.set('src/glossary/common.ts', `import { defineTable } from './define.js';

// Described: the upstream docs list these marketplaces without claiming the list is complete.
export const MARKETPLACES = defineTable({
  title: 'Marketplaces',
  enumPolicy: 'described',
  values: [
    { code: 'US', label: 'United States' },
    { code: 'CA', label: 'Canada' },
    { code: 'MX', label: 'Mexico' },
    { code: 'UK', label: 'United Kingdom' },
    { code: 'DE', label: 'Germany' },
    { code: 'FR', label: 'France' },
    { code: 'IT', label: 'Italy' },
    { code: 'ES', label: 'Spain' },
    { code: 'JP', label: 'Japan' },
  ],
});

// Closed: ISO 4217 subset agreed by the pricing docs and the billing contract.
export const CURRENCIES = defineTable({
  title: 'Currencies',
  enumPolicy: 'closed',
  corroboratedBy: ['ISO 4217', 'billing contract schedule 2', 'production values, last 90 days'],
  values: [
    { code: 'USD', label: 'US dollar' },
    { code: 'EUR', label: 'Euro' },
    { code: 'GBP', label: 'Pound sterling' },
    { code: 'JPY', label: 'Yen' },
  ],
});

export const WEIGHT_UNITS = defineTable({
  title: 'Weight units',
  enumPolicy: 'closed',
  corroboratedBy: ['API appendix B', 'shipping endpoint field description'],
  values: [
    { code: 'g', label: 'gram' },
    { code: 'kg', label: 'kilogram' },
    { code: 'oz', label: 'ounce' },
    { code: 'lb', label: 'pound' },
  ],
});

export const LOCALES = defineTable({
  title: 'Locales',
  enumPolicy: 'described',
  values: [
    { code: 'en-US', label: 'English (US)' },
    { code: 'en-GB', label: 'English (UK)' },
    { code: 'de-DE', label: 'German' },
    { code: 'fr-FR', label: 'French' },
    { code: 'ja-JP', label: 'Japanese' },
  ],
});

export const MARKETPLACE_CODES = MARKETPLACES.values.map((marketplace) => marketplace.code);
export const CURRENCY_CODES = CURRENCIES.values.map((currency) => currency.code);
export const WEIGHT_UNIT_CODES = WEIGHT_UNITS.values.map((unit) => unit.code);
export const LOCALE_CODES = LOCALES.values.map((locale) => locale.code);
`);
  files.set('src/registry/registrar.ts', `import type { Logger } from '../lib/logger.js';
import { toolSchema, type JsonSchema, type SchemaError } from '../schema/tool-schema.js';
import { err, ok, type Result } from '../schema/result.js';

export interface ToolResult {
  readonly content: readonly { readonly type: 'text'; readonly text: string }[];
  readonly isError?: boolean;
}

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly handler: (args: Record<string, unknown>) => Promise<ToolResult>;
}

export interface RegisteredTool extends ToolDefinition {
  readonly registeredAt: number;
}

/** The only writer of a tool's schema: the first failure is kept and every later add is a no-op. */
export class ToolRegistrar {
  readonly #tools = new Map<string, RegisteredTool>();
  #failure: SchemaError | undefined;

  constructor(private readonly logger: Logger) {}

  add(tool: ToolDefinition): void {
    if (this.#failure) return;
    const schema = toolSchema(tool.name, tool.inputSchema);
    if (!schema.ok) {
      this.#failure = schema.error;
      return;
    }
    if (this.#tools.has(tool.name)) this.logger.warn('tool registered twice', { tool: tool.name });
    this.#tools.set(tool.name, { ...tool, inputSchema: schema.value, registeredAt: Date.now() });
  }

  result(): Result<readonly RegisteredTool[], SchemaError> {
    return this.#failure ? err(this.#failure) : ok([...this.#tools.values()]);
  }
}

export function textResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

export function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
`);
  return files;
}

// --- glossary modules ---------------------------------------------------------------------

function tableValues(codes, indent) {
  return codes.map((code) => `${indent}{ code: ${quote(code)}, label: ${quote(titleCase(code))} },`).join('\n');
}

function glossaryModule(domain, random, planted) {
  const { CONST, entity, statuses, kinds, channels, priorities } = domain;
  const kindSources = domain.planted.closedOneSource ? [random.pick(SOURCE_WORDS)] : random.sample(SOURCE_WORDS, random.int(2, 3));
  if (domain.planted.closedOneSource) plant(planted, 'require-glossary-corroboration');
  const priorityTags = domain.planted.jsdocClosedOneTag ? [random.pick(SOURCE_WORDS)] : random.sample(SOURCE_WORDS, 2);
  if (domain.planted.jsdocClosedOneTag) plant(planted, 'require-glossary-corroboration');
  return `import { defineTable } from './define.js';
import { MARKETPLACES } from './common.js';

// Described: the upstream lists these ${entity} statuses but adds new ones without notice.
export const ${CONST}_STATUSES = defineTable({
  title: '${entity} statuses',
  enumPolicy: 'described',
  values: [
${tableValues(statuses, '    ')}
  ],
});

// Closed: the set is fixed by the contract and confirmed independently.
export const ${CONST}_KINDS = defineTable({
  title: '${entity} kinds',
  enumPolicy: 'closed',
  corroboratedBy: [${kindSources.map(quote).join(', ')}],
  values: [
${tableValues(kinds, '    ')}
  ],
});

/**
 * Channels a ${domain.camel} can arrive through. Partners add channels, so this is described only.
 * @enumPolicy described
 */
export const ${CONST}_CHANNELS = [${channels.map(quote).join(', ')}] as const;

/**
 * Priorities, fixed by the support contract.
 * @enumPolicy closed
${priorityTags.map((tag) => ` * @corroboratedBy ${tag}`).join('\n')}
 */
export const ${CONST}_PRIORITIES = [${priorities.map(quote).join(', ')}] as const;

/** Display labels: a lookup for humans, not a value list. */
export const ${CONST}_STATUS_LABELS: Readonly<Record<string, string>> = {
${statuses.map((code) => `  ${code}: ${quote(titleCase(code))},`).join('\n')}
};

export const ${CONST}_STATUS_CODES = ${CONST}_STATUSES.values.map((status) => status.code);
export const ${CONST}_KIND_CODES = ${CONST}_KINDS.values.map((kind) => kind.code);
export const ${CONST}_MARKETPLACES = MARKETPLACES.values
  .filter((marketplace) => marketplace.code !== 'JP')
  .map((marketplace) => marketplace.code);
`;
}

function legacyGlossaryModule(index, random) {
  const regions = random.sample(REGION_WORDS, random.int(4, 8));
  return `// Generated from the upstream's region list years ago; nobody has checked it since. The
// settings name this folder a glossary module, so every export here is a (not closed) table.
export const LEGACY_REGIONS_${index} = [${regions.map(quote).join(', ')}];

export const LEGACY_REGION_NAMES_${index} = {
${regions.map((region) => `  '${region}': ${quote(titleCase(region))},`).join('\n')}
};
`;
}

function glossaryBarrel(domains) {
  const lines = ["// Tools import the glossary through this barrel; some modules are re-exported by name.", "export * from './common.js';", "export * from './define.js';", "export * from './describe.js';"];
  for (const domain of domains) {
    if (domain.barrelStyle === 'star') {
      lines.push(`export * from './${domain.dir}.js';`);
    } else {
      const C = domain.CONST;
      lines.push(`export { ${C}_STATUSES, ${C}_KINDS, ${C}_CHANNELS, ${C}_PRIORITIES, ${C}_STATUS_CODES, ${C}_KIND_CODES, ${C}_MARKETPLACES } from './${domain.dir}.js';`);
    }
  }
  return `${lines.join('\n')}\n`;
}

// --- tools --------------------------------------------------------------------------------

function glossaryImport(domain, names, from) {
  switch (domain.importStyle) {
    case 'direct':
      return { line: `import { ${names.join(', ')} } from '${from}/glossary/${domain.dir}.js';`, ref: (name) => name };
    case 'extensionless':
      return { line: `import { ${names.join(', ')} } from '${from}/glossary/${domain.dir}';`, ref: (name) => name };
    case 'namespace':
      return { line: `import * as glossary from '${from}/glossary/index.js';`, ref: (name) => `glossary.${name}` };
    default:
      return { line: `import { ${names.join(', ')} } from '${from}/glossary/index.js';`, ref: (name) => name };
  }
}

function jsonProperty(field, random) {
  const description = quote(`The ${snake(field.name).replaceAll('_', ' ')}.`);
  switch (field.type) {
    case 'number':
      return `{ type: 'number', minimum: 0, description: ${description} }`;
    case 'boolean':
      return `{ type: 'boolean', description: ${description} }`;
    case 'string[]':
      return `{ type: 'array', items: { type: 'string', minLength: 1 }, maxItems: ${random.int(5, 50)}, description: ${description} }`;
    default:
      return `{ type: 'string', minLength: 1, maxLength: ${random.pick([64, 128, 256, 1024])}, description: ${description} }`;
  }
}

function zodProperty(field, random) {
  const description = quote(`The ${snake(field.name).replaceAll('_', ' ')}.`);
  switch (field.type) {
    case 'number':
      return `z.number().min(0).describe(${description})`;
    case 'boolean':
      return `z.boolean().describe(${description})`;
    case 'string[]':
      return `z.array(z.string().min(1)).max(${random.int(5, 50)}).describe(${description})`;
    default:
      return `z.string().min(1).max(${random.pick([64, 128, 256, 1024])}).describe(${description})`;
  }
}

function toolModule(domain, tool, random, planted, legacyCount) {
  const { CONST, entity, camel, dir } = domain;
  const toolName = `${tool.verb}_${snake(domain.verbObject(tool.verb))}`;
  const exportName = `${lowerFirst(tool.verb)}${domain.verbObject(tool.verb)}Tool`;
  const fields = random.sample(domain.fields.filter((field) => !['id', 'status', 'kind', 'createdAt', 'updatedAt'].includes(field.name)), random.int(2, 6));
  const useDescribedEnum = tool.style === 'json' ? domain.planted.describedEnum && !domain.describedEnumPlaced : domain.planted.describedZodEnum && !domain.describedZodEnumPlaced;
  const unmarkedSort = domain.planted.unmarkedSortEnum && !domain.unmarkedSortPlaced;
  const legacy = domain.usesLegacyRegions && legacyCount > 0 && !domain.legacyPlaced;
  const legacyIndex = domain.index % Math.max(legacyCount, 1);
  const names = [`${CONST}_STATUSES`, `${CONST}_STATUS_CODES`, `${CONST}_KIND_CODES`, `${CONST}_PRIORITIES`];
  const glossary = glossaryImport(domain, names, '../..');
  const imports = [];
  const preamble = [];
  const properties = [];

  if (tool.style === 'zod') imports.push("import { z } from 'zod';");
  imports.push(glossary.line);
  imports.push("import { describeValues } from '../../glossary/describe.js';");
  if (legacy) imports.push(`import { LEGACY_REGIONS_${legacyIndex} } from '../../glossary/legacy/regions-${legacyIndex}.js';`);
  imports.push("import { errorResult, textResult, type ToolDefinition } from '../../registry/registrar.js';");
  imports.push(`import { ${camel}Handlers } from '../../domains/${dir}/handlers.js';`);

  if (unmarkedSort) {
    domain.unmarkedSortPlaced = true;
    plant(planted, 'no-open-glossary-enum', { strictOnly: true });
    preamble.push(`const SORT_FIELDS = [${random.sample(['createdAt', 'updatedAt', 'name', 'score', 'position'], 3).map(quote).join(', ')}] as const;`);
  }
  if (useDescribedEnum) {
    if (tool.style === 'json') domain.describedEnumPlaced = true;
    else domain.describedZodEnumPlaced = true;
    plant(planted, 'no-open-glossary-enum');
  }
  if (legacy) {
    domain.legacyPlaced = true;
    if (domain.planted.legacyEnum) plant(planted, 'no-open-glossary-enum');
  }

  if (tool.style === 'json') {
    properties.push(
      useDescribedEnum
        ? `status: { type: 'string', enum: ${glossary.ref(`${CONST}_STATUS_CODES`)} }`
        : `status: { type: 'string', description: describeValues(${glossary.ref(`${CONST}_STATUSES`)}) }`,
    );
    properties.push(`kind: { type: 'string', enum: ${glossary.ref(`${CONST}_KIND_CODES`)} }`);
    properties.push(`priority: { type: 'string', enum: [...${glossary.ref(`${CONST}_PRIORITIES`)}] }`);
    if (legacy) {
      properties.push(
        domain.planted.legacyEnum
          ? `region: { type: 'string', enum: LEGACY_REGIONS_${legacyIndex} }`
          : `region: { type: 'string', description: \`One of: \${LEGACY_REGIONS_${legacyIndex}.join(', ')}\` }`,
      );
    }
    for (const field of fields) properties.push(`${field.name}: ${jsonProperty(field, random)}`);
    properties.push(unmarkedSort ? "sortBy: { type: 'string', enum: SORT_FIELDS }" : "order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' }");
    properties.push(`limit: { type: 'integer', minimum: 1, maximum: ${random.pick([50, 100, 200])}, default: 20 }`);
    return `${imports.join('\n')}

${preamble.join('\n')}${preamble.length > 0 ? '\n\n' : ''}export const ${exportName}: ToolDefinition = {
  name: '${toolName}',
  description: ${quote(`${titleCase(tool.verb)} ${entity} records in the catalog.`)},
  inputSchema: {
    type: 'object',
    properties: {
${properties.map((property) => `      ${property},`).join('\n')}
    },
    required: [${quote(fields[0]?.name ?? 'limit')}],
    additionalProperties: false,
  },
  handler: async (args) => {
    try {
      return textResult(await ${camel}Handlers.${tool.verb}(args));
    } catch (error) {
      return errorResult(error instanceof Error ? error.message : String(error));
    }
  },
};
`;
  }

  properties.push(
    useDescribedEnum
      ? `status: z.enum(${glossary.ref(`${CONST}_STATUS_CODES`)} as [string, ...string[]])`
      : `status: z.string().describe(describeValues(${glossary.ref(`${CONST}_STATUSES`)})).optional()`,
  );
  properties.push(`kind: z.enum(${glossary.ref(`${CONST}_KIND_CODES`)} as [string, ...string[]])`);
  properties.push(`priority: z.enum(${glossary.ref(`${CONST}_PRIORITIES`)}).default('normal')`);
  if (legacy) {
    properties.push(
      domain.planted.legacyEnum
        ? `region: z.enum(LEGACY_REGIONS_${legacyIndex} as [string, ...string[]])`
        : `region: z.string().describe(\`One of: \${LEGACY_REGIONS_${legacyIndex}.join(', ')}\`)`,
    );
  }
  for (const field of fields) properties.push(`${field.name}: ${zodProperty(field, random)}${random.chance(0.5) ? '.optional()' : ''}`);
  properties.push(unmarkedSort ? 'sortBy: z.enum(SORT_FIELDS).optional()' : "order: z.enum(['asc', 'desc']).default('desc')");
  properties.push(`limit: z.number().int().min(1).max(${random.pick([50, 100, 200])}).refine((value) => {
    if (!Number.isSafeInteger(value)) throw new RangeError('limit out of range');
    return true;
  })`);
  const inputName = `${lowerFirst(tool.verb)}${domain.verbObject(tool.verb)}Input`;
  return `${imports.join('\n')}
import { zodInputSchema } from '../../schema/tool-schema.js';

${preamble.join('\n')}${preamble.length > 0 ? '\n\n' : ''}export const ${inputName} = z
  .object({
${properties.map((property) => `    ${property},`).join('\n')}
  })
  .strict();

export type ${titleCase(tool.verb).replaceAll(' ', '')}${domain.verbObject(tool.verb)}Args = z.infer<typeof ${inputName}>;

const built = zodInputSchema('${toolName}', ${inputName}.shape);
if (!built.ok) throw built.error;

export const ${exportName}: ToolDefinition = {
  name: '${toolName}',
  description: ${quote(`${titleCase(tool.verb)} ${entity} records.`)},
  inputSchema: built.value,
  handler: async (args) => {
    const parsed = ${inputName}.safeParse(args);
    if (!parsed.success) return errorResult(parsed.error.message);
    return textResult(await ${camel}Handlers.${tool.verb}(parsed.data));
  },
};
`;
}

function toolsIndex(domain) {
  return `${domain.tools.map((tool) => `export { ${lowerFirst(tool.verb)}${domain.verbObject(tool.verb)}Tool } from './${tool.verb}-${kebab(domain.verbObject(tool.verb))}.js';`).join('\n')}\n`;
}

function registrationModule(domain, planted) {
  const { entityPlural, dir } = domain;
  const names = domain.tools.map((tool) => `${lowerFirst(tool.verb)}${domain.verbObject(tool.verb)}Tool`);
  const absence = domain.planted.absenceFallback;
  if (absence) plant(planted, 'no-permissive-schema-fallback');
  const legacyAdapter = absence
    ? `
/** Tools still described in the old plugin format, from before the registrar existed. */
export function adaptLegacy${entityPlural}Tool(def: LegacyToolDef): ToolDefinition {
  const inputSchema = def.inputSchema ?? { type: 'object' };
  return { name: def.name, description: def.summary, inputSchema, handler: def.run };
}
`
    : `
/** Tools still described in the old plugin format, from before the registrar existed. */
export function adaptLegacy${entityPlural}Tool(def: LegacyToolDef): ToolDefinition {
  const inputSchema = def.inputSchema ?? NO_ARGUMENTS;
  return { name: def.name, description: def.summary, inputSchema, handler: def.run };
}
`;
  return `import type { ToolDefinition, ToolRegistrar } from './registrar.js';
import { NO_ARGUMENTS, type JsonSchema } from '../schema/tool-schema.js';
import { ${names.join(', ')} } from '../tools/${dir}/index.js';

export interface LegacyToolDef {
  readonly name: string;
  readonly summary: string;
  readonly inputSchema?: JsonSchema;
  readonly run: ToolDefinition['handler'];
}

export function register${entityPlural}Tools(registrar: ToolRegistrar, legacy: readonly LegacyToolDef[] = []): void {
${names.map((name) => `  registrar.add(${name});`).join('\n')}
  for (const def of legacy) registrar.add(adaptLegacy${entityPlural}Tool(def));
}
${legacyAdapter}
export const ${domain.camelPlural}ToolNames = [${names.map((name) => `${name}.name`).join(', ')}];
export const ${domain.camelPlural}ToolCount = ${names.length};
`;
}

function domainSchemaModule(domain, random, planted) {
  const { entity, camel, fields } = domain;
  const parts = [`import { zodToJsonSchema } from 'zod-to-json-schema';
import type { ZodTypeAny } from 'zod';
import type { Logger } from '../../lib/logger.js';
import { err, ok, type Result } from '../../schema/result.js';
import { SchemaError, type JsonSchema } from '../../schema/tool-schema.js';

/** The filter schema for ${entity} queries, one property per filterable field. */
export function build${entity}FilterSchema(selected: readonly string[]): Result<JsonSchema, SchemaError> {
  const properties: Record<string, JsonSchema> = {};
  for (const name of selected) {
    const type = ${camel}FieldTypes[name];
    if (type === undefined) return err(new SchemaError('${snake(entity)}_filter', \`unknown field \${name}\`));
    properties[name] = type === 'string[]' ? { type: 'array', items: { type: 'string' } } : { type };
  }
  return ok({ type: 'object', properties, additionalProperties: false });
}

export const ${camel}FieldTypes: Readonly<Record<string, string>> = {
${fields.map((field) => `  ${field.name}: '${field.type}',`).join('\n')}
};
`];
  if (domain.planted.helperThrow) {
    plant(planted, 'no-schema-helper-throw');
    parts.push(`
export function must${entity}Schema(literal: object): string {
  const text = JSON.stringify(literal);
  if (text === undefined) throw new Error('${camel} schema did not marshal');
  return text;
}
`);
  } else {
    parts.push(`
export function ${camel}SchemaText(literal: object): Result<string, SchemaError> {
  const text = JSON.stringify(literal);
  return text === undefined ? err(new SchemaError('${snake(entity)}', 'schema did not marshal')) : ok(text);
}
`);
  }
  if (domain.planted.catchFallback) {
    plant(planted, 'no-permissive-schema-fallback');
    parts.push(`
export function ${camel}InputJsonSchema(schema: ZodTypeAny, logger: Logger): JsonSchema {
  try {
    return zodToJsonSchema(schema) as JsonSchema;
  } catch (error) {
    logger.warn('input schema failed to build, advertising an open object', { error: String(error) });
    return { type: 'object' };
  }
}
`);
  } else {
    parts.push(`
export function ${camel}InputJsonSchema(schema: ZodTypeAny): Result<JsonSchema, SchemaError> {
  try {
    return ok(zodToJsonSchema(schema) as JsonSchema);
  } catch (cause) {
    return err(new SchemaError('${snake(entity)}_input', 'input schema has no JSON Schema form', { cause }));
  }
}
`);
  }
  parts.push(`
export function validate${entity}Schema(schema: unknown): asserts schema is JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new TypeError('${camel} schema must be an object');
  }
}
`);
  return parts.join('');
}

// --- ordinary application code ------------------------------------------------------------

function modelModule(domain, random) {
  const { entity, camel, fields } = domain;
  const columns = fields.map((field) => ({ ...field, column: snake(field.name) }));
  const validations = fields.map((field) => {
    switch (field.type) {
      case 'number':
        return `  const ${field.name} = record.${field.name};
  if (typeof ${field.name} !== 'number' || Number.isNaN(${field.name})) throw new ValidationError('${field.name}', 'must be a number');`;
      case 'boolean':
        return `  const ${field.name} = record.${field.name};
  if (typeof ${field.name} !== 'boolean') throw new ValidationError('${field.name}', 'must be true or false');`;
      case 'string[]':
        return `  const ${field.name} = record.${field.name};
  if (!Array.isArray(${field.name}) || !${field.name}.every((item) => typeof item === 'string')) {
    throw new ValidationError('${field.name}', 'must be a list of strings');
  }`;
      default:
        return `  const ${field.name} = record.${field.name};
  if (typeof ${field.name} !== 'string' || ${field.name}.length === 0) throw new ValidationError('${field.name}', 'must be a non-empty string');`;
    }
  });
  const comparable = fields.filter((field) => field.type === 'number' || field.type === 'string').slice(0, 4);
  return `import { ValidationError } from '../../lib/errors.js';

/** A ${camel} as the service passes it around. */
export interface ${entity} {
${fields.map((field) => `  readonly ${field.name}: ${tsType(field.type)};`).join('\n')}
}

/** A ${camel} as the database stores it. */
export interface ${entity}Row {
${columns.map((field) => `  ${field.column}: ${field.type === 'string[]' ? 'string' : field.type};`).join('\n')}
}

export type ${entity}Patch = Partial<Omit<${entity}, 'id' | 'createdAt'>>;

export function ${camel}FromRow(row: ${entity}Row): ${entity} {
  return {
${columns.map((field) => `    ${field.name}: ${field.type === 'string[]' ? `row.${field.column} ? row.${field.column}.split(',') : []` : `row.${field.column}`},`).join('\n')}
  };
}

export function ${camel}ToRow(value: ${entity}): ${entity}Row {
  return {
${columns.map((field) => `    ${field.column}: ${field.type === 'string[]' ? `value.${field.name}.join(',')` : `value.${field.name}`},`).join('\n')}
  };
}

export function apply${entity}Patch(value: ${entity}, patch: ${entity}Patch, now = new Date()): ${entity} {
  const next = { ...value, ...patch, updatedAt: now.toISOString() };
  if (next.updatedAt < value.createdAt) throw new ValidationError('updatedAt', 'is before createdAt');
  return next;
}

export function validate${entity}(input: unknown): ${entity} {
  if (typeof input !== 'object' || input === null) throw new ValidationError('${camel}', 'must be an object');
  const record = input as Record<string, unknown>;
${validations.join('\n')}
  return {
${fields.map((field) => `    ${field.name},`).join('\n')}
  } as ${entity};
}

export function compare${domain.entityPlural}(a: ${entity}, b: ${entity}): number {
${comparable.map((field) => field.type === 'number' ? `  if (a.${field.name} !== b.${field.name}) return a.${field.name} - b.${field.name};` : `  if (a.${field.name} !== b.${field.name}) return a.${field.name} < b.${field.name} ? -1 : 1;`).join('\n')}
  return a.id.localeCompare(b.id);
}

export function sample${entity}(overrides: ${entity}Patch = {}): ${entity} {
  return {
${fields.map((field) => `    ${field.name}: ${sampleValue(field, random)},`).join('\n')}
    ...overrides,
  };
}
`;
}

function repositoryModule(domain) {
  const { entity, camel, entityPlural, fields } = domain;
  const table = snake(entityPlural);
  const columns = fields.map((field) => snake(field.name));
  const filterable = fields.filter((field) => field.type !== 'string[]').slice(0, 6);
  return `import { decodeCursor, encodeCursor, placeholders, type Database, type Page } from '../../lib/database.js';
import { NotFoundError } from '../../lib/errors.js';
import { ${camel}FromRow, ${camel}ToRow, type ${entity}, type ${entity}Row } from './model.js';

export interface ${entity}Filter {
${filterable.map((field) => `  readonly ${field.name}?: ${field.type};`).join('\n')}
}

export interface ListOptions {
  readonly limit?: number;
  readonly cursor?: string;
  readonly order?: 'asc' | 'desc';
}

const COLUMNS = [${columns.map((column) => `'${column}'`).join(', ')}];
const FILTER_COLUMNS: Readonly<Record<keyof ${entity}Filter, string>> = {
${filterable.map((field) => `  ${field.name}: '${snake(field.name)}',`).join('\n')}
};

export class ${entity}Repository {
  constructor(private readonly database: Database) {}

  async findById(id: string): Promise<${entity} | undefined> {
    const result = await this.database.query<${entity}Row>(\`SELECT \${COLUMNS.join(', ')} FROM ${table} WHERE id = $1\`, [id]);
    const row = result.rows[0];
    return row ? ${camel}FromRow(row) : undefined;
  }

  async getById(id: string): Promise<${entity}> {
    const found = await this.findById(id);
    if (!found) throw new NotFoundError('${camel}', id);
    return found;
  }

  async list(filter: ${entity}Filter = {}, options: ListOptions = {}): Promise<Page<${entity}>> {
    const limit = Math.min(Math.max(options.limit ?? 20, 1), 200);
    const offset = decodeCursor(options.cursor);
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    for (const [key, column] of Object.entries(FILTER_COLUMNS) as [keyof ${entity}Filter, string][]) {
      const value = filter[key];
      if (value === undefined) continue;
      parameters.push(value);
      conditions.push(\`\${column} = $\${parameters.length}\`);
    }
    const where = conditions.length > 0 ? \`WHERE \${conditions.join(' AND ')}\` : '';
    const direction = options.order === 'asc' ? 'ASC' : 'DESC';
    const result = await this.database.query<${entity}Row>(
      \`SELECT \${COLUMNS.join(', ')} FROM ${table} \${where} ORDER BY created_at \${direction} LIMIT \${limit + 1} OFFSET \${offset}\`,
      parameters,
    );
    const items = result.rows.slice(0, limit).map(${camel}FromRow);
    return { items, nextCursor: result.rows.length > limit ? encodeCursor(offset + limit) : undefined };
  }

  async upsert(value: ${entity}): Promise<void> {
    const row = ${camel}ToRow(value);
    const values = COLUMNS.map((column) => row[column as keyof ${entity}Row]);
    const updates = COLUMNS.filter((column) => column !== 'id').map((column) => \`\${column} = EXCLUDED.\${column}\`);
    await this.database.query(
      \`INSERT INTO ${table} (\${COLUMNS.join(', ')}) VALUES (\${placeholders(COLUMNS.length)}) ON CONFLICT (id) DO UPDATE SET \${updates.join(', ')}\`,
      values,
    );
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.database.query('DELETE FROM ${table} WHERE id = $1', [id]);
    return result.rowCount > 0;
  }

  async count(filter: ${entity}Filter = {}): Promise<number> {
    const entries = Object.entries(filter).filter(([, value]) => value !== undefined);
    const where = entries.length > 0 ? \`WHERE \${entries.map(([key], index) => \`\${FILTER_COLUMNS[key as keyof ${entity}Filter]} = $\${index + 1}\`).join(' AND ')}\` : '';
    const result = await this.database.query<{ total: number }>(\`SELECT count(*) AS total FROM ${table} \${where}\`, entries.map(([, value]) => value));
    return result.rows[0]?.total ?? 0;
  }

  async transaction<T>(body: (repository: ${entity}Repository) => Promise<T>): Promise<T> {
    return this.database.transaction((database) => body(new ${entity}Repository(database)));
  }
}
`;
}

function serviceModule(domain, random) {
  const { entity, camel, entityPlural } = domain;
  const numeric = domain.fields.filter((field) => field.type === 'number');
  const textual = domain.fields.filter((field) => field.type === 'string' && !['id', 'createdAt', 'updatedAt'].includes(field.name));
  const summaryLines = numeric.length > 0
    ? numeric.map((field) => `      ${field.name}: items.reduce((total, item) => total + item.${field.name}, 0),`).join('\n')
    : '      none: 0,';
  const searchable = textual.slice(0, 3);
  return `import { TtlCache } from '../../lib/cache.js';
import { NotFoundError, ServiceError, describeError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { apply${entity}Patch, compare${entityPlural}, validate${entity}, type ${entity}, type ${entity}Patch } from './model.js';
import type { ${entity}Filter, ${entity}Repository, ListOptions } from './repository.js';
import type { ${entity}Upstream } from './upstream.js';

export interface ${entity}ServiceOptions {
  readonly cacheTtlMs?: number;
  readonly maxBatch?: number;
  readonly syncUpstream?: boolean;
}

export interface ${entity}Summary {
  readonly count: number;
  readonly byStatus: Readonly<Record<string, number>>;
  readonly totals: Readonly<Record<string, number>>;
}

export class ${entity}Service {
  readonly #cache: TtlCache<string, ${entity}>;
  readonly #options: Required<${entity}ServiceOptions>;

  constructor(
    private readonly repository: ${entity}Repository,
    private readonly upstream: ${entity}Upstream,
    private readonly logger: Logger,
    options: ${entity}ServiceOptions = {},
  ) {
    this.#options = { cacheTtlMs: 30_000, maxBatch: ${random.pick([25, 50, 100])}, syncUpstream: true, ...options };
    this.#cache = new TtlCache({ ttlMs: this.#options.cacheTtlMs });
  }

  async get(id: string): Promise<${entity}> {
    return this.#cache.getOrLoad(id, async () => {
      const local = await this.repository.findById(id);
      if (local) return local;
      if (!this.#options.syncUpstream) throw new NotFoundError('${camel}', id);
      const remote = await this.upstream.fetchOne(id);
      if (!remote) throw new NotFoundError('${camel}', id);
      await this.repository.upsert(remote);
      return remote;
    });
  }

  async list(filter: ${entity}Filter, options: ListOptions = {}) {
    const page = await this.repository.list(filter, options);
    return { ...page, items: [...page.items].sort(compare${entityPlural}) };
  }

  async create(input: unknown): Promise<${entity}> {
    const value = validate${entity}(input);
    const existing = await this.repository.findById(value.id);
    if (existing) throw new ServiceError(\`${camel} \${value.id} already exists\`, 'conflict');
    await this.repository.upsert(value);
    this.logger.info('${camel} created', { id: value.id });
    return value;
  }

  async update(id: string, patch: ${entity}Patch): Promise<${entity}> {
    return this.repository.transaction(async (repository) => {
      const current = await repository.getById(id);
      const next = apply${entity}Patch(current, patch);
      await repository.upsert(next);
      this.#cache.set(id, next);
      return next;
    });
  }

  async remove(id: string): Promise<void> {
    const removed = await this.repository.remove(id);
    if (!removed) throw new NotFoundError('${camel}', id);
    this.#cache.clear();
  }

  async search(text: string, options: ListOptions = {}): Promise<readonly ${entity}[]> {
    const needle = text.trim().toLowerCase();
    if (needle.length === 0) return [];
    const page = await this.repository.list({}, { ...options, limit: this.#options.maxBatch });
    return page.items.filter((item) =>
${searchable.length > 0 ? searchable.map((field) => `      item.${field.name}.toLowerCase().includes(needle)`).join(' ||\n') : '      item.id.includes(needle)'},
    );
  }

  async syncFromUpstream(since: string): Promise<{ synced: number; failed: number }> {
    let synced = 0;
    let failed = 0;
    for await (const batch of this.upstream.changesSince(since, this.#options.maxBatch)) {
      const results = await Promise.allSettled(batch.map((item) => this.repository.upsert(item)));
      for (const result of results) {
        if (result.status === 'fulfilled') {
          synced += 1;
        } else {
          failed += 1;
          this.logger.warn('${camel} sync failed', { reason: describeError(result.reason) });
        }
      }
    }
    return { synced, failed };
  }

  summarize(items: readonly ${entity}[]): ${entity}Summary {
    const byStatus: Record<string, number> = {};
    for (const item of items) byStatus[item.status] = (byStatus[item.status] ?? 0) + 1;
    return {
      count: items.length,
      byStatus,
      totals: {
${summaryLines}
      },
    };
  }
}
`;
}

function upstreamModule(domain, random) {
  const { entity, camel, entityPlural, fields } = domain;
  const path = `/v${random.int(1, 3)}/${kebab(entityPlural)}`;
  return `import type { HttpClient, RequestOptions } from '../../lib/http-client.js';
import { UpstreamError } from '../../lib/errors.js';
import type { ${entity} } from './model.js';

interface Upstream${entity} {
${fields.map((field) => `  ${snake(field.name)}?: ${field.type === 'string[]' ? 'string[]' : field.type} | null;`).join('\n')}
}

interface UpstreamPage {
  readonly data: readonly Upstream${entity}[];
  readonly next?: string | null;
}

function fromUpstream(item: Upstream${entity}): ${entity} {
  return {
${fields.map((field) => `    ${field.name}: item.${snake(field.name)} ?? ${field.type === 'number' ? '0' : field.type === 'boolean' ? 'false' : field.type === 'string[]' ? '[]' : "''"},`).join('\n')}
  };
}

export class ${entity}Upstream {
  constructor(
    private readonly http: HttpClient,
    private readonly options: RequestOptions = {},
  ) {}

  async fetchOne(id: string): Promise<${entity} | undefined> {
    try {
      const item = await this.http.get<Upstream${entity}>(\`${path}/\${encodeURIComponent(id)}\`, undefined, this.options);
      return fromUpstream(item);
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return undefined;
      throw error;
    }
  }

  async *changesSince(since: string, pageSize: number): AsyncGenerator<${entity}[]> {
    let cursor: string | undefined;
    do {
      const page: UpstreamPage = await this.http.get('${path}/changes', { since, cursor, limit: pageSize }, this.options);
      yield page.data.map(fromUpstream);
      cursor = page.next ?? undefined;
    } while (cursor);
  }

  async push(value: ${entity}): Promise<void> {
    const headers = { ...(this.options.headers || {}), 'idempotency-key': \`${camel}-\${value.id}-\${value.updatedAt}\` };
    await this.http.post('${path}', value, { ...this.options, headers });
  }
}
`;
}

function handlersModule(domain) {
  const { entity, camel, entityPlural } = domain;
  const verbs = domain.tools.map((tool) => tool.verb);
  const bodies = {
    list: `  async list(args: Record<string, unknown>): Promise<string> {
    const page = await service().list({}, { limit: Number(args.limit ?? 20), order: args.order === 'asc' ? 'asc' : 'desc' });
    return toMarkdownTable(HEADERS, page.items.map(row));
  },`,
    get: `  async get(args: Record<string, unknown>): Promise<string> {
    const item = await service().get(String(args.id ?? ''));
    return JSON.stringify(item, null, 2);
  },`,
    create: `  async create(args: Record<string, unknown>): Promise<string> {
    const item = await service().create(args);
    return \`Created ${camel} \${item.id}.\`;
  },`,
    update: `  async update(args: Record<string, unknown>): Promise<string> {
    const { id, ...patch } = args;
    const item = await service().update(String(id), patch);
    return \`Updated ${camel} \${item.id} at \${item.updatedAt}.\`;
  },`,
    delete: `  async delete(args: Record<string, unknown>): Promise<string> {
    await service().remove(String(args.id));
    return 'Deleted.';
  },`,
    search: `  async search(args: Record<string, unknown>): Promise<string> {
    const found = await service().search(String(args.query ?? ''), { limit: Number(args.limit ?? 20) });
    if (found.length === 0) return 'No ${camel} matched.';
    return \`\${pluralize(found.length, '${camel}')} found:\\n\${toMarkdownTable(HEADERS, found.map(row))}\`;
  },`,
    export: `  async export(args: Record<string, unknown>): Promise<string> {
    const page = await service().list({}, { limit: Number(args.limit ?? 200) });
    return toCsv(HEADERS, page.items.map(row));
  },`,
    summarize: `  async summarize(args: Record<string, unknown>): Promise<string> {
    const page = await service().list({}, { limit: Number(args.limit ?? 200) });
    const summary = service().summarize(page.items);
    const lines = Object.entries(summary.byStatus).map(([status, count]) => \`- \${status}: \${count}\`);
    return [\`\${pluralize(summary.count, '${camel}')}\`, ...lines].join('\\n');
  },`,
  };
  const shown = domain.fields.slice(0, 5);
  return `import { pluralize, toCsv, toMarkdownTable } from '../../lib/format.js';
import type { ${entity} } from './model.js';
import type { ${entity}Service } from './service.js';

const HEADERS = [${shown.map((field) => `'${field.name}'`).join(', ')}];

let current: ${entity}Service | undefined;

export function use${entity}Service(value: ${entity}Service): void {
  current = value;
}

function service(): ${entity}Service {
  if (!current) throw new Error('${entityPlural} service used before startup wired it');
  return current;
}

function row(item: ${entity}): unknown[] {
  return [${shown.map((field) => `item.${field.name}`).join(', ')}];
}

export const ${camel}Handlers = {
${verbs.map((verb) => bodies[verb]).join('\n')}
};
`;
}

function eventsModule(domain, random) {
  const { entity, camel, statuses } = domain;
  const events = random.sample(['created', 'updated', 'deleted', 'restored', 'flagged', 'assigned', 'commented', 'exported'], random.int(4, 7));
  return `import type { ${entity} } from './model.js';

export type ${entity}Event =
${events.map((event) => `  | { readonly type: '${camel}.${event}'; readonly id: string; readonly at: string${event === 'updated' ? `; readonly patch: Partial<${entity}>` : ''} }`).join('\n')};

export interface ${entity}State {
  readonly items: ReadonlyMap<string, ${entity}>;
  readonly deleted: ReadonlySet<string>;
  readonly lastEventAt: string | undefined;
  readonly counts: Readonly<Record<string, number>>;
}

export const initial${entity}State: ${entity}State = { items: new Map(), deleted: new Set(), lastEventAt: undefined, counts: {} };

export function reduce${entity}Event(state: ${entity}State, event: ${entity}Event, load: (id: string) => ${entity} | undefined): ${entity}State {
  const counts = { ...state.counts, [event.type]: (state.counts[event.type] ?? 0) + 1 };
  switch (event.type) {
${events.map((event) => {
    if (event === 'deleted') {
      return `    case '${camel}.deleted': {
      const items = new Map(state.items);
      items.delete(event.id);
      return { items, deleted: new Set([...state.deleted, event.id]), lastEventAt: event.at, counts };
    }`;
    }
    if (event === 'updated') {
      return `    case '${camel}.updated': {
      const existing = state.items.get(event.id);
      if (!existing) return { ...state, counts };
      const items = new Map(state.items).set(event.id, { ...existing, ...event.patch });
      return { ...state, items, lastEventAt: event.at, counts };
    }`;
    }
    return `    case '${camel}.${event}': {
      const loaded = load(event.id);
      if (!loaded) return { ...state, counts };
      return { ...state, items: new Map(state.items).set(event.id, loaded), lastEventAt: event.at, counts };
    }`;
  }).join('\n')}
    default:
      return state;
  }
}

export function isTerminalStatus(status: string): boolean {
  return [${statuses.slice(-2).map(quote).join(', ')}].includes(status);
}

export function eventsByDay(events: readonly ${entity}Event[]): Map<string, number> {
  const days = new Map<string, number>();
  for (const event of events) {
    const day = event.at.slice(0, 10);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return days;
}
`;
}

function reportModule(domain, random) {
  const { entity, camel, entityPlural } = domain;
  const numeric = domain.fields.filter((field) => field.type === 'number');
  const metric = numeric[0]?.name;
  return `import { formatAmount, toMarkdownTable, truncate } from '../../lib/format.js';
import type { ${entity} } from './model.js';

export interface ReportOptions {
  readonly title?: string;
  readonly currency?: string;
  readonly locale?: string;
  readonly maxRows?: number;
}

export interface ReportSection {
  readonly heading: string;
  readonly body: string;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const name = key(item);
    const group = groups.get(name);
    if (group) group.push(item);
    else groups.set(name, [item]);
  }
  return groups;
}

export function build${entity}Report(items: readonly ${entity}[], options: ReportOptions = {}): string {
  const settings = { title: '${entityPlural}', currency: 'USD', locale: 'en-US', maxRows: ${random.pick([20, 50, 100])}, ...options };
  const sections: ReportSection[] = [];
  for (const [status, group] of groupBy(items, (item) => item.status)) {
    const rows = group.slice(0, settings.maxRows).map((item) => [item.id, ${metric ? `formatAmount(item.${metric}, settings.currency, settings.locale)` : 'item.kind'}, truncate(item.updatedAt, 10)]);
    sections.push({ heading: \`\${status} (\${group.length})\`, body: toMarkdownTable(['id', '${metric ?? 'kind'}', 'updated'], rows) });
  }
  const header = \`# \${settings.title}\\n\\n\${items.length} ${camel} record(s).\`;
  return [header, ...sections.map((section) => \`## \${section.heading}\\n\\n\${section.body}\`)].join('\\n\\n');
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function ${camel}Trend(items: readonly ${entity}[], days = 7): { day: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const day = item.createdAt.slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(-days)
    .map(([day, count]) => ({ day, count }));
}
`;
}

function jobsModule(domain, random) {
  const { entity, camel, entityPlural } = domain;
  const schedule = random.pick(['*/5 * * * *', '0 * * * *', '15 3 * * *', '0 */6 * * *']);
  return `import { describeError, isRetryable } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import type { ${entity}Service } from './service.js';

export interface JobRun {
  readonly job: string;
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly attempts: number;
  readonly outcome: 'ok' | 'failed' | 'skipped';
  readonly detail?: string;
}

export interface JobOptions {
  readonly maxAttempts?: number;
  readonly backoffMs?: number;
  readonly now?: () => Date;
}

export const ${camel}SyncSchedule = '${schedule}';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function withRetries<T>(work: () => Promise<T>, options: Required<JobOptions>, logger: Logger): Promise<{ value?: T; attempts: number; error?: unknown }> {
  let attempts = 0;
  while (attempts < options.maxAttempts) {
    attempts += 1;
    try {
      return { value: await work(), attempts };
    } catch (error) {
      if (!isRetryable(error) || attempts >= options.maxAttempts) return { attempts, error };
      logger.warn('job attempt failed, retrying', { attempts, error: describeError(error) });
      await sleep(options.backoffMs * attempts);
    }
  }
  return { attempts };
}

export class ${entityPlural}Jobs {
  #running = false;
  readonly #history: JobRun[] = [];
  readonly #options: Required<JobOptions>;

  constructor(
    private readonly service: ${entity}Service,
    private readonly logger: Logger,
    options: JobOptions = {},
  ) {
    this.#options = { maxAttempts: ${random.int(2, 5)}, backoffMs: ${random.pick([250, 500, 1000])}, now: () => new Date(), ...options };
  }

  get history(): readonly JobRun[] {
    return this.#history;
  }

  async sync(since: string): Promise<JobRun> {
    const startedAt = this.#options.now().toISOString();
    if (this.#running) return this.#record({ job: '${camel}.sync', startedAt, finishedAt: startedAt, attempts: 0, outcome: 'skipped', detail: 'already running' });
    this.#running = true;
    try {
      const result = await withRetries(() => this.service.syncFromUpstream(since), this.#options, this.logger);
      const finishedAt = this.#options.now().toISOString();
      if (result.error !== undefined || result.value === undefined) {
        return this.#record({ job: '${camel}.sync', startedAt, finishedAt, attempts: result.attempts, outcome: 'failed', detail: describeError(result.error) });
      }
      const detail = \`\${result.value.synced} synced, \${result.value.failed} failed\`;
      return this.#record({ job: '${camel}.sync', startedAt, finishedAt, attempts: result.attempts, outcome: 'ok', detail });
    } finally {
      this.#running = false;
    }
  }

  #record(run: JobRun): JobRun {
    this.#history.push(run);
    if (this.#history.length > 100) this.#history.shift();
    this.logger.info('job finished', { job: run.job, outcome: run.outcome, attempts: run.attempts });
    return run;
  }

  lastSuccess(): JobRun | undefined {
    for (let index = this.#history.length - 1; index >= 0; index -= 1) {
      const run = this.#history[index];
      if (run?.outcome === 'ok') return run;
    }
    return undefined;
  }
}
`;
}

function permissionsModule(domain, random) {
  const { entity, camel } = domain;
  const actions = random.sample(['read', 'create', 'update', 'delete', 'export', 'approve', 'assign', 'archive'], random.int(4, 7));
  const roles = ['viewer', 'editor', 'admin', 'owner'];
  return `import type { ${entity} } from './model.js';

export type ${entity}Action = ${actions.map((action) => `'${action}'`).join(' | ')};
export type Role = ${roles.map((role) => `'${role}'`).join(' | ')};

export interface Principal {
  readonly id: string;
  readonly roles: readonly Role[];
  readonly teams: readonly string[];
}

const GRANTS: Readonly<Record<Role, readonly ${entity}Action[]>> = {
${roles.map((role, index) => `  ${role}: [${actions.slice(0, Math.min(actions.length, 1 + index * 2)).map((action) => `'${action}'`).join(', ')}],`).join('\n')}
};

export function can(principal: Principal, action: ${entity}Action, item?: ${entity}): boolean {
  if (principal.roles.includes('owner')) return true;
  const granted = principal.roles.some((role) => GRANTS[role].includes(action));
  if (!granted) return false;
  switch (action) {
${actions.slice(0, 3).map((action) => `    case '${action}':
      return item === undefined || ${action === 'read' ? 'true' : `principal.roles.includes('admin') || item.id.startsWith(principal.id)`};`).join('\n')}
    default:
      return granted;
  }
}

export function explainDenial(principal: Principal, action: ${entity}Action): string {
  const roles = principal.roles.length > 0 ? principal.roles.join(', ') : 'no roles';
  const needed = (Object.entries(GRANTS) as [Role, readonly ${entity}Action[]][])
    .filter(([, actions]) => actions.includes(action))
    .map(([role]) => role);
  return \`\${principal.id} (\${roles}) may not \${action} a ${camel}; needs one of: \${needed.join(', ') || 'owner'}\`;
}

export function visible${domain.entityPlural}(principal: Principal, items: readonly ${entity}[]): ${entity}[] {
  return items.filter((item) => can(principal, '${actions[0]}', item));
}
`;
}

function searchIndexModule(domain) {
  const { entity, camel } = domain;
  const textual = domain.fields.filter((field) => field.type === 'string' && !['id', 'createdAt', 'updatedAt'].includes(field.name)).slice(0, 4);
  const tags = domain.fields.some((field) => field.name === 'tags');
  return `import type { ${entity} } from './model.js';

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'for', 'on', 'with']);

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9\\s-]/g, ' ')
    .split(/\\s+/)
    .filter((token) => token.length > 1 && !STOP_WORDS.has(token));
}

export class ${entity}SearchIndex {
  readonly #postings = new Map<string, Map<string, number>>();
  readonly #documents = new Map<string, ${entity}>();

  add(item: ${entity}): void {
    this.remove(item.id);
    this.#documents.set(item.id, item);
    const text = [${textual.map((field) => `item.${field.name}`).join(', ')}${tags ? `, ...item.tags` : ''}].join(' ');
    for (const token of tokenize(text)) {
      let posting = this.#postings.get(token);
      if (!posting) this.#postings.set(token, (posting = new Map()));
      posting.set(item.id, (posting.get(item.id) ?? 0) + 1);
    }
  }

  remove(id: string): void {
    if (!this.#documents.delete(id)) return;
    for (const [token, posting] of this.#postings) {
      posting.delete(id);
      if (posting.size === 0) this.#postings.delete(token);
    }
  }

  query(text: string, limit = 10): { item: ${entity}; score: number }[] {
    const scores = new Map<string, number>();
    const total = Math.max(this.#documents.size, 1);
    for (const token of tokenize(text)) {
      const posting = this.#postings.get(token);
      if (!posting) continue;
      const idf = Math.log(1 + total / posting.size);
      for (const [id, frequency] of posting) scores.set(id, (scores.get(id) ?? 0) + frequency * idf);
    }
    return [...scores.entries()]
      .sort(([, a], [, b]) => b - a)
      .slice(0, limit)
      .flatMap(([id, score]) => {
        const item = this.#documents.get(id);
        return item ? [{ item, score }] : [];
      });
  }

  get size(): number {
    return this.#documents.size;
  }
}

export function build${entity}Index(items: Iterable<${entity}>): ${entity}SearchIndex {
  const index = new ${entity}SearchIndex();
  for (const item of items) index.add(item);
  return index;
}

export const ${camel}IndexVersion = ${domain.index + 1};
`;
}

function wiringModule(domains) {
  const imports = [];
  const wiring = [];
  for (const domain of domains) {
    const { entity, dir, entityPlural } = domain;
    imports.push(`import { ${entity}Repository } from './domains/${dir}/repository.js';`);
    imports.push(`import { ${entity}Service } from './domains/${dir}/service.js';`);
    imports.push(`import { ${entity}Upstream } from './domains/${dir}/upstream.js';`);
    imports.push(`import { use${entity}Service } from './domains/${dir}/handlers.js';`);
    imports.push(`import { register${entityPlural}Tools } from './registry/${dir}.js';`);
    wiring.push(`  use${entity}Service(new ${entity}Service(new ${entity}Repository(deps.database), new ${entity}Upstream(deps.http), deps.logger));
  register${entityPlural}Tools(registrar);`);
  }
  return `${imports.join('\n')}
import type { Database } from './lib/database.js';
import type { HttpClient } from './lib/http-client.js';
import type { Logger } from './lib/logger.js';
import { ToolRegistrar, type RegisteredTool } from './registry/registrar.js';
import type { Result } from './schema/result.js';
import type { SchemaError } from './schema/tool-schema.js';

export interface Dependencies {
  readonly database: Database;
  readonly http: HttpClient;
  readonly logger: Logger;
}

/** The composition root: every tool registers or the server does not start. */
export function buildServer(deps: Dependencies): Result<readonly RegisteredTool[], SchemaError> {
  const registrar = new ToolRegistrar(deps.logger);
${wiring.join('\n')}
  return registrar.result();
}
`;
}

function mainModule() {
  return `import { createHttpClient } from './lib/http-client.js';
import { createLogger } from './lib/logger.js';
import { loadConfig } from './lib/config.js';
import type { Database } from './lib/database.js';
import { buildServer } from './wiring.js';

declare function connect(url: string): Promise<Database>;

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const database = await connect(config.DATABASE_URL);
const http = createHttpClient(config.API_BASE_URL, logger, { headers: { authorization: \`Bearer \${config.API_TOKEN}\` } });
const tools = buildServer({ database, http, logger });
if (!tools.ok) {
  logger.error('tool registration failed', { error: tools.error.message });
  process.exit(1);
}
logger.info('server ready', { tools: tools.value.length, port: config.PORT });
`;
}

// --- the corpus ---------------------------------------------------------------------------

export const countLines = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/**
 * Generates the corpus in memory. Domains are added until the line count reaches
 * `scale × LINES_PER_SCALE`; each domain draws from its own random stream, so the first domains
 * of a 4× corpus are the same code as the 1× corpus.
 * @param {{ scale?: number, seed?: string }} [options]
 */
export function generateCorpus({ scale = 1, seed = DEFAULT_SEED, layout = 'single' } = {}) {
  if (!(scale > 0)) throw new RangeError(`scale must be a positive number, got ${scale}`);
  if (!LAYOUTS.includes(layout)) throw new RangeError(`layout must be one of ${LAYOUTS.join(', ')}, got ${layout}`);
  const targetLines = Math.round(scale * LINES_PER_SCALE);
  const files = new Map(sharedModules());
  const planted = createPlanted();
  const domains = [];
  let lines = [...files.values()].reduce((total, text) => total + countLines(text), 0);
  const add = (path, text) => {
    files.set(path, text);
    lines += countLines(text);
  };
  // Legacy glossary modules: one for every eight domains, fixed up front from the target size.
  const legacyCount = Math.max(1, Math.round(targetLines / 20_000));
  for (let index = 0; index < legacyCount; index += 1) {
    add(`src/glossary/legacy/regions-${index}.ts`, legacyGlossaryModule(index, createRandom(`${seed}/legacy/${index}`)));
  }
  // Reserve what the closing modules (barrel, wiring) will add: about 8 lines per domain.
  while (lines + domains.length * 8 < targetLines) {
    const random = createRandom(`${seed}/domain/${domains.length}`);
    const domain = describeDomain(domains.length, random);
    domain.verbObject = (verb) => (['list', 'search', 'export', 'summarize'].includes(verb) ? domain.entityPlural : domain.entity);
    domains.push(domain);
    add(`src/glossary/${domain.dir}.ts`, glossaryModule(domain, random, planted));
    add(`src/domains/${domain.dir}/model.ts`, modelModule(domain, random));
    add(`src/domains/${domain.dir}/repository.ts`, repositoryModule(domain));
    add(`src/domains/${domain.dir}/service.ts`, serviceModule(domain, random));
    add(`src/domains/${domain.dir}/upstream.ts`, upstreamModule(domain, random));
    add(`src/domains/${domain.dir}/handlers.ts`, handlersModule(domain));
    add(`src/domains/${domain.dir}/events.ts`, eventsModule(domain, random));
    add(`src/domains/${domain.dir}/report.ts`, reportModule(domain, random));
    add(`src/domains/${domain.dir}/jobs.ts`, jobsModule(domain, random));
    add(`src/domains/${domain.dir}/permissions.ts`, permissionsModule(domain, random));
    add(`src/domains/${domain.dir}/search-index.ts`, searchIndexModule(domain));
    add(`src/domains/${domain.dir}/schema.ts`, domainSchemaModule(domain, random, planted));
    for (const tool of domain.tools) {
      add(`src/tools/${domain.dir}/${tool.verb}-${kebab(domain.verbObject(tool.verb))}.ts`, toolModule(domain, tool, random, planted, legacyCount));
    }
    add(`src/tools/${domain.dir}/index.ts`, toolsIndex(domain));
    add(`src/registry/${domain.dir}.ts`, registrationModule(domain, planted));
  }
  add('src/glossary/index.ts', glossaryBarrel(domains));
  add('src/wiring.ts', wiringModule(domains));
  add('src/main.ts', mainModule());
  add('package.json', `${JSON.stringify({ name: `bench-tool-server`, private: true, type: 'module' }, null, 2)}\n`);
  const byPath = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);
  const laidOut = layout === 'monorepo' ? toMonorepo(files) : { files, links: new Map(), sourceRoot: 'src' };
  const sorted = new Map([...laidOut.files.entries()].sort(byPath));
  const glossaryModules = [...sorted.keys()].filter((path) => /^(src\/glossary|packages\/glossary\/src)\//.test(path) && path.endsWith('.ts'));
  return {
    files: sorted,
    links: new Map([...laidOut.links.entries()].sort(byPath)),
    summary: {
      generatorVersion: GENERATOR_VERSION,
      seed,
      scale,
      layout,
      sourceRoot: laidOut.sourceRoot,
      files: [...sorted.keys()].filter((path) => path.endsWith('.ts')).length,
      lines,
      domains: domains.length,
      entities: domains.map((domain) => domain.entity),
      glossaryModules,
      planted,
    },
  };
}

// --- the monorepo layout ------------------------------------------------------------------

/** Which workspace package a module of the single layout belongs to. */
function packageOf(path) {
  if (path.startsWith('src/glossary/')) return 'glossary';
  if (path.startsWith('src/lib/') || path.startsWith('src/schema/')) return 'core';
  return 'server';
}

function monorepoPath(path) {
  switch (packageOf(path)) {
    case 'glossary':
      return `packages/glossary/src/${path.slice('src/glossary/'.length)}`;
    case 'core':
      return `packages/core/src/${path.slice('src/'.length)}`;
    default:
      return `packages/server/${path}`;
  }
}

/**
 * The specifier a module of the workspace uses for what the single layout imports relatively:
 * another package by its name (`@bench/glossary`, a subpath through its `exports`), a module two
 * or more levels up in the same package through the server's tsconfig alias (`@/lib/...`), and
 * anything nearer by its relative path, as a monorepo's code is written.
 */
function monorepoSpecifier(importer, specifier) {
  const target = posix.join(posix.dirname(importer), specifier);
  const from = packageOf(importer);
  const to = packageOf(target);
  if (to !== from) {
    if (to === 'glossary') return target === 'src/glossary/index.js' ? '@bench/glossary' : `@bench/glossary/${target.slice('src/glossary/'.length)}`;
    if (to === 'core') return `@bench/core/${target.slice('src/'.length)}`;
    return `@bench/server/${target.slice('src/'.length)}`;
  }
  if (from === 'server' && specifier.startsWith('../../')) return `@/${target.slice('src/'.length)}`;
  return specifier;
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The same modules as an npm workspace: the glossary and the shared code (`lib`, `schema`) become
 * packages of their own, imported by name through symlinks in `node_modules` and their `exports`
 * (the glossary's name a build that does not exist, so only the `types` condition reaches the
 * source, as in many real monorepos); the server reaches its own modules through a tsconfig
 * `paths` alias inherited with `extends`. What the plugin finds must not change: only how
 * imports are resolved does.
 */
function toMonorepo(files) {
  const moved = new Map();
  for (const [path, text] of files) {
    if (path === 'package.json') continue;
    const rewritten = text.replace(/(\bfrom\s*')(\.[^']*)'/g, (_, prefix, specifier) => `${prefix}${monorepoSpecifier(path, specifier)}'`);
    moved.set(monorepoPath(path), rewritten);
  }
  moved.set('package.json', json({ name: 'bench-monorepo', private: true, type: 'module', workspaces: ['packages/*'] }));
  moved.set('tsconfig.base.json', json({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true } }));
  moved.set('packages/server/package.json', json({ name: '@bench/server', private: true, type: 'module', dependencies: { '@bench/core': '*', '@bench/glossary': '*' } }));
  moved.set('packages/server/tsconfig.json', json({ extends: '../../tsconfig.base.json', compilerOptions: { paths: { '@/*': ['./src/*'] } }, include: ['src'] }));
  moved.set('packages/glossary/package.json', json({
    name: '@bench/glossary',
    private: true,
    type: 'module',
    exports: { '.': { types: './src/index.ts', default: './dist/index.js' }, './*.js': { types: './src/*.ts', default: './dist/*.js' } },
  }));
  moved.set('packages/core/package.json', json({ name: '@bench/core', private: true, type: 'module', exports: { './*.js': './src/*.ts' } }));
  const links = new Map(['core', 'glossary', 'server'].map((name) => [`node_modules/@bench/${name}`, `../../packages/${name}`]));
  return { files: moved, links, sourceRoot: 'packages' };
}

/** Writes the corpus into `directory` (replacing what was there) with a manifest of what it holds. */
export function writeCorpus(directory, corpus) {
  rmSync(directory, { recursive: true, force: true });
  for (const [path, text] of corpus.files) {
    const target = join(directory, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  for (const [path, target] of corpus.links ?? []) {
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    symlinkSync(target, join(directory, path), 'dir');
  }
  writeFileSync(join(directory, 'corpus.json'), `${JSON.stringify(corpus.summary, null, 2)}\n`);
}

export const CORPUS_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), 'corpus');

export function corpusDirectory(scale, layout = 'single') {
  return join(CORPUS_ROOT, layout === 'single' ? `${scale}x` : `${scale}x-${layout}`);
}

/** The directory under a written corpus that holds its linted code (`src`, or `packages` for the monorepo). */
export function sourceRootOf(directory) {
  const manifest = join(directory, 'corpus.json');
  const summary = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')) : {};
  return join(directory, summary.sourceRoot ?? 'src');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      seed: { type: 'string', default: DEFAULT_SEED },
      layout: { type: 'string', default: 'single' },
      out: { type: 'string' },
    },
  });
  const scale = Number(values.scale);
  const corpus = generateCorpus({ scale, seed: values.seed, layout: values.layout });
  const out = resolve(values.out ?? corpusDirectory(scale, values.layout));
  writeCorpus(out, corpus);
  const { files, lines, domains, planted } = corpus.summary;
  console.log(`${out}: ${files} files, ${lines} lines, ${domains} domains`);
  console.log(`planted findings: ${JSON.stringify(planted)}`);
}
