import { z } from 'zod';
import { err, ok, type Result } from './result.js';

/** A JSON Schema object, as a tool advertises it in `tools/list`. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** Names the tool whose schema is broken, so startup fails with a message someone can act on. */
export class SchemaError extends Error {
  override name = 'SchemaError';

  constructor(
    readonly toolName: string,
    problem: string,
    options?: ErrorOptions,
  ) {
    super(`tool "${toolName}": ${problem}`, options);
  }
}

/**
 * Checks a tool's JSON Schema and returns a serialised copy, or the reason it cannot be used.
 *
 * ✅ Fails closed (ADR: "a tool input schema that fails to marshal is fatal, never defaulted"): a
 * missing schema or one that does not serialise comes back as an error value; nothing here
 * substitutes a schema that accepts anything, and nothing throws past the signature.
 */
export function toolSchema(toolName: string, schema: JsonSchema | undefined): Result<JsonSchema, SchemaError> {
  if (schema === undefined) {
    return err(new SchemaError(toolName, 'declares no input schema; a tool without arguments declares { type: "object", additionalProperties: false }'));
  }
  if (schema.type !== 'object') {
    return err(new SchemaError(toolName, 'input schema root must be { type: "object" } (MCP)'));
  }
  let serialised: string;
  try {
    serialised = JSON.stringify(schema);
  } catch (cause) {
    return err(new SchemaError(toolName, 'input schema does not serialise to JSON', { cause }));
  }
  return ok(JSON.parse(serialised) as JsonSchema);
}

/**
 * The JSON Schema of a zod input shape, closed to unknown arguments.
 *
 * ✅ zod throws for types JSON Schema cannot express (a transform, a bigint). That is a defect in
 * the tool's own definition: it is returned as an error, never widened into `{}`.
 */
export function zodInputSchema(toolName: string, shape: z.ZodRawShape): Result<JsonSchema, SchemaError> {
  try {
    return ok(z.toJSONSchema(z.strictObject(shape)) as JsonSchema);
  } catch (cause) {
    return err(new SchemaError(toolName, 'zod input shape has no JSON Schema form', { cause }));
  }
}
