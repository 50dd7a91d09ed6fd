import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../../bench/configs.mjs';
import { LONG_FILE_GLOSSARY, longToolModule } from '../../bench/long-file.mjs';

const root = mkdtempSync(join(tmpdir(), 'schema-contract-long-file-'));
mkdirSync(join(root, 'src'));
writeFileSync(join(root, 'src', 'glossary.ts'), LONG_FILE_GLOSSARY);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function findingsOf(config: 'b' | 'c', units: number): Promise<Map<string, number>> {
  const file = join(root, 'src', `long-${units}.ts`);
  const { text } = longToolModule(units);
  writeFileSync(file, text);
  const messages = new Linter({ cwd: root }).verify(text, await buildConfig(config), file);
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  const byRule = new Map<string, number>();
  for (const message of messages) byRule.set(message.ruleId ?? '(none)', (byRule.get(message.ruleId ?? '(none)') ?? 0) + 1);
  return byRule;
}

describe('the growth check\'s long file', () => {
  it('is TypeScript that parses, and twice the units is about twice the lines', () => {
    const small = longToolModule(3);
    const large = longToolModule(6);
    expect(() => parse(small.text, { sourceType: 'module', filePath: 'long.ts' })).not.toThrow();
    expect(() => parse(LONG_FILE_GLOSSARY, { sourceType: 'module', filePath: 'glossary.ts' })).not.toThrow();
    expect(large.lines / small.lines).toBeGreaterThan(1.9);
    expect(large.lines / small.lines).toBeLessThan(2);
    expect(() => longToolModule(0)).toThrow(/positive integer/);
  });

  it.each(['b', 'c'] as const)('gives configuration %s findings in every unit, so twice the file is twice the work', async (config) => {
    const one = await findingsOf(config, 2);
    const two = await findingsOf(config, 4);
    // The plugin's rules find something in each unit: the fallback at least, the enums in strict.
    expect(one.get('schema-contract/no-permissive-schema-fallback')).toBeGreaterThanOrEqual(2);
    if (config === 'c') expect(one.get('schema-contract/no-open-glossary-enum')).toBeGreaterThanOrEqual(2);
    expect(Object.fromEntries([...two].map(([rule, count]) => [rule, count / 2]))).toEqual(Object.fromEntries(one));
  });
});
