import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import {
  BaselineError,
  parseBaseline,
  readBaseline,
  serializeBaseline,
  writeBaseline,
  type BaselineEntry,
} from '../../src/baseline/baseline-file.js';
import { baselinePath, fingerprintOf, type FindingIdentity } from '../../src/baseline/fingerprint.js';
import { assignOccurrences, matchFindings } from '../../src/baseline/matching.js';
import { parseSettings } from '../../src/settings.js';
import { identifyReports } from './identify.js';

/** Identifies every `{ type: 'object' }` literal (by node) and every FIXME comment (by loc). */
function identify(code: string): FindingIdentity[] {
  return identifyReports(code, (context, report) => ({
    ObjectExpression(node) {
      if (context.sourceCode.getText(node).includes('object')) report({ node: node as unknown as TSESTree.Node });
    },
    Program() {
      for (const comment of context.sourceCode.getAllComments()) {
        if (comment.value.includes('FIXME')) report({ loc: comment.loc as TSESTree.SourceLocation });
      }
    },
  }));
}

const SOURCE = `// FIXME: close it
export function build(flag: boolean) {
  if (flag) return { type: 'object' };
  return { type: 'object', properties: {} };
}
`;

const identities = (code: string) => identify(code).map(({ identity, context, snippet }) => ({ identity, context, snippet }));

describe('identifyReport', () => {
  const original = identities(SOURCE);

  it('describes the context and gives a one-line snippet', () => {
    expect(original.map(({ context, snippet }) => [context, snippet])).toEqual([
      [undefined, '// FIXME: close it'],
      ['build', "{ type: 'object' }"],
      ['build', "{ type: 'object', properties: {} }"],
    ]);
  });

  it('ignores inserted lines, indentation, line breaks inside the node and CRLF', () => {
    const edited = `import x from 'x';\n\n\n${SOURCE.replaceAll('\n', '\r\n')}`
      .replace("return { type: 'object' };", "return {\r\n        type:'object'\r\n    };")
      .replaceAll('  ', '\t');
    expect(identities(edited).map(({ identity, context }) => ({ identity, context }))).toEqual(
      original.map(({ identity, context }) => ({ identity, context })),
    );
  });

  it('changes when the reported code or its context changes', () => {
    const renamed = identities(SOURCE.replace('function build', 'function construct'));
    expect(renamed[1]?.identity).not.toBe(original[1]?.identity);
    const edited = identities(SOURCE.replace("return { type: 'object' };", "return { type: 'object', extra: 1 };"));
    expect(edited[1]?.identity).not.toBe(original[1]?.identity);
    expect(edited[2]?.identity).toBe(original[2]?.identity);
  });

  it('shortens long snippets', () => {
    const long = identities(`export const s = { type: 'object', description: '${'x'.repeat(200)}' };\n`);
    expect([...(long[0]?.snippet ?? '')]).toHaveLength(80);
    expect(long[0]?.snippet.endsWith('…')).toBe(true);
  });
});

describe('fingerprints and matching', () => {
  it('fold in rule and POSIX path', () => {
    expect(baselinePath('/repo', '/repo/src/a.ts')).toBe('src/a.ts');
    const base = fingerprintOf('r', 'src/a.ts', 'id');
    expect(base).toMatch(/^[0-9a-f]{20}$/);
    expect(fingerprintOf('other', 'src/a.ts', 'id')).not.toBe(base);
    expect(fingerprintOf('r', 'src/b.ts', 'id')).not.toBe(base);
  });

  it('number identical findings in source order and baseline only the first `count`', () => {
    const findings = assignOccurrences([
      { identity: 'same', start: 50, end: 60, name: 'third' },
      { identity: 'same', start: 10, end: 20, name: 'first' },
      { identity: 'other', start: 30, end: 40, name: 'other' },
      { identity: 'same', start: 30, end: 40, name: 'second' },
    ]).map((finding) => ({ ...finding, fingerprint: finding.identity }));
    expect(findings.map((finding) => [finding.name, finding.occurrence])).toEqual([
      ['first', 0],
      ['other', 0],
      ['second', 1],
      ['third', 2],
    ]);
    const entries: BaselineEntry[] = [
      { path: 'a', rule: 'r', fingerprint: 'same', count: 2 },
      { path: 'a', rule: 'r', fingerprint: 'gone', count: 3 },
    ];
    const result = matchFindings(entries, findings);
    expect(result.baselined.map((finding) => finding.name)).toEqual(['first', 'second']);
    expect(result.new.map((finding) => finding.name)).toEqual(['other', 'third']);
    expect(result.stale).toEqual([{ entry: entries[1], fixed: 3, remaining: 0 }]);
    expect(matchFindings([{ path: 'a', rule: 'r', fingerprint: 'same', count: 5 }], findings).stale).toEqual([
      { entry: { path: 'a', rule: 'r', fingerprint: 'same', count: 5 }, fixed: 2, remaining: 3 },
    ]);
  });
});

describe('the baseline file', () => {
  const entry = (path: string, rule: string, fingerprint: string): BaselineEntry => ({ path, rule, fingerprint, count: 1, snippet: 'x' });
  const fp = (char: string) => char.repeat(20);

  it('serialises sorted by path, rule, fingerprint in code-unit order, whatever the input order', () => {
    const entries = [entry('src/b.ts', 'a', fp('1')), entry('src/a.ts', 'b', fp('0')), entry('src/a.ts', 'a', fp('f')), entry('src/B.ts', 'a', fp('2')), entry('src/a.ts', 'a', fp('0'))];
    const text = serializeBaseline(entries);
    expect(serializeBaseline([...entries].reverse())).toBe(text);
    expect(parseBaseline('/x.json', text).entries.map((e) => `${e.path} ${e.rule} ${e.fingerprint[0]}`)).toEqual([
      'src/B.ts a 2',
      'src/a.ts a 0',
      'src/a.ts a f',
      'src/a.ts b 0',
      'src/b.ts a 1',
    ]);
    expect(serializeBaseline([])).toBe(
      '{\n  "$schema": "https://raw.githubusercontent.com/schema-contract/eslint-plugin-schema-contract/main/schemas/baseline.schema.json",\n  "version": 2,\n  "entries": []\n}\n',
    );
  });

  it('rejects duplicates and absolute or Windows paths, naming the file', () => {
    const duplicate = JSON.stringify({ version: 2, entries: [entry('a.ts', 'r', fp('a')), entry('a.ts', 'r', fp('a'))] });
    expect(() => parseBaseline('/p/b.json', duplicate)).toThrow(/^eslint-plugin-schema-contract: baseline \/p\/b\.json: has two entries for a\.ts r a{20}/);
    for (const path of ['/abs/a.ts', 'C:/a.ts', 'src\\a.ts']) {
      expect(() => parseBaseline('/p/b.json', JSON.stringify({ version: 2, entries: [entry(path, 'r', fp('a'))] }))).toThrow(BaselineError);
    }
    expect(() => parseBaseline('/p/b.json', JSON.stringify({ version: 2, entries: [], extra: 1 }))).toThrow(/the file has an unexpected property$/);
  });

  it('is read once per version, and re-read after an atomic rewrite', () => {
    const directory = mkdtempSync(join(tmpdir(), 'schema-contract-read-'));
    try {
      const file = join(directory, 'baseline.json');
      writeBaseline(file, [entry('a.ts', 'r', fp('a'))]);
      const first = readBaseline(file);
      expect(readBaseline(file)).toBe(first);
      writeBaseline(file, [entry('a.ts', 'r', fp('b'))]);
      const second = readBaseline(file);
      expect(second).not.toBe(first);
      expect(second.entries[0]?.fingerprint).toBe(fp('b'));
      writeFileSync(file, 'not json');
      expect(() => readBaseline(file)).toThrow(/baseline\.json: is not valid JSON/);
      expect(() => readBaseline(file)).toThrow(/baseline\.json: is not valid JSON/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('settings', () => {
  it('accept the baseline hash that baselineConfig() adds, and reject unknown baseline keys', () => {
    expect(parseSettings({ baseline: 'b.json', baselineHash: 'sha256-00' }).baseline).toBe('b.json');
    expect(() => parseSettings({ baselineFile: 'b.json' })).toThrow(/unknown key "baselineFile"/);
  });
});

describe('the rule wrapper', () => {
  it('hands the rule a context with everything ESLint gave it, and only buffers report()', async () => {
    const { createRule } = await import('../../src/util/create-rule.js');
    const seen: Record<string, unknown>[] = [];
    const probe = createRule<[{ level: number }], 'found'>({
      name: 'probe',
      meta: {
        type: 'problem',
        docs: { description: 'Report probes (test)', recommended: false },
        messages: { found: 'found' },
        schema: [{ type: 'object', properties: { level: { type: 'number' } }, additionalProperties: false }],
        defaultOptions: [{ level: 1 }],
      },
      create(context, [options]) {
        seen.push({
          id: context.id,
          filename: context.filename,
          physicalFilename: context.physicalFilename,
          cwd: context.cwd,
          options: context.options,
          level: options.level,
          settings: context.settings,
          text: context.sourceCode.text,
          scope: context.sourceCode.getScope(context.sourceCode.ast).type,
        });
        return { Program: (node) => context.report({ node, messageId: 'found' }) };
      },
    });
    const directory = mkdtempSync(join(tmpdir(), 'schema-contract-wrapper-'));
    try {
      writeBaseline(join(directory, 'b.json'), []);
      const settings = { 'schema-contract': { baseline: 'b.json' } };
      const linter = new Linter({ cwd: directory });
      const messages = linter.verify(
        'const a = 1;\n',
        [{ files: ['**/*.ts'], languageOptions: { parser: tsParser as Linter.Parser }, plugins: { t: { rules: { probe: probe as never } } }, rules: { 't/probe': ['error', { level: 3 }] }, settings }],
        join(directory, 'x.ts'),
      );
      expect(messages.map((message) => message.messageId)).toEqual(['found']);
      expect(seen).toEqual([
        {
          id: 't/probe',
          filename: join(directory, 'x.ts'),
          physicalFilename: join(directory, 'x.ts'),
          cwd: directory,
          options: [{ level: 3 }],
          level: 3,
          settings,
          text: 'const a = 1;\n',
          scope: 'global',
        },
      ]);
      expect(probe.meta.messages).toEqual({ found: 'found', baselineStale: expect.stringContaining('prune the baseline') });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
