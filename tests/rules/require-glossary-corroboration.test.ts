import rule from '../../rules/require-glossary-corroboration.js';
import { ruleTester } from '../rule-tester.js';

ruleTester.run('require-glossary-corroboration', rule, {
  valid: [],
  invalid: [],
});
