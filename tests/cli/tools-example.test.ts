// docs/tools.md's worked example is the inventory of examples/tool-server as the CLI prints it:
// the block between its markers must be exactly what `schema-contract tools` says there today.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../../src/cli/schema-contract.js';
import { buildForTests, repositoryRoot, type TestBuild } from '../baseline/build.js';

let build: TestBuild;
let config: string;

beforeAll(() => {
  build = buildForTests();
  // The example's own config (`[schemaContract.configs.recommended]`) with the plugin from this
  // checkout, so the test needs neither `npm run build` nor the example's node_modules.
  config = join(build.root, 'eslint.config.mjs');
  writeFileSync(config, `import plugin from ${JSON.stringify(pathToFileURL(build.pluginEntry).href)};\nexport default [plugin.configs.recommended];\n`);
}, 120_000);
afterAll(() => build.remove());

function documented(): string {
  const doc = readFileSync(join(repositoryRoot, 'docs', 'tools.md'), 'utf8');
  const block = /<!-- tools-example:start -->\n```text\n([\s\S]*?)```\n<!-- tools-example:end -->/.exec(doc);
  if (!block) throw new Error('docs/tools.md has no tools-example block');
  return block[1]!;
}

it("prints docs/tools.md's worked example on examples/tool-server", async () => {
  let stdout = '';
  let stderr = '';
  const code = await run(['tools', '--config', config, '--quiet'], {
    cwd: join(repositoryRoot, 'examples', 'tool-server'),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  expect(stdout).toBe(documented());
}, 60_000);
