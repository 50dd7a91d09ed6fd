/**
 * What a function's name says, as the helper rule reads one: what it makes (`namesSchemaProduct`),
 * and whether it starts with an `ignoreNames` word (`startsWithWord`). A name is a hint, never a
 * reason alone: `schema-helper.ts` asks for a return that can be a schema too, and
 * `tool-handler-evidence.ts` for the tool's schema key the named call's result goes to.
 */

/** The lower-case words of a name: `getSchemaTypes` → get, schema, types; `JSONSchemaToZod` → json, schema, to, zod. */
function nameWords(name: string): string[] {
  return name
    .split(/[^A-Za-z\d]+|(?<=[a-z\d])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

const SCHEMA_WORDS = new Set(['schema', 'schemas', 'subschema', 'subschemas', 'jsonschema']);
/**
 * First words of functions that take a schema rather than make one: registries, loggers, parsers,
 * and compilers (a compiled schema is a validator; one returned is still a reason by what it is).
 */
const CONSUMING_VERBS = new Set([
  'add', 'remove', 'register', 'unregister', 'set', 'delete', 'has', 'store', 'cache', 'log', 'print', 'describe', 'hash', 'format',
  'parse', 'request', 'initialize', 'init', 'compile',
]);
/** `getSubschema(it, { keyword })`: reading a part out of a schema one has builds nothing. */
const EXTRACTING_VERBS = new Set(['get', 'find', 'lookup', 'select', 'pick']);
/** `parseWithSchema`, `defaultsFromSchema`: the schema after these is the function's input. */
const PREPOSITIONS = new Set(['with', 'by', 'against', 'from', 'using', 'via', 'per', 'of', 'on', 'in', 'for']);
/** Words after "schema" naming something about a schema, not a schema: `getSchemaTypes`, `outputSchemaName`. */
const ATTRIBUTE_WORDS = new Set([
  'type', 'types', 'ref', 'refs', 'env', 'data', 'name', 'names', 'path', 'paths', 'version', 'versions', 'id', 'ids', 'key', 'keys',
  'error', 'errors', 'registry', 'cache', 'options', 'defaults', 'hints', 'instruction', 'instructions', 'hash', 'size', 'count',
  'url', 'uri', 'file', 'files', 'dir', 'location', 'description', 'text', 'string', 'message', 'diff', 'changes', 'support',
  'migration', 'migrations',
]);
/**
 * Words before "schema" that make it a data store's schema, not a tool's or an API's:
 * `getTableSchema`, `describeDatabaseSchema`, `dbSchema`, `collectionSchema`.
 */
const DATA_STORE_WORDS = new Set(['table', 'tables', 'database', 'databases', 'db', 'sql', 'column', 'columns', 'collection', 'collections']);
/** What a `schemaTo…` conversion can produce and still be a schema. */
const SCHEMA_FORMATS = new Set(['zod', 'json', 'schema', 'jsonschema', 'standard', 'typebox', 'valibot', 'openapi', 'ajv', 'validator']);

/**
 * Whether a name says its function makes a schema: the last "schema" word of the name is what the
 * function produces (`toolSchema`, `getInputSchema`, `generateSchemaFromZodObject`,
 * `convertSchemaToZod`), not its input (`parseWithSchema`, `addSchema`, `describeSchema`) nor a
 * thing it has (`getSchemaTypes`, `outputSchemaName`, `schemaToInstruction`).
 */
export function namesSchemaProduct(name: string): boolean {
  const words = nameWords(name);
  let at = -1;
  words.forEach((word, index) => {
    if (SCHEMA_WORDS.has(word)) at = index;
  });
  if (at < 0) return false;
  if (at > 0 && CONSUMING_VERBS.has(words[0]!)) return false;
  if (at > 0 && words[at]!.startsWith('sub') && EXTRACTING_VERBS.has(words[0]!)) return false;
  const before = words[at - 1];
  // `mergeAllOfSubschemas`: `allOf` is a keyword, not a preposition.
  const keywordOf = before === 'of' && ['all', 'any', 'one'].includes(words[at - 2] ?? '');
  if (before !== undefined && PREPOSITIONS.has(before) && !keywordOf) return false;
  if (before !== undefined && DATA_STORE_WORDS.has(before)) return false;
  const after = words[at + 1];
  if (after === undefined) return true;
  if (after === 'to') return words.slice(at + 2).some((word) => SCHEMA_FORMATS.has(word));
  return !ATTRIBUTE_WORDS.has(after);
}

/**
 * Whether `name` starts with the word `prefix`: `isSchema`, `is_schema`, `IS_SCHEMA` do;
 * `issueSchema` and `checkoutSchema` do not. A constant-case name needs `_` after the prefix,
 * since every letter is upper case there.
 */
export function startsWithWord(name: string, prefix: string): boolean {
  if (prefix.length === 0 || !name.toLowerCase().startsWith(prefix.toLowerCase())) return false;
  const next = name[prefix.length];
  if (next === undefined) return true;
  const constantCase = name === name.toUpperCase();
  return constantCase ? !/[A-Z]/.test(next) : !/[a-z]/.test(next);
}
