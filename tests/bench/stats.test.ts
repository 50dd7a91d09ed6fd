import { describe, expect, it } from 'vitest';
import { coldSample, latencyOf, median, noSchemaLoadsOf, percentile, summarise, type PerFileReading } from '../../bench/stats.mjs';

describe('benchmark statistics', () => {
  it('takes the median of odd and even lists without reordering the input', () => {
    const input = [5, 1, 3];
    expect(median(input)).toBe(3);
    expect(input).toEqual([5, 1, 3]);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(/empty/);
  });

  it('gives a nearest-rank percentile: a reading that was measured, never one interpolated', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile([10, 20, 30], 0.95)).toBe(30);
    expect(percentile([10, 20, 30], 0.5)).toBe(20);
    expect(percentile([7], 0.95)).toBe(7);
    expect(() => percentile([1], 0)).toThrow(/fraction/);
    expect(() => percentile([], 0.5)).toThrow(/empty/);
  });

  it('names the file that holds the maximum', () => {
    const summary = summarise([
      { name: 'a.ts', lines: 10, ms: 2 },
      { name: 'b.ts', lines: 900, ms: 40 },
      { name: 'c.ts', lines: 50, ms: 5 },
    ]);
    expect(summary).toEqual({ files: 3, median: 5, p95: 40, max: 40, worst: { name: 'b.ts', lines: 900, ms: 40 } });
    expect(summarise([])).toBeUndefined();
  });

  const perFile: PerFileReading[] = [
    ['src/first.ts', 20, 1, 300, 300, 0],
    ['src/small.ts', 999, 1, 80, 60, 0],
    ['src/large.ts', 1000, 0, 400, 150, 3],
    ['src/tool.ts', 200, 0, 30, 30, 7],
    ['src/barrel.ts', 5, 1, 2, 2, 1],
  ];

  it('treats the first file of a paired run as cold and the rest as warm, by their settled readings', () => {
    const latency = latencyOf(perFile, 1000);
    expect(latency.cold).toEqual({ name: 'src/first.ts', lines: 20, ms: 300 });
    expect(latency.warm?.max).toBe(150);
    expect(latency.warm?.worst.name).toBe('src/large.ts');
    expect(latency.warm?.files).toBe(4);
    // A file of exactly 1,000 lines is not "under 1,000 lines".
    expect(latency.warmSmall?.worst).toEqual({ name: 'src/small.ts', lines: 999, ms: 60 });
    expect(latency.warmSmall?.files).toBe(3);
  });

  it('sums the modules loaded for the files that name no schema, and lists who loaded them', () => {
    expect(noSchemaLoadsOf(perFile)).toEqual({ files: 3, loaded: 1, loaders: [{ name: 'src/barrel.ts', lines: 5, loaded: 1 }] });
    expect(noSchemaLoadsOf(perFile.filter(([name]) => name !== 'src/barrel.ts'))).toEqual({ files: 2, loaded: 0, loaders: [] });
  });

  it('reports no count, rather than zero, when the build does not count module loads', () => {
    const uncounted = perFile.map(([name, lines, noSchema, pass, warm]) => [name, lines, noSchema, pass, warm, null] as const);
    expect(noSchemaLoadsOf(uncounted).loaded).toBeUndefined();
  });

  it('samples cold files by three hints without repeats, never the already cold first file', () => {
    const imports = new Map([
      ['src/barrel.ts', 40],
      ['src/tool.ts', 3],
      ['src/first.ts', 99],
    ]);
    expect(coldSample(perFile, imports, 1)).toEqual(['src/large.ts', 'src/tool.ts', 'src/barrel.ts']);
    expect(coldSample(perFile, imports, 2)).toEqual(['src/large.ts', 'src/small.ts', 'src/tool.ts', 'src/barrel.ts']);
    expect(coldSample(perFile, new Map(), 0)).toEqual([]);
  });
});
