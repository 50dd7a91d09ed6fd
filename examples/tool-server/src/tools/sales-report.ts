import type { ToolDefinition } from '../registry.js';
import { legacyTool } from '../schema/legacy.js';
import { callApi } from '../upstream.js';

// Still on the legacy helpers (see src/schema/legacy.ts for their two findings).
export const salesReport: ToolDefinition = legacyTool(
  'sales_report',
  'Monthly sales for the account, by marketplace.',
  {
    type: 'object',
    properties: { month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' } },
    required: ['month'],
    additionalProperties: false,
  },
  (args) => callApi('/reports/sales', args),
);
