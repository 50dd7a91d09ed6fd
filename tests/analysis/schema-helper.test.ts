import { describe, expect, it } from 'vitest';
import { startsWithWord } from '../../src/analysis/schema-helper.js';

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
