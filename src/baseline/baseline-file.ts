import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { fileVersion } from '../util/file-version.js';
import { packageInfo } from '../util/package-info.js';
import { baselineOutsideProject } from './baseline-location.js';
import { SafeWriteError, updateFile, type UpdateOptions } from './safe-write.js';
import { ConfigurationError } from '../util/configuration-error.js';

/** The file name the CLI uses when neither `--baseline` nor the ESLint settings name one. */
export const DEFAULT_BASELINE_FILE = 'schema-contract-baseline.json';
/**
 * 2: findings are identified by their context (finding-context.ts), not by the enclosing name.
 * Bump it, and keep the old version's schema in schemas/, whenever the same finding would get a
 * different fingerprint: an old file must be refused with a way out, never silently mismatched.
 */
export const BASELINE_FORMAT_VERSION = 2;

export interface BaselineEntry {
  readonly path: string;
  readonly rule: string;
  readonly fingerprint: string;
  readonly count: number;
  readonly context?: string;
  readonly snippet?: string;
}

/** An entry of any format version: what every version has in common. */
export type StoredEntry = Pick<BaselineEntry, 'path' | 'rule' | 'fingerprint' | 'count'>;

export interface Baseline {
  /** Absolute path of the file this baseline was read from (or will be written to). */
  readonly file: string;
  readonly entries: readonly BaselineEntry[];
  /** Entries by path, then rule: what one linted file and rule is compared against. */
  readonly index: ReadonlyMap<string, ReadonlyMap<string, readonly BaselineEntry[]>>;
}

interface BaselineDocument {
  $schema?: string;
  version: number;
  entries: BaselineEntry[];
}

/** A baseline that cannot be used. Always names the file: the user has to go and fix it. */
export class BaselineError extends ConfigurationError {
  override name = 'SchemaContractBaselineError';
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`eslint-plugin-schema-contract: baseline ${file}: ${problem}`);
  }
}

/** A well-formed baseline of another format version than this plugin writes. */
export class BaselineFormatError extends BaselineError {
  constructor(
    file: string,
    readonly foundVersion: number,
  ) {
    super(
      file,
      foundVersion < BASELINE_FORMAT_VERSION
        ? `uses baseline format ${foundVersion}, written by an earlier eslint-plugin-schema-contract. Format ${BASELINE_FORMAT_VERSION} ` +
            'tells look-alike findings apart by where they are (declarations, property keys, call arguments, a tool\'s name), ' +
            'so every fingerprint has changed. Migrate it: run `schema-contract baseline write` on the whole project, check ' +
            'that its summary shows no file or rule that grew, review the diff and commit it'
        : `uses baseline format ${foundVersion}, newer than this eslint-plugin-schema-contract understands ` +
            `(format ${BASELINE_FORMAT_VERSION}): upgrade the plugin to the version that wrote it`,
    );
  }
}

function loadSchema(name: string): { $id: string } & Record<string, unknown> {
  return JSON.parse(readFileSync(join(packageInfo.root, 'schemas', name), 'utf8')) as { $id: string } & Record<string, unknown>;
}

export const baselineSchema = loadSchema('baseline.schema.json');

/** Each format version's schema: old versions are still read, to chart their history and to migrate them. */
const SCHEMA_FILES: Readonly<Record<number, string>> = { 1: 'baseline-v1.schema.json', [BASELINE_FORMAT_VERSION]: 'baseline.schema.json' };

/** Compiled once per process and version, on first use (a run without a baseline never needs one): every rule of every linted file shares it. */
const validators = new Map<number, ValidateFunction<BaselineDocument>>();

function validatorFor(version: number): { validate: ValidateFunction<BaselineDocument>; id: string } {
  const schema = version === BASELINE_FORMAT_VERSION ? baselineSchema : loadSchema(SCHEMA_FILES[version] ?? '');
  let validate = validators.get(version);
  if (!validate) validators.set(version, (validate = new Ajv({ allErrors: true, strict: true }).compile<BaselineDocument>(schema)));
  return { validate, id: schema.$id };
}

function describeSchemaError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the file' : error.instancePath;
  if (error.keyword === 'additionalProperties') {
    // Never the key itself: the file may not be ours, and its content must not reach CI logs.
    return `${where} has an unexpected property`;
  }
  return `${where} ${error.message ?? 'is invalid'}`;
}

function entryKey(entry: Pick<BaselineEntry, 'path' | 'rule' | 'fingerprint'>): string {
  return `${entry.path}\u0000${entry.rule}\u0000${entry.fingerprint}`;
}

function buildIndex(entries: readonly BaselineEntry[]): Baseline['index'] {
  const index = new Map<string, Map<string, BaselineEntry[]>>();
  for (const entry of entries) {
    let byRule = index.get(entry.path);
    if (!byRule) index.set(entry.path, (byRule = new Map()));
    let list = byRule.get(entry.rule);
    if (!list) byRule.set(entry.rule, (list = []));
    list.push(entry);
  }
  return index;
}

export function createBaseline(file: string, entries: readonly BaselineEntry[]): Baseline {
  return { file, entries, index: buildIndex(entries) };
}

function parseJson(file: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const conflict = /^(<{7}|>{7}|={7})( |$)/m.test(text)
      ? ' (it contains git merge conflict markers: resolve them, or delete the file and re-record with `schema-contract baseline write`)'
      : '';
    throw new BaselineError(file, `is not valid JSON: ${(error as Error).message}${conflict}`);
  }
}

/**
 * The format version a document is to be read as: the one it declares when this plugin knows
 * it, else the current one, whose schema then says what is wrong. A newer version is refused.
 */
function formatVersion(file: string, document: unknown): number {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return BASELINE_FORMAT_VERSION;
  const version = (document as { version?: unknown }).version;
  if (!Number.isInteger(version)) return BASELINE_FORMAT_VERSION;
  if ((version as number) > BASELINE_FORMAT_VERSION) throw new BaselineFormatError(file, version as number);
  return SCHEMA_FILES[version as number] === undefined ? BASELINE_FORMAT_VERSION : (version as number);
}

function validated(file: string, document: unknown, version: number): readonly StoredEntry[] {
  const { validate, id } = validatorFor(version);
  if (!validate(document)) {
    const problems = (validate.errors ?? []).map(describeSchemaError);
    throw new BaselineError(file, `does not match ${id}: ${problems.join('; ')}`);
  }
  const seen = new Set<string>();
  for (const entry of document.entries) {
    const key = entryKey(entry);
    if (seen.has(key)) {
      throw new BaselineError(
        file,
        `has two entries for ${entry.path} ${entry.rule} ${entry.fingerprint}; keep one (its count says how many findings it covers)`,
      );
    }
    seen.add(key);
  }
  return document.entries;
}

/**
 * Parses and validates a baseline of any known format version against that version's schema
 * (the burn-down reads the whole history, a migration reads the old file). Throws a BaselineError
 * naming `file` and the problem.
 */
export function parseBaselineDocument(file: string, text: string): { readonly version: number; readonly entries: readonly StoredEntry[] } {
  const document = parseJson(file, text);
  const version = formatVersion(file, document);
  return { version, entries: validated(file, document, version) };
}

/**
 * Parses a baseline this plugin can apply: the current format version. An older one is refused
 * before it is validated: whatever else is wrong with it, migrating it is the way out.
 */
export function parseBaseline(file: string, text: string): Baseline {
  const document = parseJson(file, text);
  const version = formatVersion(file, document);
  if (version !== BASELINE_FORMAT_VERSION) throw new BaselineFormatError(file, version);
  return createBaseline(file, validated(file, document, version) as readonly BaselineEntry[]);
}

/** Refuses a baseline outside the project (baseline-location.ts) before anything opens it. */
export function refuseOutsideProject(file: string): void {
  const problem = baselineOutsideProject(file);
  if (problem !== undefined) throw new BaselineError(file, problem);
}

export function missingBaselineError(file: string): BaselineError {
  return new BaselineError(
    file,
    'does not exist. Record the current findings with `schema-contract baseline write`, or remove the `baseline` setting',
  );
}

interface CachedRead {
  readonly stamp: string;
  readonly result: Baseline | BaselineError;
}

const reads = new Map<string, CachedRead>();

/**
 * Reads `file` (absolute), once per process for each version of it (`fileVersion`: our writes
 * rename, so a new inode is a new version). Errors are cached too, so a corrupt
 * baseline costs one parse, not one per rule per file. A missing or unreadable file is an error,
 * never an empty baseline.
 */
export function readBaseline(file: string): Baseline {
  refuseOutsideProject(file);
  let stamp: string;
  try {
    stamp = fileVersion(statSync(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw missingBaselineError(file);
    throw new BaselineError(file, `cannot be read: ${(error as Error).message}`);
  }
  const cached = reads.get(file);
  if (cached?.stamp === stamp) {
    if (cached.result instanceof BaselineError) throw cached.result;
    return cached.result;
  }
  let result: Baseline | BaselineError;
  try {
    result = parseBaseline(file, readFileSync(file, 'utf8'));
  } catch (error) {
    result = error instanceof BaselineError ? error : new BaselineError(file, `cannot be read: ${(error as Error).message}`);
  }
  reads.set(file, { stamp, result });
  if (result instanceof BaselineError) throw result;
  return result;
}

function compareStrings(a: string, b: string): number {
  // Code-unit order, not localeCompare: the bytes must not depend on the machine's locale.
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortEntries(entries: readonly BaselineEntry[]): BaselineEntry[] {
  return [...entries].sort(
    (a, b) => compareStrings(a.path, b.path) || compareStrings(a.rule, b.rule) || compareStrings(a.fingerprint, b.fingerprint),
  );
}

function serializeEntry(entry: BaselineEntry): string {
  // A fixed key order, one entry per line: diffs and merges touch only the findings that changed.
  const ordered: Record<string, unknown> = {
    path: entry.path,
    rule: entry.rule,
    fingerprint: entry.fingerprint,
    count: entry.count,
  };
  if (entry.context !== undefined) ordered.context = entry.context;
  if (entry.snippet !== undefined) ordered.snippet = entry.snippet;
  return JSON.stringify(ordered);
}

/** The exact bytes of a baseline: same entries, same text, whatever order they came in. */
export function serializeBaseline(entries: readonly BaselineEntry[]): string {
  const lines = sortEntries(entries).map(serializeEntry);
  const body = lines.length === 0 ? '[]' : `[\n    ${lines.join(',\n    ')}\n  ]`;
  return `{\n  "$schema": ${JSON.stringify(baselineSchema.$id)},\n  "version": ${BASELINE_FORMAT_VERSION},\n  "entries": ${body}\n}\n`;
}

/** What an update finds on disk. */
export type StoredBaseline =
  | { readonly state: 'absent' }
  | { readonly state: 'current'; readonly baseline: Baseline }
  /** An older format version: its entries cannot be matched, only compared by path, rule and count. */
  | { readonly state: 'outdated'; readonly version: number; readonly entries: readonly StoredEntry[] };

function stored(file: string, bytes: Buffer | undefined): StoredBaseline {
  if (bytes === undefined) return { state: 'absent' };
  const { version, entries } = parseBaselineDocument(file, bytes.toString('utf8'));
  return version === BASELINE_FORMAT_VERSION
    ? { state: 'current', baseline: createBaseline(file, entries as readonly BaselineEntry[]) }
    : { state: 'outdated', version, entries };
}

/**
 * Reads the baseline, lets `update` decide its new entries, and writes them, under a lock: two
 * updates (two `schema-contract baseline write` runs) never interleave, so neither loses the
 * other's entries, and one that cannot get the lock fails with an error instead. Writes only when
 * the bytes change; follows a symlinked baseline to its target; keeps the file's mode. Every
 * failure is a BaselineError naming `file`.
 */
export function updateBaseline<T>(
  file: string,
  update: (current: StoredBaseline) => { readonly entries: readonly BaselineEntry[]; readonly result: T },
  options: UpdateOptions = {},
): { readonly result: T; readonly written: boolean } {
  refuseOutsideProject(file);
  try {
    return updateFile(
      file,
      (bytes) => {
        const { entries, result } = update(stored(file, bytes));
        const text = serializeBaseline(entries);
        const written = bytes === undefined || bytes.toString('utf8') !== text;
        return { text: written ? text : undefined, result: { result, written } };
      },
      options,
    );
  } catch (error) {
    if (error instanceof SafeWriteError) throw new BaselineError(file, error.problem);
    throw error;
  }
}

/** Writes `entries` whatever the file holds now, with the same guarantees as `updateBaseline`. */
export function writeBaseline(file: string, entries: readonly BaselineEntry[], options: UpdateOptions = {}): void {
  refuseOutsideProject(file);
  try {
    updateFile(file, () => ({ text: serializeBaseline(entries), result: undefined }), options);
  } catch (error) {
    if (error instanceof SafeWriteError) throw new BaselineError(file, error.problem);
    throw error;
  }
}
