/** Shared set-up for the robustness tests: every rule, every config, on files in a temp dir. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import plugin from '../../src/index.js';
import { rules } from '../../rules/index.js';

const NAMESPACE = 'schema-contract';

/**
 * Every rule at its defaults (the configs leave out rules that are not recommended), then both
 * shipped configs, then every rule with project settings that mark glossary modules and tables.
 */
export function allConfigurations(): { name: string; config: Linter.Config[] }[] {
  const everyRule: Linter.Config = {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { [NAMESPACE]: plugin },
    languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module' },
    rules: Object.fromEntries(Object.keys(rules).map((name) => [`${NAMESPACE}/${name}`, 'error'])),
  };
  return [
    { name: 'every rule, defaults', config: [everyRule] },
    { name: 'recommended', config: [plugin.configs.recommended as Linter.Config] },
    { name: 'strict', config: [plugin.configs.strict as Linter.Config] },
    {
      name: 'every rule, with settings',
      config: [
        {
          ...everyRule,
          settings: {
            [NAMESPACE]: {
              glossary: { modules: ['**/m0.*', '**/glossary.*'], closed: ['t0'], described: ['t1', 'e1'] },
              libraries: { zod: ['./m1.js'] },
            },
          },
        },
      ],
    },
  ];
}

export function makeTempRoot(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `schema-contract-${prefix}-`));
}

export interface TimedLint {
  messages: Linter.LintMessage[];
  ms: number;
}

/** Lints `file` (already on disk, so imports of it from siblings resolve) with one configuration. */
export function lintFile(cwd: string, file: string, config: Linter.Config[], text = fs.readFileSync(file, 'utf8')): TimedLint {
  const linter = new Linter({ configType: 'flat', cwd });
  const started = performance.now();
  const messages = linter.verify(text, config, { filename: file });
  return { messages, ms: performance.now() - started };
}

export const fatalMessages = (messages: Linter.LintMessage[]): Linter.LintMessage[] =>
  messages.filter((message) => message.fatal);
