import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { HeldCache, SUMMARY_CHARGE } from './module-cache.js';
import { buildExportTable } from './module-exports.js';
import { loadModule, moduleText, stampInPass } from './module-graph.js';
import { boundaryOf, isReadable, resolveSpecifier } from './module-resolution.js';
import { SettledAnswers, walkClosure, type Settled } from './settled-answers.js';
import { mayExportPackageBinding } from './export-origin.js';
import { readsBindingAsValue, readsImportAsValue } from '../syntax/import-uses.js';

/**
 * Per-module summaries: what a module can hand its importers, answered once per version of the
 * module (its size and modification time, as `stampInPass` reads them once per lint pass) and kept
 * for the process, so a file that imports a few names from a barrel of hundreds of modules asks a
 * cached question per module instead of resolving the barrel again.
 *
 * The question answered here: can this module itself pass a binding of one of `packages` (a schema
 * library: `zod`, `typebox`, `valibot` and the user's specifiers) on to an importer? It is only asked
 * of modules whose text already says they might (they mention a package and have syntax to pass a
 * binding on, see `package-reach.ts`); a parse then reads their exports. A module that imports
 * `z` from `zod` to build its own schemas, and exports those schemas or anything else it declares,
 * passes no binding of `zod` on: what it exports are values built by calls, functions, classes.
 * Bindings it imports from other project modules are not this module's to judge: the caller walks
 * to those modules and asks them.
 */

interface Summary {
  readonly stamp: string;
  /** By the packages' key (see `mayPassOnPackageBinding`). */
  readonly answers: Map<string, boolean>;
}

/** Within the budget of `module-cache.ts`, like everything else kept across files. */
const summaries = new HeldCache<Summary>('summary');

/**
 * An initializer that can alias another binding without calling anything (`z`, `z.enum`,
 * `{ enum: e } = z` destructured, under type wrappers or optional chaining), or `require()`:
 * the forms library resolution follows through a `const`. Anything else (a call's result, a
 * literal, a function) holds a value, never a package's binding. A superset: whether the aliased
 * binding is a package's is not decided here, which can only make the answer "may".
 */
const ALIASING_INITIALIZERS: ReadonlySet<string> = new Set([
  'Identifier',
  'MemberExpression',
  'ChainExpression',
  'TSAsExpression',
  'TSSatisfiesExpression',
  'TSNonNullExpression',
  'TSTypeAssertion',
  'TSInstantiationExpression',
]);

function isRequireCall(node: TSESTree.Expression): boolean {
  return node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require';
}

/** Whether a top-level local name may be bound to a binding of one of `packages`. */
function mayHoldPackageBinding(scope: TSESLint.Scope.Scope, localName: string, packages: readonly string[]): boolean {
  const variable = scope.set.get(localName);
  if (!variable) return false;
  return variable.defs.some((definition) => {
    switch (definition.type) {
      case 'ImportBinding': {
        const declaration = definition.parent;
        // `import x = require('zod')` and anything else unusual: judged "may".
        if (declaration?.type !== 'ImportDeclaration') return true;
        return packages.includes(declaration.source.value);
      }
      case 'Variable': {
        const declarator = definition.node;
        const init = declarator.init;
        return init !== null && (ALIASING_INITIALIZERS.has(init.type) || isRequireCall(init));
      }
      default:
        // Functions, classes, enums, parameters, types: declarations of this module, not a package's binding.
        return false;
    }
  });
}

function computeAnswer(file: string, packages: readonly string[], checked: Set<string>): boolean {
  const module = loadModule(file, checked);
  // Unreadable or unparsable: its exports resolve to nothing, but "may" costs only time.
  if (!module) return true;
  if (module.kind === 'json') return false;
  const table = buildExportTable(module.ast);
  if (table.starSources.some((source) => packages.includes(source))) return true;
  for (const entry of table.named.values()) {
    if (entry.kind === 'reexport' && packages.includes(entry.source)) return true;
    if (entry.kind === 'local' && mayHoldPackageBinding(module.moduleScope, entry.localName, packages)) return true;
  }
  return false;
}

/**
 * Whether the module `file` may itself pass a binding of one of `packages` on to an importer (see
 * the file comment). `packagesKey` identifies the list. Answered once per version of the file.
 */
export function mayPassOnPackageBinding(file: string, packages: readonly string[], packagesKey: string, checked: Set<string>): boolean {
  const stamp = stampInPass(file, checked);
  if (stamp === undefined) return true;
  let summary = summaries.get(file, checked);
  if (summary?.stamp !== stamp) summaries.set(file, (summary = { stamp, answers: new Map() }), SUMMARY_CHARGE, 1, checked);
  let answer = summary.answers.get(packagesKey);
  if (answer === undefined) {
    answer = computeAnswer(file, packages, checked);
    summary.answers.set(packagesKey, answer);
  }
  return answer;
}

/** The name a default or named import takes from its module. */
function importedName(specifier: TSESTree.ImportDefaultSpecifier | TSESTree.ImportSpecifier): string {
  if (specifier.type === 'ImportDefaultSpecifier') return 'default';
  return specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
}

/**
 * Whether any import the linted program reads a value of may bring in a binding of one of `packages`
 * through the project's own modules (`import { zod } from '../third_party/index.js'`). Imports
 * of a package of the list itself are not counted: what the file builds from those is spelled
 * in its own text. Namespace imports of project modules are not counted either: library
 * resolution never reads a package binding out of a project module's namespace object. Each
 * imported name is followed along its own path first (`export-origin.ts`: a name the module
 * declares itself as a function or value is no binding), and only a name that path cannot settle
 * asks the walk of the imported module's closure.
 */
export function importsMayPassOnPackageBinding(
  linted: Omit<LintedProgram, 'text'>,
  file: string,
  packages: readonly string[],
  checked: Set<string>,
  bindingMatters: (specifier: TSESTree.ImportClause, scopeManager: TSESLint.Scope.ScopeManager | null) => boolean = readsBindingAsValue,
): boolean {
  const statements: TSESTree.ProgramStatement[] = [...linted.ast.body];
  for (let index = 0; index < statements.length; index += 1) {
    const statement = statements[index]!;
    // `declare module 'x' { import … }` keeps its own imports.
    if (statement.type === 'TSModuleDeclaration' && statement.body?.type === 'TSModuleBlock') statements.push(...statement.body.body);
    if (statement.type === 'TSImportEqualsDeclaration' && statement.moduleReference.type === 'TSExternalModuleReference') return true;
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const specifier = statement.source.value;
    if (packages.includes(specifier)) continue;
    // A binding read only in types hands the evaluator no value, and an enum is built of values
    // (the caller may narrow that further: `bindingMatters`). Asked before anything is resolved.
    const mattering = statement.specifiers.filter(
      (item): item is TSESTree.ImportDefaultSpecifier | TSESTree.ImportSpecifier => item.type !== 'ImportNamespaceSpecifier' && bindingMatters(item, linted.scopeManager),
    );
    if (mattering.length === 0) continue;
    // A package the analysis does not read resolves to its own name, which is not in the list.
    if (!isReadable(resolveSpecifier(file, specifier, 'import', checked))) continue;
    // Each name along its own path: a function or value the project declares is no package's binding.
    if (mattering.some((item) => mayExportPackageBinding(file, specifier, importedName(item), packages, checked))) return true;
  }
  return false;
}

/**
 * A question asked of modules' texts alone: which kinds of evidence each text holds (bits), and
 * whether the evidence of several texts together suffices, since a value can take its key from one
 * module and what makes it a schema from another. `key` names the question for the caches. What
 * counts as evidence (escapes decoded, keys only) is the question's business, not the module graph's.
 */
export interface TextQuestion {
  readonly key: string;
  readonly evidence: (text: string) => number;
  readonly suffices: (evidence: number) => boolean;
}

interface TextSummary {
  readonly stamp: string;
  /** Every specifier the text may import or re-export; undefined when one may be hidden from a scan. */
  readonly specifiers: readonly string[] | undefined;
  /** False for a file too large or not text: the analysis does not read it, the answer is "may". */
  readonly readable: boolean;
  /** By question key. */
  readonly evidence: Map<string, number>;
}

const textSummaries = new Map<string, TextSummary>();

/**
 * A specifier in an `import`/`export … from`, `require(…)` or `import(…)`. A superset of what the
 * evaluator follows: a match in a comment or a string only adds a module to look at.
 */
const SPECIFIER = /\b(?:from|require\s*\(|import\s*\(|import)\s*(['"`])([^'"`\\\n]*)\1/g;
/** The same positions with a backslash before the closing quote: a specifier a scan cannot read. */
const ESCAPED_SPECIFIER = /\b(?:from|require\s*\(|import\s*\(|import)\s*(['"`])[^'"`\n]*\\/;

function specifiersIn(text: string): string[] | undefined {
  if (ESCAPED_SPECIFIER.test(text)) return undefined;
  const found = new Set<string>();
  for (const match of text.matchAll(SPECIFIER)) found.add(match[2]!);
  return [...found];
}

/** What a summary keeps is derived from the text, never the text: `moduleText` holds that, within the budget. */
function textSummaryOf(file: string, stamp: string, checked: Set<string>): TextSummary {
  const cached = textSummaries.get(file);
  if (cached?.stamp === stamp) return cached;
  const text = moduleText(file, checked);
  const summary: TextSummary = { stamp, readable: text !== undefined, specifiers: text === undefined ? undefined : specifiersIn(text), evidence: new Map() };
  textSummaries.set(file, summary);
  return summary;
}

/** The modules one walk looks at, at most: past it the answer is "may". */
const MAX_MODULES_PER_QUESTION = 2000;

/** All a module's closure holds for a question: the bits of evidence, or a text that cannot be read or scanned ("may"). */
type ClosureEvidence = number | 'opaque';

/**
 * Closures' evidence kept across passes, revalidated on use against every module's stamps and the
 * resolutions of its imports (`settled-answers.ts`): a file importing a barrel asks one settled
 * answer instead of resolving the barrel's imports again.
 */
const settledEvidence = new SettledAnswers<number>();
const evidenceByPass = new WeakMap<Set<string>, Map<string, Settled<number>>>();

/**
 * The evidence `question` finds in `start` and the modules behind it: `start`'s text and what its
 * imports lead to, whatever it exports. A module of functions and classes hands an importer values
 * too: the flow analysis follows an argument into an imported function and judges that function's
 * other returns, which may be imported, and the evaluator applies an imported one-expression
 * function to a table.
 */
function closureEvidence(start: string, question: TextQuestion, checked: Set<string>): ClosureEvidence {
  let inPass = evidenceByPass.get(checked);
  if (!inPass) evidenceByPass.set(checked, (inPass = new Map()));
  const passKey = `${question.key}\0${start}`;
  const boundary = boundaryOf(checked, start);
  const knownEvidence = (module: string): Settled<number> | undefined => inPass.get(`${question.key}\0${module}`) ?? settledEvidence.current(boundary, question.key, module, checked);
  const known = knownEvidence(start);
  if (known) {
    inPass.set(passKey, known);
    return known.value;
  }
  const walked = walkClosure<number>(start, {
    empty: 0,
    combine: (a, b) => a | b,
    known: knownEvidence,
    limit: MAX_MODULES_PER_QUESTION,
    // Evidence that suffices alone decides every importer's question, whatever else it finds.
    saturated: question.suffices,
    step: (module) => {
      const stamp = stampInPass(module, checked);
      if (stamp === undefined) return { value: 0, next: [] };
      const summary = textSummaryOf(module, stamp, checked);
      if (!summary.readable || summary.specifiers === undefined) return 'stop';
      let found = summary.evidence.get(question.key);
      if (found === undefined) {
        // Read again only if the budget let the text go; a file changed since has a new summary.
        const text = moduleText(module, checked);
        if (text === undefined) return 'stop';
        summary.evidence.set(question.key, (found = question.evidence(text)));
      }
      // A module whose own part suffices ends the walk (`saturated`): its imports need no resolving.
      if (question.suffices(found)) return { value: found, next: [] };
      const next: string[] = [];
      for (const specifier of summary.specifiers) {
        const resolved = resolveSpecifier(module, specifier, 'import', checked);
        if (isReadable(resolved)) next.push(resolved.file);
      }
      return { value: found, next };
    },
  });
  if (walked === undefined) return 'opaque';
  const settled: Settled<number> = { node: walked.nodes.get(start)!, value: walked.value };
  inPass.set(passKey, settled);
  settledEvidence.settle(boundary, question.key, start, settled);
  return walked.value;
}

/** The specifiers of the linted file's imports, apart by what the file reads of them; undefined when one cannot be read. */
interface ImportedSpecifiers {
  /** Imports the file reads a value of, `import x = require()`, `require()` and `import()`. */
  readonly values: Set<string>;
  /**
   * Imports the file reads only in types, or not at all (`readsImportAsValue`), and no value import
   * shares: by specifier, the names imported (`default` for a default import), or `'*'` when one
   * of them is a namespace.
   */
  readonly typesOnly: Map<string, ImportedNames>;
}

/** What one module's imports bind: its exports by name, or `'*'` for a namespace (any of them). */
export type ImportedNames = readonly string[] | '*';

function importedNames(statement: TSESTree.ImportDeclaration): ImportedNames {
  const names: string[] = [];
  for (const specifier of statement.specifiers) {
    if (specifier.type === 'ImportNamespaceSpecifier') return '*';
    if (specifier.type === 'ImportDefaultSpecifier') names.push('default');
    else names.push(specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value));
  }
  return names;
}

function importedSpecifiers(linted: LintedProgram): ImportedSpecifiers | undefined {
  const values = new Set<string>();
  const types = new Map<string, ImportedNames>();
  for (const statement of linted.ast.body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.specifiers.length === 0) continue;
      const specifier = statement.source.value;
      if (readsImportAsValue(statement, linted.scopeManager)) {
        values.add(specifier);
        continue;
      }
      const before = types.get(specifier);
      const names = importedNames(statement);
      types.set(specifier, before === '*' || names === '*' ? '*' : [...(before ?? []), ...names]);
    } else if (statement.type === 'TSImportEqualsDeclaration') {
      if (statement.moduleReference.type !== 'TSExternalModuleReference') continue;
      const reference = statement.moduleReference.expression;
      if (reference.type !== 'Literal' || typeof reference.value !== 'string') return undefined;
      values.add(reference.value);
    }
  }
  // `require()` and `import()` anywhere, and imports inside `declare module` blocks, by the text.
  if (/\brequire\b|\bimport\s*\(|\bdeclare\s+module\b/.test(linted.text)) {
    const more = specifiersIn(linted.text);
    if (more === undefined) return undefined;
    for (const specifier of more) values.add(specifier);
  }
  for (const specifier of values) types.delete(specifier);
  return { values, typesOnly: types };
}

/** What `importsMayProvide` reads of the linted file: ESLint's `SourceCode` has it all. */
export interface LintedProgram {
  readonly ast: TSESTree.Program;
  readonly text: string;
  readonly scopeManager: TSESLint.Scope.ScopeManager | null;
}

/**
 * Whether what the linted program imports (by `import`, `import x = require()`, `require()` or
 * `import()`), directly or through the modules behind it, may complete the evidence `own` (the
 * linted file's) to what `question` needs: the part of a rule's necessary condition its
 * vocabulary cannot see in the linted file, because the evaluator reads values through imports.
 * An import of nothing (`import './setup.js'`) does not count. An import the file reads only in
 * types can bring in a type only, which `typesMay` judges by the imported module and names: a type is no
 * value, and the words of the modules behind it are no evidence of one. Each module's text is read and asked once per version of its
 * file and kept for the process, and each import's closure is walked once and kept while its
 * stamps hold (`closureEvidence`); each file is `stat`ed once per pass, so the next lint sees an
 * edit. A text that cannot be read or scanned answers "may", and so does a walk past its bound.
 */
export function importsMayProvide(
  linted: LintedProgram,
  file: string,
  question: TextQuestion,
  own: number,
  checked: Set<string>,
  typesMay: (specifier: string, names: ImportedNames) => boolean,
): boolean {
  const specifiers = importedSpecifiers(linted);
  if (specifiers === undefined) return true;
  let evidence = own;
  for (const specifier of specifiers.values) {
    const resolved = resolveSpecifier(file, specifier, 'import', checked);
    if (!isReadable(resolved)) continue;
    const found = closureEvidence(resolved.file, question, checked);
    if (found === 'opaque') return true;
    evidence |= found;
    if (question.suffices(evidence)) return true;
  }
  for (const [specifier, names] of specifiers.typesOnly) {
    // A package the analysis does not read is judged by its name, which the file spells.
    if (isReadable(resolveSpecifier(file, specifier, 'import', checked)) && typesMay(specifier, names)) return true;
  }
  return false;
}
