import { relative } from 'node:path';
import { Minimatch } from 'minimatch';
import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import type { GlossarySettings } from '../../settings.js';
import { getKeyName, getTargetName, isTypeWrapper, unwrapTypeWrappers } from '../syntax/ast.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import { parseJsdocTags, type JsdocTag } from '../syntax/jsdoc-tags.js';
import type { Origin, StaticValue } from '../values/static-value.js';

/** How a table came to be a glossary table; the message and the corroboration check differ by it. */
export type TableMarking = 'policy-property' | 'jsdoc' | 'settings' | 'glossary-module';

export interface GlossaryTable {
  /** The binding (or property) the table is known by, as a reader would search for it. */
  readonly name: string;
  /** The written policy (`closed`, `described`, ...), or `unmarked` for a glossary-module export. */
  readonly policy: string;
  readonly closed: boolean;
  readonly marking: TableMarking;
  /** Absolute path of the file that declares the table. */
  readonly file: string;
  /** The table's declaration: identity (two derivations of one table are one table) and location. */
  readonly node: TSESTree.Node;
}

/** The policy a glossary-module export has when nothing marks it. */
export const UNMARKED_POLICY = 'unmarked';

const MAX_ANCESTOR_STEPS = 12;

function stringLiteralValue(node: TSESTree.Node | undefined): string | undefined {
  if (!node) return undefined;
  const inner = unwrapTypeWrappers(node);
  if (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === 'string') return inner.value;
  if (inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 0) {
    return inner.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

/** The `enumPolicy: '...'` property written in an object literal, if any. */
export function findPolicyProperty(
  object: TSESTree.ObjectExpression,
  glossary: GlossarySettings,
): { property: TSESTree.Property; policy: string } | undefined {
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    if (getKeyName(property.key, property.computed) !== glossary.policyKey) continue;
    const policy = stringLiteralValue(property.value);
    if (policy !== undefined) return { property, policy };
  }
  return undefined;
}

/**
 * The name a table literal is known by: the `const` it initialises (through `as const`,
 * `Object.freeze(...)`, `defineTable(...)`), or the property it is the value of.
 */
export function getTableName(node: TSESTree.Node): string {
  let current: TSESTree.Node = node;
  for (let step = 0; step < MAX_ANCESTOR_STEPS && current.parent; step += 1) {
    const parent: TSESTree.Node = current.parent;
    switch (parent.type) {
      case AST_NODE_TYPES.VariableDeclarator:
        return parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : '(destructured table)';
      case AST_NODE_TYPES.Property:
        if (parent.value === current) return getKeyName(parent.key, parent.computed) ?? '(computed key)';
        return '(table)';
      case AST_NODE_TYPES.PropertyDefinition:
        return getKeyName(parent.key, parent.computed) ?? '(computed key)';
      case AST_NODE_TYPES.AssignmentExpression:
        return getTargetName(parent.left) ?? '(table)';
      case AST_NODE_TYPES.ExportDefaultDeclaration:
        return 'default';
      case AST_NODE_TYPES.CallExpression:
        if (!parent.arguments.includes(current as TSESTree.CallExpressionArgument)) return '(table)';
        current = parent;
        break;
      default:
        if (!isTypeWrapper(parent)) return '(table)';
        current = parent;
        break;
    }
  }
  return '(table)';
}

/** The table an object literal declares when it carries the policy property. */
export function tableOfObjectLiteral(
  object: TSESTree.ObjectExpression,
  glossary: GlossarySettings,
  file: string,
): (GlossaryTable & { readonly policyProperty: TSESTree.Property; readonly object: TSESTree.ObjectExpression }) | undefined {
  const found = findPolicyProperty(object, glossary);
  if (!found) return undefined;
  return {
    name: getTableName(object),
    policy: found.policy,
    closed: found.policy === glossary.closedValue,
    marking: 'policy-property',
    file,
    node: object,
    policyProperty: found.property,
    object,
  };
}

/** A policy property and a policy tag both spell the policy key: a file without it declares no marked table. */
export function policyVocabulary(glossary: GlossarySettings): RegExp {
  return vocabularyPattern([glossary.policyKey]);
}

/** The `@<policyKey>` tag of a JSDoc text, if it has one. */
export function findPolicyTag(jsdoc: string, glossary: GlossarySettings): JsdocTag | undefined {
  return parseJsdocTags(jsdoc).find((tag) => tag.name === glossary.policyKey && tag.value !== '');
}

/** `@enumPolicy closed -- see ADR-12` is `closed`: the policy is the tag's first word. */
export function policyOfTag(tag: JsdocTag): string {
  return tag.value.split(/\s+/)[0] ?? tag.value;
}

export function isClosed(table: GlossaryTable): boolean {
  return table.closed;
}

/**
 * Compiled once per pattern (every linted file is matched): `minimatch(path, pattern)` builds the
 * matcher on every call. A pattern's regular expression decides, except for a negated pattern,
 * whose inversion only `match` applies.
 */
const moduleMatchers = new Map<string, (path: string) => boolean>();

function moduleMatcher(pattern: string): (path: string) => boolean {
  let matches = moduleMatchers.get(pattern);
  if (!matches) {
    const matcher = new Minimatch(pattern, { dot: true });
    const expression = matcher.negate ? false : matcher.makeRe();
    matches = expression ? (path) => expression.test(path) : (path) => matcher.match(path);
    moduleMatchers.set(pattern, matches);
  }
  return matches;
}

export function isGlossaryModule(file: string, glossary: GlossarySettings, cwd: string): boolean {
  if (glossary.modules.length === 0) return false;
  const path = relative(cwd, file).split('\\').join('/');
  return glossary.modules.some((pattern) => moduleMatcher(pattern)(path));
}

/** `path/relative/to/cwd.ts:12`, so a message points at the table even when it lives elsewhere. */
export function describeTableLocation(table: GlossaryTable, cwd: string): string {
  return describeLocation(table.file, table.node, cwd);
}

function isTableShaped(value: StaticValue): boolean {
  return value.kind === 'array' || value.kind === 'object';
}

function objectLiteralOf(value: StaticValue): TSESTree.ObjectExpression | undefined {
  if (value.kind !== 'object' || !value.node) return undefined;
  const node = unwrapTypeWrappers(value.node);
  return node.type === AST_NODE_TYPES.ObjectExpression ? node : undefined;
}

/**
 * The glossary table a binding holds, if it is one. Checked in order of how explicit the marking
 * is: the written policy property, the JSDoc tag, the settings' name lists, then glossary modules.
 */
export function tableOfOrigin(origin: Origin, glossary: GlossarySettings, cwd: string): GlossaryTable | undefined {
  // Every element of a derived list carries the same origin objects, so each is classified once.
  const cached = originTables.get(origin);
  if (cached && cached.glossary === glossary && cached.cwd === cwd) return cached.table;
  const table = classifyOrigin(origin, glossary, cwd);
  originTables.set(origin, { glossary, cwd, table });
  return table;
}

const originTables = new WeakMap<Origin, { glossary: GlossarySettings; cwd: string; table: GlossaryTable | undefined }>();

function classifyOrigin(origin: Origin, glossary: GlossarySettings, cwd: string): GlossaryTable | undefined {
  const value = origin.value;
  const object = objectLiteralOf(value);
  if (object) {
    const table = tableOfObjectLiteral(object, glossary, value.file);
    if (table) return table;
  }
  const tag = origin.jsdoc ? findPolicyTag(origin.jsdoc, glossary) : undefined;
  if (tag) {
    const policy = policyOfTag(tag);
    return {
      name: origin.name,
      policy,
      closed: policy === glossary.closedValue,
      marking: 'jsdoc',
      file: origin.file,
      node: origin.declaration,
    };
  }
  if (glossary.closed.includes(origin.name) || glossary.described.includes(origin.name)) {
    const closed = glossary.closed.includes(origin.name);
    return {
      name: origin.name,
      policy: closed ? glossary.closedValue : 'described',
      closed,
      marking: 'settings',
      file: origin.file,
      node: origin.declaration,
    };
  }
  if (
    origin.exported &&
    origin.isModuleLevel &&
    isTableShaped(value) &&
    isGlossaryModule(origin.file, glossary, cwd) &&
    // `export const CODES = MARKETPLACES.values.map(...)` is a view of MARKETPLACES and keeps its
    // policy; only data written in the glossary module is a table of its own.
    !value.origins.some((inner) => inner !== origin && tableOfOrigin(inner, glossary, cwd) !== undefined)
  ) {
    return {
      name: origin.name,
      policy: UNMARKED_POLICY,
      closed: false,
      marking: 'glossary-module',
      file: origin.file,
      node: origin.declaration,
    };
  }
  return undefined;
}

/**
 * The table literal a value was read out of, found by walking up from where the value is written:
 * `T.values.map((v) => v.code)` yields literals inside `T`'s `values`, whichever binding (if any)
 * holds `T` (`TABLES.marketplace.values`).
 */
export function tableAroundNode(node: TSESTree.Node, glossary: GlossarySettings, file: string): GlossaryTable | undefined {
  // The thousands of values of one table share their ancestors: each ancestor is visited once,
  // and whatever the walk found from it is what any walk through it finds.
  const visited: TSESTree.Node[] = [];
  let found: GlossaryTable | undefined;
  let current: TSESTree.Node | undefined = node;
  for (let step = 0; current && step < MAX_ANCESTOR_STEPS; step += 1) {
    const memo = aroundMemo.get(current);
    if (memo && memo.glossary === glossary) {
      found = memo.table;
      break;
    }
    visited.push(current);
    if (current.type === AST_NODE_TYPES.ObjectExpression) {
      found = tableOfObjectLiteral(current, glossary, file);
      if (found) break;
    }
    if (
      current.type === AST_NODE_TYPES.Program ||
      current.type === AST_NODE_TYPES.VariableDeclaration ||
      current.type === AST_NODE_TYPES.ArrowFunctionExpression ||
      current.type === AST_NODE_TYPES.FunctionExpression ||
      current.type === AST_NODE_TYPES.FunctionDeclaration ||
      current.type === AST_NODE_TYPES.ClassBody
    ) {
      break;
    }
    current = current.parent;
  }
  // A walk cut by the step budget says nothing about the nodes it did not reach past.
  if (found || !current || visited.length < MAX_ANCESTOR_STEPS) {
    for (const node of visited) aroundMemo.set(node, { glossary, table: found });
  }
  return found;
}

const aroundMemo = new WeakMap<TSESTree.Node, { glossary: GlossarySettings; table: GlossaryTable | undefined }>();

function contains(outer: TSESTree.Node, inner: TSESTree.Node): boolean {
  return outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];
}

/** The values that make up an enum: the value itself and, for a list, each member. */
function parts(value: StaticValue): StaticValue[] {
  if (value.kind === 'array') return [value, ...value.elements];
  if (value.kind === 'object') return [value, ...[...value.properties.values()].map((property) => property.value)];
  return [value];
}

/**
 * Every glossary table an enum's values came from. `written` is the enum expression in the file
 * being linted: values written inline there are the author's own list, whatever surrounds them.
 */
export function findSourceTables(
  value: StaticValue,
  written: TSESTree.Node,
  currentFile: string,
  glossary: GlossarySettings,
  cwd: string,
): GlossaryTable[] {
  // A value written elsewhere (a `const` used by many enums) has the same sources everywhere.
  const writtenHere = value.node !== undefined && value.file === currentFile && contains(written, value.node);
  const cached = writtenHere ? undefined : sourceMemo.get(value);
  if (cached && cached.glossary === glossary && cached.cwd === cwd && cached.currentFile === currentFile) return cached.tables;
  const tables = new Map<TSESTree.Node, GlossaryTable>();
  const add = (table: GlossaryTable | undefined): void => {
    if (table && !tables.has(table.node)) tables.set(table.node, table);
  };
  const seenOrigins = new Set<Origin>();
  const seenNodes = new Set<TSESTree.Node>();
  for (const part of parts(value)) {
    for (const origin of part.origins) {
      if (seenOrigins.has(origin)) continue;
      seenOrigins.add(origin);
      add(tableOfOrigin(origin, glossary, cwd));
    }
    if (!part.node || seenNodes.has(part.node)) continue;
    seenNodes.add(part.node);
    const inline = part.file === currentFile && contains(written, part.node);
    if (!inline) add(tableAroundNode(part.node, glossary, part.file));
  }
  const found = [...tables.values()];
  // A table nested in another (`GLOSSARY.units`, itself marked) is the authority over its own
  // values: reading them through the outer table must not inherit the outer policy.
  const result = found.filter(
    (outer) => !found.some((inner) => inner !== outer && inner.file === outer.file && strictlyContains(outer.node, inner.node)),
  );
  if (!writtenHere) sourceMemo.set(value, { glossary, cwd, currentFile, tables: result });
  return result;
}

const sourceMemo = new WeakMap<
  StaticValue,
  { glossary: GlossarySettings; cwd: string; currentFile: string; tables: GlossaryTable[] }
>();

function strictlyContains(outer: TSESTree.Node, inner: TSESTree.Node): boolean {
  return contains(outer, inner) && (outer.range[0] !== inner.range[0] || outer.range[1] !== inner.range[1]);
}

/** An origin holding a list or map written at module level (or imported): a table in all but name. */
export interface UnmarkedTable {
  readonly name: string;
  readonly file: string;
  readonly node: TSESTree.Node;
  /** The whole table the binding holds (not only the part the enum used). */
  readonly value: StaticValue;
}

function isDataLiteral(node: TSESTree.Node | undefined): boolean {
  if (!node) return false;
  const inner = unwrapTypeWrappers(node);
  if (inner.type === AST_NODE_TYPES.ArrayExpression || inner.type === AST_NODE_TYPES.ObjectExpression) return true;
  // `Object.freeze([...])`, `defineTable({...})`: a call wrapping the data literal.
  if (inner.type === AST_NODE_TYPES.CallExpression && inner.arguments.length === 1) {
    return isDataLiteral(inner.arguments[0]);
  }
  return false;
}

/**
 * The module-level or imported lists an enum's values came from, for the strict check. Only
 * bindings whose initialiser is the data itself count: `const CODES = T.map(...)` is a view of
 * `T`, and naming `T` tells the reader where to add the marking.
 */
export function findUnmarkedSources(value: StaticValue, glossary: GlossarySettings, cwd: string): UnmarkedTable[] {
  // A list only partly known because it is completed at run time (filtered by what is enabled,
  // loaded) is closed by construction: the strict check looks for tables copied into an enum. A
  // dependency's table is the exception: its values are only unknown because it is not read.
  const partial = value.kind === 'array' && !value.complete;
  const found = new Map<TSESTree.Node, UnmarkedTable>();
  for (const part of parts(value)) {
    for (const origin of part.origins) {
      const isData =
        !partial &&
        (isDataLiteral(origin.init) ||
          origin.declaration.type === AST_NODE_TYPES.TSEnumDeclaration ||
          // Only JSON imports carry an import as their declaration: the data of a `.json` module.
          (origin.dependency === undefined &&
            (origin.declaration.type === AST_NODE_TYPES.ImportDefaultSpecifier || origin.declaration.type === AST_NODE_TYPES.ImportSpecifier)));
      if (!origin.isModuleLevel || !(isData || origin.dependency)) continue;
      if (tableOfOrigin(origin, glossary, cwd)) continue;
      if (!found.has(origin.declaration)) {
        const name = origin.dependency ? `${origin.dependency.exportName} (package ${origin.dependency.packageName})` : origin.name;
        found.set(origin.declaration, { name, file: origin.file, node: origin.declaration, value: origin.value });
      }
    }
  }
  return [...found.values()];
}

export function describeLocation(file: string, node: TSESTree.Node, cwd: string): string {
  const path = relative(cwd, file).split('\\').join('/') || file;
  return `${path}:${node.loc.start.line}`;
}

/** What a closed table's evidence amounts to: sources are compared after trimming, case-blind. */
export interface CorroborationCount {
  readonly distinct: number;
  /** Sources written more than once, as first written. */
  readonly duplicates: readonly string[];
}

/**
 * Counts distinct, non-empty sources. `undefined` entries (not statically known) count for
 * nothing: the evidence must be readable in the code, or it is not evidence a reviewer can check.
 */
export function countCorroboration(sources: readonly (string | undefined)[]): CorroborationCount {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const source of sources) {
    const normalised = source?.trim().toLowerCase();
    if (!normalised) continue;
    if (seen.has(normalised)) {
      const first = seen.get(normalised)!;
      if (!duplicates.includes(first)) duplicates.push(first);
    } else {
      seen.set(normalised, source!.trim());
    }
  }
  return { distinct: seen.size, duplicates };
}

/** The sources of a JSDoc-marked table: one `@<key>` tag each. */
export function corroborationTags(jsdoc: string, key: string): JsdocTag[] {
  return parseJsdocTags(jsdoc).filter((tag) => tag.name === key);
}
