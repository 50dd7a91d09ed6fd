import rule from '../../rules/no-schema-helper-throw.js';
import { ruleTester } from '../rule-tester.js';

ruleTester.run('no-schema-helper-throw', rule, {
  valid: [],
  invalid: [],
});
