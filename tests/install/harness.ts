import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repositoryRoot = join(import.meta.dirname, '..', '..');

/**
 * The environment for npm and node in a test project: ours without what `npm test` adds. npm
 * passes its configuration to scripts as `npm_config_*` (`local_prefix` among them), which would
 * make a child `npm install` act on this repository instead of the project.
 */
export function projectEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1' };
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_(config|package|lifecycle|execpath|node_execpath|command)/i.test(key) && key !== 'NODE_OPTIONS') env[key] = value;
  }
  return env;
}

/** The package exactly as `npm publish` would ship it: built (npm test builds first), then packed. */
export function packPlugin(destination: string): string {
  if (!existsSync(join(repositoryRoot, 'dist', 'src', 'index.js'))) {
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: repositoryRoot, stdio: 'inherit', env: projectEnv() });
  }
  const output = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--loglevel=error', '--pack-destination', destination], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    env: projectEnv(),
  });
  const [report] = JSON.parse(output) as [{ filename: string }];
  return join(destination, report.filename);
}

export interface ProjectSpec {
  readonly name: string;
  /** package.json `type`. */
  readonly type: 'module' | 'commonjs';
  /** npm package specs installed with the tarball. */
  readonly install: readonly string[];
  /** npm's `--legacy-peer-deps`: peers are not installed (as with yarn, or npm 6). */
  readonly legacyPeerDeps?: boolean;
  readonly files: Readonly<Record<string, string>>;
}

export interface Message {
  readonly file: string;
  readonly line: number;
  readonly ruleId: string | null;
  readonly fatal: boolean;
  readonly message: string;
}

export interface Probe {
  readonly eslint: string;
  readonly messages: readonly Message[];
  readonly configs: Readonly<Record<string, { parser?: string; typescriptEslintsParser?: boolean; sourceType?: string }>>;
}

export interface ProbeJob {
  readonly config: string;
  readonly files: readonly string[];
}

export interface Outcome {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface InstalledProject {
  readonly dir: string;
  /** Lints files with config files through the project's own ESLint, in one process (see probe.mjs). */
  probe(jobs: readonly ProbeJob[]): Probe[];
  /** Runs a script or bin of the project with node. */
  node(script: string, args: readonly string[]): Outcome;
  /** The installed version of a package, or undefined when it is not installed. */
  version(name: string): string | undefined;
  /** Every installed copy of a package, anywhere in node_modules. */
  copies(name: string): string[];
  write(path: string, text: string): void;
}

function installed(dir: string): InstalledProject {
  const node = (script: string, args: readonly string[]): Outcome => {
    const result = spawnSync(process.execPath, [script, ...args], { cwd: dir, encoding: 'utf8', env: projectEnv() });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  return {
    dir,
    probe(jobs) {
      const result = node('probe.mjs', [JSON.stringify(jobs)]);
      if (result.status !== 0) throw new Error(`probe failed in ${dir} (exit ${result.status}):\n${result.stderr}`);
      return JSON.parse(result.stdout) as Probe[];
    },
    node,
    version(name) {
      const manifest = join(dir, 'node_modules', name, 'package.json');
      return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
    },
    copies(name) {
      const output = spawnSync('npm', ['ls', name, '--all', '--parseable'], { cwd: dir, encoding: 'utf8', env: projectEnv() }).stdout;
      return [...new Set(output.split('\n').filter((line) => line.endsWith(join('node_modules', ...name.split('/')))))];
    },
    write(path, text) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
  };
}

export interface Installation {
  readonly root: string;
  get(name: string): InstalledProject;
  remove(): void;
}

/**
 * Packs the plugin, then creates every project and installs them all at once: one npm cache for all (npm's own, which
 * the repository's install filled), offline-first (`--prefer-offline` reads cached metadata without
 * asking the registry again), the registry only for what the cache lacks.
 */
export async function installProjects(specs: readonly ProjectSpec[]): Promise<Installation> {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'schema-contract-install-')));
  const remove = () => {
    if (!process.env.SCHEMA_CONTRACT_KEEP_INSTALLS) rmSync(root, { recursive: true, force: true });
  };
  const tarball = packPlugin(root);
  const projects = new Map<string, InstalledProject>();
  const outcomes = await Promise.allSettled(
    specs.map(async (spec) => {
      const dir = join(root, spec.name);
      mkdirSync(dir);
      writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: spec.name, version: '0.0.0', private: true, type: spec.type }, null, 2)}\n`);
      copyFileSync(join(import.meta.dirname, 'probe.mjs'), join(dir, 'probe.mjs'));
      const project = installed(dir);
      for (const [path, text] of Object.entries(spec.files)) project.write(path, text);
      const args = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...(spec.legacyPeerDeps ? ['--legacy-peer-deps'] : []), ...spec.install, tarball];
      try {
        await run('npm', args, { cwd: dir, env: projectEnv(), maxBuffer: 64 * 1024 * 1024 });
      } catch (error) {
        throw new Error(`npm ${args.join(' ')} failed in ${dir}:\n${(error as { stderr?: string }).stderr ?? String(error)}`);
      }
      projects.set(spec.name, project);
    }),
  );
  const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String((outcome.reason as Error).message)] : []));
  if (failures.length > 0) {
    remove();
    throw new Error(failures.join('\n\n'));
  }
  return {
    root,
    get(name) {
      const project = projects.get(name);
      if (!project) throw new Error(`no test project ${name}`);
      return project;
    },
    remove,
  };
}
