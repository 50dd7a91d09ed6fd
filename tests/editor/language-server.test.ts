import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditor, type EditorSession } from './lsp-client.js';
import { createWorkspace } from './workspace.js';

/**
 * "Enforced in the editor" proven with the server VS Code's ESLint extension runs: diagnostics,
 * edits without saving, a cross-module change on disk, the baseline and a suggestion, all through
 * LSP over stdio. Runs against the built plugin (`npm run build` first; `.ci/run` does).
 */
const repository = join(import.meta.dirname, '..', '..');
if (!existsSync(join(repository, 'dist', 'src', 'index.js'))) {
  throw new Error('tests/editor needs the built plugin: run `npm run build` (npm test does it first)');
}

const DESCRIBED_GLOSSARY = `export const MARKETPLACES = {
  enumPolicy: 'described',
  values: [{ code: 'US' }, { code: 'UK' }, { code: 'DE' }],
};
`;

const CLOSED_GLOSSARY = `export const MARKETPLACES = {
  enumPolicy: 'closed',
  corroboratedBy: ['upstream appendix', 'observed production values'],
  values: [{ code: 'US' }, { code: 'UK' }, { code: 'DE' }],
};
`;

const TOOL_WITH_FINDINGS = `import { MARKETPLACES } from './glossary.js';

declare function zodToJsonSchema(source: unknown): object;

export function buildInputSchema(source: unknown): object {
  try {
    return zodToJsonSchema(source);
  } catch {
    return { type: 'object' };
  }
}

export const searchTool = {
  name: 'search',
  inputSchema: {
    type: 'object',
    properties: {
      marketplace: { type: 'string', enum: MARKETPLACES.values.map((value) => value.code) },
    },
    required: ['marketplace'],
    additionalProperties: false,
  },
};
`;

const TOOL_FALLBACK_FIXED = TOOL_WITH_FINDINGS.replace(
  "  try {\n    return zodToJsonSchema(source);\n  } catch {\n    return { type: 'object' };\n  }",
  '  return zodToJsonSchema(source);',
);

const FALLBACK = 'schema-contract/no-permissive-schema-fallback';
const OPEN_ENUM = 'schema-contract/no-open-glossary-enum';

function byRule(diagnostics: Diagnostic[], rule: string): Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.code === rule);
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (line: number, character: number) => lines.slice(0, line).reduce((sum, item) => sum + item.length + 1, 0) + character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start.line, b.range.start.character) - offset(a.range.start.line, a.range.start.character));
  let result = text;
  for (const edit of sorted) {
    const start = offset(edit.range.start.line, edit.range.start.character);
    const end = offset(edit.range.end.line, edit.range.end.character);
    result = result.slice(0, start) + edit.newText + result.slice(end);
  }
  return result;
}

describe('the VS Code ESLint language server shows this plugin\'s findings', () => {
  let editor: EditorSession;
  let workspace: string;
  let toolFile: string;

  beforeAll(async () => {
    workspace = createWorkspace({ 'src/glossary.ts': DESCRIBED_GLOSSARY, 'src/tools.ts': TOOL_WITH_FINDINGS });
    toolFile = join(workspace, 'src', 'tools.ts');
    editor = await startEditor(workspace);
  }, 60_000);

  afterAll(async () => {
    await editor?.close();
  });

  it('delivers diagnostics with rule ids, messages and ranges when a file is opened', async () => {
    await editor.open(toolFile, TOOL_WITH_FINDINGS);
    const diagnostics = await editor.diagnostics(toolFile);
    const [fallback] = byRule(diagnostics, FALLBACK);
    const [openEnum] = byRule(diagnostics, OPEN_ENUM);
    expect(fallback, editor.log.join('\n')).toBeDefined();
    expect(fallback!.range).toEqual({ start: { line: 8, character: 11 }, end: { line: 8, character: 29 } });
    expect(fallback!.message).toMatch(/accepts any object/);
    expect(openEnum).toBeDefined();
    expect(openEnum!.range).toEqual({ start: { line: 17, character: 43 }, end: { line: 17, character: 89 } });
    expect(openEnum!.message).toMatch(/MARKETPLACES/);
    expect(openEnum!.message).toMatch(/described/);
  }, 60_000);

  it('drops a diagnostic as soon as the open document is fixed, without saving', async () => {
    await editor.change(toolFile, TOOL_FALLBACK_FIXED);
    const diagnostics = await editor.diagnostics(toolFile);
    expect(byRule(diagnostics, FALLBACK)).toEqual([]);
    expect(byRule(diagnostics, OPEN_ENUM)).toHaveLength(1);
  }, 60_000);

  it('sees a glossary module closed on disk when the open tool file is linted again', async () => {
    writeFileSync(join(workspace, 'src', 'glossary.ts'), CLOSED_GLOSSARY);
    await editor.filesChanged([join(workspace, 'src', 'glossary.ts')]);
    // An edit is what makes an editor lint the open file again.
    await editor.change(toolFile, `${TOOL_FALLBACK_FIXED}\n`);
    const diagnostics = await editor.diagnostics(toolFile);
    expect(byRule(diagnostics, OPEN_ENUM)).toEqual([]);
  }, 60_000);
});

const NO_ARGUMENTS_TOOL = `type ToolDefinition = { name: string; inputSchema?: object };

export function listedSchema(def: ToolDefinition): object {
  return def.inputSchema ?? {};
}

export const listed = { name: 'search', inputSchema: listedSchema({ name: 'search' }) };
`;

describe('code actions from the language server', () => {
  let editor: EditorSession;
  let file: string;

  beforeAll(async () => {
    const workspace = createWorkspace({ 'src/list.ts': NO_ARGUMENTS_TOOL });
    file = join(workspace, 'src', 'list.ts');
    editor = await startEditor(workspace);
  }, 60_000);

  afterAll(async () => {
    await editor?.close();
  });

  it('applies the rule\'s suggestion and produces the expected text', async () => {
    await editor.open(file, NO_ARGUMENTS_TOOL);
    const [finding] = byRule(await editor.diagnostics(file), FALLBACK);
    expect(finding, editor.log.join('\n')).toBeDefined();
    const actions = await editor.codeActions(file, finding!.range, [finding!]);
    const suggestion: CodeAction | undefined = actions.find((action) => /additionalProperties: false/.test(action.title));
    expect(suggestion, JSON.stringify(actions.map((action) => action.title))).toBeDefined();
    expect(suggestion!.command?.command).toBe('eslint.applySuggestion');
    const edits = await editor.execute(suggestion!.command!);
    expect(applyEdits(NO_ARGUMENTS_TOOL, edits)).toBe(NO_ARGUMENTS_TOOL.replace('?? {}', "?? { type: 'object', additionalProperties: false }"));
  }, 60_000);
});

const BASELINED_TOOL = `declare function zodToJsonSchema(source: unknown): object;

export function firstSchema(source: unknown): object {
  try {
    return zodToJsonSchema(source);
  } catch {
    return { type: 'object' };
  }
}

export function secondSchema(source: unknown): object {
  try {
    return zodToJsonSchema(source);
  } catch {
    return {};
  }
}
`;

const BASELINED_TOOL_EDITED = `${BASELINED_TOOL.replace("  } catch {\n    return {};\n  }", '  } finally {\n    void 0;\n  }')}
export function thirdSchema(source: unknown): object {
  try {
    return zodToJsonSchema(source);
  } catch {
    return { type: 'object', properties: {} };
  }
}
`;

describe('the baseline in the editor', () => {
  let editor: EditorSession;
  let file: string;

  beforeAll(async () => {
    const config = `export default [
  schemaContract.configs.recommended,
  { settings: { 'schema-contract': { baseline: 'schema-contract-baseline.json' } } },
];`;
    const workspace = createWorkspace({ 'src/tools.ts': BASELINED_TOOL }, config);
    file = join(workspace, 'src', 'tools.ts');
    execFileSync(process.execPath, [join(repository, 'bin', 'schema-contract.js'), 'baseline', 'write'], { cwd: workspace, stdio: 'pipe' });
    editor = await startEditor(workspace);
  }, 60_000);

  afterAll(async () => {
    await editor?.close();
  });

  it('hides baselined findings, shows a new one, and shows a fixed one as "prune the baseline"', async () => {
    await editor.open(file, BASELINED_TOOL);
    expect(byRule(await editor.diagnostics(file), FALLBACK), editor.log.join('\n')).toEqual([]);

    await editor.change(file, BASELINED_TOOL_EDITED);
    const diagnostics = byRule(await editor.diagnostics(file), FALLBACK);
    const stale = diagnostics.filter((diagnostic) => /prune/i.test(diagnostic.message));
    const fresh = diagnostics.filter((diagnostic) => !/prune/i.test(diagnostic.message));
    expect(fresh.map((diagnostic) => diagnostic.range.start.line)).toEqual([BASELINED_TOOL_EDITED.split('\n').indexOf("    return { type: 'object', properties: {} };")]);
    expect(stale).toHaveLength(1);
    expect(stale[0]!.range.start.line).toBe(0);
    expect(stale[0]!.message).toMatch(/fixed/i);
  }, 60_000);
});
