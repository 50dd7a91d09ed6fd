/** Renders a smoke run as the Markdown tables of `docs/real-world.md`. */
import fs from 'node:fs';
import path from 'node:path';
import { SMOKE_DIR } from './corpus.js';
import { CONFIG_NAMES, type ConfigName, type PackageReport } from './lint-corpus.js';
import type { PinnedPackage } from './corpus.js';
import { CANDIDATE_KINDS } from './candidate-scan.js';
import { recallOf, recallPercent, type CandidateComparison } from './recall.js';
import type { Verdict, VerdictComparison } from './verdicts.js';

export const DOC_PATH = path.join(SMOKE_DIR, '..', '..', 'docs', 'real-world.md');
export const README_PATH = path.join(SMOKE_DIR, '..', '..', 'README.md');
const BEGIN = '<!-- begin generated smoke report (SMOKE_UPDATE=1 npm run smoke) -->';
const END = '<!-- end generated smoke report -->';
const SUMMARY_BEGIN = '<!-- begin generated smoke summary (npm run smoke -- --update) -->';
const SUMMARY_END = '<!-- end generated smoke summary -->';

const shortRule = (rule: string): string => rule.replace(/^schema-contract\//, '');

function table(header: string[], rows: (string | number)[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

interface Precision {
  findings: number;
  truePositives: number;
}

function precisionOf(comparison: VerdictComparison, rule: string, config: ConfigName): Precision {
  const judged = comparison.matched.filter(({ finding }) => finding.rule === rule && finding.configs.includes(config));
  return {
    findings: judged.length,
    truePositives: judged.filter(({ verdict }) => verdict.verdict === 'true-positive').length,
  };
}

function percent({ findings, truePositives }: Precision): string {
  return findings === 0 ? 'n/a (no findings)' : `${((100 * truePositives) / findings).toFixed(0)} %`;
}

export function renderReport(
  reports: PackageReport[],
  ruleNames: string[],
  comparison: VerdictComparison,
  verdicts: readonly Verdict[] = [],
  candidates?: CandidateComparison,
): string {
  const rules = ruleNames.map((name) => `schema-contract/${name}`);
  const countFor = (report: PackageReport, rule: string, config: ConfigName): number =>
    report.findings.filter((finding) => finding.rule === rule && finding.configs.includes(config)).length;

  const packageRows = reports.map((report) => [
    `\`${report.name}@${report.version}\``,
    report.files,
    report.lines.toLocaleString('en-US'),
    Object.entries(report.skipped)
      .filter(([, count]) => count > 0)
      .map(([reason, count]) => `${count} ${reason}`)
      .join(', ') || '—',
    seconds(report.timeMs.recommended),
    seconds(report.timeMs.strict),
    report.parseErrors.filter((problem) => problem.config === 'recommended').length,
    report.crashes.length,
    ...rules.map((rule) => `${countFor(report, rule, 'recommended')} / ${countFor(report, rule, 'strict')}`),
  ]);
  const totals = reports.reduce(
    (sum, report) => ({
      files: sum.files + report.files,
      lines: sum.lines + report.lines,
      recommended: sum.recommended + report.timeMs.recommended,
      strict: sum.strict + report.timeMs.strict,
    }),
    { files: 0, lines: 0, recommended: 0, strict: 0 },
  );
  packageRows.push([
    '**total**',
    totals.files,
    totals.lines.toLocaleString('en-US'),
    '',
    seconds(totals.recommended),
    seconds(totals.strict),
    reports.reduce((sum, report) => sum + report.parseErrors.filter((p) => p.config === 'recommended').length, 0),
    reports.reduce((sum, report) => sum + report.crashes.length, 0),
    ...rules.map(
      (rule) =>
        `${reports.reduce((sum, report) => sum + countFor(report, rule, 'recommended'), 0)} / ${reports.reduce((sum, report) => sum + countFor(report, rule, 'strict'), 0)}`,
    ),
  ]);

  const precisionRows = rules.flatMap((rule) =>
    CONFIG_NAMES.map((config) => {
      const precision = precisionOf(comparison, rule, config);
      const recall = candidates ? recallOf(rule, config, comparison, candidates) : undefined;
      return [
        `\`${shortRule(rule)}\``,
        config,
        precision.findings,
        precision.truePositives,
        precision.findings - precision.truePositives,
        percent(precision),
        ...(recall && candidates
          ? [
              recall.missed,
              recall.lost,
              candidates.unjudged.some((candidate) => candidate.rule === rule) ? 'pending (candidates unjudged)' : recallPercent(recall),
            ]
          : []),
      ];
    }),
  );
  const candidateSection = candidates ? renderCandidates(candidates) : [];

  // Classes of false positives, most frequent first: what the rules' next round should fix.
  const classCounts = new Map<string, { rule: string; recommended: number; strict: number }>();
  for (const { finding, verdict } of comparison.matched) {
    if (verdict.verdict !== 'false-positive') continue;
    const key = `${verdict.class ?? '(no class)'}\0${finding.rule}`;
    const counts = classCounts.get(key) ?? { rule: finding.rule, recommended: 0, strict: 0 };
    for (const config of finding.configs) counts[config]++;
    classCounts.set(key, counts);
  }
  const classRows = [...classCounts.entries()]
    .sort(([a, x], [b, y]) => y.strict - x.strict || y.recommended - x.recommended || a.localeCompare(b))
    .map(([key, counts]) => [`\`${key.split('\0')[0]}\``, `\`${shortRule(counts.rule)}\``, counts.recommended, counts.strict]);
  const carried = verdicts.filter((verdict) => verdict.carriedFrom !== undefined).length;

  const ruleTimeRows = rules.map((rule) => [
    `\`${shortRule(rule)}\``,
    ...CONFIG_NAMES.map((config) => seconds(reports.reduce((sum, report) => sum + (report.ruleTimeMs[config][rule] ?? 0), 0))),
  ]);

  return [
    '### Per package',
    '',
    `Findings per rule are shown as recommended / strict. Times are wall-clock seconds for the whole package, per config, on the project's 2-core machine (shared with other jobs, so they vary between runs).`,
    '',
    table(
      ['package', 'files', 'lines', 'skipped', 's (rec.)', 's (strict)', 'parse errors', 'crashes', ...rules.map((rule) => `\`${shortRule(rule)}\``)],
      packageRows,
    ),
    '',
    '### Precision per rule',
    '',
    'Every finding reviewed by hand; the verdicts, each with its reason, are in [`tests/smoke/verdicts.json`](../tests/smoke/verdicts.json).',
    '',
    table(
      ['rule', 'config', 'findings', 'true positives', 'false positives', 'precision', ...(candidates ? ['missed', 'lost', 'recall'] : [])],
      precisionRows,
    ),
    '',
    ...(candidates
      ? [
          'Recall is the true positives a config reports over those plus the defects of the independent candidate scan it does not report (*missed*) plus the true positives it used to report and no longer does (*lost*, which also fails the run).',
          '',
        ]
      : []),
    ...candidateSection,
    '',
    `${carried} verdicts were carried over a change of fingerprint (same package, version, file, rule, line and snippet; \`carriedFrom\` names the old fingerprint).`,
    '',
    '### False positives by class',
    '',
    'Each false positive\'s `class` in the verdicts file; the classes are described under "Classes" above.',
    '',
    classRows.length === 0 ? '(none)' : table(['class', 'rule', 'recommended', 'strict'], classRows),
    '',
    '### Time per rule',
    '',
    table(['rule', ...CONFIG_NAMES.map((config) => `s (${config})`)], ruleTimeRows),
  ].join('\n');
}

/** The candidate scan: how many of each kind, how many a finding covers, and the verdicts of the rest. */
function renderCandidates(candidates: CandidateComparison): string[] {
  const rows = Object.keys(CANDIDATE_KINDS).map((kind) => {
    const covered = candidates.covered.filter(({ candidate }) => candidate.kind === kind).length;
    const judged = candidates.judged.filter(({ candidate }) => candidate.kind === kind);
    const defects = judged.filter(({ verdict }) => verdict.verdict === 'defect').length;
    const unjudged = candidates.unjudged.filter((candidate) => candidate.kind === kind).length;
    return [`\`${kind}\``, covered + judged.length + unjudged, covered, defects, judged.length - defects, unjudged];
  });
  return [
    '### Candidates of the independent scan',
    '',
    'The scan (`tests/smoke/candidate-scan.ts`) shares nothing with `src/analysis/`: a plain AST walk for the places a defect of some rule could stand. A candidate on the lines of a finding of its rule is *covered* (the finding\'s verdict speaks for it); every other one is judged in [`tests/smoke/candidate-verdicts.json`](../tests/smoke/candidate-verdicts.json).',
    '',
    table(['kind', 'candidates', 'covered by a finding', 'judged defect', 'judged not a defect', 'unjudged'], rows),
    '',
  ];
}

/** The README's short form: the corpus in one sentence and precision per rule and config, with counts. */
export function renderSummary(
  reports: PackageReport[],
  ruleNames: string[],
  comparison: VerdictComparison,
  candidates?: CandidateComparison,
): string {
  const files = reports.reduce((sum, report) => sum + report.files, 0);
  const lines = reports.reduce((sum, report) => sum + report.lines, 0);
  const crashes = reports.reduce((sum, report) => sum + report.crashes.length, 0);
  const cell = (precision: Precision): string =>
    precision.findings === 0
      ? 'no findings'
      : `${precision.truePositives} of ${precision.findings} true (${percent(precision)})`;
  const recallCell = (rule: string, config: ConfigName): string => {
    if (!candidates) return '';
    const unjudged = candidates.unjudged.filter((candidate) => candidate.rule === rule).length;
    if (unjudged > 0) return `; recall pending (${unjudged} candidates unjudged)`;
    const recall = recallOf(rule, config, comparison, candidates);
    const relevant = recall.found + recall.missed + recall.lost;
    return relevant === 0 ? '; nothing to find' : `; recall ${recallPercent(recall)} (${recall.found} of ${relevant})`;
  };
  return [
    `\`npm run smoke\` lints ${reports.length} published packages (${files.toLocaleString('en-US')} files, ${lines.toLocaleString('en-US')} lines; ${crashes} crashes) with both configs. Every finding is judged by hand (precision), and so is every candidate of an independent scan that no finding covers (recall):`,
    '',
    table(
      ['rule', 'recommended', 'strict'],
      ruleNames.map((name) => {
        const rule = `schema-contract/${name}`;
        return [
          `\`${name}\``,
          cell(precisionOf(comparison, rule, 'recommended')) + recallCell(rule, 'recommended'),
          cell(precisionOf(comparison, rule, 'strict')) + recallCell(rule, 'strict'),
        ];
      }),
    ),
  ].join('\n');
}

/** Replaces a generated section of a Markdown file, leaving the hand-written text alone. */
function writeBetweenMarkers(doc: string, begin: string, end: string, markdown: string): void {
  const current = fs.readFileSync(doc, 'utf8');
  const at = current.indexOf(begin);
  const until = current.indexOf(end);
  if (at === -1 || until === -1 || until < at) {
    throw new Error(`${doc}: missing the generated-report markers ${begin} … ${end}`);
  }
  fs.writeFileSync(doc, `${current.slice(0, at + begin.length)}\n\n${markdown}\n\n${current.slice(until)}`);
}

/** Replaces the generated section of `docs/real-world.md`. */
export function writeReportIntoDoc(markdown: string, doc = DOC_PATH): void {
  writeBetweenMarkers(doc, BEGIN, END, markdown);
}

/** Replaces the generated precision summary of the README. */
export function writeSummaryIntoReadme(markdown: string, readme = README_PATH): void {
  writeBetweenMarkers(readme, SUMMARY_BEGIN, SUMMARY_END, markdown);
}

const REPORT_JSON = path.join(SMOKE_DIR, '.cache', 'report.json');

/**
 * The package reports of the last run, for re-rendering after verdicts were edited. Refuses a
 * report of another corpus (a package added, removed or moved to another version since).
 */
export function readRunArtifacts(manifest: readonly PinnedPackage[], file = REPORT_JSON): PackageReport[] {
  if (!fs.existsSync(file)) throw new Error(`${file}: no earlier run to re-render; run \`npm run smoke\` first`);
  const reports = JSON.parse(fs.readFileSync(file, 'utf8')) as PackageReport[];
  const ran = reports.map((report) => `${report.name}@${report.version}`).join(', ');
  const pinned = manifest.map((pkg) => `${pkg.name}@${pkg.version}`).join(', ');
  if (ran !== pinned) {
    throw new Error(`${file}: the last run linted other packages than tests/smoke/manifest.json pins; run \`npm run smoke\` again`);
  }
  return reports;
}

export function writeRunArtifacts(reports: PackageReport[], markdown: string): void {
  fs.mkdirSync(path.dirname(REPORT_JSON), { recursive: true });
  fs.writeFileSync(REPORT_JSON, `${JSON.stringify(reports, null, 2)}\n`);
  fs.writeFileSync(path.join(path.dirname(REPORT_JSON), 'report.md'), `${markdown}\n`);
}
