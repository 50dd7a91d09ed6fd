/**
 * Recall of the smoke run: the candidates of the independent scan (`candidate-scan.ts`), their
 * hand-written verdicts (`candidate-verdicts.json`), and the comparison with the findings.
 *
 * A candidate on the lines of a finding of its rule is *covered*: it is that finding's code, and
 * the finding's verdict speaks for it. Every other candidate needs a verdict of its own: `defect`
 * (the rule should report it, in the configs listed) or `not-a-defect`, each with its reason. The
 * defects no config reports are the *wanted* list; recall per rule and config is the judged true
 * positives it reports over those plus the wanted defects it misses plus the true positives it
 * used to report and no longer does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMOKE_DIR } from './corpus.js';
import { CANDIDATE_KINDS, type CandidateKind } from './candidate-scan.js';
import { CONFIG_NAMES, type ConfigName, type Finding } from './lint-corpus.js';
import type { PackageCandidate } from './scan-corpus.js';
import type { Verdict, VerdictComparison } from './verdicts.js';

export const CANDIDATE_VERDICTS_PATH = path.join(SMOKE_DIR, 'candidate-verdicts.json');

export const CANDIDATE_VERDICT_VALUES = ['defect', 'not-a-defect', 'unreviewed'] as const;
export type CandidateVerdictValue = (typeof CANDIDATE_VERDICT_VALUES)[number];

export interface CandidateVerdict {
  package: string;
  version: string;
  file: string;
  kind: CandidateKind;
  rule: string;
  key: string;
  verdict: CandidateVerdictValue;
  reason: string;
  /** For a defect: the configs that should report it (both when absent). */
  configs?: ConfigName[];
  class?: string;
  /** For the reader only: where the candidate was and its code. */
  line?: number;
  snippet?: string;
}

export function candidateKey(entry: Pick<CandidateVerdict, 'package' | 'version' | 'file' | 'kind' | 'key'>): string {
  return [entry.package, entry.version, entry.file, entry.kind, entry.key].join('\0');
}

export function readCandidateVerdicts(file = CANDIDATE_VERDICTS_PATH): CandidateVerdict[] {
  if (!fs.existsSync(file)) return [];
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { candidates?: unknown };
  if (!Array.isArray(parsed.candidates)) throw new Error(`${file}: "candidates" must be an array`);
  const seen = new Set<string>();
  return parsed.candidates.map((raw: unknown, index) => {
    const entry = raw as CandidateVerdict;
    const where = `${file}: candidates[${index}]`;
    for (const key of ['package', 'version', 'file', 'kind', 'rule', 'key', 'reason'] as const) {
      if (typeof entry[key] !== 'string') throw new Error(`${where}.${key} must be a string`);
    }
    if (!(entry.kind in CANDIDATE_KINDS)) throw new Error(`${where}.kind must be one of ${Object.keys(CANDIDATE_KINDS).join(', ')}`);
    if (!CANDIDATE_VERDICT_VALUES.includes(entry.verdict)) {
      throw new Error(`${where}.verdict must be one of ${CANDIDATE_VERDICT_VALUES.join(', ')}`);
    }
    if (entry.verdict !== 'unreviewed' && entry.reason.trim() === '') throw new Error(`${where} (${entry.file}) needs a reason`);
    if (entry.configs !== undefined && !(Array.isArray(entry.configs) && entry.configs.every((config) => CONFIG_NAMES.includes(config)))) {
      throw new Error(`${where}.configs must list some of ${CONFIG_NAMES.join(', ')}`);
    }
    const key = candidateKey(entry);
    if (seen.has(key)) throw new Error(`${where} duplicates an earlier entry`);
    seen.add(key);
    return entry;
  });
}

/** The findings of a candidate's rule on its lines, in the same file of the same package build. */
function coveringFindings(candidate: PackageCandidate, findingsByFile: Map<string, Finding[]>): Finding[] {
  const findings = findingsByFile.get([candidate.package, candidate.version, candidate.file, candidate.rule].join('\0')) ?? [];
  return findings.filter((finding) => finding.line >= candidate.line && finding.line <= candidate.endLine);
}

export interface CandidateComparison {
  /** Candidates on a finding's lines, with those findings. */
  covered: { candidate: PackageCandidate; findings: Finding[] }[];
  /** Uncovered candidates with a reviewed verdict. */
  judged: { candidate: PackageCandidate; verdict: CandidateVerdict }[];
  /** Uncovered candidates without one (or still `unreviewed`). */
  unjudged: PackageCandidate[];
  /** Verdicts whose candidate the scan no longer finds. */
  stale: CandidateVerdict[];
}

export function compareCandidates(
  candidates: readonly PackageCandidate[],
  findings: readonly Finding[],
  verdicts: readonly CandidateVerdict[],
): CandidateComparison {
  const findingsByFile = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = [finding.package, finding.version, finding.file, finding.rule].join('\0');
    const group = findingsByFile.get(key);
    if (group) group.push(finding);
    else findingsByFile.set(key, [finding]);
  }
  const byKey = new Map(verdicts.map((verdict) => [candidateKey(verdict), verdict]));
  const used = new Set<string>();
  const comparison: CandidateComparison = { covered: [], judged: [], unjudged: [], stale: [] };
  for (const candidate of candidates) {
    const key = candidateKey(candidate);
    const verdict = byKey.get(key);
    if (verdict) used.add(key);
    // A verdict of its own wins: it can say that a covered candidate's defect is one the config
    // that covers it is not the one that should.
    if (verdict && verdict.verdict !== 'unreviewed') {
      comparison.judged.push({ candidate, verdict });
      continue;
    }
    const covering = coveringFindings(candidate, findingsByFile);
    if (covering.length > 0) comparison.covered.push({ candidate, findings: covering });
    else comparison.unjudged.push(candidate);
  }
  comparison.stale = verdicts.filter((verdict) => !used.has(candidateKey(verdict)));
  return comparison;
}

export interface Recall {
  /** Judged true positives the config reports. */
  found: number;
  /** Defects of the candidate scan the config does not report. */
  missed: number;
  /** True positives with a verdict that the run no longer reports. */
  lost: number;
}

export function recallOf(
  rule: string,
  config: ConfigName,
  findings: VerdictComparison,
  candidates: CandidateComparison,
): Recall {
  const truePositives = findings.matched.filter(
    ({ finding, verdict }) => finding.rule === rule && finding.configs.includes(config) && verdict.verdict === 'true-positive',
  );
  const reported = new Set(truePositives.map(({ finding }) => finding));
  const missed = candidates.judged.filter(({ candidate, verdict }) => {
    if (candidate.rule !== rule || verdict.verdict !== 'defect' || !(verdict.configs ?? CONFIG_NAMES).includes(config)) return false;
    return !truePositives.some(
      ({ finding }) =>
        reported.has(finding) &&
        finding.package === candidate.package &&
        finding.version === candidate.version &&
        finding.file === candidate.file &&
        finding.line >= candidate.line &&
        finding.line <= candidate.endLine,
    );
  }).length;
  const lost = findings.stale.filter((verdict: Verdict) => verdict.rule === rule && verdict.verdict === 'true-positive').length;
  return { found: truePositives.length, missed, lost };
}

export function recallPercent({ found, missed, lost }: Recall): string {
  const relevant = found + missed + lost;
  return relevant === 0 ? 'n/a (nothing to find)' : `${((100 * found) / relevant).toFixed(0)} %`;
}

/**
 * The candidate verdicts for a new run: every verdict whose candidate is still found, and each
 * new uncovered candidate as `unreviewed` (which fails the smoke run until someone judges it).
 */
export function nextCandidateVerdicts(comparison: CandidateComparison): CandidateVerdict[] {
  const entries: CandidateVerdict[] = [
    ...comparison.judged.map(({ verdict, candidate }) => ({ ...verdict, line: candidate.line, snippet: candidate.snippet })),
    ...comparison.unjudged.map((candidate) => ({
      package: candidate.package,
      version: candidate.version,
      file: candidate.file,
      kind: candidate.kind,
      rule: candidate.rule,
      key: candidate.key,
      verdict: 'unreviewed' as const,
      reason: '',
      line: candidate.line,
      snippet: candidate.snippet,
    })),
  ];
  return entries.sort(
    (a, b) =>
      a.package.localeCompare(b.package) ||
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.kind.localeCompare(b.kind) ||
      a.key.localeCompare(b.key),
  );
}

export function writeCandidateVerdicts(entries: readonly CandidateVerdict[], file = CANDIDATE_VERDICTS_PATH): void {
  fs.writeFileSync(file, `${JSON.stringify({ candidates: entries }, null, 2)}\n`);
}
