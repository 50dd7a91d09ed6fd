import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { readsImportAsValue } from '../../src/analysis/syntax/import-uses.js';
import { answerWithProbe } from './probe.js';

// An import the linted file reads only in types hands the evaluator no value: the pre-checks
// that follow imports skip the modules behind it (tests/analysis/import-precheck.test.ts).

describe('readsImportAsValue', () => {
  const readsValue = (code: string): boolean =>
    answerWithProbe(code, (context) => readsImportAsValue(context.sourceCode.ast.body[0] as TSESTree.ImportDeclaration, context.sourceCode.scopeManager));

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
