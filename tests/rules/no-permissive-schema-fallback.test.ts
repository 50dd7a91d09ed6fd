import rule from '../../rules/no-permissive-schema-fallback.js';
import { ruleTester } from '../rule-tester.js';

ruleTester.run('no-permissive-schema-fallback', rule, {
  valid: [],
  invalid: [],
});
