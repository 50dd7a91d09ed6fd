import { toolSitesAmong, TOOL_SITE_VOCABULARY, type ToolSiteCandidate } from '../flow/tool-sites.js';
import type { Evaluator } from '../values/evaluator.js';
import type { ConventionSite } from './tool-conventions.js';

/**
 * The tools of a file as the convention checks see them: the sink model's one enumeration of tool
 * sites (`flow/tool-sites.ts`), which the CLI's inventory reads too.
 */

/** Words a file must spell to hold a tool the sink model recognises. */
export { TOOL_SITE_VOCABULARY };
export type { ToolSiteCandidate };

/**
 * Every tool site among `candidates` (the file's calls and object literals, in source order),
 * collected by the rule's listeners during ESLint's own traversal rather than by a second walk.
 */
export function conventionSites(candidates: readonly ToolSiteCandidate[], evaluator: Evaluator): ConventionSite[] {
  return toolSitesAmong(candidates, evaluator);
}
