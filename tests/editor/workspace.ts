import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packPlugin, projectEnv, repositoryRoot } from '../install/harness.js';

export interface EditorInstall {
  /** The installed project's `schema-contract` and `eslint` executables. */
  readonly bins: { readonly schemaContract: string; readonly eslint: string };
  /**
   * A workspace inside the installed project (its node_modules are the workspace's, as for a
   * package of a monorepo), with the README's one-line config unless `config` says otherwise.
   */
  createWorkspace(files: Record<string, string>, config?: string): string;
  remove(): void;
}

/**
 * The plugin as a user's editor meets it: packed as `npm publish` ships it and installed by npm
 * (not linked to this checkout) next to the ESLint this repository tests with, in a project the
 * language server resolves `eslint` from.
 */
export function installForEditor(): EditorInstall {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-editor-')));
  const eslintVersion = (JSON.parse(readFileSync(join(repositoryRoot, 'node_modules', 'eslint', 'package.json'), 'utf8')) as { version: string }).version;
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'editor-project', private: true }));
  const tarball = packPlugin(root);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', `eslint@${eslintVersion}`, tarball], {
    cwd: root,
    env: projectEnv(),
    stdio: 'pipe',
  });
  let count = 0;
  return {
    bins: {
      schemaContract: join(root, 'node_modules', 'eslint-plugin-schema-contract', 'bin', 'schema-contract.js'),
      eslint: join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'),
    },
    createWorkspace(files, config = 'export default [schemaContract.configs.recommended];') {
      const workspace = join(root, `workspace-${(count += 1)}`);
      mkdirSync(workspace);
      writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: `workspace-${count}`, private: true, type: 'module' }));
      writeFileSync(join(workspace, 'eslint.config.mjs'), `import schemaContract from 'eslint-plugin-schema-contract';\n${config}\n`);
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(workspace, path)), { recursive: true });
        writeFileSync(join(workspace, path), text);
      }
      return workspace;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
