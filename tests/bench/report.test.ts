import { describe, expect, it } from 'vitest';
import { evaluateBudget } from '../../bench/budget.mjs';
import { renderReport } from '../../bench/report.mjs';
import type { PerFileReading } from '../../bench/stats.mjs';

const perFile: PerFileReading[] = [
  ['src/first.ts', 10, 1, 80, 80, 0],
  ['src/model.ts', 200, 1, 1, 1, 2],
  ['src/tool.ts', 40, 0, 20, 12, 3],
];
const paired = (rulesMs: number, findings: Record<string, number> = {}) => ({ config: 'b', files: 3, floorMs: 1000, rulesMs, findings, rechecked: 1, settled: true, perFile });

function run() {
  const corpora = [{ id: 'bench', root: '/c', sources: 'src', label: 'bench corpus 1×', configs: ['b', 'e'] }];
  const budget = evaluateBudget({
    corpora: {
      bench: {
        label: 'bench corpus 1×',
        paired: { b: 0.04, e: 0.2 },
        warmSmallMax: { b: { ms: 12, name: 'src/tool.ts', lines: 40 } },
        coldMax: { b: { ms: 700, name: 'src/tool.ts', sampled: 2 } },
        noSchemaLoads: { b: { files: 2, loaded: 2, loaders: [{ name: 'src/model.ts', loaded: 2 }] } },
      },
    },
    growth: { b: 2 },
    scaling: [],
  });
  return {
    command: 'npm run bench -- --no-real',
    loadAtStart: [1, 1, 1],
    seconds: 12,
    threads: false,
    options: { cold: ['b'], coldFiles: 1, growthRounds: 6, recheck: 8, runs: 1, scaledRuns: 2 },
    base: { summary: { scale: 1, files: 3, lines: 250, domains: 1, planted: { 'no-permissive-schema-fallback': { recommended: 1, strict: 1 } } } },
    others: [],
    reals: [],
    corpora,
    budget,
    paired: new Map([['bench', new Map([['b', paired(40, { 'schema-contract/no-permissive-schema-fallback': 1 })], ['e', paired(200)]])]]),
    latency: new Map([['bench', new Map([['b', { cold: { name: 'src/first.ts', lines: 10, ms: 80 }, warm: undefined, warmSmall: undefined }]])]]),
    cold: new Map([['bench', new Map([['b', [{ file: 'src/tool.ts', lines: 40, ruleMs: 700, modulesLoaded: 3 }]]])]]),
    growth: new Map([['b', { small: { lines: 100, ruleMs: 10, findings: 2 }, large: { lines: 200, ruleMs: 20, findings: 4 }, ratio: 2 }]]),
    fresh: new Map(),
    scaling: [],
    ruleTimes: new Map(),
    moduleGraph: { modulesParsed: 0, glossaryModulesAdopted: 0 },
    problems: [],
  };
}

describe('benchmark report', () => {
  it('opens with the budget, one line per check with its verdict', () => {
    const report = renderReport(run());
    const sections = [...report.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    expect(sections[0]).toBe('Budget (issues 24 and 31)');
    expect(report).toContain('| `recommended`, paired: rules\' time over the parse of the same files | bench corpus 1× | 4.0 % | ≤ 5.0 % | met |');
    expect(report).toContain('| `recommended`, cold: maximum rule time of a file linted first in a fresh process | bench corpus 1× | 700 ms (`src/tool.ts`, worst of 2 sampled) | < 500 ms | **missed** |');
    expect(report).toMatch(/\| `strict`, paired: rules' time over the parse of the same files \| bench corpus 1× \| – \| ≤ 6\.0 % \| \*not measured\* \|/);
    expect(report).toContain('| `recommended`: modules loaded while linting the files that name no schema | bench corpus 1× | 2 (2 files; 1 loaded any, most `src/model.ts` (2)) | 0 | **missed** |');
    expect(report).toMatch(/\n(\d+) of 39 lines met\.\n/);
    expect(report).toContain('- Real corpus: not measured in this run (`--no-real`)');
  });

  it('gives the paired table with each configuration over typescript-eslint\'s cost, and the findings against the planted ones', () => {
    const report = renderReport(run());
    expect(report).toContain('| b recommended | 1.00 | 0.04 | 4.0 % | 20 % | 1 |');
    expect(report).toContain('| schema-contract/no-permissive-schema-fallback | 1 | 1 | 1 | – |');
    expect(report).toContain('| b recommended | 100 | 10.0 | 2 | 200 | 20.0 | 4 | 2.00× |');
    expect(report).toContain('| bench corpus 1× | b recommended | 2 | 2 | `src/model.ts` 2 |');
  });
});
