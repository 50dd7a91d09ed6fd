/**
 * What an imported name is declared as, from the texts along its path (`declaration-path.ts`,
 * the kinds of `export-origin.ts`, the lists of `export-lists.ts`), which the fallback rule uses
 * to leave a module of constants unparsed. Each case is a small project on disk.
 */
import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedDeclarationKinds } from '../../src/analysis/modules/declaration-path.js';
import { mayExportName, moduleListsIn } from '../../src/analysis/modules/export-lists.js';

function project(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'schema-contract-declaration-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'declaration-probe', type: 'module' }));
  for (const [path, text] of Object.entries({ 'main.ts': '', ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The kinds of `main.ts`'s import of `name` from `specifier`, in a pass of its own; undefined when unsettled. */
function kindsOf(root: string, name: string, specifier = './lib.js'): string[] | undefined {
  const kinds = exportedDeclarationKinds(join(root, 'main.ts'), specifier, name, new Set());
  return kinds && [...kinds].sort();
}

describe('a name the module declares', () => {
  it.each([
    ['function', 'export function NAME() {}'],
    ['function', 'export const NAME = (a: string): string => a;'],
    ['function', 'export const NAME = async function () {};'],
    ['class', 'export abstract class NAME {}'],
    ['primitive', "export const NAME = 'search';"],
    ['primitive', 'export const NAME: number = 3;'],
    ['value', "export const NAME = { type: 'object' };"],
    ['value', 'export const NAME = make();'],
    ['value', 'export const NAME = new Set([1]);'],
    ['instance', 'export const NAME = new Logger();'],
    ['enum', "export enum NAME { A = 'a' }"],
    ['enum', 'export const enum NAME { A }'],
    ['uninitialized', "export var NAME;\n(function (NAME) { NAME['A'] = 'a'; })(NAME || (NAME = {}));"],
    ['primitive-variable', "export let NAME = 'v1';"],
    // The evaluator reads no namespace's body: what the name is stays what the function or class is.
    ['function', 'export function NAME() {}\nexport namespace NAME { export const schema = {}; }'],
    ['class', 'export class NAME {}\nexport declare namespace NAME { export import Page = Pagination.Page; }'],
  ])('%s: %s', (kind, declaration) => {
    expect(kindsOf(project({ 'lib.ts': `${declaration}\n` }), 'NAME')).toEqual([kind]);
  });

  it.each([
    ['a `let` holding an object, read as a `const` when never written again', "export let NAME = { type: 'object' };"],
    ['an alias', 'export const NAME = z.any;'],
    ['a cast', "export const NAME = 'a' as unknown;"],
    ['an enum merged with a namespace', "export namespace NAME { export const schema = {}; }\nexport enum NAME { A = 'a' }"],
    ['two declarations of different kinds', 'export function NAME() {}\nexport class NAME {}'],
    ['a CommonJS export over it', "export const NAME = 'a';\nexports.NAME = {};"],
    ['a local name exported by a list', 'const NAME = z.any;\nexport { NAME };'],
  ])('is not settled: %s', (_title, declaration) => {
    expect(kindsOf(project({ 'lib.ts': `${declaration}\n` }), 'NAME')).toBeUndefined();
  });

  it('answers for `default` when it is a function or class', () => {
    expect(kindsOf(project({ 'lib.ts': 'export default function () {}\n' }), 'default')).toEqual(['function']);
    expect(kindsOf(project({ 'lib.ts': 'export default class {}\n' }), 'default')).toEqual(['class']);
    expect(kindsOf(project({ 'lib.ts': 'export default {};\n' }), 'default')).toBeUndefined();
  });
});

describe("a name's path through barrels", () => {
  const names = { 'names.ts': "export const TOOL = 'search';\nexport enum Role { User = 'user' }\n" };

  it('follows a list re-exporting from a module, renamed, with comments in the list', () => {
    const root = project({ ...names, 'lib.ts': "export {\n  // names\n  TOOL as NAME, /* roles */ Role,\n} from './names.js';\n" });
    expect(kindsOf(root, 'NAME')).toEqual(['primitive']);
    expect(kindsOf(root, 'Role')).toEqual(['enum']);
    // The module's own name for it is not exported: the import binds nothing.
    expect(kindsOf(root, 'TOOL')).toEqual([]);
  });

  it('follows an import that a list exports', () => {
    const root = project({ ...names, 'lib.ts': "import { TOOL as LOCAL } from './names.js';\nexport { LOCAL as NAME };\n" });
    expect(kindsOf(root, 'NAME')).toEqual(['primitive']);
  });

  it('follows star lists, and a star cycle ends', () => {
    const root = project({ ...names, 'lib.ts': "export * from './names.js';\nexport * from './other.js';\n", 'other.ts': "export * from './lib.js';\nexport const unrelated = 1;\n" });
    expect(kindsOf(root, 'TOOL')).toEqual(['primitive']);
    // Declared nowhere on the path: the import binds nothing the project holds.
    expect(kindsOf(root, 'MISSING')).toEqual([]);
  });

  it('passes over a module that only imports and uses the name, to its star lists', () => {
    const root = project({ ...names, 'lib.ts': "import { TOOL } from './names.js';\nexport function label() { return TOOL; }\nexport * from './names.js';\n" });
    expect(kindsOf(root, 'TOOL')).toEqual(['primitive']);
    // Where a variable's declaration may name it, it is not passed over.
    const spans = project({ ...names, 'lib.ts': "import { TOOL as T } from './names.js';\nexport const label = T, TOOL = {};\nexport * from './names.js';\n" });
    expect(kindsOf(spans, 'TOOL')).toBeUndefined();
  });

  it.each([
    ['a re-export from a package', "export { NAME } from 'zod';\n"],
    ['a star list of a package', "export * from 'zod';\n"],
    ['a type-only re-export', "export type { NAME } from './names.js';\n"],
    ['a type-only import exported', "import type { NAME } from './names.js';\nexport { NAME };\n"],
    ['a namespace import exported', "import * as NAME from './names.js';\nexport { NAME };\n"],
    ['a list naming a string', "export { TOOL as 'NAME' } from './names.js';\n"],
    ['a module that does not exist', "export { NAME } from './missing.js';\n"],
    ['a name listed twice', "export { TOOL as NAME } from './names.js';\nexport { Role as NAME } from './names.js';\n"],
  ])('settles nothing through %s', (_title, barrel) => {
    expect(kindsOf(project({ ...names, 'lib.ts': barrel }), 'NAME')).toBeUndefined();
  });

  it('reads the texts again in the next pass after an edit', () => {
    const root = project({ ...names, 'lib.ts': "export { TOOL as NAME } from './names.js';\n" });
    expect(kindsOf(root, 'NAME')).toEqual(['primitive']);
    writeFileSync(join(root, 'names.ts'), "export let TOOL = { type: 'object' };\n");
    // A later modification time, whatever the clock's resolution.
    utimesSync(join(root, 'names.ts'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(kindsOf(root, 'NAME')).toBeUndefined();
  });
});

describe('the lists of a module', () => {
  it('reads export and import lists at the top level only', () => {
    const text = [
      "import d, { a as b, type T } from './a.js';",
      "import * as ns from './b.js';",
      "import './side-effect.js';",
      'export { b, d as e };',
      "export type { T } from './a.js';",
      "const text = 'export { hidden }';",
      'function f() { return import("./lazy.js"); }',
      '',
    ].join('\n');
    expect(moduleListsIn(text)).toEqual({
      exports: [
        { local: 'b', exported: 'b', from: undefined, typeOnly: false },
        { local: 'd', exported: 'e', from: undefined, typeOnly: false },
        { local: 'T', exported: 'T', from: './a.js', typeOnly: true },
      ],
      imports: [
        { local: 'd', imported: 'default', from: './a.js', typeOnly: false },
        { local: 'b', imported: 'a', from: './a.js', typeOnly: false },
        { local: 'T', imported: 'T', from: './a.js', typeOnly: true },
        { local: 'ns', imported: '*', from: './b.js', typeOnly: false },
      ],
      declaredNames: new Set(),
      namespaceNames: new Set(),
      variableSpans: [],
    });
  });

  it('says which names the other forms of `export` may export', () => {
    const text = "export const a = 1, b = 2;\nexport async function f() {}\nexport default class {}\nexport * as ns from './x.js';\nexport * from './y.js';\nconst hidden = 1;\n";
    const lists = moduleListsIn(text)!;
    expect([...lists.declaredNames].sort()).toEqual(['default', 'f', 'ns']);
    expect([...lists.namespaceNames]).toEqual(['ns']);
    expect(['a', 'b', 'f', 'ns', 'default', 'hidden'].filter((name) => mayExportName(text, lists, name))).toEqual(['a', 'b', 'f', 'ns', 'default']);
    expect(moduleListsIn('export declare global { const a: 1 }\n')).toBeUndefined();
  });

  it('reads nothing when a list holds what it does not read', () => {
    expect(moduleListsIn("export { a as 'b' };\n")).toBeUndefined();
    expect(moduleListsIn('export { a /* unclosed\n};\n')).toBeUndefined();
    expect(moduleListsIn(String.raw`export { \u0061 };` + '\n')).toBeUndefined();
  });
});
