import { MARKETPLACE_CODES } from '../glossary/index.js';
import type { ToolDefinition } from '../registry.js';
import { callApi } from '../upstream.js';

export const searchProducts: ToolDefinition = {
  name: 'search_products',
  description: 'Search one marketplace\'s catalog by keyword.',
  inputSchema: {
    type: 'object',
    properties: {
      keyword: { type: 'string', minLength: 1, description: 'Words to search for.' },
      marketplace: {
        type: 'string',
        // ❌ no-open-glossary-enum: MARKETPLACES is a described table. As an enum it rejects a
        // marketplace the API serves (MX) in the client's validator, where no log ever sees it.
        enum: MARKETPLACE_CODES,
      },
      // ✅ an inline list is this tool's own contract, not a copy of a glossary table.
      sort: { type: 'string', enum: ['relevance', 'price', 'rating'], default: 'relevance' },
      page: { type: 'integer', minimum: 1, default: 1 },
    },
    required: ['keyword', 'marketplace'],
    additionalProperties: false,
  },
  handler: (args) => callApi('/products/search', args),
};
