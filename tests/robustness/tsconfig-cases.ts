/**
 * Issue 34's tsconfig graphs, as projects: a table, a tool that imports it by a relative path and
 * twelve that import it through a `paths` alias the graph declares somewhere. Shared by
 * tsconfig-graphs.test.ts (what is opened) and bench/hostile-time.measure.ts (what it costs).
 */

/** Linted files importing the glossary through the alias; one more imports it by a relative path. */
export const ALIAS_FILES = 12;

const TABLE = "export const UNITS = { enumPolicy: 'described', values: ['g', 'kg'] };\n";
const tool = (specifier: string): string => `import { z } from 'zod';\nimport { UNITS } from '${specifier}';\nexport const input = z.object({ unit: z.enum(UNITS.values) });\n`;

/** The project's files around `configs` (tsconfig.json and what it extends), with `eslintConfig` as eslint.config.mjs. */
export function graphProject(configs: Readonly<Record<string, string>>, eslintConfig: string): Record<string, string> {
  const files: Record<string, string> = {
    ...configs,
    'package.json': JSON.stringify({ name: 'graphs', type: 'module' }),
    'eslint.config.mjs': eslintConfig,
    'src/glossary/tables.ts': TABLE,
    'src/relative.ts': tool('./glossary/tables.js'),
  };
  for (let index = 0; index < ALIAS_FILES; index++) files[`src/tool${index}.ts`] = tool('@/glossary/tables.js');
  return files;
}

const ALIAS = { compilerOptions: { paths: { '@/*': ['../src/*'] } } };

/** A chain of `extends` 1,500 deep whose last config declares the alias. */
export function deepChain(): Record<string, string> {
  const configs: Record<string, string> = { 'tsconfig.json': JSON.stringify({ extends: './configs/c0.json', compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }) };
  for (let index = 0; index < 1500; index++) configs[`configs/c${index}.json`] = JSON.stringify(index === 1499 ? ALIAS : { extends: `./c${index + 1}.json` });
  return configs;
}

/** Each level extends both configs of the next, `levels` deep: 2^levels paths to the last level, which declares the alias. */
export function diamond(levels: number): Record<string, string> {
  const configs: Record<string, string> = {
    'tsconfig.json': JSON.stringify({ extends: ['./configs/l0a.json', './configs/l0b.json'], compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
  };
  for (let level = 0; level < levels; level++) {
    for (const side of ['a', 'b']) configs[`configs/l${level}${side}.json`] = JSON.stringify(level === levels - 1 ? ALIAS : { extends: [`./l${level + 1}a.json`, `./l${level + 1}b.json`] });
  }
  return configs;
}

/** A tsconfig with `count` `paths` entries, each key `keyPadding` characters long; `@/*` is the first. */
export function manyPaths(count: number, keyPadding: number): Record<string, string> {
  const paths: Record<string, string[]> = { '@/*': ['./src/*'] };
  for (let index = 1; index < count; index++) paths[`@pkg${index}/${'x'.repeat(keyPadding)}/*`] = [`./vendor/${'y'.repeat(40)}${index}/*`];
  return { 'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths } }) };
}
