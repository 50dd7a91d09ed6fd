import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectEnv } from '../install/harness.js';
import { startEditor, type EditorSession } from './lsp-client.js';
import { installForEditor, type EditorInstall } from './workspace.js';

/**
 * "Enforced in the editor" proven with the server VS Code's ESLint extension runs: diagnostics,
 * edits without saving, a cross-module change on disk, the baseline (and pruning it from a
 * terminal) and a suggestion, all through LSP over stdio, against the packed package installed by
 * npm, and always the same findings as `eslint` on the same file.
 */
let install: EditorInstall;

beforeAll(() => {
  install = installForEditor();
}, 300_000);
afterAll(() => install?.remove(), 120_000);

/** What the `eslint` command reports for a file of the workspace, in the shape of the editor's diagnostics. */
function eslintFindings(workspace: string, file: string): { code: string | null; message: string; range: Diagnostic['range'] }[] {
  const result = spawnSync(process.execPath, [install.bins.eslint, '--format', 'json', file], { cwd: workspace, encoding: 'utf8', env: projectEnv() });
  const [report] = JSON.parse(result.stdout) as [{ messages: { ruleId: string | null; message: string; line: number; column: number; endLine: number; endColumn: number }[] }];
  return report.messages.map((message) => ({
    code: message.ruleId,
    message: message.message,
    range: { start: { line: message.line - 1, character: message.column - 1 }, end: { line: message.endLine - 1, character: message.endColumn - 1 } },
  }));
}

function sameAsEslint(diagnostics: readonly Diagnostic[]): { code: string | null; message: string; range: Diagnostic['range'] }[] {
  return diagnostics.map((diagnostic) => ({ code: (diagnostic.code as string | undefined) ?? null, message: diagnostic.message, range: diagnostic.range }));
}

const byPosition = <T extends { range: Diagnostic['range'] }>(list: T[]): T[] =>
  [...list].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);

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
    workspace = install.createWorkspace({ 'src/glossary.ts': DESCRIBED_GLOSSARY, 'src/tools.ts': TOOL_WITH_FINDINGS });
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
    expect(byPosition(sameAsEslint(diagnostics))).toEqual(byPosition(eslintFindings(workspace, 'src/tools.ts')));
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
    const workspace = install.createWorkspace({ 'src/list.ts': NO_ARGUMENTS_TOOL });
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
  let workspace: string;
  let file: string;
  const schemaContract = (...args: string[]) =>
    execFileSync(process.execPath, [install.bins.schemaContract, ...args], { cwd: workspace, encoding: 'utf8', env: projectEnv() });

  beforeAll(async () => {
    const config = `import { baselineConfig } from 'eslint-plugin-schema-contract/baseline';

export default [schemaContract.configs.recommended, baselineConfig()];`;
    workspace = install.createWorkspace({ 'src/tools.ts': BASELINED_TOOL }, config);
    file = join(workspace, 'src', 'tools.ts');
    schemaContract('baseline', 'write');
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

  it('reports exactly what `eslint` reports for the same file, once it is saved', async () => {
    writeFileSync(file, BASELINED_TOOL_EDITED);
    const diagnostics = await editor.diagnostics(file);
    expect(diagnostics.map((diagnostic) => diagnostic.message).filter((message) => /prune/i.test(message))).toHaveLength(1);
    expect(byPosition(sameAsEslint(diagnostics))).toEqual(byPosition(eslintFindings(workspace, 'src/tools.ts')));
  }, 60_000);

  it('drops the "prune" diagnostic on the next lint after `schema-contract baseline prune` in a terminal', async () => {
    expect(schemaContract('baseline', 'prune')).toMatch(/^Pruned schema-contract-baseline\.json: 1 finding\(s\) in 1 entry \(0 added, 1 removed\)\.\n$/);
    await editor.filesChanged([join(workspace, 'schema-contract-baseline.json')]);
    // The next lint: what any keystroke triggers.
    await editor.change(file, BASELINED_TOOL_EDITED);
    const diagnostics = await editor.diagnostics(file);
    expect(diagnostics.filter((diagnostic) => /prune/i.test(diagnostic.message))).toEqual([]);
    expect(byRule(diagnostics, FALLBACK)).toHaveLength(1);
    expect(byPosition(sameAsEslint(diagnostics))).toEqual(byPosition(eslintFindings(workspace, 'src/tools.ts')));
  }, 60_000);
});
