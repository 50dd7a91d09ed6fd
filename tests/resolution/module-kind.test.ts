import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleKindOf, resolveSpecifier } from '../../src/analysis/modules/module-resolution.js';
import { hasModuleSyntax } from '../../src/util/module-kind.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-module-kind-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): string {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('moduleKindOf', () => {
  write('esm/package.json', '{ "type": "module" }');
  write('cjs/package.json', '{ "type": "commonjs" }');
  write('untyped/package.json', '{ "name": "untyped" }');
  write('broken/package.json', '{ "type": ');

  it.each([
    ['esm/src/deep/a.js', 'module'],
    ['esm/a.ts', 'module'],
    ['esm/a.cjs', 'commonjs'],
    ['esm/a.cts', 'commonjs'],
    ['cjs/src/a.js', 'commonjs'],
    ['cjs/a.mjs', 'module'],
    ['cjs/a.mts', 'module'],
    ['untyped/a.js', 'commonjs'],
    ['broken/a.js', 'commonjs'],
  ])('%s is %s, as Node runs it', (path, kind) => {
    expect(moduleKindOf(write(path, ''))).toBe(kind);
  });

  it('sees a package.json that changes', () => {
    const manifest = write('changing/package.json', '{ "type": "commonjs" }');
    const file = write('changing/a.js', '');
    expect(moduleKindOf(file)).toBe('commonjs');
    writeFileSync(manifest, '{ "type": "module", "name": "now-a-module" }');
    // The next lint pass (a new set of checked files) starts from what is on disk.
    resolveSpecifier(file, './a.js', 'import', new Set());
    expect(moduleKindOf(file)).toBe('module');
  });
});

describe('hasModuleSyntax', () => {
  it.each([
    ["import { z } from 'zod';", true],
    ["  export const A = 1;", true],
    ['export * from "./a.js";', true],
    ["import './side-effect.js';", true],
    ['const url = import.meta.url;', true],
    ["const z = require('zod');\nmodule.exports = { z };", false],
    ["const later = import('./lazy.js');", false],
    ['// see the exported table below\nconst exported = 1;', false],
  ])('%j: %s', (text, expected) => {
    expect(hasModuleSyntax(text)).toBe(expected);
  });
});
