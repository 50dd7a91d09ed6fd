// Schemas imported by the cross-module cases of tool-input-schema-conventions.test.ts.
export const searchInput = {
  type: 'object',
  properties: { q: { type: 'string' } },
  required: ['q', 'page'],
};
