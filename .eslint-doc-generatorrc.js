/** @type {import('eslint-doc-generator').GenerateOptions} */
export default {
  configEmoji: [
    ['recommended', '✅'],
    ['strict', '🔒'],
  ],
  // The rules-only variants enable exactly the rules of recommended and strict (the README says
  // so); listing them per rule would only repeat those two.
  ignoreConfig: ['recommended-rules', 'strict-rules'],
  // Every rule doc has these sections (tests/structure.test.ts checks the same). `Options` is
  // required even for a rule without options, where it says so; the generator's own options check
  // would forbid that heading, so it is off and the generated options list (between the markers)
  // names every option instead.
  ruleDocSectionInclude: ['Examples', 'Options', 'When not to use it'],
  ruleDocSectionOptions: false,
  ruleDocTitleFormat: 'desc-parens-name',
  ruleListColumns: ['name', 'description', 'configsError', 'fixable', 'hasSuggestions', 'options'],
  pathRuleList: 'README.md',
  urlConfigs: 'https://github.com/schema-contract/eslint-plugin-schema-contract#configs',
};
