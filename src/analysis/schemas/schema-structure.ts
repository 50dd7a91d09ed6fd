/**
 * Where a JSON Schema holds subschemas, per draft. Validators only look for keywords in schema
 * positions: a key under `properties` is a property name, a key under `enum` is data. Knowing the
 * positions lets the plugin locate a keyword Ajv names without a path, and replace an unknown part
 * of a literal with a neutral subschema rather than dropping it.
 *
 * The tables mirror the keywords Ajv 8 descends into for each draft (`tests/analysis` checks them
 * against Ajv's own keyword list); annotations Ajv does not compile (`contentSchema`) are left out.
 */

export type JsonSchemaDraft = '2020-12' | '2019-09' | 'draft-07';

export const JSON_SCHEMA_DRAFTS: readonly JsonSchemaDraft[] = ['2020-12', '2019-09', 'draft-07'];

/** How a keyword holds subschemas. `schemaOrArray`: one schema, or (tuple form) an array of them. */
export type SubschemaShape = 'schema' | 'array' | 'map' | 'schemaOrArray' | 'mapOfSchemaOrStrings';

const COMMON: Readonly<Record<string, SubschemaShape>> = {
  additionalProperties: 'schema',
  propertyNames: 'schema',
  contains: 'schema',
  not: 'schema',
  if: 'schema',
  then: 'schema',
  else: 'schema',
  allOf: 'array',
  anyOf: 'array',
  oneOf: 'array',
  properties: 'map',
  patternProperties: 'map',
  definitions: 'map',
  $defs: 'map',
  dependencies: 'mapOfSchemaOrStrings',
};

const SHAPES: Readonly<Record<JsonSchemaDraft, Readonly<Record<string, SubschemaShape>>>> = {
  'draft-07': { ...COMMON, items: 'schemaOrArray', additionalItems: 'schema' },
  '2019-09': {
    ...COMMON,
    items: 'schemaOrArray',
    additionalItems: 'schema',
    unevaluatedItems: 'schema',
    unevaluatedProperties: 'schema',
    dependentSchemas: 'map',
  },
  '2020-12': {
    ...COMMON,
    items: 'schema',
    prefixItems: 'array',
    unevaluatedItems: 'schema',
    unevaluatedProperties: 'schema',
    dependentSchemas: 'map',
  },
};

export function subschemaShape(keyword: string, draft: JsonSchemaDraft): SubschemaShape | undefined {
  return Object.hasOwn(SHAPES[draft], keyword) ? SHAPES[draft][keyword] : undefined;
}

/**
 * Keywords whose subschemas validate the same instance as their parent (so type context and
 * `properties` flow between them), as opposed to `properties`, `items`, ... which move to a child.
 */
const SAME_INSTANCE_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'dependencies']);

export function isSameInstanceKeyword(keyword: string): boolean {
  return SAME_INSTANCE_KEYWORDS.has(keyword);
}

export type JsonPointer = readonly string[];

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The pointers (relative to `pointer`) of the subschemas directly held by `keyword`'s `value`.
 * Boolean subschemas are included: they are schemas, just without keywords.
 */
export function childSchemaPointers(keyword: string, value: unknown, draft: JsonSchemaDraft): JsonPointer[] {
  const shape = subschemaShape(keyword, draft);
  if (!shape) return [];
  const isSchema = (candidate: unknown) => isPlainObject(candidate) || typeof candidate === 'boolean';
  switch (shape) {
    case 'schema':
      return isSchema(value) ? [[keyword]] : [];
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, index) => (isSchema(item) ? [[keyword, String(index)]] : [])) : [];
    case 'schemaOrArray':
      if (Array.isArray(value)) return value.flatMap((item, index) => (isSchema(item) ? [[keyword, String(index)]] : []));
      return isSchema(value) ? [[keyword]] : [];
    case 'map':
    case 'mapOfSchemaOrStrings':
      return isPlainObject(value) ? Object.keys(value).filter((key) => isSchema(value[key])).map((key) => [keyword, key]) : [];
  }
}

/** Calls `visit` for the schema at the root and every object subschema below it, depth first. */
export function forEachSchemaObject(
  schema: unknown,
  draft: JsonSchemaDraft,
  visit: (schemaObject: Record<string, unknown>, pointer: JsonPointer) => void,
  pointer: JsonPointer = [],
): void {
  if (!isPlainObject(schema)) return;
  visit(schema, pointer);
  for (const [keyword, value] of Object.entries(schema)) {
    for (const child of childSchemaPointers(keyword, value, draft)) {
      forEachSchemaObject(valueAt(schema, child), draft, visit, [...pointer, ...child]);
    }
  }
}

export function valueAt(root: unknown, pointer: JsonPointer): unknown {
  let current: unknown = root;
  for (const segment of pointer) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isPlainObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

/** Parses the fragment of an Ajv schema path (`https://x#/properties/a~1b`, `#/items/0`) into segments. */
export function parseSchemaPathFragment(schemaPath: string): JsonPointer | undefined {
  const hash = schemaPath.lastIndexOf('#');
  if (hash === -1) return undefined;
  return parseJsonPointer(schemaPath.slice(hash + 1), { uriEncoded: true });
}

/** Parses a JSON Pointer (`/a/b~1c`); `uriEncoded` for pointers written in a URI fragment. */
export function parseJsonPointer(pointer: string, { uriEncoded = false } = {}): JsonPointer | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  try {
    return pointer
      .slice(1)
      .split('/')
      .map((segment) => (uriEncoded ? decodeURIComponent(segment) : segment).replaceAll('~1', '/').replaceAll('~0', '~'));
  } catch {
    // A malformed %-escape: Ajv never writes one, so the path is not one of its schema paths.
    return undefined;
  }
}

export function formatJsonPointer(pointer: JsonPointer): string {
  return pointer.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}
