import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is the map a newcomer reads first; these tests keep it true to the tree, so
 * a folder added, a dependency between concerns introduced, or a rule reaching into another
 * concern shows up as a failing test that names the line of the page to change.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ANALYSIS = join(ROOT, 'src', 'analysis');
const RULES = join(ROOT, 'rules');
const ARCHITECTURE = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');

/** "About 400 lines" is the house rule for an analysis file; past this one is much over. */
const MAX_ANALYSIS_FILE_LINES = 450;
/** Files known to be over it, each with the issue that splits it. */
const OVERSIZED_FOR_NOW: Readonly<Record<string, string>> = {};

/** The rows of the markdown table whose header's first cell is `firstHeader`, cells trimmed. */
function tableRows(markdown: string, firstHeader: string): string[][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('|') && cellsOf(line)[0] === firstHeader);
  if (start === -1) throw new Error(`docs/architecture.md: no table whose first column is "${firstHeader}"`);
  const rows: string[][] = [];
  // Skip the header and the alignment row.
  for (let index = start + 2; index < lines.length && lines[index]!.startsWith('|'); index += 1) rows.push(cellsOf(lines[index]!));
  return rows;
}

function cellsOf(line: string): string[] {
  return line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((cell) => cell.trim());
}

/** The backquoted names in a cell: `syntax/`, `../settings.ts`. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
}

function filesBelow(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesBelow(path) : entry.endsWith('.ts') ? [path] : [];
  });
}

/** Relative module specifiers a file imports or re-exports (type-only ones too), resolved to `.ts` paths. */
function importedFiles(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
}

/**
 * How the architecture page names what a file imports: another analysis folder as `values/`, a
 * file of `src/` outside the analysis as `../settings.ts`, a folder of `src/` as `../util/`.
 */
function dependencyName(target: string): string {
  const fromAnalysis = relative(ANALYSIS, target).split(sep);
  if (fromAnalysis[0] !== '..') return `${fromAnalysis[0]}/`;
  return fromAnalysis.length > 2 ? `${fromAnalysis.slice(0, 2).join('/')}/` : fromAnalysis.join('/');
}

const analysisFolders = readdirSync(ANALYSIS).filter((entry) => statSync(join(ANALYSIS, entry)).isDirectory());
const folderRows = tableRows(ARCHITECTURE, 'Folder');
const documentedFolders = folderRows.map(([folder]) => codeSpans(folder!)[0]!.replace(/\/$/, ''));

describe('docs/architecture.md', () => {
  it('describes every folder of src/analysis/, and only those', () => {
    expect(documentedFolders.toSorted()).toEqual(analysisFolders.toSorted());
  });

  it('keeps every analysis module in a concern folder', () => {
    const loose = readdirSync(ANALYSIS).filter((entry) => entry.endsWith('.ts'));
    expect(loose).toEqual([]);
  });

  describe.each(folderRows.map((row, index): [string, string, string] => [documentedFolders[index]!, row[1]!, row[2] ?? '']))(
    '%s/',
    (folder, owns, uses) => {
      const directory = join(ANALYSIS, folder);

      it('starts at a file whose opening comment introduces the folder', () => {
        const main = /Starts at `([^`]+)`/.exec(owns)?.[1];
        expect(main, `the ${folder}/ row of docs/architecture.md names no "Starts at" file`).toBeDefined();
        const path = join(directory, main!);
        expect(existsSync(path), `${relative(ROOT, path)} does not exist`).toBe(true);
        expect(readFileSync(path, 'utf8').startsWith(`/**\n * # ${folder}/`), `${relative(ROOT, path)} does not open with "/**\\n * # ${folder}/"`).toBe(true);
      });

      it('uses exactly the folders and modules its Uses column lists', () => {
        const actual = new Set<string>();
        for (const file of filesBelow(directory)) {
          for (const target of importedFiles(file)) {
            const name = dependencyName(target);
            if (name !== `${folder}/`) actual.add(name);
          }
        }
        expect([...actual].toSorted()).toEqual(codeSpans(uses).toSorted());
      });
    },
  );

  it('lists, for every rule, exactly the analysis folders it imports', () => {
    const rows = tableRows(ARCHITECTURE, 'Rule');
    const documented = Object.fromEntries(rows.map(([rule, asks]) => [codeSpans(rule!)[0]!, codeSpans(asks!).toSorted()]));
    const actual = Object.fromEntries(
      readdirSync(RULES)
        .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
        .map((file) => {
          const folders = importedFiles(join(RULES, file))
            .filter((target) => !relative(ANALYSIS, target).startsWith('..'))
            .map(dependencyName);
          return [file.slice(0, -'.ts'.length), [...new Set(folders)].toSorted()];
        }),
    );
    expect(documented).toEqual(actual);
  });
});

describe('src/analysis/', () => {
  it('never imports a rule, the baseline or the CLI', () => {
    const outward = filesBelow(ANALYSIS).flatMap((file) =>
      importedFiles(file)
        .filter((target) => [RULES, join(ROOT, 'src', 'baseline'), join(ROOT, 'src', 'cli')].some((forbidden) => !relative(forbidden, target).startsWith('..')))
        .map((target) => `${relative(ROOT, file)} imports ${relative(ROOT, target)}`),
    );
    expect(outward).toEqual([]);
  });

  it(`has no file over ${MAX_ANALYSIS_FILE_LINES} lines`, () => {
    const oversized = filesBelow(ANALYSIS)
      .map((file) => ({ name: relative(ANALYSIS, file).split(sep).join('/'), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ name, lines }) => lines > MAX_ANALYSIS_FILE_LINES && !(name in OVERSIZED_FOR_NOW))
      .map(({ name, lines }) => `${name}: ${lines} lines`);
    expect(oversized).toEqual([]);
  });
});
