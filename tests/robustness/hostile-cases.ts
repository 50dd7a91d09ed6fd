/**
 * The hostile inputs of issue 21, generated at test time: small files that make values grow
 * without a bound, JSON nested deeper than a recursion survives, schema literals that used to
 * break the shared Ajv instance for every later literal, and large files that exposed quadratic
 * scans. Each case is a tiny project linted by ESLint's own CLI in a child process (see
 * `hostile.test.ts`), with the findings it must produce: a canary finding next to the hostile
 * part proves the rules still work in a file where a budget ran out.
 */

export interface ExpectedFinding {
  readonly file: string;
  readonly ruleId: string;
  readonly messageId: string;
  readonly line: number;
}

export interface HostileCase {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** Linted in this order, in one ESLint run. */
  readonly lint: readonly string[];
  /** Every finding of the run, exactly (order aside). Exit 1 when there are any, 0 otherwise. */
  readonly findings: readonly ExpectedFinding[];
}

const PRELUDE = "import { z } from 'zod';\nconst server = globalThis.server;\nconst tools = [];\n";

/**
 * Where the hostile values go: a tool's input, so that the analysis follows them (a value that
 * reaches no schema sink is never evaluated, which would make a case pass without testing anything).
 */
const CHOICE_SINK = "server.registerTool('choice', { inputSchema: { choice: Choice } }, async () => ({ content: [] }));";
const INPUT_SINK = "tools.push({ name: 'hostile', inputSchema });";
const PARAMETERS_SINK = "tools.push({ type: 'function', function: { name: 'hostile', parameters } });";

function lines(parts: readonly string[]): string {
  return `${parts.join('\n')}\n`;
}

function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index === -1) throw new Error(`hostile-cases: ${JSON.stringify(needle)} is not in the generated text`);
  return text.slice(0, index).split('\n').length;
}

function repeat(count: number, make: (index: number) => string): string[] {
  return Array.from({ length: count }, (_, index) => make(index));
}

/**
 * A fallback the rules must report wherever it is: the canary that shows the file was analysed
 * past its hostile part (a budget that ran out must cost that value, not the file).
 */
export const CANARY = lines([
  'export function loadSchema(text: string) {',
  '  try {',
  '    return JSON.parse(text);',
  '  } catch {',
  "    return { type: 'object' };",
  '  }',
  '}',
  "tools.push({ name: 'canary', inputSchema: loadSchema('{}') });",
]);
const CANARY_NEEDLE = "return { type: 'object' };";

/** Finding `messageId` of `rule` on the line of `text` that holds `needle`. */
function findingOn(file: string, text: string, needle: string, rule: string, messageId: string): ExpectedFinding {
  return { file, ruleId: `schema-contract/${rule}`, messageId, line: lineOf(text, needle) };
}

function canaryFinding(file: string, text: string): ExpectedFinding {
  return findingOn(file, text, CANARY_NEEDLE, 'no-permissive-schema-fallback', 'permissiveFailureFallback');
}

/**
 * A file whose hostile part comes first, then the canary. `more` names findings the hostile part
 * makes whatever its size (the same code with small values makes them too), by text they are on.
 */
function withCanary(
  file: string,
  name: string,
  hostile: string,
  more: readonly [needle: string, rule: string, messageId: string][] = [],
): HostileCase {
  const text = PRELUDE + hostile + CANARY;
  const findings = more.map(([needle, rule, messageId]) => findingOn(file, text, needle, rule, messageId));
  return { name, files: { [file]: text }, lint: [file], findings: [...findings, canaryFinding(file, text)] };
}

/** `const a1 = [...a0, ...a0]`, 24 times: 2^24 elements from a few hundred bytes. */
function spreadDoubling(): HostileCase {
  const doubling = repeat(24, (index) => `const s${index + 1} = [...s${index}, ...s${index}];`);
  return withCanary(
    'spread.ts',
    'arrays doubled by spreading',
    lines([
      "const s0 = ['a', 'b'];",
      ...doubling,
      'export const Choice = z.enum(s24 as [string, ...string[]]);',
      CHOICE_SINK,
      "export const inputSchema = { type: 'object', properties: { v: { type: 'string', enum: s24 } } };",
      INPUT_SINK,
    ]),
  );
}

/** `t1 = t0 + t0` and the template form: a string of 2^40 characters, which no engine can hold. */
function stringDoubling(): HostileCase {
  return withCanary(
    'strings.ts',
    'strings doubled by + and by template literals',
    lines([
      "const t0 = 'ab';",
      ...repeat(40, (index) => (index % 2 === 0 ? `const t${index + 1} = t${index} + t${index};` : `const t${index + 1} = \`\${t${index}}\${t${index}}\`;`)),
      "export const inputSchema = { type: 'object', description: t40, properties: { v: { type: 'string', enum: [t40, t39] } } };",
      INPUT_SINK,
      'export const Choice = z.enum([t40, t38]);',
      CHOICE_SINK,
    ]),
  );
}

/** `.flat()` of a pair of the previous array, and `.concat` of many references to it. */
function flatAndConcat(): HostileCase {
  return withCanary(
    'flat.ts',
    '.flat() and .concat() of many references',
    lines([
      "const f0 = ['a', 'b'];",
      ...repeat(24, (index) => `const f${index + 1} = [f${index}, f${index}, [f${index}]].flat(2);`),
      "const c0 = ['a', 'b'];",
      ...repeat(10, (index) => `const c${index + 1} = c${index}.concat(${repeat(16, () => `c${index}`).join(', ')});`),
      'export const Choice = z.enum(f24 as [string, ...string[]]);',
      CHOICE_SINK,
      "export const parameters = { type: 'object', properties: { v: { type: 'string', enum: c10 } } };",
      PARAMETERS_SINK,
    ]),
  );
}

/** A long string spread into an array (one element per character), also through `Array.from` and `Set`. */
function stringSpread(): HostileCase {
  return withCanary(
    'string-spread.ts',
    'spreading a long string',
    lines([
      "const w0 = 'abcdefgh';",
      ...repeat(22, (index) => `const w${index + 1} = w${index} + w${index};`),
      'const chars = [...w22];',
      'const fromArray = Array.from(w22);',
      'const unique = [...new Set(w22)];',
      'export const Choice = z.enum(chars as [string, ...string[]]);',
      CHOICE_SINK,
      "export const inputSchema = { type: 'object', properties: { a: { enum: fromArray }, b: { enum: unique } } };",
      INPUT_SINK,
    ]),
  );
}

/** An object holding the previous one twice: 2^40 nodes when written out, a few bytes in memory. */
function sharedObjects(): HostileCase {
  return withCanary(
    'shared.ts',
    'objects that reference the same object twice',
    lines([
      "const o0 = { type: 'string', enum: ['a', 'b'] };",
      ...repeat(40, (index) => `const o${index + 1} = { type: 'object', properties: { a: o${index}, b: o${index} }, anyOf: [o${index}, o${index}] };`),
      'export const inputSchema = o40;',
      INPUT_SINK,
      "server.registerTool('t', { inputSchema: o40 }, async () => ({ content: [] }));",
      "export const parameters = { type: 'object', properties: { x: { enum: Object.values(o40) } } };",
      PARAMETERS_SINK,
    ]),
  );
}

/**
 * Arrays of a few hundred thousand elements in one step: spread into one literal, copied by
 * `Array.from`, `.concat`, `Object.keys`; where the analysis spread such an array into call
 * arguments (`push(...items)`), the stack overflowed.
 */
function wideSpread(): HostileCase {
  const tenThousand = repeat(10_000, (index) => `'v${index}'`).join(', ');
  return withCanary(
    'wide.ts',
    'arrays of hundreds of thousands of elements built in one step',
    lines([
      `const base = [${tenThousand}];`,
      `const wide = [${repeat(40, () => '...base').join(', ')}];`,
      `const concatenated = base.concat(${repeat(40, () => 'base').join(', ')});`,
      'const copied = Array.from(wide);',
      'const keys = Object.keys(Object.fromEntries(wide.map((v) => [v, 1])));',
      'export const Choice = z.enum(wide as [string, ...string[]]);',
      CHOICE_SINK,
      "export const inputSchema = { type: 'object', properties: { a: { enum: concatenated }, b: { enum: copied }, c: { enum: keys } } };",
      INPUT_SINK,
    ]),
    // The strict config reports an enum read out of a module-level list that is not marked as a
    // table (`wide`, through `keys`), however long the list: where it comes from is known.
    [['c: { enum: keys }', 'no-open-glossary-enum', 'unmarkedTableEnum']],
  );
}

/** JSON nested `depth` levels: objects in `properties`, arrays in `enum`, then both. */
function deepJson(depth: number): string {
  const open = '{"type":"object","properties":{"a":';
  const close = '}}';
  return `{"schema":${open.repeat(depth)}{"type":"string"}${close.repeat(depth)},"list":${'['.repeat(depth)}"x"${']'.repeat(depth)}}`;
}

function deepJsonImport(): HostileCase {
  const user = lines([
    PRELUDE.trimEnd(),
    "import deep from './deep.json';",
    "import * as ns from './deep.json';",
    'export const inputSchema = deep.schema;',
    INPUT_SINK,
    "server.registerTool('t', { inputSchema: ns.schema }, async () => ({ content: [] }));",
    'export const Choice = z.enum(deep.list as [string, ...string[]]);',
    CHOICE_SINK,
    "export const parameters = { type: 'object', properties: { v: { enum: deep.list } } };",
    PARAMETERS_SINK,
  ]);
  const text = user + CANARY;
  // The strict config reports an enum read out of a JSON module not marked as a table, whatever
  // is in it: the list is known to come from `deep.json`, its content past 100 levels is not.
  const unmarked = (needle: string): ExpectedFinding => findingOn('user.ts', text, needle, 'no-open-glossary-enum', 'unmarkedTableEnum');
  return {
    name: 'an imported JSON schema nested 5,000 levels',
    files: { 'deep.json': deepJson(5_000), 'user.ts': text },
    lint: ['user.ts'],
    findings: [unmarked('z.enum(deep.list'), unmarked('{ enum: deep.list }'), canaryFinding('user.ts', text)],
  };
}

/**
 * Literals that once broke the shared Ajv instance: a `$ref` to a fragment of the 2020-12
 * meta-schema that does not exist, and `$id`s equal to meta-schema URIs (whose removal after the
 * compile removed the meta-schema itself). Each is followed, in the same file and in the next
 * file linted, by a literal with a defect that must be reported exactly as when it is alone.
 */
const POISON = lines([
  'export const refToMissing = {',
  "  $schema: 'https://json-schema.org/draft/2020-12/schema',",
  "  type: 'object',",
  "  properties: { a: { $ref: 'https://json-schema.org/draft/2020-12/schema#/$defs/nowhere' } },",
  '};',
  "server.registerTool('ref', { inputSchema: refToMissing }, async () => ({ content: [] }));",
  "export const idIsMeta = { $id: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {} };",
  "server.registerTool('id', { inputSchema: idIsMeta }, async () => ({ content: [] }));",
  "export const idIsDraft7 = { $schema: 'http://json-schema.org/draft-07/schema#', $id: 'http://json-schema.org/draft-07/schema', type: 'object' };",
  "server.registerTool('id7', { inputSchema: idIsDraft7 }, async () => ({ content: [] }));",
  "export const idIsMetaFragment = { $id: 'https://json-schema.org/draft/2020-12/meta/core', type: 'object', properties: {} };",
  "server.registerTool('core', { inputSchema: idIsMetaFragment }, async () => ({ content: [] }));",
]);
const VICTIM = lines([
  "export const victim = { type: 'object', properties: { q: { type: 'strng' } }, required: ['q'] };",
  "server.registerTool('victim', { inputSchema: victim }, async () => ({ content: [] }));",
]);
const VICTIM_NEEDLE = "type: 'strng'";

function schemaPoisoning(): HostileCase {
  const poisoned = PRELUDE + POISON + VICTIM;
  const next = PRELUDE + VICTIM;
  const finding = (file: string, text: string, needle: string, messageId: string): ExpectedFinding =>
    findingOn(file, text, needle, 'valid-schema-literal', messageId);
  return {
    name: 'schema literals that poisoned the shared Ajv instance',
    files: { 'a-poison.ts': poisoned, 'b-next.ts': next },
    lint: ['a-poison.ts', 'b-next.ts'],
    findings: [
      // A schema whose `$id` is a meta-schema's cannot be added to an Ajv that has the meta-schemas:
      // a consumer compiling it fails, and so does the check, for that literal alone.
      finding('a-poison.ts', poisoned, 'export const idIsMeta ', 'compileError'),
      finding('a-poison.ts', poisoned, 'export const idIsDraft7 ', 'compileError'),
      finding('a-poison.ts', poisoned, 'export const idIsMetaFragment ', 'compileError'),
      finding('a-poison.ts', poisoned, VICTIM_NEEDLE, 'invalidValue'),
      finding('b-next.ts', next, VICTIM_NEEDLE, 'invalidValue'),
    ],
  };
}

/**
 * Files of a few megabytes that made the rules' time grow with the square of the size: many
 * top-level statements (each candidate looked at every statement before it), many functions
 * (each name lookup scanned the module's child scopes), early exits at the top level. Each block
 * has something for every rule to report, so every rule runs over the whole file.
 */
export function largeModule(targetBytes: number): string {
  const block = (index: number): string =>
    lines([
      `export const TABLE_${index} = { enumPolicy: 'described', values: ['a${index}', 'b${index}', 'c${index}'] };`,
      `function build${index}(flag: boolean, input: string) {`,
      `  if (!flag) throw new Error('disabled ${index}');`,
      `  const local${index} = [...TABLE_${index}.values, input];`,
      `  return { type: 'object', properties: { q: { type: 'string', enum: local${index} } }, required: ['q'] };`,
      '}',
      `if (globalThis.stop${index}) throw new Error('stop');`,
      `server.registerTool('tool_${index}', { description: 'Tool ${index}.', inputSchema: z.object({ q: z.string(), r: z.enum(['x', 'y']) }) }, async () => ({ content: [build${index}(true, 'q')] }));`,
      `export const parameters${index} = { type: 'object', properties: { n: { type: 'number', minimum: '${index}' }, r: { type: 'string', enum: TABLE_${index}.values } } };`,
      `server.registerTool('json_${index}', { inputSchema: parameters${index} }, async () => ({ content: [] }));`,
    ]) + CANARY.replaceAll('loadSchema', `parse${index}`);
  const parts = [PRELUDE];
  let size = PRELUDE.length;
  for (let index = 0; size < targetBytes; index += 1) {
    const text = block(index);
    parts.push(text);
    size += text.length;
  }
  return parts.join('');
}

/**
 * A module of `// export {` lines, imported through a barrel: the re-export scan ran one regex
 * whose `[^}]*` crossed the whole file from every line, so the scan alone took time quadratic in
 * the number of lines.
 */
function exportCommentLines(): HostileCase {
  const comments = repeat(60_000, (index) => `// export { unused${index}`).join('\n');
  const user = lines([
    "import { z as zod } from './barrel.js';",
    'const server = globalThis.server;',
    "server.registerTool('t', { inputSchema: zod.object({}).passthrough() }, async () => ({ content: [] }));",
  ]);
  const text = user + CANARY;
  return {
    name: 'a module of `// export {` lines behind a barrel',
    files: {
      'comments.ts': `${comments}\nexport const T = ['a'];\n`,
      'barrel.ts': "export * from './comments.js';\nexport { z } from 'zod';\n",
      'user.ts': text,
    },
    lint: ['comments.ts', 'user.ts'],
    findings: [canaryFinding('user.ts', text)],
  };
}

/**
 * A key and an enum value of half a million characters (built by doubling, so the file stays
 * small), used by hundreds of literals and enums: each finding quoted the key whole, each enum
 * report carried a suggestion with the values whole, and each unknown keyword was compared
 * character by character with every known one for a did-you-mean.
 */
function longTextInMessages(): HostileCase {
  const count = 300;
  const header = lines([
    "const k0 = 'keyword_';",
    ...repeat(16, (index) => `const k${index + 1} = k${index} + k${index};`),
    '/** @enumPolicy described */',
    'export const TABLE = [k16, k15];',
  ]);
  const uses = repeat(count, (index) =>
    lines([
      `export const s${index} = { type: 'object', [k16]: true, properties: { a: { type: 'string', description: k16 } } };`,
      `server.registerTool('t${index}', { inputSchema: s${index} }, async () => ({ content: [] }));`,
      `export const Choice${index} = z.enum(TABLE);`,
    ]),
  ).join('');
  const text = PRELUDE + header + uses + CANARY;
  const finding = (line: number, ruleId: string, messageId: string): ExpectedFinding => ({ file: 'long.ts', ruleId: `schema-contract/${ruleId}`, messageId, line });
  const first = lineOf(text, 'export const s0 ');
  return {
    name: 'a half-megabyte key and enum value in hundreds of findings',
    files: { 'long.ts': text },
    lint: ['long.ts'],
    findings: [
      // Fewer literals than `maxSchemasPerFile` (500): each one is compiled.
      ...Array.from({ length: count }, (_, index) => [
        finding(first + 3 * index, 'valid-schema-literal', 'unknownKeyword'),
        finding(first + 3 * index + 2, 'no-open-glossary-enum', 'openGlossaryEnum'),
      ]).flat(),
      canaryFinding('long.ts', text),
    ],
  };
}

export function hostileCases(): HostileCase[] {
  return [
    spreadDoubling(),
    stringDoubling(),
    flatAndConcat(),
    stringSpread(),
    sharedObjects(),
    wideSpread(),
    deepJsonImport(),
    schemaPoisoning(),
    exportCommentLines(),
    longTextInMessages(),
  ];
}
