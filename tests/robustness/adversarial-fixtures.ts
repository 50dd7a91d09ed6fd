/**
 * Hostile inputs, generated at test time (the big ones would be megabytes in git). Each fixture is
 * a small project: files to write, the files to lint, and which of them are expected not to parse.
 */
import fs from 'node:fs';
import path from 'node:path';

export type FixtureFile = string | Buffer | { readonly symlink: string } | { readonly directory: true };

export interface Fixture {
  readonly name: string;
  readonly files: Readonly<Record<string, FixtureFile>>;
  /** Files linted, each with every configuration. */
  readonly lint: readonly string[];
  /** Files whose own parse fails: ESLint's fatal message is expected there, and nothing else. */
  readonly unparsable?: readonly string[];
  /**
   * Files nested deeper than typescript-estree's recursion survives on some Node versions (it
   * overflows its stack on 400 nested conditionals, 200 nested functions): the plugin never sees
   * an AST then, so ESLint's parse error is accepted; when they do parse, the rules must not crash.
   */
  readonly mayNotParse?: readonly string[];
  /** Only the strict config (it enables every rule): for fixtures that take seconds per configuration. */
  readonly heavy?: boolean;
  /** Generous upper bound for one file in one configuration: catches a hang, not a slowdown. */
  readonly maxMs: number;
}

const TOOL_PRELUDE = "import { z } from 'zod';\nconst server = globalThis.server;\n";

function repeat(count: number, make: (index: number) => string, separator = ''): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) parts.push(make(index));
  return parts.join(separator);
}

/**
 * Five megabytes, mostly in long descriptions (as generated tool catalogs are): the size stresses
 * whatever scales with the text, while the node count stays where parsing takes seconds, not
 * minutes; the 100,000-element fixture stresses node count.
 */
function fiveMegabyteModule(): string {
  const description = 'Searches the catalog for a product by keyword. '.repeat(200);
  const block = (index: number): string =>
    `server.registerTool('tool_${index}', {\n  description: ${JSON.stringify(description)},\n` +
    `  inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'query ${index}' }, ` +
    `region: { type: 'string', enum: REGIONS } }, required: ['q'], additionalProperties: false },\n` +
    `}, async () => ({ content: [] }));\n` +
    `export const TABLE_${index} = { enumPolicy: 'described', values: ['a${index}', 'b${index}'] };\n`;
  let text = `${TOOL_PRELUDE}export const REGIONS = ['US', 'UK', 'DE'];\n`;
  let index = 0;
  while (text.length < 5 * 1024 * 1024) text += block(index++);
  return text;
}

function nest(depth: number, open: (index: number) => string, leaf: string, close: (index: number) => string): string {
  return repeat(depth, open) + leaf + repeat(depth, (index) => close(depth - 1 - index));
}

const DEPTH = 500;

/**
 * typescript-estree itself overflows Node's default stack somewhere between 150 and 500 levels,
 * depending on the construct and on how warm the JIT is; at this depth every construct parses,
 * so the rules are exercised on deep trees whatever the parser's limit.
 */
const SHALLOW_DEPTH = 100;

const functionOpen = (index: number): string => `function schema${index}() {\n  try {\n    if (globalThis.ok) {\n`;
const FUNCTION_CLOSE = `    }\n  } catch (error) {\n    console.warn(error);\n    return { type: 'object' };\n  }\n  return undefined;\n}\n`;

/** One file per nesting construct, `depth` levels deep (functions count three levels each). */
function deepFiles(depth: number, suffix: string): Record<string, string> {
  const functionDepth = Math.ceil(depth / 3);
  return {
    [`json-schema${suffix}.ts`]: `export const inputSchema = ${nest(depth, () => "{ type: 'object', properties: { a: ", "{ type: 'string', enum: ['x'] }", () => ' } }')};\n`,
    [`arrays${suffix}.ts`]: `export const parameters = { type: 'object', properties: { a: { enum: ${nest(depth, () => '[', "'x'", () => ']')} } } };\n`,
    [`zod${suffix}.ts`]: `${TOOL_PRELUDE}export const schema = ${nest(depth, () => 'z.object({ a: ', 'z.string()', () => ' }).passthrough()')};\n`,
    [`chain${suffix}.ts`]: `${TOOL_PRELUDE}export const schema = z.string()${repeat(depth, () => '.optional()')};\n`,
    [`conditional${suffix}.ts`]: `const flag = Math.random() > 0.5;\nexport const inputSchema = ${nest(depth, () => "flag ? { type: 'object' } : (", '{}', () => ')')};\n`,
    [`nullish${suffix}.ts`]: `export const parameters = ${nest(depth, () => 'globalThis.x ?? (', "{ type: 'object' }", () => ')')};\n`,
    [`parens${suffix}.ts`]: `export const inputSchema = ${nest(depth, () => '(', "{ type: 'object' }", () => ')')};\n`,
    [`blocks${suffix}.ts`]: `export function schema() {\n${nest(depth, () => '{', "return { type: 'object' };", () => '}')}\n}\n`,
    [`arrows${suffix}.ts`]: `export const makeSchema = ${repeat(depth, () => '() => ')}({ type: 'object' });\n`,
    [`functions${suffix}.ts`]: `export ${nest(functionDepth, (index) => functionOpen(index), "      throw new Error('no schema');\n", () => FUNCTION_CLOSE)}`,
    [`binary${suffix}.ts`]: `export const inputSchema = { type: 'object', properties: { n: { type: 'number', maximum: ${repeat(depth, () => '1', ' + ')} } } };\n`,
  };
}

export function buildFixtures(): Fixture[] {
  const hundredThousand = repeat(100_000, (index) => `'v${index}'`, ', ');
  return [
    {
      name: 'a 5 MB file (and a module importing from it)',
      files: {
        'big.ts': fiveMegabyteModule(),
        'uses-big.ts': `${TOOL_PRELUDE}import { REGIONS, TABLE_1 } from './big.js';\nserver.registerTool('t', { inputSchema: { type: 'object', properties: { r: { type: 'string', enum: [...REGIONS, ...TABLE_1.values] } } } }, async () => ({}));\n`,
      },
      lint: ['big.ts', 'uses-big.ts'],
      heavy: true,
      maxMs: 120_000,
    },
    {
      name: 'a 100,000-element array literal used as an enum, here and through an import',
      files: {
        'values.ts': `${TOOL_PRELUDE}/** @enumPolicy closed */\nexport const VALUES = [${hundredThousand}] as const;\nexport const Choice = z.enum(VALUES);\nexport const schema = { type: 'object', properties: { v: { type: 'string', enum: VALUES } } };\n`,
        'uses-values.ts': `${TOOL_PRELUDE}import { VALUES } from './values.js';\nconst more = [...VALUES, ...VALUES.map((v) => v + 'x'), ...Object.keys(Object.fromEntries(VALUES.map((v) => [v, 1])))];\nserver.registerTool('t', { inputSchema: { v: z.enum(more as [string, ...string[]]), w: z.enum(VALUES) } }, async () => ({}));\nexport const parameters = { type: 'object', properties: { v: { enum: more } } };\n`,
      },
      lint: ['values.ts', 'uses-values.ts'],
      heavy: true,
      maxMs: 60_000,
    },
    {
      name: `${DEPTH}-deep nesting of schemas, arrays, calls, conditionals, functions and blocks`,
      files: {
        ...deepFiles(DEPTH, ''),
        ...deepFiles(SHALLOW_DEPTH, '-shallow'),
        'const-chain.ts': `const c0 = { type: 'object', properties: {} };\n${repeat(DEPTH, (index) => `const c${index + 1} = c${index};`, '\n')}\nexport const inputSchema = c${DEPTH} ?? { type: 'object' };\n`,
        ...Object.fromEntries(
          repeat(200, (index) => String(index), ',')
            .split(',')
            .map((index) => [
              `chain/m${index}.ts`,
              Number(index) === 199
                ? "export const TABLE = { enumPolicy: 'closed', values: ['a', 'b'] };\n"
                : `export { TABLE } from './m${Number(index) + 1}.js';\nexport * from './m${Number(index) + 1}.js';\n`,
            ]),
        ),
        'uses-chain.ts': `${TOOL_PRELUDE}import { TABLE } from './chain/m0.js';\nexport const schema = z.enum(TABLE.values);\n`,
      },
      lint: [
        ...Object.keys(deepFiles(DEPTH, '')),
        ...Object.keys(deepFiles(SHALLOW_DEPTH, '-shallow')),
        'const-chain.ts',
        'uses-chain.ts',
        'chain/m0.ts',
      ],
      mayNotParse: Object.keys(deepFiles(DEPTH, '')),
      heavy: true,
      maxMs: 30_000,
    },
    {
      name: 'self-referencing and mutually recursive consts, in one module and across two',
      files: {
        'self.ts': `${TOOL_PRELUDE}
const a = { type: 'object', properties: { self: a } };
const b = [...b, 'x'];
const c = { ...c, type: 'object' };
const d = d ?? { type: 'object' };
const e = f; const f = e;
const g = { type: 'object', properties: { h } }; const h = { type: 'object', properties: { g } };
const list = list.map((x) => x).filter(Boolean).concat(list);
const s = \`\${s}\`;
const keys = Object.keys(keys);
const table = { enumPolicy: 'closed', values: table.values };
const shape = z.object(shape.shape).extend(shape);
let r = {}; r = r;
function again() { return again(); }
const viaCall = again();
export const inputSchema = { type: 'object', properties: { a, b: { enum: b }, c, d, e, f, g, list: { enum: list }, s, keys: { enum: keys }, t: { enum: table.values }, r, viaCall } };
server.registerTool('t', { inputSchema: e ?? f ?? shape }, async () => ({}));
export const z2 = z.enum(z2.options);
`,
        'mutual-a.ts': `import { B } from './mutual-b.js';\n/** @enumPolicy closed */\nexport const A = { ...B, enumPolicy: 'closed', values: B.values };\nexport const schema = { type: 'string', enum: A.values };\n`,
        'mutual-b.ts': `import { A } from './mutual-a.js';\nexport const B = { ...A, values: [...A.values, 'b'] };\nexport const parameters = { type: 'object', properties: { v: { enum: B.values } } };\n`,
      },
      lint: ['self.ts', 'mutual-a.ts', 'mutual-b.ts'],
      maxMs: 20_000,
    },
    {
      name: 'import cycles: named, `export *`, and a module re-exporting itself',
      files: {
        'a.ts': "export * from './b.js';\nexport { C as FromC } from './c.js';\nexport const A = ['a'];\n",
        'b.ts': "export * from './c.js';\nimport { A } from './a.js';\nexport const B = [...A, 'b'];\n",
        'c.ts': "export * from './a.js';\nimport { B, NOWHERE } from './b.js';\nexport const C = [...B, ...NOWHERE, 'c'];\n",
        'self-reexport.ts': "export { y as x, x as y } from './self-reexport.js';\nexport * from './self-reexport.js';\n",
        'user.ts': `${TOOL_PRELUDE}import { A, B, C, FromC, NOT_EXPORTED } from './a.js';\nimport { x, y } from './self-reexport.js';\nimport * as ns from './c.js';\nexport const schema = z.enum([...A, ...B, ...C, ...FromC, ...NOT_EXPORTED, x, y, ...ns.A, ...ns.missing]);\nexport const inputSchema = { type: 'object', properties: { v: { enum: ns.C } } };\n`,
      },
      lint: ['a.ts', 'b.ts', 'c.ts', 'self-reexport.ts', 'user.ts'],
      maxMs: 20_000,
    },
    {
      name: 'imports of missing files, directories, binary files, unparsable files and odd extensions',
      files: {
        'dir-without-index': { directory: true },
        'looks-like-a-file.ts': { directory: true },
        'binary.js': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0xff, 0xfe, 0x00, 0x2a, ...Buffer.from(' export const T = [1];')]),
        'blob.bin': Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 37) % 256)),
        'broken.ts': "export const T = { enumPolicy: 'closed', values: ['a',\n",
        'broken.json': '{ "values": [1, 2,',
        'empty.ts': '',
        'only-comments.ts': '/** @enumPolicy closed */\n// nothing else\n',
        'importer.ts': `${TOOL_PRELUDE}import { T as Missing } from './missing.js';
export * from './missing-too';
import * as fromDir from './dir-without-index';
import dirSlash from './dir-without-index/';
import here from '.';
import up from '..';
import { T as NotAFile } from './looks-like-a-file.js';
import { T as Binary } from './binary.js';
import blob from './blob.bin';
import { T as Broken } from './broken.js';
import brokenJson from './broken.json';
import { T as Empty } from './empty.js';
import * as comments from './only-comments.js';
export const schema = z.enum([...Missing, ...fromDir.T, ...dirSlash, ...here, ...up, ...NotAFile, ...Binary, ...blob, ...Broken, ...brokenJson.values, ...Empty, ...comments.T]);
export const inputSchema = { type: 'object', properties: { a: { enum: Missing }, b: { enum: Broken.values }, c: { enum: brokenJson.values } } };
server.registerTool('t', { inputSchema: Missing ?? { type: 'object' } }, async () => ({}));
`,
      },
      lint: ['importer.ts', 'binary.js', 'broken.ts', 'empty.ts', 'only-comments.ts'],
      unparsable: ['binary.js', 'broken.ts'],
      maxMs: 20_000,
    },
    {
      name: 'symlink loops (file to file, file to itself, directory to its parent)',
      files: {
        'loop-a.ts': { symlink: 'loop-b.ts' },
        'loop-b.ts': { symlink: 'loop-a.ts' },
        'itself.ts': { symlink: 'itself.ts' },
        'nest/up': { symlink: '..' },
        'nest/real.ts': "export const T = ['x'];\n",
        'importer.ts': `${TOOL_PRELUDE}import { T as A } from './loop-a.js';\nimport { T as Self } from './itself.js';\nimport { T as Deep } from './nest/up/nest/up/nest/up/nest/real.js';\nimport * as upNs from './nest/up';\nexport const schema = z.enum([...A, ...Self, ...Deep, ...upNs.T]);\n`,
      },
      lint: ['importer.ts', 'nest/real.ts'],
      maxMs: 20_000,
    },
    {
      name: 'non-UTF-8 content (Latin-1 and UTF-16), linted and imported',
      files: {
        'latin1.ts': Buffer.concat([
          Buffer.from("export const MARKETS = ['caf"),
          Buffer.from([0xe9]),
          Buffer.from("', 'na"),
          Buffer.from([0xef]),
          Buffer.from("ve'];\n// comment \xff\xfe\n", 'latin1'),
          Buffer.from("export const schema = { type: 'string', enum: MARKETS };\n"),
        ]),
        'utf16.ts': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("export const T = ['a', 'b'];\n", 'utf16le')]),
        'importer.ts': `${TOOL_PRELUDE}import { MARKETS } from './latin1.js';\nimport { T } from './utf16.js';\nexport const schema = z.enum([...MARKETS, ...T]);\nexport const inputSchema = { type: 'object', properties: { m: { enum: MARKETS } } };\n`,
      },
      lint: ['latin1.ts', 'utf16.ts', 'importer.ts'],
      unparsable: ['utf16.ts'],
      maxMs: 20_000,
    },
    {
      name: 'CRLF, lone CR and U+2028 line ends, and a BOM (linted and imported, in TS and JSON)',
      files: {
        'crlf.ts': `${TOOL_PRELUDE}/** @enumPolicy closed\r\n * @corroboratedBy spec\r\n */\r\nexport const UNITS = ['g', 'kg'];\r\nexport const inputSchema = {\r\n  type: 'object',\r\n  properties: { u: { type: 'string', enum: UNITS } },\r\n};\r\nfunction toSchema(s) {\r\n  try {\r\n    return JSON.parse(s);\r\n  } catch {\r\n    return { type: 'object' };\r\n  }\r\n}\r\nexport const parameters = toSchema('{}');\r\n`.replace(/(?<!\r)\n/g, '\r\n'),
        'lone-cr.ts': "export const UNITS = ['g'];\rexport const inputSchema = {\r  type: 'object',\r  properties: { u: { enum: UNITS } },\r};\r",
        'line-separator.ts': "export const UNITS = ['g'];\u2028export const inputSchema = {\u2029 type: 'object', properties: { u: { enum: UNITS } } };\n",
        'bom.ts': `\uFEFF${TOOL_PRELUDE}export const REGIONS = ['US', 'UK'];\nexport const inputSchema = { type: 'object', properties: { r: { type: 'string', enum: REGIONS } } };\n`,
        'bom.json': '\uFEFF{ "values": ["US", "UK"], "enumPolicy": "closed" }\r\n',
        'importer.ts': `\uFEFF${TOOL_PRELUDE}import { REGIONS } from './bom.js';\r\nimport { UNITS } from './crlf.js';\r\nimport table from './bom.json';\r\nexport const schema = z.enum([...REGIONS, ...UNITS, ...table.values]);\r\n`,
      },
      lint: ['crlf.ts', 'lone-cr.ts', 'line-separator.ts', 'bom.ts', 'importer.ts'],
      maxMs: 20_000,
    },
  ];
}

/** Writes a fixture under `root`; false when the platform cannot make one of its symlinks. */
export function writeFixture(root: string, fixture: Fixture): boolean {
  for (const [relative, content] of Object.entries(fixture.files)) {
    const target = path.join(root, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (typeof content === 'string' || Buffer.isBuffer(content)) {
      fs.writeFileSync(target, content);
    } else if ('directory' in content) {
      fs.mkdirSync(target, { recursive: true });
    } else {
      try {
        fs.symlinkSync(content.symlink, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EPERM') return false;
        throw error;
      }
    }
  }
  return true;
}
