import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { buildForTests, type TestBuild } from '../baseline/build.js';

/**
 * The scaffold the robustness suites that lint in a child process share: one build of the plugin
 * for the file, temporary projects written from a map of paths to texts (removed afterwards), and
 * the plugin's entry as an import specifier for the projects' ESLint configs.
 */
export interface BuiltProjects {
  /** `"file:///…/index.js"`, quoted for an `import … from` in a generated config. */
  pluginSpecifier(): string;
  /** Writes `files` into a new temporary directory (its real path) and returns it. */
  writeProject(files: Readonly<Record<string, string>>): string;
}

export function useBuiltProjects(prefix: string): BuiltProjects {
  let build: TestBuild;
  const roots: string[] = [];
  beforeAll(() => {
    build = buildForTests();
  }, 120_000);
  afterAll(() => {
    build.remove();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });
  return {
    pluginSpecifier: () => JSON.stringify(pathToFileURL(build.pluginEntry).href),
    writeProject(files) {
      const root = realpathSync(mkdtempSync(join(tmpdir(), `schema-contract-${prefix}-`)));
      roots.push(root);
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      return root;
    },
  };
}
