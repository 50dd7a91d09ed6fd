/** The CLI's help texts: `schema-contract help [topic]`, `--help` anywhere, and the synopsis a usage error shows. */

import { EXPLAIN_USAGE } from './explain.js';
import { TOOLS_USAGE } from './tools-command.js';

export const BASELINE_COMMANDS = ['write', 'prune', 'check', 'report'] as const;
export type BaselineCommand = (typeof BASELINE_COMMANDS)[number];

export const FORMATS: Readonly<Record<BaselineCommand, readonly string[]>> = {
  write: ['text', 'json'],
  prune: ['text', 'json'],
  check: ['text', 'json', 'sarif'],
  report: ['text', 'json', 'markdown', 'svg'],
};

const EXIT_CODES = `Exit codes: 0 ok, 1 check found new or fixed findings (or files that failed to parse), 2 usage error,
bad baseline or ESLint configuration error.`;

/** Each command's own, for its help: only `check` ever exits 1. */
const COMMAND_EXIT_CODES: Readonly<Record<BaselineCommand, string>> = {
  write: `Exit codes: 0 recorded (also when nothing changed), 2 usage error, unreadable or locked baseline,
or ESLint configuration error.`,
  prune: `Exit codes: 0 pruned (also when nothing changed), 2 usage error, missing, unreadable or locked
baseline, or ESLint configuration error.`,
  check: `Exit codes: 0 nothing new or fixed, 1 new findings, fixed findings still in the baseline or files
that could not be linted, 2 usage error, missing or unreadable baseline, or ESLint configuration error.`,
  report: `Exit codes: 0 printed, 2 usage error, or a baseline with no git history.`,
};

const TOP = `Usage: schema-contract <command> [options]

Commands:
  baseline write   Record every current finding of the plugin's rules (the reviewed step that may grow the baseline)
  baseline prune   Remove entries whose findings are gone; never adds
  baseline check   Exit 1 on new findings or on fixed findings still in the baseline
  baseline report  Burn-down per rule over the baseline file's git history
  explain <file>   List the imports of a file, what each resolves to, and which the analysis cannot follow
  tools [files]    List every tool the analysis recognises: form, schema, enums and findings on its path
  help [command]   Show the help of a command, for example \`schema-contract help baseline check\`

Options:
  -h, --help       Show help
  -v, --version    Print the version

${EXIT_CODES}
`;

const COMMON_OPTIONS = `  --baseline FILE  Baseline file (default: the one your ESLint config names in
                   settings['schema-contract'].baseline, else schema-contract-baseline.json)
  --config FILE    ESLint config file (default: ESLint's own lookup)`;

const LINTING_NOTE = `Patterns default to "." and are linted with your ESLint config; entries of files and rules that
were not linted are left alone.`;

const QUIET = `  -q, --quiet      No progress and no notes on stderr (errors still go there)`;

const BASELINE = `Usage: schema-contract baseline <command> [patterns...] [options]

Commands:
  write   Record every current finding of the plugin's rules (the reviewed step that may grow the baseline)
  prune   Remove entries whose findings are gone; never adds
  check   Exit 1 on new findings or on fixed findings still in the baseline; print baselined/new/fixed per rule
  report  Burn-down per rule over the baseline file's git history

${LINTING_NOTE}

Options:
${COMMON_OPTIONS}
  --format NAME    check: text, json or sarif; report: text, json, markdown or svg (default text)
${QUIET}
  -h, --help       Show this help

While linting, progress goes to stderr: "linted N of M" on a terminal, a line every 5 seconds
otherwise.

${EXIT_CODES}
`;

const DESCRIPTIONS: Readonly<Record<BaselineCommand, string>> = {
  write: `Lints the patterns and records every current finding of the plugin's rules in the baseline: the
reviewed step that may grow it. Entries of files and rules that were not linted are kept.`,
  prune: `Lints the patterns and removes the entries whose findings are gone. It never adds an entry.`,
  check: `Lints the patterns and compares the findings with the baseline. Exits 1 on a new finding, on a
fixed finding still in the baseline (prune it) and on a file that could not be linted; prints
baselined/new/fixed per rule.`,
  report: `Prints the burn-down per rule, read from the git history of the baseline file. Lints nothing.`,
};

function commandHelp(command: BaselineCommand): string {
  const lints = command !== 'report';
  const options = lints
    ? `${COMMON_OPTIONS}\n  --format NAME    ${FORMATS[command].join(', ')} (default text)\n${QUIET}`
    : `  --baseline FILE  Baseline file (default schema-contract-baseline.json)\n  --format NAME    ${FORMATS[command].join(', ')} (default text)`;
  return `${synopsis(command)}

${DESCRIPTIONS[command]}${lints ? `\n\n${LINTING_NOTE}` : ''}

Options:
${options}
  -h, --help       Show this help

${COMMAND_EXIT_CODES[command]}
`;
}

/** The one usage line a usage error repeats. */
export function synopsis(command?: BaselineCommand | 'baseline' | 'help'): string {
  if (command === undefined) return 'Usage: schema-contract <command> [options]   (commands: baseline write|prune|check|report, explain, tools, help)';
  if (command === 'baseline') return 'Usage: schema-contract baseline <command> [patterns...] [options]';
  if (command === 'help') return 'Usage: schema-contract help [baseline [write|prune|check|report] | explain | tools]';
  if (command === 'report') return 'Usage: schema-contract baseline report [--baseline FILE] [--format text|json|markdown|svg]';
  return `Usage: schema-contract baseline ${command} [patterns...] [--baseline FILE] [--config FILE] [--format ${FORMATS[command].join('|')}] [--quiet]`;
}

export function isBaselineCommand(name: string | undefined): name is BaselineCommand {
  return (BASELINE_COMMANDS as readonly (string | undefined)[]).includes(name);
}

/**
 * The help for a topic (`[]`, `['baseline']`, `['baseline', 'check']` or just `['check']`), or
 * undefined for a topic that does not exist.
 */
export function helpFor(topic: readonly string[]): string | undefined {
  const [first, second, ...rest] = topic;
  if (rest.length > 0) return undefined;
  if (first === undefined) return TOP;
  if (first === 'help' && second === undefined) return `${synopsis('help')}\n\nShows the help of a command.\n`;
  if (first === 'explain' && second === undefined) return EXPLAIN_USAGE;
  if (first === 'tools' && second === undefined) return TOOLS_USAGE;
  if (first === 'baseline') {
    if (second === undefined) return BASELINE;
    return isBaselineCommand(second) ? commandHelp(second) : undefined;
  }
  if (second === undefined && isBaselineCommand(first)) return commandHelp(first);
  return undefined;
}
