import { RuleTester } from '@typescript-eslint/rule-tester';

/** The parser every rule is tested with: TypeScript's, without type information, as users run it. */
export const ruleTester = new RuleTester({
  languageOptions: {
    parserOptions: { ecmaFeatures: { jsx: false } },
  },
});
