import { z } from 'zod';
import * as glossary from '../glossary/index.js';
import type { ToolDefinition } from '../registry.js';
import { callApi } from '../upstream.js';

export const keywordStats: ToolDefinition = {
  name: 'keyword_stats',
  description: 'Monthly search volume and trend for a keyword in one marketplace.',
  inputShape: {
    keyword: z.string().min(1),
    // ❌ no-open-glossary-enum: the same described table, through a namespace import and zod.
    marketplace: z.enum(glossary.MARKETPLACE_CODES),
    months: z.number().int().min(1).max(24).default(12),
  },
  handler: (args) => callApi('/keywords/stats', args),
};
