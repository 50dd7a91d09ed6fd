/**
 * Issue 34's resolution row: resolving imports opens nothing outside the project, package.json
 * included. oxc-resolver reads the file system from native code, which no JavaScript fs spy sees
 * (secret-leak.test.ts checks the plugin's own reads that way), so these cases run the
 * `schema-contract explain` bin and `eslint` through its Node API under `strace -f`, and look at
 * every file system call of every thread and child: none may name a path outside the project.
 * Only the text a `readlink` of a link inside the project returns may name one (that is how the
 * link is judged without touching its target).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForTests, type TestBuild } from '../baseline/build.js';
import { eslintConfig } from '../baseline/project.js';

const TOKEN = `SECRET-${process.pid}-5d0e8a41c3`;
const eslintEntry = pathToFileURL(createRequire(import.meta.url).resolve('eslint')).href;
// strace is part of the project's CI image; the case names what it needs instead of passing silently.
const strace = spawnSync('strace', ['-V'], { encoding: 'utf8' }).status === 0;

let build: TestBuild;
let top: string;
let outside: string;

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(() => {
  build = buildForTests();
  top = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-reads-')));
  outside = join(top, 'outside');
  write(join(outside, 'pkg', 'package.json'), JSON.stringify({ name: 'pkg', exports: { './x': TOKEN } }));
  write(join(outside, 'broken', 'package.json'), `{ "name": "broken", "exports": ${TOKEN} `);
  write(join(outside, 'scope', 'tables', 'package.json'), JSON.stringify({ name: '@scope/tables', exports: { '.': `./${TOKEN}.js` } }));
  write(join(outside, 'manifest', 'package.json'), JSON.stringify({ name: 'manifest', main: `${TOKEN}.js` }));
  write(join(outside, 'dir', 'package.json'), JSON.stringify({ name: 'dir', imports: { '#x': TOKEN } }));
  write(join(outside, 'dir', 'tables.ts'), `export const UNITS = { enumPolicy: 'described', values: ['${TOKEN}'] };\n`);
  write(join(outside, 'modules', 'linked', 'package.json'), JSON.stringify({ name: 'linked', exports: TOKEN }));
}, 120_000);
afterAll(() => {
  build.remove();
  rmSync(top, { recursive: true, force: true });
});

const USES = [
  "import { z } from 'zod';",
  "import { UNITS } from './glossary.js';",
  "import { a } from 'pkg/x';",
  "import { b } from 'broken';",
  "import { c } from 'broken/y';",
  "import { d } from '@scope/tables';",
  "import { e } from 'manifest';",
  "import { f } from '@outside/tables';",
  `import { g } from '${pathToFileURL('/OUTSIDE/dir/tables.ts').href}';`,
  "import { h } from 'not-installed';",
  "export const input = z.object({ u: z.enum(UNITS.values), a: z.enum(a.values), b: z.enum(b.values), c: z.enum(c.values),",
  '  d: z.enum(d.values), e: z.enum(e.values), f: z.enum(f.values), g: z.enum(g.values), h: z.enum(h.values) });',
  '',
].join('\n');

/** A project whose `node_modules` links and tsconfig aliases lead outside; `nodeModulesLink` makes node_modules itself one. */
function project(name: string, nodeModulesLink = false): string {
  const dir = join(top, name);
  write(join(dir, 'package.json'), JSON.stringify({ name: 'proj', type: 'module', imports: { '#local': './src/glossary.ts' } }));
  write(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@outside/*': [join(outside, 'dir', '*')] } } }));
  write(join(dir, 'eslint.config.js'), eslintConfig({ pluginEntry: build.pluginEntry, namespace: 'schema-contract', rules: ['no-open-glossary-enum'] }));
  write(join(dir, 'src', 'glossary.ts'), "export const UNITS = { enumPolicy: 'described', values: ['g', 'kg'] };\n");
  write(join(dir, 'src', 'uses.ts'), USES.replace('/OUTSIDE', outside));
  if (nodeModulesLink) {
    symlinkSync(join(outside, 'modules'), join(dir, 'node_modules'));
    write(join(dir, 'src', 'uses.ts'), "import { z } from 'zod';\nimport { UNITS } from './glossary.js';\nimport { l } from 'linked';\nexport const input = z.object({ u: z.enum(UNITS.values), l: z.enum(l.values) });\n");
  } else {
    mkdirSync(join(dir, 'node_modules', '@scope'), { recursive: true });
    symlinkSync(join(outside, 'pkg'), join(dir, 'node_modules', 'pkg'));
    symlinkSync(join(outside, 'broken'), join(dir, 'node_modules', 'broken'));
    symlinkSync(join(outside, 'scope', 'tables'), join(dir, 'node_modules', '@scope', 'tables'));
    // A package directory inside whose package.json alone is a link out.
    mkdirSync(join(dir, 'node_modules', 'manifest'));
    symlinkSync(join(outside, 'manifest', 'package.json'), join(dir, 'node_modules', 'manifest', 'package.json'));
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

interface Traced {
  readonly status: number | null;
  readonly output: string;
  readonly stdout: string;
  /** File system calls whose path argument lies outside the project. */
  readonly outsideCalls: string[];
  /** Every path argument seen, for the control. */
  readonly paths: string[];
}

function traced(dir: string, args: string[]): Traced {
  const log = join(top, `strace-${Math.random().toString(36).slice(2)}.log`);
  const result = spawnSync('strace', ['-f', '-qq', '-e', 'trace=%file,readlink', '-o', log, process.execPath, `--max-old-space-size=1024`, ...args], { cwd: dir, encoding: 'utf8' });
  const calls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  // The first quoted argument of a call is the path it looks at (`readlink`'s second is what it returned).
  const pathOf = (call: string): string | undefined => /^\s*(?:\d+\s+)?\w+\((?:AT_FDCWD, )?"([^"]*)"/.exec(call)?.[1];
  const paths = calls.map(pathOf).filter((path): path is string => path !== undefined);
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, stdout: result.stdout, outsideCalls: calls.filter((call) => pathOf(call)?.startsWith(outside)), paths };
}

/**
 * Runs `args` under strace in `dir` and checks what every case owes: the run succeeds, nothing
 * outside the project is opened and the token is never printed; `control`, a path inside the
 * project the run must look at, shows the trace is not blind.
 */
function tracedClean(dir: string, args: string[], control?: string): Traced {
  const run = traced(dir, args);
  expect(run.status, run.output).toBe(0);
  if (control !== undefined) expect(run.paths).toContain(control);
  expect(run.outsideCalls).toEqual([]);
  expect(run.output).not.toContain(TOKEN);
  return run;
}

/** What `explain` printed for `specifier`: the line under its import's heading. */
function whyIn(output: string, specifier: string): string | undefined {
  const lines = output.split('\n');
  return lines[lines.findIndex((line) => line.includes(` ${specifier} {`)) + 1]?.trim();
}

const lintScript = `const { ESLint } = await import(${JSON.stringify(eslintEntry)}); const r = await new ESLint({ cwd: process.cwd() }).lintFiles(['src/uses.ts']); console.log(JSON.stringify(r.map((f) => f.messages.map((m) => [m.ruleId, m.line, m.message]))));`;

describe.skipIf(!strace)('resolution opens nothing outside the project (strace)', () => {
  it('explain: links in node_modules to outside packages, an outside package.json in a package, tsconfig paths and a file: URL outside', () => {
    const dir = project('explain');
    // The control: the trace sees the resolver's reads inside the project.
    const run = tracedClean(dir, [build.bin, 'explain', 'src/uses.ts'], join(dir, 'src', 'glossary.ts'));
    // The file: URL is the code's own words; no other outside path is printed.
    expect(run.output.replaceAll(pathToFileURL(join(outside, 'dir', 'tables.ts')).href, '')).not.toContain(outside);
    const why = (specifier: string): string | undefined => whyIn(run.output, specifier);
    for (const specifier of ['pkg/x', 'broken', 'broken/y', '@scope/tables', 'manifest']) expect(why(specifier), specifier).toBe('✗ —: outside the project: not followed');
    expect(why('@outside/tables')).toBe('✗ —: leads outside the project: never read');
    expect(why('not-installed')).toBe("✗ —: not found (Cannot find module 'not-installed')");
    expect(why('./glossary.js')).toMatch(/^→ src\/glossary\.ts: relative/);
  }, 120_000);

  it('eslint: the same imports read as unknown, the project table reported, nothing outside opened', () => {
    const dir = project('lint');
    const run = tracedClean(dir, ['--input-type=module', '-e', lintScript], join(dir, 'src', 'glossary.ts'));
    const messages = JSON.parse(run.stdout) as [string, number, string][][];
    // Only the project's own table is a finding: every outside import is unknown, so it is quiet.
    expect(messages[0]!.map(([ruleId, line]) => [ruleId, line])).toEqual([['schema-contract/no-open-glossary-enum', 11]]);
  }, 120_000);

  it('a tsconfig `baseUrl` outside the project: every bare import is a candidate there, none is looked at', () => {
    const dir = project('base-url');
    write(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', baseUrl: join(outside, 'dir') } }));
    write(join(dir, 'src', 'uses.ts'), "import { z } from 'zod';\nimport { UNITS } from 'tables';\nimport { a } from 'package.json';\nexport const input = z.object({ u: z.enum(UNITS.values), a: z.enum(a.values) });\n");
    const run = tracedClean(dir, [build.bin, 'explain', 'src/uses.ts'], join(dir, 'tsconfig.json'));
    expect(run.output).not.toContain(outside);
    expect(run.output.match(/leads outside the project: never read/g)).toHaveLength(2);
  }, 120_000);

  it('a tsconfig that extends a config through a directory linked out of the project: not read, not even looked at', () => {
    const dir = project('extends-link');
    write(join(outside, 'configs', 'base.json'), JSON.stringify({ compilerOptions: { paths: { [TOKEN]: ['./*'] } } }));
    symlinkSync(join(outside, 'configs'), join(dir, 'shared'));
    write(join(dir, 'tsconfig.json'), JSON.stringify({ extends: './shared/base.json', compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }));
    tracedClean(dir, [build.bin, 'explain', 'src/uses.ts'], join(dir, 'tsconfig.json'));
  }, 120_000);

  it('package.json `imports` whose targets lead out (a package linked out, a directory linked out): refused before the resolver, explain and eslint alike', () => {
    const dir = project('imports');
    symlinkSync(join(outside, 'dir'), join(dir, 'linked-dir'));
    write(join(dir, 'package.json'), JSON.stringify({ name: 'proj', type: 'module', imports: { '#exact': 'pkg/x', '#pattern/*': 'pkg/*', '#conditions': { node: { import: 'broken/y' }, default: './src/glossary.ts' }, '#relative': './linked-dir/tables.ts', '#missing': 'not-installed', '#local': './src/glossary.ts' } }));
    const specifiers = ['#exact', '#pattern/x', '#conditions', '#relative', '#missing', '#local'];
    write(
      join(dir, 'src', 'uses.ts'),
      "import { z } from 'zod';\n" +
        specifiers.map((specifier, index) => `import { UNITS as u${index} } from '${specifier}';`).join('\n') +
        `\nexport const input = z.object({ ${specifiers.map((_, index) => `u${index}: z.enum(u${index}.values)`).join(', ')} });\n`,
    );
    const explain = tracedClean(dir, [build.bin, 'explain', 'src/uses.ts'], join(dir, 'package.json'));
    expect(explain.output).not.toContain(outside);
    const why = (specifier: string): string | undefined => whyIn(explain.output, specifier);
    for (const specifier of ['#exact', '#pattern/x', '#conditions', '#relative']) expect(why(specifier), specifier).toBe('✗ —: outside the project: not followed');
    expect(why('#missing')).toBe("✗ —: not found (Cannot find module '#missing')");
    // The control: an entry inside the project is followed.
    expect(why('#local')).toMatch(/^→ src\/glossary\.ts/);
    const lint = tracedClean(dir, ['--input-type=module', '-e', lintScript]);
    // Only the project's own table, through `#local`, is a finding.
    const messages = JSON.parse(lint.stdout) as [string, number, string][][];
    expect(messages[0]!.map(([ruleId, line]) => [ruleId, line])).toEqual([['schema-contract/no-open-glossary-enum', 8]]);
  }, 120_000);

  it('a node_modules directory that is itself a link out of the project', () => {
    const dir = project('modules-link', true);
    const run = tracedClean(dir, [build.bin, 'explain', 'src/uses.ts']);
    expect(run.output).toContain('outside the project: not followed');
  }, 120_000);
});
