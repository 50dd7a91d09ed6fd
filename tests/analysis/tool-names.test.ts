import { describe, expect, it } from 'vitest';
import { describeViolations, TOOL_NAME_CLIENTS, TOOL_NAME_RULES, toolNameViolations, type ToolNameClient } from '../../src/analysis/conventions/tool-names.js';

const refusedBy = (name: string, clients: readonly ToolNameClient[] = TOOL_NAME_CLIENTS): ToolNameClient[] =>
  toolNameViolations(name, clients).map((violation) => violation.rule.client);

describe('tool names, per client', () => {
  it.each([
    ['search_docs', []],
    ['get-weather', []],
    ['DATA_EXPORT_v2', []],
    ['_private', []],
    // The MCP specification's own example, and Gemini's dots: OpenAI and Anthropic refuse the dot.
    ['admin.tools.list', ['openai', 'anthropic']],
    // Gemini's colon; the MCP specification recommends against it.
    ['ns:search', ['openai', 'anthropic', 'mcp']],
    ['files/read', ['openai', 'anthropic', 'gemini', 'mcp']],
    ['search docs', ['openai', 'anthropic', 'gemini', 'mcp']],
    ['', ['openai', 'anthropic', 'gemini', 'mcp']],
    // Gemini alone asks for a letter or `_` first.
    ['2fa_verify', ['gemini']],
    ['-flag', ['gemini']],
    ['recherche_données', ['openai', 'anthropic', 'gemini', 'mcp']],
  ] as const)('%j is refused by %j', (name, clients) => {
    expect(refusedBy(name)).toEqual(clients);
  });

  it('counts the length limit of each client: 64, Anthropic and MCP 128', () => {
    expect(refusedBy('a'.repeat(64))).toEqual([]);
    expect(refusedBy('a'.repeat(65))).toEqual(['openai', 'gemini']);
    expect(refusedBy('a'.repeat(128))).toEqual(['openai', 'gemini']);
    expect(refusedBy('a'.repeat(129))).toEqual(['openai', 'anthropic', 'gemini', 'mcp']);
  });

  it('checks only the clients asked for', () => {
    expect(refusedBy('admin.tools.list', ['mcp', 'gemini'])).toEqual([]);
    expect(refusedBy('admin.tools.list', ['anthropic'])).toEqual(['anthropic']);
  });

  it('names a documented source for every client', () => {
    expect(TOOL_NAME_RULES.map((rule) => rule.client)).toEqual([...TOOL_NAME_CLIENTS]);
    for (const rule of TOOL_NAME_RULES) expect(rule.source).toMatch(/^https:\/\//);
  });
});

describe('describeViolations', () => {
  it('groups the clients that refuse a name for the same reason', () => {
    expect(describeViolations(toolNameViolations('admin.tools.list', TOOL_NAME_CLIENTS))).toBe(
      'OpenAI and Anthropic (`.`; allowed: letters, digits, `_` and `-`)',
    );
  });

  it('says what is wrong for each client: characters, first character, length, emptiness', () => {
    expect(describeViolations(toolNameViolations('search docs', ['openai', 'mcp']))).toBe(
      'OpenAI (a space; allowed: letters, digits, `_` and `-`), the MCP specification (a space; recommended: letters, digits, `_`, `-` and `.`)',
    );
    expect(describeViolations(toolNameViolations('2fa', ['gemini']))).toBe(
      'Gemini (starting with `2`; allowed: letters, digits, `_`, `.`, `:` and `-`, starting with a letter or `_`)',
    );
    expect(describeViolations(toolNameViolations('a'.repeat(70), TOOL_NAME_CLIENTS))).toBe('OpenAI and Gemini (70 characters, over 64)');
    expect(describeViolations(toolNameViolations('', ['openai', 'gemini']))).toBe('OpenAI and Gemini (an empty name)');
    expect(describeViolations(toolNameViolations('tab\there', ['openai']))).toBe('OpenAI (U+0009; allowed: letters, digits, `_` and `-`)');
    expect(describeViolations(toolNameViolations(`${'a'.repeat(70)}.x`, ['openai']))).toBe('OpenAI (`.`; allowed: letters, digits, `_` and `-`; 72 characters, over 64)');
  });
});
