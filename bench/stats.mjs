// The statistics the benchmark reports: medians of runs, and per-file latency summaries. Pure
// functions, tested in tests/bench/stats.test.ts.

/** The median of a non-empty list. */
export function median(numbers) {
  if (numbers.length === 0) throw new RangeError('median of an empty list');
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The nearest-rank percentile (`fraction` in (0, 1]): the smallest value with at least that share
 * of the list at or below it. A reading that was measured, never one interpolated between two.
 */
export function percentile(numbers, fraction) {
  if (numbers.length === 0) throw new RangeError('percentile of an empty list');
  if (!(fraction > 0 && fraction <= 1)) throw new RangeError(`percentile takes a fraction in (0, 1], got ${fraction}`);
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * Median, 95th percentile and maximum of per-file readings, with the file that holds the maximum.
 * @param {readonly { name: string, lines: number, ms: number }[]} readings
 */
export function summarise(readings) {
  if (readings.length === 0) return undefined;
  const values = readings.map((reading) => reading.ms);
  const worst = readings.reduce((top, reading) => (reading.ms > top.ms ? reading : top));
  return { files: readings.length, median: median(values), p95: percentile(values, 0.95), max: worst.ms, worst };
}

/**
 * The editor's latency from one paired run's per-file readings (bench/paired-child.mjs output):
 * the first file is the process's cold one; the rest are warm, overall and on files under
 * `smallFileLines` lines (the budget's "files under 1,000 lines").
 * @param {readonly [string, number, number, number, number, number | null][]} perFile
 */
export function latencyOf(perFile, smallFileLines) {
  const readings = perFile.map(([name, lines, , , warmMs]) => ({ name, lines, ms: warmMs }));
  const [cold, ...warm] = readings;
  return {
    cold,
    warm: summarise(warm),
    warmSmall: summarise(warm.filter((reading) => reading.lines < smallFileLines)),
  };
}

/**
 * What the files that name no schema loaded while they were linted (bench/paired-child.mjs lints
 * them first): how many there are, how many modules they loaded in all (`undefined` when the
 * build does not count), and the files that loaded any, most first.
 */
export function noSchemaLoadsOf(perFile) {
  const files = perFile.filter(([, , noSchema]) => noSchema === 1);
  if (files.some(([, , , , , loaded]) => loaded === null || loaded === undefined)) return { files: files.length, loaded: undefined, loaders: [] };
  const loaders = files
    .filter(([, , , , , loaded]) => loaded > 0)
    .map(([name, lines, , , , loaded]) => ({ name, lines, loaded }))
    .sort((a, b) => b.loaded - a.loaded || (a.name < b.name ? -1 : 1));
  return { files: files.length, loaded: loaders.reduce((total, loader) => total + loader.loaded, 0), loaders };
}

/**
 * The files worth linting cold, from one paired run's per-file readings: per criterion, the
 * `perCriterion` highest (first file excluded, it was cold already) by rule time in the pass, by
 * modules loaded in the pass, and by relative imports (`importCounts`, by path), without repeats.
 * A cold lint is slow where the analysis has many modules to open and its code is not compiled
 * yet; the warm pass only hints at which files those are, so three hints are combined.
 * @param {readonly [string, number, number, number, number, number | null][]} perFile
 * @param {ReadonlyMap<string, number>} importCounts
 * @param {number} perCriterion
 */
export function coldSample(perFile, importCounts, perCriterion) {
  const candidates = perFile.slice(1);
  const chosen = [];
  const add = (ranked) => {
    let taken = 0;
    for (const [name] of ranked) {
      if (taken >= perCriterion) break;
      if (!chosen.includes(name)) chosen.push(name);
      taken += 1;
    }
  };
  add([...candidates].sort((a, b) => b[3] - a[3]));
  add([...candidates].filter((entry) => (entry[5] ?? 0) > 0).sort((a, b) => (b[5] ?? 0) - (a[5] ?? 0)));
  add([...candidates].filter(([name]) => (importCounts.get(name) ?? 0) > 0).sort((a, b) => (importCounts.get(b[0]) ?? 0) - (importCounts.get(a[0]) ?? 0)));
  return chosen;
}

/**
 * The rules' time on the files that name no schema, over those files' parse (bench/paired-child.mjs
 * readings from the pass): what a file that cannot hold a finding costs. `undefined` when the
 * readings carry no parse time (an older child) or there are no such files.
 */
export function noSchemaShareOf(perFile) {
  const files = perFile.filter(([, , noSchema]) => noSchema === 1);
  if (files.length === 0 || files.some((entry) => typeof entry[6] !== 'number')) return undefined;
  const rulesMs = files.reduce((total, [, , , ruleMs]) => total + ruleMs, 0);
  const parseMs = files.reduce((total, entry) => total + entry[6], 0);
  const worst = files.reduce((top, entry) => (entry[3] > top[3] ? entry : top));
  return { files: files.length, rulesMs, parseMs, share: parseMs > 0 ? rulesMs / parseMs : undefined, worst: { name: worst[0], lines: worst[1], ms: worst[3] } };
}
