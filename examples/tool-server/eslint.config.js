import schemaContract from 'eslint-plugin-schema-contract';

export default [schemaContract.configs.recommended];
