import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import * as tsParser from '@typescript-eslint/parser';
import { afterAll, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { getModuleParseCounts } from '../src/analysis/modules/module-graph.js';
import { setPrechecksForSoundnessTest } from '../src/util/create-rule.js';

/**
 * How many times the plugin parsed `counted` while one rule linted `code` as `file`, in a fresh
 * project of the directories `copies` names (where each goes, from where): a module is parsed at
 * most once per process, so a copy is what makes each count start at zero. The lint must report nothing: these tests
 * are about what the analysis reads, not what it finds.
 */
export async function parsesWhileLinting(options: { readonly copies: Readonly<Record<string, string>>; readonly code: string; readonly file: string; readonly rule: string; readonly counted: string }): Promise<number> {
  const root = mkdtempSync(join(tmpdir(), 'schema-contract-parses-'));
  for (const [target, source] of Object.entries(options.copies)) cpSync(source, join(root, target), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'parses-probe', type: 'module' }));
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tsParser }, plugins: { 'schema-contract': plugin }, rules: { [`schema-contract/${options.rule}`]: 'error' } }],
  });
  const [result] = await eslint.lintText(options.code, { filePath: join(root, options.file) });
  expect(result!.messages).toEqual([]);
  return getModuleParseCounts().get(join(root, options.counted)) ?? 0;
}

/**
 * The two cases that show a pre-check is what spares a module: `parses()` counts no parse with the
 * pre-checks on (`spared`) and one with them off (`parsed`), in the same project. Call it inside
 * a `describe`; the pre-checks are on again after it.
 */
export function itIsSparedByThePrechecks(parses: () => Promise<number>, titles: { readonly spared: string; readonly parsed: string }): void {
  afterAll(() => setPrechecksForSoundnessTest(true));
  it(titles.spared, async () => {
    setPrechecksForSoundnessTest(true);
    expect(await parses()).toBe(0);
  });
  it(titles.parsed, async () => {
    setPrechecksForSoundnessTest(false);
    expect(await parses()).toBe(1);
  });
}
