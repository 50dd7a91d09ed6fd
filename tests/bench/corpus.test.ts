import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../bench/configs.mjs';
import { generateCorpus, LINES_PER_SCALE, writeCorpus } from '../../bench/corpus.mjs';
import plugin from '../../src/index.js';

function digest(files: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [path, text] of files) hash.update(`${path}\0${text}\0`);
  return hash.digest('hex');
}

// Small scales keep this cheap; the generator's code paths are the same at every size.
const SCALE = 0.05;

describe('benchmark corpus generator', () => {
  const corpus = generateCorpus({ scale: SCALE });

  it('generates the same bytes for the same seed and scale', () => {
    expect(digest(generateCorpus({ scale: SCALE }).files)).toBe(digest(corpus.files));
    expect(generateCorpus({ scale: SCALE }).summary).toEqual(corpus.summary);
  });

  it('generates different code for a different seed', () => {
    expect(digest(generateCorpus({ scale: SCALE, seed: 'another seed' }).files)).not.toBe(digest(corpus.files));
  });

  it('keeps the first domains of a larger corpus identical, so scales are comparable', () => {
    const larger = generateCorpus({ scale: SCALE * 2 });
    const domainFiles = [...corpus.files.keys()].filter((path) => path.startsWith('src/domains/'));
    expect(domainFiles.length).toBeGreaterThan(0);
    for (const path of domainFiles) expect(larger.files.get(path), path).toBe(corpus.files.get(path));
    expect(larger.summary.lines).toBeGreaterThan(corpus.summary.lines * 1.8);
  });

  it('reaches the requested size and reports its planted findings', () => {
    const target = SCALE * LINES_PER_SCALE;
    expect(corpus.summary.lines).toBeGreaterThanOrEqual(target);
    expect(corpus.summary.lines).toBeLessThan(target * 1.25);
    const planted = Object.values(corpus.summary.planted).reduce((total, counts) => total + counts.strict, 0);
    expect(planted).toBeGreaterThan(0);
    expect(corpus.summary.glossaryModules).toContain('src/glossary/index.ts');
  });

  it('generates TypeScript that parses', () => {
    for (const [path, text] of corpus.files) {
      if (!path.endsWith('.ts')) continue;
      expect(() => parse(text, { sourceType: 'module', filePath: path }), path).not.toThrow();
    }
  });

  it('names every entity of a large corpus with a valid identifier', () => {
    const { entities } = generateCorpus({ scale: 4 }).summary;
    expect(entities.length).toBeGreaterThan(320);
    for (const entity of entities) expect(entity).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    expect(new Set(entities).size).toBe(entities.length);
  });

  it('rejects a scale that is not a positive number', () => {
    expect(() => generateCorpus({ scale: 0 })).toThrow(/positive/);
  });
});

describe('the monorepo-shaped corpus', () => {
  const single = generateCorpus({ scale: 0.03 });
  const monorepo = generateCorpus({ scale: 0.03, layout: 'monorepo' });

  it('holds the same modules as an npm workspace, imported by package name, subpath and tsconfig alias', () => {
    const modules = (corpus: typeof single) => [...corpus.files.keys()].filter((path) => path.endsWith('.ts'));
    expect(modules(monorepo).length).toBe(modules(single).length);
    expect(monorepo.summary.sourceRoot).toBe('packages');
    expect([...monorepo.links]).toEqual([
      ['node_modules/@bench/core', '../../packages/core'],
      ['node_modules/@bench/glossary', '../../packages/glossary'],
      ['node_modules/@bench/server', '../../packages/server'],
    ]);
    const text = [...monorepo.files.values()].join('\n');
    expect(text).toMatch(/from '@bench\/glossary'/);
    expect(text).toMatch(/from '@bench\/glossary\/[\w/-]+\.js'/);
    expect(text).toMatch(/from '@bench\/core\/(lib|schema)\/[\w-]+\.js'/);
    expect(text).toMatch(/from '@\/[\w/-]+\.js'/);
    expect(monorepo.summary.glossaryModules).toContain('packages/glossary/src/index.ts');
  });

  it('gives the plugin the same findings as the single-package layout: only how imports resolve differs', async () => {
    const findings = async (corpus: typeof single) => {
      const directory = mkdtempSync(join(tmpdir(), 'schema-contract-bench-layout-'));
      writeCorpus(directory, corpus);
      const linter = new Linter({ cwd: directory });
      const config = [...(await buildConfig('a')), plugin.configs.strict as Linter.Config];
      const counts: Record<string, number> = {};
      for (const [path, text] of corpus.files) {
        if (!path.endsWith('.ts')) continue;
        for (const message of linter.verify(text, config, join(directory, path))) {
          const key = `${message.ruleId}/${message.messageId ?? 'fatal'}`;
          counts[key] = (counts[key] ?? 0) + 1;
        }
      }
      return counts;
    };
    const expected = await findings(single);
    // The glossary findings need imports across packages: they prove the monorepo was resolved.
    expect(expected['schema-contract/no-open-glossary-enum/openGlossaryEnum']).toBeGreaterThan(0);
    expect(expected['schema-contract/no-open-glossary-enum/unmarkedTableEnum']).toBeGreaterThan(0);
    expect(await findings(monorepo)).toEqual(expected);
  });
});
