import { existsSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { minimatch } from 'minimatch';
import { readBaseline } from '../baseline/baseline-file.js';
import { packageInfo } from '../util/package-info.js';
import { collect, type Collection, type RawFinding } from './collect.js';
import { burnDown, burnDownMarkdown, burnDownSvg, burnDownText } from './burn-down.js';
import { compare, type Comparison } from './compare.js';
import { CliError, describeFailure } from './errors.js';
import { creatableFile, existingFile } from './file-arguments.js';
import { runExplain } from './explain.js';
import { runTools } from './tools-command.js';
import { BASELINE_COMMANDS, FORMATS, helpFor, isBaselineCommand, synopsis, type BaselineCommand } from './help.js';
import { createProgress } from './progress.js';
import { toSarif } from './sarif.js';
import { migrationText, updateFromRun } from './update-baseline.js';
import { UsageError } from './usage-error.js';
import { BASELINE_OPTIONS, LINTING_OPTIONS, parseOptions, positionalsOf, REPORT_OPTIONS, TOP_OPTIONS } from './command-options.js';
import { suggestClosest } from '../util/closest-word.js';

export interface CliIo {
  readonly cwd: string;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  /** The clock progress is timed by; tests drive it instead of waiting. */
  readonly now?: () => number;
}

interface Invocation {
  readonly command: BaselineCommand;
  readonly patterns: string[];
  readonly baseline: string | undefined;
  readonly config: string | undefined;
  readonly format: string;
  readonly quiet: boolean;
}

type Request = { readonly kind: 'help'; readonly text: string } | { readonly kind: 'version' } | { readonly kind: 'baseline'; readonly invocation: Invocation };

/** A mistake in the command line: the message, then the synopsis of the command it concerns. */
class CommandLineError extends UsageError {
  constructor(
    message: string,
    readonly topic: BaselineCommand | 'baseline' | 'help' | undefined,
  ) {
    super(message);
  }
}

function helpOrThrow(topic: readonly string[]): Request {
  const text = helpFor(topic);
  if (text === undefined) throw new CommandLineError(`no help for "${topic.join(' ')}"`, 'help');
  return { kind: 'help', text };
}

const GROUPS = ['baseline', 'explain', 'tools', 'help'];

function parseRequest(argv: readonly string[]): Request {
  const [first, second] = positionalsOf(argv);
  if (first !== undefined && !GROUPS.includes(first)) {
    const closest = suggestClosest(first, GROUPS);
    throw new CommandLineError(`unknown command "${first}"${closest === undefined ? '' : ` (did you mean "${closest}"?)`}`, undefined);
  }
  if (first === 'baseline' && second !== undefined && !isBaselineCommand(second)) {
    const closest = suggestClosest(second, BASELINE_COMMANDS);
    throw new CommandLineError(`unknown baseline command "${second}"${closest === undefined ? '' : ` (did you mean "${closest}"?)`}`, 'baseline');
  }
  const chosen = first === 'baseline' && isBaselineCommand(second) ? second : undefined;
  const topic = chosen ?? (first === 'baseline' || first === 'help' ? first : undefined);
  const options = chosen === 'report' ? REPORT_OPTIONS : chosen !== undefined ? LINTING_OPTIONS : first === 'baseline' ? BASELINE_OPTIONS : TOP_OPTIONS;
  let parsed;
  try {
    parsed = parseOptions(argv, options, chosen !== undefined ? `baseline ${chosen}` : first);
  } catch (error) {
    throw new CommandLineError((error as Error).message, topic);
  }
  const [group, command, ...patterns] = parsed.positionals;
  if (parsed.values.version) return { kind: 'version' };
  if (group === 'help') return helpOrThrow(parsed.positionals.slice(1));
  if (parsed.values.help) return helpOrThrow(group === 'baseline' && isBaselineCommand(command) ? [group, command] : group === 'baseline' ? [group] : []);
  if (group !== 'baseline') throw new CommandLineError('missing command', undefined);
  // An unknown one was refused above, before its options.
  if (!isBaselineCommand(command)) throw new CommandLineError('missing baseline command', 'baseline');
  const format = (parsed.values.format as string | undefined) ?? 'text';
  const formats = FORMATS[command];
  if (!formats.includes(format)) {
    throw new CommandLineError(`--format ${format} is not available for "baseline ${command}" (choose ${formats.join(', ')})`, command);
  }
  if (command === 'report' && patterns.length > 0) throw new CommandLineError('"baseline report" takes no patterns', command);
  for (const [option, value] of [['--baseline', parsed.values.baseline], ['--config', parsed.values.config]] as const) {
    if (value === '') throw new CommandLineError(`${option} needs a file`, command);
  }
  return {
    kind: 'baseline',
    invocation: {
      command,
      patterns: patterns.length > 0 ? patterns : ['.'],
      baseline: parsed.values.baseline as string | undefined,
      config: parsed.values.config as string | undefined,
      format,
      quiet: parsed.values.quiet === true,
    },
  };
}

function displayPath(cwd: string, file: string): string {
  const path = relative(cwd, file);
  return path === '' || path.startsWith('..') ? file : path.split(sep).join('/');
}

/** Whether an absolute path lies inside what the patterns asked ESLint to lint. */
function scopeOf(cwd: string, patterns: readonly string[]): (absolutePath: string) => boolean {
  const matchers = patterns.map((pattern) => {
    const target = resolve(cwd, pattern);
    if (existsSync(target)) {
      const directory = statSync(target).isDirectory();
      return (path: string) => path === target || (directory && path.startsWith(target.endsWith(sep) ? target : target + sep));
    }
    return (path: string) => minimatch(relative(cwd, path).split(sep).join('/'), pattern, { dot: true });
  });
  return (path) => matchers.some((matches) => matches(path));
}

interface RuleSummary {
  baselined: number;
  new: number;
  fixed: number;
}

function summarize(comparison: Comparison): Map<string, RuleSummary> {
  const summary = new Map<string, RuleSummary>();
  const of = (rule: string): RuleSummary => {
    let row = summary.get(rule);
    if (!row) summary.set(rule, (row = { baselined: 0, new: 0, fixed: 0 }));
    return row;
  };
  for (const finding of comparison.baselined) of(finding.rule).baselined += 1;
  for (const finding of comparison.new) of(finding.rule).new += 1;
  for (const fixed of comparison.fixed) of(fixed.entry.rule).fixed += fixed.fixed;
  return new Map([...summary].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  return rows
    .map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '))
    .join('\n');
}

function findingLine(cwd: string, baselineDirectory: string, finding: RawFinding): string {
  return `  ${displayPath(cwd, resolve(baselineDirectory, finding.path))}:${finding.line}:${finding.column}  ${finding.ruleId}  ${finding.message}`;
}

function checkText(cwd: string, collection: Collection, comparison: Comparison): string {
  const baselineDirectory = resolve(collection.baselineFile, '..');
  const summary = summarize(comparison);
  const totals = { baselined: 0, new: 0, fixed: 0 };
  const rows: string[][] = [['rule', 'baselined', 'new', 'fixed']];
  for (const [rule, row] of summary) {
    rows.push([rule, String(row.baselined), String(row.new), String(row.fixed)]);
    totals.baselined += row.baselined;
    totals.new += row.new;
    totals.fixed += row.fixed;
  }
  rows.push(['total', String(totals.baselined), String(totals.new), String(totals.fixed)]);
  const out = [
    `Baseline ${displayPath(cwd, collection.baselineFile)}: ${collection.fileCount} file(s) linted`,
    '',
    table(rows),
  ];
  if (comparison.new.length > 0) {
    out.push('', 'New findings (fix them; record them with `schema-contract baseline write` only after review):');
    out.push(...comparison.new.map((finding) => findingLine(cwd, baselineDirectory, finding)));
  }
  if (comparison.fixed.length > 0) {
    out.push('', 'Fixed findings still in the baseline (remove them with `schema-contract baseline prune`):');
    for (const { entry, fixed, fileDeleted } of comparison.fixed) {
      const where = entry.context === undefined ? '' : ` in ${entry.context}`;
      const what = fileDeleted ? 'file deleted' : `${fixed} of ${entry.count} gone${where}`;
      out.push(`  ${displayPath(cwd, resolve(baselineDirectory, entry.path))}  ${entry.rule}  ${what}: \`${entry.snippet ?? entry.fingerprint}\``);
    }
  }
  if (collection.fatal.length > 0) {
    out.push('', 'Files that could not be linted (their entries were not checked):');
    out.push(...collection.fatal.map((error) => `  ${displayPath(cwd, error.filePath)}  ${error.message}`));
  }
  if (comparison.unverified.length > 0) {
    out.push('', `${comparison.unverified.length} entr${comparison.unverified.length === 1 ? 'y' : 'ies'} not checked: file or rule not linted in this run.`);
  }
  return `${out.join('\n')}\n`;
}

function checkJson(cwd: string, collection: Collection, comparison: Comparison, ok: boolean): object {
  return {
    baseline: displayPath(cwd, collection.baselineFile),
    ok,
    files: collection.fileCount,
    rules: Object.fromEntries(summarize(comparison)),
    new: comparison.new.map((finding) => ({
      path: finding.path,
      line: finding.line,
      column: finding.column,
      rule: finding.rule,
      messageId: finding.messageId,
      message: finding.message,
      fingerprint: finding.fingerprint,
      occurrence: finding.occurrence,
    })),
    fixed: comparison.fixed.map(({ entry, fixed, remaining, fileDeleted }) => ({ ...entry, fixed, remaining, fileDeleted })),
    unverified: comparison.unverified.length,
    fatal: collection.fatal,
  };
}

function namespaceOf(collection: Collection): string {
  for (const byRule of collection.findings.values()) {
    for (const findings of byRule.values()) {
      const ruleId = findings[0]?.ruleId;
      if (ruleId?.includes('/')) return ruleId.slice(0, ruleId.lastIndexOf('/'));
    }
  }
  return 'schema-contract';
}

function warnIfNotEnforced(io: CliIo, invocation: Invocation, collection: Collection): void {
  if (!invocation.quiet && !collection.configuredBaselines.has(collection.baselineFile)) {
    io.stderr.write(
      `schema-contract: note: your ESLint config does not name ${displayPath(io.cwd, collection.baselineFile)} in settings['schema-contract'].baseline, so \`eslint\` itself will not apply it (see baselineConfig() in docs/baseline.md).\n`,
    );
  }
}

function runLint(io: CliIo, invocation: Invocation): Promise<Collection> {
  return collect({
    cwd: io.cwd,
    patterns: invocation.patterns,
    configFile: invocation.config,
    baselineFile: invocation.baseline,
    progress: createProgress(io.stderr, { quiet: invocation.quiet, ...(io.now ? { now: io.now } : {}) }),
  });
}

/** The files the command line names, checked before a minute of linting. */
function checkFileArguments(io: CliIo, invocation: Invocation): void {
  if (invocation.config !== undefined) {
    existingFile(io.cwd, invocation.config, 'config file', 'check the path: --config is relative to the working directory, as in `eslint --config`');
  }
  if (invocation.baseline === undefined) return;
  if (invocation.command === 'write') {
    creatableFile(io.cwd, invocation.baseline, 'baseline file', 'check the path: --baseline is relative to the working directory; create its directory first');
  } else if (invocation.command === 'report' && existsSync(resolve(io.cwd, invocation.baseline)) && statSync(resolve(io.cwd, invocation.baseline)).isDirectory()) {
    // A missing baseline may still have a history (a deleted one): `burnDown` says when it has none.
    existingFile(io.cwd, invocation.baseline, 'baseline file', 'name the baseline file itself, not its directory');
  }
}

/**
 * `check` and `prune` need a baseline to compare with. A missing one is named with advice that
 * fits where its name came from: the flag (a typo, or write it first), the ESLint config, or the
 * default.
 */
function requireBaseline(io: CliIo, invocation: Invocation, file: string, configured: boolean): void {
  if (existsSync(file) && !statSync(file).isDirectory()) return;
  const shown = displayPath(io.cwd, file);
  if (invocation.baseline !== undefined) {
    existingFile(
      io.cwd,
      invocation.baseline,
      'baseline file',
      `check the path, or record the baseline first with \`schema-contract baseline write --baseline ${invocation.baseline}\``,
    );
  }
  if (configured) {
    throw new CliError(
      `baseline ${file}: does not exist (your ESLint config names it in settings['schema-contract'].baseline)`,
      `record it with \`schema-contract baseline write\`, or remove baselineConfig() (the baseline setting) from the ESLint config`,
    );
  }
  throw new CliError(`baseline ${file}: does not exist`, `record ${shown} with \`schema-contract baseline write\``);
}

async function baselineCommand(io: CliIo, invocation: Invocation): Promise<number> {
  checkFileArguments(io, invocation);
  if (invocation.command === 'report') {
    const points = burnDown(resolve(io.cwd, invocation.baseline ?? 'schema-contract-baseline.json'));
    const render = { text: burnDownText, markdown: burnDownMarkdown, svg: burnDownSvg, json: (p: unknown) => `${JSON.stringify(p, null, 2)}\n` };
    io.stdout.write(render[invocation.format as keyof typeof render](points));
    return 0;
  }

  if (invocation.command !== 'write' && invocation.baseline !== undefined) {
    // Known before linting: fail before a minute of it.
    requireBaseline(io, invocation, resolve(io.cwd, invocation.baseline), false);
  }
  const collection = await runLint(io, invocation);
  const file = collection.baselineFile;
  const shown = displayPath(io.cwd, file);
  if (invocation.command !== 'write') requireBaseline(io, invocation, file, collection.configuredBaselines.has(file));
  const inScope = scopeOf(io.cwd, invocation.patterns);
  // Read before any note: a bad baseline is the one thing to say. write and prune read it under its lock.
  const checked = invocation.command === 'check' ? compare(readBaseline(file), collection, inScope) : undefined;
  warnIfNotEnforced(io, invocation, collection);
  for (const error of collection.fatal) {
    io.stderr.write(`schema-contract: ${displayPath(io.cwd, error.filePath)} could not be linted: ${error.message}\n`);
  }

  if (checked) {
    const comparison = checked;
    const ok = comparison.new.length === 0 && comparison.fixed.length === 0 && collection.fatal.length === 0;
    if (invocation.format === 'sarif') io.stdout.write(`${JSON.stringify(toSarif(comparison, collection, namespaceOf(collection)), null, 2)}\n`);
    else if (invocation.format === 'json') io.stdout.write(`${JSON.stringify(checkJson(io.cwd, collection, comparison, ok), null, 2)}\n`);
    else io.stdout.write(checkText(io.cwd, collection, comparison));
    return ok ? 0 : 1;
  }

  const { entries, comparison, written: changed, migration } = updateFromRun(invocation.command as 'write' | 'prune', file, collection, inScope);
  const findings = entries.reduce((sum, entry) => sum + entry.count, 0);
  const summary = {
    baseline: shown,
    written: changed,
    entries: entries.length,
    findings,
    added: invocation.command === 'write' ? comparison.new.length : 0,
    removed: comparison.fixed.reduce((sum, fixed) => sum + fixed.fixed, 0),
    unverified: comparison.unverified.length,
    ...(migration ? { migration } : {}),
  };
  if (invocation.format === 'json') {
    io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } else if (migration) {
    io.stdout.write(migrationText(shown, findings, entries.length, migration));
  } else {
    const verb = invocation.command === 'write' ? 'Recorded' : 'Pruned';
    io.stdout.write(
      `${verb} ${shown}: ${findings} finding(s) in ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}` +
        ` (${summary.added} added, ${summary.removed} removed${changed ? '' : ', file unchanged'}).\n`,
    );
  }
  return 0;
}

/** Runs the CLI; resolves to the exit code. */
export async function run(
  argv: readonly string[],
  io: CliIo = { cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  let request: Request;
  try {
    // `explain` reads one file and lints nothing: its own options and output.
    if (argv[0] === 'explain') return runExplain(argv.slice(1), io);
    // `tools` lints with an inventory rule beside the plugin's: its own options and output.
    if (argv[0] === 'tools') return await runTools(argv.slice(1), io);
    request = parseRequest(argv);
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    const topic = error.topic === undefined ? '' : error.topic === 'baseline' || error.topic === 'help' ? ` ${error.topic}` : ` baseline ${error.topic}`;
    io.stderr.write(`schema-contract: ${error.message}\n${synopsis(error.topic)}\nRun \`schema-contract help${topic}\` for details.\n`);
    return 2;
  }
  if (request.kind === 'help') {
    io.stdout.write(request.text);
    return 0;
  }
  if (request.kind === 'version') {
    io.stdout.write(`${packageInfo.version}\n`);
    return 0;
  }
  try {
    return await baselineCommand(io, request.invocation);
  } catch (error) {
    // A bad baseline, a missing history, ESLint's own errors (no config, no files, a crashed rule):
    // problems the user fixes, so the message and what to do, never a stack trace.
    io.stderr.write(describeFailure(error, { command: request.invocation.command, patterns: request.invocation.patterns }));
    return 2;
  }
}
