import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageInfo } from '../util/package-info.js';
import type { Collection, RawFinding } from './collect.js';
import type { Comparison } from './compare.js';

const SRCROOT = 'SRCROOT';
/** GitHub code scanning matches results across runs by this key. */
const FINGERPRINT_KEY = 'schemaContractFinding/v2';

interface SarifResult {
  ruleId: string;
  level: 'error' | 'note';
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: Record<string, number> } }[];
  baselineState: 'new' | 'unchanged' | 'absent';
  partialFingerprints: Record<string, string>;
}

function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function region(finding: RawFinding): Record<string, number> {
  const result: Record<string, number> = { startLine: finding.line, startColumn: finding.column };
  if (finding.endLine !== undefined) result.endLine = finding.endLine;
  if (finding.endColumn !== undefined) result.endColumn = finding.endColumn;
  return result;
}

function findingResult(finding: RawFinding, baselineState: 'new' | 'unchanged'): SarifResult {
  return {
    ruleId: finding.ruleId,
    level: baselineState === 'new' ? 'error' : 'note',
    message: { text: finding.message },
    locations: [{ physicalLocation: { artifactLocation: { uri: encodePath(finding.path), uriBaseId: SRCROOT }, region: region(finding) } }],
    baselineState,
    partialFingerprints: { [FINGERPRINT_KEY]: `${finding.fingerprint}:${finding.occurrence}` },
  };
}

/**
 * SARIF 2.1.0 for `baseline check --format sarif`: new findings (`new`, level error), baselined
 * ones (`unchanged`, level note) and fixed entries still in the baseline (`absent`). Paths are
 * relative to the baseline's directory, declared as the `SRCROOT` base.
 */
export function toSarif(comparison: Comparison, collection: Collection, namespace: string): object {
  const baselineFile = collection.baselineFile;
  const results: SarifResult[] = [
    ...comparison.new.map((finding) => findingResult(finding, 'new')),
    ...comparison.baselined.map((finding) => findingResult(finding, 'unchanged')),
  ];
  for (const fixed of comparison.fixed) {
    const { entry } = fixed;
    // The fixed ones are the last occurrences: the first `remaining` are still there.
    for (let occurrence = fixed.remaining; occurrence < entry.count; occurrence += 1) {
      results.push({
        ruleId: `${namespace}/${entry.rule}`,
        level: 'note',
        message: {
          text: `Fixed: baselined finding \`${entry.snippet ?? entry.fingerprint}\`${entry.context ? ` in ${entry.context}` : ''} no longer occurs; prune the baseline.`,
        },
        locations: [
          { physicalLocation: { artifactLocation: { uri: encodePath(entry.path), uriBaseId: SRCROOT }, region: { startLine: 1 } } },
        ],
        baselineState: 'absent',
        partialFingerprints: { [FINGERPRINT_KEY]: `${entry.fingerprint}:${occurrence}` },
      });
    }
  }
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
        originalUriBaseIds: { [SRCROOT]: { uri: `${pathToFileURL(dirname(baselineFile)).href}/` } },
        results: results.map((result) => ({ ...result, ruleIndex: ruleIds.indexOf(result.ruleId) })),
      },
    ],
  };
}
