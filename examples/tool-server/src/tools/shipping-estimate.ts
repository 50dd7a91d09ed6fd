import { CURRENCY_CODES, describeValues, MARKETPLACES, WEIGHT_UNIT_CODES } from '../glossary/index.js';
import type { ToolDefinition } from '../registry.js';
import { callApi } from '../upstream.js';

export const shippingEstimate: ToolDefinition = {
  name: 'shipping_estimate',
  description: 'Estimate the shipping cost of a parcel to a marketplace.',
  inputSchema: {
    type: 'object',
    properties: {
      asin: { type: 'string', pattern: '^[A-Z0-9]{10}$' },
      // ✅ a described table goes into the description: the agent sees every value, nothing gates.
      marketplace: { type: 'string', description: describeValues(MARKETPLACES) },
      weight: {
        type: 'object',
        properties: {
          value: { type: 'number', exclusiveMinimum: 0 },
          // ✅ WEIGHT_UNITS is closed and corroborated by three sources: an enum is safe.
          unit: { type: 'string', enum: WEIGHT_UNIT_CODES },
        },
        required: ['value', 'unit'],
        additionalProperties: false,
      },
      // CURRENCIES claims to be closed; the claim itself is the finding (src/glossary/tables.ts).
      currency: { type: 'string', enum: CURRENCY_CODES },
    },
    required: ['asin', 'marketplace', 'weight'],
    additionalProperties: false,
  },
  handler: (args) => callApi('/shipping/estimate', args),
};
