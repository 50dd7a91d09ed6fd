/**
 * `isWithin` answers most calls without `path.relative`; the general test it short-cuts is kept
 * here as the oracle, and every answer must be the oracle's.
 */
import { isAbsolute, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWithin } from '../../src/analysis/modules/project-boundary.js';

function oracle(path: string, directory: string): boolean {
  if (path === directory) return true;
  const inner = relative(directory, path);
  return inner !== '' && !inner.startsWith('..') && !isAbsolute(inner);
}

const segment = fc.constantFrom('a', 'b', 'src', '.', '..', '..a', '.hidden', 'node_modules', '', 'a.ts');
const absolute = fc.array(segment, { maxLength: 6 }).map((parts) => `/${parts.join('/')}`);

describe('isWithin', () => {
  it('agrees with the relative-path test on any pair of absolute paths', () => {
    fc.assert(
      fc.property(absolute, absolute, (directory, rest) => {
        for (const path of [rest, `${directory}${rest}`, `${directory}/${rest}`]) {
          expect(isWithin(path, directory), `${path} in ${directory}`).toBe(oracle(path, directory));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('answers the forms resolutions give', () => {
    expect(isWithin('/work/project/src/a.ts', '/work/project')).toBe(true);
    expect(isWithin('/work/project-two/a.ts', '/work/project')).toBe(false);
    expect(isWithin('/work/project/../secret', '/work/project')).toBe(false);
    expect(isWithin('/work/project/.', '/work/project')).toBe(false);
    expect(isWithin('/work/project/', '/work/project')).toBe(false);
  });
});
