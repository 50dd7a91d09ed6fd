import type { ToolDefinition } from '../registry.js';
import { callApi } from '../upstream.js';

export const productReviews: ToolDefinition = {
  name: 'product_reviews',
  description: 'Recent reviews of a product, optionally filtered by star rating.',
  inputSchema: {
    type: 'object',
    // ❌ valid-schema-literal: `propertes` is not a keyword. The schema declares no properties, so it
    // accepts any argument map, and nothing fails at startup to say so.
    propertes: {
      asin: { type: 'string', pattern: '^[A-Z0-9]{10}$' },
      stars: { type: 'integer', minimum: 1, maximum: 5 },
    },
  },
  handler: (args) => callApi('/products/reviews', args),
};
