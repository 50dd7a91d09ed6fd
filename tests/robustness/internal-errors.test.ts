/**
 * An internal error must reach the user as ESLint's crash report, naming the rule and the file:
 * a rule (or the shared analysis under it) that caught it would turn a bug into "no finding",
 * which is exactly the silent fail-open this plugin exists to catch in other people's code.
 * Faults are injected into the shared analysis every rule depends on; each rule must let them out.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import plugin from '../../src/index.js';
import { rules } from '../../rules/index.js';
import { makeTempRoot } from './lint-helpers.js';

const FAULT = 'injected internal fault';
const faults = vi.hoisted(() => ({ evaluator: false, imports: false, panic: false }));

vi.mock('../../src/analysis/values/evaluator.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/analysis/values/evaluator.js')>();
  return {
    ...actual,
    getEvaluator: (...args: Parameters<typeof actual.getEvaluator>) => {
      if (faults.evaluator) throw new Error(FAULT);
      return actual.getEvaluator(...args);
    },
  };
});

vi.mock('../../src/analysis/modules/module-graph.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/analysis/modules/module-graph.js')>();
  return {
    ...actual,
    resolveImport: (...args: Parameters<typeof actual.resolveImport>) => {
      if (faults.imports) throw new TypeError(FAULT);
      return actual.resolveImport(...args);
    },
  };
});

/** An imported module whose parse succeeds but whose result breaks what the module graph does next. */
const POISONED_MODULE = 'poisoned-after-parse';
vi.mock('../../src/analysis/modules/module-parser.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/analysis/modules/module-parser.js')>();
  return {
    ...actual,
    parseModuleText: (file: string, text: string) => {
      const result = actual.parseModuleText(file, text);
      if (!file.includes(POISONED_MODULE)) return result;
      return Object.defineProperty({ ...result }, 'visitorKeys', {
        get() {
          throw new TypeError(FAULT);
        },
      });
    },
  };
});

vi.mock('../../src/analysis/panic/panic.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/analysis/panic/panic.js')>();
  return {
    ...actual,
    createPanicDetector: (...args: Parameters<typeof actual.createPanicDetector>) => {
      if (faults.panic) throw new Error(FAULT);
      return actual.createPanicDetector(...args);
    },
  };
});

afterEach(() => {
  faults.evaluator = false;
  faults.imports = false;
  faults.panic = false;
});

/** Code on which every rule reports, so each reaches its analysis. */
const CODE = `
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { REMOTE, REMOTE_SOURCES } from './remote.js';

export const MARKETPLACES = { enumPolicy: 'closed', values: ['US', 'UK', 'DE'] };
export const REGIONS = { enumPolicy: 'described', values: ['eu', 'us'] };
export const UNITS = { enumPolicy: 'closed', corroboratedBy: ['API appendix B'], values: ['g', 'kg'] };
export const SIZES = { enumPolicy: 'closed', corroboratedBy: REMOTE_SOURCES, values: ['s', 'm'] };

export const searchInput = z.object({ region: z.enum(REGIONS.values as [string, ...string[]]), remote: z.enum(REMOTE) });

export function toolSchema(tool: { input: unknown }) {
  try {
    return zodToJsonSchema(tool.input);
  } catch (error) {
    console.warn(error);
    return { type: 'object' };
  }
}

export function mustSchema(literal: object): string {
  if (!literal) throw new Error('tool schema did not marshal');
  return JSON.stringify(literal);
}

export const inputSchema = { type: 'object', properties: { region: { type: 'strnig' } }, requird: ['region'] };

export const namedTools = [{ name: 'search docs', description: 'Search', inputSchema: { type: 'object' } }];
export const tools = [{ name: 'lookup', description: 'Look up', parameters: { type: 'array', items: {} } }];

export function validatorFor(ajv: { compile(schema: object): unknown }, schema: object) {
  try {
    return ajv.compile(schema);
  } catch (error) {
    console.warn(error);
    return () => true;
  }
}
`;
const FILENAME = '/project/src/tools.ts';

function lintWith(ruleName: string): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat', cwd: '/project' });
  return linter.verify(
    CODE,
    [
      {
        files: ['**/*.ts'],
        plugins: { 'schema-contract': plugin },
        languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module' },
        rules: { [`schema-contract/${ruleName}`]: 'error' },
      },
    ],
    { filename: FILENAME },
  );
}

/** Which injected faults reach which rule (a rule that never evaluates values cannot hit the evaluator). */
const RULE_FAULTS: Record<string, (keyof typeof faults)[]> = {
  'no-fail-open-validator': ['evaluator'],
  'no-open-glossary-enum': ['evaluator', 'imports'],
  'no-permissive-schema-fallback': ['evaluator'],
  'no-schema-helper-throw': ['panic'],
  'require-glossary-corroboration': ['evaluator', 'imports'],
  'tool-definition-conventions': ['evaluator'],
  'tool-input-schema-conventions': ['evaluator'],
  'valid-schema-literal': ['evaluator'],
};

describe('internal errors surface as ESLint errors naming rule and file', () => {
  it('covers every rule', () => {
    expect(Object.keys(RULE_FAULTS).sort()).toEqual(Object.keys(rules).sort());
  });

  describe.each(Object.entries(RULE_FAULTS))('%s', (ruleName, ruleFaults) => {
    it('reports on the sample without faults (so the sample reaches its analysis)', () => {
      const messages = lintWith(ruleName);
      expect(messages.filter((message) => message.fatal)).toEqual([]);
      expect(messages.map((message) => message.ruleId)).toContain(`schema-contract/${ruleName}`);
    });

    it.each(ruleFaults)('lets a fault in the %s analysis out', (fault) => {
      faults[fault] = true;
      let thrown: unknown;
      try {
        lintWith(ruleName);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, 'the fault was swallowed: linting finished without an error').toBeInstanceOf(Error);
      const { message } = thrown as Error;
      expect(message).toContain(FAULT);
      expect(message).toContain(`Occurred while linting ${FILENAME}`);
      // A fault in a listener carries the rule id; one in `create` is "Error while loading rule".
      expect(message).toMatch(new RegExp(`Rule: "schema-contract/${ruleName}"|Error while loading rule 'schema-contract/${ruleName}'`));
    });
  });
});

describe('the module graph', () => {
  it('treats an imported module that fails to parse as unknown, but lets an error after the parse out', () => {
    const root = makeTempRoot('internal');
    try {
      fs.writeFileSync(path.join(root, 'broken.ts'), "export const VALUES = ['a',\n");
      fs.writeFileSync(path.join(root, `${POISONED_MODULE}.ts`), "export const VALUES = { enumPolicy: 'described', values: ['a'] };\n");
      const importer = (module: string): string =>
        `import { z } from 'zod';\nimport { VALUES } from './${module}.js';\nexport const input = z.object({ v: z.enum(VALUES.values) });\n`;
      const lint = (module: string): Linter.LintMessage[] =>
        new Linter({ configType: 'flat', cwd: root }).verify(importer(module), [plugin.configs.recommended as Linter.Config], {
          // The importer's own name must not carry the marker: its parse is ESLint's, not the graph's.
          filename: path.join(root, module === 'broken' ? 'first-importer.ts' : 'second-importer.ts'),
        });

      expect(lint('broken')).toEqual([]);
      expect(() => lint(POISONED_MODULE)).toThrow(FAULT);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
