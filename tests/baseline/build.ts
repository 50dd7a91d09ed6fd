import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export const repositoryRoot = join(import.meta.dirname, '..', '..');

export interface TestBuild {
  /** Root of the build, laid out like the published package: `dist/`, `bin/`. */
  readonly root: string;
  readonly pluginEntry: string;
  readonly fixturePluginEntry: string;
  readonly baselineConfigEntry: string;
  readonly bin: string;
  remove(): void;
}

function* typeScriptFiles(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/**
 * Child processes (the `eslint` binary, its `--concurrency` workers, the `schema-contract` bin)
 * need JavaScript. Transpiling the sources file by file (they are `isolatedModules`-clean) takes
 * a fraction of a second, and a private directory per test file means no test depends on, or
 * races with, whatever `npm run build` last left in `dist/`.
 */
export function buildForTests(): TestBuild {
  const root = join(repositoryRoot, '.cache', 'baseline-tests', `${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const sources = [
    ...typeScriptFiles(join(repositoryRoot, 'src')),
    ...typeScriptFiles(join(repositoryRoot, 'rules')),
    join(repositoryRoot, 'tests', 'baseline', 'fixture-plugin.ts'),
  ];
  {
    for (const file of sources) {
      const output = ts.transpileModule(readFileSync(file, 'utf8'), {
        fileName: file,
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true },
      }).outputText;
      const target = join(root, 'dist', relative(repositoryRoot, file)).replace(/\.ts$/, '.js');
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, output);
    }
  }
  mkdirSync(join(root, 'bin'), { recursive: true });
  copyFileSync(join(repositoryRoot, 'bin', 'schema-contract.js'), join(root, 'bin', 'schema-contract.js'));
  return {
    root,
    pluginEntry: join(root, 'dist', 'src', 'index.js'),
    fixturePluginEntry: join(root, 'dist', 'tests', 'baseline', 'fixture-plugin.js'),
    baselineConfigEntry: join(root, 'dist', 'src', 'baseline', 'config.js'),
    bin: join(root, 'bin', 'schema-contract.js'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
