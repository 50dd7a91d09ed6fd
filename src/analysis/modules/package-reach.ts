import { COMMENT_SOURCE, decodedText } from '../syntax/file-text.js';
import { moduleText, stampInPass } from './module-graph.js';
import { boundaryOf, isBareSpecifier, isReadable, resolveSpecifier } from './module-resolution.js';
import type { ProjectBoundary } from './project-boundary.js';
import { SettledAnswers, walkClosure, type DependencyNode, type Settled } from './settled-answers.js';
import { mayPassOnPackageBinding } from './module-summary.js';
import { exportsLocalNames, relativeSpecifiersIn } from './reexport-scan.js';

// Whether an import can lead to a schema library, decided from the texts of the modules in
// between without parsing them: the module graph's cheap question before its expensive one.

interface ModuleScan {
  readonly stamp: string;
  /** Whether the graph would read the module at all (not too large, not binary). */
  readonly readable: boolean;
  /**
   * Every quoted string that looks like a relative specifier: a superset of the module's imports.
   * Undefined when one is written with an escape sequence, whose value a scan does not decode.
   */
  readonly relativeSpecifiers: readonly string[] | undefined;
  /** Package-like specifiers in `from` clauses and `require()` calls: aliases and workspace packages among them. */
  readonly bareSpecifiers: readonly string[];
  /** Whether any export of the module can be another module's binding (see `PASSES_ON`). */
  readonly passesOn: boolean;
  /** Whether the text mentions one of a list of packages, by the list (`mentionsAny`). */
  readonly mentions: Map<string, boolean>;
}

const scans = new Map<string, ModuleScan>();
/** Answers of one pass: a `false` with the node of what it rests on (`settled-answers.ts`). */
type PassAnswer = { readonly reaches: true } | { readonly reaches: false; readonly node: DependencyNode };
const reachByPass = new WeakMap<Set<string>, Map<string, Map<string, PassAnswer>>>();
const REACHES: PassAnswer = { reaches: true };

/**
 * `false` answers kept across passes, each revalidated on use against the stamps of the module's
 * closure: a walk per linted file re-resolved every import of the closure, the check looks at the
 * same paths without resolving anything.
 */
const settled = new SettledAnswers<false>();

/**
 * A bare specifier after `from` or in `require(…)`/`import(…)`. A path alias (`@/x`, `#x`) or a
 * workspace package may lead back into the project; a dependency never does (its name is what
 * `mentionsAny` looks for).
 */
const BARE_SPECIFIER = /\b(?:from|require\s*\(|import\s*\()\s*(['"])([^'"\\.\s/][^'"\\\s]*)\1/g;

/**
 * The syntax by which a module can pass a binding of another module on: an `export` list or star
 * (`export { z }`, `export * from`, `export { z } from 'zod'`), `export =`, or CommonJS exports.
 * A module with none of it (and no local re-export, `exportsLocalNames`) exports only what it declares itself
 * (functions, classes, values built by calls), none of which is a library's binding.
 */
const PASSES_ON = /\bexport\s*(?:type\s+)?[*{=]|\bmodule\.exports\b|\bexports\.[\w$]+\s*=/;

function bareSpecifiersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(BARE_SPECIFIER)) found.add(match[2]!);
  return [...found];
}

/** What a scan keeps is derived from the text, never the text: `moduleText` holds that, within the budget. */
function scanModule(file: string, stamp: string, checked: Set<string>): ModuleScan {
  const cached = scans.get(file);
  if (cached?.stamp === stamp) return cached;
  const text = moduleText(file, checked);
  const passesOn = text !== undefined && (PASSES_ON.test(text) || exportsLocalNames(text));
  const scan: ModuleScan = {
    stamp,
    readable: text !== undefined,
    relativeSpecifiers: text === undefined ? [] : relativeSpecifiersIn(text),
    bareSpecifiers: passesOn && text !== undefined ? bareSpecifiersIn(text) : [],
    passesOn,
    mentions: new Map(),
  };
  scans.set(file, scan);
  return scan;
}

/**
 * Whether a scanned module's text names one of `packages` as a specifier: a string literal that is
 * exactly the package's name right after `from`, `require` or `import` (past spaces, comments and
 * parentheses: `(require)('zod')`, `import(/* c *\/ "zod")`), escapes decoded; searched once per
 * version of the file. A module holds a package's binding only through an import, a re-export or a
 * `require()` naming it so. Its name elsewhere (a comment, a message, `vendor: "zod"` in a bundled
 * copy of its code) binds nothing, and a binding taken from another project module is the walk's
 * to find there. (A 6 KB module of mcp-remote importing from a 1.4 MB bundle that spells `zod`
 * only in its bundled code had the bundle parsed, 1.9 s, to learn that.)
 */
function mentionsAny(file: string, scan: ModuleScan, packages: readonly string[], packagesKey: string, checked: Set<string>): boolean {
  let mentions = scan.mentions.get(packagesKey);
  if (mentions === undefined) {
    // Read again only if the budget let the text go; a file changed since has a new scan.
    const text = moduleText(file, checked);
    const pattern = specifierPattern(packages, packagesKey);
    mentions = text === undefined || pattern.test(text) || (text.includes('\\') && pattern.test(decodedText(text)));
    scan.mentions.set(packagesKey, mentions);
  }
  return mentions;
}

const specifierPatterns = new Map<string, RegExp>();

function specifierPattern(packages: readonly string[], packagesKey: string): RegExp {
  let pattern = specifierPatterns.get(packagesKey);
  if (!pattern) {
    const names = packages.map((name) => name.replace(/[$()*+.?[\\\]^{|}/]/g, '\\$&')).join('|');
    pattern = new RegExp(String.raw`\b(?:from|require|import)(?:[\s()]|${COMMENT_SOURCE})*(['"\`])(?:${names})\1`);
    specifierPatterns.set(packagesKey, pattern);
  }
  return pattern;
}

/**
 * Whether following `specifier` from `fromFile` through the project's own modules (relative
 * imports, path aliases, workspace packages) can end at one of `packages` (bare specifiers such
 * as `zod`). False only when no module reachable through anything that looks like an import
 * mentions one of them, has syntax to pass a binding on and, read (`module-summary.ts`), does
 * export something that may be the package's binding, so a caller that looks for a
 * package's names behind a local barrel may skip parsing the modules in between: no export they
 * make can come from the package. A specifier that names a package the analysis does not read
 * is the caller's to judge by its name (true). Each module is read once per version and
 * `stat`ed once per pass; a `false` found in an earlier pass is used while its stamps hold.
 */
export function mayReachPackage(fromFile: string, specifier: string, packages: readonly string[], checked: Set<string>): boolean {
  const resolution = resolveSpecifier(fromFile, specifier, 'import', checked);
  if (!isReadable(resolution)) return isBareSpecifier(specifier) && resolution.kind !== 'outside';
  const start = resolution.file;
  let byPackages = reachByPass.get(checked);
  if (!byPackages) reachByPass.set(checked, (byPackages = new Map()));
  const packagesKey = packages.join('\0');
  let known = byPackages.get(packagesKey);
  if (!known) byPackages.set(packagesKey, (known = new Map()));
  const memo = known.get(start);
  if (memo !== undefined) return memo.reaches;
  const walk: Walk = { known, boundary: boundaryOf(checked, fromFile), packages, packagesKey, checked };
  const nodes = walkFrom(start, walk);
  if (nodes === undefined) {
    known.set(start, REACHES);
    return true;
  }
  // Nothing reachable from `start` passes a package on, so the same holds for every module visited.
  for (const [file, node] of nodes) {
    known.set(file, { reaches: false, node });
    settled.settle(walk.boundary, packagesKey, file, { node, value: false });
  }
  return false;
}

interface Walk {
  readonly known: Map<string, PassAnswer>;
  readonly boundary: ProjectBoundary;
  readonly packages: readonly string[];
  readonly packagesKey: string;
  readonly checked: Set<string>;
}

/** Modules one walk reads at most: past it the answer is "may". */
const MAX_MODULES_PER_WALK = 10_000;

/** The nodes of the modules walked when none passes a package on; undefined when one may. */
function walkFrom(start: string, { known, boundary, packages, packagesKey, checked }: Walk): ReadonlyMap<string, DependencyNode> | undefined {
  /** `false` known for `file` in this pass or settled in an earlier one; `stop` for a `true` of this pass. */
  const knownFalse = (file: string): Settled<false> | 'stop' | undefined => {
    const earlier = known.get(file);
    if (earlier !== undefined) return earlier.reaches ? 'stop' : { node: earlier.node, value: false };
    const found = settled.current(boundary, packagesKey, file, checked);
    if (found) known.set(file, { reaches: false, node: found.node });
    return found;
  };
  const startKnown = knownFalse(start);
  if (startKnown !== undefined) return startKnown === 'stop' ? undefined : new Map();
  const walked = walkClosure<false>(start, {
    empty: false,
    combine: () => false,
    known: knownFalse,
    limit: MAX_MODULES_PER_WALK,
    step: (file) => {
      const stamp = stampInPass(file, checked);
      const scan = stamp === undefined ? undefined : scanModule(file, stamp, checked);
      if (scan !== undefined && (!scan.readable || scan.relativeSpecifiers === undefined)) return 'stop';
      // A module whose text may pass a package's binding on is asked its summary (a parse, once per
      // version): most such modules import the package to build their own schemas and pass nothing of it on.
      if (scan !== undefined && scan.passesOn && mentionsAny(file, scan, packages, packagesKey, checked) && mayPassOnPackageBinding(file, packages, packagesKey, checked)) return 'stop';
      const next: string[] = [];
      for (const specifier of [...(scan?.relativeSpecifiers ?? []), ...(scan?.bareSpecifiers ?? [])]) {
        const resolved = resolveSpecifier(file, specifier, 'import', checked);
        if (isReadable(resolved)) next.push(resolved.file);
      }
      return { value: false, next };
    },
  });
  return walked?.nodes;
}
