/**
 * Recall bookkeeping of the smoke run, without the corpus (this file runs in `npm test`): which
 * candidates a finding covers, which need a verdict, and what counts as missed and lost.
 */
import { describe, expect, it } from 'vitest';
import type { Finding } from './lint-corpus.js';
import { compareCandidates, nextCandidateVerdicts, recallOf, recallPercent, type CandidateVerdict } from './recall.js';
import type { PackageCandidate } from './scan-corpus.js';
import { compareWithVerdicts, type Verdict } from './verdicts.js';

const RULE = 'schema-contract/no-permissive-schema-fallback';

const candidate = (overrides: Partial<PackageCandidate> = {}): PackageCandidate => ({
  package: 'p',
  version: '1.0.0',
  file: 'src/a.ts',
  kind: 'catch-permissive',
  rule: RULE,
  line: 10,
  endLine: 10,
  snippet: '{ type: "object" }',
  key: 'k0#0',
  ...overrides,
});
const finding = (overrides: Partial<Finding> = {}): Finding => ({
  package: 'p',
  version: '1.0.0',
  file: 'src/a.ts',
  rule: RULE,
  messageId: 'm',
  message: 'm',
  line: 10,
  column: 5,
  fingerprint: 'f#0',
  snippet: '{ type: "object" }',
  configs: ['recommended', 'strict'],
  ...overrides,
});
const verdict = (overrides: Partial<Verdict> = {}): Verdict => ({
  package: 'p',
  version: '1.0.0',
  file: 'src/a.ts',
  rule: RULE,
  fingerprint: 'f#0',
  verdict: 'true-positive',
  reason: 'tp/catch-fallback: r',
  ...overrides,
});
const candidateVerdict = (overrides: Partial<CandidateVerdict> = {}): CandidateVerdict => ({
  package: 'p',
  version: '1.0.0',
  file: 'src/a.ts',
  kind: 'catch-permissive',
  rule: RULE,
  key: 'k1#0',
  verdict: 'defect',
  reason: 'a catch returns { type: "object" } for a tool schema',
  ...overrides,
});

describe('compareCandidates', () => {
  it('covers a candidate by a finding of its rule on its lines, and asks a verdict for the rest', () => {
    const covered = candidate();
    const elsewhere = candidate({ key: 'k1#0', line: 20, endLine: 20 });
    const otherRule = candidate({ key: 'k2#0', rule: 'schema-contract/no-schema-helper-throw', kind: 'helper-throw' });
    const comparison = compareCandidates([covered, elsewhere, otherRule], [finding()], []);
    expect(comparison.covered.map(({ candidate: c }) => c.key)).toEqual(['k0#0']);
    expect(comparison.unjudged.map((c) => c.key)).toEqual(['k1#0', 'k2#0']);
  });

  it('reports a verdict whose candidate is gone as stale', () => {
    expect(compareCandidates([], [], [candidateVerdict()]).stale).toHaveLength(1);
  });
});

describe('recallOf', () => {
  it('counts reported true positives, missed defects (per config) and lost true positives', () => {
    const missed = candidate({ key: 'k1#0', line: 20, endLine: 20 });
    const strictOnly = candidate({ key: 'k3#0', line: 30, endLine: 30 });
    const candidates = compareCandidates(
      [candidate(), missed, strictOnly],
      [finding()],
      [candidateVerdict(), candidateVerdict({ key: 'k3#0', configs: ['strict'] })],
    );
    const findings = compareWithVerdicts([finding()], [verdict(), verdict({ file: 'src/gone.ts', fingerprint: 'g#0' })]);
    const recommended = recallOf(RULE, 'recommended', findings, candidates);
    expect(recommended).toEqual({ found: 1, missed: 1, lost: 1 });
    expect(recallPercent(recommended)).toBe('33 %');
    expect(recallOf(RULE, 'strict', findings, candidates)).toEqual({ found: 1, missed: 2, lost: 1 });
  });

  it('does not count a false-positive finding as found', () => {
    const findings = compareWithVerdicts([finding()], [verdict({ verdict: 'false-positive', reason: 'fp/x: y' })]);
    expect(recallOf(RULE, 'recommended', findings, compareCandidates([], [finding()], []))).toEqual({ found: 0, missed: 0, lost: 0 });
  });
});

describe('nextCandidateVerdicts', () => {
  it('keeps judged verdicts, adds uncovered candidates as unreviewed and leaves covered ones out', () => {
    const comparison = compareCandidates(
      [candidate(), candidate({ key: 'k1#0', line: 20, endLine: 20 }), candidate({ key: 'k2#0', line: 30, endLine: 30 })],
      [finding()],
      [candidateVerdict({ key: 'k1#0' })],
    );
    expect(nextCandidateVerdicts(comparison).map((entry) => [entry.key, entry.verdict, entry.line])).toEqual([
      ['k1#0', 'defect', 20],
      ['k2#0', 'unreviewed', 30],
    ]);
  });
});
