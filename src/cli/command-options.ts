import { parseArgs, type ParseArgsConfig } from 'node:util';
import { suggestClosest } from '../util/closest-word.js';
import { UsageError } from './usage-error.js';

/** The options each command takes: an option another command has is still unknown to this one. */
type Options = NonNullable<ParseArgsConfig['options']>;

const HELP: Options = { help: { type: 'boolean', short: 'h' } };
const VERSION: Options = { version: { type: 'boolean', short: 'v' } };
const LINTING: Options = {
  baseline: { type: 'string' },
  config: { type: 'string' },
  format: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
};

export const TOP_OPTIONS: Options = { ...HELP, ...VERSION };
/** write, prune and check. */
export const LINTING_OPTIONS: Options = { ...LINTING, ...HELP, ...VERSION };
/** `report` lints nothing: no `--config`, no progress to quiet. */
export const REPORT_OPTIONS: Options = { baseline: { type: 'string' }, format: { type: 'string' }, ...HELP, ...VERSION };
/** `baseline` without a command: what any of its commands takes (the linting ones take every option report does). */
export const BASELINE_OPTIONS: Options = LINTING_OPTIONS;
export const EXPLAIN_OPTIONS: Options = { format: { type: 'string' }, ...HELP };
/** `tools` lints like the baseline commands, and says when to fail. */
export const TOOLS_OPTIONS: Options = {
  ...LINTING,
  'fail-on': { type: 'string' },
  compare: { type: 'string' },
  clients: { type: 'string' },
  server: { type: 'boolean' },
  'server-timeout': { type: 'string' },
  ...HELP,
};

/** The positionals of a command line, before the command (and so its options) is known: how the CLI picks the command. */
export function positionalsOf(argv: readonly string[]): string[] {
  // Lenient: an option unknown here is reported once the command is known. With every string
  // option declared, `--format json` is not mistaken for a command.
  return parseArgs({ args: [...argv], allowPositionals: true, strict: false, options: BASELINE_OPTIONS }).positionals;
}

/** Did-you-mean among this command's long options (`--basline` → `--baseline`); one letter is too little to guess from. */
function unknownOptionMessage(rawName: string, options: Options, command: string | undefined): string {
  const closest = rawName.startsWith('--') ? suggestClosest(rawName.slice(2), Object.keys(options))?.replace(/^/, '--') : undefined;
  const forCommand = command === undefined ? '' : ` for "${command}"`;
  return `unknown option '${rawName}'${forCommand}${closest === undefined ? '' : ` (did you mean '${closest}'?)`}`;
}

/**
 * parseArgs with its own checks, but our message for an unknown option: Node's names a quoting
 * workaround (and its quotes do not balance) where a user needs the option they probably meant.
 */
export interface ParsedOptions {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: readonly string[];
}

export function parseOptions(argv: readonly string[], options: Options, command: string | undefined): ParsedOptions {
  const { tokens } = parseArgs({ args: [...argv], allowPositionals: true, strict: false, tokens: true, options });
  for (const token of tokens) {
    if (token.kind === 'option' && !Object.hasOwn(options, token.name)) throw new UsageError(unknownOptionMessage(token.rawName, options, command));
  }
  try {
    const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
    // No option is `multiple`: a value is one string or one boolean.
    return { values: values as ParsedOptions['values'], positionals };
  } catch (error) {
    // What is left is a missing or unexpected value: Node's message names the option and says which.
    throw new UsageError((error as Error).message);
  }
}
