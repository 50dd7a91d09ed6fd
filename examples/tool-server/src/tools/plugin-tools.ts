import type { ToolDefinition } from '../registry.js';
import type { JsonSchema } from '../schema/tool-schema.js';
import { callApi } from '../upstream.js';

/** A tool contributed by a deployment's `tools.json`, forwarded to an endpoint of the same API. */
export interface PluginToolManifest {
  readonly name: string;
  readonly description: string;
  readonly endpoint: string;
  readonly inputSchema?: JsonSchema;
}

export function pluginTool(manifest: PluginToolManifest): ToolDefinition {
  return {
    name: manifest.name,
    description: manifest.description,
    // ❌ no-permissive-schema-fallback: a manifest that forgot its schema is listed accepting
    // anything. Pass `manifest.inputSchema` through: toolSchema rejects a missing one by name.
    inputSchema: manifest.inputSchema ?? { type: 'object' },
    handler: (args) => callApi(manifest.endpoint, args),
  };
}
