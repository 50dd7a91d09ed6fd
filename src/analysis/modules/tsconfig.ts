import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type ts from 'typescript';
import { loadTypeScriptCompiler } from '../../parsers.js';
import { fileVersion } from '../../util/file-version.js';
import { isWithin, mayLieWithin, type ProjectBoundary } from './project-boundary.js';

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
}

const NO_TSCONFIG: CompilerSettings = { moduleResolution: 'lenient', customConditions: [], configFile: undefined };

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

/** The nearest `tsconfig.json` at or above `directory`, never above the project's root. */
function nearestTsconfig(directory: string, boundary: ProjectBoundary): string | undefined {
  for (let current = directory; mayLieWithin(boundary, current); current = dirname(current)) {
    const candidate = join(current, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (dirname(current) === current) break;
  }
  return undefined;
}

/**
 * Reads a tsconfig with TypeScript's own parser (JSONC, `extends` chains, `${configDir}`), through
 * a host that reads nothing outside the project: an `extends` pointing elsewhere makes the whole
 * config unusable (a pull request must not be able to have a file outside parsed as a tsconfig),
 * and the resolver then works as if there were none. No directory is listed: only the options
 * matter, not the files the config includes.
 */
function readCompilerSettings(configFile: string, boundary: ProjectBoundary, versions: Map<string, string | undefined>): CompilerSettings {
  // Without a TypeScript the parser supports (a JavaScript-only project), nothing reads the
  // tsconfig either: imports resolve as Node resolves them, which is what such a project runs.
  const compiler = loadTypeScriptCompiler();
  if (!compiler) return NO_TSCONFIG;
  let leftProject = false;
  const allowed = (path: string): boolean => {
    if (!mayLieWithin(boundary, path) && !mayLieWithin(boundary, dirname(path))) {
      leftProject = true;
      return false;
    }
    let real: string;
    try {
      real = realpathSync.native(path);
    } catch {
      return false;
    }
    // A shared config package (`@tsconfig/node20`) under the project's node_modules is the project's.
    const inside = isWithin(real, boundary.root);
    if (!inside) leftProject = true;
    return inside;
  };
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: compiler.sys.useCaseSensitiveFileNames,
    readDirectory: () => [],
    fileExists: (path) => allowed(path) && versionOf(path, versions) !== undefined,
    readFile: (path) => (allowed(path) && versionOf(path, versions) !== undefined ? readFileSync(path, 'utf8') : undefined),
  };
  const read = compiler.readConfigFile(configFile, host.readFile);
  if (read.error || typeof read.config !== 'object' || read.config === null) return NO_TSCONFIG;
  const parsed = compiler.parseJsonConfigFileContent(read.config, host, dirname(configFile), undefined, configFile);
  if (leftProject) return NO_TSCONFIG;
  return {
    moduleResolution: moduleResolutionOf(compiler, parsed.options),
    customConditions: parsed.options.customConditions ?? [],
    configFile,
  };
}

/**
 * The compiler settings TypeScript applies to files in `directory`. A tsconfig that does not parse
 * counts as none: TypeScript reports it to the user, and the analysis resolves as Node would.
 */
export function compilerSettingsOf(directory: string, boundary: ProjectBoundary): CompilerSettings {
  const configFile = nearestTsconfig(directory, boundary);
  if (configFile === undefined) return NO_TSCONFIG;
  const key = `${boundary.root}\0${configFile}`;
  const known = readConfigs.get(key);
  if (known && [...known.versions].every(([path, version]) => versionOf(path) === version)) return known.settings;
  const versions = new Map<string, string | undefined>();
  const settings = readCompilerSettings(configFile, boundary, versions);
  readConfigs.set(key, { versions, settings });
  return settings;
}

/**
 * Configs read in this process, with the version of every file the read looked at (the chain of
 * `extends`, including files that were missing): a config is read again only when one changed.
 */
const readConfigs = new Map<string, { versions: Map<string, string | undefined>; settings: CompilerSettings }>();

function versionOf(path: string, record?: Map<string, string | undefined>): string | undefined {
  let version: string | undefined;
  try {
    const stats = statSync(path, { throwIfNoEntry: false });
    version = stats?.isFile() ? fileVersion(stats) : undefined;
  } catch {
    version = undefined;
  }
  record?.set(path, version);
  return version;
}
