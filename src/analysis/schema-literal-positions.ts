import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { Evaluator } from './evaluator.js';
import { getKeyName } from './ast.js';
import { vocabularyPattern } from './file-text.js';
import { isJsonSchemaShaped } from './schema-model.js';
import { calleeName, isToolSchemaKey, sinkOfArgument, sinkOfClassMember, sinkOfProperty } from './schema-sinks.js';
import type { SchemaSink } from './sink-model.js';
import type { JsonSchemaDraft } from './schema-structure.js';
import type { ObjectValue } from './static-value.js';

/**
 * The places where a literal is a JSON Schema, so it can be compiled: the sinks the shared sink
 * analysis knows (a tool definition's schema keys, Ajv's arguments, the AI SDK's `jsonSchema()`),
 * and, where the code does not show a sink, a tool schema key or a `const` named `…Schema` whose
 * value is shaped like a JSON Schema (the name is a hint the shape must confirm).
 */

export interface SchemaLiteralPosition {
  /** How the message names the position: `inputSchema`, `compile()`, `searchSchema`. */
  readonly name: string;
  /** The expression that holds the schema (in the linted file). */
  readonly valueNode: TSESTree.Node;
  /** The property key or const name, for findings about the schema as a whole. */
  readonly keyNode: TSESTree.Node | undefined;
  /** An MCP tool's `inputSchema`/`outputSchema`: its root must be `type: 'object'`. */
  readonly mcpTool: boolean;
  /** The draft the consumer implies (the Ajv class an `ajv.compile()` belongs to), if any. */
  readonly draft: JsonSchemaDraft | undefined;
  /**
   * The sink the position is, when the code shows one (a tool definition or registration call,
   * Ajv, `jsonSchema()`): a schema there is a schema whatever it looks like. Undefined for a
   * position known by its name and the value's shape only.
   */
  readonly sink: SchemaSink | undefined;
  /** Whether the evaluated value is a JSON Schema here (and not, say, a zod raw shape). */
  accepts(value: ObjectValue): boolean;
}

const MCP_TOOL_PROPERTIES = new Set(['inputSchema', 'outputSchema']);
const SCHEMA_CONST = /schema$/i;

/**
 * Words every position spells where it is: a schema property, a `…Schema` const, an Ajv receiver,
 * `jsonSchema()`. A file without any of them holds no position (see `mayMention`).
 */
export const SCHEMA_LITERAL_POSITION_VOCABULARY = vocabularyPattern(['inputSchema', 'outputSchema', 'input_schema', 'output_schema', 'parameters', 'parametersJsonSchema', 'schema', 'ajv', 'jsonSchema']);

/** The calls whose first argument is a schema literal position: Ajv's schema methods and the AI SDK's `jsonSchema()`. */
const LITERAL_SINK_CALLS: ReadonlySet<string> = new Set(['compile', 'compileAsync', 'validate', 'addSchema', 'addMetaSchema', 'jsonSchema']);

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

  function considerProperty(key: TSESTree.Node, computed: boolean, value: TSESTree.Node | null | undefined, sink: (name: string) => SchemaSink | undefined): void {
    if (!value) return;
    const name = getKeyName(key, computed);
    if (name === undefined || !isToolSchemaKey(name)) return;
    consider({ name, valueNode: value, keyNode: key, mcpTool: MCP_TOOL_PROPERTIES.has(name), draft: undefined, sink: sink(name), accepts: isJsonSchemaObject });
  }

  return {
    Property(node) {
      if (node.parent.type !== AST_NODE_TYPES.ObjectExpression || node.kind !== 'init' || node.method) return;
      const object = node.parent;
      considerProperty(node.key, node.computed, node.value, (name) => sinkOfProperty(object, name, node.value, evaluator));
    },
    PropertyDefinition(node) {
      if (node.parent.type !== AST_NODE_TYPES.ClassBody) return;
      const body = node.parent;
      considerProperty(node.key, node.computed, node.value, (name) => (node.value ? sinkOfClassMember(body, name, node.value, evaluator) : undefined));
    },
    AssignmentExpression(node) {
      if (node.operator !== '=' || node.left.type !== AST_NODE_TYPES.MemberExpression) return;
      considerProperty(node.left.property, node.left.computed, node.right, () => undefined);
    },
    VariableDeclarator(node) {
      if (node.parent.kind !== 'const' || node.id.type !== AST_NODE_TYPES.Identifier || !node.init || !SCHEMA_CONST.test(node.id.name)) return;
      consider({ name: node.id.name, valueNode: node.init, keyNode: node.id, mcpTool: false, draft: undefined, sink: undefined, accepts: isJsonSchemaObject });
    },
    CallExpression(node) {
      const [argument] = node.arguments;
      if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) return;
      // Every call of a file comes here: only Ajv's schema methods and `jsonSchema()` are asked about.
      if (!LITERAL_SINK_CALLS.has(calleeName(node.callee) ?? '')) return;
      const known = sinkOfArgument(node, 0, evaluator);
      if (known?.kind !== 'sink' || (known.sink.role !== 'validator' && known.sink.key !== 'jsonSchema')) return;
      consider({ name: `${known.sink.key}()`, valueNode: argument, keyNode: undefined, mcpTool: false, draft: known.sink.draft, sink: known.sink, accepts: isAnyObject });
    },
  };
}
