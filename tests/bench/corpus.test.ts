import { createHash } from 'node:crypto';
import { parse } from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import { generateCorpus, LINES_PER_SCALE } from '../../bench/corpus.mjs';

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
