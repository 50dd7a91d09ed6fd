import { readFileSync } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageInfo } from '../util/package-info.js';
import type { BaselineEntry } from '../baseline/baseline-file.js';
import type { Collection, RawFinding } from './collect.js';
import type { Comparison } from './compare.js';

const SRCROOT = 'SRCROOT';
/**
 * GitHub code scanning matches results across runs by this key. The version is the identity
 * scheme's (see IDENTITY_SCHEME): values of another scheme must never be compared with these.
 */
const FINGERPRINT_KEY = 'schemaContractFinding/v2';

interface ArtifactLocation {
  uri: string;
  uriBaseId: string;
}

interface PhysicalLocation {
  physicalLocation: { artifactLocation: ArtifactLocation; region: Record<string, number> };
}

interface Suppression {
  kind: 'external';
  status: 'accepted';
  justification: string;
  location: PhysicalLocation;
}

interface SarifResult {
  ruleId: string;
  level: 'error';
  message: { text: string };
  locations: PhysicalLocation[];
  baselineState: 'new' | 'unchanged' | 'absent';
  partialFingerprints: Record<string, string>;
  suppressions?: Suppression[];
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function location(path: string, region: Record<string, number>): PhysicalLocation {
  return { physicalLocation: { artifactLocation: { uri: encodePath(path), uriBaseId: SRCROOT }, region } };
}

function region(finding: RawFinding): Record<string, number> {
  const result: Record<string, number> = { startLine: finding.line, startColumn: finding.column };
  if (finding.endLine !== undefined) result.endLine = finding.endLine;
  if (finding.endColumn !== undefined) result.endColumn = finding.endColumn;
  return result;
}

/**
 * Where each entry is written in the baseline file (one entry per line as `baseline write` writes
 * it, but found by its fingerprint so a hand-formatted file works too): the place a suppression
 * points at, and where a fixed entry has to be removed.
 */
function entryLines(baselineFile: string): Map<string, number> {
  const lines = new Map<string, number>();
  let text: string;
  try {
    text = readFileSync(baselineFile, 'utf8');
  } catch {
    return lines;
  }
  text.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(/"fingerprint"\s*:\s*"([0-9a-f]+)"/g)) if (match[1]) lines.set(match[1], index + 1);
  });
  return lines;
}

interface BaselineRef {
  /** The baseline's path relative to SRCROOT (its own directory). */
  readonly path: string;
  readonly lines: ReadonlyMap<string, number>;
}

function entryLocation(baseline: BaselineRef, fingerprint: string): PhysicalLocation {
  return location(baseline.path, { startLine: baseline.lines.get(fingerprint) ?? 1 });
}

function suppression(baseline: BaselineRef, fingerprint: string, justification: string): Suppression {
  return { kind: 'external', status: 'accepted', justification, location: entryLocation(baseline, fingerprint) };
}

function findingResult(finding: RawFinding, baseline: BaselineRef | undefined): SarifResult {
  return {
    ruleId: finding.ruleId,
    level: 'error',
    message: { text: finding.message },
    locations: [location(finding.path, region(finding))],
    baselineState: baseline ? 'unchanged' : 'new',
    partialFingerprints: { [FINGERPRINT_KEY]: `${finding.fingerprint}:${finding.occurrence}` },
    ...(baseline
      ? {
          suppressions: [
            suppression(
              baseline,
              finding.fingerprint,
              `Known finding, recorded in the findings baseline ${baseline.path} by \`schema-contract baseline write\`: it does not fail the lint until it is fixed.`,
            ),
          ],
        }
      : {}),
  };
}

function fixedResults(entry: BaselineEntry, remaining: number, namespace: string, baseline: BaselineRef): SarifResult[] {
  const results: SarifResult[] = [];
  const where = entry.context ? ` in ${entry.context}` : '';
  // The fixed ones are the last occurrences: the first `remaining` are still there.
  for (let occurrence = remaining; occurrence < entry.count; occurrence += 1) {
    results.push({
      ruleId: `${namespace}/${entry.rule}`,
      level: 'error',
      message: {
        text: `Fixed: the baselined finding \`${entry.snippet ?? entry.fingerprint}\` of ${entry.path}${where} no longer occurs; remove its entry with \`schema-contract baseline prune\`.`,
      },
      // No line of the source says where a fixed finding was; its entry in the baseline is what must change.
      locations: [entryLocation(baseline, entry.fingerprint)],
      baselineState: 'absent',
      partialFingerprints: { [FINGERPRINT_KEY]: `${entry.fingerprint}:${occurrence}` },
      suppressions: [
        suppression(baseline, entry.fingerprint, `Fixed finding still listed in the findings baseline ${baseline.path}: nothing to fix in the code.`),
      ],
    });
  }
  return results;
}

/**
 * SARIF 2.1.0 for `baseline check --format sarif`. New findings are plain results
 * (`baselineState: new`). Baselined ones (`unchanged`) and fixed entries still in the baseline
 * (`absent`) carry an accepted external suppression whose location is their entry in the
 * baseline file, so a SARIF consumer that honours suppressions shows only the new ones. Paths are
 * relative to the baseline's directory, declared as the `SRCROOT` base.
 */
export function toSarif(comparison: Comparison, collection: Collection, namespace: string): object {
  const baselineFile = collection.baselineFile;
  const root = dirname(baselineFile);
  const baseline: BaselineRef = { path: basename(baselineFile), lines: entryLines(baselineFile) };
  const results: SarifResult[] = [
    ...comparison.new.map((finding) => findingResult(finding, undefined)),
    ...comparison.baselined.map((finding) => findingResult(finding, baseline)),
    ...comparison.fixed.flatMap((fixed) => fixedResults(fixed.entry, fixed.remaining, namespace, baseline)),
  ];
  const ruleIds = [...new Set(results.map((result) => result.ruleId))].sort();
  const driverRules = ruleIds.map((id) => {
    const docs = collection.ruleDocs.get(id);
    return {
      id,
      ...(docs?.description ? { shortDescription: { text: docs.description } } : {}),
      ...(docs?.url ? { helpUri: docs.url } : {}),
    };
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: packageInfo.name,
            version: packageInfo.version,
            informationUri: 'https://github.com/schema-contract/eslint-plugin-schema-contract',
            rules: driverRules,
          },
        },
        // A file that did not parse had no rule run on it: say so rather than look clean.
        invocations: [
          {
            executionSuccessful: collection.fatal.length === 0,
            toolExecutionNotifications: collection.fatal.map((error) => ({
              level: 'error',
              message: { text: `Could not be linted, so its findings were not checked: ${error.message}` },
              locations: [location(relative(root, error.filePath).split(sep).join('/'), { startLine: 1 })],
            })),
          },
        ],
        originalUriBaseIds: { [SRCROOT]: { uri: `${pathToFileURL(root).href}/` } },
        columnKind: 'utf16CodeUnits',
        results: results.map((result) => ({ ...result, ruleIndex: ruleIds.indexOf(result.ruleId) })),
      },
    ],
  };
}
