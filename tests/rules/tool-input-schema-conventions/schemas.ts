// Schemas imported by the cross-module cases of tool-input-schema-conventions.test.ts.
export const searchInput = {
  type: 'object',
  properties: { q: { type: 'string' } },
  required: ['q', 'page'],
};

// Draft-04, which Ajv 8 does not check: valid-schema-literal leaves it, so the conventions rule reports `page`.
export const searchInputDraft04 = {
  $schema: 'http://json-schema.org/draft-04/schema#',
  type: 'object',
  properties: { q: { type: 'string' } },
  required: ['q', 'page'],
};
