import { extname } from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { eslintDefaultParser, isTypeScriptFile, loadTypeScriptParser, loadTypeScriptParts } from '../../parsers.js';
import { hasModuleSyntax } from '../../util/module-kind.js';
import { moduleKindOf } from './module-resolution.js';

type Scope = TSESLint.Scope.Scope;
type ScopeManager = TSESLint.Scope.ScopeManager;

/** A module parsed by the plugin itself (an import of the linted file), ready for scope lookups. */
export interface ParsedText {
  readonly ast: TSESTree.Program;
  readonly scopeManager: TSESLint.Scope.ScopeManager;
  readonly visitorKeys: Readonly<Record<string, readonly string[] | undefined>>;
}

/**
 * Parses a module as Node would run it: a CommonJS file (`.cjs`, `.cts`, or under a package.json
 * without `"type": "module"`) as a script with CommonJS scope, unless it is written with
 * `import`/`export`; everything else as an ES module. TypeScript and JavaScript go through the
 * user's `@typescript-eslint/parser`; without one, JavaScript goes through ESLint's own parser
 * and scope analyser, and a TypeScript module cannot be read (the error says why).
 * Throws when the text does not parse. `checked` is the lint pass asking, if any (see `moduleKindOf`).
 */
export function parseModuleText(file: string, text: string, checked?: Set<string>, { comments = false }: { readonly comments?: boolean } = {}): ParsedText {
  const script = moduleKindOf(file, checked) === 'commonjs' && !hasModuleSyntax(text);
  const jsx = extname(file).toLowerCase().endsWith('x');
  const typeScript = loadTypeScriptParser();
  if (typeScript.parser) {
    const sourceType = script ? 'script' : 'module';
    const parts = loadTypeScriptParts();
    if (parts) {
      // What `parseForESLint` does without a project, minus the tokens nothing here reads, and
      // the comments unless asked for: typescript-estree collects them in a second scan of the
      // whole text, a quarter of the parse (openai's sources: 1.8–2.2 s against 1.35–1.45 s),
      // and only a table's JSDoc reads them (`moduleComments`).
      const ast = parts.parse(text, { filePath: file, sourceType, jsx, range: true, loc: true, comment: comments, tokens: false }) as TSESTree.Program;
      (ast as { sourceType: string }).sourceType = sourceType;
      const scopeManager = parts.analyze(ast, { globalReturn: script, sourceType }) as ScopeManager;
      return { ast, scopeManager, visitorKeys: parts.visitorKeys };
    }
    const result = typeScript.parser.parseForESLint(text, {
      filePath: file,
      sourceType,
      ecmaVersion: 'latest',
      ecmaFeatures: { globalReturn: script, jsx },
      range: true,
      loc: true,
      comment: true,
      tokens: false,
      jsx,
    });
    // `parseForESLint` builds tokens whatever it is told; a module held for its values needs none.
    delete (result.ast as { tokens?: unknown }).tokens;
    return { ast: result.ast as unknown as TSESTree.Program, scopeManager: result.scopeManager as TSESLint.Scope.ScopeManager, visitorKeys: result.visitorKeys };
  }
  if (isTypeScriptFile(file)) throw new Error(typeScript.problem);
  return parseWithEslintDefault(text, script, jsx);
}

/**
 * The comments of a module `parseModuleText` parsed without them, by parsing its text again with
 * them; empty when it no longer parses. Asked only when a table's JSDoc is read (the enum rule's
 * glossary markings), so most parsed modules never pay for their comments.
 */
export function moduleComments(file: string, text: string): readonly TSESTree.Comment[] {
  try {
    return parseModuleText(file, text, undefined, { comments: true }).ast.comments ?? [];
  } catch {
    return [];
  }
}

/** JavaScript read by ESLint's own parser and scope analyser, as ESLint reads it without TypeScript. */
export function parseWithEslintDefault(text: string, script: boolean, jsx: boolean): ParsedText {
  const { espree, eslintScope } = eslintDefaultParser();
  const ast = espree.parse(text, {
    ecmaVersion: 'latest',
    sourceType: script ? 'commonjs' : 'module',
    ecmaFeatures: { jsx },
    range: true,
    loc: true,
    comment: true,
    tokens: false,
  });
  // The options ESLint itself passes to eslint-scope for the same file.
  const scopeManager = eslintScope.analyze(ast, {
    ecmaVersion: espree.latestEcmaVersion,
    sourceType: script ? 'script' : 'module',
    nodejsScope: script,
    childVisitorKeys: espree.VisitorKeys,
    fallback: 'iteration',
  });
  // eslint-scope's scope manager has the API typescript-eslint's mirrors (acquire, globalScope, sets).
  return { ast: ast as TSESTree.Program, scopeManager: scopeManager as TSESLint.Scope.ScopeManager, visitorKeys: espree.VisitorKeys };
}

/** The module scope (ESM) or the global scope (scripts) under a scope manager's root. */
export function topLevelScope(globalScope: Scope): Scope {
  return globalScope.childScopes.find((scope) => scope.type === 'module') ?? globalScope;
}

/** ESLint gives the current file's nodes parents; imported modules get them here, once per parse. */
export function setParents(node: TSESTree.Node, visitorKeys: Readonly<Record<string, readonly string[] | undefined>>): void {
  const stack: TSESTree.Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const key of visitorKeys[current.type] ?? []) {
      const child = (current as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const item of child) {
          if (item && typeof item === 'object' && 'type' in item) {
            (item as { parent: TSESTree.Node }).parent = current;
            stack.push(item as TSESTree.Node);
          }
        }
      } else if (child && typeof child === 'object' && 'type' in child) {
        (child as unknown as { parent: TSESTree.Node }).parent = current;
        stack.push(child as TSESTree.Node);
      }
    }
  }
}

/** The innermost scope around `node`, as ESLint's `SourceCode#getScope` computes it. */
export function scopeOf(scopeManager: ScopeManager, node: TSESTree.Node): Scope {
  const inner = node.type !== 'Program';
  for (let current: TSESTree.Node | undefined = node; current; current = current.parent) {
    const scope = scopeManager.acquire(current, inner);
    if (scope) {
      if (scope.type === 'function-expression-name') return scope.childScopes[0] as Scope;
      return scope as Scope;
    }
  }
  return scopeManager.scopes[0] as Scope;
}
