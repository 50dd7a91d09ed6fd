/**
 * The fulfillment team's value lists, in a workspace package of their own. The tool server imports
 * them as `@tool-server/fulfillment`, through the symlink npm makes in `node_modules`; the plugin
 * follows it to this source (the package's `types` condition names it while no build exists).
 */

// The carriers the upstream tracking API is known to serve. Described: the API adds carriers
// without notice (it took regional carriers last quarter), so the list is documentation, not a gate.
export const CARRIERS = {
  title: 'Carriers',
  enumPolicy: 'described',
  codes: ['ups', 'fedex', 'dhl', 'usps', 'royal_mail'],
} as const;
