import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../../../bench/corpus.mjs';
import { isTypeWrapper } from '../../../src/analysis/syntax/ast.js';
import { fallbackSlotListeners, getFallbackPosition } from '../../../src/analysis/fallback/fallback-position.js';
import { lintWithProbe } from '../../analysis/probe.js';

// The rule listens only to the constructs that hold a fallback slot (`fallbackSlotListeners`)
// instead of to every expression. That is safe only if every expression `getFallbackPosition`
// accepts is offered by those listeners: checked here over every expression of real-shaped code.

const REPOSITORY = join(import.meta.dirname, '../../..');

/** Every form `getFallbackPosition` knows, in one file, including nested members and wrappers. */
const EVERY_FORM = `
import { z } from 'zod';
export function forms(tool: { inputSchema?: object }, built: { ok: boolean; schema?: object }, build: () => object) {
  const a = tool.inputSchema ?? {};
  const b = tool.inputSchema || ({ type: 'object' } as const);
  let c = tool.inputSchema; c ??= {}; c ||= {};
  const d = built.ok ? built.schema : { type: 'object' };
  const e = built.ok ? {} : built.schema!;
  function f(schema = {}) { return schema; }
  const { inputSchema = {} } = tool;
  const g = result(build).unwrapOr({});
  const h = promise(build).catch(() => ({}));
  const i = promise(build).then((s) => s, () => z.any());
  let j: object;
  try { j = build(); } catch { j = {}; }
  try { return build(); } catch { return { ...tool, inputSchema: {} satisfies object }; }
  switch (tool.inputSchema) { case undefined: return built.schema; default: return true; }
  if (built.ok) return built.schema;
  return <object>{};
}
declare function result<T>(f: () => T): { unwrapOr(value: T): T };
declare function promise<T>(f: () => T): Promise<T>;
`;

function filesUnder(directory: string, extension = '.ts'): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, extension);
    return entry.name.endsWith(extension) ? [path] : [];
  });
}

const sources: [string, string][] = [
  ['every-form.ts', EVERY_FORM],
  ...[...generateCorpus({ scale: 0.05 }).files].filter(([path]) => path.endsWith('.ts')),
  ...[...filesUnder(join(REPOSITORY, 'examples/tool-server/src')), ...filesUnder(join(REPOSITORY, 'tests/fixtures'))]
    // The one fixture that does not parse, on purpose.
    .filter((path) => !path.endsWith('/broken.ts'))
    .map(
    (path): [string, string] => [relative(REPOSITORY, path), readFileSync(path, 'utf8')],
  ),
];

/** Every kind of node the rule can check: each `…Expression`, and the three that are not named so. */
function isExpressionLike(node: TSESTree.Node): boolean {
  return node.type.endsWith('Expression') || node.type === 'Identifier' || node.type === 'Literal' || node.type === 'TSTypeAssertion';
}

/** Expressions with a fallback position that the slot listeners did not offer, and how many had one. */
function unoffered(
  code: string,
  filename: string,
  memberKeys?: (key: string) => boolean,
): { missed: string[]; positions: number; offered: Set<TSESTree.Node> } {
  const offered = new Set<TSESTree.Node>();
  const expressions: TSESTree.Expression[] = [];
  const missed: string[] = [];
  let positions = 0;
  const messages = lintWithProbe(
    code,
    (context) => {
      const listeners = fallbackSlotListeners((slot) => offered.add(slot), { memberKeys });
      return {
        ...listeners,
        '*'(node: TSESTree.Node) {
          if (isExpressionLike(node)) expressions.push(node as TSESTree.Expression);
        },
        'Program:exit'() {
          for (const expression of expressions) {
            const parent = expression.parent;
            if (parent && isTypeWrapper(parent) && parent.expression === expression) continue;
            const position = getFallbackPosition(expression, context.sourceCode);
            // A member under a key the caller cannot report is not owed to it.
            if (position && (position.nestedKey === undefined || !memberKeys || memberKeys(position.nestedKey))) {
              positions += 1;
              if (!offered.has(expression)) missed.push(`${filename}:${expression.loc.start.line}:${expression.loc.start.column} ${expression.type}`);
            }
          }
        },
      };
    },
    filename,
  );
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(`${filename} does not parse: ${fatal.message}`);
  return { missed, positions, offered };
}

describe('fallbackSlotListeners', () => {
  it('offers every expression that getFallbackPosition accepts', () => {
    let positions = 0;
    const missed: string[] = [];
    for (const [filename, code] of sources) {
      const result = unoffered(code, filename);
      positions += result.positions;
      missed.push(...result.missed);
    }
    expect(missed).toEqual([]);
    // Not vacuous: the sources hold many positions of every form.
    expect(positions).toBeGreaterThan(500);
  });

  it('offers each form of the one-file sample', () => {
    const { missed, positions } = unoffered(EVERY_FORM, 'every-form.ts');
    expect(missed).toEqual([]);
    expect(positions).toBeGreaterThanOrEqual(20);
  });

  it('offers the members of a fallback value only under the keys asked for', () => {
    const onlySchemaKeys = (key: string) => /schema/i.test(key);
    const { missed, positions, offered } = unoffered(EVERY_FORM, 'every-form.ts', onlySchemaKeys);
    expect(missed).toEqual([]);
    // The sample has members under other keys, which are then not owed.
    expect(positions).toBeLessThan(unoffered(EVERY_FORM, 'every-form.ts').positions);
    const members = [...offered].filter((node) => node.parent?.type === 'Property');
    expect(members.length).toBeGreaterThan(0);
    for (const member of members) {
      const property = member.parent as TSESTree.Property;
      expect(property.key.type === 'Identifier' && onlySchemaKeys(property.key.name)).toBe(true);
    }
  });
});
