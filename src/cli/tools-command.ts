import { existsSync, statSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { readBaseline } from '../baseline/baseline-file.js';
import { baselinePath } from '../baseline/fingerprint.js';
import { describeBuild, isUnfollowed, type SchemaBuild } from '../analysis/flow/tool-schema-build.js';
import { collect, type RawFinding } from './collect.js';
import { compare } from './compare.js';
import { describeFailure } from './errors.js';
import { explainImport } from './explain.js';
import { existingFile } from './file-arguments.js';
import { createProgress } from './progress.js';
import { CLIENT_NAMES, type ClientName } from '../analysis/conventions/client-profiles.js';
import { checkOutRevision } from './git-revision.js';
import { INVENTORY_PLUGIN, inventoryRule, type InventorySchema, type InventoryTool } from './tool-inventory.js';
import { compareInventories, type ToolsComparison } from './tools-diff.js';
import { formatMarkdown, formatText } from './tools-format.js';
import { ServerListingError } from './server-listing.js';
import { heldAgainstServer, type ServerComparison } from './server-match.js';
import { UsageError } from './usage-error.js';
import { parseOptions, TOOLS_OPTIONS } from './command-options.js';

export const TOOLS_SYNOPSIS = 'Usage: schema-contract tools [files or globs...] [--format text|json|markdown] [--fail-on unfollowed|findings|mismatch] [--compare GIT-REF] [--clients LIST] [--config FILE] [--baseline FILE] [--quiet] [--server [--server-timeout SECONDS] -- COMMAND [ARGS...]]';

export const TOOLS_USAGE = `${TOOLS_SYNOPSIS}

Lists every tool definition and registration the rules' sink analysis recognises in the files
(default "."), linted with your ESLint config: per tool its name (or the expression that names
it), file:line, form, how its input and output schemas are built (or why the analysis does not
follow them), the enums in them with the table each comes from and its policy, and the plugin's
findings on the tool's path (its definition, its schemas' code, the helpers that build them and
the glossary tables its enums copy), each marked as held by the baseline or new.

Options:
  --format NAME      text (default), json (described by schemas/tools.schema.json) or markdown
  --fail-on WHAT     unfollowed: exit 1 if a tool's schema is not followed; findings: exit 1 if a
                     finding on a tool's path is not held by the baseline (repeat with a comma:
                     unfollowed,findings); mismatch: exit 1 if --server finds a mismatch
  --compare REF      Also list the tools of the code at git revision REF (a branch, tag or
                     commit, read with git archive into a temporary directory) and what changed
                     per tool: added or removed, a schema built another way, enum values added
                     or removed, a contract switched off (permissive) or no longer followed
  --clients LIST     The clients the server targets, comma-separated (openai-strict, gemini,
                     anthropic, cursor): a compatibility column each, from the documented
                     profiles tool-input-schema-conventions checks (default: the clients your
                     ESLint config gives that rule; none: no column)
  --server -- CMD    Also start the MCP server CMD [ARGS...] (everything after \`--\`; patterns go
                     before it) over stdio with the MCP SDK's client, list its tools and hold
                     them against the source by name: a tool listed with a schema that accepts any
                     object while the source builds one, a tool not listed, an enum the listing
                     lacks, a listed tool the source does not have (needs @modelcontextprotocol/sdk)
  --server-timeout S Seconds the server has to start, initialize and list its tools (default 30)
  --baseline FILE    Baseline that holds findings (default: the one your ESLint config names,
                     else schema-contract-baseline.json; none is fine)
  --config FILE      ESLint config file (default: ESLint's own lookup)
  -q, --quiet        No progress on stderr
  -h, --help         Show this help

Exit codes: 0 listed, 1 --fail-on met, 2 usage error, ESLint configuration error, or a --server
that could not be started, exited or did not answer in time.
`;

export const TOOLS_FORMATS = ['text', 'json', 'markdown'] as const;
const FAIL_ON = ['unfollowed', 'findings', 'mismatch'] as const;
type FailOn = (typeof FAIL_ON)[number];

export interface ToolsIo {
  readonly cwd: string;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly now?: () => number;
}

/** A schema as the output shows it: how it is built, in words and as data, with paths relative to the working directory. */
export interface ReportedSchema {
  readonly key: string;
  readonly file: string;
  readonly line: number;
  readonly build: ReportedBuild;
  readonly description: string;
  readonly permissive: InventorySchema['permissive'];
}

export type ReportedBuild =
  | Exclude<SchemaBuild, { kind: 'not-followed' | 'converter' | 'imported' | 'either' }>
  | { readonly kind: 'converter'; readonly converter: string; readonly of: ReportedBuild }
  | { readonly kind: 'imported'; readonly specifier: string; readonly name: string; readonly build: ReportedBuild }
  | { readonly kind: 'either'; readonly options: readonly ReportedBuild[] }
  | { readonly kind: 'not-followed'; readonly reason: string; readonly import?: string };

export interface ReportedFinding {
  readonly rule: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly messageId: string;
  readonly message: string;
  readonly baselined: boolean;
}

export interface ReportedTool {
  readonly name: string | null;
  readonly nameText: string | null;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly form: InventoryTool['form'];
  readonly input: ReportedSchema | null;
  readonly output: ReportedSchema | null;
  readonly unfollowed: boolean;
  /** One entry per targeted client, in the order of `clients`. */
  readonly compatibility: readonly InventoryTool['compatibility'][number][];
  readonly enums: readonly (Omit<InventoryTool['enums'][number], 'tables'> & { readonly tables: readonly (InventoryTool['enums'][number]['tables'][number])[] })[];
  readonly findings: readonly ReportedFinding[];
}

export interface ToolsReport {
  readonly version: 1;
  readonly files: number;
  /** The baseline findings were compared with, or null when there is none. */
  readonly baseline: string | null;
  /** The clients the compatibility columns are for. */
  readonly clients: readonly ClientName[];
  readonly tools: readonly ReportedTool[];
  readonly summary: { readonly tools: number; readonly unfollowed: number; readonly findings: number; readonly newFindings: number };
  /** With `--compare`: the tools at that revision, and what changed since. */
  readonly comparison?: ToolsComparison;
  /** With `--server`: the running server's tools held against these. */
  readonly server?: ServerComparison;
}

function displayPath(cwd: string, file: string): string {
  const path = relative(cwd, file);
  return path === '' || path.startsWith('..') ? file : path.split(sep).join('/');
}

/** The build with each import the analysis stopped at worded as `explain` words it, and paths made relative. */
function reportBuild(build: SchemaBuild, cwd: string): ReportedBuild {
  switch (build.kind) {
    case 'converter':
      return { ...build, of: reportBuild(build.of, cwd) };
    case 'imported':
      return { ...build, build: reportBuild(build.build, cwd) };
    case 'either':
      return { kind: 'either', options: build.options.map((option) => reportBuild(option, cwd)) };
    case 'not-followed': {
      if (!build.import) return { kind: 'not-followed', reason: build.reason };
      const explained = explainImport(cwd, build.import.file, build.import.specifier);
      // An import the analysis reads, whose value it still does not know, keeps the evaluator's words.
      const reason = explained.followed ? build.reason : `${build.reason.replace(/, whose value the evaluator does not know$/, '')}: ${explained.why}`;
      return { kind: 'not-followed', reason, import: build.import.specifier };
    }
    default:
      return build;
  }
}

function describeReported(build: ReportedBuild): string {
  return describeBuild(build as SchemaBuild);
}

function reportSchema(schema: InventoryTool['input'], cwd: string): ReportedSchema | null {
  if (!schema) return null;
  const build = reportBuild(schema.build, cwd);
  return { key: schema.key, file: displayPath(cwd, schema.file), line: schema.line, build, description: describeReported(build), permissive: schema.permissive };
}

interface Invocation {
  readonly patterns: string[];
  readonly format: (typeof TOOLS_FORMATS)[number];
  readonly failOn: readonly FailOn[];
  readonly config: string | undefined;
  readonly baseline: string | undefined;
  readonly compare: string | undefined;
  /** Given with --clients; undefined: the ones the ESLint config targets. */
  readonly clients: readonly ClientName[] | undefined;
  readonly quiet: boolean;
  readonly server: { readonly command: readonly string[]; readonly timeoutSeconds: number } | undefined;
}

const DEFAULT_SERVER_TIMEOUT = 30;

/** Everything after the first \`--\` is the server's command line, its own options included; before it, ours and the patterns. */
function serverOf(values: Readonly<Record<string, string | boolean | undefined>>, command: readonly string[] | undefined): Invocation['server'] {
  const timeout = values['server-timeout'] as string | undefined;
  if (!values.server) {
    if (timeout !== undefined) throw new UsageError('--server-timeout is the time --server gives the server: give --server too');
    return undefined;
  }
  if (command === undefined || command.length === 0) throw new UsageError('--server needs the command that starts the server after `--` (`--server -- node dist/server.js`)');
  const seconds = timeout === undefined ? DEFAULT_SERVER_TIMEOUT : Number(timeout);
  if (timeout?.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new UsageError(`--server-timeout ${timeout || '(empty)'} is not a number of seconds above 0 and at most 3600`);
  return { command, timeoutSeconds: seconds };
}

function parseInvocation(argv: readonly string[]): Invocation | 'help' {
  const terminator = argv.indexOf('--');
  const parsed = parseOptions(terminator === -1 ? argv : argv.slice(0, terminator), TOOLS_OPTIONS, 'tools');
  if (parsed.values.help) return 'help';
  const afterTerminator = terminator === -1 ? undefined : argv.slice(terminator + 1);
  const server = serverOf(parsed.values, afterTerminator);
  // Without --server, what follows \`--\` is still patterns, as parseArgs always took it.
  const patterns = [...parsed.positionals, ...(server === undefined ? (afterTerminator ?? []) : [])];
  const format = (parsed.values.format as string | undefined) ?? 'text';
  if (!(TOOLS_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format ${format} is not available for "tools" (choose ${TOOLS_FORMATS.join(', ')})`);
  const failOn = parsed.values['fail-on'] === undefined ? [] : String(parsed.values['fail-on']).split(',').map((value) => value.trim());
  for (const value of failOn) {
    if (!(FAIL_ON as readonly string[]).includes(value)) throw new UsageError(`--fail-on ${value || '(empty)'} is not a condition "tools" knows (choose ${FAIL_ON.join(', ')})`);
  }
  for (const [option, value] of [['--baseline', parsed.values.baseline], ['--config', parsed.values.config]] as const) {
    if (value === '') throw new UsageError(`${option} needs a file`);
  }
  const clients = parsed.values.clients === undefined ? undefined : String(parsed.values.clients).split(',').map((value) => value.trim()).filter((value) => value !== '');
  for (const client of clients ?? []) {
    if (!(CLIENT_NAMES as readonly string[]).includes(client)) throw new UsageError(`--clients ${client} is not a client with a profile (choose from ${CLIENT_NAMES.join(', ')})`);
  }
  if (parsed.values.compare === '') throw new UsageError('--compare needs a git revision (a branch, tag or commit)');
  if (failOn.includes('mismatch') && server === undefined) throw new UsageError('--fail-on mismatch needs --server: a mismatch is between the source and a running server');
  return {
    patterns: patterns.length > 0 ? patterns : ['.'],
    format: format as Invocation['format'],
    failOn: failOn as FailOn[],
    config: parsed.values.config as string | undefined,
    baseline: parsed.values.baseline as string | undefined,
    compare: parsed.values.compare as string | undefined,
    clients: clients as ClientName[] | undefined,
    quiet: parsed.values.quiet === true,
    server,
  };
}

/** The rule whose `clients` option names the clients a server targets. */
const CLIENTS_RULE = 'tool-input-schema-conventions';

/** The clients any linted file's config targets, in the profiles' order. */
function configuredClients(optionLists: readonly (readonly unknown[])[]): ClientName[] {
  const named = new Set(optionLists.flatMap((options) => {
    const first = options[0] as { clients?: unknown } | undefined;
    return Array.isArray(first?.clients) ? (first.clients as unknown[]) : [];
  }));
  return CLIENT_NAMES.filter((client) => named.has(client));
}

/** Lints the patterns with the inventory rule beside the plugin's rules, and puts tools, findings and baseline together. */
export async function toolsReport(cwd: string, invocation: Pick<Invocation, 'patterns' | 'config' | 'baseline' | 'quiet' | 'clients'>, io?: ToolsIo): Promise<ToolsReport> {
  const inventory: InventoryTool[] = [];
  const collection = await collect({
    cwd,
    patterns: invocation.patterns,
    configFile: invocation.config,
    baselineFile: invocation.baseline,
    progress: io ? createProgress(io.stderr, { quiet: invocation.quiet, ...(io.now ? { now: io.now } : {}) }) : undefined,
    extra: { plugin: INVENTORY_PLUGIN, rules: { tools: inventoryRule(inventory) } },
  });
  const baselineFile = collection.baselineFile;
  const hasBaseline = existsSync(baselineFile) && statSync(baselineFile).isFile();
  const everything = [...collection.findings.values()].flatMap((byRule) => [...byRule.values()].flat()).filter((finding) => !finding.suppressed);
  const held = new Set<RawFinding>(hasBaseline ? compare(readBaseline(baselineFile), collection, () => false).baselined : []);
  // Only files the plugin's rules ran on: the inventory's scope is the rules' scope.
  const ranOn = new Set(collection.ran.keys());
  const baselineDirectory = dirname(baselineFile);
  const clients = invocation.clients ?? configuredClients(collection.ruleOptions.get(CLIENTS_RULE) ?? []);
  const tools = inventory
    .filter((tool) => ranOn.has(baselinePath(baselineDirectory, tool.file)))
    .sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1))
    .map((tool): ReportedTool => {
      const onPath = everything.filter((finding) => tool.spans.some((span) => span.file === finding.physicalFile && finding.line >= span.startLine && finding.line <= span.endLine));
      const input = reportSchema(tool.input, cwd);
      const output = reportSchema(tool.output, cwd);
      return {
        name: tool.name,
        nameText: tool.nameText,
        file: displayPath(cwd, tool.file),
        line: tool.line,
        column: tool.column,
        form: tool.form,
        input,
        output,
        unfollowed: [tool.input, tool.output].some((schema) => schema !== null && isUnfollowed(schema.build)),
        compatibility: clients.map((client) => {
          const verdict = tool.compatibility.find((entry) => entry.client === client)!;
          return { ...verdict, problems: verdict.problems.map((problem) => ({ ...problem, file: displayPath(cwd, problem.file) })) };
        }),
        enums: tool.enums.map((entry) => ({ ...entry, file: displayPath(cwd, entry.file), tables: entry.tables.map((table) => ({ ...table, file: displayPath(cwd, table.file) })) })),
        findings: onPath
          .sort((a, b) => (a.physicalFile === b.physicalFile ? a.line - b.line || a.column - b.column : a.physicalFile < b.physicalFile ? -1 : 1))
          .map((finding) => ({
            rule: finding.rule,
            file: displayPath(cwd, finding.physicalFile),
            line: finding.line,
            column: finding.column,
            messageId: finding.messageId,
            message: finding.message,
            baselined: held.has(finding),
          })),
      };
    });
  const findings = tools.flatMap((tool) => tool.findings);
  return {
    version: 1,
    files: collection.fileCount,
    baseline: hasBaseline ? displayPath(cwd, baselineFile) : null,
    clients,
    tools,
    summary: {
      tools: tools.length,
      unfollowed: tools.filter((tool) => tool.unfollowed).length,
      findings: findings.length,
      newFindings: findings.filter((finding) => !finding.baselined).length,
    },
  };
}

/**
 * The inventory of the code at `ref`, linted as the working tree is (same patterns, and the
 * revision's own config and baseline at the same paths), compared with the working tree's.
 */
async function comparedWith(ref: string, current: ToolsReport, invocation: Invocation, io: ToolsIo): Promise<ToolsComparison> {
  const revision = checkOutRevision(io.cwd, ref);
  try {
    const at = (path: string | undefined): string | undefined => (path === undefined ? undefined : revision.counterpart(path));
    let before: ToolsReport;
    try {
      before = await toolsReport(revision.cwd, { ...invocation, config: at(invocation.config), baseline: at(invocation.baseline) }, io);
    } catch (error) {
      io.stderr.write(`schema-contract: while listing the tools of ${ref} (${revision.commit.slice(0, 12)}):\n`);
      throw error;
    }
    return compareInventories(ref, revision.commit, before, current);
  } finally {
    revision.remove();
  }
}

/** `schema-contract tools …`: returns the exit code. */
export async function runTools(argv: readonly string[], io: ToolsIo): Promise<number> {
  let invocation: Invocation | 'help';
  try {
    invocation = parseInvocation(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`schema-contract: ${error.message}\n${TOOLS_SYNOPSIS}\nRun \`schema-contract help tools\` for details.\n`);
    return 2;
  }
  if (invocation === 'help') {
    io.stdout.write(TOOLS_USAGE);
    return 0;
  }
  let report: ToolsReport;
  try {
    if (invocation.config !== undefined) existingFile(io.cwd, invocation.config, 'config file', 'check the path: --config is relative to the working directory, as in `eslint --config`');
    if (invocation.baseline !== undefined) existingFile(io.cwd, invocation.baseline, 'baseline file', 'check the path, or leave --baseline out: the inventory needs no baseline');
    report = await toolsReport(io.cwd, invocation, io);
    if (invocation.compare !== undefined) report = { ...report, comparison: await comparedWith(invocation.compare, report, invocation, io) };
    if (invocation.server !== undefined) report = { ...report, server: await heldAgainstServer(invocation.server, report.tools, io.cwd) };
  } catch (error) {
    if (error instanceof ServerListingError) {
      io.stderr.write(`schema-contract: tools --server: ${error.message}\n`);
      return 2;
    }
    io.stderr.write(describeFailure(error, { command: 'tools', patterns: invocation.patterns }));
    return 2;
  }
  io.stdout.write(invocation.format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : invocation.format === 'markdown' ? formatMarkdown(report) : formatText(report));
  const failed =
    (invocation.failOn.includes('unfollowed') && report.summary.unfollowed > 0) || (invocation.failOn.includes('findings') && report.summary.newFindings > 0) ||
    (invocation.failOn.includes('mismatch') && (report.server?.mismatches.length ?? 0) > 0);
  return failed ? 1 : 0;
}
