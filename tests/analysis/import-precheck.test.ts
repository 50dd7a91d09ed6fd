import { join } from 'node:path';
import type { TSESLint } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { importsMayHoldFallbackEvidence } from '../../src/analysis/fallback/fallback-precheck.js';
import { mayImportLibraryBinding } from '../../src/analysis/schemas/schema-libraries.js';
import { getEvaluator } from '../../src/analysis/values/evaluator.js';
import { getSettings } from '../../src/settings.js';
import { answerWithProbe } from './probe.js';

// The pre-checks that follow a file's imports (the fallback and helper rules' schema evidence,
// the enum rule's library reach), asked of files that spell none of their rule's words, with the
// modules of tests/rules/no-permissive-schema-fallback/fixtures behind the imports. What each
// answers "no" to, the rule is never run on; that this never hides a finding is
// tests/analysis/precheck-soundness.test.ts's to prove.

const LINTED = join(import.meta.dirname, '..', 'rules', 'no-permissive-schema-fallback', 'fixtures', 'picker.ts');

describe('the pre-checks that follow imports', () => {
  const fallbackMay = (code: string): boolean =>
    answerWithProbe(code, (context) => importsMayHoldFallbackEvidence(context.sourceCode, context.filename, getSettings(context).libraries, getEvaluator(context).libraryEnvironment.checked), LINTED);
  const enumMay = (code: string): boolean => answerWithProbe(code, (context) => mayImportLibraryBinding(context.sourceCode, context.filename, getEvaluator(context).libraryEnvironment), LINTED);

  it('follow a value the file reads out of a module that spells a schema', () => {
    expect(fallbackMay("import { ACCOUNT_SHAPE } from './shapes.js';\nexport const pick = (given?: object) => given ?? ACCOUNT_SHAPE;\n")).toBe(true);
  });

  it('skip the same module when the file names only its types, or nothing of it', () => {
    expect(fallbackMay("import { Account } from './shapes.js';\nexport const pick = (given?: Account) => given ?? {};\n")).toBe(false);
    expect(fallbackMay("import type { Account } from './shapes.js';\nexport const pick = (given?: Account) => given ?? {};\n")).toBe(false);
    expect(fallbackMay("import { ACCOUNT_SHAPE } from './shapes.js';\nexport const pick = (given?: object) => given ?? {};\n")).toBe(false);
  });

  it("skip a type-only import of the module's own types, though its closure reaches a library", () => {
    expect(fallbackMay("import type { Model, ModelList } from './third_party/models.js';\nexport const pick = (given?: ModelList<Model>) => given ?? {};\n")).toBe(false);
    // A namespace, or a name the module passes on from the library, is still asked of its closure.
    expect(fallbackMay("import type * as models from './third_party/models.js';\nexport const pick = (given?: models.Model) => given ?? {};\n")).toBe(true);
    expect(fallbackMay("import type { Model, zod } from './third_party/models.js';\nexport const pick = (given?: Model) => given ?? {};\n")).toBe(true);
  });

  it("still ask whether a type-only import may be a schema library's type behind a barrel", () => {
    expect(fallbackMay("import type { TObject } from './third_party/types.js';\nexport const pick = (given?: TObject) => given ?? {};\n")).toBe(true);
  });

  it("let the enum rule's reach skip a library barrel the file reads only in types", () => {
    expect(enumMay("import { zod } from './third_party/index.js';\nexport const pick = (given?: zod.ZodType) => given;\n")).toBe(false);
    expect(enumMay("import { zod } from './third_party/index.js';\nexport const Sort = zod(SORT_KEYS);\n")).toBe(true);
  });

  // Asked only of a file that spells no factory name (`enum`, `picklist`, `Union`, …): a member
  // called there is no factory, so only the binding called itself, aliased or handed on counts.
  it("let the enum rule's reach skip a barrel whose bindings the file only constructs, reads members of or tests", () => {
    const barrel = "import { zod } from './third_party/index.js';\n";
    expect(enumMay(`${barrel}export const isSchema = (value: unknown) => value instanceof zod.ZodType;\n`)).toBe(false);
    expect(enumMay(`${barrel}export const make = () => new zod.ZodString();\nexport const kind = typeof zod;\n`)).toBe(false);
    expect(enumMay(`${barrel}export const check = (value: unknown) => zod.string().parse(value);\n`)).toBe(false);
  });

  it("still walk it for a binding the file calls itself, aliases or hands on", () => {
    const barrel = "import { zod } from './third_party/index.js';\n";
    expect(enumMay(`${barrel}export const built = zod(SORT_KEYS);\n`)).toBe(true);
    expect(enumMay(`${barrel}export const built = zod?.(SORT_KEYS);\n`)).toBe(true);
    expect(enumMay(`${barrel}const pick = zod;\nexport const built = pick(SORT_KEYS);\n`)).toBe(true);
    expect(enumMay(`${barrel}export const built = wrap(zod, SORT_KEYS);\n`)).toBe(true);
    expect(enumMay(`${barrel}export const built = zod[key](SORT_KEYS);\n`)).toBe(true);
    expect(enumMay(`${barrel}export const made = new Schema(zod);\n`)).toBe(true);
  });

  it("walk a module that passes a library binding on from a later declarator (`export const a = 1, pick = z.enum`)", () => {
    expect(enumMay("import { pick } from './declarators.js';\nexport const Sort = pick(SORT_KEYS);\n")).toBe(true);
    expect(enumMay("import { ROW } from './rows.js';\nexport const Sort = pick(ROW);\n")).toBe(false);
  });

  it("count the linted file's words of prose for nothing, as its vocabulary does", () => {
    // `schema` and `properties` only in a comment's sentence and a message: no code spells them.
    expect(fallbackMay("// Falls back to the stored schema when the row has no properties of its own.\nexport const pick = (given?: object) => given ?? {};\nexport const fail = () => new Error('no schema given');\n")).toBe(false);
    // The same words as code: a name, a key.
    expect(fallbackMay('const schema = {};\nexport const pick = (given?: object) => given ?? schema;\n')).toBe(true);
    expect(fallbackMay('export const pick = (given?: { properties?: object }) => given?.properties ?? {};\n')).toBe(true);
  });

  // The linted file's words are scanned once, with the rule's vocabulary: every word that makes a
  // value a schema by what it is must be in it, or a file spelling only that word as code would be
  // turned away.
  it.each([
    ['a converter', 'export const pick = (given?: object) => given ?? toJsonSchema(given);\n'],
    ['Ajv', 'export const pick = (given?: object) => given ?? ajv.getSchema(given);\n'],
    ['a validator', 'export const pick = (given?: object) => given ?? new Validator(given);\n'],
    ['a compile call', 'export const pick = (given?: object) => given ?? compile(given);\n'],
    ['a library name', 'export const pick = (given?: object) => given ?? zod.any();\n'],
    ['a `$ref` key', "export const pick = (given?: object) => given ?? { $ref: '#/x' };\n"],
    ['a `properties` key', 'export const pick = (given?: object) => given ?? { properties: {} };\n'],
    ['a `not` key', 'export const pick = (given?: object) => given ?? { not: {} };\n'],
    ['an enum', 'enum Kind { A }\nexport const pick = (given?: object) => given ?? Kind;\n'],
  ])("take %s in the linted file's code for evidence", (_name, code) => {
    expect(fallbackMay(code)).toBe(true);
  });

  it('end a comment between a word and what follows it at its own `*/`, not a later one', () => {
    // `b /* two */ [k]` is a member read, no computed key: the gap after `a,` ends at `b`. A
    // block comment that could also end at a later `*/` took `/* one */ b /* two */` for one.
    expect(fallbackMay("const k = 'ty';\nexport const pick = (given?: object) => given ?? f(a, /* one */ b /* two */ [k]);\n")).toBe(false);
    expect(fallbackMay("const k = 'ty';\nexport const pick = (given?: object) => given ?? { /* one */ [k]: 1 };\n")).toBe(true);
  });

  it('read a table of commented entries in time linear in its length', () => {
    // 150,000 entries (`, /* 7 */ 7`) and a computed key at the end. That comment ending at any
    // later `*/` made every entry rescan the rest of the text: minutes for this text, against
    // milliseconds now. The file needs no parse: its own text holds the evidence, so the answer
    // comes before any import is read.
    const entries = Array.from({ length: 150_000 }, (_, index) => `  /* ${index} */ ${index},`).join('\n');
    const text = `export const TABLE = [\n${entries}\n];\nexport const key = { ['ty' + 'pe']: 'object' };\n`;
    const sourceCode = { text } as unknown as TSESLint.SourceCode;
    expect(importsMayHoldFallbackEvidence(sourceCode, LINTED, { zod: [], typebox: [], valibot: [] }, new Set())).toBe(true);
  }, 10_000);

  it('take no key inside a longer name for evidence', () => {
    // long-names.ts spells `enum`, `properties` and `parameters` inside `enumerable`,
    // `defineProperties` and `ConstructorParameters`.
    expect(fallbackMay("import { LIMITS } from './long-names.js';\nexport const pick = (given?: object) => given ?? LIMITS;\n")).toBe(false);
  });
});
