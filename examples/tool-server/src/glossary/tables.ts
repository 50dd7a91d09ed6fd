/**
 * The glossary: every value list the tools know about, in one module.
 *
 * A table is `closed` only when its value set is corroborated by at least two independent sources;
 * only a closed table may become a JSON Schema `enum`. Every other table is `described`: its values
 * go into a field's description, an agent reads the same list it would have read in an enum, and
 * the upstream API stays the one authority on what it accepts.
 */

export interface GlossaryEntry {
  readonly code: string;
  readonly label: string;
}

export interface GlossaryTable {
  readonly title: string;
  readonly enumPolicy: 'closed' | 'described';
  /** For a closed table: the independent sources that agree the list is exhaustive. */
  readonly corroboratedBy?: readonly string[];
  readonly values: readonly GlossaryEntry[];
}

/** Identity at run time; it exists so every table is declared the same, checkable way. */
export function defineTable<const T extends GlossaryTable>(table: T): T {
  return table;
}

// ✅ closed and corroborated three ways: four physically defined units, listed in the API's
// appendix and again in the shipping endpoint's own field description, and the only values seen in
// 90 days of production traffic are g and lb. Safe to gate on.
export const WEIGHT_UNITS = defineTable({
  title: 'Weight units',
  enumPolicy: 'closed',
  corroboratedBy: [
    'API reference, appendix B "Units of measure"',
    'getShippingEstimate: description of the weight.unit field',
    'production request log, last 90 days: only g and lb observed',
  ],
  values: [
    { code: 'g', label: 'gram' },
    { code: 'kg', label: 'kilogram' },
    { code: 'oz', label: 'ounce' },
    { code: 'lb', label: 'pound' },
  ],
});

// ✅ described: the upstream docs list nine marketplaces and never claim the list is exhaustive;
// the API accepts thirteen. As an enum it would reject MX in a validator the server cannot observe.
export const MARKETPLACES = defineTable({
  title: 'Marketplaces',
  enumPolicy: 'described',
  values: [
    { code: 'US', label: 'United States' },
    { code: 'CA', label: 'Canada' },
    { code: 'MX', label: 'Mexico' },
    { code: 'BR', label: 'Brazil' },
    { code: 'UK', label: 'United Kingdom' },
    { code: 'DE', label: 'Germany' },
    { code: 'FR', label: 'France' },
    { code: 'IT', label: 'Italy' },
    { code: 'ES', label: 'Spain' },
    { code: 'NL', label: 'Netherlands' },
    { code: 'IN', label: 'India' },
    { code: 'JP', label: 'Japan' },
    { code: 'AU', label: 'Australia' },
  ],
});

export const CURRENCIES = defineTable({
  title: 'Price currencies',
  // ❌ require-glossary-corroboration: one source is a claim, not corroboration; the day the
  // upstream adds a currency, every request in it fails before our code runs.
  enumPolicy: 'closed',
  corroboratedBy: ['upstream pricing docs, currency list'],
  values: [
    { code: 'USD', label: 'US dollar' },
    { code: 'EUR', label: 'Euro' },
    { code: 'GBP', label: 'Pound sterling' },
    { code: 'JPY', label: 'Yen' },
  ],
});

export const WEIGHT_UNIT_CODES = WEIGHT_UNITS.values.map((unit) => unit.code);
export const MARKETPLACE_CODES = MARKETPLACES.values.map((marketplace) => marketplace.code);
export const CURRENCY_CODES = CURRENCIES.values.map((currency) => currency.code);
