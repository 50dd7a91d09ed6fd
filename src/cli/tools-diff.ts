import type { ReportedSchema, ReportedTool, ToolsReport } from './tools-command.js';

/**
 * What changed between two inventories, per tool: what a reviewer of a pull request needs to see
 * in one line each (a tool added or removed, a schema built another way, a gate added or widened,
 * a contract switched off or no longer followed). Tools are matched by file and name; a tool whose
 * file was renamed shows as removed and added, which is what a reviewer would check anyway.
 */

export type ToolChangeKind =
  | 'added'
  | 'removed'
  | 'form-changed'
  | 'schema-changed'
  | 'enum-added'
  | 'enum-removed'
  | 'enum-values-changed'
  | 'became-permissive'
  | 'no-longer-permissive'
  | 'became-unfollowed'
  | 'now-followed';

export interface ToolChange {
  readonly kind: ToolChangeKind;
  /** The tool's name, or the expression naming it in parentheses. */
  readonly tool: string;
  /** Where the tool is now (where it was, for a removed tool). */
  readonly file: string;
  readonly line: number;
  /** `inputSchema`, `outputSchema`, … for a change of one schema. */
  readonly schema?: string;
  /** The enum's property, for an enum change (null when the enum gates no named property). */
  readonly property?: string | null;
  readonly added?: readonly string[];
  readonly removed?: readonly string[];
  readonly before?: string;
  readonly after?: string;
  /** The change in words, as the text and markdown formats print it. */
  readonly text: string;
}

export interface ToolsComparison {
  /** The revision as given (`main`, `HEAD~1`, a hash). */
  readonly ref: string;
  readonly commit: string;
  /** Tools at that revision. */
  readonly tools: number;
  readonly changes: readonly ToolChange[];
}

export function toolLabel(tool: Pick<ReportedTool, 'name' | 'nameText'>): string {
  return tool.name ?? (tool.nameText === null ? '(unnamed)' : `(${tool.nameText})`);
}

/** Tools paired by file and name, in order where a file defines several of one name (or several unnamed ones). */
function pairTools(before: readonly ReportedTool[], after: readonly ReportedTool[]): { pairs: [ReportedTool, ReportedTool][]; removed: ReportedTool[]; added: ReportedTool[] } {
  const key = (tool: ReportedTool): string => `${tool.file}\u0000${toolLabel(tool)}`;
  const waiting = new Map<string, ReportedTool[]>();
  for (const tool of before) waiting.set(key(tool), [...(waiting.get(key(tool)) ?? []), tool]);
  const pairs: [ReportedTool, ReportedTool][] = [];
  const added: ReportedTool[] = [];
  for (const tool of after) {
    const match = waiting.get(key(tool))?.shift();
    if (match) pairs.push([match, tool]);
    else added.push(tool);
  }
  return { pairs, added, removed: [...waiting.values()].flat() };
}

/** The rules whose finding on a tool's path means its contract accepts what it should refuse. */
const PERMISSIVE_RULES: ReadonlySet<string> = new Set(['no-permissive-schema-fallback', 'no-fail-open-validator']);

/** Why a tool's contract is switched off, or null: a schema that accepts everything, or a fallback to one on its path. */
function permissiveness(tool: ReportedTool): string | null {
  for (const schema of [tool.input, tool.output]) {
    if (schema?.permissive) return `its ${schema.key} accepts ${schema.permissive === 'anything' ? 'anything' : 'any object'}`;
  }
  const fallback = tool.findings.find((finding) => PERMISSIVE_RULES.has(finding.rule.slice(finding.rule.lastIndexOf('/') + 1)));
  return fallback ? `${fallback.rule} at ${fallback.file}:${fallback.line}` : null;
}

function unfollowedReason(schema: ReportedSchema | null): string | null {
  if (!schema) return null;
  const stack = [schema.build];
  while (stack.length > 0) {
    const build = stack.pop()!;
    if (build.kind === 'not-followed') return build.reason;
    if (build.kind === 'converter') stack.push(build.of);
    else if (build.kind === 'imported') stack.push(build.build);
    else if (build.kind === 'either') stack.push(...build.options);
  }
  return null;
}

function quoted(values: readonly string[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

function enumKey(entry: ReportedTool['enums'][number], index: number): string {
  return entry.property ?? `#${index}`;
}

function enumChanges(before: ReportedTool, after: ReportedTool, base: Omit<ToolChange, 'kind' | 'text'>): ToolChange[] {
  const changes: ToolChange[] = [];
  const earlier = new Map(before.enums.map((entry, index) => [enumKey(entry, index), entry]));
  const later = new Map(after.enums.map((entry, index) => [enumKey(entry, index), entry]));
  const where = (property: string | null): string => (property === null ? 'an enum' : `the enum on ${property}`);
  for (const [key, entry] of later) {
    const old = earlier.get(key);
    if (!old) {
      const values = entry.values === null ? 'values not known statically' : quoted(entry.values);
      changes.push({ ...base, kind: 'enum-added', property: entry.property, ...(entry.values ? { added: entry.values } : {}), text: `gains ${where(entry.property)} (${values}) at ${entry.file}:${entry.line}` });
      continue;
    }
    if (old.values === null || entry.values === null) continue;
    const added = entry.values.filter((value) => !old.values!.includes(value));
    const removed = old.values.filter((value) => !entry.values!.includes(value));
    if (added.length === 0 && removed.length === 0) continue;
    const words = [added.length > 0 ? `adds ${quoted(added)}` : '', removed.length > 0 ? `removes ${quoted(removed)}` : ''].filter(Boolean).join(' and ');
    changes.push({ ...base, kind: 'enum-values-changed', property: entry.property, added, removed, text: `${where(entry.property)} ${words}` });
  }
  for (const [key, entry] of earlier) {
    if (!later.has(key)) changes.push({ ...base, kind: 'enum-removed', property: entry.property, ...(entry.values ? { removed: entry.values } : {}), text: `loses ${where(entry.property)}` });
  }
  return changes;
}

function changesOf(before: ReportedTool, after: ReportedTool): ToolChange[] {
  const base = { tool: toolLabel(after), file: after.file, line: after.line };
  const changes: ToolChange[] = [];
  if (before.form !== after.form) changes.push({ ...base, kind: 'form-changed', before: before.form, after: after.form, text: `is now defined as ${after.form} (was ${before.form})` });
  for (const slot of ['input', 'output'] as const) {
    const old = before[slot];
    const now = after[slot];
    const schema = now?.key ?? old?.key ?? `${slot}Schema`;
    const oldWords = old?.description ?? 'none';
    const nowWords = now?.description ?? 'none';
    const oldReason = unfollowedReason(old);
    const nowReason = unfollowedReason(now);
    if (nowReason !== null && oldReason === null) {
      changes.push({ ...base, kind: 'became-unfollowed', schema, before: oldWords, after: nowWords, text: `${schema} is no longer followed: ${nowReason}` });
    } else if (nowReason === null && oldReason !== null && now) {
      changes.push({ ...base, kind: 'now-followed', schema, before: oldWords, after: nowWords, text: `${schema} is now followed: ${nowWords}` });
    } else if (oldWords !== nowWords) {
      changes.push({ ...base, kind: 'schema-changed', schema, before: oldWords, after: nowWords, text: `${schema} is now ${nowWords} (was ${oldWords})` });
    }
  }
  changes.push(...enumChanges(before, after, base));
  const wasPermissive = permissiveness(before);
  const isPermissive = permissiveness(after);
  if (isPermissive !== null && wasPermissive === null) changes.push({ ...base, kind: 'became-permissive', after: isPermissive, text: `its contract is switched off: ${isPermissive}` });
  if (isPermissive === null && wasPermissive !== null) changes.push({ ...base, kind: 'no-longer-permissive', before: wasPermissive, text: `its contract is no longer switched off (was: ${wasPermissive})` });
  return changes;
}

/** The changes from the inventory at `ref` (`before`) to the working tree's (`after`). */
export function compareInventories(ref: string, commit: string, before: ToolsReport, after: ToolsReport): ToolsComparison {
  const { pairs, added, removed } = pairTools(before.tools, after.tools);
  const changes: ToolChange[] = [
    ...removed.map((tool): ToolChange => ({ kind: 'removed', tool: toolLabel(tool), file: tool.file, line: tool.line, text: `removed (was ${tool.form} at ${tool.file}:${tool.line})` })),
    ...added.map((tool): ToolChange => {
      const permissive = permissiveness(tool);
      const schema = tool.input ? `, ${tool.input.key}: ${tool.input.description}` : '';
      return { kind: 'added', tool: toolLabel(tool), file: tool.file, line: tool.line, text: `added as ${tool.form}${schema}${permissive ? `; its contract is switched off: ${permissive}` : ''}` };
    }),
    ...pairs.flatMap(([old, now]) => changesOf(old, now)),
  ];
  changes.sort((a, b) => (a.file === b.file ? a.line - b.line || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0) : a.file < b.file ? -1 : 1));
  return { ref, commit, tools: before.tools.length, changes };
}
