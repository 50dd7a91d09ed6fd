import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname } from 'node:path';
import type * as TypeScriptParserModule from '@typescript-eslint/parser';
import type * as TypeScriptModule from 'typescript';
import type { Linter } from 'eslint';
import { packageInfo } from './util/package-info.js';

/**
 * The parsers this plugin uses are the user's own: `@typescript-eslint/parser` (a peer dependency,
 * so a project with typescript-eslint has one copy, and both configs hand ESLint the same
 * `parseForESLint`) and ESLint's default parser, espree, with its scope analyser. Everything is
 * resolved lazily, from where the package is installed, so that a project without TypeScript, or
 * on a TypeScript the parser does not support, loads the plugin and lints its JavaScript.
 */
const requireHere = createRequire(import.meta.url);

export type TypeScriptParser = Pick<typeof TypeScriptParserModule, 'meta' | 'parseForESLint'>;

export type TypeScriptParserStatus =
  | { readonly parser: TypeScriptParser; readonly problem?: undefined }
  | { readonly parser?: undefined; readonly problem: string };

const TYPESCRIPT_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts']);

export function isTypeScriptFile(file: string): boolean {
  return TYPESCRIPT_EXTENSIONS.has(extname(file).toLowerCase());
}

interface Manifest {
  readonly version?: string;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** A package's manifest as `require` would find the package from `from`, or undefined when it is not installed. */
function manifestOf(name: string, from: NodeJS.Require): { readonly path: string; readonly manifest: Manifest } | undefined {
  try {
    const path = from.resolve(`${name}/package.json`);
    return { path, manifest: JSON.parse(readFileSync(path, 'utf8')) as Manifest };
  } catch {
    return undefined;
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n', 1)[0] ?? '';
}

/**
 * Why the parser cannot be used, in one line naming what to install: the parser's own peer range
 * for TypeScript is the supported range (it is what typescript-eslint tests against).
 */
function describeProblem(error: unknown): string {
  const parser = manifestOf('@typescript-eslint/parser', requireHere);
  if (!parser) {
    return '@typescript-eslint/parser is not installed (npm install --save-dev @typescript-eslint/parser typescript)';
  }
  const range = parser.manifest.peerDependencies?.typescript ?? 'its peer range';
  const supports = `@typescript-eslint/parser ${parser.manifest.version ?? ''} supports typescript ${range}`;
  const typescript = manifestOf('typescript', createRequire(parser.path));
  if (!typescript) return `typescript is not installed; ${supports}`;
  return `typescript ${typescript.manifest.version ?? '(unknown version)'} is installed, and ${supports} (${firstLine(error)})`;
}

let typeScriptParser: TypeScriptParserStatus | undefined;

/**
 * `@typescript-eslint/parser` as installed next to this package, loaded once. Loading it loads
 * TypeScript, which fails without TypeScript and crashes on TypeScript 7: both become a one-line
 * problem instead of a stack trace from inside the parser's dependencies.
 */
export function loadTypeScriptParser(): TypeScriptParserStatus {
  if (typeScriptParser) return typeScriptParser;
  try {
    const parser = requireHere('@typescript-eslint/parser') as typeof TypeScriptParserModule;
    typeScriptParser = { parser: { meta: parser.meta, parseForESLint: parser.parseForESLint } };
  } catch (error) {
    typeScriptParser = { problem: describeProblem(error) };
  }
  return typeScriptParser;
}

/** What `parseForESLint` is made of: typescript-estree's `parse`, scope-manager's `analyze`, the visitor keys. */
export interface TypeScriptParts {
  parse(code: string, options: Record<string, unknown>): unknown;
  analyze(ast: unknown, options: Record<string, unknown>): unknown;
  readonly visitorKeys: Readonly<Record<string, readonly string[] | undefined>>;
}

let typeScriptParts: { readonly parts: TypeScriptParts | undefined } | undefined;

/**
 * The two halves of `parseForESLint`, the very copies the parser calls, for the modules the
 * analysis parses itself. `parseForESLint` always builds tokens, whatever its options say, and
 * keeps the last TypeScript source file it made: an imported module's parse held that way costs
 * about three times what the tree and its scopes need (measured on 1.9 MB modules: 480 MB
 * against 155 MB). Undefined when the parser did not load or ships without them.
 */
export function loadTypeScriptParts(): TypeScriptParts | undefined {
  if (!typeScriptParts) {
    let parts: TypeScriptParts | undefined;
    if (loadTypeScriptParser().parser) {
      try {
        const fromParser = createRequire(requireHere.resolve('@typescript-eslint/parser'));
        const estree = fromParser('@typescript-eslint/typescript-estree') as Pick<TypeScriptParts, 'parse'>;
        const scopes = fromParser('@typescript-eslint/scope-manager') as Pick<TypeScriptParts, 'analyze'>;
        const keys = fromParser('@typescript-eslint/visitor-keys') as Partial<Pick<TypeScriptParts, 'visitorKeys'>>;
        const complete = typeof estree.parse === 'function' && typeof scopes.analyze === 'function' && keys.visitorKeys;
        parts = complete ? { parse: estree.parse, analyze: scopes.analyze, visitorKeys: keys.visitorKeys! } : undefined;
      } catch {
        parts = undefined;
      }
    }
    typeScriptParts = { parts };
  }
  return typeScriptParts.parts;
}

let typeScriptCompiler: { readonly compiler: typeof TypeScriptModule | undefined } | undefined;

/**
 * TypeScript's own API (for reading tsconfig files), the very copy the parser uses, and only when
 * the parser loaded: a TypeScript the parser does not support is not used for anything else either.
 */
export function loadTypeScriptCompiler(): typeof TypeScriptModule | undefined {
  if (!typeScriptCompiler) {
    let compiler: typeof TypeScriptModule | undefined;
    if (loadTypeScriptParser().parser) {
      try {
        compiler = createRequire(requireHere.resolve('@typescript-eslint/parser'))('typescript') as typeof TypeScriptModule;
      } catch {
        compiler = undefined;
      }
    }
    typeScriptCompiler = { compiler };
  }
  return typeScriptCompiler.compiler;
}

export interface Espree {
  readonly version: string;
  readonly latestEcmaVersion: number;
  readonly VisitorKeys: Readonly<Record<string, readonly string[]>>;
  parse(code: string, options: Record<string, unknown>): unknown;
}

export interface EslintScope {
  analyze(ast: unknown, options: Record<string, unknown>): unknown;
}

let eslintOwn: { readonly espree: Espree; readonly eslintScope: EslintScope } | undefined;

/**
 * ESLint's default parser and scope analyser, from ESLint's own dependencies (ESLint is a peer):
 * JavaScript read without TypeScript is read exactly as ESLint reads it.
 */
export function eslintDefaultParser(): { readonly espree: Espree; readonly eslintScope: EslintScope } {
  if (!eslintOwn) {
    const fromEslint = createRequire(requireHere.resolve('eslint'));
    eslintOwn = { espree: fromEslint('espree') as Espree, eslintScope: fromEslint('eslint-scope') as EslintScope };
  }
  return eslintOwn;
}

/**
 * What the configs set as the parser when `@typescript-eslint/parser` cannot be loaded: ESLint's
 * own parser for JavaScript, and for each TypeScript file a parsing error that says in one line
 * why it cannot be read and what to install, instead of espree's "Unexpected token".
 */
export function javaScriptOnlyParser(problem: string): Linter.Parser {
  return {
    meta: { name: `${packageInfo.name}/javascript-only`, version: packageInfo.version },
    parse(code: string, options?: Linter.ParserOptions & { filePath?: string }) {
      const file = options?.filePath ?? '';
      if (isTypeScriptFile(file)) {
        // Placed on the first line, as parse errors are: formatters print a location for every message.
        throw Object.assign(new Error(`${packageInfo.name} cannot read TypeScript files: ${problem}.`), { lineNumber: 1, column: 1 });
      }
      return eslintDefaultParser().espree.parse(code, { ...options }) as ReturnType<Extract<Linter.Parser, { parse: unknown }>['parse']>;
    },
  };
}

/** The parser the configs set: the user's `@typescript-eslint/parser`, or the JavaScript-only stand-in. */
export function configParser(): Linter.Parser {
  const status = loadTypeScriptParser();
  return status.parser ? (status.parser as Linter.Parser) : javaScriptOnlyParser(status.problem);
}

