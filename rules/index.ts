import noFailOpenValidator from './no-fail-open-validator.js';
import noOpenGlossaryEnum from './no-open-glossary-enum.js';
import noPermissiveSchemaFallback from './no-permissive-schema-fallback.js';
import noSchemaHelperThrow from './no-schema-helper-throw.js';
import requireGlossaryCorroboration from './require-glossary-corroboration.js';
import toolDefinitionConventions from './tool-definition-conventions.js';
import toolInputSchemaConventions from './tool-input-schema-conventions.js';
import validSchemaLiteral from './valid-schema-literal.js';

export const rules = {
  'no-fail-open-validator': noFailOpenValidator,
  'no-open-glossary-enum': noOpenGlossaryEnum,
  'no-permissive-schema-fallback': noPermissiveSchemaFallback,
  'no-schema-helper-throw': noSchemaHelperThrow,
  'require-glossary-corroboration': requireGlossaryCorroboration,
  'tool-definition-conventions': toolDefinitionConventions,
  'tool-input-schema-conventions': toolInputSchemaConventions,
  'valid-schema-literal': validSchemaLiteral,
};
