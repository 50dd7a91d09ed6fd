import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { getEvaluator } from '../../src/analysis/values/evaluator.js';
import { resolveLibraryReference } from '../../src/analysis/schemas/schema-libraries.js';
import { probe, show } from './probe.js';

describe('schema libraries', () => {
  const root = mkdtempSync(join(tmpdir(), 'schema-contract-libs-'));
  mkdirSync(join(root, 'third_party'));
  writeFileSync(join(root, 'third_party/index.ts'), "export { z as zod } from 'zod';\nexport * from 'valibot';\n");
  const file = join(root, 'server.ts');

  it('follows a project barrel that re-exports the library under another name', () => {
    const { value } = probe("import { zod } from './third_party/index.js';\nconst probe = zod\n  .enum(['a'])\n  .optional();", { filename: file });
    expect(show(value)).toBe('<zod:enum.optional>');
    const star = probe("import { picklist } from './third_party';\nconst probe = picklist(['a']);", { filename: file });
    expect(show(star.value)).toBe('<valibot:picklist>');
  });

  it('honours extra library specifiers from settings', () => {
    const settings = { 'schema-contract': { libraries: { zod: ['@acme/zod'] } } };
    expect(show(probe("import { z } from '@acme/zod'; const probe = z.any();", { settings }).value)).toBe('<zod:any>');
    expect(show(probe("import { z } from '@acme/zod'; const probe = z.any();").value)).toBe('<unknown>');
  });

  it('resolves a library member used as a callback', () => {
    const { value, context } = probe("import { z } from 'zod'; const T = ['a']; const probe = T.map(z.literal);");
    const call = value.node as TSESTree.CallExpression;
    const evaluator = getEvaluator(context);
    expect(resolveLibraryReference(evaluator.module, call.arguments[0]!, evaluator.libraryEnvironment)).toEqual({ library: 'zod', path: ['literal'] });
  });
});
