import { parseJsdocTags, type JsdocTag } from '../syntax/jsdoc-tags.js';

/**
 * A closed table's evidence: the independent sources it cites (a property list or one JSDoc tag
 * each), counted as a reviewer would, so that one source written twice is one source.
 */

/** What a closed table's evidence amounts to: sources are compared after trimming, case-blind. */
export interface CorroborationCount {
  readonly distinct: number;
  /** Sources written more than once, as first written. */
  readonly duplicates: readonly string[];
}

/**
 * Counts distinct, non-empty sources. `undefined` entries (not statically known) count for
 * nothing: the evidence must be readable in the code, or it is not evidence a reviewer can check.
 */
export function countCorroboration(sources: readonly (string | undefined)[]): CorroborationCount {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const source of sources) {
    const normalised = source?.trim().toLowerCase();
    if (!normalised) continue;
    if (seen.has(normalised)) {
      const first = seen.get(normalised)!;
      if (!duplicates.includes(first)) duplicates.push(first);
    } else {
      seen.set(normalised, source!.trim());
    }
  }
  return { distinct: seen.size, duplicates };
}

/** The sources of a JSDoc-marked table: one `@<key>` tag each. */
export function corroborationTags(jsdoc: string, key: string): JsdocTag[] {
  return parseJsdocTags(jsdoc).filter((tag) => tag.name === key);
}
