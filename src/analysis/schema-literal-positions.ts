import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { findBinding } from './bindings.js';
import type { Evaluator } from './evaluator.js';
import { getKeyName } from './ast.js';
import { vocabularyPattern } from './file-text.js';
import { isJsonSchemaShaped } from './schema-model.js';
import type { JsonSchemaDraft } from './schema-structure.js';
import type { ObjectValue } from './static-value.js';

/**
 * The places where a value is a JSON Schema by contract, so its literal can be compiled: the
 * schema properties of tool definitions (MCP, OpenAI, Anthropic, Gemini), the arguments of Ajv
 * and of the AI SDK's `jsonSchema()`, and `const`s named `…Schema`.
 */

export interface SchemaLiteralPosition {
  /** How the message names the position: `inputSchema`, `ajv.compile()`, `searchSchema`. */
  readonly name: string;
  /** The expression that holds the schema (in the linted file). */
  readonly valueNode: TSESTree.Node;
  /** The property key or const name, for findings about the schema as a whole. */
  readonly keyNode: TSESTree.Node | undefined;
  /** An MCP tool's `inputSchema`/`outputSchema`: its root must be `type: 'object'`. */
  readonly mcpTool: boolean;
  /** The draft the consumer implies (the Ajv class an `ajv.compile()` belongs to), if any. */
  readonly draft: JsonSchemaDraft | undefined;
  /** Whether the evaluated value is a JSON Schema here (and not, say, a zod raw shape). */
  accepts(value: ObjectValue): boolean;
}

const MCP_TOOL_PROPERTIES = new Set(['inputSchema', 'outputSchema']);
/** Property names whose value is a JSON Schema when it looks like one (`parameters` is also a common data field). */
const SCHEMA_PROPERTIES = new Set([...MCP_TOOL_PROPERTIES, 'input_schema', 'parameters', 'parametersJsonSchema']);
const SCHEMA_CONST = /schema$/i;
const AJV_METHODS = new Set(['compile', 'compileAsync', 'validate', 'addSchema']);
const AJV_RECEIVER = /ajv/i;

/**
 * Words every position spells where it is: a schema property, a `…Schema` const, an Ajv receiver,
 * `jsonSchema()`. A file without any of them holds no position (see `mayMention`).
 */
export const SCHEMA_LITERAL_POSITION_VOCABULARY = vocabularyPattern([...SCHEMA_PROPERTIES, 'schema', 'ajv', 'jsonSchema']);

const AJV_DRAFT_BY_MODULE: ReadonlyMap<string, JsonSchemaDraft> = new Map([
  ['ajv', 'draft-07'],
  ['ajv/dist/ajv', 'draft-07'],
  ['ajv/dist/ajv.js', 'draft-07'],
  ['ajv/dist/2019', '2019-09'],
  ['ajv/dist/2019.js', '2019-09'],
  ['ajv/dist/2020', '2020-12'],
  ['ajv/dist/2020.js', '2020-12'],
]);

/**
 * `ajv` in `ajv.compile(…)` as far as this file shows: `const ajv = new Ajv()` with `Ajv`
 * imported from `ajv` is draft-07 (Ajv's default class), from `ajv/dist/2020` is 2020-12.
 */
function ajvDraft(evaluator: Evaluator, receiver: TSESTree.Node): JsonSchemaDraft | undefined {
  if (receiver.type !== AST_NODE_TYPES.Identifier) return undefined;
  const binding = findBinding(evaluator.module, receiver);
  if (binding.kind !== 'declarator' || binding.declarator.init?.type !== AST_NODE_TYPES.NewExpression) return undefined;
  const constructor = binding.declarator.init.callee;
  if (constructor.type !== AST_NODE_TYPES.Identifier) return undefined;
  const imported = findBinding(evaluator.module, constructor);
  return imported.kind === 'import' ? AJV_DRAFT_BY_MODULE.get(imported.specifier) : undefined;
}

function isAjvReceiver(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.Identifier) return AJV_RECEIVER.test(node.name);
  if (node.type === AST_NODE_TYPES.MemberExpression) {
    const { property } = node;
    return !node.computed && (property.type === AST_NODE_TYPES.Identifier || property.type === AST_NODE_TYPES.PrivateIdentifier) && AJV_RECEIVER.test(property.name);
  }
  if (node.type === AST_NODE_TYPES.NewExpression) return node.callee.type === AST_NODE_TYPES.Identifier && AJV_RECEIVER.test(node.callee.name);
  return false;
}

const isJsonSchemaObject = (value: ObjectValue) => isJsonSchemaShaped(value);
const isAnyObject = () => true;

/**
 * A rule listener that calls `visit` for each schema position. `visit` says whether it checked the
 * value; positions nested in a checked literal are skipped (their draft and context come from it).
 */
export function findSchemaLiteralPositions(
  evaluator: Evaluator,
  visit: (position: SchemaLiteralPosition) => boolean,
): TSESLint.RuleListener {
  // Ranges of the literals checked, sorted by start. They never overlap (a position inside one is
  // skipped), so only the last one starting at or before a position can hold it: a binary search,
  // where a scan of all of them made a file of many literals quadratic.
  const checkedRanges: (readonly [number, number])[] = [];

  function lastStartingAtOrBefore(offset: number): number {
    let low = 0;
    let high = checkedRanges.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (checkedRanges[middle]![0] <= offset) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  function consider(position: SchemaLiteralPosition): void {
    const [start, end] = position.valueNode.range;
    const before = lastStartingAtOrBefore(start);
    const outer = checkedRanges[before];
    if (outer && end <= outer[1]) return;
    // Positions come in traversal order, so this is nearly always an append.
    if (visit(position)) checkedRanges.splice(before + 1, 0, position.valueNode.range);
  }

  function considerProperty(key: TSESTree.Node, computed: boolean, value: TSESTree.Node | null | undefined): void {
    if (!value) return;
    const name = getKeyName(key, computed);
    if (name === undefined || !SCHEMA_PROPERTIES.has(name)) return;
    consider({ name, valueNode: value, keyNode: key, mcpTool: MCP_TOOL_PROPERTIES.has(name), draft: undefined, accepts: isJsonSchemaObject });
  }

  return {
    Property(node) {
      if (node.parent.type !== AST_NODE_TYPES.ObjectExpression || node.kind !== 'init' || node.method) return;
      considerProperty(node.key, node.computed, node.value);
    },
    PropertyDefinition(node) {
      considerProperty(node.key, node.computed, node.value);
    },
    AssignmentExpression(node) {
      if (node.operator !== '=' || node.left.type !== AST_NODE_TYPES.MemberExpression) return;
      considerProperty(node.left.property, node.left.computed, node.right);
    },
    VariableDeclarator(node) {
      if (node.parent.kind !== 'const' || node.id.type !== AST_NODE_TYPES.Identifier || !node.init || !SCHEMA_CONST.test(node.id.name)) return;
      consider({ name: node.id.name, valueNode: node.init, keyNode: node.id, mcpTool: false, draft: undefined, accepts: isJsonSchemaObject });
    },
    CallExpression(node) {
      const [argument] = node.arguments;
      if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) return;
      const { callee } = node;
      if (callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier) {
        if (AJV_METHODS.has(callee.property.name) && isAjvReceiver(callee.object)) {
          const draft = ajvDraft(evaluator, callee.object);
          consider({ name: `${callee.property.name}()`, valueNode: argument, keyNode: undefined, mcpTool: false, draft, accepts: isAnyObject });
          return;
        }
        if (callee.property.name === 'jsonSchema') {
          consider({ name: 'jsonSchema()', valueNode: argument, keyNode: undefined, mcpTool: false, draft: undefined, accepts: isAnyObject });
        }
        return;
      }
      if (callee.type === AST_NODE_TYPES.Identifier && callee.name === 'jsonSchema') {
        consider({ name: 'jsonSchema()', valueNode: argument, keyNode: undefined, mcpTool: false, draft: undefined, accepts: isAnyObject });
      }
    },
  };
}
