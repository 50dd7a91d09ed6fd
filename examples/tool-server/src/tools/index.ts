import type { ToolDefinition } from '../registry.js';
import { keywordStats } from './keyword-stats.js';
import { listMarketplaces } from './list-marketplaces.js';
import { pluginTool } from './plugin-tools.js';
import { productReviews } from './product-reviews.js';
import { salesReport } from './sales-report.js';
import { sellerListings } from './seller-listings.js';
import { shippingEstimate } from './shipping-estimate.js';
import { searchProducts } from './search-products.js';
import { trackShipment } from './track-shipment.js';

export const allTools: readonly ToolDefinition[] = [
  searchProducts,
  keywordStats,
  shippingEstimate,
  listMarketplaces,
  productReviews,
  sellerListings,
  salesReport,
  trackShipment,
  pluginTool({ name: 'best_sellers', description: 'Best sellers of a category.', endpoint: '/categories/best-sellers' }),
];
