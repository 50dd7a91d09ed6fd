import type { z } from 'zod';
import { err, ok, type Result } from './schema/result.js';
import { toolSchema, zodInputSchema, type JsonSchema, type SchemaError } from './schema/tool-schema.js';
import type { ToolResult } from './upstream.js';

export type ToolArguments = Readonly<Record<string, unknown>>;

/** A tool as its module declares it: a JSON Schema (`inputSchema`) or a zod shape (`inputShape`). */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: JsonSchema;
  readonly inputShape?: z.ZodRawShape;
  readonly handler: (args: ToolArguments) => Promise<ToolResult>;
}

/** A tool the server lists: its input schema built and checked. */
export interface RegisteredTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly handler: (args: ToolArguments) => Promise<ToolResult>;
}

function buildInputSchema(tool: ToolDefinition): Result<JsonSchema, SchemaError> {
  return tool.inputShape ? zodInputSchema(tool.name, tool.inputShape) : toolSchema(tool.name, tool.inputSchema);
}

/**
 * ✅ The only writer of `RegisteredTool.inputSchema`, so no path leads from a schema that failed to
 * build to a listed tool. The first failure is kept and every later `add` is a no-op: "a listed
 * tool is a validated tool" holds for all tools or none.
 */
export class ToolRegistrar {
  readonly #tools = new Map<string, RegisteredTool>();
  #firstFailure: SchemaError | undefined;

  add(tool: ToolDefinition): void {
    if (this.#firstFailure) return;
    const inputSchema = buildInputSchema(tool);
    if (!inputSchema.ok) {
      this.#firstFailure = inputSchema.error;
      return;
    }
    this.#tools.set(tool.name, { name: tool.name, description: tool.description, inputSchema: inputSchema.value, handler: tool.handler });
  }

  finish(): Result<ReadonlyMap<string, RegisteredTool>, SchemaError> {
    return this.#firstFailure ? err(this.#firstFailure) : ok(this.#tools);
  }
}
