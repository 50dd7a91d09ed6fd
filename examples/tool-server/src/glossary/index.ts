// The tools import the glossary through this barrel; the plugin follows `export *` and
// `export { … } from` to the module that declares each table.
export * from './tables.js';
export { describeValues } from './describe.js';
