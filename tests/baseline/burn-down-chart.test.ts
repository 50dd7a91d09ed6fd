import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { burnDownMarkdown, burnDownMermaid, burnDownSvg, type BurnDownPoint } from '../../src/cli/burn-down.js';
import { countTicks, dayLabel, timeTicks } from '../../src/cli/time-axis.js';
import { repositoryRoot } from './build.js';

const RULES = ['no-open-glossary-enum', 'no-permissive-schema-fallback', 'no-schema-helper-throw', 'require-glossary-corroboration', 'valid-schema-literal'];
const DAY = 86_400_000;

/** A deterministic burn-down of `count` versions over about two years, with a ten-month pause half-way. */
function history(count: number, rules = RULES): BurnDownPoint[] {
  let seed = 7;
  const random = (): number => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const counts: Record<string, number> = Object.fromEntries(rules.map((rule, index) => [rule, [40, 25, 12, 12, 6][index % 5] ?? 5]));
  let time = Date.UTC(2024, 0, 8, 10);
  return Array.from({ length: count }, (_, index) => {
    if (index > 0) {
      time += index === Math.floor(count / 2) ? 300 * DAY : Math.round((1 + random() * 3) * (400 / count)) * DAY;
      for (const rule of rules) if (random() < 0.4) counts[rule] = Math.max(0, (counts[rule] ?? 0) - 1);
    }
    const snapshot = { ...counts };
    const total = Object.values(snapshot).reduce((sum, value) => sum + value, 0);
    return { commit: index.toString(16).padStart(40, '0'), date: new Date(time).toISOString(), subject: `v${index}`, counts: snapshot, total };
  });
}

interface Png {
  readonly width: number;
  readonly height: number;
}

/** Decodes a PNG's structure (signature, IHDR, IDAT stream) with zlib: proof that the bytes are an image of that size. */
function decodePng(bytes: Buffer): Png {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let header: { width: number; height: number; depth: number; color: number } | undefined;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8] ?? 0, color: body[9] ?? 0 };
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  expect(header).toMatchObject({ depth: 8, color: 6 }); // 8-bit RGBA
  const pixels = inflateSync(Buffer.concat(data));
  // One filter byte per row, then four bytes per pixel.
  expect(pixels.length).toBe(header!.height * (1 + header!.width * 4));
  return { width: header!.width, height: header!.height };
}

function render(svg: string): { png: Png; pixels: Buffer; width: number; height: number } {
  const image = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' } }).render();
  return { png: decodePng(image.asPng()), pixels: image.pixels, width: image.width, height: image.height };
}

function svgSize(svg: string): { width: number; height: number } {
  const match = /^<svg [^>]*width="(\d+)" height="(\d+)" viewBox="0 0 \1 \2"/.exec(svg);
  expect(match).not.toBeNull();
  return { width: Number(match?.[1]), height: Number(match?.[2]) };
}

/** Whether every pixel of the columns from `from` to the right edge is white: nothing was drawn off the chart. */
function blankFrom(image: { pixels: Buffer; width: number; height: number }, from: number): boolean {
  for (let row = 0; row < image.height; row += 1) {
    for (let column = from; column < image.width; column += 1) {
      const at = (row * image.width + column) * 4;
      if (image.pixels[at] !== 255 || image.pixels[at + 1] !== 255 || image.pixels[at + 2] !== 255) return false;
    }
  }
  return true;
}

const texts = (svg: string, attribute: string) => [...svg.matchAll(new RegExp(`<text [^>]*${attribute}[^>]*>([^<]*)<`, 'g'))].map((match) => match[1]);

describe('the burn-down chart', () => {
  it.each([1, 2, 40, 400])('renders %i version(s) to a PNG of the SVG\'s size, with nothing cut off at the right edge', (count) => {
    const svg = burnDownSvg(history(count));
    const size = svgSize(svg);
    const image = render(svg);
    expect(image.png).toEqual(size);
    expect(size.width).toBe(760);
    expect(blankFrom(image, size.width - 12)).toBe(true);
    expect(burnDownSvg(history(count))).toBe(svg);
  });

  it('gives many long rule names a panel each, in fewer columns, growing downwards instead of running off the edge', () => {
    const rules = Array.from({ length: 9 }, (_, index) => `a-rule-with-a-rather-long-name-number-${index}`);
    const svg = burnDownSvg(history(12, rules));
    const size = svgSize(svg);
    const image = render(svg);
    expect(image.png).toEqual(size);
    expect(blankFrom(image, size.width - 12)).toBe(true);
    // Nine long titles fit two to a row: the chart grows downwards.
    expect(size.height).toBeGreaterThan(svgSize(burnDownSvg(history(12))).height + 2 * 100);
    for (const rule of rules) expect(svg).toContain(`>${rule} <tspan font-weight="bold">`);
  });

  it('has a title, the current totals, round count ticks with gridlines, and dated time ticks', () => {
    const points = history(40);
    const svg = burnDownSvg(points);
    const last = points.at(-1)!;
    expect(svg).toContain('>Baselined findings</text>');
    expect(svg).toContain(`>${last.total} baselined findings on ${dayLabel(Date.parse(last.date))} · down ${points[0]!.total - last.total} from ${points[0]!.total} since 8 Jan 2024 · 40 versions</text>`);
    expect(svg).toContain(`total <tspan font-weight="bold">${last.total}</tspan>`);
    for (const rule of RULES) expect(svg).toContain(`${rule} <tspan font-weight="bold">${last.counts[rule]}</tspan>`);
    // The total's round ticks, then each rule panel's, on one scale shared by the rules (their highest count is 40).
    expect(texts(svg, 'font-size="11" text-anchor="end"')).toEqual(['0', '20', '40', '60', '80', '100']);
    expect(texts(svg, 'font-size="10" text-anchor="end"')).toEqual(RULES.flatMap(() => ['0', '20', '40']));
    expect(svg.match(/stroke="#E6E8EB"/g)).toHaveLength(5 + RULES.length * 2);
    expect(texts(svg, 'text-anchor="middle" fill')).toEqual(['findings', 'Jan 2024', 'Jul', 'Jan 2025', 'Jul', 'Jan 2026', 'Jul', 'Jan 2027', 'Jul']);
  });

  it('spaces versions by time: a ten-month pause is wide, a day is narrow', () => {
    const point = (date: string, total: number): BurnDownPoint => ({ commit: date, date, subject: '', counts: { r: total }, total });
    const svg = burnDownSvg([point('2025-01-01T00:00:00Z', 9), point('2025-01-02T00:00:00Z', 8), point('2025-11-01T00:00:00Z', 2)]);
    const xs = [...svg.matchAll(/<path d="M([\d.]+),[\d.]+a4\.6/g)].map((match) => Number(match[1]));
    expect(xs).toHaveLength(3);
    const [a = 0, b = 0, c = 0] = xs;
    expect((c - b) / (b - a)).toBeCloseTo(303, -1);
  });

  it('never draws one series over another: four rules at the same counts each get a panel of their own', () => {
    const rules = ['first-rule', 'second-rule', 'third-rule', 'fourth-rule'];
    const points = history(6, rules).map((point, index) => {
      const each = index < 3 ? 2 : 1;
      return { ...point, counts: Object.fromEntries(rules.map((rule) => [rule, each])), total: 4 * each };
    });
    const svg = burnDownSvg(points);
    // The box each series' line covers: no two may overlap, or one line could hide another.
    const boxes = ['total', ...rules].map((name) => {
      const group = new RegExp(`<g><title>${name}</title>((?:<path [^>]*/>)+)</g>`).exec(svg)?.[1] ?? '';
      const numbers = [...group.matchAll(/[MHV]([\d.]+)(?:,([\d.]+))?/g)];
      const xs = numbers.filter((match) => match[0].startsWith('M') || match[0].startsWith('H')).map((match) => Number(match[1]));
      const ys = numbers.flatMap((match) => (match[0].startsWith('M') ? [Number(match[2])] : match[0].startsWith('V') ? [Number(match[1])] : []));
      expect(xs.length, name).toBeGreaterThan(0);
      return { name, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
    });
    for (const [index, a] of boxes.entries()) {
      for (const b of boxes.slice(index + 1)) {
        const apart = a.right < b.left || b.right < a.left || a.bottom < b.top || b.bottom < a.top;
        expect(apart, `${a.name} and ${b.name} overlap`).toBe(true);
      }
    }
    // Each panel is labelled directly with its rule and current count, in its own colour and marker.
    for (const rule of rules) expect(svg).toContain(`>${rule} <tspan font-weight="bold">1</tspan></text>`);
    expect(svg).toContain('>total <tspan font-weight="bold">4</tspan></text>');
    for (const colour of ['#0072B2', '#D55E00', '#009E73', '#CC79A7']) expect(svg).toContain(`fill="${colour}" stroke="#ffffff"`);
    const image = render(svg);
    expect(image.png).toEqual(svgSize(svg));
    expect(blankFrom(image, image.width - 12)).toBe(true);
  });

  it('draws markers at every version up to 60, and only the latest beyond', () => {
    const circles = (svg: string) => (svg.match(/<path d="[^"]*" fill="#1F2328" stroke="#ffffff"/g) ?? []).length;
    expect(circles(burnDownSvg(history(40)))).toBe(40);
    expect(circles(burnDownSvg(history(400)))).toBe(1);
  });

  it('leaves a gap, marked on the axis, for a version that could not be read', () => {
    const points = history(5);
    points[2] = { ...points[2]!, commit: 'c0ffee'.padEnd(40, '0'), counts: {}, total: 0, error: 'is not valid JSON' };
    const svg = burnDownSvg(points);
    expect(svg).toContain('stroke="#CF222E"');
    expect(svg).toContain('unreadable version c0ffee0000: is not valid JSON');
    expect(svg).toContain('5 versions · 1 unreadable');
    // The total's line is broken in two around it, and so is each rule's in its panel.
    expect(svg.match(/<path d="M[^"]*" fill="none" stroke="#1F2328"/g)).toHaveLength(2);
    expect(svg.match(/<path d="M[^"]*" fill="none" stroke="#0072B2"/g)).toHaveLength(2);
    expect(svg.match(/stroke="#CF222E"/g)).toHaveLength(1 + RULES.length);
  });
});

describe('axes', () => {
  it('picks round count steps', () => {
    expect(countTicks(0, 5)).toEqual([0, 1]);
    expect(countTicks(3, 5)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(95, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(countTicks(1234, 5)).toEqual([0, 500, 1000, 1500]);
  });

  it('picks calendar ticks that fit, labelling a new year in full', () => {
    const labels = (start: string, end: string, max: number) => timeTicks(Date.parse(start), Date.parse(end), max).map((tick) => tick.label);
    expect(labels('2024-12-20T00:00:00Z', '2025-01-20T00:00:00Z', 8)).toEqual(['23 Dec 2024', '30 Dec', '6 Jan 2025', '13 Jan', '20 Jan']);
    expect(labels('2024-11-15T00:00:00Z', '2025-04-15T00:00:00Z', 8)).toEqual(['Dec 2024', 'Jan 2025', 'Feb', 'Mar', 'Apr']);
    expect(labels('2020-06-01T00:00:00Z', '2025-06-01T00:00:00Z', 7)).toEqual(['2021', '2022', '2023', '2024', '2025']);
    expect(labels('2025-03-01T09:30:00Z', '2025-03-01T17:00:00Z', 4)).toEqual(['1 Mar 12:00', '15:00']);
  });
});

describe('the Mermaid chart in the markdown report', () => {
  it('samples the total at evenly spaced dates, so its x axis is a time axis', () => {
    const point = (date: string, total: number): BurnDownPoint => ({ commit: date, date, subject: '', counts: { r: total }, total });
    const mermaid = burnDownMermaid([point('2025-01-01T00:00:00Z', 23), point('2025-01-02T00:00:00Z', 20), point('2025-12-01T00:00:00Z', 4)]);
    expect(mermaid).toBe(
      [
        '```mermaid',
        'xychart-beta',
        '  title "Baselined findings (total)"',
        '  x-axis ["2025-01-01", "2025-01-31", "2025-03-02", "2025-04-02", "2025-05-02", "2025-06-01", "2025-07-02", "2025-08-01", "2025-08-31", "2025-10-01", "2025-10-31", "2025-12-01"]',
        '  y-axis "findings" 0 --> 25',
        '  line [23, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 4]',
        '```',
        '',
      ].join('\n'),
    );
    expect(burnDownMermaid([point('2025-01-01T00:00:00Z', 3)])).toContain('x-axis ["2025-01-01"]');
  });

  it('keeps every version in the Mermaid chart when all were committed in the same second', () => {
    const point = (date: string, total: number): BurnDownPoint => ({ commit: date, date, subject: '', counts: { r: total }, total });
    const same = '2025-01-01T00:00:00Z';
    const mermaid = burnDownMermaid([
      { ...point(same, 4), commit: 'aaaaaaaaaaaa1111' },
      { ...point(same, 3), commit: 'bbbbbbbbbbbb2222' },
    ]);
    expect(mermaid).toContain('x-axis ["aaaaaaaaaa", "bbbbbbbbbb"]');
    expect(mermaid).toContain('  line [4, 3]\n');
    expect(burnDownMarkdown([point('2025-01-01T00:00:00Z', 3)])).toMatch(/^```mermaid\n[\s\S]*```\n\n\| Commit \| Date \| Total \|/);
  });
});

describe('the chart in docs/', () => {
  it('is a burn-down this renderer drew, and renders', () => {
    const svg = readFileSync(join(repositoryRoot, 'docs', 'baseline-burn-down.svg'), 'utf8');
    const image = render(svg);
    expect(image.png).toEqual(svgSize(svg));
    expect(blankFrom(image, image.width - 12)).toBe(true);
    expect(svg).toContain('>Baselined findings</text>');
    expect(svg).toMatch(/>0 baselined findings on \d+ \w{3} \d{4} · down \d+ from \d+ since/);
  });
});
