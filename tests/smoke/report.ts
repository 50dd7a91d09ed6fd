/** Renders a smoke run as the Markdown tables of `docs/real-world.md`. */
import fs from 'node:fs';
import path from 'node:path';
import { SMOKE_DIR } from './corpus.js';
import { CONFIG_NAMES, type ConfigName, type PackageReport } from './lint-corpus.js';
import type { Verdict, VerdictComparison } from './verdicts.js';

export const DOC_PATH = path.join(SMOKE_DIR, '..', '..', 'docs', 'real-world.md');
const BEGIN = '<!-- begin generated smoke report (SMOKE_UPDATE=1 npm run smoke) -->';
const END = '<!-- end generated smoke report -->';

const shortRule = (rule: string): string => rule.replace(/^schema-contract\//, '');

function table(header: string[], rows: (string | number)[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

export function renderReport(
  reports: PackageReport[],
  ruleNames: string[],
  comparison: VerdictComparison,
  verdicts: readonly Verdict[] = [],
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
      const judged = comparison.matched.filter(
        ({ finding }) => finding.rule === rule && finding.configs.includes(config),
      );
      const truePositives = judged.filter(({ verdict }) => verdict.verdict === 'true-positive').length;
      const falsePositives = judged.length - truePositives;
      return [
        `\`${shortRule(rule)}\``,
        config,
        judged.length,
        truePositives,
        falsePositives,
        judged.length === 0 ? 'n/a (no findings)' : `${((100 * truePositives) / judged.length).toFixed(0)} %`,
      ];
    }),
  );

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
    table(['rule', 'config', 'findings', 'true positives', 'false positives', 'precision'], precisionRows),
    '',
    `${carried} verdicts were carried over a change of fingerprint (same package, version, file, rule, line and snippet; \`carriedFrom\` names the old fingerprint).`,
    '',
    '### False positives by class',
    '',
    'Each false positive\'s `class` in the verdicts file; the classes are described under "False-positive and miss classes" above.',
    '',
    classRows.length === 0 ? '(none)' : table(['class', 'rule', 'recommended', 'strict'], classRows),
    '',
    '### Time per rule',
    '',
    table(['rule', ...CONFIG_NAMES.map((config) => `s (${config})`)], ruleTimeRows),
  ].join('\n');
}

/** Replaces the generated section of `docs/real-world.md`, leaving the hand-written text alone. */
export function writeReportIntoDoc(markdown: string, doc = DOC_PATH): void {
  const current = fs.readFileSync(doc, 'utf8');
  const begin = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (begin === -1 || end === -1 || end < begin) {
    throw new Error(`${doc}: missing the generated-report markers ${BEGIN} … ${END}`);
  }
  fs.writeFileSync(doc, `${current.slice(0, begin + BEGIN.length)}\n\n${markdown}\n\n${current.slice(end)}`);
}

export function writeRunArtifacts(reports: PackageReport[], markdown: string): void {
  const out = path.join(SMOKE_DIR, '.cache');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(reports, null, 2)}\n`);
  fs.writeFileSync(path.join(out, 'report.md'), `${markdown}\n`);
}
