import rule from '../../rules/require-glossary-corroboration.js';
import { ruleTester } from '../rule-tester.js';

ruleTester.run('require-glossary-corroboration', rule, {
  valid: [
    {
      name: 'closed table with two distinct sources',
      code: `export const UNITS = { enumPolicy: 'closed', corroboratedBy: ['spec appendix', 'endpoint docs'], values: ['g', 'lb'] };`,
    },
    {
      name: 'closed table built with defineTable and three sources',
      code: `
        export const UNITS = defineTable({
          enumPolicy: 'closed',
          corroboratedBy: ['API appendix B', 'endpoint field description', 'production values'],
          values: [{ code: 'g' }, { code: 'lb' }],
        });
      `,
    },
    {
      name: 'sources from a constant and a spread are counted when statically known',
      code: `
        const SHARED = ['ISO 4217'] as const;
        export const CURRENCIES = { enumPolicy: 'closed', corroboratedBy: [...SHARED, 'ECB reference rates'], values: ['EUR'] };
      `,
    },
    {
      name: 'sources brought in by a spread are counted',
      code: `const BASE = { corroboratedBy: ['spec', 'docs'] };\nexport const UNITS = { ...BASE, enumPolicy: 'closed', values: ['g'] };`,
    },
    {
      name: 'a spread that cannot be known may hold the sources: not reported',
      code: `export const UNITS = { ...loadEvidence(), enumPolicy: 'closed', values: ['g'] };`,
    },
    {
      name: 'described tables need no sources',
      code: `export const MARKETPLACES = { enumPolicy: 'described', values: ['US', 'UK'] };`,
    },
    {
      name: 'an object without the policy key is not a table',
      code: `const config = { closed: true, corroboratedBy: [] };`,
    },
    {
      name: 'a policy written with a non-literal value is not read as closed',
      code: `const table = { enumPolicy: policyFor('x'), values: [] };`,
    },
    {
      name: 'JSDoc-marked closed table with two @corroboratedBy tags',
      code: `
        /**
         * Days of the week.
         * @enumPolicy closed
         * @corroboratedBy ISO 8601
         * @corroboratedBy RFC 3339
         */
        export const WEEKDAYS = ['mon', 'tue'] as const;
      `,
    },
    {
      name: 'JSDoc-marked described table',
      code: `
        /** @enumPolicy described */
        const CURRENCIES = ['USD', 'EUR'];
      `,
    },
    {
      name: 'a line comment mentioning the tag is not JSDoc',
      code: `
        // @enumPolicy closed
        const LIST = ['a'];
      `,
    },
    {
      name: 'minimumSources: 1 accepts a single source',
      code: `const UNITS = { enumPolicy: 'closed', corroboratedBy: ['SI brochure'], values: ['m'] };`,
      options: [{ minimumSources: 1 }],
    },
    {
      name: 'with a custom policy key, enumPolicy is an ordinary property',
      code: `const UNITS = { enumPolicy: 'closed', values: ['m'] };`,
      settings: { 'schema-contract': { glossary: { policyKey: 'exhaustive' } } },
    },
    {
      name: 'a custom key',
      code: `const UNITS = { enumPolicy: 'closed', evidence: ['SI brochure', 'NIST SP 330'], values: ['m'] };`,
      options: [{ key: 'evidence' }],
    },
    {
      name: 'a custom policy key and closed value from settings',
      code: `const UNITS = { exhaustive: 'yes', corroboratedBy: ['SI brochure', 'NIST SP 330'], values: ['m'] };`,
      settings: { 'schema-contract': { glossary: { policyKey: 'exhaustive', closedValue: 'yes' } } },
    },
    {
      name: 'JavaScript file',
      filename: 'tables.js',
      code: `export const UNITS = { enumPolicy: 'closed', corroboratedBy: ['a', 'b'], values: ['g'] };`,
    },
  ],
  invalid: [
    {
      name: 'closed table without sources',
      code: `export const MARKETPLACES = {\n  enumPolicy: 'closed',\n  values: ['US', 'UK'],\n};`,
      errors: [
        {
          messageId: 'missingSources',
          data: { table: 'MARKETPLACES', where: "'corroboratedBy'", minimum: '2', count: '0' },
          line: 2,
          column: 3,
          endLine: 2,
          endColumn: 23,
        },
      ],
    },
    {
      name: 'the policy key spelled with an escape still marks the table',
      code: `export const UNITS = { 'enum\\x50olicy': 'closed', values: ['g'] };`,
      errors: [{ messageId: 'missingSources', data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '0' }, line: 1, column: 24 }],
    },
    {
      name: 'a known spread without sources',
      code: `const BASE = { values: ['g'] };\nexport const UNITS = { ...BASE, enumPolicy: 'closed' };`,
      errors: [{ messageId: 'missingSources', data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '0' }, line: 2, column: 33 }],
    },
    {
      name: 'one source is not corroboration',
      code: `export const UNITS = defineTable({ enumPolicy: 'closed', corroboratedBy: ['API appendix B'], values: ['g'] });`,
      errors: [
        {
          messageId: 'tooFewSources',
          data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '1' },
          line: 1,
          column: 36,
        },
      ],
    },
    {
      name: 'empty strings and whitespace do not count',
      code: `const UNITS = { enumPolicy: 'closed', corroboratedBy: ['spec', '', '   '] };`,
      errors: [{ messageId: 'tooFewSources', data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '1' } }],
    },
    {
      name: 'an empty list',
      code: `const UNITS = { enumPolicy: 'closed', corroboratedBy: [] };`,
      errors: [{ messageId: 'tooFewSources', data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '0' } }],
    },
    {
      name: 'a single string instead of a list counts as one source',
      code: `const UNITS = { enumPolicy: 'closed', corroboratedBy: 'spec and docs' };`,
      errors: [{ messageId: 'tooFewSources', data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '1' } }],
    },
    {
      name: 'sources that are not statically known do not count',
      code: `const UNITS = { enumPolicy: 'closed', corroboratedBy: [loadSource(), 'spec'] };`,
      errors: [{ messageId: 'tooFewSources', data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '1' } }],
    },
    {
      name: 'the same source twice',
      code: `const LENGTHS = { enumPolicy: 'closed', corroboratedBy: ['API appendix B', 'API appendix B'] };`,
      errors: [
        {
          messageId: 'duplicateSources',
          data: { table: 'LENGTHS', source: 'API appendix B', where: "'corroboratedBy'", minimum: '2', count: '1' },
        },
      ],
    },
    {
      name: 'duplicates are reported even when enough distinct sources remain; case and spacing do not make a new source',
      code: `const LENGTHS = { enumPolicy: 'closed', corroboratedBy: ['Spec', 'docs', ' spec '] };`,
      errors: [
        {
          messageId: 'duplicateSources',
          data: { table: 'LENGTHS', source: 'Spec', where: "'corroboratedBy'", minimum: '2', count: '2' },
        },
      ],
    },
    {
      name: 'nested table named by its property',
      code: `const TABLES = { weight: { enumPolicy: 'closed', values: ['g'] } };`,
      errors: [{ messageId: 'missingSources', data: { table: 'weight', where: "'corroboratedBy'", minimum: '2', count: '0' } }],
    },
    {
      name: 'minimumSources: 3',
      code: `const UNITS = { enumPolicy: 'closed', corroboratedBy: ['a', 'b'] };`,
      options: [{ minimumSources: 3 }],
      errors: [{ messageId: 'tooFewSources', data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '3', count: '2' } }],
    },
    {
      name: 'custom key: the default key no longer counts',
      code: `const UNITS = { enumPolicy: 'closed', corroboratedBy: ['a', 'b'] };`,
      options: [{ key: 'evidence' }],
      errors: [{ messageId: 'missingSources', data: { table: 'UNITS', where: "'evidence'", minimum: '2', count: '0' } }],
    },
    {
      name: 'custom policy key and closed value from settings',
      code: `const UNITS = { exhaustive: 'yes', values: ['m'] };`,
      settings: { 'schema-contract': { glossary: { policyKey: 'exhaustive', closedValue: 'yes' } } },
      errors: [{ messageId: 'missingSources', column: 17, data: { table: 'UNITS', where: "'corroboratedBy'", minimum: '2', count: '0' } }],
    },
    {
      name: 'JSDoc-marked closed table without tags: reported on the @enumPolicy tag',
      code: `/**\n * Days.\n * @enumPolicy closed\n */\nexport const WEEKDAYS = ['mon'] as const;`,
      errors: [
        {
          messageId: 'missingSources',
          data: { table: 'WEEKDAYS', where: '@corroboratedBy tags', minimum: '2', count: '0' },
          line: 3,
          column: 4,
          endLine: 3,
          endColumn: 22,
        },
      ],
    },
    {
      name: 'JSDoc-marked closed table with one tag',
      code: `/** @enumPolicy closed\n * @corroboratedBy ISO 8601 */\nconst WEEKDAYS = ['mon'];`,
      errors: [
        {
          messageId: 'tooFewSources',
          data: { table: 'WEEKDAYS', where: '@corroboratedBy tags', minimum: '2', count: '1' },
          line: 1,
          column: 5,
          endColumn: 23,
        },
      ],
    },
    {
      name: 'JSDoc-marked closed table with a repeated tag',
      code: `/**\n * @enumPolicy closed\n * @corroboratedBy ISO 8601\n * @corroboratedBy ISO 8601\n */\nconst WEEKDAYS = ['mon'];`,
      errors: [
        {
          messageId: 'duplicateSources',
          data: { table: 'WEEKDAYS', source: 'ISO 8601', where: '@corroboratedBy tags', minimum: '2', count: '1' },
        },
      ],
    },
    {
      name: 'empty @corroboratedBy tags do not count',
      code: `/**\n * @enumPolicy closed\n * @corroboratedBy\n * @corroboratedBy ISO 8601\n */\nconst WEEKDAYS = ['mon'];`,
      errors: [{ messageId: 'tooFewSources', data: { table: 'WEEKDAYS', where: '@corroboratedBy tags', minimum: '2', count: '1' } }],
    },
    {
      name: 'JavaScript file',
      filename: 'tables.js',
      code: `export const UNITS = { enumPolicy: 'closed' };`,
      errors: [{ messageId: 'missingSources', line: 1, column: 24 }],
    },
  ],
});
