// Test files are outside the plugin's recommended config (`**/*.test.*` and the other test globs are
// in its `ignores`): tests build broken schemas on purpose to prove that registration fails closed.
// Linted, `expectSchemaError` below would be a no-schema-helper-throw finding; here it is not.
// (The example ships no test runner; this file shows the shape of such a test.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ToolRegistrar } from './registry.js';
import type { Result } from './schema/result.js';
import type { SchemaError } from './schema/tool-schema.js';

function expectSchemaError(result: Result<unknown, SchemaError>): SchemaError {
  if (result.ok) throw new assert.AssertionError({ message: 'expected registration to fail' });
  return result.error;
}

const noArguments = { type: 'object', additionalProperties: false } as const;
const handler = async () => ({ content: [] });

test('the first tool whose schema does not build stops the whole registration', () => {
  const registrar = new ToolRegistrar();
  registrar.add({ name: 'fine', description: '', inputSchema: noArguments, handler });
  registrar.add({ name: 'not_an_object', description: '', inputSchema: { type: 'array' }, handler });
  registrar.add({ name: 'missing', description: '', handler });
  const error = expectSchemaError(registrar.finish());
  assert.equal(error.toolName, 'not_an_object');
});
