/**
 * Runs the independent candidate scan (`candidate-scan.ts`) over the files the smoke run lints:
 * the same selection, the same content skips and the same config ignores, so a candidate and a
 * finding always speak of the same file set.
 */
import fs from 'node:fs';
import { ESLint, type Linter } from 'eslint';
import type { UnpackedPackage } from './corpus.js';
import { scanFile, type Candidate } from './candidate-scan.js';
import { selectFiles, skipReasonFor } from './select-files.js';

export interface PackageCandidate extends Candidate {
  package: string;
  version: string;
}

export async function scanPackage(pkg: UnpackedPackage, config: Linter.Config): Promise<PackageCandidate[]> {
  const engine = new ESLint({ cwd: pkg.root, overrideConfigFile: true, baseConfig: [config] });
  const candidates: PackageCandidate[] = [];
  for (const { absolute, file } of selectFiles(pkg.root).lint) {
    const source = fs.readFileSync(absolute, 'utf8');
    if (skipReasonFor(file, source) || (await engine.isPathIgnored(absolute))) continue;
    for (const candidate of scanFile(file, source)) candidates.push({ package: pkg.name, version: pkg.version, ...candidate });
  }
  return candidates;
}
