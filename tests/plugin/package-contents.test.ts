// What `npm publish` would ship: the build, the published JSON schemas, the executables package.json
// names in `bin`, README, CHANGELOG, LICENSE and the manifest, and nothing else (no tests, fixtures, sources,
// examples or scripts).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  main: string;
  types: string;
  exports: Record<string, string | Record<string, string>>;
  bin?: string | Record<string, string>;
};
const binTargets = (typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {})).map((target) =>
  target.replace(/^\.\//, ''),
);
const PUBLISHABLE = [
  /^dist\/(src|rules)\/[\w./-]+\.(js|d\.ts)(\.map)?$/,
  /^schemas\/[\w.-]+\.json$/,
  // The `schema-contract` CLI's entry point (the CLI itself is under dist/).
  /^bin\/schema-contract\.js$/,
  /^(package\.json|README\.md|CHANGELOG\.md|LICENSE)$/,
];

let packed: string[];

beforeAll(() => {
  // `npm test` runs on a fresh install too (the README's `npm cit`), where nothing is built yet.
  if (!existsSync(join(root, 'dist', 'src', 'index.js'))) {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  }
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
  });
  const [report] = JSON.parse(output) as [{ files: { path: string }[] }];
  packed = report.files.map((file) => file.path).sort();
}, 120_000);

describe('the published package', () => {
  it('contains only the build, schemas, the bin, README, CHANGELOG, LICENSE and package.json', () => {
    const unexpected = packed.filter((path) => !PUBLISHABLE.some((pattern) => pattern.test(path)));
    expect(unexpected).toEqual([]);
    expect(packed.filter((path) => /(^|\/)(tests?|__tests__|__fixtures__|fixtures)\/|\.test\.|\.spec\./.test(path))).toEqual([]);
  });

  it('contains the entry point, its types and every rule', () => {
    for (const required of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/rules/index.js']) {
      expect(packed).toContain(required);
    }
    for (const name of Object.keys(rules)) expect(packed).toContain(`dist/rules/${name}.js`);
  });

  it('ships every file package.json points at', () => {
    const targets = [manifest.main, manifest.types, ...binTargets];
    for (const target of Object.values(manifest.exports)) targets.push(...(typeof target === 'string' ? [target] : Object.values(target)));
    for (const target of targets) expect(packed, target).toContain(target.replace(/^\.\//, ''));
  });
});
