/**
 * The enum rule's pre-check follows each imported name along its own path (`export-origin.ts`):
 * a module that declares the name itself as a value ends the path with "no binding"; anything
 * the texts cannot settle is left to the closure walk (`mayReachPackage`). Each case is a small
 * project on disk, since the answer is read from files.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topLevelStarts, walkCode } from '../../src/analysis/modules/code-walk.js';
import { mayExportPackageBinding } from '../../src/analysis/modules/export-origin.js';
import { getModuleParseCounts } from '../../src/analysis/modules/module-graph.js';
import { mayReachPackage } from '../../src/analysis/modules/package-reach.js';

const PACKAGES = ['zod'];

function project(files: Readonly<Record<string, string>>): string {
  const root = mkdtempSync(join(tmpdir(), 'schema-contract-origin-'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'origin-probe', type: 'module' }));
  for (const [path, text] of Object.entries({ 'main.ts': '', ...files })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** Whether `main.ts`'s import of `name` from `specifier` may be a binding of zod, in a pass of its own. */
function mayBind(root: string, name: string, specifier = './lib'): boolean {
  return mayExportPackageBinding(join(root, 'main.ts'), specifier, name, PACKAGES, new Set());
}

/** The closure walk's answer for the same import: what the path defers to. */
function walk(root: string, specifier = './lib'): boolean {
  return mayReachPackage(join(root, 'main.ts'), specifier, PACKAGES, new Set());
}

const ZOD = "import { z } from 'zod';\n";

describe('an imported name the module declares itself', () => {
  it.each([
    ['a function', 'export function pick(list: string[]) { return z.enum(list); }'],
    ['an async generator', 'export async function* pick() {}'],
    ['a function declared for types', 'export declare function pick(list: string[]): unknown;'],
    ['a class', 'export abstract class pick {}'],
    ['an arrow function', 'export const pick = (list: string[]) => z.enum(list);'],
    ['an arrow with type parameters and a return type', 'export const pick = async <T extends Record<string, number>>(list: T): Promise<T> => list;'],
    ['a call', 'export const pick = /* @__PURE__ */ makePicker(z);'],
    ['a call under a type annotation', 'export const pick: (list: string[]) => unknown = makePicker(z);\nexport const other = 1;'],
    ['a new object', 'export const pick = new Picker(z)\nexport const other = 1;'],
    ['an array', "export const pick = [z.enum, 'b'];"],
    ['an object', 'export const pick = { enum: z.enum };'],
    ['a string', "export const pick = 'z.enum';"],
  ])('is no binding of a package: %s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n` });
    // The module does pass zod on (`export { z }`): only the name's own path can say no.
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(false);
  });

  it.each([
    ['an interface', 'export interface pick { readonly list: string[] }'],
    ['an interface that extends another', 'export interface pick extends Base {}\ninterface Base {}'],
    ['a generic type alias', 'export type pick<T> = T[];'],
    ['a type alias declared for types', 'export declare type pick = string;'],
    ['an interface merged with a namespace', 'export interface pick {}\nexport namespace pick { export const z = 1; }'],
  ])('is no binding of a package: %s, a type of its own', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(false);
  });

  // As an SDK's client declares itself: `export class OpenAI {}` and `export declare namespace OpenAI { … }`.
  it.each([
    ['a class merged with a namespace', 'export class pick {}\nexport declare namespace pick { export import Z = z; }'],
    ['a function merged with a namespace', 'export function pick() {}\nexport namespace pick { export const picked = z.enum; }'],
    ['a function merged with a namespace declared first', 'export declare namespace pick { const z: unknown; }\nexport declare function pick(): void;'],
  ])('is no binding of a package: %s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(false);
  });

  it('is its default export when that is a function or class', () => {
    expect(mayBind(project({ 'lib.ts': `${ZOD}export default function () {}\nexport { z };\n` }), 'default')).toBe(false);
    expect(mayBind(project({ 'lib.ts': `${ZOD}export default class {}\nexport { z };\n` }), 'default')).toBe(false);
    const alias = project({ 'lib.ts': `${ZOD}export default z.enum;\nexport { z };\n` });
    expect(mayBind(alias, 'default')).toBe(true);
  });
});

describe('an imported name the texts cannot settle is left to the walk', () => {
  // With `export { z }` beside it, so that the walk says "may": the path must say it too.
  it.each([
    ['an alias', 'export const pick = z.enum;'],
    ['a parenthesised alias', 'export const pick = (z.enum);'],
    ['an element of an array', 'export const pick = [z.enum][0];'],
    ["a member of a call's result", 'export const pick = make().enum;\nconst make = () => z;'],
    ['a cast call', 'export const pick = make() as typeof z.enum;\nconst make = () => z.enum;'],
    ['a call continued on the next line', 'export const pick = make()\n  .enum;\nconst make = () => z;'],
    ['a `let`, which may be assigned later', 'export let pick = () => 1;\npick = z.enum;'],
  ])('%s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(true);
  });

  it.each([
    ['a later declarator', 'export const other = 1, pick = z.enum;'],
    ['a declaration in a comment', '// export function pick() {}\nexport const pick = z.enum;'],
    ['a declaration in a template', 'const doc = `\nexport function pick() {}\n`;\nexport const pick = z.enum;'],
    ['a declaration inside a namespace', 'export namespace tools { export function pick() {} }\nexport const pick = z.enum;'],
    ['a name exported by a list', 'const pick = z.enum;\nexport { pick };'],
    ['a name written with an escape', "const chooser = z.enum;\nexport { chooser as '\\u0070ick' };"],
  ])('%s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\n` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(true);
  });

  it.each([
    ['a value of the same name', 'export interface pick {}\nexport const pick = cond ? z.enum : other;'],
    ['a value of the same name exported by a list', 'export interface pick {}\nconst pick = z.enum;\nexport { pick };'],
    ['a namespace of the same name', "export interface pick {}\nexport * as pick from './other.js';"],
    ['a function of the same name', 'export type pick = string;\nexport function pick() {}\nexport namespace pick {}'],
  ])('a type merged with %s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n`, 'other.ts': `${ZOD}export { z };\n` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(true);
  });

  it.each([
    ['an enum', 'export namespace pick { export const all = z.enum; }\nexport enum pick { A }'],
    ['a constant', 'export const pick = z.enum;\nexport namespace pick { export type T = string; }'],
  ])('a namespace merged with %s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(true);
  });

  it.each([
    ['`export import` at the top level', 'export function picker() {}\nexport import pick = z.enum;'],
    // Exports `pick` without spelling it: only the module's opacity sends the path to the walk.
    ['`export =`', "import * as api from './other.js';\nexport = api;"],
    ['`export as namespace`', 'export as namespace pick;\nexport declare const enumOf: typeof z.enum;'],
  ])('a module with TypeScript exports a scan cannot list: %s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n`, 'other.ts': "export { z as pick } from 'zod';\n" });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(true);
  });

  it('reads past `export import` inside a namespace, which declares a member of it', () => {
    const root = project({ 'lib.ts': `${ZOD}export function pick() {}\nexport declare namespace tools { export import Z = z; }\n// export import pick = z.enum;\nexport { z };\n` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(false);
  });

  it('a module with CommonJS exports, whatever it declares', () => {
    const root = project({ 'lib.ts': `${ZOD}export function pick() {}\nmodule.exports.pick = z.enum;\n` });
    expect(mayBind(root, 'pick')).toBe(walk(root));
  });
});

describe('a module that spells the name only where it imports or uses it', () => {
  it('passes it on, if at all, from its star lists', () => {
    const root = project({
      // Uses `pick` and passes zod on, but exports `pick` only through its star list.
      'lib.ts': `${ZOD}import { pick as choose } from './a';\nconst pick = choose();\nexport function picked() { return pick; }\nexport { z };\nexport * from './a';\n`,
      'a.ts': 'export function pick() {}\n',
    });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(false);
  });

  it.each([
    ['a later declarator', 'export const other = 1, pick = z.enum;'],
    ['a destructured declarator', 'export const { enum: pick } = z;'],
    ['a namespace re-export', "export * as pick from 'zod';"],
    ['an export form the scan does not read', 'export declare global { const pick: unknown }'],
  ])('is left to the walk when an export may still name it: %s', (_title, declaration) => {
    const root = project({ 'lib.ts': `${ZOD}${declaration}\nexport { z };\n` });
    expect(mayBind(root, 'pick')).toBe(true);
  });

  it('reads a module whose only escapes are in strings, and not one with an escape in code', () => {
    const strings = project({ 'lib.ts': `${ZOD}const reset = '\\u001b[0m';\nexport { z };\nexport * from './a';\n`, 'a.ts': 'export function pick() {}\n' });
    expect(mayBind(strings, 'pick')).toBe(false);
    const code = project({ 'lib.ts': `${ZOD}export const pic\\u006b = z.enum;\nexport { z };\nexport * from './a';\n`, 'a.ts': 'export function other() {}\n' });
    expect(mayBind(code, 'pick')).toBe(true);
  });
});

describe("a name's path through named lists", () => {
  // lib.ts passes zod on (`export { z }`), so the walk says "may": only the list's path can say no.
  const A_DECLARES = "export function choose() {}\nexport interface Chosen { readonly id: string }\nexport const alias = z.enum;\n";

  it.each([
    ['a re-export, renamed', "export { choose as pick } from './a';"],
    ['an import listed again', "import { choose } from './a';\nexport { choose as pick };"],
    ['a type-only re-export of a type', "export type { Chosen as pick } from './a';"],
    ['a type-only entry of an imported type', "import type { Chosen } from './a';\nexport { type Chosen as pick };"],
  ])('follows %s to the declaration', (_title, list) => {
    const root = project({ 'lib.ts': `${ZOD}${list}\nexport { z };\n`, 'a.ts': `${ZOD}${A_DECLARES}` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(false);
  });

  it.each([
    ['to an alias', "export { alias as pick } from './a';"],
    ['to a package', "export { enum as pick } from 'zod';"],
    ['of a namespace import', "import * as pick from './a';\nexport { pick };"],
    ['of a local alias', 'const pick = z.enum;\nexport { pick };'],
    ['twice, which no module that parses does', "export { choose as pick } from './a';\nexport { alias as pick } from './a';"],
  ])('is left to the walk %s', (_title, list) => {
    const root = project({ 'lib.ts': `${ZOD}${list}\nexport { z };\n`, 'a.ts': `${ZOD}${A_DECLARES}` });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(true);
  });
});

describe("a name's path through `export *` lists", () => {
  it('ends at the source that declares it, and reads no other source', () => {
    const root = project({
      'lib.ts': "export * from './a';\nexport * from './b';\n",
      'a.ts': 'export function pick() {}\n',
      // Passes zod on, but not under the name asked for.
      'b.ts': `${ZOD}export { z };\n`,
    });
    expect(walk(root)).toBe(true);
    expect(mayBind(root, 'pick')).toBe(false);
    expect(mayBind(root, 'z')).toBe(true);
  });

  it('never carries a default export', () => {
    const root = project({ 'lib.ts': "export * from './b';\n", 'b.ts': `${ZOD}export default z.enum;\n` });
    expect(mayBind(root, 'default')).toBe(false);
  });

  it('leaves a star list from a package to the walk', () => {
    const root = project({ 'lib.ts': "export * from 'zod';\n" });
    expect(mayBind(root, 'enum')).toBe(true);
  });

  it('ends in a cycle of star lists', () => {
    const root = project({ 'lib.ts': "export * from './a';\n", 'a.ts': "export * from './lib';\nexport function pick() {}\n" });
    expect(mayBind(root, 'pick')).toBe(false);
    expect(mayBind(root, 'absent')).toBe(false);
  });

  it('does not parse the modules behind a module that declares the name (one did, for a list of tools)', () => {
    const root = project({
      // An export list makes the walk follow every import: `schemas.ts`, which passes zod on.
      'lib.ts': "import { Search } from './schemas';\nexport const allTools = [Search];\nexport { Search as SearchSchema };\n",
      'schemas.ts': `${ZOD}export const Search = z.object({});\nexport { z };\n`,
    });
    const schemas = join(root, 'schemas.ts');
    expect(mayBind(root, 'allTools')).toBe(false);
    expect(getModuleParseCounts().get(schemas)).toBeUndefined();
    expect(walk(root)).toBe(true);
    expect(getModuleParseCounts().get(schemas)).toBe(1);
  });
});

describe('freshness', () => {
  it('sees an edit of the module on the next pass', () => {
    const root = project({ 'lib.ts': `${ZOD}export const pick = (list: string[]) => z.enum(list);\nexport { z };\n` });
    expect(mayBind(root, 'pick')).toBe(false);
    writeFileSync(join(root, 'lib.ts'), `${ZOD}export const pick = z.enum;\n`);
    expect(mayBind(root, 'pick')).toBe(true);
  });
});

describe('topLevelStarts', () => {
  /** `walkCode`'s visits of `word` at depth 0: the oracle. */
  function oracle(text: string, word: string): number[] {
    const starts: number[] = [];
    walkCode(text, 0, text.length + 1, (char, at, depth) => {
      if (depth === 0 && char === word[0] && text.startsWith(word, at) && !/[\w$]/.test(text[at - 1] ?? '') && !/[\w$]/.test(text[at + word.length] ?? '')) starts.push(at);
      return false;
    });
    return starts;
  }

  it.each([
    ['code', 'export const a = 1;\nfunction f() { export; }\nexport function b() {}'],
    ['strings and templates', "const s = '{ export';\nconst t = `${ { a: '}' } } export ${'`'}`;\nexport const c = 1;"],
    ['regular expressions', 'const r = /[{(]export/g;\nconst d = a / b / c;\nexport const e = 1;'],
    ['comments before a regular expression', 'const r = /* { */ /[}]/;\nexport const f = 1;\n// export {'],
  ])('finds what walkCode finds in %s', (_title, text) => {
    expect(topLevelStarts(text, 'export', text.length)).toEqual(oracle(text, 'export'));
  });

  const TOKENS = ['export', ' ', '\n', '{', '}', '(', ')', '[', ']', "'", '"', '`', '${', '/', '/*', '*/', '//', '\\', '=', 'a', 'x.export', 'exported'];

  it('agrees with walkCode on any text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }), (tokens) => {
        const text = tokens.join('');
        expect(topLevelStarts(text, 'export', text.length)).toEqual(oracle(text, 'export'));
      }),
      { numRuns: 3000, seed: 20261207 },
    );
  });

  it('reads nothing past its limit', () => {
    expect(topLevelStarts('export const a = 1;', 'export', 5)).toBeUndefined();
  });
});
