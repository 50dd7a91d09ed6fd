import { join } from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { importsMayHoldFallbackEvidence } from '../../src/analysis/fallback/fallback-precheck.js';
import { mayImportLibraryBinding } from '../../src/analysis/schemas/schema-libraries.js';
import { readsImportAsValue } from '../../src/analysis/syntax/import-uses.js';
import { getEvaluator } from '../../src/analysis/values/evaluator.js';
import { getSettings } from '../../src/settings.js';
import { lintWithProbe } from './probe.js';

// An import the linted file reads only in types hands the evaluator no value: the pre-checks
// that follow imports (the fallback and helper rules' evidence, the enum rule's library reach)
// skip the modules behind it, or ask only whether a type there can be a schema library's.

const FIXTURES = join(import.meta.dirname, '..', 'rules', 'no-permissive-schema-fallback', 'fixtures');
const LINTED = join(FIXTURES, 'picker.ts');

function answer<T>(code: string, ask: (context: Readonly<TSESLint.RuleContext<string, []>>) => T): T {
  let result: { value: T } | undefined;
  const messages = lintWithProbe(
    code,
    (context) => {
      result = { value: ask(context) };
      return {};
    },
    LINTED,
  );
  if (!result) throw new Error(`the probe did not run: ${messages.map((message) => message.message).join('; ')}`);
  return result.value;
}

describe('readsImportAsValue', () => {
  const readsValue = (code: string): boolean =>
    answer(code, (context) => readsImportAsValue(context.sourceCode.ast.body[0] as TSESTree.ImportDeclaration, context.sourceCode.scopeManager));

  it.each([
    ['a call', "import { X } from './a';\nX();"],
    ['`typeof` in a type, which names the value', "import { X } from './a';\nlet y: typeof X;"],
    ['an export list', "import { X } from './a';\nexport { X };"],
    ['a default export', "import { X } from './a';\nexport default X;"],
    ['`extends`', "import { X } from './a';\nclass A extends X {}"],
    ['a decorator', "import { X } from './a';\nclass A { @X p = 1; }"],
    ['an `import =` alias of a namespace member', "import { X } from './a';\nimport Y = X.Y;\nlet q: Y;"],
    ['one value binding among type ones', "import { type T, X } from './a';\nlet y: T = X;"],
  ])('reads a value: %s', (_name, code) => {
    expect(readsValue(code)).toBe(true);
  });

  it.each([
    ['an annotation', "import { X } from './a';\nlet y: X;"],
    ['`as`', "import { X } from './a';\nconst y = 1 as X;"],
    ['`implements`', "import { X } from './a';\nclass A implements X {}"],
    ['a namespace member in a type', "import * as ns from './a';\nlet y: ns.T;"],
    ['a type argument', "import { X } from './a';\nconst y = f<X>();"],
    ['`export type`', "import { X } from './a';\nexport type { X };"],
    ['`import type`', "import type { X } from './a';\nX;"],
    ['inline `type` bindings', "import { type X, type Y } from './a';\nlet y: X | Y;"],
    ['no reference at all', "import { X } from './a';\nconst y = 1;"],
    ['a parameter of the same name', "import { X } from './a';\nfunction f(X: number) { return X; }"],
  ])('reads no value: %s', (_name, code) => {
    expect(readsValue(code)).toBe(false);
  });
});

describe('the pre-checks that follow imports', () => {
  const fallbackMay = (code: string): boolean =>
    answer(code, (context) => importsMayHoldFallbackEvidence(context.sourceCode, context.filename, getSettings(context).libraries, getEvaluator(context).libraryEnvironment.checked));
  const enumMay = (code: string): boolean => answer(code, (context) => mayImportLibraryBinding(context.sourceCode, context.filename, getEvaluator(context).libraryEnvironment));

  it('follow a value the file reads out of a module that spells a schema', () => {
    expect(fallbackMay("import { ACCOUNT_SHAPE } from './shapes.js';\nexport const pick = (given?: object) => given ?? ACCOUNT_SHAPE;\n")).toBe(true);
  });

  it('skip the same module when the file names only its types, or nothing of it', () => {
    expect(fallbackMay("import { Account } from './shapes.js';\nexport const pick = (given?: Account) => given ?? {};\n")).toBe(false);
    expect(fallbackMay("import type { Account } from './shapes.js';\nexport const pick = (given?: Account) => given ?? {};\n")).toBe(false);
    expect(fallbackMay("import { ACCOUNT_SHAPE } from './shapes.js';\nexport const pick = (given?: object) => given ?? {};\n")).toBe(false);
  });

  it("still ask whether a type-only import may be a schema library's type behind a barrel", () => {
    expect(fallbackMay("import type { TObject } from './third_party/types.js';\nexport const pick = (given?: TObject) => given ?? {};\n")).toBe(true);
  });

  it("let the enum rule's reach skip a library barrel the file reads only in types", () => {
    expect(enumMay("import { zod } from './third_party/index.js';\nexport const pick = (given?: zod.ZodType) => given;\n")).toBe(false);
    expect(enumMay("import { zod } from './third_party/index.js';\nexport const Sort = zod.enum(SORT_KEYS);\n")).toBe(true);
  });
});
