/**
 * Which files of a package the smoke run lints, tested on made-up package layouts (this file runs
 * in `npm test`; the corpus itself only under `npm run smoke`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTwinKey, MAX_FILE_BYTES, selectFiles, skipReasonFor } from './select-files.js';

function makePackage(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'smoke-select-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const code = (lines: number): string => 'export const x = 1;\n'.repeat(lines);

describe('selectFiles', () => {
  it('lints only src/ when the package ships code there, counting the rest as build output', () => {
    const root = makePackage({
      'src/index.ts': code(3),
      'src/tools/search.ts': code(3),
      'dist/index.js': code(3),
      'dist/index.d.ts': 'export {};',
      'index.mjs': code(3),
      'README.md': '# readme',
    });
    const selection = selectFiles(root);
    expect(selection.lint.map(({ file }) => file)).toEqual(['src/index.ts', 'src/tools/search.ts']);
    expect(selection.skipped).toMatchObject({ 'build-output': 3, 'duplicate-build': 0 });
  });

  it('lints the compiled code when src/ holds only declarations', () => {
    const root = makePackage({ 'src/index.d.ts': 'export {};', 'dist/index.js': code(3) });
    const selection = selectFiles(root);
    expect(selection.lint.map(({ file }) => file)).toEqual(['dist/index.js', 'src/index.d.ts']);
    expect(selection.skipped['build-output']).toBe(0);
  });

  it('lints one build of a module shipped as ESM and CommonJS: .mjs over .js over .cjs, esm/ over cjs/', () => {
    const root = makePackage({
      'dist/a.js': code(10),
      'dist/a.mjs': code(10),
      'dist/b.js': code(10),
      'dist/b.cjs': code(11),
      'dist/esm/c.js': code(10),
      'dist/cjs/c.js': code(12),
      'dist/commonjs/d.js': code(10),
      'dist/esm/d.js': code(10),
      'dist/only.cjs': code(10),
    });
    const selection = selectFiles(root);
    expect(selection.lint.map(({ file }) => file)).toEqual(['dist/a.mjs', 'dist/b.js', 'dist/esm/c.js', 'dist/esm/d.js', 'dist/only.cjs']);
    expect(selection.skipped['duplicate-build']).toBe(4);
  });

  it('lints both files when one is a small wrapper of the other', () => {
    const root = makePackage({ 'dist/index.js': code(200), 'dist/index.mjs': "export * from './index.js';\n" });
    expect(selectFiles(root).lint.map(({ file }) => file)).toEqual(['dist/index.js', 'dist/index.mjs']);
  });

  it('does not take a folder named cjs or esm at the end of a path, nor declarations, for a build marker', () => {
    expect(buildTwinKey('dist/esm.js')).toEqual({ key: 'dist/esm', rank: 1 });
    expect(buildTwinKey('dist/index.d.mts')).toBeUndefined();
    expect(buildTwinKey('src/index.ts')).toBeUndefined();
  });
});

describe('skipReasonFor', () => {
  it('skips declarations, bundles over 2 MiB and minified code; keeps readable code', () => {
    expect(skipReasonFor('dist/index.d.cts', 'export {};')).toBe('declaration');
    expect(skipReasonFor('dist/huge.js', code(Math.ceil((MAX_FILE_BYTES + 1) / 20)))).toBe('bundle-size');
    expect(skipReasonFor('dist/min.js', `var a=${'1+'.repeat(600)}1;\n`)).toBe('minified');
    expect(skipReasonFor('dist/index.js', code(50))).toBeUndefined();
  });

  it('skips a bundle whose readable lines hide minified ones: most bytes on lines over 500 characters', () => {
    const minifiedLine = `var a=${'1+'.repeat(5000)}1;`;
    const mostlyMinified = `${code(400)}${minifiedLine}\n`;
    expect(mostlyMinified.length / mostlyMinified.split('\n').length).toBeLessThan(500);
    expect(skipReasonFor('dist/widget.js', mostlyMinified)).toBe('minified');
    // One long line (a data URL, a generated table) in readable code is not minification.
    expect(skipReasonFor('dist/index.js', `${code(1000)}${minifiedLine}\n`)).toBeUndefined();
  });
});
