import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import rule from '../../../rules/no-open-glossary-enum.js';
import { getModuleAdoptionCounts, getModuleParseCounts } from '../../../src/analysis/modules/module-graph.js';

// An editor keeps one ESLint process for hours while the glossary changes under it: the cached
// parse of an imported module must be dropped as soon as the file on disk changes.
describe('no-open-glossary-enum re-reads a glossary module that changed on disk', () => {
  const directory = mkdtempSync(join(tmpdir(), 'schema-contract-glossary-'));
  const glossaryFile = join(directory, 'glossary.ts');
  const consumerFile = join(directory, 'tool.ts');
  const consumer = `import { z } from 'zod';\nimport { UNITS } from './glossary.js';\nexport const input = z.object({ unit: z.enum(UNITS.values) });\n`;
  const table = (policy: string) =>
    `export const UNITS = {\n  enumPolicy: '${policy}',\n  corroboratedBy: ['SI brochure', 'production values'],\n  values: ['g', 'kg'],\n};\n`;

  const linter = new Linter({ cwd: directory });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { 'schema-contract': { rules: { 'no-open-glossary-enum': rule as never } } },
      rules: { 'schema-contract/no-open-glossary-enum': 'error' },
    },
  ];
  const lint = () => linter.verify(consumer, config, consumerFile);
  // The module graph keys modules by real path (a temp directory may sit behind a symlink).
  const parses = () => getModuleParseCounts().get(realpathSync(glossaryFile)) ?? 0;

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('reports, stops reporting, and reports again as the table is closed and reopened', () => {
    writeFileSync(glossaryFile, table('described'));
    const first = lint();
    expect(first.map((message) => message.messageId)).toEqual(['openGlossaryEnum']);
    expect(first[0]!.message).toContain("policy 'described', declared at glossary.ts:1");
    expect(parses()).toBe(1);

    // Unchanged file: the cached parse is reused.
    expect(lint()).toHaveLength(1);
    expect(parses()).toBe(1);

    writeFileSync(glossaryFile, table('closed'));
    expect(lint()).toEqual([]);
    expect(parses()).toBe(2);

    // Same length as 'closed': the size alone would not reveal the edit.
    writeFileSync(glossaryFile, table('review'));
    const reopened = lint();
    expect(reopened.map((message) => message.messageId)).toEqual(['openGlossaryEnum']);
    expect(reopened[0]!.message).toContain("policy 'review'");
    expect(parses()).toBe(3);
  });

  it("reads the table from ESLint's own parse when the glossary module was linted first, and only while it matches the disk", () => {
    const linted = join(directory, 'linted-glossary.ts');
    const reader = join(directory, 'reader.ts');
    const readerText = consumer.replace('./glossary.js', './linted-glossary.js');
    writeFileSync(linted, table('described'));
    const adoptions = () => getModuleAdoptionCounts().get(realpathSync(linted)) ?? 0;
    const lintedParses = () => getModuleParseCounts().get(realpathSync(linted)) ?? 0;

    expect(linter.verify(table('described'), config, realpathSync(linted))).toEqual([]);
    expect(linter.verify(readerText, config, reader).map((message) => message.messageId)).toEqual(['openGlossaryEnum']);
    expect([adoptions(), lintedParses()]).toEqual([1, 0]);

    // The editor lints an unsaved 'closed' buffer of the glossary module: importers still read the disk.
    writeFileSync(linted, table('review'));
    expect(linter.verify(table('closed'), config, realpathSync(linted))).toEqual([]);
    const reopened = linter.verify(readerText, config, reader);
    expect(reopened[0]?.message).toContain("policy 'review'");
    expect([adoptions(), lintedParses()]).toEqual([1, 1]);
  });

  it("reads a barrel the tools import through from ESLint's parse too", () => {
    writeFileSync(join(directory, 'barrel-glossary.ts'), table('described'));
    const barrel = join(directory, 'barrel.ts');
    const barrelText = "export * from './barrel-glossary.js';\n";
    writeFileSync(barrel, barrelText);
    const reader = join(directory, 'barrel-reader.ts');
    expect(linter.verify(barrelText, config, realpathSync(barrel))).toEqual([]);
    const messages = linter.verify(consumer.replace('./glossary.js', './barrel.js'), config, reader);
    expect(messages.map((message) => message.messageId)).toEqual(['openGlossaryEnum']);
    expect(getModuleAdoptionCounts().get(realpathSync(barrel))).toBe(1);
    expect(getModuleParseCounts().get(realpathSync(barrel))).toBeUndefined();
  });

  it('treats a glossary module that disappeared as unknown, without crashing', () => {
    rmSync(glossaryFile);
    expect(lint()).toEqual([]);
  });
});
