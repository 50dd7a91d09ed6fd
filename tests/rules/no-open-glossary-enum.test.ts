import rule from '../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../rule-tester.js';

ruleTester.run('no-open-glossary-enum', rule, {
  valid: [],
  invalid: [],
});
