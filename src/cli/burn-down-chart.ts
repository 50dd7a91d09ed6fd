import type { BurnDownPoint } from './burn-down.js';
import { countTicks, dayLabel, timeTicks } from './time-axis.js';

/**
 * The burn-down as an SVG line chart for a README: a time-scaled x axis (a ten-month pause looks
 * like one), round counts with gridlines, one step line per rule plus the total, told apart by
 * colour, dash and marker so equal series stay visible, a legend below the plot that wraps
 * instead of running off the edge, and the current totals in the title. Hand-written SVG rather
 * than a charting library: the output must be static, deterministic text with no script, font
 * file or browser, and it is small.
 */

const WIDTH = 760;
const PADDING = 20;
const PLOT_TOP = 76;
const PLOT_HEIGHT = 230;
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, 'DejaVu Sans', sans-serif";
/** Generous average glyph widths (em): a label estimated too wide only wastes a little room. */
const GLYPH_WIDTH = 0.62;
const LEGEND_FONT_SIZE = 12;
const LEGEND_ROW_HEIGHT = 22;
/** With more points than this, markers would merge into a smear: only each series' last one is drawn. */
const MAX_MARKED_POINTS = 60;

/** Okabe–Ito colours (told apart with colour-blindness too), then greys; the total is near-black. */
const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#7F7F7F', '#8C564B'];
const DASHES = ['7 4', '2 3', '10 3 2 3', '4 2', '1 4', '12 4', '6 2 2 2 2 2', '3 6'];
type Marker = 'circle' | 'square' | 'triangle' | 'diamond' | 'triangleDown' | 'plus' | 'cross';
const MARKERS: readonly Marker[] = ['square', 'triangle', 'diamond', 'triangleDown', 'plus', 'cross', 'circle'];

interface Series {
  readonly name: string;
  /** Radius-like size: each series' markers are a little smaller than the previous one's, so equal values nest instead of hiding each other. */
  readonly markerSize: number;
  readonly color: string;
  readonly dash: string | undefined;
  readonly width: number;
  readonly marker: Marker;
  readonly value: (point: BurnDownPoint) => number;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function fixed(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function textWidth(text: string, fontSize: number): number {
  return [...text].length * fontSize * GLYPH_WIDTH;
}

function markerPath(marker: Marker, x: number, y: number, size: number): string {
  const s = size;
  switch (marker) {
    case 'circle':
      return `M${fixed(x - s)},${fixed(y)}a${s},${s} 0 1,0 ${fixed(2 * s)},0a${s},${s} 0 1,0 ${fixed(-2 * s)},0Z`;
    case 'square':
      return `M${fixed(x - s)},${fixed(y - s)}h${fixed(2 * s)}v${fixed(2 * s)}h${fixed(-2 * s)}Z`;
    case 'triangle':
      return `M${fixed(x)},${fixed(y - 1.2 * s)}L${fixed(x + 1.1 * s)},${fixed(y + 0.8 * s)}L${fixed(x - 1.1 * s)},${fixed(y + 0.8 * s)}Z`;
    case 'triangleDown':
      return `M${fixed(x)},${fixed(y + 1.2 * s)}L${fixed(x + 1.1 * s)},${fixed(y - 0.8 * s)}L${fixed(x - 1.1 * s)},${fixed(y - 0.8 * s)}Z`;
    case 'diamond':
      return `M${fixed(x)},${fixed(y - 1.3 * s)}L${fixed(x + 1.3 * s)},${fixed(y)}L${fixed(x)},${fixed(y + 1.3 * s)}L${fixed(x - 1.3 * s)},${fixed(y)}Z`;
    case 'plus':
      return `M${fixed(x - 1.2 * s)},${fixed(y)}h${fixed(2.4 * s)}M${fixed(x)},${fixed(y - 1.2 * s)}v${fixed(2.4 * s)}`;
    case 'cross':
      return `M${fixed(x - s)},${fixed(y - s)}l${fixed(2 * s)},${fixed(2 * s)}M${fixed(x + s)},${fixed(y - s)}l${fixed(-2 * s)},${fixed(2 * s)}`;
  }
}

/** Open markers (`plus`, `cross`) are strokes; the others are filled shapes with a white rim. */
function markerElement(series: Series, x: number, y: number, size: number): string {
  const d = markerPath(series.marker, x, y, size);
  return series.marker === 'plus' || series.marker === 'cross'
    ? `<path d="${d}" fill="none" stroke="${series.color}" stroke-width="2"/>`
    : `<path d="${d}" fill="${series.color}" stroke="#ffffff" stroke-width="1"/>`;
}

function rulesOf(points: readonly BurnDownPoint[]): string[] {
  return [...new Set(points.flatMap((point) => Object.keys(point.counts)))].sort();
}

function seriesOf(points: readonly BurnDownPoint[]): Series[] {
  return [
    { name: 'total', markerSize: 4.6, color: '#1F2328', dash: undefined, width: 2.6, marker: 'circle', value: (point) => point.total },
    ...rulesOf(points).map((rule, index) => ({
      name: rule,
      markerSize: Math.max(2, 4 - 0.4 * index),
      color: PALETTE[index % PALETTE.length] ?? '#000000',
      dash: DASHES[index % DASHES.length],
      width: 1.8,
      marker: MARKERS[index % MARKERS.length] ?? 'square',
      value: (point: BurnDownPoint) => point.counts[rule] ?? 0,
    })),
  ];
}

interface Layout {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

interface LegendItem {
  readonly series: Series;
  readonly name: string;
  /** The current count, in bold after the name. */
  readonly count: string;
  readonly width: number;
}

/** Legend items in rows that fit the chart's width: long rule names wrap to the next row. */
function legendRows(items: readonly LegendItem[], available: number): LegendItem[][] {
  const rows: LegendItem[][] = [];
  let row: LegendItem[] = [];
  let used = 0;
  for (const item of items) {
    if (row.length > 0 && used + item.width > available) {
      rows.push(row);
      row = [];
      used = 0;
    }
    row.push(item);
    used += item.width;
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

/** The stepped polyline of one series: a count holds until the next version changes it. */
function stepPaths(
  series: Series,
  points: readonly BurnDownPoint[],
  x: (point: BurnDownPoint) => number,
  y: (value: number) => number,
): string[] {
  const paths: string[] = [];
  let current: string[] = [];
  let last: number | undefined;
  for (const point of points) {
    if (point.error) {
      // An unreadable version is a gap: its counts are unknown, never guessed.
      if (current.length > 0) paths.push(current.join(''));
      current = [];
      last = undefined;
      continue;
    }
    const px = fixed(x(point));
    const py = fixed(y(series.value(point)));
    if (last === undefined) current.push(`M${px},${py}`);
    else current.push(`H${px}V${py}`);
    last = series.value(point);
  }
  if (current.length > 0) paths.push(current.join(''));
  return paths;
}

function subtitle(readable: readonly BurnDownPoint[], all: readonly BurnDownPoint[]): string {
  const first = readable[0];
  const last = readable.at(-1);
  if (!first || !last) return 'No readable version of the baseline';
  const lastTime = Date.parse(last.date);
  const parts = [`${last.total} baselined finding${last.total === 1 ? '' : 's'} on ${dayLabel(lastTime)}`];
  if (readable.length > 1) {
    const change = last.total - first.total;
    const since = `since ${dayLabel(Date.parse(first.date))}`;
    parts.push(change === 0 ? `unchanged ${since}` : change < 0 ? `down ${-change} from ${first.total} ${since}` : `up ${change} from ${first.total} ${since}`);
  }
  parts.push(`${all.length} version${all.length === 1 ? '' : 's'}`);
  const unreadable = all.length - readable.length;
  if (unreadable > 0) parts.push(`${unreadable} unreadable`);
  return parts.join(' · ');
}

/** The chart. Deterministic: the same history gives the same bytes. */
export function burnDownSvg(points: readonly BurnDownPoint[]): string {
  const readable = points.filter((point) => !point.error);
  const series = seriesOf(points);
  const latest = readable.at(-1);

  const values = countTicks(Math.max(0, ...readable.map((point) => point.total)), 5);
  const top = values.at(-1) ?? 1;
  const tickLabelWidth = Math.max(...values.map((value) => textWidth(String(value), 11)));
  const layout: Layout = { left: PADDING + 16 + tickLabelWidth + 8, right: WIDTH - PADDING - 8, top: PLOT_TOP, bottom: PLOT_TOP + PLOT_HEIGHT };
  const plotWidth = layout.right - layout.left;

  const times = points.map((point) => Date.parse(point.date));
  let start = Math.min(...times);
  let end = Math.max(...times);
  if (end - start < 6 * 86_400_000) {
    // One point, or several within days: a week around them, so the axis reads in days.
    const middle = (start + end) / 2;
    start = middle - 3 * 86_400_000;
    end = middle + 3 * 86_400_000;
  }
  // A margin inside the axis, so the first and last markers do not sit on its edges.
  const margin = (end - start) * 0.03;
  const domainStart = start - margin;
  const domainEnd = end + margin;
  const xOfTime = (time: number): number => layout.left + (plotWidth * (time - domainStart)) / (domainEnd - domainStart);
  const x = (point: BurnDownPoint): number => xOfTime(Date.parse(point.date));
  const y = (value: number): number => layout.bottom - (PLOT_HEIGHT * value) / top;
  const ticks = timeTicks(domainStart, domainEnd, Math.max(2, Math.floor(plotWidth / 80)));

  const out: string[] = [];
  const description = `${subtitle(readable, points)}. ${series
    .map((line) => `${line.name}: ${latest ? line.value(latest) : 'unknown'}`)
    .join(', ')}.`;
  out.push(`<title>Baselined schema-contract findings over time</title>`);
  out.push(`<desc>${escapeXml(description)}</desc>`);
  out.push(`<rect width="${WIDTH}" height="{{HEIGHT}}" fill="#ffffff"/>`);
  out.push(`<text x="${PADDING}" y="32" font-size="18" font-weight="bold" fill="#1F2328">Baselined findings</text>`);
  out.push(`<text x="${PADDING}" y="54" font-size="12.5" fill="#57606A">${escapeXml(subtitle(readable, points))}</text>`);

  // Count axis: round ticks and gridlines; the zero line is the axis itself.
  for (const value of values) {
    const py = fixed(y(value));
    out.push(
      `<line x1="${fixed(layout.left)}" y1="${py}" x2="${fixed(layout.right)}" y2="${py}" stroke="${value === 0 ? '#8C959F' : '#E6E8EB'}" stroke-width="1"/>`,
    );
    out.push(`<text x="${fixed(layout.left - 8)}" y="${fixed(y(value) + 4)}" font-size="11" text-anchor="end" fill="#57606A">${value}</text>`);
  }
  out.push(
    `<text transform="translate(${PADDING + 4},${fixed((layout.top + layout.bottom) / 2)}) rotate(-90)" font-size="11" text-anchor="middle" fill="#57606A">findings</text>`,
  );

  // Time axis: calendar ticks, labels centred under them but kept inside the chart.
  for (const tick of ticks) {
    const px = xOfTime(tick.time);
    const half = textWidth(tick.label, 11) / 2;
    const labelX = Math.min(Math.max(px, PADDING + half), WIDTH - PADDING - half);
    out.push(`<line x1="${fixed(px)}" y1="${layout.bottom}" x2="${fixed(px)}" y2="${layout.bottom + 5}" stroke="#8C959F"/>`);
    out.push(`<text x="${fixed(labelX)}" y="${layout.bottom + 19}" font-size="11" text-anchor="middle" fill="#57606A">${escapeXml(tick.label)}</text>`);
  }
  for (const point of points.filter((candidate) => candidate.error)) {
    const px = fixed(x(point));
    out.push(
      `<path d="M${px},${layout.bottom - 5}v10" stroke="#CF222E" stroke-width="2"><title>${escapeXml(`unreadable version ${point.commit.slice(0, 10)}: ${point.error ?? ''}`)}</title></path>`,
    );
  }

  // The total first and widest, each rule over it dashed: a rule equal to the total (or to
  // another rule) shows through the other's gaps and by its own markers.
  const marked = readable.length <= MAX_MARKED_POINTS;
  // Dense histories get smaller markers, so the steps between them stay visible.
  const markerScale = readable.length > 20 ? 0.75 : 1;
  for (const line of series) {
    const dash = line.dash ? ` stroke-dasharray="${line.dash}"` : '';
    const paths = stepPaths(line, points, x, y);
    out.push(
      `<g><title>${escapeXml(line.name)}</title>${paths
        .map((d) => `<path d="${d}" fill="none" stroke="${line.color}" stroke-width="${line.width}"${dash} stroke-linejoin="round"/>`)
        .join('')}</g>`,
    );
  }
  for (const line of series) {
    const shown = marked ? readable : readable.slice(-1);
    out.push(`<g>${shown.map((point) => markerElement(line, x(point), y(line.value(point)), line.markerSize * markerScale)).join('')}</g>`);
  }

  // Legend below the plot, wrapped to the width: sample line and marker, name, current count.
  const items: LegendItem[] = series.map((line) => {
    const count = latest ? String(line.value(latest)) : '?';
    return { series: line, name: line.name, count, width: 34 + textWidth(`${line.name} ${count}`, LEGEND_FONT_SIZE) + 24 };
  });
  const rows = legendRows(items, WIDTH - 2 * PADDING);
  const legendTop = layout.bottom + 44;
  rows.forEach((row, rowIndex) => {
    let offset = PADDING;
    const rowY = legendTop + rowIndex * LEGEND_ROW_HEIGHT;
    for (const item of row) {
      const line = item.series;
      const dash = line.dash ? ` stroke-dasharray="${line.dash}"` : '';
      out.push(
        `<g transform="translate(${fixed(offset)},${rowY})"><path d="M0,0H26" stroke="${line.color}" stroke-width="${line.width}"${dash}/>${markerElement(line, 13, 0, 3.8)}<text x="34" y="4" font-size="${LEGEND_FONT_SIZE}" fill="#1F2328">${escapeXml(item.name)} <tspan font-weight="bold">${escapeXml(item.count)}</tspan></text></g>`,
      );
      offset += item.width;
    }
  });
  const height = legendTop + (rows.length - 1) * LEGEND_ROW_HEIGHT + 20;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${escapeXml(FONT)}" role="img" aria-label="${escapeXml(description)}">`,
    ...out.map((line) => `  ${line.replace('{{HEIGHT}}', String(height))}`),
    '</svg>',
    '',
  ].join('\n');
}
