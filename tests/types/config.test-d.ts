import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { expectTypeOf, test } from 'vitest';
import schemaContract from '../../src/index.js';

test('the configs are accepted by defineConfig as users write it', () => {
  const viaExtends = defineConfig({ extends: [schemaContract.configs.recommended] });
  const direct = defineConfig(schemaContract.configs.strict);
  const composed = defineConfig(tseslint.configs.recommended, schemaContract.configs.recommended);
  const byPlugin = defineConfig({ plugins: { 'schema-contract': schemaContract }, rules: { 'schema-contract/no-permissive-schema-fallback': 'error' } });
  expectTypeOf(viaExtends).toBeArray();
  expectTypeOf(direct).toBeArray();
  expectTypeOf(composed).toBeArray();
  expectTypeOf(byPlugin).toBeArray();
});
