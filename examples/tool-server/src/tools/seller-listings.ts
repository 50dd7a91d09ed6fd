import type { ToolDefinition } from '../registry.js';
import { callApi } from '../upstream.js';

export const sellerListings: ToolDefinition = {
  name: 'seller_listings',
  description: 'Page through the listings of one seller.',
  inputSchema: {
    type: 'object',
    properties: {
      sellerId: { type: 'string', minLength: 1 },
      pageToken: { type: 'string', description: 'Opaque cursor from the previous page.' },
    },
    // ❌ valid-schema-literal: `page` is not a property (it was renamed to pageToken), so no call
    // can satisfy this schema and every one is rejected before the handler runs.
    required: ['sellerId', 'page'],
    additionalProperties: false,
  },
  handler: (args) => callApi(`/sellers/${String(args.sellerId)}/listings`, args),
};
