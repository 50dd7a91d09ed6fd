/**
 * # modules/: the one module resolver, and the modules it reaches
 *
 * - `module-resolution.ts` (this file): a specifier to a file as TypeScript and Node resolve it
 *   (oxc-resolver, configured from the importer's tsconfig by `tsconfig.ts`), never outside the
 *   project (`project-boundary.ts`).
 * - `module-graph.ts`: imported modules parsed once (`module-parser.ts`), their exports
 *   (`module-exports.ts`, `reexport-scan.ts`), and what an imported name refers to.
 * - `linted-modules.ts`: the linted file's own parse, offered to the files that import it.
 * - `unread-modules.ts`: why a module of the project is not read (too large, not text, unparseable).
 */
import { existsSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResolverFactory, type NapiResolveOptions, type ResolveResult } from 'oxc-resolver';
import { markUnstamped, memoInPass, stampInPass, type InPass } from './file-stamps.js';
import { aliasCandidates } from './path-aliases.js';
import { importsTargetWithin, packageNameOf } from './package-imports.js';
import { installedPackageWithin, mayLieWithin, mayRead, nearestManifest, nearestManifestWithin, projectBoundary, type PathWithin, type ProjectBoundary } from './project-boundary.js';
import { OUTSIDE_THE_PROJECT, resolverErrorWords } from './outside-words.js';
import { settledValue } from './settled-answers.js';
import { noteLookup, remember, remembered, resolveFresh, sharedResolver, type Lookup, type RememberedResolutions } from './resolution-cache.js';
import { compilerSettingsOf, type CompilerSettings } from './tsconfig.js';

export { packageNameOf } from './package-imports.js';

/**
 * How a module was named: by a path relative to the importer, through package.json `imports`
 * (`#x`), through a tsconfig alias (`paths`, `baseUrl`), or as a package (a workspace package
 * resolved through its symlink in `node_modules`).
 */
export type ResolutionRoute = 'relative' | 'package imports' | 'tsconfig paths' | 'workspace package';

/** What a specifier names, as TypeScript and Node would resolve it, and whether the analysis reads it. */
export type Resolution =
  /** A TypeScript or JavaScript module of the project: its values are read when a rule needs them. */
  | { readonly kind: 'source'; readonly file: string; readonly route: ResolutionRoute }
  /** A JSON module of the project: its data is read, and never quoted in a message. */
  | { readonly kind: 'json'; readonly file: string; readonly route: ResolutionRoute }
  /** A declaration file (`.d.ts`): types only, no values. */
  | { readonly kind: 'declaration'; readonly file: string; readonly route: ResolutionRoute }
  /** A file of another kind (`.css`, `.node`, `.wasm`): not a module the analysis reads. */
  | { readonly kind: 'other'; readonly file: string; readonly route: ResolutionRoute }
  /** A package installed under `node_modules`: its values are not read; a table from it is the package's. */
  | { readonly kind: 'dependency'; readonly file: string; readonly packageName: string }
  | { readonly kind: 'builtin'; readonly name: string }
  /** Resolves to a path outside the project (a `../..` path, a symlink, an alias): never read. */
  | { readonly kind: 'outside'; readonly file: string }
  | { readonly kind: 'not-found'; readonly reason: string };

/** Whether a specifier is written as `require('x')` or as ESM syntax (`import`, `export … from`). */
export type ImportSyntax = 'import' | 'require';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const DECLARATION_FILE = /\.d\.[cm]?ts$|\.d\.[^.]+\.ts$/;

/**
 * `./x.js` names `./x.ts` in TypeScript: the emitted file's name stands for its source. Sources
 * first, so a checked-in build next to the source is not what the analysis reads.
 */
const EXTENSION_ALIAS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx'],
  '.jsx': ['.tsx', '.jsx'],
  '.mjs': ['.mts', '.mjs'],
  '.cjs': ['.cts', '.cjs'],
};
const TYPES_EXTENSION_ALIAS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts', '.js', '.jsx'],
  '.jsx': ['.tsx', '.d.ts', '.jsx'],
  '.mjs': ['.mts', '.d.mts', '.mjs'],
  '.cjs': ['.cts', '.d.cts', '.cjs'],
};

/**
 * One resolver for the process, and a variant per combination of options, all sharing its file
 * system cache (`cloneWithOptions`). oxc-resolver does what Node does: package.json `exports` and
 * `imports` with conditions, symlinked workspace packages. tsconfig `paths` and `baseUrl` are
 * applied before it (`path-aliases.ts`), so that no alias leads it out of the project. Its cache
 * lives across lints, revalidated on every use (`resolution-cache.ts`).
 */
const rootResolver = sharedResolver;
const variants = new Map<string, ResolverFactory>();

function resolverFor(options: NapiResolveOptions): ResolverFactory {
  const key = JSON.stringify(options);
  let resolver = variants.get(key);
  if (!resolver) variants.set(key, (resolver = rootResolver.cloneWithOptions(options)));
  return resolver;
}

/**
 * The resolver for one importing file's settings and import form. Asked on every resolution, so it
 * is found by the settings object (kept while its tsconfig is unchanged) instead of by building
 * and serialising the options again.
 */
const resolversBySettings = new WeakMap<CompilerSettings, Map<string, ResolverFactory>>();

function resolverOf(mode: CompilerSettings, syntax: ImportSyntax, format: ModuleKind, types: boolean): ResolverFactory {
  let bySyntax = resolversBySettings.get(mode);
  if (!bySyntax) resolversBySettings.set(mode, (bySyntax = new Map()));
  const key = `${syntax}\0${format}\0${types ? 'types' : 'values'}`;
  let resolver = bySyntax.get(key);
  if (!resolver) bySyntax.set(key, (resolver = resolverFor(optionsFor(mode, syntax, format, types))));
  return resolver;
}

function optionsFor(mode: CompilerSettings, syntax: ImportSyntax, format: 'module' | 'commonjs', types: boolean): NapiResolveOptions {
  // TypeScript resolves an `import` in a CommonJS-format file (node16) as the `require` it compiles to.
  const requireLike = syntax === 'require' || (mode.moduleResolution === 'node16' && format === 'commonjs');
  const conditions = [...(types ? ['types'] : []), requireLike ? 'require' : 'import', ...(mode.moduleResolution === 'bundler' ? [] : ['node']), ...mode.customConditions];
  return {
    conditionNames: conditions,
    // node10 predates `exports` and `imports`: TypeScript ignores them there.
    exportsFields: mode.moduleResolution === 'node10' ? [] : [['exports']],
    importsFields: mode.moduleResolution === 'node10' ? [] : [['imports']],
    // Node's ESM loader, and TypeScript's node16 for ESM files, need the file's extension.
    fullySpecified: mode.moduleResolution === 'node16' && !requireLike,
    extensions: types ? [...SOURCE_EXTENSIONS, '.d.ts', '.json'] : [...SOURCE_EXTENSIONS, '.json'],
    extensionAlias: types ? TYPES_EXTENSION_ALIAS : EXTENSION_ALIAS,
    mainFields: types ? ['types', 'typings', 'module', 'main'] : ['module', 'main'],
    builtinModules: true,
    // NODE_PATH is the machine's, not the project's.
    nodePath: false,
  };
}

/** What one lint pass (one linted file, one `checked` set) has resolved and where it may read. */
interface Pass {
  readonly boundary: ProjectBoundary;
  /** With what each rested on (`memoInPass`), for the answers kept across passes that use them. */
  readonly resolutions: Map<string, InPass<Resolution>>;
  readonly modes: Map<string, InPass<CompilerSettings>>;
  /** Real paths found in the project during the pass (`realPathWithin`). */
  readonly within: Map<string, PathWithin>;
}

const passes = new WeakMap<Set<string>, Pass>();

/**
 * Starts a lint pass for `file`, linted with working directory `cwd`: resolutions are made once
 * per pass, and the boundary is the project's. A pass never opened falls back to the process's
 * working directory, as ESLint does.
 */
export function openPass(checked: Set<string>, cwd: string, file: string): void {
  if (passes.has(checked)) return;
  passes.set(checked, { boundary: projectBoundary(cwd, file), resolutions: new Map(), modes: new Map(), within: new Map() });
}

function passOf(checked: Set<string>, fromFile: string): Pass {
  let pass = passes.get(checked);
  if (!pass) {
    openPass(checked, process.cwd(), fromFile);
    pass = passes.get(checked)!;
  }
  return pass;
}

/** The boundary of the pass, for callers that report it (`schema-contract explain`). */
export function boundaryOf(checked: Set<string>, fromFile: string): ProjectBoundary {
  return passOf(checked, fromFile).boundary;
}

function modeOf(pass: Pass, fromFile: string, checked: Set<string>): CompilerSettings {
  const directory = dirname(fromFile);
  return memoInPass(pass.modes, directory, () => compilerSettingsOf(directory, pass.boundary, checked));
}

function formatOf(fromFile: string, mode: CompilerSettings, checked: Set<string>): ModuleKind {
  // Outside node16, TypeScript resolves every import as the ES module import it is written as.
  if (mode.moduleResolution !== 'node16') return /\.c[jt]s$/i.test(fromFile) ? 'commonjs' : 'module';
  return moduleKindOf(fromFile, checked);
}

/** How Node runs a file, and so how TypeScript's node16 treats it: as an ES module or as CommonJS. */
export type ModuleKind = 'module' | 'commonjs';

/**
 * Node's rule: `.mjs`/`.mts` are modules, `.cjs`/`.cts` CommonJS, and any other file follows the
 * `type` of the nearest package.json (CommonJS when there is none or it says nothing), as the
 * resolver reads it, with its cache and its freshness. A file that is not on disk (a buffer the
 * editor has not saved, a test's virtual file) cannot be looked up: it is taken as the ES module
 * that TypeScript sources are written as.
 */
let moduleTypeResolver: ResolverFactory | undefined;
const moduleKinds = new WeakMap<Set<string>, Map<string, InPass<ModuleKind>>>();

/** `checked` is the lint pass asking (one `stat` per path per pass); without one, the disk is asked afresh. */
export function moduleKindOf(file: string, checked: Set<string> = new Set()): ModuleKind {
  if (/\.m[jt]s$/i.test(file)) return 'module';
  if (/\.c[jt]s$/i.test(file)) return 'commonjs';
  let kinds = moduleKinds.get(checked);
  if (!kinds) moduleKinds.set(checked, (kinds = new Map()));
  return memoInPass(kinds, file, () => packageTypeOf(file, checked));
}

function packageTypeOf(file: string, checked: Set<string>): ModuleKind {
  moduleTypeResolver ??= resolverFor({ moduleType: true, builtinModules: false });
  const resolver = moduleTypeResolver;
  const known = remembered(moduleTypes, file, checked);
  if (known) return known;
  const pass = passes.get(checked);
  const boundary = pass?.boundary;
  // Without a package.json in the project above the file, the resolver would look for one above
  // the project's root; through a link out of it, it would open the outside file. Node's default instead.
  const lookup: Lookup = {
    directory: dirname(file),
    tried: [file],
    packageName: undefined,
    root: boundary?.root,
    inside: (path) => boundary === undefined || mayLieWithin(boundary, path),
  };
  if (pass && nearestManifestWithin(pass.boundary, dirname(file), pass.within) !== 'inside') {
    // A package.json created above the file, or the file itself, changes the answer: stamped.
    noteLookup(lookup, checked);
    return existsSync(file) ? 'commonjs' : 'module';
  }
  const { result, dependencies } = resolveFresh(lookup, checked, () => resolver.sync(dirname(file), `./${basename(file)}`), (found) => found.path === undefined);
  // A package.json the resolver cannot parse fails the lookup of a file that exists: Node's default.
  const kind: ModuleKind = result.path === undefined ? (existsSync(file) ? 'commonjs' : 'module') : result.moduleType === 'module' ? 'module' : 'commonjs';
  if (result.path !== undefined) remember(moduleTypes, file, kind, dependencies);
  return kind;
}

const moduleTypes: RememberedResolutions<ModuleKind> = new Map();

function isRelative(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
}

/** `@scope/name/sub` is `@scope/name`; `name/sub` is `name`. */

function packageNameFromPath(file: string): string {
  const parts = file.split(sep);
  const index = parts.lastIndexOf('node_modules');
  const first = parts[index + 1] ?? '';
  return first.startsWith('@') ? `${first}/${parts[index + 2] ?? ''}` : first;
}

function routeOf(specifier: string, result: ResolveResult): ResolutionRoute {
  if (isRelative(specifier)) return 'relative';
  if (specifier.startsWith('#')) return 'package imports';
  return result.packageJsonPath?.split(sep).includes('node_modules') ? 'workspace package' : 'tsconfig paths';
}

function classify(pass: Pass, specifier: string, result: ResolveResult, route: ResolutionRoute = routeOf(specifier, result)): Resolution {
  if (result.builtin) return { kind: 'builtin', name: result.builtin.resolved };
  const file = result.path!;
  if (file.split(sep).includes('node_modules')) return { kind: 'dependency', file, packageName: isRelative(specifier) ? packageNameFromPath(file) : packageNameOf(specifier) };
  if (!mayRead(pass.boundary, file)) return { kind: 'outside', file };
  if (DECLARATION_FILE.test(file)) return { kind: 'declaration', file, route };
  if (file.endsWith('.json')) return { kind: 'json', file, route };
  if (SOURCE_EXTENSIONS.some((extension) => file.endsWith(extension))) return { kind: 'source', file, route };
  return { kind: 'other', file, route };
}

const found = (result: ResolveResult): boolean => result.path !== undefined || result.builtin !== undefined;

/** Resolutions across lints, per importer's settings (a tsconfig edited is a new settings object). */
const rememberedBySettings = new WeakMap<CompilerSettings, RememberedResolutions<Resolution>>();

/**
 * One request to the resolver, `request` being the specifier or a path an alias stands for: the
 * values' view, else TypeScript's (the `types` condition, declaration files), for a workspace
 * package whose `exports` point at a build that is not there.
 */
function lookUp(pass: Pass, checked: Set<string>, fromFile: string, request: string, syntax: ImportSyntax, lookup: Lookup): ReturnType<typeof resolveFresh> {
  const mode = modeOf(pass, fromFile, checked);
  const format = formatOf(fromFile, mode, checked);
  const directory = dirname(fromFile);
  const run = (): ResolveResult => {
    const values = resolverOf(mode, syntax, format, false).sync(directory, request);
    return found(values) ? values : resolverOf(mode, syntax, format, true).sync(directory, request);
  };
  return resolveFresh(lookup, checked, run, (outcome) => !found(outcome));
}

/**
 * The path a relative request names, the key its resolutions share: `../core/error` written in
 * `src/api/` and `./error` in `src/core/` are one lookup, since under one compiler settings object
 * and importer format a relative request depends on nothing of the importer's directory (its
 * package.json and `node_modules` matter to bare and `#` requests only). A request that can only
 * name a directory (`.`, `..`, a trailing `/`) keeps a trailing separator: `./a` may be `a.ts`.
 */
function relativeTarget(directory: string, request: string): string {
  const target = resolve(directory, request);
  return /(?:^|[/\\])\.{1,2}$|[/\\]$/.test(request) ? `${target}${sep}` : target;
}

function resolveWithResolver(pass: Pass, checked: Set<string>, fromFile: string, specifier: string, syntax: ImportSyntax): Resolution {
  const directory = dirname(fromFile);
  let request = specifier;
  if (specifier.startsWith('file:')) {
    // A `file:` URL is an absolute path: refused before the resolver looks at anything, as one.
    try {
      request = fileURLToPath(specifier);
    } catch {
      return { kind: 'not-found', reason: 'not a file URL of this system' };
    }
  }
  if (isRelative(request) && !mayLieWithin(pass.boundary, resolve(directory, request))) {
    return { kind: 'outside', file: resolve(directory, request) };
  }
  const mode = modeOf(pass, fromFile, checked);
  const format = formatOf(fromFile, mode, checked);
  let cache = rememberedBySettings.get(mode);
  if (!cache) rememberedBySettings.set(mode, (cache = new Map()));
  const key = isRelative(request) ? `${relativeTarget(directory, request)}\0${syntax}\0${format}` : `${directory}\0${syntax}\0${format}\0${request}`;
  const known = remembered(cache, key, checked);
  if (known) return known;
  const inside = (path: string): boolean => mayLieWithin(pass.boundary, path);
  const base = { directory, root: pass.boundary.root, inside };
  const bare = !isRelative(request) && !request.startsWith('#');
  const aliases = bare ? mode.aliases : undefined;
  if (aliases === 'unknown') return { kind: 'not-found', reason: 'the tsconfig is past a budget: its `paths` are unknown' };
  const candidates = aliases === undefined ? [] : aliasCandidates(aliases, request);
  let outside: string | undefined;
  for (const candidate of candidates) {
    // An alias is followed only to a path in the project: the resolver never sees one outside.
    if (!inside(candidate)) {
      outside ??= candidate;
      continue;
    }
    if (nearestManifestWithin(pass.boundary, dirname(candidate), pass.within) === 'outside') {
      // A link out: stamping the paths behind it would `stat` outside the project.
      markUnstamped();
      return { kind: 'outside', file: candidate };
    }
    const lookup: Lookup = { ...base, tried: [candidate], packageName: undefined };
    const { result, dependencies } = lookUp(pass, checked, fromFile, candidate, syntax, lookup);
    if (found(result)) return rememberFound(cache, key, classify(pass, specifier, result, 'tsconfig paths'), dependencies);
  }
  if (outside !== undefined) return { kind: 'outside', file: outside };
  const refused = refusedBeforeResolver(pass, directory, request, bare);
  if (refused) {
    // A refusal rests on the disk as a lookup does (no `node_modules/<name>` up to the root, a
    // manifest without the entry): stamped the same way, for answers kept across passes. A link out
    // is not: stamping the paths behind it would `stat` outside the project.
    const out = refused.kind === 'outside' || (refused.kind === 'not-found' && refused.reason === OUTSIDE_THE_PROJECT);
    if (out) markUnstamped();
    else noteLookup({ ...base, tried: refusalPaths(pass, directory, request), packageName: bare ? packageNameOf(request) : undefined }, checked);
    return refused;
  }
  const lookup: Lookup = {
    ...base,
    // A `#` import rests on the importer's package.json, whatever the target's is.
    tried: isRelative(request) ? [resolve(directory, request)] : request.startsWith('#') ? refusalPaths(pass, directory, request) : [],
    packageName: bare ? packageNameOf(request) : undefined,
  };
  const { result, dependencies } = lookUp(pass, checked, fromFile, request, syntax, lookup);
  if (!found(result)) return { kind: 'not-found', reason: resolverErrorWords(result.error, pass.boundary) };
  return rememberFound(cache, key, classify(pass, specifier, result), dependencies);
}

/**
 * What is answered before oxc-resolver is asked, so that it looks at nothing outside the project
 * (its Node API, 11.x, has no file system hook to stop it there: oxc-resolver issue #365; so a
 * relative import in a project with no package.json up to its root still has the resolver look
 * for one above the root, which nothing here can prevent, only keep out of messages): a package whose directory in
 * `node_modules`, or whose package.json, is a link out of the project is "outside the project: not
 * followed" (the resolver would open and quote that package.json, `exports` and all); a package no
 * directory of the project holds is not found (the resolver would look for it up to `/`); a
 * package path with `..` could lead out of its package; `#imports` need the project's own package.json,
 * and an entry there whose target leads out is refused the same way (`package-imports.ts`).
 */
function refusedBeforeResolver(pass: Pass, directory: string, request: string, bare: boolean): Resolution | undefined {
  const notFound: Resolution = { kind: 'not-found', reason: `Cannot find module '${request}'` };
  if (bare) {
    if (request.split('/').some((segment) => segment === '..' || segment === '.')) return { kind: 'not-found', reason: 'a package path with `.` or `..` segments is not followed' };
    const installed = installedPackageWithin(pass.boundary, directory, packageNameOf(request), pass.within);
    if (installed === 'outside') return { kind: 'not-found', reason: OUTSIDE_THE_PROJECT };
    return installed === 'absent' ? notFound : undefined;
  }
  if (request.startsWith('#')) {
    const manifest = nearestManifest(pass.boundary, directory, pass.within);
    if (manifest.kind === 'outside') return { kind: 'not-found', reason: OUTSIDE_THE_PROJECT };
    if (manifest.kind === 'missing') return notFound;
    // The entry's target is resolved from there: a package linked out, or a path out, is refused here.
    const target = importsTargetWithin(pass.boundary, manifest, request, pass.within);
    if (target === 'outside') return { kind: 'not-found', reason: OUTSIDE_THE_PROJECT };
    return target === 'absent' ? notFound : undefined;
  }
  // A path whose directory (or the package.json above it) is a link out: the resolver would read there.
  const target = resolve(directory, request);
  return nearestManifestWithin(pass.boundary, dirname(target), pass.within) === 'outside' ? { kind: 'outside', file: target } : undefined;
}

/** The paths besides the directories up to the root (and their `node_modules`) that a refusal looked at: a `#` import's package.json. */
function refusalPaths(pass: Pass, directory: string, request: string): string[] {
  if (!request.startsWith('#')) return [];
  const manifest = nearestManifest(pass.boundary, directory, pass.within);
  return manifest.kind === 'inside' ? [manifest.real] : [];
}

function rememberFound(cache: RememberedResolutions<Resolution>, key: string, resolution: Resolution, dependencies: Parameters<typeof remember>[3]): Resolution {
  remember(cache, key, resolution, dependencies);
  return resolution;
}

const settledByBoundary = new WeakMap<ProjectBoundary, Map<string, InPass<Resolution>>>();

/**
 * Resolves `specifier` as written in `fromFile`, once per pass. The caller reads a module only
 * when the answer is `source` or `json`: everything else is unknown to the analysis.
 */
export function resolveSpecifier(fromFile: string, specifier: string, syntax: ImportSyntax, checked: Set<string>): Resolution {
  const pass = passOf(checked, fromFile);
  // `node:fs`, `path`: most imports of a server, and no file to look for.
  if (isBuiltin(specifier)) return { kind: 'builtin', name: specifier.startsWith('node:') ? specifier : `node:${specifier}` };
  const key = `${fromFile}\0${syntax}\0${specifier}`;
  return memoInPass(pass.resolutions, key, () => {
    // Kept across passes while what it looked at is unchanged: a project's files import the same
    // modules, and an editor lints the same file again and again. A resolution depends on the
    // importing file only by its directory, an extension that fixes its format, and (node16 takes
    // a file that is not on disk as an ES module) whether it is there: files alike in these share it.
    let settled = settledByBoundary.get(pass.boundary);
    if (!settled) settledByBoundary.set(pass.boundary, (settled = new Map()));
    const format = /\.m[jt]s$/i.test(fromFile) ? 'm' : /\.c[jt]s$/i.test(fromFile) ? 'c' : '';
    const importer = `${dirname(fromFile)}\0${format}\0${stampInPass(fromFile, checked) === undefined ? 'unsaved' : 'on disk'}`;
    return settledValue(settled, `${importer}\0${syntax}\0${specifier}`, checked, () => resolveWithResolver(pass, checked, fromFile, specifier, syntax));
  });
}

/**
 * Whether a file holds data rather than code (a JSON module): its values may decide a finding,
 * but are never quoted in a message or written by a fix, since it may hold what a log must not.
 */
export function isDataFile(file: string): boolean {
  return /\.json[c5]?$/i.test(file);
}

/** Whether the analysis reads the module a resolution names. */
export function isReadable(resolution: Resolution): resolution is Extract<Resolution, { kind: 'source' | 'json' }> {
  return resolution.kind === 'source' || resolution.kind === 'json';
}

/** A bare specifier names a package (or an alias); a relative one a file. */
export function isBareSpecifier(specifier: string): boolean {
  return !isRelative(specifier);
}
