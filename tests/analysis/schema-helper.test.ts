import { describe, expect, it } from 'vitest';
import { namesSchemaProduct, startsWithWord } from '../../src/analysis/panic/schema-names.js';

describe('startsWithWord (ignoreNames prefixes)', () => {
  it.each([
    ['isSchema', 'is'],
    ['is_schema', 'is'],
    ['IsSchema', 'is'],
    ['IS_SCHEMA', 'is'],
    ['validate', 'validate'],
    ['validate2Schema', 'validate'],
    ['assertSchema', 'Assert'],
  ])('%s starts with the word %s', (name, prefix) => {
    expect(startsWithWord(name, prefix)).toBe(true);
  });

  it.each([
    ['issueSchema', 'is'],
    ['checkoutSchema', 'check'],
    ['ISSUE_SCHEMA', 'is'],
    ['hashSchema', 'has'],
    ['schema', ''],
    ['toolSchema', 'is'],
  ])('%s does not start with the word %s', (name, prefix) => {
    expect(startsWithWord(name, prefix)).toBe(false);
  });
});

describe('namesSchemaProduct (a name is a hint only with a return value to stand on)', () => {
  it.each([
    'toolSchema',
    'mustSchema',
    'getInputSchema',
    'buildInputSchema',
    'inputSchema',
    '#schemaToJsonSchema',
    'schemaFor',
    'generateSchemaFromZodObject',
    'convertSchemaToZod',
    'jsonSchemaToZodSchema',
    'getSchemaAndParserFromInputType',
    'ensureStrictJsonSchema',
    'mergeAllOfSubschemas',
    'betaStandardSchemaTool',
    'json-schema',
    'TOOL_SCHEMA',
  ])('%s makes a schema', (name) => {
    expect(namesSchemaProduct(name)).toBe(true);
  });

  it.each([
    // Issue 18: the schema in the name is what the function takes, or something it has.
    'parseWithSchema',
    'defaultsFromSchema',
    'validateAgainstSchema',
    '_requestWithSchemaViaCodec',
    'addSchema',
    '_addSchema',
    'removeSchema',
    'registerSchema',
    'describeSchema',
    'parseStandardSchema',
    'initializeInMemorySchema',
    'getSchemaTypes',
    'getSchemaRefs',
    '_compileSchemaEnv',
    'extendSubschemaData',
    'outputSchemaName',
    '_schemaToInstruction',
    'schemaVersionAtLeast',
    'schemas_dir',
    'parseArguments',
    // The smoke corpus's bundled Ajv: reading a subschema, compiling a schema into a validator.
    'getSubschema',
    'compileSchema',
    '_compileSchemaEnv',
    // Issue 30: a data store's schema, and an operation on one.
    'getTableSchema',
    'describeTableSchema',
    'fetchDatabaseSchema',
    'dbSchema',
    'runSchemaMigration',
    'applySchemaMigrations',
  ])('%s does not', (name) => {
    expect(namesSchemaProduct(name)).toBe(false);
  });
});
