import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { ESLint, Linter } from 'eslint';
import { minimatch } from 'minimatch';

/** Past this many directory entries the walk stops: the progress shows no total rather than a slow start. */
const MAX_ENTRIES = 200_000;

/** A file name no project has, to ask ESLint whether a directory's contents are ignored. */
const PROBE = 'schema-contract-probe.js';

/** ESLint's default ignores: never walked. */
const NEVER_WALKED = new Set(['node_modules', '.git']);

function isGlob(pattern: string): boolean {
  return /[*?[\]{}!()]/.test(pattern);
}

/** The directory a glob pattern can only match below: its leading segments without glob syntax. */
function globBase(cwd: string, pattern: string): string {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (isGlob(segment)) break;
    fixed.push(segment);
  }
  return resolve(cwd, ...fixed);
}

/**
 * Counts the files ESLint will lint for `patterns` whose config enables one of the rules
 * `counts` accepts: the M of "linted N of M". ESLint's Node API lints without saying how many
 * files it found, so the files are enumerated here much as ESLint does it (directories walked,
 * globs matched from the working directory, `node_modules` and `.git` skipped, every file asked
 * `calculateConfigForFile`), and directories that ESLint ignores are skipped as ESLint skips
 * them. Only a progress figure depends on it: a count that comes out different from what ESLint
 * lints changes no result. Undefined when the project is too large to enumerate cheaply.
 */
export async function countLintTargets(
  eslint: ESLint,
  cwd: string,
  patterns: readonly string[],
  counts: (rules: Partial<Linter.RulesRecord>) => boolean,
): Promise<number | undefined> {
  const candidates = new Set<string>();
  let entries = 0;
  // A probe ignored at the root is ignored for what it is (say, `**/*.js`), not for where it is:
  // then no directory can be skipped on its evidence.
  const probeIgnoredEverywhere = await eslint.isPathIgnored(join(cwd, PROBE));

  const walk = async (directory: string, accept: (file: string) => boolean): Promise<boolean> => {
    let listing;
    try {
      listing = await readdir(directory, { withFileTypes: true });
    } catch {
      return true;
    }
    for (const entry of listing) {
      entries += 1;
      if (entries > MAX_ENTRIES) return false;
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (NEVER_WALKED.has(entry.name)) continue;
        if (!probeIgnoredEverywhere && (await eslint.isPathIgnored(join(path, PROBE)))) continue;
        if (!(await walk(path, accept))) return false;
      } else if (entry.isFile() && accept(path)) {
        candidates.add(path);
      }
    }
    return true;
  };

  for (const pattern of patterns) {
    const target = resolve(cwd, pattern);
    const stats = await stat(target).catch(() => undefined);
    if (stats?.isFile()) candidates.add(target);
    else if (stats?.isDirectory()) {
      if (!(await walk(target, () => true))) return undefined;
    } else if (isGlob(pattern)) {
      const matches = (file: string) => minimatch(relative(cwd, file).split(sep).join('/'), pattern, { dot: true });
      if (!(await walk(globBase(cwd, pattern), matches))) return undefined;
    }
  }

  let total = 0;
  for (const file of candidates) {
    const config = (await eslint.calculateConfigForFile(file)) as Linter.Config | undefined;
    if (config?.rules && counts(config.rules)) total += 1;
  }
  return total;
}

/** Whether a rule entry turns the rule on. */
export function isEnabled(entry: Linter.RuleEntry | undefined): boolean {
  const severity = Array.isArray(entry) ? entry[0] : entry;
  return severity !== undefined && severity !== 0 && severity !== 'off';
}
