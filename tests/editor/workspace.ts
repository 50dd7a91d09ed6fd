import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const repository = join(import.meta.dirname, '..', '..');

/**
 * A throw-away project with this plugin installed the way npm links a local package, ESLint
 * resolvable from its `node_modules` (the language server loads the workspace's ESLint), and the
 * one-line flat config the README gives.
 */
export function createWorkspace(files: Record<string, string>, config = 'export default [schemaContract.configs.recommended];'): string {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-editor-')));
  mkdirSync(join(workspace, 'node_modules'));
  symlinkSync(repository, join(workspace, 'node_modules', 'eslint-plugin-schema-contract'), 'dir');
  symlinkSync(join(repository, 'node_modules', 'eslint'), join(workspace, 'node_modules', 'eslint'), 'dir');
  writeFileSync(join(workspace, 'package.json'), JSON.stringify({ name: 'editor-workspace', private: true, type: 'module' }));
  writeFileSync(join(workspace, 'eslint.config.js'), `import schemaContract from 'eslint-plugin-schema-contract';\n${config}\n`);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
  return workspace;
}
