import { ESLintUtils } from '@typescript-eslint/utils';
import { offerToImporters } from '../analysis/linted-modules.js';
import { withBaseline } from '../baseline/rule-wrapper.js';

/** Extra `meta.docs` fields every rule of this plugin declares; the configs are derived from them. */
export interface SchemaContractRuleDocs {
  /** Whether `configs.recommended` (and so `configs.strict`) enables the rule. */
  recommended: boolean;
  /**
   * The options `configs.strict` passes instead of the defaults. Absent: strict uses the defaults.
   * Typed loosely because it is data for the config builder; each rule's schema validates it.
   */
  strictOptions?: readonly unknown[];
  requiresTypeChecking?: false;
}

export const REPOSITORY_URL = 'https://github.com/schema-contract/eslint-plugin-schema-contract';

const createUnbaselinedRule = ESLintUtils.RuleCreator<SchemaContractRuleDocs>(
  (ruleName) => `${REPOSITORY_URL}/blob/main/docs/rules/${ruleName}.md`,
);

/**
 * typescript-eslint's RuleCreator, plus the findings baseline (`settings['schema-contract'].baseline`)
 * applied to every rule in one place, so no rule carries its own copy of it.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  rule: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, SchemaContractRuleDocs>>,
) {
  const created = createUnbaselinedRule(rule);
  // ESLint (9.15+, the peer range) has already merged `meta.defaultOptions` into `context.options`;
  // RuleCreator would clone and merge them again for every rule on every file.
  return withBaseline({
    ...created,
    create: (context) => {
      offerToImporters(context);
      return rule.create(context, context.options);
    },
  });
}
