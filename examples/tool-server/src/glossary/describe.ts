import type { GlossaryTable } from './tables.js';

/**
 * The prose form of a table, for a field's `description`: the agent sees every accepted value, and
 * nothing in the schema rejects a value the table does not know yet.
 */
export function describeValues(table: GlossaryTable): string {
  const values = table.values.map((entry) => `${entry.code} (${entry.label})`).join(', ');
  return `${table.title}: ${values}. Other values may be accepted; the API answers for them.`;
}
