import type { TSESTree } from '@typescript-eslint/utils';
import type { SourceCode } from '@typescript-eslint/utils/ts-eslint';
import { toolSites, TOOL_SITE_VOCABULARY } from '../flow/tool-sites.js';
import type { Evaluator } from '../values/evaluator.js';
import type { ConventionSite } from './tool-conventions.js';

/**
 * The tools of a file as the convention checks see them: the sink model's one enumeration of tool
 * sites (`flow/tool-sites.ts`), which the CLI's inventory reads too.
 */

/** Words a file must spell to hold a tool the sink model recognises. */
export { TOOL_SITE_VOCABULARY };

/** Every tool site of the file, in source order. */
export function conventionSites(program: TSESTree.Program, visitorKeys: SourceCode.VisitorKeys, evaluator: Evaluator): ConventionSite[] {
  return toolSites(program, visitorKeys, evaluator);
}
