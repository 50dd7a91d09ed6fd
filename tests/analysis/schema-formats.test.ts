import { formatNames } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { AJV_FORMATS, JSON_SCHEMA_FORMATS, describeFormats } from '../../src/analysis/schemas/schema-formats.js';

function unknownFormats(schema: object, draft: '2020-12' | 'draft-07' = '2020-12', projectFormats: readonly string[] = []) {
  return describeFormats(schema, draft, projectFormats).map(({ target, data, replacement }) => ({ pointer: target.pointer.join('/'), ...data, replacement }));
}

describe('the format vocabularies', () => {
  it("keeps ajv-formats' list as the installed devDependency has it (a version bump fails here until the copy follows)", () => {
    expect([...AJV_FORMATS].sort()).toEqual([...formatNames].sort());
  });

  it('adds the 2019-09 formats to draft-07 and keeps them in 2020-12', () => {
    expect(JSON_SCHEMA_FORMATS['2019-09'].filter((format) => !JSON_SCHEMA_FORMATS['draft-07'].includes(format))).toEqual(['duration', 'uuid']);
    expect(JSON_SCHEMA_FORMATS['2020-12']).toEqual(JSON_SCHEMA_FORMATS['2019-09']);
  });
});

describe('describeFormats', () => {
  it('finds formats in every subschema, and only there', () => {
    const schema = {
      type: 'object',
      format: 'objekt',
      properties: {
        format: { type: 'string', format: 'emial', enum: ['dat-time'], default: 'dat-time' },
        when: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'string', format: 'dat' }] },
      },
      $defs: { Host: { type: 'string', format: 'hostnme' } },
      prefixItems: [{ format: 'ipv5' }],
      examples: [{ format: 'not-a-schema' }],
    };
    expect(unknownFormats(schema)).toEqual([
      { pointer: 'format', format: 'objekt', hint: '', replacement: undefined },
      { pointer: 'properties/format/format', format: 'emial', hint: ' (did you mean `email`?)', replacement: 'email' },
      { pointer: 'properties/when/anyOf/1/format', format: 'dat', hint: ' (did you mean `date`?)', replacement: 'date' },
      { pointer: '$defs/Host/format', format: 'hostnme', hint: ' (did you mean `hostname`?)', replacement: 'hostname' },
      { pointer: 'prefixItems/0/format', format: 'ipv5', hint: ' (did you mean `ipv4`?)', replacement: 'ipv4' },
    ]);
  });

  it('knows the draft formats ajv-formats lacks, and the OpenAPI ones it adds', () => {
    const schema = { anyOf: ['idn-email', 'idn-hostname', 'iri', 'iri-reference', 'int64', 'password', 'iso-date-time'].map((format) => ({ format })) };
    expect(unknownFormats(schema, 'draft-07')).toEqual([]);
  });

  it("accepts the project's formats, suggests them, and suggests nothing far off", () => {
    const schema = { properties: { a: { format: 'acme-sku' }, b: { format: 'acme-skus' }, c: { format: 'base58' } } };
    expect(unknownFormats(schema, '2020-12', ['acme-sku'])).toEqual([
      { pointer: 'properties/b/format', format: 'acme-skus', hint: ' (did you mean `acme-sku`?)', replacement: 'acme-sku' },
      { pointer: 'properties/c/format', format: 'base58', hint: '', replacement: undefined },
    ]);
  });

  it('suggests the right case for a case slip', () => {
    expect(unknownFormats({ format: 'Date-Time' })).toEqual([{ pointer: 'format', format: 'Date-Time', hint: ' (did you mean `date-time`?)', replacement: 'date-time' }]);
  });
});
