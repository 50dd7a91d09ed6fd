import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import protocol from 'vscode-languageserver-protocol/node.js';
import type {
  CodeAction,
  Command,
  TextEdit,
  WorkspaceEdit,
  Diagnostic,
  DocumentDiagnosticReport,
  InitializeResult,
  ProtocolConnection,
  Range,
} from 'vscode-languageserver-protocol';

const require = createRequire(import.meta.url);

/** The server binary VS Code's ESLint extension ships, as packaged for other editors. */
const SERVER = require.resolve('vscode-langservers-extracted/bin/vscode-eslint-language-server');

/**
 * The settings VS Code's ESLint extension sends for a workspace folder with its defaults. With
 * ESLint 10, `experimental.useFlatConfig` stays unset: set, the server looks for a `FlatESLint`
 * class ESLint 10 no longer exports, and lints nothing.
 */
function extensionSettings(workspace: string): Record<string, unknown> {
  return {
    validate: 'on',
    packageManager: 'npm',
    useESLintClass: true,
    experimental: {},
    codeAction: {
      disableRuleComment: { enable: true, location: 'separateLine', commentStyle: 'line' },
      showDocumentation: { enable: true },
    },
    codeActionOnSave: { mode: 'all', rules: [] },
    format: false,
    quiet: false,
    onIgnoredFiles: 'off',
    options: {},
    rulesCustomizations: [],
    run: 'onType',
    problems: { shortenToSingleLine: false },
    nodePath: null,
    workspaceFolder: { name: 'workspace', uri: pathToFileURL(workspace).href },
  };
}

export interface EditorSession {
  readonly connection: ProtocolConnection;
  readonly log: string[];
  open(file: string, text: string): Promise<void>;
  change(file: string, text: string): Promise<void>;
  diagnostics(file: string): Promise<Diagnostic[]>;
  codeActions(file: string, range: Range, diagnostics: Diagnostic[]): Promise<CodeAction[]>;
  filesChanged(files: readonly string[]): Promise<void>;
  /** Runs a code action's command the way the editor does, returning the edits the server applies. */
  execute(command: Command): Promise<TextEdit[]>;
  close(): Promise<void>;
}

/** Starts the real ESLint language server over stdio on `workspace`, as an editor would. */
export async function startEditor(workspace: string): Promise<EditorSession> {
  const server: ChildProcess = spawn(process.execPath, [SERVER, '--stdio'], { cwd: workspace, stdio: ['pipe', 'pipe', 'pipe'] });
  const log: string[] = [];
  server.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const connection = protocol.createProtocolConnection(
    new protocol.StreamMessageReader(server.stdout!),
    new protocol.StreamMessageWriter(server.stdin!),
  );
  const settings = extensionSettings(workspace);
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => settings));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  // Suggestions arrive as a command; the server then asks the editor to apply the edit.
  const appliedEdits: WorkspaceEdit[] = [];
  connection.onRequest('workspace/applyEdit', (params: { edit: WorkspaceEdit }) => {
    appliedEdits.push(params.edit);
    return { applied: true };
  });
  connection.onRequest('eslint/openDoc', () => ({}));
  connection.onRequest('eslint/confirmESLintExecution', () => 4);
  connection.onRequest('eslint/probeFailed', () => null);
  connection.onRequest('eslint/noLibrary', () => ({}));
  connection.onRequest('eslint/noConfig', () => ({}));
  connection.onNotification('eslint/status', () => undefined);
  connection.onNotification('window/logMessage', (message: { message: string }) => log.push(message.message));
  connection.onNotification('window/showMessage', (message: { message: string }) => log.push(message.message));
  connection.listen();

  const initialize: InitializeResult = await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(workspace).href,
    workspaceFolders: [{ name: 'workspace', uri: pathToFileURL(workspace).href }],
    capabilities: {
      workspace: { configuration: true, workspaceFolders: true, applyEdit: true, diagnostics: { refreshSupport: true } },
      textDocument: {
        diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
        synchronization: { didSave: true, dynamicRegistration: false },
        codeAction: {
          dataSupport: true,
          codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'source', 'source.fixAll', 'source.fixAll.eslint'] } },
        },
      },
    },
    initializationOptions: {},
  });
  if (!initialize.capabilities.diagnosticProvider) {
    throw new Error('the ESLint language server did not offer pull diagnostics (textDocument/diagnostic)');
  }
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: null });

  const versions = new Map<string, number>();
  const uri = (file: string) => pathToFileURL(file).href;

  return {
    connection,
    log,
    async open(file, text) {
      versions.set(file, 1);
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri(file), languageId: 'typescript', version: 1, text },
      });
    },
    async change(file, text) {
      const version = (versions.get(file) ?? 1) + 1;
      versions.set(file, version);
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(file), version },
        contentChanges: [{ text }],
      });
    },
    async diagnostics(file) {
      const report: DocumentDiagnosticReport = await connection.sendRequest('textDocument/diagnostic', {
        textDocument: { uri: uri(file) },
      });
      if (report.kind !== 'full') throw new Error(`expected a full diagnostic report, got ${report.kind}`);
      return report.items;
    },
    async codeActions(file, range, diagnostics) {
      const actions: (CodeAction | { command: string })[] | null = await connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri: uri(file) },
        range,
        context: { diagnostics, only: ['quickfix'] },
      });
      return (actions ?? []).filter((action): action is CodeAction => 'title' in action && 'kind' in action);
    },
    async filesChanged(files) {
      await connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: files.map((file) => ({ uri: uri(file), type: 2 })),
      });
    },
    async execute(command) {
      appliedEdits.length = 0;
      await connection.sendRequest('workspace/executeCommand', { command: command.command, arguments: command.arguments });
      return appliedEdits.flatMap((edit) => [
        ...Object.values(edit.changes ?? {}).flat(),
        ...(edit.documentChanges ?? []).flatMap((change) => ('edits' in change ? change.edits : [])),
      ]) as TextEdit[];
    },
    async close() {
      try {
        await Promise.race([connection.sendRequest('shutdown'), new Promise((resolve) => setTimeout(resolve, 2000))]);
        await connection.sendNotification('exit');
      } finally {
        connection.dispose();
        server.kill();
      }
    },
  };
}
