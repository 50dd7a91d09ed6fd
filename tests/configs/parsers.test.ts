// The parsers behind the configs and the analysis: the user's @typescript-eslint/parser when it
// loads, and otherwise ESLint's own parser for JavaScript with a one-line error for TypeScript.
import { createRequire } from 'node:module';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { parseWithEslintDefault } from '../../src/analysis/modules/module-parser.js';
import { topLevelScope } from '../../src/analysis/modules/module-graph.js';
import { javaScriptOnlyParser, loadTypeScriptParser } from '../../src/parsers.js';
import schemaContract from '../../src/index.js';

const cwd = import.meta.dirname;
const FALLBACK_RULE = 'schema-contract/no-permissive-schema-fallback';
const PROBLEM = 'typescript is not installed; @typescript-eslint/parser 8.74.0 supports typescript >=4.8.4 <6.1.0';

const JS =
  "export function toolSchema(raw) {\n  try {\n    return JSON.parse(raw);\n  } catch {\n    return { type: 'object' };\n  }\n}\n" +
  "export const tools = [{ name: 'search', inputSchema: toolSchema('{}') }];\n";

async function lintWithStandIn(filePath: string, code: string) {
  const config = { ...schemaContract.configs.recommended, languageOptions: { parser: javaScriptOnlyParser(PROBLEM) } };
  const [result] = await new ESLint({ cwd, overrideConfigFile: true, baseConfig: [config] }).lintText(code, { filePath });
  return result!.messages.map(({ ruleId, fatal, message, line, column }) => ({ ruleId, fatal, message, line, column }));
}

describe('loadTypeScriptParser', () => {
  it('loads the installed @typescript-eslint/parser itself (one copy with typescript-eslint)', () => {
    const installed = createRequire(import.meta.url)('@typescript-eslint/parser') as { meta: unknown; parseForESLint: unknown };
    const status = loadTypeScriptParser();
    expect(status.problem).toBeUndefined();
    expect(status.parser?.parseForESLint).toBe(installed.parseForESLint);
    expect(status.parser?.meta).toBe(installed.meta);
  });
});

describe('the JavaScript-only parser (no loadable TypeScript parser)', () => {
  it('lints JavaScript as ESLint does by default', async () => {
    expect(await lintWithStandIn('src/tools.js', JS)).toEqual([
      { ruleId: FALLBACK_RULE, fatal: undefined, message: expect.stringMatching(/accepts any object/), line: 5, column: 12 },
    ]);
  });

  it('reports a TypeScript file as one parsing error that says what to install', async () => {
    expect(await lintWithStandIn('src/tools.ts', 'export const x: number = 1;\n')).toEqual([
      {
        ruleId: null,
        fatal: true,
        message: `Parsing error: eslint-plugin-schema-contract cannot read TypeScript files: ${PROBLEM}.`,
        line: 1,
        column: 1,
      },
    ]);
  });
});

describe('parseWithEslintDefault (imported modules without TypeScript)', () => {
  it('reads an ES module with its exports and module scope', () => {
    const parsed = parseWithEslintDefault("import { a } from './a.js';\nexport const TABLE = [a];\n", false, false);
    expect(parsed.ast.body.map((node) => node.type)).toEqual(['ImportDeclaration', 'ExportNamedDeclaration']);
    const scope = topLevelScope(parsed.scopeManager.globalScope!);
    expect(scope.type).toBe('module');
    expect([...scope.set.keys()].sort()).toEqual(['TABLE', 'a']);
  });

  it('reads CommonJS with a top-level return and CommonJS scope', () => {
    const parsed = parseWithEslintDefault("const list = require('./list.cjs');\nif (!list) return;\nmodule.exports = { list };\n", true, false);
    const scope = topLevelScope(parsed.scopeManager.globalScope!);
    // Node's module wrapper: top-level bindings live in a function scope, not the global one.
    expect(scope.type).toBe('global');
    expect(scope.childScopes.map((child) => child.type)).toEqual(['function']);
    expect(scope.childScopes[0]!.set.has('list')).toBe(true);
  });

  it('throws on a module that does not parse, for the module graph to treat as unknown', () => {
    expect(() => parseWithEslintDefault('export const = ;', false, false)).toThrow();
  });
});
