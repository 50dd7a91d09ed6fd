import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CONFIG_BYTES, MAX_CONFIG_FILES, MAX_PROJECT_CONFIG_FILES } from '../../src/analysis/modules/tsconfig.js';
import { DESCRIBED_TABLE, lintFile, spyOnReads, toolImporting, writeProject } from './disk-project.js';

// Issue 34's tsconfig rows, in process: an `extends` graph or a config past its budget makes the
// `paths` unknown with one warning, and the lint goes on; within the budgets, every config file is
// read once per version, however many paths and tsconfigs lead to it. Reads are counted by a spy
// on `node:fs` (what TypeScript's parse host reads), never by time.

const OPEN_ENUM = { ruleId: 'schema-contract/no-open-glossary-enum', messageId: 'openGlossaryEnum', line: 3, column: 46 };
const RELATIVE_TOOL = "import { z } from 'zod';\nimport { UNITS } from './glossary/tables.js';\nexport const input = z.object({ unit: z.enum(UNITS.values) });\n";
const BUNDLER = { module: 'esnext', moduleResolution: 'bundler' };

function findings(messages: ReturnType<typeof lintFile>): { ruleId: string | null; messageId?: string; line: number; column: number }[] {
  return messages.map(({ ruleId, messageId, line, column }) => ({ ruleId, messageId, line, column }));
}

function budgetWarnings(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.filter(([, options]) => (options as { code?: string } | undefined)?.code === 'SCHEMA_CONTRACT_TSCONFIG_BUDGET').map(([message]) => String(message));
}

/** Lints while counting the reads of every file under `root`, by path relative to it. */
function lintCountingReads(root: string, file: string, text: string): { messages: ReturnType<typeof lintFile>; reads: Map<string, number> } {
  const spy = spyOnReads();
  try {
    const messages = lintFile(root, file, text);
    const reads = new Map<string, number>();
    for (const path of spy.paths) if (path.startsWith(`${root}/`) && path.endsWith('.json')) reads.set(path.slice(root.length + 1), (reads.get(path.slice(root.length + 1)) ?? 0) + 1);
    return { messages, reads };
  } finally {
    spy.restore();
  }
}

/** A diamond: each level's two configs extend both of the next level's; the last declares the alias. */
function diamond(levels: number, directory = 'configs'): Record<string, string> {
  const files: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ extends: [`./${directory}/l0a.json`, `./${directory}/l0b.json`], compilerOptions: BUNDLER }),
  };
  for (let level = 0; level < levels; level++) {
    for (const side of ['a', 'b']) {
      files[`${directory}/l${level}${side}.json`] = JSON.stringify(level === levels - 1 ? { compilerOptions: { paths: { '@/*': ['../src/*'] } } } : { extends: [`./l${level + 1}a.json`, `./l${level + 1}b.json`] });
    }
  }
  return files;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tsconfig within its budgets', () => {
  it.each([16, 24, Math.floor((MAX_CONFIG_FILES - 1) / 2)])('reads each file of a diamond `extends` graph %i levels deep once (not once per path: 2^levels), and follows its alias', (levels) => {
    const root = writeProject({ ...diamond(levels), 'src/glossary/tables.ts': DESCRIBED_TABLE });
    const first = lintCountingReads(root, 'src/tool.ts', toolImporting('@/glossary/tables'));
    expect(findings(first.messages)).toEqual([OPEN_ENUM]);
    expect(first.reads.size).toBe(2 * levels + 1);
    for (const [path, count] of first.reads) expect(count, path).toBe(1);
    // A second file of the same project: the parse is reused, no config is read again.
    const second = lintCountingReads(root, 'src/other.ts', toolImporting('@/glossary/tables'));
    expect(findings(second.messages)).toEqual([OPEN_ENUM]);
    expect(second.reads).toEqual(new Map());
  });

  it('reads a base that two tsconfigs extend once, and again only when it changed (size and mtime, set to fixed values)', () => {
    const base = JSON.stringify({ compilerOptions: { ...BUNDLER, paths: { '@/*': ['${configDir}/src/*'] } } });
    const root = writeProject({
      'tsconfig.base.json': base,
      'packages/a/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json' }),
      'packages/b/tsconfig.json': JSON.stringify({ extends: '../../tsconfig.base.json' }),
      'packages/a/src/glossary/tables.ts': DESCRIBED_TABLE,
      'packages/b/src/glossary/tables.ts': DESCRIBED_TABLE,
    });
    const a = lintCountingReads(root, 'packages/a/src/tool.ts', toolImporting('@/glossary/tables'));
    const b = lintCountingReads(root, 'packages/b/src/tool.ts', toolImporting('@/glossary/tables'));
    // `${configDir}` is each tsconfig's own directory, though the base's parse is shared.
    expect(findings(a.messages)).toEqual([OPEN_ENUM]);
    expect(findings(b.messages)).toEqual([OPEN_ENUM]);
    expect([...a.reads]).toEqual([['packages/a/tsconfig.json', 1], ['tsconfig.base.json', 1]]);
    expect([...b.reads]).toEqual([['packages/b/tsconfig.json', 1]]);
    // Unchanged: nothing is read again.
    expect(lintCountingReads(root, 'packages/a/src/tool.ts', toolImporting('@/glossary/tables')).reads).toEqual(new Map());
    // The base edited (same size, other mtime): both tsconfigs are parsed again, the base once.
    utimesSync(join(root, 'tsconfig.base.json'), 1_000_000, 1_000_000);
    const edited = lintCountingReads(root, 'packages/a/src/tool.ts', toolImporting('@/glossary/tables'));
    expect([...edited.reads]).toEqual([['packages/a/tsconfig.json', 1], ['tsconfig.base.json', 1]]);
    expect([...lintCountingReads(root, 'packages/b/src/tool.ts', toolImporting('@/glossary/tables')).reads]).toEqual([['packages/b/tsconfig.json', 1]]);
    // A new size: the alias now points elsewhere, and the next lint sees it.
    writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify({ compilerOptions: { ...BUNDLER, paths: { '@/*': ['${configDir}/nowhere/*'] } } }));
    expect(lintCountingReads(root, 'packages/b/src/tool.ts', toolImporting('@/glossary/tables')).messages).toEqual([]);
  });
});

describe('tsconfig past its budgets: paths unknown, one warning, the lint goes on', () => {
  it('an `extends` chain 1,500 deep (TypeScript overflowed its stack) and a diamond 40 levels deep', () => {
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const chain: Record<string, string> = { 'tsconfig.json': JSON.stringify({ extends: './configs/c0.json' }), 'src/glossary/tables.ts': DESCRIBED_TABLE };
    for (let index = 0; index < 1500; index++) {
      chain[`configs/c${index}.json`] = JSON.stringify(index === 1499 ? { compilerOptions: { paths: { '@/*': ['../src/*'] } } } : { extends: `./c${index + 1}.json` });
    }
    for (const files of [chain, { ...diamond(40), 'src/glossary/tables.ts': DESCRIBED_TABLE }]) {
      const root = writeProject(files);
      // The alias is unknown: no finding, and no guess.
      const aliased = lintCountingReads(root, 'src/tool.ts', toolImporting('@/glossary/tables'));
      expect(aliased.messages).toEqual([]);
      expect(aliased.reads.size).toBeLessThanOrEqual(MAX_CONFIG_FILES);
      for (const [path, count] of aliased.reads) expect(count, path).toBe(1);
      // A relative import of the same table is still read: the lint did go on.
      expect(findings(lintFile(root, 'src/other.ts', RELATIVE_TOOL))).toEqual([OPEN_ENUM]);
    }
    const warnings = budgetWarnings(spy);
    expect(warnings).toHaveLength(2);
    for (const warning of warnings) {
      expect(warning).toBe(
        `tsconfig.json: its \`extends\` graph has more than ${MAX_CONFIG_FILES} config files; its \`paths\` and \`baseUrl\` are unknown to schema-contract, and values imported through a non-relative specifier are not read.`,
      );
    }
  });

  it('a 9 MB tsconfig with 20,000 `paths`: never read, one warning for many linted files, read when cut down to size', () => {
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const paths: Record<string, string[]> = { '@/*': ['./src/*'] };
    for (let index = 1; index < 20_000; index++) paths[`@pkg${index}/${'x'.repeat(400)}/*`] = [`./vendor/${'y'.repeat(40)}${index}/*`];
    const big = JSON.stringify({ compilerOptions: { ...BUNDLER, paths } });
    expect(big.length).toBeGreaterThan(9 * MAX_CONFIG_BYTES);
    const root = writeProject({ 'tsconfig.json': big, 'src/glossary/tables.ts': DESCRIBED_TABLE });
    for (let file = 0; file < 5; file++) {
      const linted = lintCountingReads(root, `src/tool${file}.ts`, toolImporting('@/glossary/tables'));
      expect(linted.messages).toEqual([]);
      expect(linted.reads).toEqual(new Map());
    }
    expect(budgetWarnings(spy)).toEqual([
      'tsconfig.json: tsconfig.json is larger than 1 MiB; its `paths` and `baseUrl` are unknown to schema-contract, and values imported through a non-relative specifier are not read.',
    ]);
    // Cut down to size in the editor: the next lint reads it.
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...BUNDLER, paths: { '@/*': ['./src/*'] } } }));
    expect(findings(lintFile(root, 'src/tool0.ts', toolImporting('@/glossary/tables')))).toEqual([OPEN_ENUM]);
    expect(budgetWarnings(spy)).toHaveLength(1);
  });

  it(`more than ${MAX_PROJECT_CONFIG_FILES} config files over a project's tsconfigs: the later tsconfigs' paths unknown, one warning for the project`, () => {
    const spy = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const perPackage = 60;
    const packages = Math.ceil(MAX_PROJECT_CONFIG_FILES / perPackage) + 1;
    const files: Record<string, string> = {};
    for (let p = 0; p < packages; p++) {
      files[`p${p}/tsconfig.json`] = JSON.stringify({ extends: './configs/c0.json', compilerOptions: BUNDLER });
      for (let index = 0; index < perPackage - 1; index++) {
        files[`p${p}/configs/c${index}.json`] = JSON.stringify(index === perPackage - 2 ? { compilerOptions: { paths: { '@/*': ['../src/*'] } } } : { extends: `./c${index + 1}.json` });
      }
      files[`p${p}/src/glossary/tables.ts`] = DESCRIBED_TABLE;
    }
    const root = writeProject(files);
    const known = Math.floor(MAX_PROJECT_CONFIG_FILES / perPackage);
    for (let p = 0; p < packages; p++) {
      expect(findings(lintFile(root, `p${p}/src/tool.ts`, toolImporting('@/glossary/tables'))), `p${p}`).toEqual(p < known ? [OPEN_ENUM] : []);
      expect(findings(lintFile(root, `p${p}/src/other.ts`, RELATIVE_TOOL)), `p${p}`).toEqual([OPEN_ENUM]);
    }
    expect(budgetWarnings(spy)).toEqual([
      `p${known}/tsconfig.json: the project's tsconfigs and the configs they extend are more than ${MAX_PROJECT_CONFIG_FILES} files; its \`paths\` and \`baseUrl\` are unknown to schema-contract, and values imported through a non-relative specifier are not read.`,
    ]);
  });
});
