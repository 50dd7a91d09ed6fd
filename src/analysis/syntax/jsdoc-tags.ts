/** One `@tag value` of a JSDoc block, with where it is written so a rule can report on it. */
export interface JsdocTag {
  readonly name: string;
  /** The rest of the tag's line, trimmed; empty when the tag has no value. */
  readonly value: string;
  /** Offset of the `@` within the comment text handed to `parseJsdocTags`. */
  readonly offset: number;
  /** Length of `@name value` as written, for the report's end position. */
  readonly length: number;
}

const TAG = /(^|[\s*])@([A-Za-z][\w-]*)([^\n\r]*)/g;

/**
 * Reads the tags of a JSDoc comment's text (with or without its `/**` and `*\/` delimiters).
 * Each tag's value is the text up to the end of its line: glossary tags are one-line
 * (`@enumPolicy closed`, `@corroboratedBy ISO 8601`), so nothing spans lines.
 */
export function parseJsdocTags(text: string): JsdocTag[] {
  const tags: JsdocTag[] = [];
  for (const match of text.matchAll(TAG)) {
    const lead = match[1] ?? '';
    const name = match[2] ?? '';
    const rawRest = (match[3] ?? '').replace(/\*\/\s*$/, '');
    const value = rawRest.trim();
    const offset = (match.index ?? 0) + lead.length;
    const length = 1 + name.length + rawRest.trimEnd().length;
    tags.push({ name, value, offset, length });
  }
  return tags;
}
