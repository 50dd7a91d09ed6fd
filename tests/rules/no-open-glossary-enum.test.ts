import { join, relative } from 'node:path';
import rule from '../../rules/no-open-glossary-enum.js';
import { ruleTester } from '../rule-tester.js';

/**
 * Relative to the working directory: RuleTester lints an absolute filename with `/` as ESLint's
 * cwd, which would make every location in the messages (and the `glossary.modules` globs) absolute.
 */
const FIXTURES = relative(process.cwd(), join(import.meta.dirname, '..', 'fixtures', 'glossary')).split('\\').join('/');
const fixture = (path: string): string => `${FIXTURES}/${path}`;
/** RuleTester lints inline code as if it were this file, so relative imports reach the fixtures. */
const consumer = fixture('src/consumer.ts');
const consumerJs = fixture('src/consumer.js');
const TABLES = fixture('src/glossary/tables.ts');

/** A described table written in the linted file itself; declared on line 1. */
const MARKETPLACES = `const MARKETPLACES = {
  enumPolicy: 'described',
  values: [{ code: 'US' }, { code: 'UK' }, { code: 'DE' }],
};
`;
const CLOSED_UNITS = `const UNITS = {
  enumPolicy: 'closed',
  corroboratedBy: ['appendix', 'production'],
  values: ['g', 'lb'],
};
`;
const described = (table: string, location: string) => ({ table, policy: 'described', location });
const MARKETPLACES_HERE = described('MARKETPLACES', 'file.ts:1');
const MAP_CODES = 'MARKETPLACES.values.map((v) => v.code)';
/** The description the suggestion writes where the enum's list can be read again: code joining it, never a copy. */
const joinedFrom = (list: string): string => `\`One of: \${${list}.join(', ')}.\``;
const JOINED_CODES = joinedFrom(MAP_CODES);

/** The suggestion's expected output: the linted code with the enum replaced by its description. */
const describedAs = (code: string, search: string, replacement: string) => {
  if (!code.includes(search)) throw new Error(`test setup: ${search} not in the code`);
  return [{ messageId: 'describeValues' as const, output: code.replace(search, replacement) }];
};

const JSDOC_AND_SETTINGS = `/**\n * Seen so far.\n * @enumPolicy described\n */\nconst CURRENCIES = ['USD', 'EUR'] as const;\nconst LANGS = ['en', 'de'];\nconst a = { enum: CURRENCIES };\nconst b = { enum: LANGS };`;
const CUSTOM_POLICY = `const T = { exhaustive: 'no', values: ['a'] };\nconst U = { exhaustive: 'yes', corroboratedBy: ['a', 'b'], values: ['b'] };\nconst a = { enum: T.values };\nconst b = { enum: U.values };`;
const RENAMED_JS = `import { SORT_ORDERS as ORDERS } from './glossary/tables.js';\nconst keys = Object.keys(ORDERS.entries);\nexport const schema = { type: 'string', enum: keys };`;
const INDEX_TS = `import { REGIONS } from './glossary/regions';\nconst schema = { enum: REGIONS.values };`;
const REEXPORTS = `import { MARKETS, REGIONS } from './glossary/barrel.js';\nconst a = { enum: MARKETS.values.map((v) => v.code) };\nconst b = { enum: REGIONS.values };`;
const NAMESPACE = `import { z } from 'zod';\nimport * as glossary from './glossary/tables.js';\nconst a = z.enum(glossary.CURRENCIES);\nconst b = z.enum([...glossary.MARKETPLACES.values.map((v) => v.code)]);`;
const DERIVED = `import { z } from 'zod';\nimport { MARKETPLACE_CODES } from './glossary/derived';\nconst a = z.enum(MARKETPLACE_CODES);`;
const CYCLE = `import { A_VALUES } from './cycle-a.js';\nconst schema = { enum: A_VALUES };`;
const GLOSSARY_MODULE = `import { z } from 'zod';\nimport { AZURE_REGIONS, CONTINENTS } from '../glossary-modules/regions.js';\nconst a = z.enum(AZURE_REGIONS);\nconst b = z.enum(CONTINENTS);`;
/** A module of value lists that nothing marks: a glossary module by default when named like one. */
const GLOSSARY_FILE = `import { z } from 'zod';\nexport const MARKETS = ['US', 'UK'];\nexport const input = z.object({ market: z.enum(MARKETS) });`;
const BY_DEFAULT = 'by default, a module named glossary.* or in a glossary/ folder';
const JS_CONSUMER = `import { MARKETPLACES } from './glossary/tables.js';\nexport const schema = { type: 'string', enum: MARKETPLACES.values.map((v) => v.code) };`;
const STRICT_IMPORTED = `import { z } from 'zod';\nimport { AWS_REGIONS } from './aws';\nconst LEVELS = Object.freeze({ low: 'low', high: 'high' });\nenum Tier { Free = 'free', Pro = 'pro' }\nconst a = z.enum(AWS_REGIONS);\nconst b = { enum: Object.values(LEVELS) };\nconst c = z.nativeEnum(Tier);\nexport const zodTool = { name: 'zod', description: 'd', inputSchema: z.object({ a, c }) };\nexport const jsonTool = { name: 'json', description: 'd', inputSchema: { type: 'object', properties: { b } } };`;
/** A registration that puts the case's `region` in a tool's input, so strict looks at its enum. */
const TOOL_SUFFIX = "\nserver.registerTool('launch', { inputSchema: { region } }, launch);";
/** `zod` from a project module the analysis could not read: the name and the tool's `schema:` say it is zod. */
const UNFOLLOWED = `import { zod } from './third_party/broken-barrel.js';\nconst LEVELS = ['debug', 'info'];\nexport const log = defineTool({ name: 'log', schema: { level: zod.enum(LEVELS).optional() } });`;
const STRICT_DESCRIBED = `${MARKETPLACES}const schema = { enum: ${MAP_CODES} };`;
const JS_FILE = `${MARKETPLACES}export const schema = { type: 'string', enum: ${MAP_CODES} };`;

ruleTester.run('no-open-glossary-enum', rule, {
  valid: [
    { name: 'inline literal JSON Schema enum', code: `const schema = { type: 'string', enum: ['asc', 'desc'] };` },
    { name: 'inline literal zod enum', code: `import { z } from 'zod';\nconst order = z.enum(['asc', 'desc']);` },
    {
      name: 'a constant array that is not a glossary table (recommended)',
      code: `import { z } from 'zod';\nconst SORT_ORDERS = ['asc', 'desc'] as const;\nconst order = z.enum(SORT_ORDERS);\nconst schema = { enum: SORT_ORDERS };`,
    },
    { name: 'closed table, same file', code: `${CLOSED_UNITS}import { z } from 'zod';\nconst unit = z.enum(UNITS.values);\nconst schema = { type: 'string', enum: UNITS.values };` },
    {
      name: 'closed table via defineTable, imported (extensionless)',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { WEIGHT_UNITS } from './glossary/tables';\nconst unit = z.enum(WEIGHT_UNITS.values.map((value) => value.code));`,
    },
    {
      name: 'closed JSDoc-marked table, imported',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { WEEKDAYS } from './glossary/tables.js';\nconst day = z.enum(WEEKDAYS);`,
    },
    {
      name: 'derived export of a closed table keeps its policy',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { WEIGHT_UNIT_CODES } from './glossary/derived.js';\nconst unit = z.enum(WEIGHT_UNIT_CODES);`,
    },
    {
      name: 'an ordinary imported constant is not a table (recommended)',
      filename: consumer,
      code: `import { AWS_REGIONS } from './aws';\nconst schema = { type: 'string', enum: AWS_REGIONS };`,
    },
    {
      name: 'default glossary modules: a module elsewhere is not one',
      filename: 'src/tables.ts',
      code: GLOSSARY_FILE,
    },
    {
      name: 'default glossary modules: a module deeper than directly in a glossary/ folder is not one',
      filename: 'src/glossary/markets/index.ts',
      code: GLOSSARY_FILE,
    },
    {
      name: 'default glossary modules: `glossary.modules: []` turns them off',
      filename: 'src/glossary.ts',
      code: GLOSSARY_FILE,
      settings: { 'schema-contract': { glossary: { modules: [] } } },
    },
    {
      name: 'default glossary modules: a table marked closed in one is closed',
      filename: 'src/glossary.ts',
      code: `import { z } from 'zod';\n/**\n * @enumPolicy closed\n * @corroboratedBy ISO 4217\n * @corroboratedBy production values\n */\nexport const MARKETS = ['US', 'UK'];\nexport const input = z.object({ market: z.enum(MARKETS) });`,
    },
    {
      name: 'guard: if the table is closed, return the enum',
      code: `${MARKETPLACES}function field() {\n  const codes = MARKETPLACES.values.map((v) => v.code);\n  if (MARKETPLACES.enumPolicy === 'closed') return { type: 'string', enum: codes };\n  return { type: 'string', description: codes.join(', ') };\n}`,
    },
    {
      name: 'guard: ternary, literal on the left, through &&',
      code: `${MARKETPLACES}const codes = MARKETPLACES.values.map((v) => v.code);\nconst field = ready && 'closed' === MARKETPLACES.enumPolicy ? { enum: codes } : { description: 'x' };`,
    },
    {
      name: 'guard: early return when the table is not closed',
      code: `${MARKETPLACES}function field() {\n  if (MARKETPLACES.enumPolicy !== 'closed') {\n    return { type: 'string' };\n  }\n  return { type: 'string', enum: MARKETPLACES.values.map((v) => v.code) };\n}`,
    },
    {
      name: 'guard: else branch of a negated check, and && short-circuit',
      code: `${MARKETPLACES}const codes = MARKETPLACES.values.map((v) => v.code);\nconst a = !(MARKETPLACES.enumPolicy === 'closed') ? {} : { enum: codes };\nconst b = MARKETPLACES.enumPolicy === 'closed' && { enum: codes };`,
    },
    {
      name: 'guard: switch on the policy, case closed',
      code: `${MARKETPLACES}function field() {\n  const codes = MARKETPLACES.values.map((v) => v.code);\n  switch (MARKETPLACES.enumPolicy) {\n    case 'described':\n      return { description: codes.join(', ') };\n    case 'closed':\n      return { enum: codes };\n  }\n}`,
    },
    {
      name: 'guard on a table passed as a parameter (values unknown, nothing to report)',
      code: `function field(table) {\n  const codes = table.values.map((v) => v.code);\n  if (table.enumPolicy === 'closed') return { enum: codes };\n  return { description: codes.join(', ') };\n}`,
    },
    {
      name: 'open union: zod union with z.string()',
      code: `${MARKETPLACES}import { z } from 'zod';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst field = z.union([z.enum(codes), z.string()]);\nconst other = z.union([z.string().min(1), z.enum(codes).optional()]);`,
    },
    {
      name: 'open union: .or(z.string())',
      code: `${MARKETPLACES}import { z } from 'zod';\nconst field = z.enum(MARKETPLACES.values.map((v) => v.code)).describe('Market').or(z.string());`,
    },
    {
      name: 'open union: JSON Schema anyOf with a plain string',
      code: `${MARKETPLACES}const schema = { anyOf: [{ enum: MARKETPLACES.values.map((v) => v.code) }, { type: 'string' }] };`,
    },
    {
      name: 'open union: TypeBox and valibot',
      code: `${MARKETPLACES}import { Type } from '@sinclair/typebox';\nimport * as v from 'valibot';\nconst codes = MARKETPLACES.values.map((x) => x.code);\nconst a = Type.Union([Type.Union(codes.map(Type.Literal)), Type.String()]);\nconst b = v.union([v.picklist(codes), v.string()]);`,
    },
    {
      name: 'a meta-schema describing enum (not a list)',
      code: `import { z } from 'zod';\nconst keyword = z.object({ enum: z.array(z.string()) });`,
    },
    {
      name: 'a mongoose-style schema (type is a constructor, not JSON Schema)',
      code: `${MARKETPLACES}const field = { type: String, enum: MARKETPLACES.values.map((v) => v.code) };`,
    },
    {
      name: 'z.literal with a single value from a table is a constant, not an enum',
      code: `${MARKETPLACES}import { z } from 'zod';\nconst us = z.literal(MARKETPLACES.values[0].code);`,
    },
    { name: 'values that cannot be known', code: `import { z } from 'zod';\nconst market = z.enum(loadCodes());` },
    {
      name: 'a table-shaped object in a non-schema call is not an enum position',
      code: `${MARKETPLACES}console.log(MARKETPLACES.values);\nconst x = { list: MARKETPLACES.values };`,
    },
    {
      name: 'missing module: unknown, never a crash',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { MISSING } from './glossary/does-not-exist.js';\nconst a = z.enum(MISSING.values);`,
    },
    {
      name: 'unparsable module: unknown, never a crash',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { BROKEN } from './broken.js';\nconst a = z.enum(BROKEN.values);`,
    },
    {
      name: 'import cycle: names that only lead round the cycle are unknown',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { A_CODES } from './cycle-a.js';\nconst a = z.enum(A_CODES);`,
    },
    {
      name: 'a package import is not followed',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { REGIONS } from '@acme/glossary';\nconst a = z.enum(REGIONS);`,
    },
    {
      name: 'a list imported from a JSON module is not a glossary table in recommended',
      filename: consumer,
      code: "import { z } from 'zod';\nimport regions from './regions.json';\nconst region = z.enum(regions as [string, ...string[]]);",
    },
    {
      name: 'glossary.closed setting closes an unannotated table',
      code: `import { z } from 'zod';\nconst AWS_REGIONS = ['us-east-1', 'eu-west-1'] as const;\nconst region = z.enum(AWS_REGIONS);${TOOL_SUFFIX}`,
      settings: { 'schema-contract': { glossary: { closed: ['AWS_REGIONS'] } } },
      options: [{ reportUnmarkedTables: true }],
    },
    {
      name: 'strict: inline lists and function-local lists are the author’s own',
      code: `import { z } from 'zod';\nconst a = z.enum(['asc', 'desc']);\nfunction f() {\n  const local = ['a', 'b'];\n  return { enum: local };\n}\nexport const sort = { name: 'sort', description: 'd', inputSchema: z.object({ a }), outputSchema: f() };`,
      options: [{ reportUnmarkedTables: true }],
    },
    {
      // Reduced from supabase-mcp-server: the enabled feature groups, filtered at run time.
      name: 'strict: a list completed at run time is closed by construction, not a copied table',
      code: `import { z } from 'zod';\nconst ALWAYS = ['docs'];\nconst GROUPS = z.enum(['docs', 'account']);\nexport function parse(enabled: object, input: unknown) {\n  const groups = [...ALWAYS, ...GROUPS.options.filter((group) => Object.keys(enabled).includes(group))];\n  return z.enum(groups as [string, ...string[]]).array().parse(input);\n}`,
      options: [{ reportUnmarkedTables: true }],
    },
    {
      name: 'strict: a closed table is still fine',
      code: `${CLOSED_UNITS}import { z } from 'zod';\nconst unit = z.enum(UNITS.values);\nserver.registerTool('weigh', { inputSchema: { unit } }, weigh);`,
      options: [{ reportUnmarkedTables: true }],
    },
    {
      name: 'kill switch: closed enum under the flag',
      code: `${CLOSED_UNITS}import { z } from 'zod';\nconst a = EMIT_GLOSSARY_ENUMS ? z.enum(UNITS.values) : z.string();\nconst b = flags.EMIT_GLOSSARY_ENUMS && { enum: UNITS.values };\nfunction c() {\n  if (!process.env.EMIT_GLOSSARY_ENUMS) return { type: 'string' };\n  return { type: 'string', enum: UNITS.values };\n}`,
      options: [{ killSwitch: 'EMIT_GLOSSARY_ENUMS' }],
    },
    {
      name: 'kill switch does not concern lists that are not glossary tables',
      code: `import { z } from 'zod';\nconst a = z.enum(['asc', 'desc']);\nconst ORDERS = ['asc', 'desc'];\nconst b = z.enum(ORDERS);`,
      options: [{ killSwitch: 'EMIT_GLOSSARY_ENUMS' }],
    },
    {
      name: 'a closed table nested in a described one keeps its own policy',
      code: `const GLOSSARY = {\n  enumPolicy: 'described',\n  units: { enumPolicy: 'closed', corroboratedBy: ['a', 'b'], values: ['g', 'lb'] },\n};\nconst schema = { enum: GLOSSARY.units.values };`,
    },
    {
      name: 'JavaScript file with a closed table',
      filename: 'tables.js',
      code: `${CLOSED_UNITS}const schema = { type: 'string', enum: UNITS.values };`,
    },
  ],
  invalid: [
    {
      // More cases (a bundle past the read limit, TypeBox, the guards) in no-open-glossary-enum/unfollowed-library.test.ts.
      name: 'strict: zod from a barrel that does not parse, in a tool definer\'s schema',
      filename: consumer,
      code: UNFOLLOWED,
      options: [{ reportUnmarkedTables: true }],
      errors: [
        {
          messageId: 'unfollowedLibraryEnum',
          data: {
            table: 'LEVELS',
            location: `${consumer}:2`,
            sink: "advertised as `log`'s schema",
            binding: 'zod',
            library: 'zod',
            module: './third_party/broken-barrel.js',
            reason: 'it does not parse',
          },
          line: 3,
          column: 72,
          suggestions: describedAs(UNFOLLOWED, 'zod.enum(LEVELS)', "zod.string().describe(`One of: ${LEVELS.join(', ')}.`)"),
        },
      ],
    },
    // --- enum positions -------------------------------------------------------------------------
    {
      name: 'JSON Schema enum property',
      code: `${MARKETPLACES}const schema = { type: 'string', enum: MARKETPLACES.values.map((v) => v.code) };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: MARKETPLACES_HERE,
          line: 5,
          column: 40,
          endLine: 5,
          endColumn: 78,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '3' },
              output: `${MARKETPLACES}const schema = { type: 'string', description: ${JOINED_CODES} };`,
            },
          ],
        },
      ],
    },
    {
      name: 'enum inside items, anyOf and nested properties',
      code: `${MARKETPLACES}const codes = MARKETPLACES.values.map((v) => v.code);
const schema = {
  type: 'object',
  properties: {
    markets: { type: 'array', items: { type: 'string', enum: codes } },
    home: { anyOf: [{ type: 'string', enum: codes }, { type: 'null' }] },
    nested: { type: 'object', properties: { market: { enum: codes } } },
  },
};`,
      errors: [
        { messageId: 'openGlossaryEnum' as const, data: MARKETPLACES_HERE, line: 9, column: 62 },
        { messageId: 'openGlossaryEnum' as const, data: MARKETPLACES_HERE, line: 10, column: 45 },
        { messageId: 'openGlossaryEnum' as const, data: MARKETPLACES_HERE, line: 11, column: 61 },
      ].map(
        (error, index) => ({
          ...error,
          suggestions: [
            {
              messageId: 'describeValues' as const,
              output: `${MARKETPLACES}const codes = MARKETPLACES.values.map((v) => v.code);
const schema = {
  type: 'object',
  properties: {
    markets: { type: 'array', items: { type: 'string', ${index === 0 ? `description: ${joinedFrom('codes')}` : 'enum: codes'} } },
    home: { anyOf: [{ type: 'string', ${index === 1 ? `description: ${joinedFrom('codes')}` : 'enum: codes'} }, { type: 'null' }] },
    nested: { type: 'object', properties: { market: { ${index === 2 ? `type: 'string', description: ${joinedFrom('codes')}` : 'enum: codes'} } } },
  },
};`,
            },
          ],
        }),
      ),
    },
    {
      name: 'an existing literal description is merged and the enum removed',
      code: `${MARKETPLACES}const schema = {\n  type: 'string',\n  enum: MARKETPLACES.values.map((v) => v.code),\n  description: 'Marketplace',\n};`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          line: 7,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `${MARKETPLACES}const schema = {\n  type: 'string',\n  description: \`Marketplace. One of: \${${MAP_CODES}.join(', ')}.\`,\n};`,
            },
          ],
        },
      ],
    },
    {
      name: 'a description before the enum (enum last, no trailing comma)',
      code: `${MARKETPLACES}const schema = { description: 'Where to search.', enum: MARKETPLACES.values.map((v) => v.code) };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          suggestions: [
            { messageId: 'describeValues', output: `${MARKETPLACES}const schema = { description: \`Where to search. One of: \${${MAP_CODES}.join(', ')}.\` };` },
          ],
        },
      ],
    },
    {
      name: 'an existing description with template syntax in it is escaped in the joined description',
      code: `${MARKETPLACES}const schema = { type: 'string', description: 'Use \`market\` (\${region} aside)', enum: ${MAP_CODES} };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          suggestions: [
            {
              messageId: 'describeValues',
              output: `${MARKETPLACES}const schema = { type: 'string', description: \`Use \\\`market\\\` (\\\${region} aside). One of: \${${MAP_CODES}.join(', ')}.\` };`,
            },
          ],
        },
      ],
    },
    {
      name: 'a table spread twice: the joined description lists each value once, as the text one does',
      code: `${MARKETPLACES}import { z } from 'zod';\nconst field = z.enum([...${MAP_CODES}, ...${MAP_CODES}]);`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '3' },
              output: `${MARKETPLACES}import { z } from 'zod';\nconst field = z.string().describe(\`One of: \${[...new Set([...${MAP_CODES}, ...${MAP_CODES}])].join(', ')}.\`);`,
            },
          ],
        },
      ],
    },
    {
      name: 'values read through require() inline: a second call is not written, the values are copied as text',
      filename: consumer,
      code: "import { z } from 'zod';\nconst currency = z.enum(require('./glossary/tables.js').CURRENCIES);\nconst schema = { type: 'string', enum: require('./glossary/tables').CURRENCIES, description: 'Currency' };",
      errors: [
        {
          messageId: 'openGlossaryEnum',
          line: 2,
          suggestions: [
            {
              messageId: 'describeValues',
              output: "import { z } from 'zod';\nconst currency = z.string().describe('One of: USD, EUR, GBP.');\nconst schema = { type: 'string', enum: require('./glossary/tables').CURRENCIES, description: 'Currency' };",
            },
          ],
        },
        {
          messageId: 'openGlossaryEnum',
          line: 3,
          suggestions: [
            {
              messageId: 'describeValues',
              output: "import { z } from 'zod';\nconst currency = z.enum(require('./glossary/tables.js').CURRENCIES);\nconst schema = { type: 'string', description: 'Currency. One of: USD, EUR, GBP.' };",
            },
          ],
        },
      ],
    },
    {
      name: 'a callback with a block body and string methods is read again',
      code: `${MARKETPLACES}import * as v from 'valibot';\nconst a = v.picklist(MARKETPLACES.values.map(function (m) { return m.code.toLowerCase(); }));`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          line: 6,
          suggestions: describedAs(
            `${MARKETPLACES}import * as v from 'valibot';\nconst a = v.picklist(MARKETPLACES.values.map(function (m) { return m.code.toLowerCase(); }));`,
            'v.picklist(MARKETPLACES.values.map(function (m) { return m.code.toLowerCase(); }))',
            `v.pipe(v.string(), v.description(${joinedFrom('MARKETPLACES.values.map(function (m) { return m.code.toLowerCase(); })')}))`,
          ),
        },
      ],
    },
    {
      name: 'a computed description cannot be merged: no suggestion',
      code: `${MARKETPLACES}const schema = { type: 'string', description: describe('market'), enum: MARKETPLACES.values.map((v) => v.code) };`,
      errors: [{ messageId: 'openGlossaryEnum', suggestions: [] }],
    },
    {
      name: 'z.enum with a cast, chain split over lines, .describe merged',
      code: `${MARKETPLACES}import { z as zod } from 'zod';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst field = zod\n  .enum(codes as [string, ...string[]])\n  .describe('Marketplace')\n  .optional();`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: MARKETPLACES_HERE,
          line: 8,
          column: 9,
          endColumn: 39,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `${MARKETPLACES}import { z as zod } from 'zod';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst field = zod\n  .string().describe(\`Marketplace. One of: \${codes.join(', ')}.\`)\n  .optional();`,
            },
          ],
        },
      ],
    },
    {
      name: 'a computed .describe() right after the enum: no suggestion (it would hide the values)',
      code: `${MARKETPLACES}import { z } from 'zod';\nconst field = z.enum(${MAP_CODES}).describe(\`Market \${hint}\`);`,
      errors: [{ messageId: 'openGlossaryEnum', data: MARKETPLACES_HERE, suggestions: [] }],
    },
    {
      name: 'more values than a description can carry: reported without a suggestion',
      code: `const CODES = { enumPolicy: 'described', values: [${Array.from({ length: 201 }, (_, index) => `'c${index}'`).join(', ')}] };\nconst schema = { enum: CODES.values };`,
      errors: [{ messageId: 'openGlossaryEnum', line: 2, suggestions: [] }],
    },
    {
      name: 'values longer than a description can carry: reported without a suggestion',
      code: `const CODES = { enumPolicy: 'described', values: ['${'a'.repeat(6000)}', '${'b'.repeat(6000)}'] };\nconst schema = { enum: CODES.values };`,
      errors: [{ messageId: 'openGlossaryEnum', line: 2, suggestions: [] }],
    },
    {
      name: 'z.enum from zod/v4 with a namespace import',
      code: `${MARKETPLACES}import * as z from 'zod/v4';\nconst field = z.enum(MARKETPLACES.values.map((v) => v.code));`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          suggestions: [{ messageId: 'describeValues', output: `${MARKETPLACES}import * as z from 'zod/v4';\nconst field = z.string().describe(${JOINED_CODES});` }],
        },
      ],
    },
    {
      name: 'z.nativeEnum of a JSDoc-marked TS enum',
      code: `import { z } from 'zod';\n/** @enumPolicy described */\nenum Currency {\n  USD = 'USD',\n  EUR = 'EUR',\n}\nconst currency = z.nativeEnum(Currency);`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('Currency', 'file.ts:3'),
          line: 7,
          column: 31,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: `import { z } from 'zod';\n/** @enumPolicy described */\nenum Currency {\n  USD = 'USD',\n  EUR = 'EUR',\n}\nconst currency = z.string().describe(${joinedFrom('Object.values(Currency)')});`,
            },
          ],
        },
      ],
    },
    {
      name: 'z.literal with a list',
      code: `${MARKETPLACES}import { z } from 'zod';\nconst field = z.literal(${MAP_CODES});`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: MARKETPLACES_HERE,
          line: 6,
          column: 25,
          suggestions: describedAs(
            `${MARKETPLACES}import { z } from 'zod';\nconst field = z.literal(${MAP_CODES});`,
            `literal(${MAP_CODES})`,
            `string().describe(${JOINED_CODES})`,
          ),
        },
      ],
    },
    {
      name: 'z.union(X.map(z.literal)) and with an arrow',
      code: `${MARKETPLACES}import { z } from 'zod';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst a = z.union(codes.map(z.literal));\nconst b = z.union(codes.map((code) => z.literal(code)));`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          line: 7,
          column: 19,
          endColumn: 39,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `${MARKETPLACES}import { z } from 'zod';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst a = z.string().describe(${joinedFrom('codes')});\nconst b = z.union(codes.map((code) => z.literal(code)));`,
            },
          ],
        },
        {
          messageId: 'openGlossaryEnum',
          line: 8,
          column: 19,
          suggestions: describedAs(
            `${MARKETPLACES}import { z } from 'zod';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst a = z.union(codes.map(z.literal));\nconst b = z.union(codes.map((code) => z.literal(code)));`,
            'union(codes.map((code) => z.literal(code)))',
            `string().describe(${joinedFrom('codes')})`,
          ),
        },
      ],
    },
    {
      name: 'TypeBox Type.Union(X.map(Type.Literal)) and Type.Enum(X)',
      code: `${MARKETPLACES}import { Type } from '@sinclair/typebox';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst a = Type.Union(codes.map(Type.Literal));\n/** @enumPolicy described */\nconst Region = { EU: 'eu', US: 'us' };\nconst b = Type.Enum(Region);`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: MARKETPLACES_HERE,
          line: 7,
          column: 22,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `${MARKETPLACES}import { Type } from '@sinclair/typebox';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst a = Type.String({ description: ${joinedFrom('codes')} });\n/** @enumPolicy described */\nconst Region = { EU: 'eu', US: 'us' };\nconst b = Type.Enum(Region);`,
            },
          ],
        },
        {
          messageId: 'openGlossaryEnum',
          data: described('Region', 'file.ts:9'),
          line: 10,
          column: 21,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `${MARKETPLACES}import { Type } from '@sinclair/typebox';\nconst codes = MARKETPLACES.values.map((v) => v.code);\nconst a = Type.Union(codes.map(Type.Literal));\n/** @enumPolicy described */\nconst Region = { EU: 'eu', US: 'us' };\nconst b = Type.String({ description: ${joinedFrom('Object.values(Region)')} });`,
            },
          ],
        },
      ],
    },
    {
      name: 'valibot v.picklist(X)',
      code: `${MARKETPLACES}import * as v from 'valibot';\nconst field = v.picklist(MARKETPLACES.values.map((x) => x.code));`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          line: 6,
          column: 26,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `${MARKETPLACES}import * as v from 'valibot';\nconst field = v.pipe(v.string(), v.description(${joinedFrom('MARKETPLACES.values.map((x) => x.code)')}));`,
            },
          ],
        },
      ],
    },
    // --- derivations ----------------------------------------------------------------------------
    {
      name: 'Object.keys of the table entries',
      code: `const SORTS = { enumPolicy: 'described', entries: { asc: 'Ascending', desc: 'Descending' } };\nconst schema = { type: 'string', enum: Object.keys(SORTS.entries) };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('SORTS', 'file.ts:1'),
          line: 2,
          column: 40,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `const SORTS = { enumPolicy: 'described', entries: { asc: 'Ascending', desc: 'Descending' } };\nconst schema = { type: 'string', description: ${joinedFrom('Object.keys(SORTS.entries)')} };`,
            },
          ],
        },
      ],
    },
    {
      name: 'spread of the values, inline',
      code: `const REGIONS = { enumPolicy: 'described', values: ['eu', 'us'] };\nconst schema = { type: 'string', enum: [...REGIONS.values, 'ap'] };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('REGIONS', 'file.ts:1'),
          suggestions: [
            {
              messageId: 'describeValues',
              output: `const REGIONS = { enumPolicy: 'described', values: ['eu', 'us'] };\nconst schema = { type: 'string', description: ${joinedFrom("[...REGIONS.values, 'ap']")} };`,
            },
          ],
        },
      ],
    },
    {
      name: 'a nested table inside a module of tables (no binding of its own)',
      code: `const TABLES = {\n  market: { enumPolicy: 'described', values: ['US', 'UK'] },\n};\nconst schema = { enum: TABLES.market.values };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('market', 'file.ts:2'),
          line: 4,
          column: 24,
          suggestions: describedAs(
            `const TABLES = {\n  market: { enumPolicy: 'described', values: ['US', 'UK'] },\n};\nconst schema = { enum: TABLES.market.values };`,
            'enum: TABLES.market.values',
            `type: 'string', description: ${joinedFrom('TABLES.market.values')}`,
          ),
        },
      ],
    },
    {
      name: 'any non-closed policy value is open',
      code: `const T = { enumPolicy: 'draft', values: ['a', 'b'] };\nconst schema = { enum: T.values };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: { table: 'T', policy: 'draft', location: 'file.ts:1' },
          suggestions: describedAs(
            `const T = { enumPolicy: 'draft', values: ['a', 'b'] };\nconst schema = { enum: T.values };`,
            'enum: T.values',
            `type: 'string', description: ${joinedFrom('T.values')}`,
          ),
        },
      ],
    },
    {
      name: 'a closed table mixed with a described one is open',
      code: `${CLOSED_UNITS}${MARKETPLACES}const schema = { enum: [...UNITS.values, ...${MAP_CODES}] };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', 'file.ts:6'),
          suggestions: describedAs(
            `${CLOSED_UNITS}${MARKETPLACES}const schema = { enum: [...UNITS.values, ...${MAP_CODES}] };`,
            `enum: [...UNITS.values, ...${MAP_CODES}]`,
            `type: 'string', description: ${joinedFrom(`[...UNITS.values, ...${MAP_CODES}]`)}`,
          ),
        },
      ],
    },
    {
      name: 'a guard on a different table does not count',
      code: `${CLOSED_UNITS}${MARKETPLACES}const schema = UNITS.enumPolicy === 'closed' ? { enum: ${MAP_CODES} } : {};`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', 'file.ts:6'),
          suggestions: describedAs(
            `${CLOSED_UNITS}${MARKETPLACES}const schema = UNITS.enumPolicy === 'closed' ? { enum: ${MAP_CODES} } : {};`,
            `enum: ${MAP_CODES}`,
            `type: 'string', description: ${JOINED_CODES}`,
          ),
        },
      ],
    },
    {
      name: 'a switch case reached by fall-through from another policy does not count',
      code: `${MARKETPLACES}function field(codes) {\n  switch (MARKETPLACES.enumPolicy) {\n    case 'described':\n    case 'closed':\n      return { enum: MARKETPLACES.values.map((v) => v.code) };\n  }\n}`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: MARKETPLACES_HERE,
          line: 9,
          suggestions: describedAs(
            `${MARKETPLACES}function field(codes) {\n  switch (MARKETPLACES.enumPolicy) {\n    case 'described':\n    case 'closed':\n      return { enum: MARKETPLACES.values.map((v) => v.code) };\n  }\n}`,
            `enum: ${MAP_CODES}`,
            `type: 'string', description: ${JOINED_CODES}`,
          ),
        },
      ],
    },
    {
      name: 'a guard in the wrong branch does not count',
      code: `${MARKETPLACES}const codes = MARKETPLACES.values.map((v) => v.code);\nconst schema = MARKETPLACES.enumPolicy === 'closed' ? { description: 'x' } : { enum: codes };`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: MARKETPLACES_HERE,
          line: 6,
          suggestions: describedAs(
            `${MARKETPLACES}const codes = MARKETPLACES.values.map((v) => v.code);\nconst schema = MARKETPLACES.enumPolicy === 'closed' ? { description: 'x' } : { enum: codes };`,
            '{ enum: codes }',
            `{ type: 'string', description: ${joinedFrom('codes')} }`,
          ),
        },
      ],
    },
    {
      name: 'JSDoc-marked described table; settings name a described table',
      code: JSDOC_AND_SETTINGS,
      settings: { 'schema-contract': { glossary: { described: ['LANGS'] } } },
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('CURRENCIES', 'file.ts:5'),
          line: 7,
          suggestions: describedAs(JSDOC_AND_SETTINGS, 'enum: CURRENCIES', `type: 'string', description: ${joinedFrom('CURRENCIES')}`),
        },
        {
          messageId: 'openGlossaryEnum',
          data: described('LANGS', 'file.ts:6'),
          line: 8,
          suggestions: describedAs(JSDOC_AND_SETTINGS, 'enum: LANGS', `type: 'string', description: ${joinedFrom('LANGS')}`),
        },
      ],
    },
    {
      name: 'custom policy key and closed value',
      code: CUSTOM_POLICY,
      settings: { 'schema-contract': { glossary: { policyKey: 'exhaustive', closedValue: 'yes' } } },
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: { table: 'T', policy: 'no', location: 'file.ts:1' },
          line: 3,
          suggestions: describedAs(CUSTOM_POLICY, 'enum: T.values', `type: 'string', description: ${joinedFrom('T.values')}`),
        },
      ],
    },
    // --- across modules -------------------------------------------------------------------------
    {
      name: 'extensionless import',
      filename: consumer,
      code: `import { z } from 'zod';\nimport { MARKETPLACES } from './glossary/tables';\nconst market = z.enum(MARKETPLACES.values.map((v) => v.code));`,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', `${TABLES}:2`),
          line: 3,
          column: 23,
          suggestions: [
            {
              messageId: 'describeValues',
              output: `import { z } from 'zod';\nimport { MARKETPLACES } from './glossary/tables';\nconst market = z.string().describe(${JOINED_CODES});`,
            },
          ],
        },
      ],
    },
    {
      name: '.js specifier mapped to .ts, renamed import, derived local const',
      filename: consumer,
      code: RENAMED_JS,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('SORT_ORDERS', `${TABLES}:17`),
          line: 3,
          column: 47,
          suggestions: describedAs(RENAMED_JS, 'enum: keys', `description: ${joinedFrom('keys')}`),
        },
      ],
    },
    {
      name: 'index.ts of a folder',
      filename: consumer,
      code: INDEX_TS,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('REGIONS', `${fixture('src/glossary/regions/index.ts')}:1`),
          suggestions: describedAs(INDEX_TS, 'enum: REGIONS.values', `type: 'string', description: ${joinedFrom('REGIONS.values')}`),
        },
      ],
    },
    {
      name: 're-exports: export { T as U } from, and export *',
      filename: consumer,
      code: REEXPORTS,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', `${TABLES}:2`),
          line: 2,
          suggestions: describedAs(REEXPORTS, 'enum: MARKETS.values.map((v) => v.code)', `type: 'string', description: ${joinedFrom('MARKETS.values.map((v) => v.code)')}`),
        },
        {
          messageId: 'openGlossaryEnum',
          data: described('REGIONS', `${fixture('src/glossary/regions/index.ts')}:1`),
          line: 3,
          suggestions: describedAs(REEXPORTS, 'enum: REGIONS.values', `type: 'string', description: ${joinedFrom('REGIONS.values')}`),
        },
      ],
    },
    {
      name: 'namespace import',
      filename: consumer,
      code: NAMESPACE,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('CURRENCIES', `${TABLES}:26`),
          line: 3,
          column: 18,
          suggestions: describedAs(NAMESPACE, 'enum(glossary.CURRENCIES)', `string().describe(${joinedFrom('glossary.CURRENCIES')})`),
        },
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', `${TABLES}:2`),
          line: 4,
          column: 18,
          suggestions: describedAs(NAMESPACE, 'enum([...glossary.MARKETPLACES.values.map((v) => v.code)])', `string().describe(${joinedFrom('[...glossary.MARKETPLACES.values.map((v) => v.code)]')})`),
        },
      ],
    },
    {
      name: 'derived export in another module keeps the source table',
      filename: consumer,
      code: DERIVED,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', `${TABLES}:2`),
          suggestions: describedAs(DERIVED, 'enum(MARKETPLACE_CODES)', `string().describe(${joinedFrom('MARKETPLACE_CODES')})`),
        },
      ],
    },
    {
      name: 'import cycle: a name that leads out of the cycle to a table is still followed',
      filename: consumer,
      code: CYCLE,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('B_TABLE', `${fixture('src/cycle-b.ts')}:3`),
          suggestions: describedAs(CYCLE, 'enum: A_VALUES', `type: 'string', description: ${joinedFrom('A_VALUES')}`),
        },
      ],
    },
    {
      name: 'glossary.modules: every exported table of a glossary module',
      filename: consumer,
      code: GLOSSARY_MODULE,
      settings: { 'schema-contract': { glossary: { modules: [`${FIXTURES}/glossary-modules/**`] } } },
      errors: [
        {
          messageId: 'glossaryModuleEnum',
          data: { table: 'AZURE_REGIONS', location: `${fixture('glossary-modules/regions.ts')}:2`, module: 'matched by glossary.modules' },
          line: 3,
          suggestions: describedAs(GLOSSARY_MODULE, 'enum(AZURE_REGIONS)', `string().describe(${joinedFrom('AZURE_REGIONS')})`),
        },
      ],
    },
    {
      name: 'default glossary modules: a module named glossary.* (the table in the linted file itself)',
      filename: 'src/glossary.ts',
      code: GLOSSARY_FILE,
      errors: [
        {
          messageId: 'glossaryModuleEnum',
          data: { table: 'MARKETS', location: 'src/glossary.ts:2', module: BY_DEFAULT },
          line: 3,
          column: 48,
          suggestions: describedAs(GLOSSARY_FILE, 'enum(MARKETS)', `string().describe(${joinedFrom('MARKETS')})`),
        },
      ],
    },
    {
      name: 'default glossary modules: a module directly in a glossary/ folder, imported',
      filename: consumer,
      code: `import { PAGE_SIZES } from './glossary/tables.js';\nconst schema = { type: 'integer', enum: PAGE_SIZES };`,
      errors: [
        {
          messageId: 'glossaryModuleEnum',
          data: { table: 'PAGE_SIZES', location: `${TABLES}:36`, module: BY_DEFAULT },
          line: 2,
          column: 41,
          // Integers: no description lists them as strings.
          suggestions: [],
        },
      ],
    },
    {
      name: 'JavaScript consumer importing a TypeScript glossary',
      filename: consumerJs,
      code: JS_CONSUMER,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', `${TABLES}:2`),
          line: 2,
          column: 47,
          suggestions: describedAs(JS_CONSUMER, `enum: ${MAP_CODES}`, `description: ${JOINED_CODES}`),
        },
      ],
    },
    // --- strict ---------------------------------------------------------------------------------
    {
      name: 'strict: a module-level list that is not marked',
      code: `import { z } from 'zod';\nconst AWS_REGIONS = ['us-east-1', 'eu-west-1'] as const;\nconst region = z.enum(AWS_REGIONS);${TOOL_SUFFIX}`,
      options: [{ reportUnmarkedTables: true }],
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'AWS_REGIONS', location: 'file.ts:2', sink: "advertised as `launch`'s inputSchema" },
          line: 3,
          column: 23,
          endColumn: 34,
          suggestions: [
            {
              messageId: 'describeValues',
              data: { count: '2' },
              output: `import { z } from 'zod';\nconst AWS_REGIONS = ['us-east-1', 'eu-west-1'] as const;\nconst region = z.string().describe(${joinedFrom('AWS_REGIONS')});${TOOL_SUFFIX}`,
            },
          ],
        },
      ],
    },
    {
      name: 'strict: an imported list, an object map, a TS enum',
      filename: consumer,
      code: STRICT_IMPORTED,
      options: [{ reportUnmarkedTables: true }],
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'AWS_REGIONS', location: `${fixture('src/aws.ts')}:2`, sink: "advertised as `zod`'s inputSchema" },
          line: 5,
          suggestions: describedAs(STRICT_IMPORTED, 'enum(AWS_REGIONS)', `string().describe(${joinedFrom('AWS_REGIONS')})`),
        },
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'LEVELS', location: `${fixture('src/consumer.ts')}:3`, sink: "advertised as `json`'s inputSchema" },
          line: 6,
          suggestions: describedAs(STRICT_IMPORTED, 'enum: Object.values(LEVELS)', `type: 'string', description: ${joinedFrom('Object.values(LEVELS)')}`),
        },
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'Tier', location: `${fixture('src/consumer.ts')}:4`, sink: "advertised as `zod`'s inputSchema" },
          line: 7,
          suggestions: describedAs(STRICT_IMPORTED, 'nativeEnum(Tier)', `string().describe(${joinedFrom('Object.values(Tier)')})`),
        },
      ],
    },
    {
      name: 'strict: a list imported from a JSON module',
      filename: consumer,
      code: "import { z } from 'zod';\nimport regions from './regions.json';\nconst region = z.enum(regions as [string, ...string[]]);\nserver.registerTool('launch', { inputSchema: { region } }, launch);",
      options: [{ reportUnmarkedTables: true }],
      errors: [
        {
          messageId: 'unmarkedTableEnum',
          data: { table: 'regions', location: `${fixture('src/consumer.ts')}:2`, sink: "advertised as `launch`'s inputSchema" },
          line: 3,
          column: 23,
          // The values come from a data file: the fix never writes them out (a fix's text is printed
          // too), but code that reads them writes nothing of them.
          suggestions: [
            {
              messageId: 'describeValues',
              output: "import { z } from 'zod';\nimport regions from './regions.json';\nconst region = z.string().describe(`One of: ${regions.join(', ')}.`);\nserver.registerTool('launch', { inputSchema: { region } }, launch);",
            },
          ],
        },
      ],
    },
    {
      name: 'strict: a described table is still reported as open',
      code: STRICT_DESCRIBED,
      options: [{ reportUnmarkedTables: true }],
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: MARKETPLACES_HERE,
          suggestions: describedAs(STRICT_DESCRIBED, `enum: ${MAP_CODES}`, `type: 'string', description: ${JOINED_CODES}`),
        },
      ],
    },
    // --- kill switch ----------------------------------------------------------------------------
    {
      name: 'kill switch: closed enum outside any condition on the flag',
      code: `${CLOSED_UNITS}import { z } from 'zod';\nconst a = z.enum(UNITS.values);\nconst b = otherFlag ? { enum: UNITS.values } : {};`,
      options: [{ killSwitch: 'EMIT_GLOSSARY_ENUMS' }],
      errors: [
        {
          messageId: 'enumWithoutKillSwitch',
          data: { table: 'UNITS', policy: 'closed', location: 'file.ts:1', killSwitch: 'EMIT_GLOSSARY_ENUMS' },
          line: 7,
          column: 18,
        },
        { messageId: 'enumWithoutKillSwitch', line: 8, column: 31 },
      ],
    },
    {
      name: 'kill switch: a guarded enum is also a glossary enum',
      code: `${MARKETPLACES}const codes = MARKETPLACES.values.map((v) => v.code);\nconst schema = MARKETPLACES.enumPolicy === 'closed' ? { enum: codes } : {};`,
      options: [{ killSwitch: 'EMIT_GLOSSARY_ENUMS' }],
      errors: [{ messageId: 'enumWithoutKillSwitch', data: { ...MARKETPLACES_HERE, killSwitch: 'EMIT_GLOSSARY_ENUMS' } }],
    },
    {
      name: 'JavaScript file',
      filename: 'schema.js',
      code: JS_FILE,
      errors: [
        {
          messageId: 'openGlossaryEnum',
          data: described('MARKETPLACES', 'schema.js:1'),
          line: 5,
          column: 47,
          suggestions: describedAs(JS_FILE, `enum: ${MAP_CODES}`, `description: ${JOINED_CODES}`),
        },
      ],
    },
  ],
});
