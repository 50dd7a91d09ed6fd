import type { ReportedTool, ToolsReport } from './tools-command.js';
import type { ServerComparison } from './server-match.js';
import { toolLabel, type ToolsComparison } from './tools-diff.js';

/** The `tools` inventory as text (a table, then each tool) and as markdown for a CI job summary. */

const FORM_WORDS: Readonly<Record<ReportedTool['form'], string>> = {
  'mcp-register-tool': 'MCP registerTool',
  'mcp-tool': 'MCP tool()',
  'list-tools-result': 'ListTools result',
  'ai-sdk-tool': 'AI SDK tool()',
  'keyed-map': 'keyed tool map',
  factory: 'tool factory',
  relay: 'relay',
  definition: 'tool definition',
};

const nameOf = toolLabel;

function compatibilityCell(verdict: ReportedTool['compatibility'][number]): string {
  switch (verdict.status) {
    case 'compatible':
      return 'ok';
    case 'no-known-problem':
      return 'ok as known';
    case 'not-known':
      return 'not known';
    case 'incompatible':
      return `${verdict.problems.length} problem(s)`;
  }
}

function compatibilityLine(verdict: ReportedTool['compatibility'][number]): string {
  const problems = verdict.problems.map((problem) => `${problem.text} (${problem.file}:${problem.line})`).join('; ');
  return `${verdict.client}: ${compatibilityCell(verdict)}${problems === '' ? '' : `: ${problems}`}`;
}

function comparisonHeadline(comparison: ToolsComparison, now: number): string {
  const count = comparison.changes.length;
  return `Compared with ${comparison.ref} (${comparison.commit.slice(0, 12)}): ${comparison.tools} tool(s) then, ${now} now, ${count === 0 ? 'no change' : `${count} change(s)`} to the tools.`;
}

function comparisonText(report: ToolsReport): string[] {
  const { comparison } = report;
  if (!comparison) return [];
  const rows = comparison.changes.map((change) => [change.tool, `${change.file}:${change.line}`, change.text]);
  return ['', comparisonHeadline(comparison, report.tools.length), ...(rows.length === 0 ? [] : ['', ...table(rows)])];
}

function comparisonMarkdown(report: ToolsReport): string[] {
  const { comparison } = report;
  if (!comparison) return [];
  const lines = ['', `### Changes since \`${cell(comparison.ref)}\``, '', comparisonHeadline(comparison, report.tools.length)];
  if (comparison.changes.length > 0) lines.push('', ...comparison.changes.map((change) => `- \`${cell(change.tool)}\` (${cell(`${change.file}:${change.line}`)}): ${cell(change.text)}`));
  return lines;
}

/** The command as a shell would take it back: an argument with a space or quote is quoted. */
function commandLine(command: readonly string[]): string {
  return command.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(' ');
}

function serverHeadline(server: ServerComparison): string {
  const count = server.mismatches.length;
  return `Held against the running server (${commandLine(server.command)}): ${server.tools} tool(s) listed, ${count === 0 ? 'no mismatch with the source' : `${count} mismatch(es) with the source`}.`;
}

function serverText(report: ToolsReport): string[] {
  const { server } = report;
  if (!server) return [];
  const rows = server.mismatches.map((mismatch) => [mismatch.tool, mismatch.file === undefined ? '—' : `${mismatch.file}:${mismatch.line}`, mismatch.kind, mismatch.text]);
  return ['', serverHeadline(server), ...(rows.length === 0 ? [] : ['', ...table(rows)])];
}

function serverMarkdown(report: ToolsReport): string[] {
  const { server } = report;
  if (!server) return [];
  const lines = ['', '### The running server', '', serverHeadline(server)];
  const where = (mismatch: ServerComparison['mismatches'][number]): string => (mismatch.file === undefined ? '' : ` (${cell(`${mismatch.file}:${mismatch.line}`)})`);
  if (server.mismatches.length > 0) lines.push('', ...server.mismatches.map((mismatch) => `- ${mismatch.kind} \`${cell(mismatch.tool)}\`${where(mismatch)}: ${cell(mismatch.text)}`));
  return lines;
}

function enumWords(entry: ReportedTool['enums'][number]): string {
  const what = entry.property === null ? `enum at line ${entry.line}` : `${entry.property} (line ${entry.line})`;
  if (entry.tables.length === 0) return `${what}: ${entry.values === null ? 'values not known statically' : `literal ${entry.values.join(', ')}`}`;
  const tables = entry.tables.map((table) => {
    const sources = table.sources === null ? '' : `, ${table.sources.length} source(s): ${table.sources.join('; ')}`;
    return `${table.name} (${table.policy}${sources}; ${table.file}:${table.line})`;
  });
  return `${what}: ${tables.join(', ')}`;
}

function summaryLine(report: ToolsReport): string {
  const { tools, unfollowed, findings, newFindings } = report.summary;
  const held = report.baseline === null ? 'no baseline' : `${findings - newFindings} held by the baseline ${report.baseline}`;
  return `${tools} tool(s) in ${report.files} file(s) linted: ${unfollowed} with a schema not followed, ${findings} finding(s) on their paths (${newFindings} new, ${held}).`;
}

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
}

export function formatText(report: ToolsReport): string {
  const lines = [summaryLine(report)];
  if (report.tools.length === 0) return `${[...lines, ...comparisonText(report), ...serverText(report)].join('\n')}\n`;
  const rows = [['tool', 'where', 'form', 'input schema', ...report.clients, 'findings']];
  for (const tool of report.tools) {
    const input = tool.input === null ? '—' : tool.input.build.kind === 'not-followed' || tool.unfollowed ? 'not followed' : tool.input.description.replace(/`/g, '');
    rows.push([
      nameOf(tool),
      `${tool.file}:${tool.line}`,
      FORM_WORDS[tool.form],
      input.length > 40 ? `${input.slice(0, 39)}…` : input,
      ...tool.compatibility.map(compatibilityCell),
      String(tool.findings.length),
    ]);
  }
  lines.push('', ...table(rows));
  for (const tool of report.tools) {
    lines.push('', `${nameOf(tool)}  ${tool.file}:${tool.line}  ${FORM_WORDS[tool.form]}`);
    for (const schema of [tool.input, tool.output]) {
      if (schema) lines.push(`  ${schema.key} (line ${schema.line}${schema.file === tool.file ? '' : ` of ${schema.file}`}): ${schema.description}`);
    }
    if (!tool.input) lines.push('  input schema: none given');
    for (const entry of tool.enums) lines.push(`  enum ${enumWords(entry)}`);
    for (const verdict of tool.compatibility) lines.push(`  ${compatibilityLine(verdict)}`);
    for (const finding of tool.findings) {
      lines.push(`  ${finding.baselined ? 'baselined' : 'new'}  ${finding.file}:${finding.line}:${finding.column}  ${finding.rule}  ${finding.message}`);
    }
  }
  lines.push(...comparisonText(report), ...serverText(report));
  return `${lines.join('\n')}\n`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function formatMarkdown(report: ToolsReport): string {
  const lines = ['## Tools', '', summaryLine(report), ''];
  if (report.tools.length === 0) return `${[...lines.slice(0, -1), ...comparisonMarkdown(report), ...serverMarkdown(report)].join('\n')}\n`;
  const clientHeads = report.clients.map((client) => ` ${client} |`).join('');
  lines.push(`| Tool | Where | Form | Input schema | Enums |${clientHeads} Findings |`, `| :-- | :-- | :-- | :-- | :-- |${report.clients.map(() => ' :-- |').join('')} --: |`);
  for (const tool of report.tools) {
    const input = tool.input === null ? '—' : tool.input.description;
    const enums = tool.enums.length === 0 ? '—' : tool.enums.map(enumWords).join('<br>');
    const findings = tool.findings.length === 0 ? '0' : `${tool.findings.length} (${tool.findings.filter((finding) => !finding.baselined).length} new)`;
    const verdicts = tool.compatibility.map((verdict) => ` ${cell(verdict.problems.length === 0 ? compatibilityCell(verdict) : verdict.problems.map((problem) => problem.text).join('<br>'))} |`).join('');
    lines.push(`| ${cell(`\`${nameOf(tool)}\``)} | ${cell(`${tool.file}:${tool.line}`)} | ${FORM_WORDS[tool.form]} | ${cell(input)} | ${cell(enums)} |${verdicts} ${findings} |`);
  }
  const all = report.tools.flatMap((tool) => tool.findings.map((finding) => ({ tool, finding })));
  if (all.length > 0) {
    lines.push('', '### Findings on the tools\' paths', '');
    for (const { tool, finding } of all) {
      lines.push(`- ${finding.baselined ? 'baselined' : '**new**'} \`${finding.rule}\` at ${finding.file}:${finding.line} (${cell(`\`${nameOf(tool)}\``)}): ${cell(finding.message)}`);
    }
  }
  lines.push(...comparisonMarkdown(report), ...serverMarkdown(report));
  return `${lines.join('\n')}\n`;
}
