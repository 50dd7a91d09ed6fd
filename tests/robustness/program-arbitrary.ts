/**
 * A fast-check grammar of small but syntactically valid modules, built from the constructs the
 * rules analyse: schema-like literals, schema-library chains, glossary tables, functions with
 * fallbacks and throws, try/catch, classes, tool registrations and imports between modules.
 * Every composite operand is parenthesised, so any combination parses.
 */
import fc from 'fast-check';

export interface ModuleShape {
  /** TypeScript-only syntax (`as const`, annotations, `satisfies`, `!`) is used only when true. */
  readonly typescript: boolean;
  /** Base names (without extension) of the sibling modules this one may import. */
  readonly siblings: readonly string[];
}

/** Names that are declared by some statement (`t0`…) or exported by every module (`e0`, `e1`). */
const REFERENCES = ['t0', 't1', 't2', 't3', 'e0', 'e1', 'z', 'Type', 'v', 'schema', 'args', 'error', 'undefined', 'Object'];
const KEYS = [
  'type', 'properties', 'required', 'enum', 'additionalProperties', 'items', 'anyOf', 'oneOf', 'const',
  'default', 'description', 'inputSchema', 'parameters', 'input_schema', 'outputSchema', 'enumPolicy',
  'values', 'name', 'format', 'minimum', '$ref', '$schema', 'x', 'schema',
];
const STRINGS = [
  '', 'object', 'string', 'number', 'integer', 'boolean', 'array', 'null', 'closed', 'described', 'US',
  'UK', 'DE', 'a b', "it's", 'é', '😀', '\u2028', 'http://json-schema.org/draft-07/schema#',
  'https://json-schema.org/draft/2020-12/schema', '#/definitions/x', 'date-time',
];
const LIBRARY_CALLS: Record<string, readonly string[]> = {
  z: ['object', 'string', 'number', 'enum', 'literal', 'array', 'union', 'any', 'unknown', 'record', 'looseObject', 'strictObject', 'nativeEnum', 'toJSONSchema'],
  Type: ['Object', 'String', 'Union', 'Literal', 'Any', 'Unknown', 'Array', 'Record'],
  v: ['object', 'picklist', 'looseObject', 'string', 'union', 'any'],
};
const CHAIN_METHODS = ['optional', 'nullable', 'describe', 'passthrough', 'strict', 'catchall', 'default', 'or', 'extend', 'refine', 'transform'];
const LIBRARY_IMPORTS = [
  "import { z } from 'zod';",
  "import * as z from 'zod/v4';",
  "import z from 'zod/v3';",
  "import { Type } from '@sinclair/typebox';",
  "import { Type } from 'typebox';",
  "import * as v from 'valibot';",
  "import { zodToJsonSchema } from 'zod-to-json-schema';",
  "import Ajv from 'ajv';",
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
];

const parens = (text: string): string => `(${text})`;

function expressions(typescript: boolean) {
  const string = fc.constantFrom(...STRINGS).map((value) => JSON.stringify(value));
  const number = fc.oneof(fc.integer({ min: -5, max: 100 }).map(String), fc.constantFrom('0.5', '1e3', 'NaN', '0x10'));
  const reference = fc.constantFrom(...REFERENCES);
  const key = fc.oneof(
    fc.constantFrom(...KEYS),
    string.filter((text) => text !== '""'),
    fc.integer({ min: 0, max: 3 }).map(String),
  );

  return fc.letrec<{
    expr: string;
    leaf: string;
    array: string;
    object: string;
    property: string;
    schemaLiteral: string;
    library: string;
    call: string;
    member: string;
    arrow: string;
    conditional: string;
    logical: string;
    template: string;
    typed: string;
  }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      tie('leaf'),
      tie('array'),
      tie('object'),
      tie('schemaLiteral'),
      tie('library'),
      tie('call'),
      tie('member'),
      tie('arrow'),
      tie('conditional'),
      tie('logical'),
      tie('template'),
      tie('typed'),
    ),
    leaf: fc.oneof(
      string,
      number,
      reference,
      fc.constantFrom('true', 'false', 'null', '[]', '{}', '[, , 1]', '10n', '/ab+c/gi', 'void 0', 'import.meta.url', '`plain`', "''"),
    ),
    array: fc
      .array(fc.oneof(tie('expr'), tie('expr').map((inner) => `...${parens(inner)}`)), { maxLength: 4 })
      .map((items) => `[${items.join(', ')}]`),
    property: fc.oneof(
      fc.tuple(key, tie('expr')).map(([name, value]) => `${/^[A-Za-z_$][\w$]*$|^\d+$|^"/.test(name) ? name : JSON.stringify(name)}: ${value}`),
      tie('expr').map((inner) => `...${parens(inner)}`),
      fc.constantFrom('t0', 't1', 'e0', 'schema'),
      fc.tuple(tie('expr'), tie('expr')).map(([computed, value]) => `[${computed}]: ${value}`),
      tie('expr').map((inner) => `method() { return ${inner}; }`),
      tie('expr').map((inner) => `get value() { return ${inner}; }`),
    ),
    object: fc.array(tie('property'), { maxLength: 4 }).map((properties) => `{ ${properties.join(', ')} }`),
    schemaLiteral: fc
      .record(
        {
          type: fc.constantFrom("'object'", "'string'", "['string', 'null']", "'array'"),
          properties: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('expr')), { maxLength: 3 }),
          required: fc.array(string, { maxLength: 2 }),
          additional: fc.constantFrom('true', 'false', '{}', "{ type: 'string' }"),
          enumValues: fc.oneof(fc.array(string, { maxLength: 4 }).map((values) => `[${values.join(', ')}]`), reference),
          policy: fc.constantFrom("'closed'", "'described'", "'open'"),
        },
        { requiredKeys: ['type'] },
      )
      .map((schema) => {
        const parts = [`type: ${schema.type}`];
        if (schema.properties) {
          parts.push(`properties: { ${schema.properties.map(([name, value]) => `${JSON.stringify(name)}: ${value}`).join(', ')} }`);
        }
        if (schema.required) parts.push(`required: [${schema.required.join(', ')}]`);
        if (schema.additional) parts.push(`additionalProperties: ${schema.additional}`);
        if (schema.enumValues) parts.push(`enum: ${schema.enumValues}`);
        if (schema.policy) parts.push(`enumPolicy: ${schema.policy}`);
        return `{ ${parts.join(', ')} }`;
      }),
    library: fc
      .tuple(
        fc.constantFrom(...Object.keys(LIBRARY_CALLS)),
        fc.nat(),
        fc.array(tie('expr'), { maxLength: 2 }),
        fc.array(fc.tuple(fc.constantFrom(...CHAIN_METHODS), fc.array(tie('expr'), { maxLength: 1 })), { maxLength: 3 }),
        fc.boolean(),
      )
      .map(([library, index, args, chain, splitLines]) => {
        const calls = LIBRARY_CALLS[library]!;
        const separator = splitLines ? '\n  .' : '.';
        const head = `${library}${separator}${calls[index % calls.length]}(${args.join(', ')})`;
        return head + chain.map(([method, methodArgs]) => `${separator}${method}(${methodArgs.join(', ')})`).join('');
      }),
    call: fc.oneof(
      fc
        .tuple(
          fc.oneof(
            reference,
            fc.constantFrom(
              'Object.keys', 'Object.values', 'Object.entries', 'Object.freeze', 'Object.fromEntries', 'Object.assign',
              'Array.from', 'JSON.parse', 'zodToJsonSchema', 'toJsonSchema', 'structuredClone', 'Set', 'require', 'defineTable',
            ),
            tie('member'),
          ),
          fc.array(tie('expr'), { maxLength: 3 }),
          fc.constantFrom('call', 'new', 'optional'),
        )
        .map(([callee, args, kind]) =>
          kind === 'new' ? `new ${parens(callee)}(${args.join(', ')})` : `${parens(callee)}${kind === 'optional' ? '?.' : ''}(${args.join(', ')})`,
        ),
      // The derivations the evaluator follows, applied to arbitrary (often unsuitable) values.
      fc
        .tuple(
          tie('expr'),
          fc.constantFrom(
            '.map(z.literal)', '.map(Type.Literal)', '.map((v) => v.code)', '.map(([k]) => k)', '.filter(Boolean)',
            '.slice(1)', '.concat(["x"])', '.flat()', '.map()', '.keys()', '.options', '.enum', '.shape',
          ),
        )
        .map(([value, derivation]) => `${parens(value)}${derivation}`),
      fc
        .tuple(fc.constantFrom('z.union', 'Type.Union', 'v.picklist', 'z.nativeEnum', 'Type.Enum', 'z.enum', 'z.literal'), tie('expr'))
        .map(([factory, value]) => `${factory}(${value})`),
      fc.tuple(tie('expr'), tie('expr')).map(([left, right]) => `(${left}, ${right})`),
      fc.constantFrom("import('./m1.js')", "require('./m0.js')", 'String.raw`x`', 'tag`a${1}b`'),
    ),
    member: fc
      .tuple(
        tie('expr'),
        fc.oneof(
          fc.constantFrom('map', 'filter', 'slice', 'concat', 'flat', 'length', 'values', 'shape', 'options', 'type', 'enum').map((name) => `.${name}`),
          tie('expr').map((index) => `[${index}]`),
          fc.constant('?.properties'),
        ),
      )
      .map(([object, access]) => `${parens(object)}${access}`),
    arrow: fc
      .tuple(fc.constantFrom('()', '(x)', '(x, y)', '({ a })', '([a] = [])', 'async (x)'), tie('expr'))
      .map(([params, body]) => `${params} => ${parens(body)}`),
    conditional: fc
      .tuple(tie('expr'), tie('expr'), tie('expr'))
      .map(([test, consequent, alternate]) => `${parens(test)} ? ${parens(consequent)} : ${parens(alternate)}`),
    logical: fc
      .tuple(tie('expr'), fc.constantFrom('??', '||', '&&', '===', '!==', '+', 'in', 'instanceof'), tie('expr'))
      .map(([left, operator, right]) => `${parens(left)} ${operator} ${parens(right)}`),
    template: fc
      .array(tie('expr'), { maxLength: 2 })
      .map((parts) => `\`prefix${parts.map((part) => `\${${part}}-`).join('')}\``),
    typed: typescript
      ? fc
          .tuple(tie('expr'), fc.constantFrom(' as const', ' as unknown', '!', ' satisfies object', ' as [string, ...string[]]'))
          .map(([inner, suffix]) => `${parens(inner)}${suffix}`)
      : tie('leaf'),
  }));
}

function statements(shape: ModuleShape) {
  const { expr } = expressions(shape.typescript);
  const annotation = shape.typescript ? fc.constantFrom('', ': unknown', ': Record<string, unknown>', ': any') : fc.constant('');
  const jsdoc = fc.constantFrom('', '/** @enumPolicy closed */\n', '/** @enumPolicy described\n * @corroboratedBy spec */\n', '// note\n');

  return fc.letrec<{ statement: string; body: string; topLevel: string }>((tie) => ({
    statement: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.tuple(jsdoc, fc.constantFrom('const', 'let'), annotation, expr).map(([doc, kind, type, value]) => `${doc}${kind} NAME${type} = ${value};`),
      expr.map((value) => `return ${value};`),
      fc.tuple(expr, tie('body')).map(([test, body]) => `if (${test}) {\n${body}\n}`),
      fc
        .tuple(tie('body'), tie('body'), fc.boolean())
        .map(([tried, handler, rethrow]) => `try {\n${tried}\n} catch (error) {\nconsole.warn(error);\n${handler}${rethrow ? '\nthrow error;' : ''}\n} finally {\n}`),
      expr.map((message) => `throw new Error(String(${message}));`),
      fc
        .tuple(expr, expr, expr)
        .map(([subject, first, fallback]) => `switch (${subject}) {\ncase 'a':\nreturn ${first};\ndefault:\nreturn ${fallback};\n}`),
      expr.map((value) => `void ${parens(value)};`),
      expr.map((value) => `process.exit(${parens(value)} ? 1 : 0);`),
      fc.tuple(expr, expr).map(([left, right]) => `schema = ${parens(left)} ?? ${parens(right)};`),
      fc.tuple(expr, expr).map(([first, second]) => `let NAME = ${first};\nif (globalThis.flag) NAME = ${second};`),
      fc.tuple(expr, expr).map(([object, value]) => `(${object}).values = ${value};`),
      expr.map((value) => `for (const item of ${parens(value)}) {\nvoid item;\n}`),
    ),
    body: fc.array(tie('statement'), { maxLength: 3 }).map((lines) => lines.join('\n')),
    topLevel: fc.oneof(
      fc.tuple(jsdoc, annotation, expr).map(([doc, type, value]) => `${doc}export const NAME${type} = ${value};`),
      fc.tuple(jsdoc, expr).map(([doc, value]) => `${doc}const NAME = ${value};`),
      fc
        .tuple(fc.constantFrom('function', 'async function', 'export function', 'function*'), fc.constantFrom('', 'schema', 'schema = {}', '{ inputSchema } = {}'), tie('body'))
        .map(([keyword, params, body]) => `${keyword} NAME(${params}) {\n${body}\n}`),
      fc
        .tuple(expr, tie('body'), tie('body'))
        .map(([field, method, getter]) => `class NAME {\nstatic table = ${field};\n#secret = 1;\nbuildSchema() {\n${method}\n}\nget schema() {\n${getter}\nreturn {};\n}\n}`),
      fc
        .tuple(fc.constantFrom('registerTool', 'tool', 'setRequestHandler', 'addTool'), expr, expr)
        .map(([method, schema, output]) => `server.${method}('tool', { description: 'd', inputSchema: ${schema}, outputSchema: ${output} }, async (args) => ({ content: [] }));`),
      fc.tuple(expr, expr).map(([schema, fallback]) => `const NAME = { name: 'tool', parameters: ${parens(schema)} ?? ${parens(fallback)} };`),
      tie('body').map((body) => `void (() => {\n${body}\n})();`),
      ...(shape.typescript
        ? [
            fc
              .tuple(fc.constantFrom('enum', 'const enum', 'export enum'), fc.subarray(['A', 'B = "b"', 'C = 3', "'d-e' = 4"], { minLength: 1 }))
              .map(([keyword, members]) => `${keyword} NAME { ${members.join(', ')} }`),
            expr.map((value) => `export const NAME = ${parens(value)} satisfies Record<string, unknown>;`),
            fc.constant('declare const NAME: { values: string[] };'),
          ]
        : [fc.constant('module.exports.NAME = { enumPolicy: "closed", values: [] };')]),
    ),
  }));
}

function importedBindings(line: string): string[] {
  if (!line.startsWith('import ')) return [];
  const clause = line.slice('import '.length, line.lastIndexOf(' from '));
  return clause
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split(/\s+as\s+/).pop()!.trim());
}

/** One module: library and sibling imports, a run of top-level statements, and exports `e0`, `e1`. */
export function moduleArbitrary(shape: ModuleShape): fc.Arbitrary<string> {
  const { expr } = expressions(shape.typescript);
  const { topLevel } = statements(shape);
  const siblingImport = shape.siblings.length
    ? fc
        .tuple(fc.constantFrom(...shape.siblings), fc.constantFrom('named', 'namespace', 'star', 'reexport', 'default'), fc.constantFrom('.js', '', '.ts'))
        .map(([sibling, kind, extension]) => {
          const specifier = `./${sibling}${extension === '.ts' && !shape.typescript ? '.js' : extension}`;
          switch (kind) {
            case 'named':
              return `import { e0 as ${sibling}_e0, e1 as ${sibling}_e1 } from '${specifier}';`;
            case 'namespace':
              return `import * as ${sibling}_ns from '${specifier}';`;
            case 'star':
              return `export * from '${specifier}';`;
            case 'reexport':
              return `export { e0 as ${sibling}_e0 } from '${specifier}';`;
            default:
              return `import ${sibling}_default from '${specifier}';`;
          }
        })
    : fc.constant('');
  const oddImport = fc.constantFrom(
    "import { missing } from './does-not-exist.js';",
    "import * as dir from './';",
    "export * from '../';",
    "import data from './data.json';",
    '',
  );
  return fc
    .tuple(
      fc.subarray([...LIBRARY_IMPORTS]),
      fc.array(siblingImport, { maxLength: 3 }),
      oddImport,
      fc.array(topLevel, { minLength: 1, maxLength: 6 }),
      expr,
      expr,
    )
    .map(([libraries, siblings, odd, body, first, second]) => {
      // A name may be bound once: of two imports binding `z` (or `m1_e0`), the first is kept.
      const seenBindings = new Set<string>();
      const uniqueImports = [...libraries, ...siblings, odd].filter((line) => {
        if (!line) return false;
        const bindings = importedBindings(line);
        if (bindings.some((binding) => seenBindings.has(binding)) || (bindings.length === 0 && seenBindings.has(line))) return false;
        for (const binding of bindings) seenBindings.add(binding);
        seenBindings.add(line);
        return true;
      });
      let counter = 0;
      const statementsText = body.map((statement) => statement.replace(/NAME/g, () => `t${counter++}`));
      return [...uniqueImports, 'const server = globalThis.server;', ...statementsText, `export const e0 = ${first};`, `export const e1 = ${second};`, 'export default e0;', ''].join('\n');
    });
}
