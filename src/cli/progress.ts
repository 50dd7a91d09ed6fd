/** How often a terminal's progress line is redrawn, and how often a log (CI) gets a progress line. */
const TERMINAL_REDRAW_MS = 100;
export const LOG_INTERVAL_MS = 5000;

export interface ProgressOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

export interface Progress {
  /** The number of files the plugin's rules will run on, once it is known. */
  total(files: number): void;
  /** Called as each file is linted, with the count so far. */
  linted(files: number): void;
  /** Clears a terminal's progress line before the command prints its result. */
  done(): void;
}

const QUIET: Progress = { total() {}, linted() {}, done() {} };

function files(count: number): string {
  return `${count} file${count === 1 ? '' : 's'}`;
}

/**
 * On a terminal, one line redrawn in place: `linted N of M files`. Elsewhere (CI logs, pipes) a
 * terminal's carriage returns are noise, so a plain line every few seconds: a run over thousands
 * of files shows it is alive without flooding the log, and a run of a few seconds prints nothing.
 * `now` is injectable so tests can drive the clock instead of waiting on it.
 */
export function createProgress(output: ProgressOutput, options: { readonly quiet: boolean; readonly now?: () => number }): Progress {
  if (options.quiet) return QUIET;
  const now = options.now ?? Date.now;
  const terminal = output.isTTY === true;
  let total: number | undefined;
  let drawn = false;
  let last = now();
  const describe = (count: number) => (total === undefined ? `linted ${files(count)}` : `linted ${count} of ${files(Math.max(total, count))}`);
  return {
    total(count) {
      total = count;
    },
    linted(count) {
      const time = now();
      if (time - last < (terminal ? TERMINAL_REDRAW_MS : LOG_INTERVAL_MS)) return;
      last = time;
      if (terminal) {
        output.write(`\r\u001b[Kschema-contract: ${describe(count)}…`);
        drawn = true;
      } else {
        output.write(`schema-contract: ${describe(count)}\n`);
      }
    },
    done() {
      if (drawn) output.write('\r\u001b[K');
      drawn = false;
    },
  };
}
