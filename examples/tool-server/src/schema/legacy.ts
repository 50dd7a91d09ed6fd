// The helpers this server had before it adopted the fail-closed registrar, kept here because the
// report tool (src/tools/sales-report.ts) still uses them. Each finding below is one the ADR
// describes: the panic, and the "fix" that swapped the panic for a schema that accepts anything.
import type { ToolDefinition } from '../registry.js';
import { toolSchema, type JsonSchema } from './tool-schema.js';

export function mustSchema(toolName: string, schema: JsonSchema): JsonSchema {
  const built = toolSchema(toolName, schema);
  if (!built.ok) {
    // ❌ no-schema-helper-throw: the failure is invisible in the signature, which is what invites
    // the catch-and-default in schemaOrAnything. Return the Result from toolSchema instead.
    throw built.error;
  }
  return built.value;
}

export function schemaOrAnything(toolName: string, schema: JsonSchema): JsonSchema {
  try {
    return mustSchema(toolName, schema);
  } catch (error) {
    console.warn(`${toolName}: ${String(error)}; serving an open schema instead`);
    // ❌ no-permissive-schema-fallback: legacyTool advertises this as the tool's inputSchema, so the
    // tool stays listed and looks healthy while its argument validation is switched off. Return the
    // error to the registrar instead.
    return { type: 'object' };
  }
}

/** How the report tool still declares itself: a tool definition around the legacy helpers. */
export function legacyTool(name: string, description: string, schema: JsonSchema, handler: ToolDefinition['handler']): ToolDefinition {
  return { name, description, inputSchema: schemaOrAnything(name, schema), handler };
}
