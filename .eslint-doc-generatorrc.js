/** @type {import('eslint-doc-generator').GenerateOptions} */
export default {
  configEmoji: [
    ['recommended', '✅'],
    ['strict', '🔒'],
  ],
  ruleDocSectionInclude: ['Examples', 'Options', 'When not to use it'],
  ruleDocTitleFormat: 'desc-parens-name',
  pathRuleList: 'README.md',
  urlConfigs: 'https://github.com/schema-contract/eslint-plugin-schema-contract#configs',
};
