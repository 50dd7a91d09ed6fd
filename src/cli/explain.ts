import { existsSync, readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { requiredSpecifier } from '../analysis/syntax/ast.js';
import { forEachDescendant } from '../analysis/syntax/ast-walk.js';
import { isPastReadLimit, PAST_READ_LIMIT } from '../analysis/modules/unread-modules.js';
import { parseModuleText, type ParsedText } from '../analysis/modules/module-parser.js';
import { boundaryOf, openPass, resolveSpecifier, type ImportSyntax, type Resolution } from '../analysis/modules/module-resolution.js';
import { libraryOfSpecifier } from '../analysis/schemas/schema-libraries.js';
import { parseSettings } from '../settings.js';
import { OUTSIDE_THE_PROJECT } from '../analysis/modules/outside-words.js';
import { UsageError } from './usage-error.js';
import { EXPLAIN_OPTIONS, parseOptions } from './command-options.js';

export const EXPLAIN_SYNOPSIS = 'Usage: schema-contract explain <file> [--format text|json]';

export const EXPLAIN_USAGE = `${EXPLAIN_SYNOPSIS}

Lists each import of <file> (import and export declarations, require() calls, import()), what it
resolves to, and whether the analysis follows it, and why not. Resolution is the one the rules use:
tsconfig paths, package.json exports and imports, workspace packages, inside the project only
(the working directory, or the workspace root it lies in).

Options:
  --format NAME  text (default) or json
  -h, --help     Show this help

Marks: → followed, ○ not read by design (a schema library known by its name, a type-only import),
✗ the analysis cannot follow it (the summary counts these).

Exit codes: 0 listed, 2 usage error, or a file that is missing or does not parse.
`;

interface ImportSite {
  readonly line: number;
  readonly column: number;
  readonly specifier: string;
  readonly syntax: ImportSyntax;
  /** The names the site binds (`*` for a namespace, `default`), empty for a side-effect import. */
  readonly names: readonly string[];
  /** `import type`, `export type … from`: no value comes through it. */
  readonly typeOnly: boolean;
}

export interface ExplainedImport {
  readonly line: number;
  readonly column: number;
  readonly specifier: string;
  readonly names: readonly string[];
  readonly kind: Resolution['kind'] | 'schema-library' | 'type-only';
  /** The file it resolves to, relative to the working directory. */
  readonly resolvedTo: string | undefined;
  readonly followed: boolean;
  readonly why: string;
}

function stringValue(node: TSESTree.Node | null | undefined): string | undefined {
  return node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
}

function nameOf(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

function site(node: TSESTree.Node, specifier: string, syntax: ImportSyntax, names: readonly string[], typeOnly: boolean): ImportSite {
  return { line: node.loc.start.line, column: node.loc.start.column + 1, specifier, syntax, names, typeOnly };
}

function importSites(program: TSESTree.Program, visitorKeys: Parameters<typeof forEachDescendant>[1]): ImportSite[] {
  const sites: ImportSite[] = [];
  forEachDescendant(program, visitorKeys, (node) => {
    switch (node.type) {
      case 'ImportDeclaration': {
        const names = node.specifiers.map((specifier) =>
          specifier.type === 'ImportNamespaceSpecifier' ? '*' : specifier.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(specifier.imported),
        );
        const typeOnly = node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.type === 'ImportSpecifier' && specifier.importKind === 'type'));
        sites.push(site(node, node.source.value, 'import', names, typeOnly));
        return false;
      }
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration': {
        const source = stringValue(node.source);
        if (source === undefined) return true;
        const names = node.type === 'ExportAllDeclaration' ? ['*'] : node.specifiers.map((specifier) => nameOf(specifier.local));
        sites.push(site(node, source, 'import', names, node.exportKind === 'type'));
        return false;
      }
      case 'ImportExpression': {
        const source = stringValue(node.source);
        if (source !== undefined) sites.push(site(node, source, 'import', ['*'], false));
        return true;
      }
      case 'TSImportEqualsDeclaration': {
        const reference = node.moduleReference;
        const source = reference.type === 'TSExternalModuleReference' ? stringValue(reference.expression) : undefined;
        if (source !== undefined) sites.push(site(node, source, 'require', ['default'], node.importKind === 'type'));
        return false;
      }
      case 'CallExpression': {
        const source = requiredSpecifier(node);
        if (source !== undefined) sites.push(site(node, source, 'require', ['default'], false));
        return true;
      }
      default:
        return true;
    }
  });
  return sites;
}

const FOLLOWED = 'followed when a value from it reaches an enum, a fallback or a schema';

function describe(site: ImportSite, resolution: Resolution, display: (file: string) => string): ExplainedImport {
  const base = { line: site.line, column: site.column, specifier: site.specifier, names: site.names };
  // Where an import that leaves the project points is never printed, whatever else is said of it.
  const file = 'file' in resolution && resolution.kind !== 'outside' ? display(resolution.file) : undefined;
  const library = libraryOfSpecifier(site.specifier, parseSettings({}).libraries);
  if (library !== undefined) {
    return { ...base, kind: 'schema-library', resolvedTo: file, followed: false, why: `schema library ${library}: known by its name, not read` };
  }
  if (site.typeOnly) return { ...base, kind: 'type-only', resolvedTo: file, followed: false, why: 'type-only: no value comes through it' };
  if ((resolution.kind === 'source' || resolution.kind === 'json') && isPastReadLimit(resolution.file) === true) {
    return { ...base, kind: resolution.kind, resolvedTo: file, followed: false, why: `${PAST_READ_LIMIT}: its values are unknown` };
  }
  switch (resolution.kind) {
    case 'source':
      return { ...base, kind: resolution.kind, resolvedTo: file, followed: true, why: `${resolution.route}; ${FOLLOWED}` };
    case 'json':
      return { ...base, kind: resolution.kind, resolvedTo: file, followed: true, why: `JSON module (${resolution.route}); ${FOLLOWED}; its values are never quoted in a message` };
    case 'declaration':
      return { ...base, kind: resolution.kind, resolvedTo: file, followed: false, why: 'declaration file: types only, no values' };
    case 'other':
      return { ...base, kind: resolution.kind, resolvedTo: file, followed: false, why: 'not a JavaScript, TypeScript or JSON module' };
    case 'dependency':
      return {
        ...base,
        kind: resolution.kind,
        resolvedTo: file,
        followed: false,
        why: `installed dependency ${resolution.packageName}: its values are not read; an enum built from it is an unmarked table in strict`,
      };
    case 'builtin':
      return { ...base, kind: resolution.kind, resolvedTo: undefined, followed: false, why: `Node.js built-in ${resolution.name}` };
    case 'outside':
      // The path is the user's own code's, but where it leads is not printed: it may name a secret.
      return { ...base, kind: resolution.kind, resolvedTo: undefined, followed: false, why: 'leads outside the project: never read' };
    case 'not-found':
      return {
        ...base,
        kind: resolution.kind,
        resolvedTo: undefined,
        followed: false,
        why: resolution.reason === OUTSIDE_THE_PROJECT ? OUTSIDE_THE_PROJECT : `not found (${resolution.reason})`,
      };
  }
}

/** Resolves every import of `file` as the rules would, from working directory `cwd`. */
export function explainImports(cwd: string, file: string): { project: string; imports: ExplainedImport[] } {
  const absolute = resolve(cwd, file);
  if (!existsSync(absolute)) throw new UsageError(`explain: file ${file} not found (resolved to ${absolute})`);
  if (!statSync(absolute).isFile()) throw new UsageError(`explain: ${file} is not a file (resolved to ${absolute})`);
  const text = readFileSync(absolute, 'utf8');
  let parsed: ParsedText;
  try {
    // The same parse the analysis gives an imported module: the user's TypeScript parser, or
    // ESLint's own for JavaScript in a project without TypeScript.
    parsed = parseModuleText(absolute, text);
  } catch (error) {
    throw new UsageError(`explain: ${file} does not parse: ${(error as Error).message}`);
  }
  const checked = new Set<string>();
  openPass(checked, cwd, absolute);
  const display = (path: string): string => {
    const shown = relative(cwd, path);
    return shown === '' || shown.startsWith('..') ? path : shown.split(sep).join('/');
  };
  const visitorKeys = parsed.visitorKeys as Parameters<typeof forEachDescendant>[1];
  const imports = importSites(parsed.ast, visitorKeys).map((found) =>
    describe(found, resolveSpecifier(absolute, found.specifier, found.syntax, checked), display),
  );
  return { project: boundaryOf(checked, absolute).root, imports };
}

/**
 * One import of `file`, as `explain` words it: whether the analysis follows it, and why not. The
 * `tools` inventory asks it where a tool's schema comes from an import it could not read.
 */
export function explainImport(cwd: string, file: string, specifier: string): { readonly followed: boolean; readonly why: string } {
  const checked = new Set<string>();
  openPass(checked, cwd, file);
  const found: ImportSite = { line: 0, column: 0, specifier, syntax: 'import', names: [], typeOnly: false };
  const described = describe(found, resolveSpecifier(file, specifier, 'import', checked), (path) => path);
  return { followed: described.followed, why: described.why };
}

/** A schema library is known by its name and a type-only import carries no value: nothing is lost by not reading them. */
function markOf(item: ExplainedImport): { sign: '→' | '○' | '✗'; counted: 'followed' | 'byDesign' | 'cannotFollow' } {
  if (item.followed) return { sign: '→', counted: 'followed' };
  if (item.kind === 'schema-library' || item.kind === 'type-only') return { sign: '○', counted: 'byDesign' };
  return { sign: '✗', counted: 'cannotFollow' };
}

function formatText(file: string, cwd: string, result: ReturnType<typeof explainImports>): string {
  const lines = [`${file}: ${result.imports.length} import(s); the project is ${relative(cwd, result.project) || '.'}`];
  const counts = { followed: 0, byDesign: 0, cannotFollow: 0 };
  for (const item of result.imports) {
    const names = item.names.length > 0 ? ` { ${item.names.join(', ')} }` : '';
    const mark = markOf(item);
    counts[mark.counted] += 1;
    lines.push('', `  ${item.line}:${item.column}  ${item.specifier}${names}`);
    lines.push(`    ${mark.sign} ${item.resolvedTo ?? '—'}: ${item.why}`);
  }
  // The summary counts the marks, each named with its sign: a reader can check one against the other.
  lines.push(
    '',
    `${counts.followed} followed (→), ${counts.byDesign} not read by design (○: schema libraries, type-only), ` +
      `${counts.cannotFollow} the analysis cannot follow (✗).`,
  );
  return `${lines.join('\n')}\n`;
}

export interface ExplainIo {
  readonly cwd: string;
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
}

/** `schema-contract explain <file>`: returns the exit code (2 for a usage error, named on stderr). */
export function runExplain(argv: readonly string[], io: ExplainIo): number {
  try {
    return explainCommand(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`schema-contract: ${error.message}\n${EXPLAIN_SYNOPSIS}\nRun \`schema-contract help explain\` for details.\n`);
    return 2;
  }
}

function explainCommand(argv: readonly string[], io: ExplainIo): number {
  const parsed = parseOptions(argv, EXPLAIN_OPTIONS, 'explain');
  if (parsed.values.help) {
    io.stdout.write(EXPLAIN_USAGE);
    return 0;
  }
  const format = (parsed.values.format as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format ${format} is not available for "explain" (choose text, json)`);
  if (parsed.positionals.length !== 1) throw new UsageError('"explain" takes exactly one file');
  const file = parsed.positionals[0]!;
  const result = explainImports(io.cwd, file);
  io.stdout.write(format === 'json' ? `${JSON.stringify({ file, ...result }, null, 2)}\n` : formatText(file, io.cwd, result));
  return 0;
}
