import type { ToolDefinition } from '../registry.js';
import { schemaOrAnything } from '../schema/legacy.js';
import { callApi } from '../upstream.js';

export const salesReport: ToolDefinition = {
  name: 'sales_report',
  description: 'Monthly sales for the account, by marketplace.',
  // Still on the legacy helper (see src/schema/legacy.ts for its two findings).
  inputSchema: schemaOrAnything('sales_report', {
    type: 'object',
    properties: { month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } },
    required: ['month'],
    additionalProperties: false,
  }),
  handler: (args) => callApi('/reports/sales', args),
};
