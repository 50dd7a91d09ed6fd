import type { ChildProcess } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { packageInfo } from '../util/package-info.js';

/**
 * `tools --server`: starts the user's MCP server over stdio with the official SDK's client and
 * asks it for its tools, within one time limit, and never leaves the process running. The SDK is
 * an optional peer dependency: it is loaded only here, only when `--server` is given.
 */

/** One tool as the server lists it: its name and the schemas it advertises, as sent. */
export interface ListedTool {
  readonly name: string;
  readonly inputSchema: unknown;
  readonly outputSchema: unknown;
}

/** The server could not be asked (not installed, not started, gone, too slow): one line, exit 2. */
export class ServerListingError extends Error {
  override name = 'ServerListingError';
}

export const SDK_PACKAGE = '@modelcontextprotocol/sdk';
/** Bounds the pages followed: a server whose cursor never ends would otherwise be asked forever. */
export const MAX_PAGES = 100;
/** The server's stderr is kept only to quote the end of it when the listing fails. */
const STDERR_KEPT = 2048;
const STDERR_QUOTED = 240;

interface Sdk {
  readonly Client: typeof Client;
  readonly StdioClientTransport: typeof StdioClientTransport;
}

type ImportModule = (specifier: string) => Promise<unknown>;

/** The SDK's client, or one line saying how to install it; `importModule` is the tests' way to be without it. */
export async function loadSdk(importModule: ImportModule = (specifier) => import(specifier)): Promise<Sdk> {
  try {
    const [client, stdio] = await Promise.all([importModule(`${SDK_PACKAGE}/client/index.js`), importModule(`${SDK_PACKAGE}/client/stdio.js`)]);
    return { Client: (client as Sdk).Client, StdioClientTransport: (stdio as Sdk).StdioClientTransport };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw error;
    throw new ServerListingError(`--server needs the MCP SDK, and ${SDK_PACKAGE} is not installed: \`npm install --save-dev ${SDK_PACKAGE}\``);
  }
}

/** The end of what the server wrote to stderr, on one line, quoted so no control character reaches the terminal. */
function stderrTail(kept: string): string {
  const text = kept.replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  return `; its stderr ended with ${JSON.stringify(text.length > STDERR_QUOTED ? `…${text.slice(-STDERR_QUOTED)}` : text)}`;
}

function startFailure(command: string, error: NodeJS.ErrnoException): string {
  if (error.code === 'ENOENT') return `the server could not be started: \`${command}\` was not found (ENOENT; check the command after \`--\` and PATH)`;
  if (error.code === 'EACCES') return `the server could not be started: \`${command}\` is not executable (EACCES)`;
  return `the server could not be started: \`${command}\`: ${error.message}`;
}

/**
 * The SDK's own result schema refuses a tool whose inputSchema is `{}` or `true`: exactly the
 * permissive schemas this command reports. The answer is taken as sent and checked here; the
 * SDK takes a schema-like object with `safeParse` (its zod 3 path).
 */
const AS_SENT = { safeParse: (data: unknown) => ({ success: true, data }) };

function toolsOfPage(result: unknown, page: number): { tools: ListedTool[]; nextCursor: string | undefined } {
  const answer = result as { tools?: unknown; nextCursor?: unknown } | null;
  if (typeof answer !== 'object' || answer === null || !Array.isArray(answer.tools)) throw new ServerListingError(`the server's tools/list answer (page ${page}) has no \`tools\` array`);
  const tools = answer.tools.map((tool: unknown, index): ListedTool => {
    const entry = tool as { name?: unknown; inputSchema?: unknown; outputSchema?: unknown } | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.name !== 'string') throw new ServerListingError(`the server's tools/list answer (page ${page}) has a tool without a name at index ${index}`);
    return { name: entry.name, inputSchema: entry.inputSchema, outputSchema: entry.outputSchema };
  });
  return { tools, nextCursor: typeof answer.nextCursor === 'string' && answer.nextCursor !== '' ? answer.nextCursor : undefined };
}

export interface ListingOptions {
  readonly cwd: string;
  readonly timeoutSeconds: number;
  readonly importModule?: ImportModule;
}

/** Starts `command` (argv form, no shell), lists its tools page by page, and stops it. */
export async function listServerTools(command: readonly string[], options: ListingOptions): Promise<ListedTool[]> {
  const sdk = await loadSdk(options.importModule);
  const [program = '', ...args] = command;
  // The user's own command, run as they would run it: the whole environment, not the SDK's short default list.
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const transport = new sdk.StdioClientTransport({ command: program, args, cwd: options.cwd, env, stderr: 'pipe' });
  let kept = '';
  transport.stderr?.on('data', (chunk: Buffer | string) => {
    kept = (kept + chunk.toString()).slice(-STDERR_KEPT);
  });
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let startError: NodeJS.ErrnoException | undefined;
  // The transport drops the exit code; its child process (a private field) is the one place it is known.
  const start = transport.start.bind(transport);
  transport.start = async () => {
    try {
      await start();
    } catch (error) {
      startError = error as NodeJS.ErrnoException;
      throw error;
    }
    (transport as unknown as { _process?: ChildProcess })._process?.once('exit', (code, signal) => {
      exit = { code, signal };
    });
  };
  const client = new sdk.Client({ name: 'schema-contract', version: packageInfo.version }, { capabilities: {} });
  client.onerror = () => {
    // A line of the server's stdout that is not JSON-RPC: the answer, if it comes, still counts.
  };
  const limitMs = options.timeoutSeconds * 1000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServerListingError(`the server did not answer tools/list within ${options.timeoutSeconds} s${stderrTail(kept)}`)), limitMs);
  });
  const listing = async (): Promise<ListedTool[]> => {
    await client.connect(transport, { timeout: limitMs });
    const tools: ListedTool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, AS_SENT as unknown as Parameters<Client['request']>[1], { timeout: limitMs });
      const answer = toolsOfPage(result, page);
      tools.push(...answer.tools);
      if (answer.nextCursor === undefined) return tools;
      if (seen.has(answer.nextCursor)) throw new ServerListingError(`the server's tools/list answer (page ${page}) repeats the cursor of an earlier page`);
      seen.add(answer.nextCursor);
      cursor = answer.nextCursor;
    }
    throw new ServerListingError(`the server's tools/list answer goes on past ${MAX_PAGES} pages`);
  };
  const pending = listing();
  // Once the time is up the listing is abandoned: its rejection, when the client closes, is expected.
  pending.catch(() => undefined);
  try {
    return await Promise.race([pending, timedOut]);
  } catch (error) {
    if (error instanceof ServerListingError) throw error;
    if (startError) throw new ServerListingError(startFailure(program, startError));
    if (exit) {
      const how = exit.code === null ? `was killed by ${exit.signal ?? 'a signal'}` : `exited with code ${exit.code}`;
      throw new ServerListingError(`the server ${how} before answering${stderrTail(kept)}`);
    }
    const code = (error as { code?: unknown }).code;
    // The SDK's own request timeout, should it come first.
    if (code === -32001) throw new ServerListingError(`the server did not answer tools/list within ${options.timeoutSeconds} s${stderrTail(kept)}`);
    // A JSON-RPC error: the server is up and refuses (no tools capability, a failing handler).
    if (typeof code === 'number') throw new ServerListingError(`the server answered with an error: ${(error as Error).message.replace(/\s+/g, ' ')}`);
    throw new ServerListingError(`the server's answer could not be read: ${(error as Error).message.replace(/\s+/g, ' ')}${stderrTail(kept)}`);
  } finally {
    clearTimeout(timer);
    // Ends its stdin, then SIGTERM, then SIGKILL: the transport waits for the process to close.
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
  }
}
