import { getHeapStatistics } from 'node:v8';

/**
 * What the module graph keeps from one linted file to the next (parsed imported modules with their
 * export tables, ESLint's parses offered to importers, texts read without a parse, per-module
 * summaries), under one budget, so that a run that imports four or forty large modules holds no
 * more than one that imports two. Counted in bytes of source: a parse here holds 80 to 110 bytes
 * of heap per byte of source (measured on generated 1.9 MB modules: 155 MB for plain code, 207 MB
 * for a module of one-line doubling consts), so 4 MiB of source are at most about 450 MB of heap.
 *
 * Two limits:
 * - **read by one file**: the modules one lint pass (one `checked` set) uses, parsed here or
 *   found in the cache, may add up to 4 MiB of source. A module past that is not read in that
 *   pass: its values are unknown, which never makes a finding. The entries a pass uses are held
 *   by its evaluator whatever the cache does, so they are never evicted while it runs, and
 *   counting them per pass (not by what the cache happens to hold) makes what a file reads the
 *   same whichever files were linted before it, and on every machine.
 * - **held across files**: every entry is charged its source length times its kind's weight;
 *   past the ceiling the least recently used entries are evicted, and an evicted module is parsed
 *   again when a file needs it: correct, only slower. Since eviction changes only the time a run
 *   takes, never what it reports, the ceiling follows the heap the process may use: a quarter of
 *   it at `HEAP_BYTES_PER_SOURCE_BYTE`, never below one file's reads (a 1 GB heap gives those
 *   4 MiB) nor above 64 MiB.
 */

export const MODULE_MEMORY_LIMITS = {
  /** Bytes of source one linted file may read from the modules it imports. */
  sourceBytes: 4 * 1024 * 1024,
  /** The most the cache holds across files, however large the heap. */
  maxHeldSourceBytes: 64 * 1024 * 1024,
} as const;

/** The most a parse held here was measured to cost, per byte of its source (see above). */
const HEAP_BYTES_PER_SOURCE_BYTE = 110;

function ceilingForHeap(): number {
  const quarter = Math.floor(getHeapStatistics().heap_size_limit / 4 / HEAP_BYTES_PER_SOURCE_BYTE);
  return Math.min(MODULE_MEMORY_LIMITS.maxHeldSourceBytes, Math.max(MODULE_MEMORY_LIMITS.sourceBytes, quarter));
}

let heldCeiling = ceilingForHeap();

/** The ceiling of what is held across files, in weighted bytes of source. */
export function heldCeilingBytes(): number {
  return heldCeiling;
}

/** An entry's heap per byte of source, relative to a parse of the module graph's own. */
export const HOLD_WEIGHTS = {
  /** A module parsed here: its tree, scopes and export table. */
  parse: 1,
  /**
   * ESLint's parse of a linted file, offered to importers: it carries tokens, about three times
   * the heap (measured: 480 MB against 155 MB for the same 1.9 MB module).
   */
  eslintParse: 3,
  /** A module's text read without a parse (`StarIndex`): the string alone. */
  text: 1 / 64,
} as const;

/**
 * The least an entry is charged, in bytes of source: its own few objects, so that entries with
 * nothing in them (a file that could not be read) are bounded in number too.
 */
const ENTRY_CHARGE = 16;

/** What a per-module summary (a few booleans) is charged: an entry's own objects. */
export const SUMMARY_CHARGE = ENTRY_CHARGE;

interface Entry {
  readonly value: unknown;
  readonly cost: number;
  /** The pass that last used the entry: entries of the running pass are never evicted. */
  pass: number;
}

const entries = new Map<string, Entry>();
let heldCost = 0;

const passIds = new WeakMap<Set<string>, number>();
let latestPass = 0;

/**
 * Lint passes run one after another in a process (ESLint's worker threads each load their own
 * copy of this module), so the latest pass is the one running: the entries it used stay.
 */
function passId(checked: Set<string> | undefined): number {
  if (!checked) return 0;
  let id = passIds.get(checked);
  if (id === undefined) passIds.set(checked, (id = ++latestPass));
  return id;
}

function evictFor(cost: number): void {
  if (heldCost + cost <= heldCeiling) return;
  for (const [key, entry] of entries) {
    if (entry.pass === latestPass && latestPass !== 0) continue;
    entries.delete(key);
    heldCost -= entry.cost;
    if (heldCost + cost <= heldCeiling) return;
  }
}

/**
 * One kind of entry, by file, in the shared budget. `get` marks an entry used (by the pass, when
 * one is given); `set` evicts the least recently used entries of every kind to make room.
 */
export class HeldCache<V> {
  constructor(private readonly kind: string) {}

  #key(file: string): string {
    return `${this.kind}\0${file}`;
  }

  get(file: string, checked?: Set<string>): V | undefined {
    const key = this.#key(file);
    const entry = entries.get(key);
    if (!entry) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    const pass = passId(checked);
    if (pass !== 0) entry.pass = pass;
    return entry.value as V;
  }

  /** The entry without marking it used. */
  peek(file: string): V | undefined {
    return entries.get(this.#key(file))?.value as V | undefined;
  }

  has(file: string): boolean {
    return entries.has(this.#key(file));
  }

  /**
   * Holds `value`, charged `sourceBytes × weight`; false (and nothing held) when it does not fit
   * even with every entry the running pass does not use evicted.
   */
  set(file: string, value: V, sourceBytes: number, weight: number, checked?: Set<string>): boolean {
    this.delete(file);
    const cost = Math.max(ENTRY_CHARGE, Math.ceil(sourceBytes * weight));
    evictFor(cost);
    const pass = passId(checked);
    // The running pass holds what it uses anyway; anything else is only kept within the budget.
    if (heldCost + cost > heldCeiling && pass === 0) return false;
    entries.set(this.#key(file), { value, cost, pass });
    heldCost += cost;
    return true;
  }

  delete(file: string): void {
    const key = this.#key(file);
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    heldCost -= entry.cost;
  }
}

/** The source bytes the cache holds, weighted: for tests and the benchmark. */
export function heldSourceBytes(): number {
  return heldCost;
}

/** Empties the cache and sets its ceiling (tests: it otherwise follows the heap). */
export function clearHeldModules(ceiling = ceilingForHeap()): void {
  entries.clear();
  heldCost = 0;
  heldCeiling = ceiling;
}

interface PassReads {
  bytes: number;
  readonly admitted: Set<string>;
  readonly refused: Set<string>;
}

const readsByPass = new WeakMap<Set<string>, PassReads>();

function readsOf(checked: Set<string>): PassReads {
  let reads = readsByPass.get(checked);
  if (!reads) readsByPass.set(checked, (reads = { bytes: 0, admitted: new Set(), refused: new Set() }));
  return reads;
}

/**
 * Whether the pass may read `file` (of `sourceBytes`): once a pass has read the budget's worth of
 * modules, every further module is unknown to it. Asked once per module per pass; the answer
 * stays for the pass.
 */
export function admitToPass(checked: Set<string>, file: string, sourceBytes: number): boolean {
  const reads = readsOf(checked);
  if (reads.admitted.has(file)) return true;
  if (reads.refused.has(file)) return false;
  if (reads.bytes + sourceBytes > MODULE_MEMORY_LIMITS.sourceBytes) {
    reads.refused.add(file);
    return false;
  }
  reads.bytes += sourceBytes;
  reads.admitted.add(file);
  return true;
}

/** Whether the pass was refused `file` (see `admitToPass`). */
export function refusedInPass(checked: Set<string>, file: string): boolean {
  return readsByPass.get(checked)?.refused.has(file) ?? false;
}
