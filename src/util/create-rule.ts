import { ESLintUtils, type TSESLint } from '@typescript-eslint/utils';
import { mayMention } from '../analysis/syntax/file-text.js';
import { offerToImporters } from '../analysis/modules/linted-modules.js';
import { withBaseline } from '../baseline/rule-wrapper.js';
import { packageInfo } from './package-info.js';
import { prechecksEnabled, setPrechecks } from './precheck-switch.js';
import { getSettings, type SchemaContractSettings } from '../settings.js';

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

/**
 * A rule's doc as of the installed release: the tag the release workflow pushes (`v<version>`),
 * so an editor's "show documentation" opens what this version does, not what `main` does since.
 */
export function ruleDocsUrl(ruleName: string): string {
  return `${REPOSITORY_URL}/blob/v${packageInfo.version}/docs/rules/${ruleName}.md`;
}

const createUnbaselinedRule = ESLintUtils.RuleCreator<SchemaContractRuleDocs>(ruleDocsUrl);

/** A rule as this plugin writes it: typescript-eslint's rule shape, plus an optional vocabulary. */
export interface SchemaContractRule<Options extends readonly unknown[], MessageIds extends string>
  extends Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, SchemaContractRuleDocs>> {
  /**
   * The words the rule cannot report without (see `mayMention`). On a file that spells none of
   * them, `create` is not called and the rule registers no listener: most files of a tool server
   * never mention what a given rule looks for.
   */
  readonly vocabulary?: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, options: Options) => RegExp;
  /**
   * Asked only of a file that spells none of the vocabulary: whether what the file imports may
   * still lead to a finding (an imported alias of a schema library's enum builder, say), answered
   * from the imported modules' summaries (`modules/module-summary.ts`), never by reading them here.
   */
  readonly mayReportWithoutVocabulary?: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>) => boolean;
  /**
   * The conditions that walk the file's imports (`mayReportWithoutVocabulary`, `mayHoldEvidence`)
   * are asked by the rule itself, through `mayReportHere`, at the first candidate that needs them,
   * instead of before `create`: for a rule whose candidates are rarer than files (a fallback in a
   * fallback's position, a panic a schema helper could hold), the file without one costs its
   * listeners and no walk.
   */
  readonly deferConditions?: boolean;
  /**
   * A second necessary condition, asked of a file that passed the first: evidence the rule needs
   * besides its vocabulary (a helper panics by `throw`, which most files spell, and is a schema
   * helper only by schema evidence in the file or behind its imports). False: no listener.
   */
  readonly mayHoldEvidence?: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, options: Options) => boolean;
}

/** The deferred conditions (`deferConditions`) of each linted file and rule, answered at most once. */
const deferredConditions = new WeakMap<object, { readonly ask: () => boolean; answer?: boolean }>();

/**
 * Whether the rule may report in the file `context` lints, as far as its deferred conditions can
 * tell (`deferConditions`): true for a rule without any (or while the pre-checks are off), else
 * the answer of `mayReportWithoutVocabulary` (for a file that spells none of the vocabulary) and
 * `mayHoldEvidence`, asked the first time and remembered for the file. False means no candidate
 * of the file can become a finding.
 */
export function mayReportHere(context: object): boolean {
  const deferred = deferredConditions.get(context);
  if (!deferred) return true;
  deferred.answer ??= deferred.ask();
  return deferred.answer;
}

/**
 * Turns every rule's pre-check (vocabulary and imports) off or on again, for the whole process.
 * Internal, not a user option: no entry point of the package exports this module, and no setting
 * or environment variable reaches it. Only tests/analysis/precheck-soundness.test.ts calls it, to
 * prove that the pre-checks never hide a finding: every rule then runs on every file.
 */
export function setPrechecksForSoundnessTest(on: boolean): void {
  setPrechecks(on);
}

/**
 * typescript-eslint's RuleCreator, plus the findings baseline (`settings['schema-contract'].baseline`)
 * and the vocabulary check applied to every rule in one place, so no rule carries its own copy.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(rule: SchemaContractRule<Options, MessageIds>) {
  const { vocabulary, mayReportWithoutVocabulary, deferConditions, mayHoldEvidence, ...definition } = rule;
  const created = createUnbaselinedRule(definition);
  // A vocabulary depends on the options and the plugin's parsed settings only (`getSettings`).
  // Neither is one object per config: ESLint 10 hands every file a copy of `settings` (the
  // plugin's own key inside it, which `parseSettings` caches on, stays the same object), and
  // merges `meta.defaultOptions` into new options objects for every file. So the patterns are kept
  // per parsed settings and per options' JSON (small, schema-validated data): keyed by `settings`
  // itself, every pattern was built again for every file (8 per file on the bench corpus).
  const vocabularies = new WeakMap<SchemaContractSettings, Map<string, RegExp>>();
  const vocabularyFor = (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>): RegExp => {
    const settings = getSettings(context);
    let byOptions = vocabularies.get(settings);
    if (!byOptions) vocabularies.set(settings, (byOptions = new Map()));
    const optionsKey = context.options.length === 0 ? '' : JSON.stringify(context.options);
    let pattern = byOptions.get(optionsKey);
    if (!pattern) byOptions.set(optionsKey, (pattern = vocabulary!(context, context.options)));
    return pattern;
  };
  // ESLint (9.15+, the peer range) has already merged `meta.defaultOptions` into `context.options`;
  // RuleCreator would clone and merge them again for every rule on every file.
  return withBaseline({
    ...created,
    create: (context) => {
      offerToImporters(context);
      const conditions: (() => boolean)[] = [];
      if (vocabulary && prechecksEnabled() && !mayMention(context.sourceCode, vocabularyFor(context))) {
        if (!mayReportWithoutVocabulary) return {};
        conditions.push(() => mayReportWithoutVocabulary(context));
      }
      if (mayHoldEvidence && prechecksEnabled()) conditions.push(() => mayHoldEvidence(context, context.options));
      if (conditions.length > 0) {
        const ask = (): boolean => conditions.every((condition) => condition());
        if (deferConditions) deferredConditions.set(context, { ask });
        else if (!ask()) return {};
      }
      return rule.create(context, context.options);
    },
  });
}
