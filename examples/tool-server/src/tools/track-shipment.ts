import { z } from 'zod';
// A path alias (tsconfig `paths`): the plugin resolves it as TypeScript does.
import { MARKETPLACE_CODES } from '@/glossary/tables.js';
// A workspace package (npm workspaces, linked into node_modules).
import { CARRIERS } from '@tool-server/fulfillment';
import type { ToolDefinition } from '../registry.js';
import { callApi } from '../upstream.js';

export const trackShipment: ToolDefinition = {
  name: 'track_shipment',
  description: 'Where a parcel is, by carrier and tracking number.',
  inputShape: {
    trackingNumber: z.string().min(1),
    // ❌ no-open-glossary-enum: CARRIERS is described in the fulfillment workspace package; as an
    // enum it rejects the next carrier the tracking API serves, before the handler sees the call.
    carrier: z.enum(CARRIERS.codes),
    // ❌ no-open-glossary-enum: MARKETPLACES is described; importing it through the `@/` alias
    // does not make it closed.
    marketplace: z.enum(MARKETPLACE_CODES),
  },
  handler: (args) => callApi('/shipments/track', args),
};
