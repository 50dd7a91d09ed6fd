import { ToolRegistrar, type RegisteredTool, type ToolArguments, type ToolDefinition } from './registry.js';
import { ok, type Result } from './schema/result.js';
import type { SchemaError } from './schema/tool-schema.js';
import type { ToolResult } from './upstream.js';

export class ToolServer {
  constructor(private readonly tools: ReadonlyMap<string, RegisteredTool>) {}

  /** `tools/list`: every tool here has a schema that built. */
  listTools(): { name: string; description: string; inputSchema: unknown }[] {
    return [...this.tools.values()].map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
  }

  /** `tools/call`. The MCP SDK validates `args` against `inputSchema` before this runs. */
  async callTool(name: string, args: ToolArguments): Promise<ToolResult> {
    const tool = this.tools.get(name);
    if (!tool) return { content: [{ type: 'text', text: `unknown tool ${name}` }], isError: true };
    return tool.handler(args);
  }
}

/** Registers every tool or none: a schema defect returns the error, and the half-built server is dropped. */
export function buildServer(tools: readonly ToolDefinition[]): Result<ToolServer, SchemaError> {
  const registrar = new ToolRegistrar();
  for (const tool of tools) registrar.add(tool);
  const registered = registrar.finish();
  if (!registered.ok) return registered;
  return ok(new ToolServer(registered.value));
}
