import type { BurnDownPoint } from './burn-down.js';
import { countTicks, dayLabel, timeTicks } from './time-axis.js';

/**
 * The burn-down as an SVG chart for a README: the total as a step line on a time-scaled x axis (a
 * ten-month pause looks like one) with round counts and gridlines, then one small panel per rule
 * on that time axis and one count scale shared by all rules. Rules often hold the same count (four
 * at 1 for months): lines in one plot would lie on top of each other, whatever their dashes and
 * markers, while a panel each can never hide one behind another, and each panel is labelled
 * directly, so there is no legend to match colours against. Hand-written SVG rather than a
 * charting library: the output must be static, deterministic text with no script, font file or
 * browser, and it is small.
 */

const WIDTH = 760;
const PADDING = 20;
const PLOT_TOP = 76;
const PLOT_HEIGHT = 190;
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, 'DejaVu Sans', sans-serif";
/** Generous average glyph widths (em): a label estimated too wide only wastes a little room. */
const GLYPH_WIDTH = 0.62;
/** With more points than this, markers would merge into a smear: only each series' last one is drawn. */
const MAX_MARKED_POINTS = 60;

/** The small multiples: one panel per rule, in as many columns as the longest title allows. */
const PANEL_TITLE_SIZE = 12;
const PANEL_GAP = 24;
const PANEL_PLOT_TOP = 24;
const PANEL_PLOT_HEIGHT = 56;
const PANEL_ROW_HEIGHT = 104;
const MAX_PANEL_COLUMNS = 3;

/** Okabe–Ito colours (told apart with colour-blindness too), then greys; the total is near-black. */
const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#7F7F7F', '#8C564B'];
type Marker = 'circle' | 'square' | 'triangle' | 'diamond' | 'triangleDown' | 'plus' | 'cross';
const MARKERS: readonly Marker[] = ['square', 'triangle', 'diamond', 'triangleDown', 'plus', 'cross', 'circle'];

interface Series {
  readonly name: string;
  readonly markerSize: number;
  readonly color: string;
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
    { name: 'total', markerSize: 4.6, color: '#1F2328', width: 2.6, marker: 'circle', value: (point) => point.total },
    ...rulesOf(points).map((rule, index) => ({
      name: rule,
      markerSize: 3,
      color: PALETTE[index % PALETTE.length] ?? '#000000',
      width: 2,
      marker: MARKERS[index % MARKERS.length] ?? 'square',
      value: (point: BurnDownPoint) => point.counts[rule] ?? 0,
    })),
  ];
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

interface Frame {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** The name shortened with an ellipsis to fit `width` at `fontSize`: a panel title never runs into the next panel. */
function fitted(name: string, suffix: string, width: number, fontSize: number): string {
  if (textWidth(`${name} ${suffix}`, fontSize) <= width) return name;
  const room = Math.max(1, Math.floor(width / (fontSize * GLYPH_WIDTH)) - suffix.length - 2);
  return `${[...name].slice(0, room).join('')}…`;
}

function seriesPaths(line: Series, points: readonly BurnDownPoint[], x: (point: BurnDownPoint) => number, y: (value: number) => number): string {
  return `<g><title>${escapeXml(line.name)}</title>${stepPaths(line, points, x, y)
    .map((d) => `<path d="${d}" fill="none" stroke="${line.color}" stroke-width="${line.width}" stroke-linejoin="round"/>`)
    .join('')}</g>`;
}

function unreadableTicks(points: readonly BurnDownPoint[], x: (point: BurnDownPoint) => number, bottom: number, withTitle: boolean): string[] {
  return points
    .filter((point) => point.error)
    .map((point) => {
      const title = withTitle ? `<title>${escapeXml(`unreadable version ${point.commit.slice(0, 10)}: ${point.error ?? ''}`)}</title>` : '';
      return `<path d="M${fixed(x(point))},${fixed(bottom - 5)}v10" stroke="#CF222E" stroke-width="2">${title}</path>`;
    });
}

/** The chart. Deterministic: the same history gives the same bytes. */
export function burnDownSvg(points: readonly BurnDownPoint[]): string {
  const readable = points.filter((point) => !point.error);
  const [total, ...rules] = seriesOf(points) as [Series, ...Series[]];
  const latest = readable.at(-1);
  const countOf = (line: Series): string => (latest ? String(line.value(latest)) : '?');

  const values = countTicks(Math.max(0, ...readable.map((point) => point.total)), 5);
  const top = values.at(-1) ?? 1;
  const tickLabelWidth = Math.max(...values.map((value) => textWidth(String(value), 11)));
  // Room right of the plot for the total's label where its line ends.
  const totalLabelWidth = textWidth(`total ${countOf(total)}`, PANEL_TITLE_SIZE) + 8;
  const plot: Frame = { left: PADDING + 16 + tickLabelWidth + 8, right: WIDTH - PADDING - totalLabelWidth, top: PLOT_TOP, bottom: PLOT_TOP + PLOT_HEIGHT };

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
  const xIn = (frame: Frame) => (time: number): number => frame.left + ((frame.right - frame.left) * (time - domainStart)) / (domainEnd - domainStart);
  const xOfTime = xIn(plot);
  const x = (point: BurnDownPoint): number => xOfTime(Date.parse(point.date));
  const y = (value: number): number => plot.bottom - (PLOT_HEIGHT * value) / top;
  const ticks = timeTicks(domainStart, domainEnd, Math.max(2, Math.floor((plot.right - plot.left) / 75)));

  const out: string[] = [];
  const description = `${subtitle(readable, points)}. ${[total, ...rules].map((line) => `${line.name}: ${latest ? line.value(latest) : 'unknown'}`).join(', ')}.`;
  out.push(`<title>Baselined schema-contract findings over time</title>`);
  out.push(`<desc>${escapeXml(description)}</desc>`);
  out.push(`<rect width="${WIDTH}" height="{{HEIGHT}}" fill="#ffffff"/>`);
  out.push(`<text x="${PADDING}" y="32" font-size="18" font-weight="bold" fill="#1F2328">Baselined findings</text>`);
  out.push(`<text x="${PADDING}" y="54" font-size="12.5" fill="#57606A">${escapeXml(subtitle(readable, points))}</text>`);

  // Count axis: round ticks and gridlines; the zero line is the axis itself.
  for (const value of values) {
    const py = fixed(y(value));
    out.push(`<line x1="${fixed(plot.left)}" y1="${py}" x2="${fixed(plot.right)}" y2="${py}" stroke="${value === 0 ? '#8C959F' : '#E6E8EB'}" stroke-width="1"/>`);
    out.push(`<text x="${fixed(plot.left - 8)}" y="${fixed(y(value) + 4)}" font-size="11" text-anchor="end" fill="#57606A">${value}</text>`);
  }
  out.push(
    `<text transform="translate(${PADDING + 4},${fixed((plot.top + plot.bottom) / 2)}) rotate(-90)" font-size="11" text-anchor="middle" fill="#57606A">findings</text>`,
  );

  // Time axis: calendar ticks, labels centred under them but kept inside the chart.
  for (const tick of ticks) {
    const px = xOfTime(tick.time);
    const half = textWidth(tick.label, 11) / 2;
    const labelX = Math.min(Math.max(px, PADDING + half), WIDTH - PADDING - half);
    out.push(`<line x1="${fixed(px)}" y1="${plot.bottom}" x2="${fixed(px)}" y2="${plot.bottom + 5}" stroke="#8C959F"/>`);
    out.push(`<text x="${fixed(labelX)}" y="${plot.bottom + 19}" font-size="11" text-anchor="middle" fill="#57606A">${escapeXml(tick.label)}</text>`);
  }
  out.push(...unreadableTicks(points, x, plot.bottom, true));

  const marked = readable.length <= MAX_MARKED_POINTS;
  // Dense histories get smaller markers, so the steps between them stay visible.
  const markerScale = readable.length > 20 ? 0.75 : 1;
  const shown = marked ? readable : readable.slice(-1);
  out.push(seriesPaths(total, points, x, y));
  out.push(`<g>${shown.map((point) => markerElement(total, x(point), y(total.value(point)), total.markerSize * markerScale)).join('')}</g>`);
  if (latest) {
    // The total labelled where its line ends, as each rule is in its panel: no legend to look up.
    // A white halo keeps it legible where it crosses the axis or a gridline.
    out.push(
      `<text x="${fixed(x(latest) + 8)}" y="${fixed(y(latest.total) + 4)}" font-size="${PANEL_TITLE_SIZE}" fill="#1F2328" stroke="#ffffff" stroke-width="3" paint-order="stroke">total <tspan font-weight="bold">${escapeXml(countOf(total))}</tspan></text>`,
    );
  }

  // One panel per rule, on the total's time axis and one count scale shared by every rule, so
  // panels compare by height; the scale is the rules' own, not the total's, so small counts read.
  const ruleValues = countTicks(Math.max(0, ...readable.flatMap((point) => rules.map((rule) => rule.value(point)))), 3);
  const ruleTop = ruleValues.at(-1) ?? 1;
  const ruleTickWidth = Math.max(...ruleValues.map((value) => textWidth(String(value), 10))) + 6;
  const titleWidth = Math.max(0, ...rules.map((rule) => textWidth(`${rule.name} ${countOf(rule)}`, PANEL_TITLE_SIZE)));
  const available = WIDTH - 2 * PADDING;
  let columns = MAX_PANEL_COLUMNS;
  while (columns > 1 && (available - (columns - 1) * PANEL_GAP) / columns < titleWidth) columns -= 1;
  const panelWidth = (available - (columns - 1) * PANEL_GAP) / columns;
  const panelsTop = plot.bottom + 40;
  if (rules.length > 0) {
    out.push(
      `<text x="${PADDING}" y="${panelsTop + 8}" font-size="12.5" fill="#57606A">Per rule: the same time axis, one count scale for every rule (0–${ruleTop})</text>`,
    );
  }
  rules.forEach((rule, index) => {
    const left = PADDING + (index % columns) * (panelWidth + PANEL_GAP);
    const panelTop = panelsTop + 24 + Math.floor(index / columns) * PANEL_ROW_HEIGHT;
    const frame: Frame = { left: left + ruleTickWidth, right: left + panelWidth, top: panelTop + PANEL_PLOT_TOP, bottom: panelTop + PANEL_PLOT_TOP + PANEL_PLOT_HEIGHT };
    const px = xIn(frame);
    const panelX = (point: BurnDownPoint): number => px(Date.parse(point.date));
    const panelY = (value: number): number => frame.bottom - (PANEL_PLOT_HEIGHT * value) / ruleTop;
    const count = countOf(rule);
    const name = fitted(rule.name, count, panelWidth, PANEL_TITLE_SIZE);
    out.push(
      `<text x="${fixed(left)}" y="${panelTop + 12}" font-size="${PANEL_TITLE_SIZE}" fill="#1F2328">${escapeXml(name)} <tspan font-weight="bold">${escapeXml(count)}</tspan></text>`,
    );
    for (const tick of ticks) {
      out.push(`<line x1="${fixed(px(tick.time))}" y1="${frame.top}" x2="${fixed(px(tick.time))}" y2="${frame.bottom}" stroke="#F0F1F3" stroke-width="1"/>`);
    }
    for (const value of ruleValues) {
      const py = fixed(panelY(value));
      out.push(`<line x1="${fixed(frame.left)}" y1="${py}" x2="${fixed(frame.right)}" y2="${py}" stroke="${value === 0 ? '#8C959F' : '#E6E8EB'}" stroke-width="1"/>`);
      out.push(`<text x="${fixed(frame.left - 5)}" y="${fixed(panelY(value) + 3.5)}" font-size="10" text-anchor="end" fill="#57606A">${value}</text>`);
    }
    out.push(...unreadableTicks(points, panelX, frame.bottom, false));
    out.push(seriesPaths(rule, points, panelX, panelY));
    out.push(`<g>${shown.map((point) => markerElement(rule, panelX(point), panelY(rule.value(point)), rule.markerSize * markerScale)).join('')}</g>`);
  });
  const rows = Math.ceil(rules.length / columns);
  const height = rules.length > 0 ? panelsTop + 24 + (rows - 1) * PANEL_ROW_HEIGHT + PANEL_PLOT_TOP + PANEL_PLOT_HEIGHT + 16 : plot.bottom + 36;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="${escapeXml(FONT)}" role="img" aria-label="${escapeXml(description)}">`,
    ...out.map((line) => `  ${line.replace('{{HEIGHT}}', String(height))}`),
    '</svg>',
    '',
  ].join('\n');
}
