import { statSync } from 'node:fs';
import { readFileWithin } from '../../util/bounded-read.js';
import { refusedInPass } from './module-cache.js';
import { loadModule, MAX_MODULE_BYTES } from './module-graph.js';
import { resolveSpecifier } from './module-resolution.js';

// Why a module of the project that an import names was not read: the graph's values from it are
// unknown, and a rule that says so names the reason (as `schema-contract explain` does).

/** The words for a module past the read limit, as `schema-contract explain` prints them. */
export const PAST_READ_LIMIT = `larger than ${MAX_MODULE_BYTES / 1024 / 1024} MiB, the analysis's read limit`;

/**
 * Whether `file` is larger than the analysis reads (`PAST_READ_LIMIT`); undefined when it cannot
 * be looked at (gone since it was resolved), which says nothing of it. The one size check that
 * the rules and `explain` share.
 */
export function isPastReadLimit(file: string): boolean | undefined {
  try {
    return statSync(file).size > MAX_MODULE_BYTES;
  } catch {
    return undefined;
  }
}

/**
 * Why the project module `specifier` names (from `fromFile`) is not read, when that is a property
 * of the module itself: past the read limit, not text, or not parseable. Undefined when the
 * module is read (its exports then say what it gives), is no project source, or was only left out
 * of this lint pass by the pass's budget: that depends on what else the file read first, and a
 * rule must not report by it. Loads the module, as resolving a name from it would.
 */
export function whyModuleIsUnread(fromFile: string, specifier: string, checked: Set<string>): string | undefined {
  const resolution = resolveSpecifier(fromFile, specifier, 'import', checked);
  if (resolution.kind !== 'source') return undefined;
  const file = resolution.file;
  const pastLimit = isPastReadLimit(file);
  if (pastLimit === undefined) return undefined;
  if (pastLimit) return PAST_READ_LIMIT;
  if (loadModule(file, checked) !== undefined || refusedInPass(checked, file)) return undefined;
  const buffer = readFileWithin(file, MAX_MODULE_BYTES);
  if (!buffer) return undefined;
  return buffer.includes(0) ? 'not a text file' : 'it does not parse';
}
