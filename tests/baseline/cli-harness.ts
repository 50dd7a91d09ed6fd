import { ESLint } from 'eslint';
import { run } from '../../src/cli/schema-contract.js';

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The CLI in this process, as the bin calls it, with its output captured. */
export async function cli(cwd: string, ...argv: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
  });
  return { code, stdout, stderr };
}

export interface LintMessage {
  readonly file: string;
  readonly line: number;
  readonly ruleId: string | null;
  readonly messageId: string | undefined;
  readonly message: string;
}

/** `eslint .` through the Node API with the project's own config file. */
export async function lint(cwd: string, patterns: string[] = ['.']): Promise<LintMessage[]> {
  const results = await new ESLint({ cwd }).lintFiles(patterns);
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      file: result.filePath.slice(cwd.length + 1).replaceAll('\\', '/'),
      line: message.line,
      ruleId: message.ruleId,
      messageId: message.messageId,
      message: message.message,
    })),
  );
}
