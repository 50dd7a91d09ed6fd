import rule from '../../rules/no-fail-open-validator.js';
import { ruleTester } from '../rule-tester.js';

ruleTester.run('no-fail-open-validator', rule, { valid: [], invalid: [] });
