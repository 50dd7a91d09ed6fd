import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { enumPositionOfCall, enumPositionOfProperty, type EnumPosition } from '../analysis/enums/enum-positions.js';
import { toolSites, type ToolSchemaSlot, type ToolSite } from '../analysis/flow/tool-sites.js';
import { schemaBuildOf, type SchemaBuild, type SchemaSpan } from '../analysis/flow/tool-schema-build.js';
import { clientCompatibility, emittedToolInput, problemWords, type ClientCompatibility } from '../analysis/conventions/emitted-input.js';
import { CLIENT_NAMES, type ClientName } from '../analysis/conventions/client-profiles.js';
import type { SchemaSink } from '../analysis/flow/sink-model.js';
import { findSourceTables } from '../analysis/glossary/table-sources.js';
import { permissiveValueOf } from '../analysis/schemas/permissive-value.js';
import type { Permissiveness } from '../analysis/schemas/schema-model.js';
import { getKeyName, isTypeWrapper } from '../analysis/syntax/ast.js';
import { forEachDescendant } from '../analysis/syntax/ast-walk.js';
import { getEvaluator, type Evaluator } from '../analysis/values/evaluator.js';
import { getProperty, knownStrings } from '../analysis/values/static-value.js';

/**
 * What `schema-contract tools` reads of each linted file, inside ESLint's own run: an internal
 * rule (it never reports) asks the sink model's one enumeration of tool sites (`flow/tool-sites.ts`),
 * how each schema is built, and the enum positions in the code of each schema, and hands the
 * answer on as plain data. Findings and the baseline are the collector's, as for every command.
 */

/** Where a piece of code lies, by lines (1-based, inclusive). */
export interface LineSpan {
  readonly file: string;
  readonly startLine: number;
  readonly endLine: number;
}

export interface InventoryTable {
  readonly name: string;
  readonly policy: string;
  readonly closed: boolean;
  readonly file: string;
  readonly line: number;
  /** A closed table's corroborating sources, when its policy property lists them statically. */
  readonly sources: readonly string[] | null;
}

export interface InventoryEnum {
  /** The property the enum gates (`marketplace`), when it is written as one. */
  readonly property: string | null;
  readonly form: string;
  readonly file: string;
  readonly line: number;
  /** The values, when statically known. */
  readonly values: readonly string[] | null;
  /** The glossary tables the values come from; empty for a list written inline. */
  readonly tables: readonly InventoryTable[];
}

export interface InventorySchema {
  readonly key: string;
  readonly file: string;
  readonly line: number;
  readonly build: SchemaBuild;
  /** What the schema is statically known to accept when that is everything: what `--compare` calls a contract switched off. */
  readonly permissive: Permissiveness | null;
}

export interface InventoryCompatibility {
  readonly client: ClientName;
  readonly status: ClientCompatibility['status'];
  readonly problems: readonly { readonly kind: string; readonly text: string; readonly file: string; readonly line: number }[];
}

export interface InventoryTool {
  readonly name: string | null;
  readonly nameText: string | null;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly form: ToolSite['form'];
  readonly input: InventorySchema | null;
  readonly output: InventorySchema | null;
  readonly enums: readonly InventoryEnum[];
  /** Each client's verdict on the input schema (every client the profiles know; the report keeps the targeted ones). */
  readonly compatibility: readonly InventoryCompatibility[];
  /** The code on the tool's path: the definition, its schemas' code, the helpers that build them and the tables its enums copy. */
  readonly spans: readonly LineSpan[];
}

/** The key of the corroborating sources in a closed table (require-glossary-corroboration's default). */
const SOURCES_KEY = 'corroboratedBy';

function lineSpan(span: SchemaSpan): LineSpan {
  return { file: span.file, startLine: span.node.loc.start.line, endLine: span.node.loc.end.line };
}

/** `marketplace` for `marketplace: { enum: X }` and `marketplace: z.enum(X).optional()`. */
function gatedProperty(position: EnumPosition): string | null {
  let current: TSESTree.Node = position.schemaObject ?? position.call ?? position.reportNode;
  for (let steps = 0; current.parent && steps < 32; steps += 1) {
    const parent: TSESTree.Node = current.parent;
    const continues =
      isTypeWrapper(parent) ||
      (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === current) ||
      (parent.type === AST_NODE_TYPES.CallExpression && parent.callee === current);
    if (!continues) {
      if (parent.type !== AST_NODE_TYPES.Property || parent.value !== current) return null;
      const key = getKeyName(parent.key, parent.computed);
      // An array's `items` or a combinator's branch: the property is the one holding it.
      if (key === 'items' && parent.parent.type === AST_NODE_TYPES.ObjectExpression) {
        current = parent.parent;
        continue;
      }
      return key ?? null;
    }
    current = parent;
  }
  return null;
}

function tablesOf(position: EnumPosition, evaluator: Evaluator, cwd: string, tableSpans: LineSpan[]): { values: readonly string[] | null; tables: InventoryTable[] } {
  const value = evaluator.evaluate(position.valuesNode);
  const file = evaluator.moduleOf(position.valuesNode).file;
  const tables = findSourceTables(value, position.valuesNode, file, evaluator.settings.glossary, cwd).map((table) => {
    // The table an enum copies is on the tool's path: its policy and its corroboration decide the gate.
    tableSpans.push({ file: table.file, startLine: table.node.loc.start.line, endLine: table.node.loc.end.line });
    const listed = table.closed && table.marking === 'policy-property' ? getProperty(evaluator.evaluate(table.node), SOURCES_KEY) : undefined;
    return {
      name: table.name,
      policy: table.policy,
      closed: table.closed,
      file: table.file,
      line: table.node.loc.start.line,
      sources: listed ? (knownStrings(listed) ?? null) : null,
    };
  });
  const strings = knownStrings(value);
  return { values: strings ?? null, tables };
}

/** The enum positions written in the code of a tool's schemas (each once, in source order). */
function enumsOf(spans: readonly SchemaSpan[], evaluator: Evaluator, visitorKeys: TSESLint.SourceCode.VisitorKeys, cwd: string, tableSpans: LineSpan[]): InventoryEnum[] {
  const seen = new Set<TSESTree.Node>();
  const found: InventoryEnum[] = [];
  const visit = (node: TSESTree.Node): void => {
    const position =
      node.type === AST_NODE_TYPES.Property
        ? enumPositionOfProperty(node)
        : node.type === AST_NODE_TYPES.CallExpression
          ? enumPositionOfCall(node, evaluator.moduleOf(node), evaluator.libraryEnvironment)
          : undefined;
    if (!position || seen.has(position.reportNode)) return;
    seen.add(position.reportNode);
    const { values, tables } = tablesOf(position, evaluator, cwd, tableSpans);
    found.push({ property: gatedProperty(position), form: position.form, file: evaluator.moduleOf(node).file, line: position.reportNode.loc.start.line, values, tables });
  };
  for (const span of spans) {
    visit(span.node);
    forEachDescendant(span.node, visitorKeys, (node) => {
      visit(node);
      return true;
    });
  }
  return found.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}

function schemaOf(slot: ToolSchemaSlot | undefined, evaluator: Evaluator, visitorKeys: TSESLint.SourceCode.VisitorKeys, spans: SchemaSpan[]): InventorySchema | null {
  if (!slot) return null;
  const built = schemaBuildOf(slot.node, slot.dialect, evaluator, visitorKeys);
  spans.push(...built.spans);
  return { key: slot.key, file: evaluator.moduleOf(slot.node).file, line: slot.node.loc.start.line, build: built.build, permissive: permissivenessOf(slot, evaluator) };
}

/**
 * The slot's value judged as every rule judges a schema (`classifySchema`). An object literal in
 * the MCP SDK's raw-shape position is a map of parameters, not a schema: `{}` there is a tool
 * without parameters, so only a library schema is judged.
 */
function permissivenessOf(slot: ToolSchemaSlot, evaluator: Evaluator): Permissiveness | null {
  // A slot holds the expression written for the schema (a property's value, an argument).
  const found = permissiveValueOf(slot.node as TSESTree.Expression, evaluator);
  if (!found || (slot.dialect === 'zod-raw-shape' && found.value.kind !== 'builder')) return null;
  return found.permissiveness;
}

/** The clients' verdicts on a tool's input schema, read as `tool-input-schema-conventions` reads it. */
function compatibilityOf(site: ToolSite, evaluator: Evaluator): InventoryCompatibility[] {
  const slot = site.input;
  // No input schema: the clients see a tool without parameters, which each of them takes.
  if (!slot) return CLIENT_NAMES.map((client) => ({ client, status: 'compatible', problems: [] }));
  const sink: SchemaSink = { role: 'tool-input', dialect: slot.dialect, description: `${site.name ?? 'a tool'}'s ${slot.key}`, key: slot.key, toolName: site.name, slot: slot.node, draft: undefined, pointer: [], via: [] };
  const emitted = emittedToolInput(evaluator.evaluate(slot.node), sink);
  return clientCompatibility(emitted, slot.key, CLIENT_NAMES).map(({ client, status, problems }) => ({
    client,
    status,
    problems: problems.map((problem) => ({
      kind: problem.kind,
      text: problemWords(problem),
      file: evaluator.moduleOf(problem.node ?? slot.node).file,
      line: (problem.node ?? slot.node).loc.start.line,
    })),
  }));
}

/** The inventory of one linted file. */
export function inventoryOf(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, program: TSESTree.Program): InventoryTool[] {
  const evaluator = getEvaluator(context);
  const visitorKeys = context.sourceCode.visitorKeys;
  return toolSites(program, visitorKeys, evaluator).map((site) => {
    const schemaSpans: SchemaSpan[] = [];
    const input = schemaOf(site.input, evaluator, visitorKeys, schemaSpans);
    const output = schemaOf(site.output, evaluator, visitorKeys, schemaSpans);
    const tableSpans: LineSpan[] = [];
    const enums = enumsOf(schemaSpans, evaluator, visitorKeys, context.cwd, tableSpans);
    const compatibility = compatibilityOf(site, evaluator);
    const spans = [{ file: context.filename, startLine: site.node.loc.start.line, endLine: site.node.loc.end.line }, ...schemaSpans.map(lineSpan), ...tableSpans];
    return {
      name: site.name ?? null,
      nameText: site.nameText ?? null,
      file: context.filename,
      line: site.node.loc.start.line,
      column: site.node.loc.start.column + 1,
      form: site.form,
      input,
      output,
      enums,
      compatibility,
      spans: spans.filter((span, index) => spans.findIndex((other) => other.file === span.file && other.startLine === span.startLine && other.endLine === span.endLine) === index),
    };
  });
}

export const INVENTORY_PLUGIN = 'schema-contract-inventory';
export const INVENTORY_RULE_ID = `${INVENTORY_PLUGIN}/tools`;

/** The internal rule: records each linted file's tools in `sink`, reports nothing. */
export function inventoryRule(sink: InventoryTool[]): TSESLint.RuleModule<string, []> {
  return {
    meta: { type: 'suggestion', schema: [], messages: {} },
    defaultOptions: [],
    create(context) {
      return {
        'Program:exit'(program: TSESTree.Program) {
          sink.push(...inventoryOf(context, program));
        },
      };
    },
  };
}
