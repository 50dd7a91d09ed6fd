import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type ts from 'typescript';
import { loadTypeScriptCompiler } from '../../parsers.js';
import { fileVersion } from '../../util/file-version.js';
import { markUnstamped, pathStampInPass, stampInPass } from './file-stamps.js';
import { pathAliasesOf, type PathAliases } from './path-aliases.js';
import { isWithin, mayLieWithin, realPathWithin, type PathWithin, type ProjectBoundary } from './project-boundary.js';

/**
 * The module resolution a file's tsconfig asks for (`compilerOptions.moduleResolution`, or what
 * `module` implies). `lenient` stands for no tsconfig: extensionless imports and package exports
 * both work, as in the bundlers most such projects use.
 */
export type ModuleResolution = 'node10' | 'node16' | 'bundler' | 'lenient';

export interface CompilerSettings {
  readonly moduleResolution: ModuleResolution;
  readonly customConditions: readonly string[];
  /** The tsconfig whose `paths` and `baseUrl` apply; undefined when there is none in the project. */
  readonly configFile: string | undefined;
  /**
   * Its `paths` and `baseUrl` (with `extends`); undefined when it declares none, `unknown` when the
   * config was past a budget: any non-relative specifier may then be an alias, and is unknown.
   */
  readonly aliases: PathAliases | 'unknown' | undefined;
}

const NO_TSCONFIG: CompilerSettings = { moduleResolution: 'lenient', customConditions: [], configFile: undefined, aliases: undefined };

/**
 * Budgets of one config's read. A config file past the size is not parsed (a tsconfig is a few
 * kilobytes; a 9 MB one with 20,000 `paths` cost a quarter of a second per linted file). The
 * number of files bounds the `extends` graph, its depth included (a chain is never deeper than the
 * files in it): TypeScript's `applyExtendedConfig` recurses once per level and overflowed the
 * stack at 1,500, and without a shared cache read a diamond graph once per path (2^16 reads at
 * 16 levels). Past either, the paths are unknown and the lint goes on.
 */
export const MAX_CONFIG_BYTES = 1024 * 1024;
export const MAX_CONFIG_FILES = 64;
export const MAX_PATH_PATTERNS = 4096;
/**
 * Distinct config files read for one project in a process, over all its tsconfigs: a pull request
 * can add a tsconfig with its own 64-file graph to every directory. A monorepo of some hundreds of
 * packages, each with a tsconfig extending a shared base, stays well under it. Past it, the
 * project's tsconfigs not yet read have unknown `paths` (one warning for the project).
 */
export const MAX_PROJECT_CONFIG_FILES = 1024;
/**
 * The config text whose parse the shared cache keeps per project (a parse holds the file's syntax
 * tree). Past it, a config is still read and used, only not kept for the next tsconfig.
 */
const MAX_SHARED_CONFIG_BYTES = 8 * 1024 * 1024;

/**
 * What the process has read of one project's configs. `extended` is TypeScript's extended-config
 * cache, shared by the project's tsconfigs (a base that ten package tsconfigs extend is read
 * once), each entry with the versions of the files it was built from: an entry is dropped as soon
 * as one of them changed. Only a read that stayed in the project and within its budgets adds
 * entries, so no config sees another's partial graph.
 */
interface ProjectConfigs {
  readonly seen: Set<string>;
  readonly extended: Map<string, ts.ExtendedConfigCacheEntry>;
  readonly extendedVersions: Map<string, ReadonlyMap<string, string | undefined>>;
  readonly extendedBytes: Map<string, number>;
}

const projects = new Map<string, ProjectConfigs>();

function projectConfigsOf(boundary: ProjectBoundary): ProjectConfigs {
  let project = projects.get(boundary.root);
  if (!project) projects.set(boundary.root, (project = { seen: new Set(), extended: new Map(), extendedVersions: new Map(), extendedBytes: new Map() }));
  // Each file once, however many entries were built from it.
  const current = new Map<string, string | undefined>();
  const versionNow = (path: string): string | undefined => {
    if (!current.has(path)) current.set(path, versionOf(path));
    return current.get(path);
  };
  for (const [key, versions] of project.extendedVersions) {
    if ([...versions].some(([path, version]) => versionNow(path) !== version)) {
      project.extended.delete(key);
      project.extendedVersions.delete(key);
      project.extendedBytes.delete(key);
    }
  }
  return project;
}

function moduleResolutionOf(compiler: typeof ts, options: ts.CompilerOptions): ModuleResolution {
  switch (options.moduleResolution) {
    case compiler.ModuleResolutionKind.Node16:
    case compiler.ModuleResolutionKind.NodeNext:
      return 'node16';
    case compiler.ModuleResolutionKind.Node10:
    case compiler.ModuleResolutionKind.Classic:
      return 'node10';
    case compiler.ModuleResolutionKind.Bundler:
      return 'bundler';
    default:
      break;
  }
  // TypeScript's defaults: `module` decides when `moduleResolution` is not written.
  switch (options.module) {
    case undefined:
      return 'lenient';
    case compiler.ModuleKind.Node16:
    case compiler.ModuleKind.NodeNext:
      return 'node16';
    case compiler.ModuleKind.CommonJS:
      return 'node10';
    default:
      return 'bundler';
  }
}

/**
 * The nearest `tsconfig.json` at or above `directory`, never above the project's root, with the
 * version of each directory looked in (taken before looking): a `tsconfig.json` created or removed
 * in one of them changes that directory's version.
 */
function nearestTsconfig(directory: string, boundary: ProjectBoundary, checked: Set<string>): NearestTsconfig {
  const directories: [string, string][] = [];
  for (let current = directory; mayLieWithin(boundary, current); current = dirname(current)) {
    directories.push([current, pathStampInPass(current, checked)]);
    const candidate = join(current, 'tsconfig.json');
    if (existsSync(candidate)) return { configFile: candidate, directories };
    if (dirname(current) === current) break;
  }
  return { configFile: undefined, directories };
}

interface NearestTsconfig {
  readonly configFile: string | undefined;
  readonly directories: readonly (readonly [path: string, stamp: string])[];
}

/**
 * Found across lints and used while no directory looked in has changed: the resolution of every
 * import asks for its importer's directory, and the directories' versions are ones the pass's
 * resolutions `stat` anyway. Bounded; the oldest go first.
 */
const nearestByDirectory = new Map<string, NearestTsconfig>();
const MAX_DIRECTORIES = 10_000;

function nearestTsconfigInPass(directory: string, boundary: ProjectBoundary, checked: Set<string>): string | undefined {
  const key = `${boundary.root}\0${directory}`;
  const known = nearestByDirectory.get(key);
  if (known && known.directories.every(([path, stamp]) => pathStampInPass(path, checked) === stamp)) return known.configFile;
  const found = nearestTsconfig(directory, boundary, checked);
  nearestByDirectory.delete(key);
  nearestByDirectory.set(key, found);
  if (nearestByDirectory.size > MAX_DIRECTORIES) nearestByDirectory.delete(nearestByDirectory.keys().next().value!);
  return found.configFile;
}

/**
 * Reads a tsconfig with TypeScript's own parser (JSONC, `extends` chains, `${configDir}`), through
 * a host that reads nothing outside the project: an `extends` pointing elsewhere makes the whole
 * config unusable (a pull request must not be able to have a file outside parsed as a tsconfig),
 * and the resolver then works as if there were none. No directory is listed: only the options
 * matter, not the files the config includes. Every file of the `extends` graph is read once
 * (TypeScript's extended-config cache), and no more than the budgets allow.
 */
function readCompilerSettings(configFile: string, boundary: ProjectBoundary, versions: Map<string, string | undefined>): CompilerSettings {
  // Without a TypeScript the parser supports (a JavaScript-only project), nothing reads the
  // tsconfig either: imports resolve as Node resolves them, which is what such a project runs.
  const compiler = loadTypeScriptCompiler();
  if (!compiler) return NO_TSCONFIG;
  let leftProject = false;
  let pastBudget: string | undefined;
  let projectPastBudget = false;
  const configFiles = new Map<string, number>();
  const project = projectConfigsOf(boundary);
  const within = new Map<string, PathWithin>();
  const allowed = (path: string): boolean => {
    if (!mayLieWithin(boundary, path) && !mayLieWithin(boundary, dirname(path))) {
      leftProject = true;
      return false;
    }
    // Judged link by link without touching a target outside (`realPathWithin`). A shared config
    // package (`@tsconfig/node20`) under the project's node_modules is the project's.
    const real = realPathWithin(boundary, path, within);
    if (real.kind === 'outside') leftProject = true;
    return real.kind === 'inside' && isWithin(real.real, boundary.root);
  };
  const readable = (path: string): boolean => {
    if (pastBudget !== undefined || !allowed(path)) return false;
    const stats = statsOf(path, versions);
    if (!stats) return false;
    configFiles.set(path, stats.size);
    project.seen.add(path);
    if (stats.size > MAX_CONFIG_BYTES) pastBudget = `${displayPath(path, boundary)} is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB`;
    else if (configFiles.size > MAX_CONFIG_FILES) pastBudget = `its \`extends\` graph has more than ${MAX_CONFIG_FILES} config files`;
    else if (project.seen.size > MAX_PROJECT_CONFIG_FILES) {
      projectPastBudget = true;
      pastBudget = `the project's tsconfigs and the configs they extend are more than ${MAX_PROJECT_CONFIG_FILES} files`;
    }
    return pastBudget === undefined;
  };
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: compiler.sys.useCaseSensitiveFileNames,
    readDirectory: () => [],
    fileExists: readable,
    readFile: (path) => (readable(path) ? readFileSync(path, 'utf8') : undefined),
  };
  const text = host.readFile(configFile);
  if (pastBudget === undefined && text === undefined) return NO_TSCONFIG;
  // The source file form (not `readConfigFile`'s object) so that the parse lists every file of the
  // `extends` graph, those behind a shared cache entry included (`extendedSourceFiles`).
  const source = text === undefined ? undefined : (compiler.parseJsonText(configFile, text) as ts.TsConfigSourceFile);
  // `parseDiagnostics` is how TypeScript's own `readConfigFile` tells a config that does not parse.
  const syntaxErrors = (source as { parseDiagnostics?: readonly unknown[] } | undefined)?.parseDiagnostics?.length ?? 0;
  const root = source?.statements[0]?.expression;
  if (pastBudget === undefined && (syntaxErrors > 0 || !root || !compiler.isObjectLiteralExpression(root))) return NO_TSCONFIG;
  const extended = new Map(project.extended);
  const parsed =
    pastBudget === undefined && source ? compiler.parseJsonSourceFileConfigFileContent(source, host, dirname(configFile), undefined, configFile, undefined, undefined, extended) : undefined;
  if (leftProject) return NO_TSCONFIG;
  const graph = source?.extendedSourceFiles ?? [];
  for (const path of graph) if (!versions.has(path)) statsOf(path, versions);
  if (pastBudget === undefined && graph.length + 1 > MAX_CONFIG_FILES) pastBudget = `its \`extends\` graph has more than ${MAX_CONFIG_FILES} config files`;
  const options = parsed?.options ?? {};
  const paths = options.paths;
  if (pastBudget === undefined && paths && Object.keys(paths).length > MAX_PATH_PATTERNS) pastBudget = `its \`paths\` has more than ${MAX_PATH_PATTERNS} patterns`;
  if (pastBudget !== undefined) {
    warnPastBudget(projectPastBudget ? `project\0${boundary.root}` : `${configFile}\0${[...versions.values()].join('\0')}`, configFile, boundary, pastBudget);
    return { moduleResolution: 'lenient', customConditions: [], configFile, aliases: 'unknown' };
  }
  shareExtendedConfigs(project, extended, versions, configFiles);
  const pathsBasePath = typeof options.pathsBasePath === 'string' ? options.pathsBasePath : undefined;
  return {
    moduleResolution: moduleResolutionOf(compiler, options),
    customConditions: options.customConditions ?? [],
    configFile,
    aliases: pathAliasesOf(paths, options.baseUrl, pathsBasePath),
  };
}

function displayPath(path: string, boundary: ProjectBoundary): string {
  return relative(boundary.projectDirectory, path) || path;
}

/** Keeps the entries a clean read added to TypeScript's cache for the project's other tsconfigs. */
function shareExtendedConfigs(
  project: ProjectConfigs,
  extended: ReadonlyMap<string, ts.ExtendedConfigCacheEntry>,
  versions: ReadonlyMap<string, string | undefined>,
  sizes: ReadonlyMap<string, number>,
): void {
  let kept = [...project.extendedBytes.values()].reduce((sum, bytes) => sum + bytes, 0);
  for (const [key, entry] of extended) {
    if (project.extended.has(key)) continue;
    const bytes = sizes.get(entry.extendedResult.fileName) ?? MAX_CONFIG_BYTES;
    if (kept + bytes > MAX_SHARED_CONFIG_BYTES) continue;
    kept += bytes;
    const files = [entry.extendedResult.fileName, ...(entry.extendedResult.extendedSourceFiles ?? [])];
    project.extended.set(key, entry);
    project.extendedBytes.set(key, bytes);
    project.extendedVersions.set(key, new Map(files.map((file) => [file, versions.has(file) ? versions.get(file) : versionOf(file)])));
  }
}

/**
 * One warning per version of a config past a budget (the lint goes on, imports through its aliases
 * unknown), one per project past the project's budget: on stderr in a CLI run, in the ESLint
 * output channel of an editor.
 */
function warnPastBudget(key: string, configFile: string, boundary: ProjectBoundary, why: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  process.emitWarning(`${displayPath(configFile, boundary)}: ${why}; its \`paths\` and \`baseUrl\` are unknown to schema-contract, and values imported through a non-relative specifier are not read.`, {
    code: 'SCHEMA_CONTRACT_TSCONFIG_BUDGET',
  });
}

const warned = new Set<string>();

/**
 * The compiler settings TypeScript applies to files in `directory`. A tsconfig that does not parse
 * counts as none: TypeScript reports it to the user, and the analysis resolves as Node would.
 * Parsed once per version: each pass (`checked`) `stat`s the files the parse read once, and reads
 * again when one changed.
 */
export function compilerSettingsOf(directory: string, boundary: ProjectBoundary, checked: Set<string>): CompilerSettings {
  const configFile = nearestTsconfigInPass(directory, boundary, checked);
  if (configFile === undefined) return NO_TSCONFIG;
  const key = `${boundary.root}\0${configFile}`;
  const known = readConfigs.get(key);
  // `stampInPass` is the version `statsOf` records (undefined for a missing file), once per pass.
  if (known && [...known.versions].every(([path, version]) => stampInPass(path, checked) === version)) return known.settings;
  const versions = new Map<string, string | undefined>();
  const settings = readCompilerSettings(configFile, boundary, versions);
  readConfigs.set(key, { versions, settings });
  // Noted for the answers kept across passes that rest on these settings (`recordDependencies`);
  // a file that changed while it was read keeps them to this pass.
  for (const [path, version] of versions) if (stampInPass(path, checked) !== version) markUnstamped();
  return settings;
}

/**
 * Configs read in this process, with the version of every file the read looked at (the chain of
 * `extends`, including files that were missing): a config is read again only when one changed.
 */
const readConfigs = new Map<string, { versions: Map<string, string | undefined>; settings: CompilerSettings }>();

function statsOf(path: string, record?: Map<string, string | undefined>): Stats | undefined {
  let stats: Stats | undefined;
  try {
    const found = statSync(path, { throwIfNoEntry: false });
    stats = found?.isFile() ? found : undefined;
  } catch {
    stats = undefined;
  }
  record?.set(path, stats && fileVersion(stats));
  return stats;
}

function versionOf(path: string): string | undefined {
  const stats = statsOf(path);
  return stats && fileVersion(stats);
}
