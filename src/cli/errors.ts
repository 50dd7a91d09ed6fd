import { BASELINE_FORMAT_VERSION, BaselineError, BaselineFormatError } from '../baseline/baseline-file.js';
import { packageInfo } from '../util/package-info.js';
import { UsageError } from './usage-error.js';

/** A failure the CLI explains itself: one line saying what is wrong, one saying what to do. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

/** The command that failed, for a hint that fits it. */
export interface FailureContext {
  readonly command: string | undefined;
  readonly patterns: readonly string[];
}

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
}

function hintFor(error: unknown, message: string, context: FailureContext): string {
  if (error instanceof CliError) return error.hint;
  if (error instanceof BaselineFormatError) {
    // `baseline write` refuses a newer format too: only a newer plugin reads (and rewrites) it.
    return error.foundVersion > BASELINE_FORMAT_VERSION
      ? `upgrade eslint-plugin-schema-contract (${packageInfo.version} reads baseline format ${BASELINE_FORMAT_VERSION}; this file is format ${error.foundVersion}) ` +
          'to the version that wrote it, here and in CI: `npm install --save-dev eslint-plugin-schema-contract@latest`'
      : `the file is baseline format ${error.foundVersion}; this plugin writes format ${BASELINE_FORMAT_VERSION}: migrate it with \`schema-contract baseline write\` on the whole project`;
  }
  if (error instanceof BaselineError) {
    return 'restore the file from git, or record it afresh with `schema-contract baseline write`';
  }
  if (context.command === 'report') {
    return '`baseline report` reads the history of the committed baseline: commit it first';
  }
  if (error instanceof UsageError) return `run \`schema-contract help baseline ${context.command ?? ''}\` for the options`.replace(' `', '`');
  // ESLint's own errors, while loading the config or linting.
  if (/No files matching|All files matched by/i.test(message)) {
    return 'patterns are relative to the working directory, and files your ESLint config ignores are not linted';
  }
  if (/Could not find config file|config file/i.test(message)) {
    return 'run in the project that has the ESLint config, or name it with --config FILE';
  }
  if (/Occurred while linting/.test(message)) {
    return 'a rule or plugin crashed on that file: `npx eslint` on it shows ESLint\'s own report';
  }
  return `\`npx eslint ${context.patterns.join(' ')}\` shows ESLint's own report of this problem`;
}

/**
 * Everything but a command-line mistake: one line for the problem (ESLint's multi-line messages
 * joined, never a stack trace) and one line of advice.
 */
export function describeFailure(error: unknown, context: FailureContext): string {
  const message = oneLine(error instanceof Error ? error.message : String(error));
  return `schema-contract: ${message}\nhint: ${hintFor(error, message, context)}\n`;
}
