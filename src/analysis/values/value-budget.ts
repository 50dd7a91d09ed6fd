import type { Origin, StaticValue } from './static-value.js';

/**
 * Limits on what the evaluator builds, so that a few hundred crafted bytes (`[...a, ...a]` sixteen
 * times, `s + s`, an object holding another twice) cost a hole in one value, never the memory or
 * the time of the lint run. A value past a limit is unknown, which never produces a finding.
 *
 * Sizes are counted as if the value were written out in full: a part two places share is counted
 * in both, because whoever reads the value (JSON for a compile, the values of an enum for a
 * message) reads it in both places. Sharing is what lets a value double per line; counting it
 * out is what stops it.
 */
export const VALUE_LIMITS = {
  /** Cells of one value: the value, each element, property and origin in it, and a cell per `CHARS_PER_CELL` characters of text. */
  cells: 100_000,
  /** Characters of one string. */
  stringLength: 1_000_000,
  /** Distinct origins (bindings it was read through) of one value. */
  origins: 256,
  /** Nesting of data read from a JSON module. */
  jsonDepth: 100,
  /** Cells one linted file may build in all, over every value: bounds the time and memory of a file. */
  fileCells: 2_000_000,
} as const;

/** Text is counted in cells too, so that a list of a thousand long strings is as large as it is. */
const CHARS_PER_CELL = 16;

function textCells(value: StaticValue): number {
  return value.kind === 'primitive' && typeof value.value === 'string' ? Math.ceil(value.value.length / CHARS_PER_CELL) : 0;
}

/**
 * The budget of one linted file: the sizes of the containers built so far (a plain map, released
 * with the evaluator at the end of the file, and bounded by `fileCells` since every container in
 * it was charged), and what the file has spent.
 */
export class ValueBudget {
  readonly #sizes = new Map<StaticValue, number>();
  #spent = 0;

  constructor(readonly limits: typeof VALUE_LIMITS = VALUE_LIMITS) {}

  /** Whether the file has built all it may: every value evaluated from now on is unknown. */
  get exhausted(): boolean {
    return this.#spent > this.limits.fileCells;
  }

  /** Charges `cells` of new structure (copies, new text) to the file; false once the file's budget is spent. */
  charge(cells: number): boolean {
    this.#spent += cells;
    return !this.exhausted;
  }

  /** Whether a value of `cells` cells may be built. */
  fits(cells: number): boolean {
    return cells <= this.limits.cells;
  }

  /** The size of a value written out in full (see the module comment). */
  sizeOf(value: StaticValue): number {
    switch (value.kind) {
      case 'array':
      case 'object':
      case 'builder': {
        const known = this.#sizes.get(value);
        if (known !== undefined) return known;
        const size = this.measure(value);
        this.#sizes.set(value, size);
        return size;
      }
      default:
        return 1 + value.origins.length + textCells(value);
    }
  }

  /**
   * The value, if it is within the budget of one value; a hole otherwise. A container seen for the
   * first time is charged to the file for itself and its own slots (its parts were charged when
   * they were built). Text is charged where it is made (`charge`, by concatenation): a string
   * read from the source is the source's, however often it is read.
   */
  admit(value: StaticValue, hole: () => StaticValue): StaticValue {
    const first = (value.kind === 'array' || value.kind === 'object' || value.kind === 'builder') && !this.#sizes.has(value);
    const size = this.sizeOf(value);
    if (size > this.limits.cells) return hole();
    if (first) {
      const slots = value.kind === 'array' ? value.elements.length : value.kind === 'object' ? value.properties.size : value.kind === 'builder' ? value.steps.length : 0;
      this.charge(1 + slots + value.origins.length);
    }
    return value;
  }

  /**
   * Cells a list gains from spreading `items` into it (each element copied with the list's origins
   * on top of its own; a string one element per character): what the copy costs, known before it is made.
   */
  spreadCells(items: StaticValue): number {
    if (items.kind === 'array') return this.sizeOf(items) - 1 - items.origins.length + items.elements.length * items.origins.length;
    if (items.kind === 'primitive' && typeof items.value === 'string') return items.value.length * (2 + items.origins.length);
    return 0;
  }

  /**
   * `copy` is `original` with other origins (a shallow copy sharing its parts): its size follows
   * from the original's, and only its origins are new.
   */
  recordCopy(copy: StaticValue, original: StaticValue): void {
    if (copy.kind === 'array' || copy.kind === 'object' || copy.kind === 'builder') {
      const known = this.#sizes.get(original);
      if (known !== undefined) this.#sizes.set(copy, known - original.origins.length + copy.origins.length);
    }
    this.charge(copy.origins.length);
  }

  private measure(value: StaticValue): number {
    // Children are measured (and cached) first, so a shared part is walked once however often it
    // appears: measuring is linear in the distinct parts, the size is not.
    let size = 1 + value.origins.length;
    if (value.kind === 'array') {
      for (const element of value.elements) size += this.sizeOf(element);
    } else if (value.kind === 'object') {
      for (const [key, property] of value.properties) size += 1 + Math.ceil(key.length / CHARS_PER_CELL) + this.sizeOf(property.value);
    } else if (value.kind === 'builder') {
      for (const step of value.steps) {
        size += 1;
        for (const argument of step.values) size += this.sizeOf(argument);
      }
    }
    return size;
  }
}

/**
 * `outer` then `inner`, each origin once: a value copied from a copy of a table keeps naming the
 * table once, where concatenating the lists doubled them with every spread of the copy. Undefined
 * past `VALUE_LIMITS.origins`: the value is then a hole (dropping origins could hide the table a
 * view was derived from, and make the view look like a table of its own).
 */
export function mergeOrigins(outer: readonly Origin[], inner: readonly Origin[]): readonly Origin[] | undefined {
  if (inner.length === 0) return outer.length <= VALUE_LIMITS.origins ? outer : undefined;
  if (outer.length === 0) return inner.length <= VALUE_LIMITS.origins ? inner : undefined;
  if (outer.length + inner.length <= 16) {
    // The common case, once per element of a copied list: short lists, no set needed.
    const merged = outer.slice();
    for (const origin of inner) if (!merged.includes(origin)) merged.push(origin);
    return merged;
  }
  const merged = new OriginList();
  merged.addAll(outer);
  merged.addAll(inner);
  return merged.list();
}

/** A list of distinct origins built up piece by piece (the origins of each part of a literal). */
export class OriginList {
  readonly #seen = new Set<Origin>();
  readonly #list: Origin[] = [];

  addAll(origins: readonly Origin[]): void {
    for (const origin of origins) {
      if (this.#seen.has(origin)) continue;
      this.#seen.add(origin);
      this.#list.push(origin);
    }
  }

  /** The origins, or undefined past `VALUE_LIMITS.origins`. */
  list(): readonly Origin[] | undefined {
    return this.#list.length <= VALUE_LIMITS.origins ? this.#list : undefined;
  }
}
