/**
 * # flow/: where a value goes, and so what it is
 *
 * A value is a schema because of where it goes (a tool's `inputSchema`, a registration call, a
 * validator's compile, a converter's return), not because of its name; when the sink is unknown,
 * the rules stay quiet.
 *
 * - `sink-model.ts` (this file): what an answer holds.
 * - `schema-sinks.ts`: the sinks, recognised where a value is used (`validation-sinks.ts`: the
 *   schema libraries' and other validators' checks; `tool-definitions.ts`: tools keyed by name and
 *   the project's own tool factories).
 * - `value-flow.ts`: follows a value to its sink through consts, returns, calls and class members
 *   (`call-sites.ts` finds the calls of a function in the file).
 * - `schema-evidence.ts`: what a value is when that alone makes it a schema.
 * - `declared-destination.ts`: where a value goes by a declared schema type (a function's return
 *   type, an annotated binding or field, a cast).
 * - `schema-literal-positions.ts`: the places a literal may be a JSON Schema to compile.
 * - `tool-sites.ts`: the one enumeration of a file's tool definitions and registrations (name,
 *   form, schema slots; `relayed-tool.ts`: another tool's descriptor passed on), and
 *   `tool-schema-build.ts`: how each tool's schema is built, or why the analysis stops.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import { subschemaShape, type JsonSchemaDraft } from '../schemas/schema-structure.js';

/**
 * What the shared sink analysis answers (see `value-flow.ts`): where a value goes, as a rule can
 * use it. `schema-sinks.ts` recognises the sinks; this module describes them.
 */

/** What a value is used as where it ends up. */
export type SinkRole =
  /** A tool's input schema: MCP `inputSchema`, OpenAI/Gemini `parameters`, Anthropic `input_schema`. */
  | 'tool-input'
  /** A tool's output schema (MCP `outputSchema`). */
  | 'tool-output'
  /** Compiled or checked by a JSON Schema validator (`ajv.compile(X)`, `ajv.validate(X, data)`). */
  | 'validator'
  /**
   * Validated against by the program itself through a schema library: zod's `Args.parse(input)`,
   * valibot's `v.parse(S, input)`, TypeBox's `Value.Check(S, input)` and `TypeCompiler.Compile(S)`,
   * Standard Schema's `S['~standard'].validate(input)`. A schema there is the program's own check
   * (a failure it sees and can report), not a contract advertised to a client.
   */
  | 'parser'
  /** A schema inside a schema library's builder (`z.object({ q: X })`, `z.array(X)`, `Type.Union([X])`). */
  | 'library'
  /** The schema a converter turns into JSON Schema (`zodToJsonSchema(X)`). */
  | 'converter-input'
  /** Returned by a function whose other returns are schemas: a converter's branch. */
  | 'converter-return'
  /** A name the user declared as holding schemas (the fallback rule's `schemaNames` option). */
  | 'configured'
  /**
   * The form an MCP elicitation asks the user to fill (`elicitInput({ message, requestedSchema })`):
   * a schema in the MCP specification's restricted vocabulary (`enumNames` is a keyword there), not
   * a tool's contract.
   */
  | 'elicitation';

/**
 * What an object literal written at the sink means. `zod-raw-shape` is the MCP TypeScript SDK's
 * `registerTool`/`tool` argument: `{}` there is a raw shape with no fields ("no arguments",
 * strict), not the JSON Schema `{}`; a library builder there is a schema as usual. `library` is a
 * schema library's own position (`z.object({ q: X })`, `zodToJsonSchema(X)`): only a builder is a
 * schema there, an object literal is a shape or options.
 */
export type SinkDialect = 'json-schema' | 'zod-raw-shape' | 'library';

export interface SchemaSink {
  readonly role: SinkRole;
  readonly dialect: SinkDialect;
  /** For messages: "advertised as `search`'s inputSchema", "compiled by `ajv.compile()`". */
  readonly description: string;
  /** The property or method the value is written into: `inputSchema`, `parameters`, `compile`, `object`. */
  readonly key: string;
  /** The tool's name, when the definition or registration call states it. */
  readonly toolName: string | undefined;
  /** The expression occupying the sink itself (the property value, the argument). */
  readonly slot: TSESTree.Node;
  /** The draft a validator sink implies (`ajv/dist/2020` is 2020-12), if known. */
  readonly draft: JsonSchemaDraft | undefined;
  /**
   * Where the value sits in the schema that reaches the sink: `[]` for the schema itself,
   * `['properties', 'q']` for a subschema written inside it.
   */
  readonly pointer: readonly string[];
  /** The functions the value was returned from or passed into on its way (for messages). */
  readonly via: readonly string[];
}

/** Where a value goes: into a schema sink, into a use that is certainly not a schema, or unknown. */
export type SinkAnswer =
  | {
      readonly kind: 'schema';
      readonly sink: SchemaSink;
      /**
       * Another use of the value writes into it, or hands it to code the analysis cannot follow:
       * an object may reach the sink filled in (`const s = cache.get(k) ?? {}; fill(s); ajv.addSchema(s)`).
       */
      readonly alsoModified?: boolean;
    }
  | { readonly kind: 'data'; readonly reason: string }
  | {
      readonly kind: 'unknown';
      /** The use writes into the value, or passes it to a function the analysis cannot follow. */
      readonly modifies?: boolean;
    };

export const UNKNOWN_SINK: SinkAnswer = { kind: 'unknown' };
/** A use that writes into the value, or gives it to code out of sight. */
export const MODIFYING_USE: SinkAnswer = { kind: 'unknown', modifies: true };

export function dataSink(reason: string): SinkAnswer {
  return { kind: 'data', reason };
}

/**
 * Whether `pointer` leads from a JSON Schema to one of its subschemas (`[]`, `['properties', 'q']`,
 * `['items']`, `['anyOf', '0']`), in any draft the plugin knows.
 */
export function isSubschemaPointer(pointer: readonly string[]): boolean {
  for (let index = 0; index < pointer.length; ) {
    const keyword = pointer[index]!;
    const shapes = [subschemaShape(keyword, '2020-12'), subschemaShape(keyword, 'draft-07')];
    if (!shapes.some(Boolean)) return false;
    const next = pointer[index + 1];
    // `items` holds one schema in 2020-12 and a tuple of them in draft-07: an index decides.
    const tuple = next !== undefined && /^\d+$/.test(next) && shapes.includes('schemaOrArray');
    const indexed = tuple || shapes.some((shape) => shape === 'array' || shape === 'map' || shape === 'mapOfSchemaOrStrings');
    if (indexed && next === undefined) return false;
    index += indexed ? 2 : 1;
  }
  return true;
}

/**
 * What a sink expects at the value's place in it: a schema in the sink's dialect (`schema`: a
 * JSON Schema or a library builder), a library schema only (`library-schema`), a zod raw shape or
 * a library schema (`raw-shape`), or nothing that is a schema (a value deeper in a raw shape,
 * `inputSchema: { shape: X }`).
 */
export function expectedAt(sink: SchemaSink): 'schema' | 'library-schema' | 'raw-shape' | undefined {
  switch (sink.dialect) {
    case 'json-schema':
      return isSubschemaPointer(sink.pointer) ? 'schema' : undefined;
    case 'zod-raw-shape':
      return sink.pointer.length === 0 ? 'raw-shape' : sink.pointer.length === 1 ? 'library-schema' : undefined;
    case 'library':
      return 'library-schema';
  }
}

/** A sink as a message names it: "advertised as `search`'s inputSchema (through `toolSchema()`)". */
export function describeSink(sink: SchemaSink): string {
  const via = sink.via.length === 0 ? '' : ` (through ${sink.via.map((step) => `\`${step}\``).join(', ')})`;
  return `${sink.description}${via}`;
}

/**
 * Combines the answers of several uses: a schema sink wins (one advertised or compiled over the
 * program's own parse, which says least about the contract); only uses that are all data are data.
 */
export function combine(answers: readonly SinkAnswer[]): SinkAnswer {
  const isSchema = (answer: SinkAnswer): answer is Extract<SinkAnswer, { kind: 'schema' }> => answer.kind === 'schema';
  const schemas = answers.filter(isSchema);
  const schema = schemas.find((answer) => answer.sink.role !== 'parser') ?? schemas[0];
  if (schema) {
    const modified = answers.some((answer) => (answer.kind === 'unknown' && answer.modifies) || (answer.kind === 'schema' && answer.alsoModified));
    return modified ? { ...schema, alsoModified: true } : schema;
  }
  if (answers.some((answer) => answer.kind === 'unknown' && answer.modifies)) return MODIFYING_USE;
  if (answers.length > 0 && answers.every((answer) => answer.kind === 'data')) return answers[0]!;
  return UNKNOWN_SINK;
}

/**
 * Whether a literal may reach its sink holding more than is written: another use writes into it,
 * or hands it to code out of sight. Checks of what the literal lacks (a `required` name that
 * `properties` does not define) are then not certain.
 */
export function mayReachFilledIn(answer: SinkAnswer | undefined): boolean {
  return answer !== undefined && ((answer.kind === 'schema' && answer.alsoModified === true) || (answer.kind === 'unknown' && answer.modifies === true));
}
