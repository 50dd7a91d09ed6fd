import { MARKETPLACES } from '../glossary/index.js';
import type { ToolDefinition } from '../registry.js';

export const listMarketplaces: ToolDefinition = {
  name: 'list_marketplaces',
  description: 'List the marketplaces this server knows by name.',
  // ✅ a tool without arguments says so: no properties, and no unknown ones either.
  inputSchema: { type: 'object', additionalProperties: false },
  handler: async () => ({ content: [{ type: 'text', text: JSON.stringify(MARKETPLACES.values) }] }),
};
