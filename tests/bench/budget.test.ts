import { describe, expect, it } from 'vitest';
import { BUDGET, evaluateBudget, type CorpusMeasurements, type Measurements } from '../../bench/budget.mjs';

const freeShare = (share: number) => ({ files: 600, rulesMs: 60 * share * 100, parseMs: 6000, share, worst: { name: 'src/free.ts', lines: 200, ms: 0.4 } });

const corpus = (label: string, overrides: Partial<CorpusMeasurements> = {}): CorpusMeasurements => ({
  label,
  paired: { b: 0.04, c: 0.05, e: 0.2 },
  warmSmallMax: { b: { ms: 40, name: 'src/a.ts', lines: 300 }, c: { ms: 45, name: 'src/a.ts', lines: 300 } },
  coldMax: { b: { ms: 300, name: 'src/b.ts', sampled: 7 }, c: { ms: 320, name: 'src/b.ts', sampled: 7 } },
  noSchemaLoads: { b: { files: 900, loaded: 0, loaders: [] }, c: { files: 900, loaded: 0, loaders: [] } },
  noSchemaShare: { b: freeShare(0.005), c: freeShare(0.006) },
  ...overrides,
});

const passing = (
  changes: { bench?: CorpusMeasurements; real?: CorpusMeasurements; barrels?: CorpusMeasurements; growth?: Measurements['growth']; scaling?: Measurements['scaling'] } = {},
): Measurements => ({
  corpora: {
    bench: changes.bench ?? corpus('bench corpus 1×'),
    real: changes.real ?? corpus('openai@7.59.0'),
    barrels: changes.barrels ?? corpus('@google/gemini-cli-core@0.61.0'),
  },
  growth: changes.growth ?? { b: 2.0, c: 2.1 },
  scaling: changes.scaling ?? [{ scale: 4, baseScale: 1, ratio: 3.4 }],
});

const verdictOf = (measurements: Measurements, check: RegExp, corpusLabel?: string) => {
  const rows = evaluateBudget(measurements).rows.filter((row) => check.test(row.check) && (corpusLabel === undefined || row.corpus === corpusLabel));
  expect(rows.length, `rows matching ${check}`).toBeGreaterThan(0);
  return rows.map((row) => row.verdict);
};

describe('benchmark budget', () => {
  it('has every line of issues 24 and 31 for the three corpora, and all met by a run within the limits', () => {
    const { rows, kept } = evaluateBudget(passing());
    // Per corpus: two paired shares, two peer shares, two warm maxima, two cold maxima, two shares
    // on the files that name no schema, two module checks; then growth for two configurations and
    // the 4× scaling.
    expect(rows).toHaveLength(3 * 12 + 2 + 1);
    expect(rows.filter((row) => row.corpus === 'openai@7.59.0')).toHaveLength(12);
    expect(rows.filter((row) => row.corpus === '@google/gemini-cli-core@0.61.0')).toHaveLength(12);
    expect(rows.every((row) => row.verdict === 'met')).toBe(true);
    expect(kept).toEqual([]);
  });

  it('holds recommended to 5 % and strict to 6 % of the parse', () => {
    expect(BUDGET.paired).toEqual({ b: 0.05, c: 0.06 });
    const measurements = passing({ real: corpus('openai@7.59.0', { paired: { b: 0.051, c: 0.06, e: 0.5 } }) });
    expect(verdictOf(measurements, /^`recommended`, paired: rules' time/, 'openai@7.59.0')).toEqual(['missed']);
    expect(verdictOf(measurements, /^`strict`, paired: rules' time/, 'openai@7.59.0')).toEqual(['met']);
    expect(verdictOf(measurements, /^`recommended`, paired: rules' time/, 'bench corpus 1×')).toEqual(['met']);
  });

  it('holds each configuration to a third of typescript-eslint recommended on the real corpora', () => {
    const label = '@google/gemini-cli-core@0.61.0';
    const measurements = passing({ barrels: corpus(label, { paired: { b: 0.04, c: 0.041, e: 0.12 } }) });
    expect(verdictOf(measurements, /^`recommended`, paired, over typescript-eslint/, label)).toEqual(['met']);
    expect(verdictOf(measurements, /^`strict`, paired, over typescript-eslint/, label)).toEqual(['missed']);
    const row = evaluateBudget(measurements).rows.find((entry) => entry.check.startsWith('`strict`, paired, over') && entry.corpus === label);
    expect(row?.measured).toBe('34 % (4.1 % against 12.0 %)');
    expect(row?.limit).toBe('≤ 33 %');
  });

  it('holds each configuration to half of typescript-eslint recommended on the schema-dense bench corpus', () => {
    const measurements = passing({ bench: corpus('bench corpus 1×', { paired: { b: 0.04, c: 0.061, e: 0.12 } }) });
    expect(verdictOf(measurements, /^`recommended`, paired, over typescript-eslint/, 'bench corpus 1×')).toEqual(['met']);
    expect(verdictOf(measurements, /^`strict`, paired, over typescript-eslint/, 'bench corpus 1×')).toEqual(['missed']);
    expect(evaluateBudget(measurements).rows.find((entry) => entry.check.startsWith('`strict`, paired, over') && entry.corpus === 'bench corpus 1×')?.limit).toBe('≤ 50 %');
  });

  it('holds the rules to 1 % of the parse on the files that name no schema, naming the costliest', () => {
    const measurements = passing({ real: corpus('openai@7.59.0', { noSchemaShare: { b: freeShare(0.0101), c: freeShare(0.01) } }) });
    expect(verdictOf(measurements, /no schema, paired, over their parse/, 'openai@7.59.0')).toEqual(['missed', 'met']);
    const row = evaluateBudget(measurements).rows.find((entry) => entry.check.includes('no schema, paired, over their parse') && entry.corpus === 'openai@7.59.0');
    expect(row?.measured).toBe('1.01 % (600 files, 61 ms over 6000 ms; most `src/free.ts` (0.4 ms))');
    expect(verdictOf(passing({ bench: corpus('bench corpus 1×', { noSchemaShare: undefined }) }), /no schema, paired, over their parse/, 'bench corpus 1×')).toEqual(['not measured', 'not measured']);
  });

  it('reads a latency at the limit as missed: the budget says "under"', () => {
    const measurements = passing({
      bench: corpus('bench corpus 1×', {
        warmSmallMax: { b: { ms: 100, name: 'src/slow.ts', lines: 999 }, c: { ms: 99.9, name: 'src/slow.ts', lines: 999 } },
        coldMax: { b: { ms: 500, name: 'src/cold.ts', sampled: 3 }, c: { ms: 499, name: 'src/cold.ts', sampled: 3 } },
      }),
    });
    expect(verdictOf(measurements, /^`recommended`, warm/, 'bench corpus 1×')).toEqual(['missed']);
    expect(verdictOf(measurements, /^`strict`, warm/, 'bench corpus 1×')).toEqual(['met']);
    expect(verdictOf(measurements, /^`recommended`, cold/, 'bench corpus 1×')).toEqual(['missed']);
    expect(verdictOf(measurements, /^`strict`, cold/, 'bench corpus 1×')).toEqual(['met']);
    const row = evaluateBudget(measurements).rows.find((entry) => entry.check.startsWith('`recommended`, warm') && entry.corpus === 'bench corpus 1×');
    expect(row?.measured).toBe('100 ms (`src/slow.ts`, 999 lines)');
  });

  it('misses the module check on a single module loaded, and names the file that loaded it', () => {
    const measurements = passing({
      real: corpus('openai@7.59.0', {
        noSchemaLoads: {
          b: { files: 247, loaded: 2, loaders: [{ name: 'src/internal/qs/stringify.ts', loaded: 2 }] },
          c: { files: 247, loaded: 0, loaders: [] },
        },
      }),
    });
    const rows = evaluateBudget(measurements).rows.filter((row) => row.check.includes('modules loaded') && row.corpus === 'openai@7.59.0');
    expect(rows.map((row) => [row.verdict, row.measured])).toEqual([
      ['missed', '2 (247 files; 1 loaded any, most `src/internal/qs/stringify.ts` (2))'],
      ['met', '0 (247 files)'],
    ]);
  });

  it('holds growth to 2.2× for a file twice as long and the 4× corpus to 4.4×, scaled for other sizes', () => {
    const measurements = passing({
      growth: { b: 2.2, c: 2.21 },
      scaling: [
        { scale: 4, baseScale: 1, ratio: 4.4 },
        { scale: 2, baseScale: 1, ratio: 2.3 },
      ],
    });
    expect(verdictOf(measurements, /twice as long/)).toEqual(['met', 'missed']);
    expect(verdictOf(measurements, /4× corpus time/)).toEqual(['met']);
    expect(verdictOf(measurements, /2× corpus time/)).toEqual(['missed']);
  });

  it('says "not measured", never "met", for a line the run did not measure', () => {
    const { rows } = evaluateBudget({ corpora: { bench: corpus('bench corpus 1×', { paired: { b: 0.01 } }) }, growth: {}, scaling: [] });
    expect(rows.filter((row) => row.corpus === 'real')).toHaveLength(12);
    expect(rows.filter((row) => row.corpus === 'real').every((row) => row.verdict === 'not measured')).toBe(true);
    // Without typescript-eslint's paired cost there is nothing to take a third of.
    expect(verdictOf({ corpora: { bench: corpus('bench corpus 1×', { paired: { b: 0.01 } }) }, growth: {}, scaling: [] }, /over typescript-eslint/, 'bench corpus 1×')).toEqual([
      'not measured',
      'not measured',
    ]);
    expect(verdictOf({ corpora: {}, growth: {}, scaling: [] }, /4× corpus time/)).toEqual(['not measured']);
    expect(verdictOf({ corpora: {}, growth: {}, scaling: [] }, /twice as long/)).toEqual(['not measured', 'not measured']);
    const uncounted = passing({ bench: corpus('bench corpus 1×', { noSchemaLoads: { b: { files: 10, loaded: undefined, loaders: [] }, c: undefined } }) });
    expect(verdictOf(uncounted, /modules loaded/, 'bench corpus 1×')).toEqual(['not measured', 'not measured']);
  });

  it('adds the lines kept from issue 8 only when the run measured them', () => {
    const measurements = { ...passing(), glossaryParses: 2, baseline: 0.01 };
    expect(evaluateBudget(measurements).kept.map((row) => row.verdict)).toEqual(['missed', 'met']);
  });
});
