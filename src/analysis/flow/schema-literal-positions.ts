import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { Evaluator } from '../values/evaluator.js';
import { getKeyName } from '../syntax/ast.js';
import { vocabularyPattern } from '../syntax/file-text.js';
import { isAnnotationKeyword, isJsonSchemaShaped, JSON_SCHEMA_KEYWORDS } from '../schemas/schema-model.js';
import { calleeName, isToolSchemaKey, sinkOfArgument, sinkOfClassMember, sinkOfProperty } from './schema-sinks.js';
import { expectedAt, type SchemaSink, type SinkRole } from './sink-model.js';
import { DEFINER_SCHEMA_KEYS } from './tool-definitions.js';
import type { JsonSchemaDraft } from '../schemas/schema-structure.js';
import type { ObjectValue } from '../values/static-value.js';

/**
 * The places where a literal may be a JSON Schema, so it can be compiled: the sinks the shared
 * sink analysis knows at the place itself (a tool definition's schema keys, a registration call,
 * an elicitation request, Ajv's arguments, the AI SDK's `jsonSchema()`), and the places a value
 * starts from on its way to one (a `const …Schema`, an assignment to a schema name), whose sink
 * the rule asks the sink analysis about. `readSchemaLiteral` says what a value is at its sink.
 */

export interface SchemaLiteralPosition {
  /** The expression that holds the schema (in the linted file). */
  readonly valueNode: TSESTree.Node;
  /** The property key or const name, for findings about the schema as a whole. */
  readonly keyNode: TSESTree.Node | undefined;
  /** The draft the consumer implies (the Ajv class an `ajv.compile()` belongs to), if any. */
  readonly draft: JsonSchemaDraft | undefined;
  /**
   * The sink the position itself is, when the code shows one there (a tool definition or
   * registration call, an elicitation request, Ajv, `jsonSchema()`). Undefined for a place the
   * value only starts from (a `const …Schema`): where it goes is a question for the sink analysis.
   */
  readonly sink: SchemaSink | undefined;
}

const SCHEMA_NAME = /schema$/i;
/** The elicitation request's field (`elicitInput({ message, requestedSchema })`). */
const ELICITATION_KEY = 'requestedSchema';

/**
 * Words every position spells where it is: a schema property, a `…Schema` const, an Ajv receiver,
 * `jsonSchema()`. A file without any of them holds no position (see `mayMention`). `validat` and
 * `typebox` admit the validators that take a JSON Schema argument (`new Validator(schema)`,
 * `getValidator(schema)`, TypeBox's `Value.Check`, imported from `typebox`), so a sink added there
 * needs no change here.
 */
export const SCHEMA_LITERAL_POSITION_VOCABULARY = vocabularyPattern([
  ...['inputSchema', 'outputSchema', 'input_schema', 'output_schema', 'parameters', 'parametersJsonSchema', 'schema', 'ajv', 'jsonSchema'],
  // The MCP SDK validator providers' `getValidator(schema)` (`@cfworker/json-schema` is spelt by its import).
  'getValidator',
  'validat',
  'typebox',
]);
/**
 * The calls whose first argument is a schema literal position: Ajv's schema methods, the AI SDK's
 * `jsonSchema()`, the MCP SDK's `getValidator()`; `@cfworker/json-schema`'s `validate(data, schema)`
 * takes it second.
 */
const LITERAL_SINK_CALLS: ReadonlySet<string> = new Set(['compile', 'compileAsync', 'validate', 'addSchema', 'addMetaSchema', 'jsonSchema', 'getValidator']);
/**
 * A tool definer's keys that may hold a JSON Schema literal to check: those the vocabulary spells
 * (`schema`, `argsSchema`). `args` and `input` are left out: a file spelling only them would be
 * skipped by the pre-check, and the rule must never miss what it would report.
 */
const LITERAL_DEFINER_KEYS: ReadonlySet<string> = new Set([...DEFINER_SCHEMA_KEYS].filter((key) => SCHEMA_LITERAL_POSITION_VOCABULARY.test(key)));

/** `new Validator(schema)` of `@cfworker/json-schema`. */
const LITERAL_SINK_CLASSES: ReadonlySet<string> = new Set(['Validator']);

/** Sinks that take a JSON Schema and nothing else, whatever the literal looks like. */
const JSON_SCHEMA_ROLES: ReadonlySet<SinkRole> = new Set(['tool-input', 'tool-output', 'elicitation', 'validator']);

/**
 * Written as a JSON Schema, whatever its values: its top level is all known and plain (no
 * builder, function or unknown value, which could be a raw shape's field) and holds a keyword that
 * is not a mere annotation. `{ type: 'objet', properties: {} }` is; `{}`, `{ q: z.string() }`,
 * `{ q: imported }` and `{ description }` are not.
 */
function isWrittenAsJsonSchema(value: ObjectValue): boolean {
  if (!value.complete) return false;
  let keyword = false;
  for (const [key, { value: member }] of value.properties) {
    if (member.kind === 'unknown' || member.kind === 'builder' || member.kind === 'function') return false;
    if (key === '$schema' || (JSON_SCHEMA_KEYWORDS.has(key) && !isAnnotationKeyword(key))) keyword = true;
  }
  return keyword;
}

/** A schema library's builder or a function at the top level: an object no JSON Schema is. */
function holdsCode(value: ObjectValue): boolean {
  for (const { value: member } of value.properties.values()) if (member.kind === 'builder' || member.kind === 'function') return true;
  return false;
}

/**
 * Whether some sink could make `value` a JSON Schema: it is shaped like one, or written as one. A
 * cheap test, so that the sink analysis is asked about these literals only.
 */
export function mayBeJsonSchema(value: ObjectValue): boolean {
  return !holdsCode(value) && (isJsonSchemaShaped(value) || isWrittenAsJsonSchema(value));
}

/**
 * Whether `value`, found at a schema position, is a JSON Schema: by what it is, or by where it
 * goes (`sink`; undefined when no sink is known). Shaped like a JSON Schema, it is one wherever it
 * goes: a typo in it is a defect whatever reads it. A sink that takes JSON Schema and nothing else
 * makes a literal a schema whatever it looks like, so a root typo (`type: 'objet'`) is checked:
 * Ajv's and `jsonSchema()`'s argument always, the root of a tool's or an elicitation's schema when
 * it is written as one (an empty or partly unknown literal there may be a zod raw shape registered
 * elsewhere). Where the MCP SDK takes a zod raw shape (`registerTool`), `{}` and `{ q: z.string() }`
 * are raw shapes, and a literal written as JSON Schema is JSON Schema. Anything else, an unknown
 * sink included, is not a schema to check.
 */
export function isSchemaLiteralAt(value: ObjectValue, sink: SchemaSink | undefined): boolean {
  if (holdsCode(value)) return false;
  if (isJsonSchemaShaped(value)) return true;
  if (!sink) return false;
  switch (expectedAt(sink)) {
    case 'schema':
      return JSON_SCHEMA_ROLES.has(sink.role) && sink.pointer.length === 0 && (sink.role === 'validator' || sink.key === 'jsonSchema' || isWrittenAsJsonSchema(value));
    case 'raw-shape':
      // The SDK's own test: a raw shape is empty or holds a zod schema.
      return isWrittenAsJsonSchema(value);
    default:
      return false;
  }
}

/**
 * A rule listener that collects the schema positions of the file and hands them to `check`, in
 * source order, once the file is traversed: a literal held by several positions (a `const` written
 * before the tool definition that uses it) is then checked once, with the sink of its use.
 */
export function findSchemaLiteralPositions(
  evaluator: Evaluator,
  check: (positions: readonly SchemaLiteralPosition[]) => void,
): TSESLint.RuleListener {
  const positions: SchemaLiteralPosition[] = [];

  function considerProperty(key: TSESTree.Node, computed: boolean, value: TSESTree.Node | null | undefined, sink: (name: string) => SchemaSink | undefined): void {
    if (!value) return;
    const name = getKeyName(key, computed);
    if (name === undefined) return;
    if (isToolSchemaKey(name)) {
      positions.push({ valueNode: value, keyNode: key, draft: undefined, sink: sink(name) });
    } else if (name === ELICITATION_KEY || LITERAL_DEFINER_KEYS.has(name)) {
      // Only an elicitation request's: other objects use the name for their own things.
      const elicitation = sink(name);
      if (elicitation) positions.push({ valueNode: value, keyNode: key, draft: undefined, sink: elicitation });
    }
  }

  /** The schema argument of a validator's call (`ajv.compile(X)`, `new Validator(X)`) or of `jsonSchema(X)`. */
  function considerArgument(node: TSESTree.CallExpression | TSESTree.NewExpression): void {
    for (const [index, argument] of node.arguments.slice(0, 2).entries()) {
      if (argument.type === AST_NODE_TYPES.SpreadElement) return;
      const known = sinkOfArgument(node, index, evaluator);
      if (known?.kind !== 'sink' || (known.sink.role !== 'validator' && known.sink.key !== 'jsonSchema')) continue;
      positions.push({ valueNode: argument, keyNode: undefined, draft: known.sink.draft, sink: known.sink });
      return;
    }
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
      if (node.operator !== '=') return;
      // `tool.inputSchema = {…}`, `requestedSchema = {…}`: where the value goes is followed from here.
      if (node.left.type === AST_NODE_TYPES.MemberExpression) {
        const name = getKeyName(node.left.property, node.left.computed);
        if (name !== undefined && (isToolSchemaKey(name) || name === ELICITATION_KEY)) positions.push({ valueNode: node.right, keyNode: node.left.property, draft: undefined, sink: undefined });
      } else if (node.left.type === AST_NODE_TYPES.Identifier && SCHEMA_NAME.test(node.left.name)) {
        positions.push({ valueNode: node.right, keyNode: node.left, draft: undefined, sink: undefined });
      }
    },
    VariableDeclarator(node) {
      if (node.parent.kind !== 'const' || node.id.type !== AST_NODE_TYPES.Identifier || !node.init || !SCHEMA_NAME.test(node.id.name)) return;
      positions.push({ valueNode: node.init, keyNode: node.id, draft: undefined, sink: undefined });
    },
    CallExpression(node) {
      // Every call of a file comes here: only validators' schema methods and `jsonSchema()` are asked about.
      if (LITERAL_SINK_CALLS.has(calleeName(node.callee) ?? '')) considerArgument(node);
    },
    NewExpression(node) {
      if (LITERAL_SINK_CLASSES.has(calleeName(node.callee) ?? '')) considerArgument(node);
    },
    'Program:exit'() {
      check(positions);
    },
  };
}

/**
 * The ranges of the literals checked, sorted by start. They never overlap (a position inside one
 * is skipped: its draft and context come from the outer literal), so only the last one starting at
 * or before a position can hold it: a binary search, where a scan of all of them made a file of
 * many literals quadratic.
 */
export class CheckedRanges {
  private readonly ranges: (readonly [number, number])[] = [];

  private lastStartingAtOrBefore(offset: number): number {
    let low = 0;
    let high = this.ranges.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.ranges[middle]![0] <= offset) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  holds(node: TSESTree.Node): boolean {
    const [start, end] = node.range;
    const outer = this.ranges[this.lastStartingAtOrBefore(start)];
    return outer !== undefined && end <= outer[1];
  }

  add(node: TSESTree.Node): void {
    // Positions come in source order, so this is nearly always an append.
    this.ranges.splice(this.lastStartingAtOrBefore(node.range[0]) + 1, 0, node.range);
  }
}
