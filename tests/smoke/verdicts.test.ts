/**
 * The smoke run's verdict bookkeeping, tested without the corpus (this file runs in `npm test`):
 * how `--update` carries a hand-written verdict over a change of fingerprint, and when it refuses.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Finding } from './lint-corpus.js';
import { compareWithVerdicts, matchVerdicts, nextVerdicts, readVerdicts, type Verdict } from './verdicts.js';

const RULE = 'schema-contract/no-permissive-schema-fallback';

function finding(overrides: Partial<Finding> = {}): Finding {
  return {
    package: 'some-mcp',
    version: '1.2.3',
    file: 'dist/server.js',
    rule: RULE,
    messageId: 'permissiveFallback',
    message: 'new wording of the message',
    line: 40,
    column: 12,
    fingerprint: 'new0000000000000000#0',
    snippet: '{ type: "object" }',
    configs: ['recommended', 'strict'],
    ...overrides,
  };
}

function verdict(overrides: Partial<Verdict> = {}): Verdict {
  return {
    package: 'some-mcp',
    version: '1.2.3',
    file: 'dist/server.js',
    rule: RULE,
    fingerprint: 'old0000000000000000#0',
    verdict: 'true-positive',
    reason: 'tp/catch-fallback: the catch returns { type: "object" } for the tool',
    class: 'tp/catch-fallback',
    line: 40,
    message: 'old wording of the message',
    snippet: '{ type: "object" }',
    ...overrides,
  };
}

describe('nextVerdicts', () => {
  it('keeps a verdict whose fingerprint still matches and refreshes what is for the reader', () => {
    const [entry, ...rest] = nextVerdicts([finding({ fingerprint: 'same#0', line: 41 })], [verdict({ fingerprint: 'same#0' })]);
    expect(rest).toEqual([]);
    expect(entry).toEqual({
      ...verdict({ fingerprint: 'same#0' }),
      line: 41,
      message: 'new wording of the message',
    });
  });

  it('carries a verdict over a changed fingerprint when package, version, file, rule, line and snippet match, and records it', () => {
    const next = nextVerdicts([finding()], [verdict()]);
    expect(next).toEqual([
      {
        ...verdict(),
        fingerprint: 'new0000000000000000#0',
        message: 'new wording of the message',
        carriedFrom: 'old0000000000000000#0',
      },
    ]);
    // The carried entry now matches the run exactly, so the smoke test passes without a review.
    expect(compareWithVerdicts([finding()], next)).toMatchObject({ unjudged: [], stale: [] });
  });

  it('keeps the record of a carry on later runs', () => {
    const carried = nextVerdicts([finding()], [verdict()]);
    expect(nextVerdicts([finding()], carried)[0]?.carriedFrom).toBe('old0000000000000000#0');
  });

  it.each([
    ['line', { line: 41 }],
    ['version', { version: '1.2.4' }],
    ['file', { file: 'dist/other.js' }],
    ['rule', { rule: 'schema-contract/no-schema-helper-throw' }],
  ] as const)('carries nothing when the %s differs', (_what, change) => {
    const [entry] = nextVerdicts([finding(change)], [verdict()]).filter((next) => next.fingerprint.startsWith('new'));
    expect(entry).toMatchObject({ verdict: 'unreviewed', reason: '', fingerprint: 'new0000000000000000#0' });
    expect(entry).not.toHaveProperty('carriedFrom');
    expect(entry).not.toHaveProperty('previous');
  });

  it('pairs look-alikes on one line when both sides are equally many and their verdicts agree', () => {
    const findings = [finding({ fingerprint: 'new#0', column: 5 }), finding({ fingerprint: 'new#1', column: 30 })];
    const verdicts = [verdict({ fingerprint: 'old#0' }), verdict({ fingerprint: 'old#1', reason: 'tp/catch-fallback: second' })];
    expect(nextVerdicts(findings, verdicts).map(({ fingerprint, carriedFrom, reason }) => ({ fingerprint, carriedFrom, reason }))).toEqual([
      { fingerprint: 'new#0', carriedFrom: 'old#0', reason: verdict().reason },
      { fingerprint: 'new#1', carriedFrom: 'old#1', reason: 'tp/catch-fallback: second' },
    ]);
  });

  it('carries nothing to look-alikes whose old verdicts disagree', () => {
    const findings = [finding({ fingerprint: 'new#0' }), finding({ fingerprint: 'new#1' })];
    const verdicts = [
      verdict({ fingerprint: 'old#0' }),
      verdict({ fingerprint: 'old#1', verdict: 'false-positive', class: 'fp/data-not-schema', reason: 'fp/data-not-schema: a form default' }),
    ];
    const next = nextVerdicts(findings, verdicts).filter((entry) => entry.fingerprint.startsWith('new'));
    expect(next.map((entry) => entry.verdict)).toEqual(['unreviewed', 'unreviewed']);
  });

  it('carries nothing when a line holds more look-alikes than verdicts', () => {
    const findings = [finding({ fingerprint: 'new#0' }), finding({ fingerprint: 'new#1' })];
    const next = nextVerdicts(findings, [verdict()]).filter((entry) => entry.fingerprint.startsWith('new'));
    expect(next.map((entry) => entry.verdict)).toEqual(['unreviewed', 'unreviewed']);
    expect(next.some((entry) => 'carriedFrom' in entry || 'previous' in entry)).toBe(false);
  });

  it('keeps a true positive the run no longer reports, so the run fails until a person removes it', () => {
    const lost = verdict({ file: 'dist/gone.js' });
    const next = nextVerdicts([], [lost, verdict({ file: 'dist/fp.js', verdict: 'false-positive', class: 'fp/x', reason: 'fp/x: not a schema' })]);
    expect(next).toEqual([lost]);
    expect(compareWithVerdicts([], next).stale).toEqual([lost]);
  });

  it('leaves a finding whose reported code changed unreviewed, with the old verdict as a hint', () => {
    const [entry] = nextVerdicts([finding({ snippet: 'schema ?? { type: "object" }' })], [verdict()]);
    expect(entry).toMatchObject({ verdict: 'unreviewed', reason: '' });
    expect(entry).not.toHaveProperty('carriedFrom');
    expect(entry?.previous).toEqual({
      verdict: 'true-positive',
      reason: verdict().reason,
      class: 'tp/catch-fallback',
      snippet: '{ type: "object" }',
      fingerprint: 'old0000000000000000#0',
    });
    // A hint is never counted as a review.
    expect(compareWithVerdicts([finding({ snippet: 'schema ?? { type: "object" }' })], [entry!]).unjudged).toHaveLength(1);
  });

  it('keeps the hint until someone reviews the entry, then drops it', () => {
    const changed = finding({ snippet: 'schema ?? { type: "object" }' });
    const [hinted] = nextVerdicts([changed], [verdict()]);
    expect(nextVerdicts([changed], [hinted!])[0]?.previous).toEqual(hinted?.previous);
    const reviewed: Verdict = { ...hinted!, verdict: 'false-positive', reason: 'fp/data-not-schema: hashed', class: 'fp/data-not-schema' };
    expect(nextVerdicts([changed], [reviewed])[0]).not.toHaveProperty('previous');
  });

  it('does not offer a hint when the same line has several candidates', () => {
    const findings = [finding({ snippet: 'a ?? {}', fingerprint: 'n#0' }), finding({ snippet: 'b ?? {}', fingerprint: 'n#1' })];
    const next = nextVerdicts(findings, [verdict()]);
    expect(next.some((entry) => 'previous' in entry)).toBe(false);
  });

  it('never uses one old verdict twice', () => {
    const matches = matchVerdicts(
      [finding({ fingerprint: 'kept#0' }), finding({ fingerprint: 'moved#0' })],
      [verdict({ fingerprint: 'kept#0' })],
    );
    expect([...matches.values()].map((match) => match.kind)).toEqual(['fingerprint']);
  });
});

describe('readVerdicts', () => {
  const write = (verdicts: unknown[]): string => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-verdicts-')), 'verdicts.json');
    fs.writeFileSync(file, JSON.stringify({ verdicts }));
    return file;
  };

  it('reads class, carriedFrom and previous', () => {
    const entry = { ...verdict(), carriedFrom: 'x#0' };
    expect(readVerdicts(write([entry]))).toEqual([entry]);
  });

  it('rejects a class that is not a string, naming the file and entry', () => {
    const file = write([{ ...verdict(), class: 3 }]);
    expect(() => readVerdicts(file)).toThrow(`${file}: verdicts[0].class must be a string when present`);
  });

  it('rejects a reviewed verdict without a reason', () => {
    const file = write([{ ...verdict(), reason: ' ' }]);
    expect(() => readVerdicts(file)).toThrow(`${file}: verdicts[0] (dist/server.js ${RULE}) needs a reason`);
  });
});
