import { symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPass, resolveSpecifier, type Resolution } from '../../src/analysis/modules/module-resolution.js';
import { aliasCandidates, pathAliasesOf } from '../../src/analysis/modules/path-aliases.js';
import { writeProject } from './disk-project.js';

// tsconfig `paths` and `baseUrl` as the analysis applies them itself (path-aliases.ts), so that no
// alias leads oxc-resolver out of the project: TypeScript's matching rules, then what the
// resolution makes of each candidate.

const BASE = '/project';

function candidates(paths: Record<string, unknown> | undefined, specifier: string, baseUrl?: string): readonly string[] {
  const aliases = pathAliasesOf(paths, baseUrl, BASE);
  if (!aliases) throw new Error('no aliases');
  return aliasCandidates(aliases, specifier);
}

describe('pathAliasesOf and aliasCandidates: TypeScript matching', () => {
  it('declares nothing without `paths` and `baseUrl`', () => {
    expect(pathAliasesOf(undefined, undefined, BASE)).toBeUndefined();
    expect(pathAliasesOf(['not', 'a', 'table'], undefined, BASE)).toBeUndefined();
  });

  it('substitutes the text a wildcard matched, in every substitution, in order', () => {
    expect(candidates({ '@/*': ['./src/*', './generated/*'] }, '@/glossary/tables.js')).toEqual(['/project/src/glossary/tables.js', '/project/generated/glossary/tables.js']);
  });

  it('matches a wildcard with a suffix only where both ends match', () => {
    const paths = { 'icons/*.svg': ['./assets/icons/*.svg'] };
    expect(candidates(paths, 'icons/arrow.svg')).toEqual(['/project/assets/icons/arrow.svg']);
    expect(candidates(paths, 'icons/arrow.png')).toEqual([]);
    // The prefix and the suffix may not overlap: `a*a` does not match `a`.
    expect(candidates({ 'a*a': ['./x/*'] }, 'a')).toEqual([]);
    expect(candidates({ 'a*a': ['./x/*'] }, 'aa')).toEqual(['/project/x/']);
  });

  it('takes the wildcard with the longest prefix, whatever the order the table lists them in', () => {
    const paths = { '@/*': ['./src/*'], '@/glossary/*': ['./lib/glossary/*'], '@/g*': ['./g/*'] };
    expect(candidates(paths, '@/glossary/tables')).toEqual(['/project/lib/glossary/tables']);
    expect(candidates(paths, '@/go')).toEqual(['/project/g/o']);
    expect(candidates(paths, '@/other')).toEqual(['/project/src/other']);
    const reversed = Object.fromEntries(Object.entries(paths).reverse());
    expect(candidates(reversed, '@/glossary/tables')).toEqual(['/project/lib/glossary/tables']);
  });

  it('prefers an exact pattern to any wildcard, and ignores a pattern with two `*`', () => {
    const paths = { '@/*': ['./src/*'], '@/config': ['./config/index.ts'], '@/*/x/*': ['./never/*'] };
    expect(candidates(paths, '@/config')).toEqual(['/project/config/index.ts']);
    expect(candidates({ '@/*/x/*': ['./never/*'] }, '@/a/x/b')).toEqual([]);
  });

  it('keeps only string substitutions', () => {
    expect(candidates({ '@/*': [42, './src/*', null] }, '@/a')).toEqual(['/project/src/a']);
  });

  it('takes relative substitutions from `baseUrl` when set, else from the config declaring `paths`; absolute ones as they are', () => {
    expect(candidates({ '@/*': ['./src/*'] }, '@/a', '/project/base')).toEqual(['/project/base/src/a']);
    expect(candidates({ '@/*': ['/elsewhere/./lib/*'] }, '@/a')).toEqual(['/elsewhere/lib/a']);
  });

  it('with `baseUrl`, looks a specifier no pattern matches up under it; without, gives no candidate', () => {
    expect(candidates({ '@/*': ['./src/*'] }, 'lodash', '/project/base')).toEqual(['/project/base/lodash']);
    expect(candidates(undefined, 'glossary/tables', '/project/base')).toEqual(['/project/base/glossary/tables']);
    expect(candidates({ '@/*': ['./src/*'] }, 'lodash')).toEqual([]);
  });
});

/** Resolves `specifier` from `file` in a fresh lint pass with the project as ESLint's working directory. */
function resolveIn(root: string, file: string, specifier: string): Resolution {
  const checked = new Set<string>();
  openPass(checked, root, join(root, file));
  return resolveSpecifier(join(root, file), specifier, 'import', checked);
}

const TABLE = "export const UNITS = { enumPolicy: 'described', values: ['g'] };\n";

describe('aliases in a project on disk', () => {
  it('applies `paths` inherited through `extends`, relative to the config that declares them, and `baseUrl` from the config that extends it', () => {
    const root = writeProject({
      'configs/base.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@base/*': ['../src/*'] } } }),
      'tsconfig.json': JSON.stringify({ extends: './configs/base.json', compilerOptions: { baseUrl: './lib' } }),
      'src/glossary.ts': TABLE,
      'lib/shared/tables.ts': TABLE,
    });
    // `paths` set in base.json but `baseUrl` in tsconfig.json: TypeScript then takes the
    // substitutions from `baseUrl`, the pattern from the base.
    expect(resolveIn(root, 'src/tool.ts', 'shared/tables')).toEqual({ kind: 'source', file: join(root, 'lib/shared/tables.ts'), route: 'tsconfig paths' });
    const noBaseUrl = writeProject({
      'configs/base.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@base/*': ['../src/*'] } } }),
      'tsconfig.json': JSON.stringify({ extends: './configs/base.json' }),
      'src/glossary.ts': TABLE,
    });
    expect(resolveIn(noBaseUrl, 'src/tool.ts', '@base/glossary')).toEqual({ kind: 'source', file: join(noBaseUrl, 'src/glossary.ts'), route: 'tsconfig paths' });
  });

  it('an alias whose substitution lies outside the project is outside, and the resolver is not asked (no fallback to a package)', () => {
    const outside = writeProject({ 'secret/tables.ts': TABLE });
    const root = writeProject(
      { 'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@out/*': [`${outside}/secret/*`], '@up/*': ['../../*'] } } }) },
      {},
      dirname(outside),
    );
    expect(resolveIn(root, 'src/tool.ts', '@out/tables')).toEqual({ kind: 'outside', file: join(outside, 'secret/tables') });
    expect(resolveIn(root, 'src/tool.ts', '@up/etc/passwd').kind).toBe('outside');
  });

  it('an alias into a directory of the project that is a link outside is outside too', () => {
    const outside = writeProject({ 'tables.ts': TABLE });
    const root = writeProject(
      { 'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./src/*'] } } }) },
      { 'src/linked': outside },
    );
    symlinkSync(join(outside, 'tables.ts'), join(root, 'src', 'file-link.ts'));
    expect(resolveIn(root, 'src/tool.ts', '@/linked/tables').kind).toBe('outside');
    expect(resolveIn(root, 'src/tool.ts', '@/file-link').kind).toBe('outside');
  });
});
