import { mayExportOwnName, type ExportFacts } from './export-facts.js';
import type { ExportTable } from './module-exports.js';

/** A module's text on disk, with the facts kept for its version. */
export interface StarText {
  readonly text: string;
  readonly facts: ExportFacts;
}

/** One source of a barrel's `export *` list, read only when a search needs it. */
export interface StarSource {
  /** The module's text on disk and its facts; undefined when it cannot be read. */
  read(): StarText | undefined;
  /** The module's own exports; undefined when it cannot be read or parsed. */
  table(): ExportTable | undefined;
}

/**
 * `export * from` (also `export type *`), with anything between the keyword and the star: a
 * superset, since a source with a star list of its own is one the index cannot see through.
 */
const OWN_STAR = /\bexport\b[^;'"]*?\*/;

/**
 * Whether a module's text may define `name` among its own exports or pass names on through a
 * star list. A module that can export the name itself only by spelling it where an `export` does
 * (`mayExportOwnName`), and has no star list, defines no export of that name, and a search for it
 * need not parse the module: one that does not spell it, and one that spells it only where it
 * imports or calls it (the modules of a package that use one of its functions).
 */
function mayDefine({ text, facts }: StarText, name: string): boolean {
  return OWN_STAR.test(text) || mayExportOwnName(text, facts, name);
}

/**
 * Where a barrel's `export *` search for a name can start. A glossary barrel re-exports every table
 * module, and searching it in order for each name a file reads is a walk through all of them, each
 * parsed. Sources are read in order; a source whose text cannot define the name is passed over
 * without a parse (a cold editor otherwise parses every table module before the one it needs); the
 * search starts at the first source that exports the name itself, or at the first the index
 * cannot see through (unreadable, or with an `export *` of its own), from which the caller
 * searches in order. Every answer is one a search in order from the first source would reach:
 * only sources that cannot pass the name on are skipped. One index per pass and barrel, so a
 * source edited on disk is read again by the next lint.
 */
export class StarIndex {
  /** Per source: its text and facts (null when unreadable), read at most once per pass. */
  readonly #texts: (StarText | null | undefined)[] = [];
  /** Per source: its export table once parsed, null when it cannot be seen through. */
  readonly #tables: (ExportTable | null | undefined)[] = [];
  readonly #starts = new Map<string, number>();

  constructor(private readonly sources: readonly StarSource[]) {}

  /** The first source from which a search for `name` must go on. */
  startFor(name: string): number {
    let start = this.#starts.get(name);
    if (start === undefined) this.#starts.set(name, (start = this.#find(name)));
    return start;
  }

  #find(name: string): number {
    for (const [position, source] of this.sources.entries()) {
      let table = this.#tables[position];
      if (table === undefined) {
        let text = this.#texts[position];
        if (text === undefined) this.#texts[position] = text = source.read() ?? null;
        if (text !== null && !mayDefine(text, name)) continue;
        const read = source.table();
        this.#tables[position] = table = read && read.starSources.length === 0 ? read : null;
      }
      if (table === null || table.named.has(name)) return position;
    }
    return this.sources.length;
  }
}
