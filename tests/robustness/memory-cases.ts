/**
 * Issue 34's memory probes, generated at test time (each module is megabytes): large modules
 * imported, never linted, so that what the analysis holds of them is all that is measured. Every
 * generator is deterministic: the same bytes on every run.
 */

import { CANARY } from './hostile-cases.js';

/** Under the 2 MiB read limit, so every module is read (and parsed) unless a budget says no. */
export const MODULE_BYTES = 1.9 * 1024 * 1024;

export interface MemoryCase {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  /** Linted in this order, in one ESLint run; each must have a result. */
  readonly lint: readonly string[];
}

const PRELUDE = "import { z } from 'zod';\nconst server = globalThis.server;\nconst tools = [];\n";

/** The hostile suite's canary ends every linted file: its finding shows the file was analysed to its end. */
export { CANARY };

function fill(targetBytes: number, block: (index: number) => string, prelude = ''): { text: string; blocks: number } {
  const parts = [prelude];
  let size = prelude.length;
  let index = 0;
  for (; size < targetBytes; index += 1) {
    const text = block(index);
    parts.push(text);
    size += text.length;
  }
  return { text: parts.join(''), blocks: index };
}

/** Plain code: tables, schema helpers, schemas, as a large generated catalog would have them. */
export function plainModule(): string {
  return fill(
    MODULE_BYTES,
    (index) =>
      `export const TABLE_${index} = { enumPolicy: 'described', values: ['a${index}', 'b${index}', 'c${index}'] };\n` +
      `export function build${index}(flag: boolean, input: string) {\n` +
      `  if (!flag) throw new Error('disabled ${index}');\n` +
      `  const local = [...TABLE_${index}.values, input];\n` +
      `  return { type: 'object', properties: { q: { type: 'string', enum: local } }, required: ['q'] };\n` +
      '}\n' +
      `export const parameters${index} = { type: 'object', properties: { n: { type: 'number' }, r: { type: 'string', enum: TABLE_${index}.values } } };\n`,
    PRELUDE,
  ).text;
}

/**
 * Groups of values that double with each line (spreads, `concat`, `+`, templates, `flat`,
 * `join`), each group exported: 2^24 elements or 2^40 characters from a few hundred bytes.
 */
function doublingModule(): { text: string; groups: number } {
  const { text, blocks } = fill(MODULE_BYTES, (group) => {
    const lines: string[] = [`const a${group}_0 = ['a${group}', 'b'];`];
    for (let step = 0; step < 24; step += 1) lines.push(`const a${group}_${step + 1} = [...a${group}_${step}, ...a${group}_${step}];`);
    lines.push(`const c${group}_0 = ['c${group}', 'd'];`);
    for (let step = 0; step < 12; step += 1) lines.push(`const c${group}_${step + 1} = c${group}_${step}.concat(c${group}_${step}, c${group}_${step}, c${group}_${step});`);
    lines.push(`const s${group}_0 = 's${group}';`);
    for (let step = 0; step < 40; step += 1) {
      lines.push(step % 2 === 0 ? `const s${group}_${step + 1} = \`\${s${group}_${step}}\${s${group}_${step}}\`;` : `const s${group}_${step + 1} = s${group}_${step} + s${group}_${step};`);
    }
    lines.push(`const f${group}_0 = ['f${group}', 'g'];`);
    for (let step = 0; step < 24; step += 1) lines.push(`const f${group}_${step + 1} = [f${group}_${step}, f${group}_${step}].flat();`);
    lines.push(`const j${group}_0 = 'j${group}';`);
    for (let step = 0; step < 30; step += 1) lines.push(`const j${group}_${step + 1} = [j${group}_${step}, j${group}_${step}].join('');`);
    lines.push(`export const A${group} = a${group}_24;`, `export const C${group} = c${group}_12;`, `export const S${group} = [s${group}_40, s${group}_39];`);
    lines.push(`export const F${group} = f${group}_24;`, `export const J${group} = [j${group}_30];`);
    lines.push(`export const O${group} = { type: 'object', properties: { a: { enum: A${group} }, c: { enum: C${group} }, s: { enum: S${group} }, f: { enum: F${group} }, j: { enum: J${group} } } };`);
    return `${lines.join('\n')}\n`;
  });
  return { text, groups: blocks };
}

/** Reads two names of each plain module into tool schemas, then the canary. */
function importerOf(modules: readonly string[]): string {
  const lines = [PRELUDE.trimEnd()];
  modules.forEach((module, index) => {
    lines.push(`import { TABLE_1 as T${index}, parameters2 as P${index} } from './${module}.js';`);
    lines.push(`server.registerTool('t${index}', { inputSchema: { type: 'object', properties: { a: { type: 'string', enum: T${index}.values } } } }, async () => ({ content: [] }));`);
    lines.push(`server.registerTool('p${index}', { inputSchema: P${index} }, async () => ({ content: [] }));`);
  });
  return `${lines.join('\n')}\n${CANARY}`;
}

function plainModules(count: number, prefix: string): Record<string, string> {
  // One text for all: the modules are distinct files, which is all the analysis sees.
  const text = plainModule();
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}.ts`, text]));
}

export function memoryCases(): MemoryCase[] {
  const doubling = doublingModule();
  // The first, middle and last groups: each value doubles past the value budget, and more of
  // them would spend the file's budget (its later values are then holes, canary included).
  const groups = [0, Math.floor(doubling.groups / 2), doubling.groups - 1];
  const doublingUser = [
    PRELUDE.trimEnd(),
    "import * as big from './doubling.js';",
    `import { ${groups.map((group) => `A${group}, C${group}, S${group}, F${group}, J${group}, O${group}`).join(', ')} } from './doubling.js';`,
    ...groups.flatMap((group) => [
      `server.registerTool('t${group}', { inputSchema: { type: 'object', properties: { a: { type: 'string', enum: A${group} }, c: { type: 'string', enum: C${group} }, s: { type: 'string', enum: S${group} }, f: { type: 'string', enum: F${group} }, j: { type: 'string', enum: J${group} } } } }, async () => ({ content: [] }));`,
      `server.registerTool('o${group}', { inputSchema: O${group} }, async () => ({ content: [] }));`,
      `server.registerTool('z${group}', { inputSchema: z.object({ a: z.enum(A${group}), s: z.enum(big.S${group}) }) }, async () => ({ content: [] }));`,
    ]),
  ].join('\n');
  // Last, after the canary: every export of the module, read through its namespace.
  const namespaceRead = "tools.push({ name: 'ns', inputSchema: { type: 'object', properties: { x: { enum: Object.values(big) } } } });\n";
  const four = plainModules(4, 'four');
  const forty = plainModules(40, 'forty');
  const apart = plainModules(8, 'apart');
  return [
    {
      name: 'a 1.9 MB module of doubling values, imported',
      files: { 'doubling.ts': doubling.text, 'user.ts': `${doublingUser}\n${CANARY}${namespaceRead}` },
      lint: ['user.ts'],
    },
    {
      name: 'one file importing four plain 1.9 MB modules',
      files: { ...four, 'user.ts': importerOf(Object.keys(four).map((file) => file.replace(/\.ts$/, ''))) },
      lint: ['user.ts'],
    },
    {
      name: 'one file importing forty plain 1.9 MB modules',
      files: { ...forty, 'user.ts': importerOf(Object.keys(forty).map((file) => file.replace(/\.ts$/, ''))) },
      lint: ['user.ts'],
    },
    {
      // Each file reads one module, well within what one file may read: only evicting what the
      // files before it read keeps the run under the cap.
      name: 'eight files, each importing its own plain 1.9 MB module',
      files: { ...apart, ...Object.fromEntries(Object.keys(apart).map((file, index) => [`user${index}.ts`, importerOf([file.replace(/\.ts$/, '')])])) },
      lint: Object.keys(apart).map((_, index) => `user${index}.ts`),
    },
  ];
}
