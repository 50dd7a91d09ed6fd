import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';

// The rule docs' examples are executable: every ✅ block, linted with `recommended` and with
// `strict`, produces nothing, and every line of a ❌ block that carries a ❌ (in a `// ❌ …`
// comment, or in a JSDoc line's text) is reported by the doc's rule, and no other line of the
// block is. So the rules' fixes agree with
// each other: a doc cannot recommend what another rule reports. A block whose first line names
// `configs.strict` shows a strict-only finding and is linted with `strict` alone.
//
// A block may hold several files: a comment line naming a path (`// glossary/tables.ts`) starts
// one, so imports between them resolve as they would in a project.
//
// A block whose first line is `// options: {…}` (JSON) shows an opt-in finding: it is linted with
// the doc's rule set to those options on top of the config, so a ✅ block is also clean with them.
const OPTIONS_LINE = /^\/\/ options: (\{.*\})$/;

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs', 'rules');
const NAMESPACE = 'schema-contract';
const FILE_HEADER = /^\/\/ ([\w./-]+\.(?:[cm]?[jt]s|tsx))$/;
const FINDING_MARKER = /❌/;

type Verdict = 'incorrect' | 'correct';

interface ExampleBlock {
  readonly verdict: Verdict;
  readonly code: string;
  /** 1-based line of the block's first code line in the doc, for failure messages. */
  readonly docLine: number;
  readonly strictOnly: boolean;
  /** The doc's rule's options the block is linted with, when its first line states them. */
  readonly options: Record<string, unknown> | undefined;
}

/** The fenced code blocks of the `## Examples` section, each under the last ❌/✅ marker before it. */
function exampleBlocks(markdown: string): ExampleBlock[] {
  const lines = markdown.split('\n');
  const blocks: ExampleBlock[] = [];
  let inExamples = false;
  let verdict: Verdict | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('## ')) {
      inExamples = line === '## Examples';
      continue;
    }
    if (!inExamples) continue;
    if (line.startsWith('❌')) verdict = 'incorrect';
    else if (line.startsWith('✅')) verdict = 'correct';
    else if (/^```(?:ts|js|typescript|javascript)$/.test(line)) {
      if (!verdict) throw new Error(`a code block at line ${index + 1} has no ❌/✅ marker before it`);
      const start = index + 1;
      let end = start;
      while (end < lines.length && lines[end] !== '```') end += 1;
      const code = lines.slice(start, end).join('\n');
      const stated = OPTIONS_LINE.exec(lines[start] ?? '');
      const options = stated ? (JSON.parse(stated[1]!) as Record<string, unknown>) : undefined;
      blocks.push({ verdict, code, docLine: start + 1, strictOnly: /configs\.strict/.test(lines[start] ?? ''), options });
      index = end;
    }
  }
  return blocks;
}

/** Splits a block into the files it holds (`example.ts` when it names none). */
function filesOf(code: string): Map<string, string> {
  const files = new Map<string, string>();
  let current = 'example.ts';
  let lines: string[] = [];
  for (const line of code.split('\n')) {
    const header = FILE_HEADER.exec(line);
    if (header) {
      if (lines.some((text) => text.trim() !== '')) files.set(current, lines.join('\n'));
      current = header[1]!;
      lines = [];
      continue;
    }
    lines.push(line);
  }
  files.set(current, lines.join('\n'));
  return files;
}

const workspaces: string[] = [];
afterAll(() => {
  for (const directory of workspaces) rmSync(directory, { recursive: true, force: true });
});

interface Reported {
  readonly location: string;
  readonly ruleId: string | null;
  readonly message: string;
}

async function lint(block: ExampleBlock, config: 'recommended' | 'strict', rule: string): Promise<{ reported: Reported[]; files: Map<string, string> }> {
  const directory = mkdtempSync(join(tmpdir(), 'schema-contract-docs-'));
  workspaces.push(directory);
  const files = filesOf(block.code);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    writeFileSync(join(directory, path), text);
  }
  const configured = block.options ? [{ rules: { [`${NAMESPACE}/${rule}`]: ['error', block.options] } }] : [];
  const eslint = new ESLint({ cwd: directory, overrideConfigFile: true, baseConfig: [plugin.configs[config], ...configured] as never });
  const results = await eslint.lintFiles([...files.keys()]);
  const reported = results.flatMap((result) =>
    result.messages.map((message) => ({
      location: `${result.filePath.slice(directory.length + 1)}:${message.line}`,
      ruleId: message.ruleId,
      message: message.message,
    })),
  );
  return { reported, files };
}

function markedLines(files: Map<string, string>): string[] {
  return [...files].flatMap(([path, text]) => text.split('\n').flatMap((line, index) => (FINDING_MARKER.test(line) ? [`${path}:${index + 1}`] : [])));
}

const docs = readdirSync(DOCS).filter((file) => file.endsWith('.md'));

describe.each(docs)('docs/rules/%s examples', (doc) => {
  const rule = doc.slice(0, -'.md'.length);
  const blocks = exampleBlocks(readFileSync(join(DOCS, doc), 'utf8'));

  it('has ❌ and ✅ examples, and every ❌ block marks its findings', () => {
    expect(blocks.some((block) => block.verdict === 'incorrect')).toBe(true);
    expect(blocks.some((block) => block.verdict === 'correct')).toBe(true);
    for (const block of blocks.filter((candidate) => candidate.verdict === 'incorrect')) {
      expect(markedLines(filesOf(block.code)).length, `the ❌ block at ${doc}:${block.docLine} marks no finding`).toBeGreaterThan(0);
    }
  });

  it.each(blocks.filter((block) => block.verdict === 'correct').map((block) => [block.docLine, block] as const))(
    '✅ block at line %i: nothing in recommended or strict',
    async (_line, block) => {
      for (const config of ['recommended', 'strict'] as const) {
        const { reported } = await lint(block, config, rule);
        expect(reported, `${config}`).toEqual([]);
      }
    },
  );

  it.each(blocks.filter((block) => block.verdict === 'incorrect').map((block) => [block.docLine, block] as const))(
    `❌ block at line %i: each marked line is reported by ${rule}`,
    async (_line, block) => {
      const { reported, files } = await lint(block, block.strictOnly ? 'strict' : 'recommended', rule);
      expect(reported.filter((message) => message.ruleId === null || !message.ruleId.startsWith(`${NAMESPACE}/`))).toEqual([]);
      const byRule = [...new Set(reported.filter((message) => message.ruleId === `${NAMESPACE}/${rule}`).map((message) => message.location))];
      expect(byRule.sort(), `reported by ${rule}: ${JSON.stringify(byRule)}`).toEqual(markedLines(files).sort());
    },
  );
});
