/// <reference types="vite/client" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { vocabularyPattern } from '../../src/analysis/syntax/file-text.js';
import { createRule, setPrechecksForSoundnessTest } from '../../src/util/create-rule.js';

// The pre-checks (a rule's vocabulary, and what the file's imports may bring in, see
// `createRule`) are sound only if they never hide a finding. Two proofs here:
//
// - Every RuleTester case of every rule already asserts its exact reports (messageId, data,
//   position, suggestions) with the pre-checks on, in its own test file. Here the same cases run
//   again with them off, so every rule runs on every case: passing both ways means the reports are
//   the same with the check on and off. A case the pre-check wrongly skipped fails the normal run
//   (its expected report is missing); one only the pre-check keeps quiet would fail here.
// - The smoke corpus (real packages, unpacked into a cache git ignores): every file that holds a
//   smoke finding is linted with both shipped configs, the pre-checks on and off, and the reports
//   compared. Skipped when no cache is there.
afterAll(() => setPrechecksForSoundnessTest(true));

// A rule whose vocabulary no case spells: it reports only when the switch turns its check off.
const unspeakable = createRule<[], 'created'>({
  name: 'unspeakable',
  meta: {
    type: 'problem',
    docs: { description: 'Report every file the rule runs on', recommended: false },
    messages: { created: 'created' },
    schema: [],
    defaultOptions: [],
  },
  vocabulary: () => vocabularyPattern(['qqqNeverWrittenqqq']),
  create(context) {
    return { Program: (node) => context.report({ node, messageId: 'created' }) };
  },
});

async function reportsOfUnspeakable(): Promise<number> {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser }, plugins: { t: { rules: { unspeakable: unspeakable as never } } }, rules: { 't/unspeakable': 'error' } }],
  });
  const [result] = await eslint.lintText('export const a = 1;\n', { filePath: 'a.ts' });
  return result!.messages.length;
}

describe('the pre-check switch', () => {
  it('skips a file without the vocabulary when on, and runs the rule when off', async () => {
    setPrechecksForSoundnessTest(true);
    expect(await reportsOfUnspeakable()).toBe(0);
    setPrechecksForSoundnessTest(false);
    expect(await reportsOfUnspeakable()).toBe(1);
  });
});

// The rule tests register their RuleTester cases (vitest tests) when imported: all of them,
// for every rule, nested or not, so a new test file is covered without being listed here. They
// are imported (hoisted above this line) before the switch is turned off, and run after it: the
// switch is off for all of them. Each test file has its own module instances, so turning it off
// here touches no other test file.
const ruleTests = import.meta.glob('../rules/**/*.test.ts', { eager: true });
setPrechecksForSoundnessTest(false);

describe('every rule test, with the pre-checks off', () => {
  it('collects the tests of every rule', () => {
    const files = Object.keys(ruleTests);
    const rules = fs.readdirSync(fileURLToPath(new URL('../../rules/', import.meta.url))).filter((file) => file.endsWith('.ts') && file !== 'index.ts');
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const rule of rules) expect(files).toContain(`../rules/${rule.replace(/\.ts$/, '.test.ts')}`);
  });
});

/**
 * The smoke cache: this checkout's own (`npm run smoke` fills it), or another checkout's named by
 * `SCHEMA_CONTRACT_SMOKE_CACHE` (a worktree shares the one cache the smoke run filled).
 */
function smokeCache(): string | undefined {
  const candidates = [fileURLToPath(new URL('../smoke/.cache', import.meta.url)), process.env.SCHEMA_CONTRACT_SMOKE_CACHE];
  return candidates.find((dir): dir is string => dir !== undefined && fs.existsSync(path.join(dir, 'report.json')));
}

interface SmokePackage {
  readonly name: string;
  readonly version: string;
  readonly findings: readonly { readonly file: string }[];
}

const cache = smokeCache();

describe.skipIf(cache === undefined)('every file with a smoke finding, with the pre-checks on and off', () => {
  const packages = cache === undefined ? [] : (JSON.parse(fs.readFileSync(path.join(cache, 'report.json'), 'utf8')) as SmokePackage[]);
  const withFindings = packages.filter((pkg) => pkg.findings.length > 0);

  it('has findings to compare', () => {
    expect(withFindings.length).toBeGreaterThan(0);
  });

  it.each(withFindings.map((pkg) => [`${pkg.name}@${pkg.version}`, pkg] as const))('%s', async (_name, pkg) => {
    const root = path.join(cache!, 'packages', `${pkg.name.replace('/', '__')}@${pkg.version}`);
    const files = [...new Set(pkg.findings.map((finding) => path.join(root, finding.file)))].filter((file) => fs.existsSync(file));
    expect(files.length).toBeGreaterThan(0);
    let compared = 0;
    for (const config of ['recommended', 'strict'] as const) {
      // One instance for both passes, as an editor keeps it: the second pass meets warm caches.
      const eslint = new ESLint({ cwd: root, overrideConfigFile: true, baseConfig: [plugin.configs[config]], allowInlineConfig: false });
      const reports = async (on: boolean): Promise<string[]> => {
        setPrechecksForSoundnessTest(on);
        const results = await eslint.lintFiles(files);
        return results.flatMap((result) =>
          result.messages.map((message) => `${path.relative(root, result.filePath)}:${message.line}:${message.column} ${message.ruleId} ${message.messageId} ${message.message}`),
        );
      };
      const on = await reports(true);
      const off = await reports(false);
      expect(on, config).toEqual(off);
      compared += off.length;
    }
    // Some findings are strict's only: the two configs together must find something to compare.
    expect(compared).toBeGreaterThan(0);
  }, 600_000);
});
