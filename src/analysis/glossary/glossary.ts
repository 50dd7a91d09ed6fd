/**
 * # glossary/: which value lists are glossary tables, and with which policy
 *
 * A table is a value list marked with a policy: a policy property written in it (`enumPolicy:
 * 'closed'`), a JSDoc tag, the settings' name lists, or being exported by a glossary module
 * (`glossary.modules`, by default `glossary.*` and modules directly in a `glossary/` folder;
 * policy `unmarked`). Only a *closed* table may become an enum, and
 * `require-glossary-corroboration` asks a closed table for two or more independent sources.
 *
 * - `glossary.ts` (this file): what a table is and how one origin (a declaration a value was read
 *   through, see `values/`) is classified.
 * - `table-sources.ts`: every table an enum's values came from, and the unmarked lists the strict
 *   check names.
 * - `corroboration.ts`: counting a closed table's independent sources.
 */
import { relative } from 'node:path';
import { Minimatch } from 'minimatch';
import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import type { GlossarySettings } from '../../settings.js';
import { getKeyName, getTargetName, isTypeWrapper, unwrapTypeWrappers } from '../syntax/ast.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import { parseJsdocTags, type JsdocTag } from '../syntax/jsdoc-tags.js';
import type { Origin, StaticValue } from '../values/static-value.js';

/** Also named here, where `enums/server-routing.ts` imports it from; a type-only re-export costs nothing at run time. */
export type { UnmarkedTable } from './table-sources.js';

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

/** How far up the tree a table literal is looked for from a value written in it. */
export const MAX_ANCESTOR_STEPS = 12;

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

export function describeLocation(file: string, node: TSESTree.Node, cwd: string): string {
  const path = relative(cwd, file).split('\\').join('/') || file;
  return `${path}:${node.loc.start.line}`;
}

