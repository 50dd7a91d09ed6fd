import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { parseBaselineDocument } from '../baseline/baseline-file.js';
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

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
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
  return `${lines.join('\n')}\n`;
}

const PALETTE = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A small line chart (total and one line per rule over the commits), for a README. */
export function burnDownSvg(points: readonly BurnDownPoint[]): string {
  const ruleNames = rulesOf(points);
  const width = 640;
  const height = 260;
  const left = 48;
  const right = 200;
  const top = 24;
  const bottom = 40;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const readable = points.filter((point) => !point.error);
  const maximum = Math.max(1, ...readable.map((point) => point.total));
  const x = (index: number): number => left + (points.length === 1 ? plotWidth / 2 : (plotWidth * index) / (points.length - 1));
  const y = (value: number): number => top + plotHeight - (plotHeight * value) / maximum;
  const round = (value: number): string => value.toFixed(1);
  const series = [
    { name: 'total', color: '#111111', value: (point: BurnDownPoint) => point.total, strokeWidth: 2.5 },
    ...ruleNames.map((rule, index) => ({
      name: rule,
      color: PALETTE[index % PALETTE.length] ?? '#000000',
      value: (point: BurnDownPoint) => point.counts[rule] ?? 0,
      strokeWidth: 1.5,
    })),
  ];
  const lines = series.map((line) => {
    const coordinates = points.flatMap((point, index) => (point.error ? [] : [`${round(x(index))},${round(y(line.value(point)))}`]));
    return `  <polyline fill="none" stroke="${line.color}" stroke-width="${line.strokeWidth}" points="${coordinates.join(' ')}"><title>${escapeXml(line.name)}</title></polyline>`;
  });
  const legend = series.map(
    (line, index) =>
      `  <g transform="translate(${width - right + 16},${top + index * 18})"><rect width="12" height="3" y="5" fill="${line.color}"/><text x="18" y="10" font-size="11">${escapeXml(
        `${line.name} (${points.at(-1)?.error ? '?' : line.value(points.at(-1) as BurnDownPoint)})`,
      )}</text></g>`,
  );
  const first = points[0];
  const last = points.at(-1);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" role="img" aria-label="Baselined findings over time">`,
    `  <title>Baselined schema-contract findings</title>`,
    `  <rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `  <line x1="${left}" y1="${top + plotHeight}" x2="${left + plotWidth}" y2="${top + plotHeight}" stroke="#999999"/>`,
    `  <line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotHeight}" stroke="#999999"/>`,
    `  <text x="${left - 6}" y="${top + 4}" font-size="11" text-anchor="end">${maximum}</text>`,
    `  <text x="${left - 6}" y="${top + plotHeight}" font-size="11" text-anchor="end">0</text>`,
    first ? `  <text x="${left}" y="${height - 16}" font-size="11">${escapeXml(day(first))}</text>` : '',
    last ? `  <text x="${left + plotWidth}" y="${height - 16}" font-size="11" text-anchor="end">${escapeXml(day(last))}</text>` : '',
    ...lines,
    ...legend,
    '</svg>',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
