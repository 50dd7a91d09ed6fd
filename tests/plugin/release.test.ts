// What a release relies on: the changelog names the version package.json has, pending changesets
// name this package with a valid bump, publishing goes through the workflow with provenance, and
// the rules' docs link to the tag that release pushes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  name: string;
  version: string;
  files: string[];
  scripts: Record<string, string>;
  publishConfig?: { provenance?: boolean; access?: string };
};

describe('the release', () => {
  it('has a changelog whose latest entry is the version in package.json', () => {
    const versions = [...read('CHANGELOG.md').matchAll(/^## (\d+\.\d+\.\d+\S*)$/gm)].map((match) => match[1]);
    expect(versions[0]).toBe(manifest.version);
    expect(manifest.files).toContain('CHANGELOG.md');
  });

  it('has pending changesets that each name this package and a valid bump', () => {
    const changesets = readdirSync(join(root, '.changeset')).filter((file) => file.endsWith('.md') && file !== 'README.md');
    for (const file of changesets) {
      const frontMatter = /^---\n([\s\S]*?)\n---\n\s*\S/.exec(read(join('.changeset', file)));
      expect(frontMatter, `${file} has front matter and a summary`).not.toBeNull();
      for (const line of frontMatter![1]!.split('\n')) {
        expect(line, file).toMatch(new RegExp(`^["']?${manifest.name}["']?: (patch|minor|major)$`));
      }
    }
    expect(JSON.parse(read('.changeset/config.json'))).toMatchObject({ baseBranch: 'main', access: 'public', changelog: '@changesets/cli/changelog' });
  });

  it('publishes only from the workflow, with provenance', () => {
    expect(manifest.publishConfig).toEqual({ access: 'public', provenance: true });
    expect(manifest.scripts.release).toBe('changeset publish');
    const workflow = read('.github/workflows/release.yml');
    expect(workflow).toMatch(/^\s+id-token: write\b/m);
    expect(workflow).toMatch(/^\s+- run: bash \.ci\/run$/m);
    expect(workflow).toMatch(/^\s+publish: npm run release$/m);
    expect(workflow).toMatch(/^\s+version: npm run version-packages$/m);
    expect(manifest.scripts['version-packages']).toBe('changeset version');
  });

  it('links every rule\'s docs to the tag the release pushes (changesets tags a single package v<version>)', () => {
    for (const [name, rule] of Object.entries(plugin.rules ?? {})) {
      expect(rule.meta?.docs?.url).toBe(`https://github.com/schema-contract/eslint-plugin-schema-contract/blob/v${manifest.version}/docs/rules/${name}.md`);
    }
  });
});
