import { ESLintUtils, type TSESLint } from '@typescript-eslint/utils';
import { mayMention } from '../analysis/file-text.js';
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

/** A rule as this plugin writes it: typescript-eslint's rule shape, plus an optional vocabulary. */
export interface SchemaContractRule<Options extends readonly unknown[], MessageIds extends string>
  extends Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, SchemaContractRuleDocs>> {
  /**
   * The words the rule cannot report without (see `mayMention`). On a file that spells none of
   * them, `create` is not called and the rule registers no listener: most files of a tool server
   * never mention what a given rule looks for.
   */
  readonly vocabulary?: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, options: Options) => RegExp;
}

/**
 * typescript-eslint's RuleCreator, plus the findings baseline (`settings['schema-contract'].baseline`)
 * and the vocabulary check applied to every rule in one place, so no rule carries its own copy.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(rule: SchemaContractRule<Options, MessageIds>) {
  const { vocabulary, ...definition } = rule;
  const created = createUnbaselinedRule(definition);
  // ESLint (9.15+, the peer range) has already merged `meta.defaultOptions` into `context.options`;
  // RuleCreator would clone and merge them again for every rule on every file.
  return withBaseline({
    ...created,
    create: (context) => {
      offerToImporters(context);
      if (vocabulary && !mayMention(context.sourceCode, vocabulary(context, context.options))) return {};
      return rule.create(context, context.options);
    },
  });
}
