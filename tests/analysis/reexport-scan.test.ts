/**
 * The re-export scan replaced regular expressions that took time quadratic in a file of
 * `// export {` lines. The expressions are kept here as the oracle: on any text, the scan must
 * find everything they found (a superset is safe: it only costs a module read), and it must say
 * the same on the forms real modules use.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBarrel, mayExportQuotedName, relativeSpecifiersIn, starSourcesIn } from '../../src/analysis/modules/reexport-scan.js';

const REEXPORT_FROM = /\bexport\s+(?:type\s+)?(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])(\.[^'"\\]*)\1/g;
const LOCAL_REEXPORT =
  /\bexport\s*(?:\{[^}]*\}(?!\s*from)|default\s+[\w$]+\s*;|=)|\bexport\s+(?:const|let|var)\b[^=;]*(?:=>[^=;]*)*=\s*[A-Za-z_$][\w$]*(?:\s*\??\.\s*[A-Za-z_$][\w$]*)*\s*(?:$|[;,)\n\r!]|as(?![\w$])|satisfies(?![\w$]))/;
// The old expressions ended a name at `\b`, which takes `$` for a boundary; in JavaScript `$` is
// part of a name (`fooas$` is one identifier, not `foo as`), so the oracle ends names as the
// language does. Seed 723738879 drew `= z.objectfooas$"../b.js"`, which only the old `\b` read
// as a re-export.
const RELATIVE_SPECIFIER = /^\.\.?(?:\/[^\n]*)?$/;

function oracleIsBarrel(text: string): boolean {
  return new RegExp(REEXPORT_FROM.source).test(text);
}

/**
 * `skipEscaped`: leave out the strings with an escape instead of answering undefined. The scan
 * decodes them (`'.\u002fx.js'`, the example cases below); the oracle cannot, so where it gives
 * up, the scan must still find every specifier written without one.
 */
function oracleRelativeSpecifiers(text: string, { skipEscaped = false } = {}): string[] | undefined {
  if (LOCAL_REEXPORT.test(text)) {
    const found = new Set<string>();
    const quotes = /['"]/g;
    for (let match = quotes.exec(text); match; match = quotes.exec(text)) {
      if (text[match.index + 1] !== '.') continue;
      const end = text.indexOf(match[0], match.index + 1);
      const candidate = end === -1 ? '' : text.slice(match.index + 1, end);
      if (candidate.includes('\\')) {
        if (skipEscaped) continue;
        return undefined;
      }
      if (RELATIVE_SPECIFIER.test(candidate)) found.add(candidate);
    }
    return [...found];
  }
  if (!text.includes('from')) return [];
  const found = new Set<string>();
  for (const match of text.matchAll(REEXPORT_FROM)) found.add(match[2]!);
  if (/from\s*['"]\.[^'"]*\\/.test(text)) return undefined;
  return [...found];
}

const TOKENS = [
  'export', 'export', ' ', ' ', '\n', '{', '}', '*', 'as', ' as ', 'type', 'from', ' from ', "'", '"', "'./a'", '"../b.js"', './c',
  '.', 'x', 'z', 'z.enum', '=', ' = ', '=>', ';', ',', ')', '!', 'const', ' const ', 'let', 'var', 'default', ' default ', '\\',
  'satisfies', '?.', 'fooas', '$', '// ', '/*', '*/', 'import', '\r\n',
];

/** Whole statements, so that the forms the scan must find are generated often, then cut up by noise. */
const STATEMENTS = [
  "export * from './a.js';", 'export * as ns from "../b";', "export type * from './t';", "export { a, b as c } from './d';",
  'export {\n  e,\n} from "./e.js"', "export { z } from 'zod';", 'export { z };', 'export default z;', 'export = z;',
  'export const zz = z;', 'export const e = z?.enum as never;', 'export let f: (s: string) => unknown = z.object', 'export const o = z.object({});',
  "import { z } from './z.js';", "export * from '.\\u002fq.js';", '// export {', 'export const g = fooas + 1;',
];

const text = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.constantFrom(...STATEMENTS)), { maxLength: 40 })
  .map((tokens) => tokens.join(''));

describe('re-export scan', () => {
  it('finds every barrel and every specifier the regular expressions found', () => {
    fc.assert(
      fc.property(text, (source) => {
        if (oracleIsBarrel(source)) expect(isBarrel(source)).toBe(true);
        const scanned = relativeSpecifiersIn(source);
        // Undefined is the conservative answer: "cannot tell, follow every import".
        if (scanned === undefined) return;
        const expected = oracleRelativeSpecifiers(source) ?? oracleRelativeSpecifiers(source, { skipEscaped: true });
        expect(expected, 'the scan must not be less conservative than the oracle').toBeDefined();
        for (const specifier of expected!) expect(scanned).toContain(specifier);
      }),
      { numRuns: 3000 },
    );
  });

  it('says what the regular expressions said on the forms modules use', () => {
    const cases: [string, boolean, string[] | undefined][] = [
      ["export * from './a.js';\n", true, ['./a.js']],
      ["export * as ns from '../b';\n", true, ['../b']],
      ["export type { T } from './types.js';\n", true, ['./types.js']],
      ['export {\n  a,\n  b as c,\n} from "./d.js";\n', true, ['./d.js']],
      ["export { z } from 'zod';\n", false, []],
      ["import { z } from './z.js';\nexport { z };\n", false, ['./z.js']],
      ["import z from './z.js';\nexport default z;\n", false, ['./z.js']],
      ["import { z } from './z.js';\nexport const zz = z;\n", false, ['./z.js']],
      ["import { z } from './z.js';\nexport const e = z.enum;\n", false, ['./z.js']],
      ["import { z } from './z.js';\nexport const f: (s: string) => unknown = z as never;\n", false, ['./z.js']],
      ["import { z } from './z.js';\nexport const shape = z.object({});\n", false, []],
      ["import { z } from './z.js';\nexport = z;\n", false, ['./z.js']],
      ["export * from '.\\u002fa.js';\n", false, undefined],
      ['// export { a\n// export { b\nexport const T = 1;\n', false, []],
    ];
    for (const [source, barrel, specifiers] of cases) {
      expect(isBarrel(source), source).toBe(barrel);
      expect(oracleIsBarrel(source), source).toBe(barrel);
      expect(relativeSpecifiersIn(source), source).toEqual(specifiers);
      expect(oracleRelativeSpecifiers(source), source).toEqual(specifiers);
    }
  });

  it('lets through every spacing of a re-export that the quick text check must not dismiss', () => {
    // `isBarrel` first asks a regular expression whether the text can hold a re-export at all.
    expect(isBarrel("export type{ T }from'./t'")).toBe(true);
    expect(isBarrel("export\n*\nfrom './a'")).toBe(true);
    expect(isBarrel("export type\t* from './a'")).toBe(true);
    expect(isBarrel("export type\n{\n  T,\n} from './t'")).toBe(true);
    expect(isBarrel("export typeof_ * from './a'")).toBe(false);
    expect(isBarrel("export const a = 1; // { b } from './b'\nexport function f() {}\n")).toBe(false);
  });
});

describe('escapes in the strings of a module that exports local names', () => {
  it('decodes them, and gives up only on a string whose closing quote is escaped', () => {
    const cases: [string, string[] | undefined][] = [
      ["import { z } from '.\\u002fz.js';\nexport { z };\n", ['./z.js']],
      ["import { z } from '\\x2e/z.js';\nexport { z };\n", ['./z.js']],
      // A bundle's pattern strings decode to no specifier: the module is no longer opaque.
      ["import { z } from './z.js';\nexport { z };\nconst digits = '.\\\\d+';\nconst dot = \".\\\\.\";\n", ['./z.js']],
      ["import { z } from './z.js';\nexport { z };\nconst name = './it\\'s.js';\n", undefined],
      // A re-export whose specifier begins with an escape: not read, so every import is followed.
      ["export * from '\\x2e/a.js';\n", undefined],
    ];
    for (const [source, specifiers] of cases) expect(relativeSpecifiersIn(source), source).toEqual(specifiers);
  });
});

describe('later declarators of an exported const', () => {
  // The oracle looked at the first declarator only; a later one may alias an import too
  // (`export const a = 1, pick = z.enum`), so a `,` ending the first initializer counts as one.
  const IMPORT = "import { z } from './z.js';\n";

  it('count an initializer followed by another declarator as a possible alias', () => {
    const cases: [string, string[]][] = [
      ['export const a = 1, pick = z.enum;\n', ['./z.js']],
      ['export const a = 1,\n  pick = z.enum\n', ['./z.js']],
      ['export const half = x / 2, pick = z;\n', ['./z.js']],
      ['export const made = `${f(1, 2)}`, pick = z;\n', ['./z.js']],
      ['export const half = `1` / 2, pick = z;\n', ['./z.js']],
      ['export const a = 1, pick: typeof z.enum = z.enum;\n', ['./z.js']],
      ['export const a = 1, { enum: pick } = z;\n', ['./z.js']],
      ['export const a = 1, { schemas: { enum: pick } } = z;\n', ['./z.js']],
    ];
    for (const [source, specifiers] of cases) expect(relativeSpecifiersIn(IMPORT + source), source).toEqual(specifiers);
  });

  it('count no comma inside brackets, strings, templates, regular expressions or comments, nor a declarator holding a value', () => {
    const cases = [
      'export const a = f(1, 2);\n',
      'export const a = [1, 2];\nexport const b = { c: 1, d: 2 };\n',
      "export const a = 'x, y';\n",
      'export const a = `x, ${f(1, 2)}, y`;\n',
      'export const a = /,[,]/g;\n',
      'export const a = 1 // , b = z\n;\n',
      'export const a = 1 /* , */;\n',
      'export const a = (b: string) => ({ b, c: 1 });\n',
      // Later declarators that hold values, and commas between type arguments.
      'export let a = [1, 2], b = { c: 1, d: 2 };\n',
      'export const createForm = async <T = Record<string, unknown>>(value: T) => value;\n',
      'export const removals = new WeakMap<\n  object,\n  string\n>();\n',
      'export const removals = new WeakMap<\n  object,\n  { removed: Set<string>; base: Record<string, string> }\n>();\n',
      'export const a = 1, { b } = { b: 2 };\n',
    ];
    for (const source of cases) expect(relativeSpecifiersIn(IMPORT + source), source).toEqual([]);
  });

  it('says "may" past the initializer it scans, and reads the end of the text as the declaration\'s end', () => {
    expect(relativeSpecifiersIn(`${IMPORT}export const a = [${'1 + '.repeat(4000)}1];\n`)).toEqual(['./z.js']);
    expect(relativeSpecifiersIn(`${IMPORT}export const a = 1`)).toEqual([]);
  });
});

describe('names exported as strings', () => {
  // Without comments, a quote anywhere inside the braces of an `export {` is what the scan looks for.
  const QUOTED_EXPORT = /\bexport\s*(?:type\s*)?\{[^}]*['"]/;

  it('finds every brace list with a quote in it that the regular expression finds', () => {
    fc.assert(
      fc.property(text, (source) => {
        if (!source.includes('/') && QUOTED_EXPORT.test(source)) expect(mayExportQuotedName(source), source).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('tells a string name from identifiers, across comments', () => {
    const cases: [string, boolean][] = [
      ["const a = 1;\nexport { a as 'T\\x39' };\n", true],
      ["export { 'T\\x39' } from './m.js';\n", true],
      ["export type { 'T' as U } from './m.js';\n", true],
      ["export /* list */ {\n  a, // the first\n  b as 'c',\n};\n", true],
      ["export { a /* } */ as 'x' };\n", true],
      ["export { a, b as c };\nconst d = 'e';\n", false],
      ["export const A = { b: 'c' };\n", false],
      ["export { a /* 'quoted' */ };\n", false],
      ["// export { 'x' }\nconst y = 1;\n", true],
      ["const s = '\\d+';\n", false],
    ];
    for (const [source, expected] of cases) expect(mayExportQuotedName(source), source).toBe(expected);
  });
});


describe('the sources of star lists', () => {
  it('lists the relative modules of `export *`, and none for a module without one', () => {
    expect(starSourcesIn("export * from './a.js';\nexport type * from \"../t\";\nexport * as ns from './b';\nexport { c } from './c';\n")).toEqual(['./a.js', '../t', './b']);
    expect(starSourcesIn('export const a = 1;\nexport function b() {}\n')).toEqual([]);
  });

  it('gives up on a star list from a package, or one it cannot read', () => {
    expect(starSourcesIn("export * from './a';\nexport * from 'zod';\n")).toBeUndefined();
    expect(starSourcesIn("export * /* all */ from './a';\n")).toBeUndefined();
    expect(starSourcesIn("export * from './\\u0061';\n")).toBeUndefined();
  });
});
