/** @type {import('eslint-doc-generator').GenerateOptions} */
export default {
  configEmoji: [
    ['recommended', '✅'],
    ['strict', '🔒'],
  ],
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
