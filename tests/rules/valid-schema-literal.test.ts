import rule from '../../rules/valid-schema-literal.js';
import { ruleTester } from '../rule-tester.js';

ruleTester.run('valid-schema-literal', rule, {
  valid: [],
  invalid: [],
});
