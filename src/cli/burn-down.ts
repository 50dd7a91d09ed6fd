import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { parseBaselineDocument, refuseOutsideProject } from '../baseline/baseline-file.js';
import { git } from './git-revision.js';
import { countTicks } from './time-axis.js';
import { UsageError } from './usage-error.js';

export interface BurnDownPoint {
  /** Commit hash, or `working-tree` for uncommitted changes to the baseline. */
  readonly commit: string;
  readonly date: string;
  readonly subject: string;
  /** Baselined findings per rule (entry counts summed). */
  readonly counts: Readonly<Record<string, number>>;
  readonly total: number;
  /** Why this version could not be read; its counts are then empty, never guessed. */
  readonly error?: string;
}

function countsOf(file: string, text: string): Pick<BurnDownPoint, 'counts' | 'total' | 'error'> {
  try {
    const counts: Record<string, number> = {};
    for (const entry of parseBaselineDocument(file, text).entries) counts[entry.rule] = (counts[entry.rule] ?? 0) + entry.count;
    return { counts, total: Object.values(counts).reduce((sum, count) => sum + count, 0) };
  } catch (error) {
    return { counts: {}, total: 0, error: (error as Error).message };
  }
}

/**
 * The baseline's history, oldest first: one point per commit that changed it (following renames),
 * plus the working tree when it differs from the last commit.
 */
export function burnDown(baselineFile: string): BurnDownPoint[] {
  // Before git: `git show` of a committed symlink gives its link text, never the outside file, but
  // the working-tree read below would follow it.
  refuseOutsideProject(baselineFile);
  const directory = dirname(baselineFile);
  let top: string;
  try {
    top = git(directory, ['rev-parse', '--show-toplevel']).trim();
  } catch {
    throw new UsageError(`${baselineFile} is not inside a git repository: the burn-down is read from its git history`);
  }
  const path = relative(top, baselineFile).split(sep).join('/');
  const log = git(top, ['log', '--follow', '--format=%x00%H%x1f%cI%x1f%s', '--name-only', '--', path]);
  const points: BurnDownPoint[] = [];
  for (const record of log.split('\u0000').slice(1)) {
    const [header = '', ...names] = record.split('\n');
    const [commit = '', date = '', subject = ''] = header.split('\u001f');
    const pathAtCommit = names.find((name) => name.trim() !== '')?.trim() ?? path;
    let text: string;
    try {
      text = git(top, ['show', `${commit}:${pathAtCommit}`]);
    } catch {
      // The commit deleted the file: nothing is baselined from then on.
      points.push({ commit, date, subject, counts: {}, total: 0 });
      continue;
    }
    points.push({ commit, date, subject, ...countsOf(`${pathAtCommit}@${commit.slice(0, 12)}`, text) });
  }
  points.reverse();
  if (existsSync(baselineFile)) {
    const current = readFileSync(baselineFile, 'utf8');
    let committed: string | undefined;
    try {
      committed = git(top, ['show', `HEAD:${path}`]);
    } catch {
      committed = undefined;
    }
    if (committed !== current) {
      points.push({ commit: 'working-tree', date: new Date().toISOString(), subject: '(uncommitted)', ...countsOf(baselineFile, current) });
    }
  }
  if (points.length === 0) throw new UsageError(`${baselineFile} has no git history and does not exist`);
  return points;
}

function rulesOf(points: readonly BurnDownPoint[]): string[] {
  return [...new Set(points.flatMap((point) => Object.keys(point.counts)))].sort();
}

function shortCommit(point: BurnDownPoint): string {
  return point.commit === 'working-tree' ? 'working tree' : point.commit.slice(0, 10);
}

function day(point: BurnDownPoint): string {
  return point.date.slice(0, 10);
}

export function burnDownText(points: readonly BurnDownPoint[]): string {
  const ruleNames = rulesOf(points);
  const header = ['commit', 'date', 'total', ...ruleNames];
  const rows = points.map((point) => [
    shortCommit(point),
    day(point),
    point.error ? 'unreadable' : String(point.total),
    ...ruleNames.map((rule) => (point.error ? '-' : String(point.counts[rule] ?? 0))),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (row: string[]): string => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  const errors = points.filter((point) => point.error).map((point) => `${shortCommit(point)}: ${point.error}`);
  return [format(header), ...rows.map(format), ...errors].join('\n') + '\n';
}

export function burnDownMarkdown(points: readonly BurnDownPoint[]): string {
  const ruleNames = rulesOf(points);
  const lines = [
    `| Commit | Date | Total | ${ruleNames.map((rule) => `\`${rule}\``).join(' | ')} |`,
    `| --- | --- | ---: | ${ruleNames.map(() => '---:').join(' | ')} |`,
    ...points.map(
      (point) =>
        `| ${point.commit === 'working-tree' ? 'working tree' : `\`${point.commit.slice(0, 10)}\``} | ${day(point)} | ${
          point.error ? 'unreadable' : point.total
        } | ${ruleNames.map((rule) => (point.error ? '–' : String(point.counts[rule] ?? 0))).join(' | ')} |`,
    ),
  ];
  return `${burnDownMermaid(points)}\n${lines.join('\n')}\n`;
}

export { burnDownSvg } from './burn-down-chart.js';

/** Mermaid's xychart spaces categories evenly, so the history is sampled at evenly spaced times. */
const MERMAID_SAMPLES = 12;

function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/**
 * The total over time as a Mermaid `xychart-beta` block, which GitHub renders in Markdown with no
 * image. The history is sampled at evenly spaced dates (a count holds until the next version), so
 * the x axis is a time axis; Mermaid's chart has no legend, so it draws the total only and the
 * table below it gives each rule.
 */
export function burnDownMermaid(points: readonly BurnDownPoint[]): string {
  const readable = points
    .filter((point) => !point.error)
    .map((point) => ({ time: Date.parse(point.date), total: point.total, commit: point.commit }));
  const first = readable[0];
  const last = readable.at(-1);
  if (!first || !last) return '';
  let labels: string[];
  let totals: number[];
  if (last.time > first.time) {
    const times = Array.from({ length: MERMAID_SAMPLES }, (_, index) =>
      Math.round(first.time + ((last.time - first.time) * index) / (MERMAID_SAMPLES - 1)),
    );
    labels = times.map(isoDay);
    // Versions that share a timestamp (commits in one second) are ordered as git lists them: the
    // later one is the state from that instant on.
    totals = times.map((time) => readable.filter((point) => point.time <= time).at(-1)?.total ?? first.total);
  } else {
    // A history with no width in time (every version committed in the same second) has no time
    // axis to sample: each version is its own category, in commit order, so none is lost.
    labels = readable.length === 1 ? [isoDay(first.time)] : readable.map((point) => point.commit.slice(0, 10));
    totals = readable.map((point) => point.total);
  }
  const top = countTicks(Math.max(...totals), 5).at(-1) ?? 1;
  return [
    '```mermaid',
    'xychart-beta',
    '  title "Baselined findings (total)"',
    `  x-axis [${labels.map((label) => `"${label}"`).join(', ')}]`,
    `  y-axis "findings" 0 --> ${top}`,
    `  line [${totals.join(', ')}]`,
    '```',
    '',
  ].join('\n');
}
