import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';
import { resolveSpecifier } from '../../src/analysis/modules/module-resolution.js';
import { mayReachPackage } from '../../src/analysis/modules/package-reach.js';
import { stampInPass } from '../../src/analysis/modules/file-stamps.js';
import { closureCurrent, walkClosure } from '../../src/analysis/modules/settled-answers.js';

// `mayReachPackage` keeps a `false` across passes (one `checked` set per linted file) and checks it
// against the stamps of the module's closure on every later use (issue 31's freshness rule). Each
// test answers once, changes something the answer rests on (a module three imports away, a module
// created where a specifier found nothing, a `.ts` beside the `.js` a resolution found, a tsconfig's
// `paths`), and asks again in a new pass. Every write and every directory it changes gets its own
// fixed time, so nothing depends on the clock's resolution.

const packages = ['zod', 'valibot'];
let nextTime = 1_700_000_000;

function touch(path: string): void {
  nextTime += 1_000;
  utimesSync(path, nextTime, nextTime);
}

function write(root: string, file: string, text: string): void {
  const path = join(root, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  touch(path);
  // A directory's version changes when an entry is created in it; a fixed time makes sure of it.
  touch(dirname(path));
}

function project(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-settled-')));
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

const PASSES_ZOD_ON = "export { z as zed } from 'zod';\n";

describe('a "cannot reach the package" answer kept across passes', () => {
  it('sees a module three imports away start passing the package on', () => {
    const root = project({
      'barrel.ts': "export * from './mid.js';\n",
      'mid.ts': "export * from './deep/leaf.js';\n",
      'deep/leaf.ts': 'export const leaf = 1;\n',
      'other.ts': "export * from './mid.js';\n",
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(false);
    // A second start whose walk stops at modules the first one settled.
    expect(mayReachPackage(from, './other.js', packages, new Set())).toBe(false);
    write(root, 'deep/leaf.ts', `${PASSES_ZOD_ON}// now longer\n`);
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(true);
    expect(mayReachPackage(from, './other.js', packages, new Set())).toBe(true);
  });

  it('sees a module created where a re-export found nothing', () => {
    const root = project({ 'barrel.ts': "export * from './later.js';\nexport const here = 1;\n" });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(false);
    write(root, 'later.ts', PASSES_ZOD_ON);
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(true);
  });

  it('sees a `.ts` created beside the `.js` a resolution found, which TypeScript now prefers', () => {
    const root = project({
      'barrel.ts': "export * from './lib/x.js';\n",
      'lib/x.js': 'export const x = 1;\n',
    });
    const from = join(root, 'server.ts');
    const pass = new Set<string>();
    // Resolved first for another question of the same pass: the walk uses the pass's resolution,
    // and must still rest on what that resolution looked at.
    expect(resolveSpecifier(join(root, 'barrel.ts'), './lib/x.js', 'import', pass)).toMatchObject({ kind: 'source', file: join(root, 'lib/x.js') });
    expect(mayReachPackage(from, './barrel.js', packages, pass)).toBe(false);
    write(root, 'lib/x.ts', PASSES_ZOD_ON);
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(true);
  });

  it("sees a tsconfig's `paths` send an alias somewhere else", () => {
    const tsconfig = (target: string): string => JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': [`./${target}/*`] } } });
    const root = project({
      'tsconfig.json': tsconfig('plain'),
      'barrel.ts': "export * from '@lib/x';\n",
      'plain/x.ts': 'export const x = 1;\n',
      'schemas/x.ts': PASSES_ZOD_ON,
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(false);
    write(root, 'tsconfig.json', `${tsconfig('schemas')}\n`);
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(true);
  });

  it('sees a workspace package linked into node_modules where none was installed', () => {
    const root = project({
      'package.json': JSON.stringify({ name: 'app', private: true, workspaces: ['packages/*'] }),
      'barrel.ts': "export * from '@acme/schemas';\nexport const here = 1;\n",
      'packages/schemas/package.json': JSON.stringify({ name: '@acme/schemas', main: 'index.ts' }),
      'packages/schemas/index.ts': PASSES_ZOD_ON,
      // Installed packages, but not this one: only `node_modules` changes when it is linked.
      'node_modules/other/package.json': JSON.stringify({ name: 'other' }),
    });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(false);
    mkdirSync(join(root, 'node_modules/@acme'), { recursive: true });
    symlinkSync(join(root, 'packages/schemas'), join(root, 'node_modules/@acme/schemas'), 'dir');
    touch(join(root, 'node_modules/@acme'));
    touch(join(root, 'node_modules'));
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(true);
  });

  it('sees a module replaced by a rename (a new inode, as an editor saves atomically)', () => {
    const root = project({ 'barrel.ts': "export * from './leaf.js';\n", 'leaf.ts': 'export const a = 1;\n' });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(false);
    write(root, 'leaf.tmp', "export { picklist } from 'valibot';\n");
    rmSync(join(root, 'leaf.ts'));
    renameSync(join(root, 'leaf.tmp'), join(root, 'leaf.ts'));
    touch(root);
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(true);
  });

  it('keeps the answer while nothing it rests on changes, and stays false for an unrelated edit', () => {
    const root = project({ 'barrel.ts': "export * from './leaf.js';\n", 'leaf.ts': 'export const a = 1;\n', 'elsewhere.ts': 'export const b = 1;\n' });
    const from = join(root, 'server.ts');
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(false);
    write(root, 'elsewhere.ts', PASSES_ZOD_ON);
    expect(mayReachPackage(from, './barrel.js', packages, new Set())).toBe(false);
    expect(mayReachPackage(from, './elsewhere.js', packages, new Set())).toBe(true);
  });
});

describe('a resolution kept across passes', () => {
  it('sees a `.ts` created beside the `.js` it found, and a module created where it found none', () => {
    // The importer's directory is the boundary of a file linted outside any project: the root.
    const root = project({ 'a.ts': '', 'src/x.js': 'export const x = 1;\n' });
    const from = join(root, 'a.ts');
    expect(resolveSpecifier(from, './src/x.js', 'import', new Set())).toMatchObject({ kind: 'source', file: join(root, 'src/x.js') });
    expect(resolveSpecifier(from, './src/later.js', 'import', new Set())).toMatchObject({ kind: 'not-found' });
    write(root, 'src/x.ts', 'export const x = 2;\n');
    write(root, 'src/later.ts', 'export const later = 1;\n');
    expect(resolveSpecifier(from, './src/x.js', 'import', new Set())).toMatchObject({ kind: 'source', file: join(root, 'src/x.ts') });
    expect(resolveSpecifier(from, './src/later.js', 'import', new Set())).toMatchObject({ kind: 'source', file: join(root, 'src/later.ts') });
  });

  it('is shared by the files of a directory, and sees a package.json `type` that changes how one is resolved', () => {
    const root = project({
      'package.json': JSON.stringify({ name: 'app', type: 'commonjs' }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16' } }),
      'a.ts': '',
      'b.ts': '',
      // `require` in CommonJS, `import` in an ES module: which file the specifier names depends on the importer's format.
      'node_modules/dual/package.json': JSON.stringify({ name: 'dual', exports: { import: './esm.js', require: './cjs.js' } }),
      'node_modules/dual/esm.js': '',
      'node_modules/dual/cjs.js': '',
    });
    const kindOf = (file: string): unknown => resolveSpecifier(join(root, file), 'dual', 'import', new Set());
    expect(kindOf('a.ts')).toMatchObject({ kind: 'dependency', file: join(root, 'node_modules/dual/cjs.js') });
    expect(kindOf('b.ts')).toMatchObject({ kind: 'dependency', file: join(root, 'node_modules/dual/cjs.js') });
    write(root, 'package.json', JSON.stringify({ name: 'app', type: 'module' }));
    expect(kindOf('a.ts')).toMatchObject({ kind: 'dependency', file: join(root, 'node_modules/dual/esm.js') });
    expect(kindOf('b.ts')).toMatchObject({ kind: 'dependency', file: join(root, 'node_modules/dual/esm.js') });
  });
});

describe("the fallback pre-check's closure evidence kept across passes", () => {
  // The linted file spells nothing of the fallback rule's vocabulary: whether the rule runs is
  // the answer of the closure behind its import (`importsMayProvide`), kept across lints.
  const PICK = "import { BASE } from './index.js';\n\nexport function pick(given?: object) {\n  return given ? BASE : {};\n}\n";
  const SCHEMA_BASE = "export const BASE = { type: 'object', properties: { id: { type: 'string' } } };\n";
  const PERMISSIVE = '4:25 schema-contract/no-permissive-schema-fallback/permissiveAbsenceFallback';

  async function findings(eslint: ESLint, file: string): Promise<string[]> {
    const [result] = await eslint.lintFiles([file]);
    return result!.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}/${message.messageId}`);
  }

  it('sees a module created behind a barrel where its re-export found nothing', async () => {
    const root = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
      'src/index.ts': "export * from './shapes/other.js';\nexport * from './shapes/base.js';\n",
      'src/shapes/other.ts': 'export const OTHER = 1;\n',
      'src/pick.ts': PICK,
    });
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, baseConfig: [plugin.configs.recommended], cache: false });
    expect(await findings(eslint, join(root, 'src/pick.ts'))).toEqual([]);
    write(root, 'src/shapes/base.ts', SCHEMA_BASE);
    expect(await findings(eslint, join(root, 'src/pick.ts'))).toEqual([PERMISSIVE]);
  });
});

describe('a closure walk whose answer is saturated', () => {
  // a → b → c: b's part alone decides the asker's question (`saturated`), so c is never read, and
  // the answer rests on what a and b rested on.
  const EVIDENCE = 1;
  let pass = new Set<string>();

  function walkChain(root: string, saturated: ((value: number) => boolean) | undefined) {
    const next: Record<string, string[]> = { a: ['b'], b: ['c'], c: [] };
    const parts: Record<string, number> = { a: 0, b: EVIDENCE, c: 2 };
    const read: string[] = [];
    const walked = walkClosure<number>('a', {
      empty: 0,
      combine: (x, y) => x | y,
      known: () => undefined,
      limit: 10,
      saturated,
      step: (module) => {
        read.push(module);
        stampInPass(join(root, `${module}.ts`), pass);
        return { value: parts[module]!, next: next[module]! };
      },
    });
    return { walked, read };
  }

  it('reads no module past the one that settles it, and rests on the modules read', () => {
    const root = project({ 'a.ts': 'a\n', 'b.ts': 'b\n', 'c.ts': 'c\n' });
    pass = new Set();
    const whole = walkChain(root, undefined);
    expect(whole.read).toEqual(['a', 'b', 'c']);
    expect(whole.walked?.value).toBe(EVIDENCE | 2);
    pass = new Set();
    const early = walkChain(root, (value) => (value & EVIDENCE) !== 0);
    expect(early.read).toEqual(['a', 'b']);
    expect(early.walked?.value).toBe(EVIDENCE);
    const node = early.walked!.nodes.get('a')!;
    // c is not what the answer rests on; b is.
    write(root, 'c.ts', 'c, edited\n');
    expect(closureCurrent(node, new Set())).toBe(true);
    write(root, 'b.ts', 'b, edited\n');
    expect(closureCurrent(node, new Set())).toBe(false);
  });
});
