// Types for the benchmark's statistics (plain JavaScript, so `npm run bench` needs no build of its own).
export interface Reading {
  readonly name: string;
  readonly lines: number;
  readonly ms: number;
}
export interface Summary {
  readonly files: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  readonly worst: Reading;
}
/** [path, lines, names no schema (0/1), rule ms in the pass, rule ms warm, modules loaded or null, parse ms (newer children)] */
export type PerFileReading = readonly [string, number, number, number, number, number | null, number?];

export declare function median(numbers: readonly number[]): number;
export declare function percentile(numbers: readonly number[], fraction: number): number;
export declare function summarise(readings: readonly Reading[]): Summary | undefined;
export declare function latencyOf(
  perFile: readonly PerFileReading[],
  smallFileLines: number,
): { cold: Reading | undefined; warm: Summary | undefined; warmSmall: Summary | undefined };
export declare function noSchemaLoadsOf(perFile: readonly PerFileReading[]): {
  files: number;
  loaded: number | undefined;
  loaders: { name: string; lines: number; loaded: number }[];
};
export declare function noSchemaShareOf(perFile: readonly PerFileReading[]): import('./budget.mjs').NoSchemaShare | undefined;
/** Files to lint cold: per criterion (pass rule time, modules loaded, relative imports) the top `perCriterion`, without repeats. */
export declare function coldSample(perFile: readonly PerFileReading[], importCounts: ReadonlyMap<string, number>, perCriterion: number): string[];
