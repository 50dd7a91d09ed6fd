import rule from '../../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../../rule-tester.js';

// A bare specifier names a package whether or not it is installed where the lint runs (a CI job
// that lints before `npm ci`, a published build linted without its dependencies): a list built
// from it is that package's table, exactly as when node_modules holds it. Seen on
// @azure-devops/mcp, whose pull-request tools close azure-devops-node-api's TypeScript enums into
// zod enums.

const STRICT = [{ reportUnmarkedTables: true }] as const;

const FILTERED_VALUES = `import { GitPullRequestQueryType } from 'azure-devops-node-api/interfaces/GitInterfaces.js';
import { z } from 'zod';
export const ListArgs = z.object({
  queryType: z.enum(Object.values(GitPullRequestQueryType).filter((v) => typeof v === 'string')).optional(),
});`;

const COMPLETED = `import { PresetRegions } from '@cloud/preset-regions';
import { z } from 'zod';
const REGIONS = [...Object.keys(PresetRegions), 'custom'];
export const RegionArgs = z.object({ region: z.enum(REGIONS as [string, ...string[]]) });`;

ruleTester.run('no-open-glossary-enum: tables of packages that are not installed', rule, {
  valid: [
    { name: 'recommended leaves dependency tables to strict', code: FILTERED_VALUES },
    {
      name: 'a built-in module is not a package table',
      code: `import { constants } from 'node:os';\nimport { z } from 'zod';\nexport const SignalArgs = z.object({ signal: z.enum(Object.keys(constants.signals) as [string, ...string[]]) });`,
      options: STRICT,
    },
  ],
  invalid: [
    {
      name: "strict: an enum filtered from an uninstalled package's TypeScript enum names the package",
      code: FILTERED_VALUES,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: {
            table: 'GitPullRequestQueryType (package azure-devops-node-api)',
            location: 'file.ts:1',
            sink: 'exported as `ListArgs`',
          },
          line: 4,
          column: 21,
          suggestions: [],
        },
      ],
    },
    {
      name: 'strict: a scoped package that is not installed, completed with a value of the project',
      code: COMPLETED,
      options: STRICT,
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'PresetRegions (package @cloud/preset-regions)', location: 'file.ts:1', sink: 'exported as `RegionArgs`' },
          line: 4,
          column: 53,
          suggestions: [],
        },
      ],
    },
  ],
});
