import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { fileVersion } from '../util/file-version.js';
import { packageInfo } from '../util/package-info.js';

/** The file name the CLI uses when neither `--baseline` nor the ESLint settings name one. */
export const DEFAULT_BASELINE_FILE = 'schema-contract-baseline.json';
export const BASELINE_FORMAT_VERSION = 1;

export interface BaselineEntry {
  readonly path: string;
  readonly rule: string;
  readonly fingerprint: string;
  readonly count: number;
  readonly enclosing?: string;
  readonly snippet?: string;
}

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
export class BaselineError extends Error {
  override name = 'SchemaContractBaselineError';
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`eslint-plugin-schema-contract: baseline ${file}: ${problem}`);
  }
}

export const baselineSchema: { $id: string } & Record<string, unknown> = JSON.parse(
  readFileSync(join(packageInfo.root, 'schemas', 'baseline.schema.json'), 'utf8'),
) as { $id: string } & Record<string, unknown>;

/** Compiled once per process, on first use (a run without a baseline never needs it): every rule of every linted file shares it. */
let validateDocument: ValidateFunction<BaselineDocument> | undefined;

function describeSchemaError(error: ErrorObject): string {
  const where = error.instancePath === '' ? 'the file' : error.instancePath;
  if (error.keyword === 'additionalProperties') {
    return `${where} has unknown key "${String((error.params as { additionalProperty: string }).additionalProperty)}"`;
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

/** Parses and validates a baseline's text; throws a BaselineError naming `file` and the problem. */
export function parseBaseline(file: string, text: string): Baseline {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    const conflict = /^(<{7}|>{7}|={7})( |$)/m.test(text)
      ? ' (it contains git merge conflict markers: resolve them, or delete the file and re-record with `schema-contract baseline write`)'
      : '';
    throw new BaselineError(file, `is not valid JSON: ${(error as Error).message}${conflict}`);
  }
  validateDocument ??= new Ajv({ allErrors: true, strict: true }).compile<BaselineDocument>(baselineSchema);
  if (!validateDocument(document)) {
    const problems = (validateDocument.errors ?? []).map(describeSchemaError);
    throw new BaselineError(file, `does not match ${baselineSchema.$id}: ${problems.join('; ')}`);
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
  return createBaseline(file, document.entries);
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
  let stamp: string;
  try {
    stamp = fileVersion(statSync(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new BaselineError(
        file,
        'does not exist. Record the current findings with `schema-contract baseline write`, or remove the `baseline` setting',
      );
    }
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
  if (entry.enclosing !== undefined) ordered.enclosing = entry.enclosing;
  if (entry.snippet !== undefined) ordered.snippet = entry.snippet;
  return JSON.stringify(ordered);
}

/** The exact bytes of a baseline: same entries, same text, whatever order they came in. */
export function serializeBaseline(entries: readonly BaselineEntry[]): string {
  const lines = sortEntries(entries).map(serializeEntry);
  const body = lines.length === 0 ? '[]' : `[\n    ${lines.join(',\n    ')}\n  ]`;
  return `{\n  "$schema": ${JSON.stringify(baselineSchema.$id)},\n  "version": ${BASELINE_FORMAT_VERSION},\n  "entries": ${body}\n}\n`;
}

/**
 * Writes atomically: a temporary file in the same directory, flushed, then renamed over the
 * target, so an editor or a concurrent `eslint` never reads half a baseline.
 */
export function writeBaseline(file: string, entries: readonly BaselineEntry[]): void {
  const text = serializeBaseline(entries);
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const descriptor = openSync(temporary, 'wx');
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    renameSync(temporary, file);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
}
