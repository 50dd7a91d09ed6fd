// The suggested description is code that reads the table: run the fixed code and it says what
// the text form says, and it still lists every value after the table grows (the text form drifts).
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../../src/index.js';

const RULE = 'schema-contract/no-open-glossary-enum';

function suggested(code: string): string {
  const messages = new Linter().verify(code, [{ plugins: { 'schema-contract': plugin as never }, rules: { [RULE]: 'error' } }], 'tool.js');
  const fix = messages[0]?.suggestions?.[0]?.fix;
  if (!fix) throw new Error(`no suggestion for:\n${code}`);
  return code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]);
}

/** Runs a script and returns its `schema`'s description. */
function descriptionOf(script: string): unknown {
  return new Function(`${script}\nreturn schema.description;`)() as unknown;
}

const table = (codes: string[]): string =>
  `const MARKETPLACES = { enumPolicy: 'described', values: [${codes.map((code) => `{ code: '${code}' }`).join(', ')}] };\n`;

describe('the joined description', () => {
  it.each([
    ['a JSON Schema enum', "const schema = { type: 'string', enum: MARKETPLACES.values.map((v) => v.code) };"],
    ['merged into a written description', "const schema = { description: 'Market', enum: [...MARKETPLACES.values.map((v) => v.code), ...MARKETPLACES.values.map((v) => v.code)] };"],
  ])('%s reads as the text form does, and follows the table when a value is added', (_name, use) => {
    const fixed = suggested(`${table(['US', 'UK', 'DE'])}${use}`);
    const expected = use.includes("'Market'") ? 'Market. One of: US, UK, DE.' : 'One of: US, UK, DE.';
    expect(descriptionOf(fixed)).toBe(expected);
    // The table gains MX after the fix: the description lists it without another edit.
    const grown = fixed.replace(table(['US', 'UK', 'DE']), table(['US', 'UK', 'DE', 'MX']));
    expect(descriptionOf(grown)).toBe(expected.replace('DE.', 'DE, MX.'));
  });
});
