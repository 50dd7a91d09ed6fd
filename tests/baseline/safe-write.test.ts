import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BaselineError, parseBaseline, serializeBaseline, updateBaseline, writeBaseline, type BaselineEntry } from '../../src/baseline/baseline-file.js';
import { buildForTests, type TestBuild } from './build.js';
import { createProject, eslintConfig } from './project.js';

// Child processes load ESLint and the parser: generous time on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const entry = (fingerprint: string): BaselineEntry => ({ path: 'src/a.ts', rule: 'r', fingerprint: fingerprint.repeat(20), count: 1 });

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'schema-contract-write-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** What the directory holds besides the files a test put there: temporary files and locks. */
function leftovers(where = directory): string[] {
  return readdirSync(where).filter((name) => name.endsWith('.tmp') || name.endsWith('.lock'));
}

function thrown(action: () => void): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

describe('writing the baseline', () => {
  it('replaces the target of a symlinked baseline and keeps the link; never creates through a dangling one', () => {
    mkdirSync(join(directory, 'shared'));
    writeBaseline(join(directory, 'shared', 'baseline.json'), [entry('a')]);
    symlinkSync(join('shared', 'baseline.json'), join(directory, 'baseline.json'));
    writeBaseline(join(directory, 'baseline.json'), [entry('b')]);
    expect(lstatSync(join(directory, 'baseline.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(directory, 'baseline.json'))).toBe(join('shared', 'baseline.json'));
    expect(readFileSync(join(directory, 'shared', 'baseline.json'), 'utf8')).toBe(serializeBaseline([entry('b')]));

    symlinkSync(join('shared', 'new.json'), join(directory, 'dangling.json'));
    // Issue 34: a pull request's dangling link must not make `baseline write` create its target.
    expect(() => writeBaseline(join(directory, 'dangling.json'), [entry('c')])).toThrow(/dangling\.json: is a symbolic link to a file that does not exist/);
    expect(lstatSync(join(directory, 'dangling.json')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(directory, 'shared', 'new.json'))).toBe(false);
    expect([...leftovers(), ...leftovers(join(directory, 'shared'))]).toEqual([]);
  });

  it('keeps the file mode', () => {
    const file = join(directory, 'baseline.json');
    for (const mode of [0o640, 0o600, 0o664]) {
      writeBaseline(file, [entry('a')]);
      chmodSync(file, mode);
      writeBaseline(file, [entry('b')]);
      expect(statSync(file).mode & 0o777).toBe(mode);
    }
  });

  it('names the baseline, never the temporary file, and leaves nothing behind when it fails', () => {
    const missing = join(directory, 'no-such-directory', 'baseline.json');
    const noDirectory = thrown(() => writeBaseline(missing, [entry('a')]));
    expect(noDirectory).toBeInstanceOf(BaselineError);
    expect(noDirectory.message).toMatch(/^eslint-plugin-schema-contract: baseline .*no-such-directory\/baseline\.json: cannot be locked for writing: ENOENT: no such file or directory/);

    // Rename fails after the temporary file was written: it is removed, and so is the lock.
    const isDirectory = join(directory, 'baseline.json');
    mkdirSync(isDirectory);
    const renameFailed = thrown(() => writeBaseline(isDirectory, [entry('a')]));
    expect(renameFailed.message).toMatch(/^eslint-plugin-schema-contract: baseline .*\/baseline\.json: cannot be (read|written): EISDIR/);
    for (const error of [noDirectory, renameFailed]) expect(error.message).not.toMatch(/\.tmp|\.lock/);
    expect(leftovers()).toEqual([]);

    writeFileSync(join(directory, 'file'), '');
    const notDirectory = thrown(() => writeBaseline(join(directory, 'file', 'baseline.json'), [entry('a')]));
    expect(notDirectory.message).toMatch(/file\/baseline\.json: cannot be written: ENOTDIR: not a directory$/);
  });

  it('removes the temporary files of writers that were killed outright, and their abandoned lock', () => {
    const file = join(directory, 'baseline.json');
    writeFileSync(join(directory, '.baseline.json.4242.0badc0de.tmp'), '{"version": 2, "entr');
    // A lock held by a process of this machine that no longer runs.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(directory, '.baseline.json.lock'), JSON.stringify({ pid: gone, host: hostname(), since: '2020-01-01T00:00:00.000Z' }));
    writeBaseline(file, [entry('a')]);
    expect(parseBaseline(file, readFileSync(file, 'utf8')).entries).toEqual([entry('a')]);
    expect(leftovers()).toEqual([]);
  });

  it('fails loudly, naming the holder, while another live writer holds the lock', () => {
    const file = join(directory, 'baseline.json');
    writeBaseline(file, [entry('a')]);
    const lock = join(directory, '.baseline.json.lock');
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), since: '2020-01-01T00:00:00.000Z' }));
    const error = thrown(() => writeBaseline(file, [entry('b')], { lockWaitMs: 0 }));
    expect(error.message).toBe(
      `eslint-plugin-schema-contract: baseline ${file}: is being written by process ${process.pid} on ${hostname()}, since 2020-01-01T00:00:00.000Z; ` +
        `nothing was written. Run the command again once it has finished (if no such process runs any more, delete ${lock})`,
    );
    expect(parseBaseline(file, readFileSync(file, 'utf8')).entries).toEqual([entry('a')]);
    rmSync(lock);
  });

  it('refuses to replace a baseline that changed on disk while it was being updated', () => {
    const file = join(directory, 'baseline.json');
    writeBaseline(file, [entry('a')]);
    const foreign = serializeBaseline([entry('f')]);
    const error = thrown(() =>
      updateBaseline(file, (stored) => {
        // An editor saves the file between the read and the write: it does not take the lock.
        writeFileSync(file, foreign);
        return { entries: stored.state === 'current' ? [...stored.baseline.entries, entry('b')] : [], result: undefined };
      }),
    );
    expect(error.message).toMatch(/baseline\.json: changed while it was being updated .*nothing was written/);
    expect(readFileSync(file, 'utf8')).toBe(foreign);
    expect(leftovers()).toEqual([]);
  });
});

describe('in real processes', () => {
  let build: TestBuild;
  beforeAll(() => {
    build = buildForTests();
  }, 120_000);
  afterAll(() => build.remove());

  /**
   * A child that runs `body` with `fs.fsyncSync` (called once the temporary file is written, with
   * the lock held) replaced by `onFsync`, so a test can act at exactly that moment.
   */
  function childWithFsyncHook(onFsync: string, body: string): string {
    const script = join(directory, 'child.mjs');
    writeFileSync(
      script,
      `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { spawnSync } from 'node:child_process';
const original = fs.fsyncSync;
let calls = 0;
fs.fsyncSync = (descriptor) => { if (calls++ === 0) { ${onFsync} } return original(descriptor); };
syncBuiltinESMExports();
${body}
`,
    );
    return script;
  }

  it('a signal during the write is held until the baseline is complete, leaving no temporary file', () => {
    const file = join(directory, 'baseline.json');
    const module = pathToFileURL(join(build.root, 'dist', 'src', 'baseline', 'baseline-file.js')).href;
    const script = childWithFsyncHook(
      "process.kill(process.pid, 'SIGTERM');",
      `const { writeBaseline } = await import(${JSON.stringify(module)});
writeBaseline(process.argv[2], [{ path: 'src/a.ts', rule: 'r', fingerprint: 'a'.repeat(20), count: 1 }]);
process.stdout.write('written\\n');`,
    );
    const child = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
    // Without the guard, SIGTERM's default action ends the process inside fsync, before 'written'.
    expect(child.stdout).toBe('written\n');
    // Node dispatches a held signal when its event loop gets to it: usually before the process
    // would exit (then it ends by that signal), but it gives no way to wait for it.
    expect(child.signal ?? child.status).toBeOneOf(['SIGTERM', 0]);
    expect(parseBaseline(file, readFileSync(file, 'utf8')).entries).toEqual([entry('a')]);
    expect(leftovers()).toEqual([]);
  });

  it('two `baseline write` runs at once: the one that cannot get the lock fails loudly, and no entry is lost', () => {
    const project = createProject({
      'eslint.config.js': eslintConfig({
        pluginEntry: build.fixturePluginEntry,
        namespace: 'fixture',
        rules: ['flag-open-object'],
        baselineConfigEntry: build.baselineConfigEntry,
        baseline: 'schema-contract-baseline.json',
      }),
      'src/a.ts': "export const a = { type: 'object' };\n",
      'src/b.ts': "export const b = { type: 'object' };\n",
    });
    try {
      const cli = pathToFileURL(join(build.root, 'dist', 'src', 'cli', 'schema-contract.js')).href;
      // Run A holds the lock with its new file written but not yet renamed; run B starts now.
      const script = childWithFsyncHook(
        `const b = spawnSync(process.execPath, [${JSON.stringify(build.bin)}, 'baseline', 'write', 'src/b.ts'], { encoding: 'utf8' });
process.stderr.write(JSON.stringify({ b: { code: b.status, stderr: b.stderr } }) + '\\n');`,
        `const { run } = await import(${JSON.stringify(cli)});
process.exitCode = await run(['baseline', 'write', 'src/a.ts']);`,
      );
      const a = spawnSync(process.execPath, [script], { cwd: project.dir, encoding: 'utf8' });
      expect(a.status, a.stderr).toBe(0);
      const { b } = JSON.parse(a.stderr.split('\n').find((line) => line.startsWith('{"b"')) ?? '{}') as { b: { code: number; stderr: string } };
      expect(b.code).toBe(2);
      expect(b.stderr).toContain(`baseline ${join(project.dir, 'schema-contract-baseline.json')}: is being written by process ${a.pid} on ${hostname()}`);
      const paths = () => (JSON.parse(project.read('schema-contract-baseline.json')) as { entries: { path: string }[] }).entries.map((e) => e.path);
      expect(paths()).toEqual(['src/a.ts']);

      // Run again, B keeps A's entries.
      expect(spawnSync(process.execPath, [build.bin, 'baseline', 'write', 'src/b.ts'], { cwd: project.dir }).status).toBe(0);
      expect(paths()).toEqual(['src/a.ts', 'src/b.ts']);
      expect(leftovers(project.dir)).toEqual([]);
    } finally {
      project.remove();
    }
  });
});
