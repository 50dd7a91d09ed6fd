/**
 * The real-world smoke run (`npm run smoke`): pinned MCP servers and SDKs from npm, linted with
 * both shipped configs. Off in `npm test` (it downloads and takes minutes); `SMOKE=1` turns it on,
 * `SMOKE_UPDATE=1` also rewrites `verdicts.json` (carried over fingerprint changes, new findings as
 * `unreviewed`, stale ones dropped) and the generated tables of `docs/real-world.md` and the README.
 * `SMOKE_FROM_CACHE=1` takes the findings of the last run from `tests/smoke/.cache/report.json`
 * instead of linting again: for re-rendering the tables after editing verdicts by hand.
 *
 * Beside the findings, the independent candidate scan (`candidate-scan.ts`, which shares nothing
 * with `src/analysis/`) lists where a defect could stand; every candidate that no finding covers
 * needs a verdict in `candidate-verdicts.json`, and the defects among them are what recall is
 * measured against (`recall.ts`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { rules } from '../../rules/index.js';
import { prepareCorpus, readManifest } from './corpus.js';
import { lintPackage, type Finding, type PackageReport, type PluginLike } from './lint-corpus.js';
import {
  readRunArtifacts,
  renderReport,
  renderSummary,
  writeReportIntoDoc,
  writeRunArtifacts,
  writeSummaryIntoReadme,
} from './report.js';
import { compareCandidates, nextCandidateVerdicts, readCandidateVerdicts, writeCandidateVerdicts } from './recall.js';
import { scanPackage, type PackageCandidate } from './scan-corpus.js';
import { compareWithVerdicts, readVerdicts, updateVerdicts } from './verdicts.js';

const enabled = process.env.SMOKE === '1';
const update = process.env.SMOKE_UPDATE === '1';
const fromCache = process.env.SMOKE_FROM_CACHE === '1';

const describeFinding = (finding: Finding): string =>
  `${finding.package}@${finding.version} ${finding.file}:${finding.line}:${finding.column} ${finding.rule} [${finding.fingerprint}] ${finding.message}`;

describe.skipIf(!enabled)('real-world corpus', () => {
  const reports: PackageReport[] = [];
  const candidates: PackageCandidate[] = [];

  beforeAll(async () => {
    const started = performance.now();
    if (fromCache) {
      reports.push(...readRunArtifacts(readManifest()));
    } else {
      for (const pkg of await prepareCorpus()) {
        reports.push(await lintPackage(pkg, plugin as unknown as PluginLike));
      }
    }
    for (const pkg of await prepareCorpus()) candidates.push(...(await scanPackage(pkg, (plugin as unknown as PluginLike).configs.recommended)));
    const findings = reports.flatMap((report) => report.findings);
    if (update) {
      // Before the assertions, so a verdict carried over a fingerprint change counts in this run.
      const before = readVerdicts();
      updateVerdicts(findings, before);
      const after = readVerdicts();
      const carried = after.filter((entry) => entry.carriedFrom && !before.some((old) => old.fingerprint === entry.fingerprint)).length;
      const hinted = after.filter((entry) => entry.previous).length;
      console.log(`verdicts: ${carried} carried over a changed fingerprint, ${hinted} unreviewed with a previous verdict as a hint`);
    }
    if (update) writeCandidateVerdicts(nextCandidateVerdicts(compareCandidates(candidates, findings, readCandidateVerdicts())));
    const comparison = compareWithVerdicts(findings, readVerdicts());
    const candidateComparison = compareCandidates(candidates, findings, readCandidateVerdicts());
    const markdown = renderReport(reports, Object.keys(rules), comparison, readVerdicts(), candidateComparison);
    writeRunArtifacts(reports, markdown);
    if (update) {
      writeReportIntoDoc(markdown);
      writeSummaryIntoReadme(renderSummary(reports, Object.keys(rules), comparison, candidateComparison));
    }
    const took = fromCache
      ? 're-rendered from the last run in tests/smoke/.cache/report.json'
      : `corpus fetched and linted in ${((performance.now() - started) / 1000).toFixed(0)} s`;
    console.log(`${markdown}\n\n(written to tests/smoke/.cache/report.md; ${took})`);
  }, 60 * 60_000);

  it('covers at least forty published packages', () => {
    expect(readManifest().length).toBeGreaterThanOrEqual(40);
    expect(reports.every((report) => report.files > 0)).toBe(true);
  });

  it('never crashes', () => {
    expect(reports.flatMap((report) => report.crashes)).toEqual([]);
  });

  it('reports no parse-related problem from the plugin (ESLint parse errors are counted in the report)', () => {
    expect(reports.flatMap((report) => report.pluginParseMessages)).toEqual([]);
  });

  it('has a reviewed verdict for every finding', () => {
    const { unjudged } = compareWithVerdicts(
      reports.flatMap((report) => report.findings),
      readVerdicts(),
    );
    expect(unjudged.map(describeFinding), 'review these and record verdicts in tests/smoke/verdicts.json').toEqual([]);
  });

  it('has a reviewed verdict for every candidate of the independent scan that no finding covers', () => {
    const { unjudged } = compareCandidates(candidates, reports.flatMap((report) => report.findings), readCandidateVerdicts());
    expect(
      unjudged.map((candidate) => `${candidate.package}@${candidate.version} ${candidate.file}:${candidate.line} ${candidate.kind} [${candidate.key}] ${candidate.snippet}`),
      'judge these in tests/smoke/candidate-verdicts.json (defect or not-a-defect, with the reason)',
    ).toEqual([]);
  });

  it('has no candidate verdict for a candidate the scan no longer finds', () => {
    const { stale } = compareCandidates(candidates, reports.flatMap((report) => report.findings), readCandidateVerdicts());
    expect(stale.map((verdict) => `${verdict.package} ${verdict.file}:${verdict.line ?? '?'} ${verdict.kind} [${verdict.key}]`)).toEqual([]);
  });

  it('has no verdict for a finding that no longer appears', () => {
    const { stale } = compareWithVerdicts(
      reports.flatMap((report) => report.findings),
      readVerdicts(),
    );
    expect(
      stale.map((verdict) => `${verdict.package} ${verdict.file}:${verdict.line ?? '?'} ${verdict.rule} [${verdict.fingerprint}]`),
      'behaviour changed on real code: confirm and remove these from tests/smoke/verdicts.json (SMOKE_UPDATE=1 does it)',
    ).toEqual([]);
  });
});
