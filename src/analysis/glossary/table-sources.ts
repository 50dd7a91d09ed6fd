import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import type { GlossarySettings } from '../../settings.js';
import { unwrapTypeWrappers } from '../syntax/ast.js';
import type { Origin, StaticValue } from '../values/static-value.js';
import { MAX_ANCESTOR_STEPS, tableOfObjectLiteral, tableOfOrigin, type GlossaryTable } from './glossary.js';

/**
 * Which glossary tables an enum's values came from: through the origins the evaluator recorded
 * (the bindings a value was read through), and by walking up from where a value is written to the
 * table literal around it. The strict check also wants the lists that are tables in all but
 * name: module-level data nobody marked.
 */

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

