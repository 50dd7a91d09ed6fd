import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { probe, show } from './probe.js';

const evaluate = (code: string, filename?: string) => show(probe(code, { filename }).value);

describe('static evaluator', () => {
  it('evaluates literals, objects, arrays, spreads and templates', () => {
    expect(evaluate("const probe = { a: 1, b: 'x', c: [true, null], ...{ d: 2 }, [`k${1}`]: `v-${'w'}` };")).toEqual({
      a: 1,
      b: 'x',
      c: [true, null],
      d: 2,
      k1: 'v-w',
    });
    expect(evaluate('const base = [1, 2]; const probe = [0, ...base, ...new Set([3, 3])];')).toEqual([0, 1, 2, 3]);
  });

  it('follows const and never-reassigned let bindings in enclosing scopes, but not reassigned ones', () => {
    expect(evaluate("const A = 'a'; function f() { let b = A; { const probe = [A, b]; } }")).toEqual(['a', 'a']);
    expect(evaluate("let a = 'a'; a = 'b'; const probe = a;")).toBe('<unknown>');
    expect(evaluate('function f(p) { const probe = p.x; }')).toBe('<unknown>');
  });

  it('looks through TS wrappers, Object.freeze and member access', () => {
    expect(
      evaluate("const T = Object.freeze({ values: [{ code: 'US' }] } as const) satisfies object; const probe = (T.values[0]!).code as string;"),
    ).toBe('US');
  });

  it('runs the pure calls tables are derived with', () => {
    const code = `
      const T = { entries: { US: 1, MX: 2 }, values: [{ code: 'US' }, { code: 'MX' }] };
      const probe = {
        keys: Object.keys(T.entries),
        entries: Object.entries(T.entries).map(([k]) => k),
        codes: T.values.map((v) => v.code),
        named: T.values.map(({ code }) => code.toLowerCase()),
        filtered: T.values.filter((v) => v.code !== 'MX').map((v) => v.code),
        sliced: [1, 2, 3].slice(1),
        joined: [[1], [2, [3]]].flat().concat([4]),
        from: Array.from(new Set(['a', 'a', 'b'])),
      };`;
    expect(evaluate(code)).toEqual({
      keys: ['US', 'MX'],
      entries: ['US', 'MX'],
      codes: ['US', 'MX'],
      named: ['us', 'mx'],
      filtered: ['US'],
      sliced: [2, 3],
      joined: [1, 2, [3], 4],
      from: ['a', 'b'],
    });
  });

  it('keeps unknown holes in partly known values', () => {
    expect(evaluate('declare const x: unknown; const probe = { a: 1, b: x, ...x, c: 2 };')).toEqual({ a: '<unknown>', b: '<unknown>', c: 2, '<…>': true });
    expect(evaluate('declare const xs: string[]; const probe = [1, ...xs];')).toEqual([1, '<…>']);
    // A partly known spread's unknown part may overwrite `a` as well.
    expect(evaluate("declare const x: unknown; const base = { ...x, b: 2 }; const probe = { a: 1, ...base };")).toEqual({ a: '<unknown>', b: 2, '<…>': true });
  });

  it('records the bindings a value flowed through', () => {
    const { value } = probe("/** @enumPolicy described */\nexport const TABLE = { values: ['a'] };\nconst codes = [...TABLE.values];\nconst probe = codes;");
    expect(value.origins.map((origin) => origin.name)).toEqual(['codes', 'TABLE']);
    const table = value.origins[1]!;
    expect(table.exported).toBe(true);
    expect(table.isModuleLevel).toBe(true);
    expect(table.jsdoc).toContain('@enumPolicy described');
  });

  it('treats a call with a policy-keyed object as the table it defines', () => {
    expect(evaluate("const T = defineTable({ enumPolicy: 'closed', values: ['g'] }); const probe = T.values;")).toEqual(['g']);
    expect(evaluate("const T = other({ values: ['g'] }); const probe = T.values;")).toBe('<unknown>');
  });

  it('evaluates TS enums', () => {
    expect(evaluate("enum E { A = 'a', B = 'b' } enum N { X, Y } const probe = [E, N];")).toEqual([{ A: 'a', B: 'b' }, { X: 0, Y: 1 }]);
  });

  it('resolves schema-library builders, also through a const', () => {
    expect(evaluate("import { z } from 'zod'; const base = z.object({}); const probe = base.passthrough();")).toBe('<zod:object.passthrough>');
  });

  it('applies a project function of one returned expression to the call\'s arguments', () => {
    expect(evaluate("function keys(o) { return Object.keys(o).filter((k) => k !== 'B'); } enum E { A = 'a', B = 'b' } const probe = keys(E);")).toEqual(['A']);
    expect(evaluate("const T = ['a']; const pick = (values, extra = 'x') => [...values, extra]; const probe = pick(T);")).toEqual(['a', 'x']);
    // A call given nothing read through a binding reshapes no table, and is not applied.
    expect(evaluate("const pick = ({ values }) => values; const probe = pick({ values: ['a'] });")).toBe('<unknown>');
    // The result keeps the origins of what it was built from: the table, not the helper.
    const { value } = probe("/** @enumPolicy described */\nconst TABLE = ['a'];\nconst copy = (list) => list.slice();\nconst probe = copy(TABLE);");
    expect(value.origins.map((origin) => origin.name)).toContain('TABLE');
  });

  it('does not apply functions beyond one returned expression, methods reading this, or recursion', () => {
    expect(evaluate('const T = [1]; function f(x) { const y = [x]; return y; } const probe = f(T);')).toBe('<unknown>');
    expect(evaluate('const T = [1]; async function f(x) { return [x]; } const probe = f(T);')).toBe('<unknown>');
    expect(evaluate('const o = { list: [1], get() { return this.list; } }; const probe = o.get();')).toBe('<unknown>');
    expect(evaluate("const utils = { twice: (x) => [x, x] }; const probe = utils.twice('a');")).toBe('<unknown>');
    expect(evaluate('const N = [1]; function f(n) { return [n, ...f(n)]; } const probe = f(N);')).toEqual([[1], '<…>']);
    expect(evaluate('declare const args: unknown[]; const f = (a) => [a]; const probe = f(...args);')).toBe('<unknown>');
  });

  it('stops applying project functions past the per-file budget of calls', () => {
    const tables = Array.from({ length: 1_200 }, (_, index) => `const T${index} = [${index}];`).join('\n');
    const calls = Array.from({ length: 1_200 }, (_, index) => `wrap(T${index})`).join(', ');
    const { value } = probe(`${tables}\nconst wrap = (x) => [x]; const probe = [${calls}];`);
    const elements = value.kind === 'array' ? value.elements : [];
    expect(elements).toHaveLength(1_200);
    expect(show(elements[0]!)).toEqual([[0]]);
    expect(show(elements[999]!)).toEqual([[999]]);
    expect(show(elements[1_000]!)).toBe('<unknown>');
  });

  it('stays bounded on huge, deep and cyclic input: past each budget the rest is unknown', () => {
    // A literal longer than a list may hold keeps its known prefix and is marked incomplete.
    const huge = probe(`const probe = [${Array.from({ length: 50_000 }, (_, index) => index).join(',')}];`).value;
    const held = huge.kind === 'array' ? huge.elements : [];
    expect(huge.kind === 'array' && huge.complete).toBe(false);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThan(50_000);
    expect(show(held[held.length - 1]!)).toBe(held.length - 1);
    // Nesting past the depth budget: the lists outside are read, what lies deeper is unknown.
    let deep = probe(`const probe = ${'['.repeat(500)}1${']'.repeat(500)};`).value;
    let levels = 0;
    while (deep.kind === 'array' && deep.elements.length === 1) {
      levels += 1;
      deep = deep.elements[0]!;
    }
    expect(levels).toBeGreaterThan(0);
    expect(levels).toBeLessThan(500);
    expect(show(deep)).toBe('<unknown>');
    // A list doubled by spreads: small ones are read whole, one past the size budget is a list of unknown contents.
    const doubled = (times: number) =>
      show(probe(`const a0 = [1];\n${Array.from({ length: times }, (_, i) => `const a${i + 1} = [...a${i}, ...a${i}];`).join('\n')}\nconst probe = a${times};`).value);
    expect(doubled(4)).toEqual(Array.from({ length: 16 }, () => 1));
    expect(doubled(17)).toEqual(['<…>']);
    expect(doubled(200)).toEqual(['<…>']);
    expect(evaluate('const a = b; const b = a; const probe = a;')).toBe('<unknown>');
    expect(evaluate('const a = { self: a }; const probe = a.self;')).toBe('<unknown>');
  });
});

describe('static evaluator across modules', () => {
  const root = mkdtempSync(join(tmpdir(), 'schema-contract-eval-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('glossary/tables.ts', "export const MARKETS = { enumPolicy: 'described', values: ['US', 'MX'] };\n");
  write('glossary/index.ts', "export { MARKETS as MARKETPLACES } from './tables.js';\nexport * from './units';\n");
  write('glossary/units.ts', "/** @enumPolicy closed */\nexport const UNITS = ['g', 'lb'] as const;\n");
  write('codes.json', '{ "codes": ["a", "b"] }');
  write('cycle-a.ts', "export { X } from './cycle-b';\n");
  write('cycle-b.ts', "export { X } from './cycle-a';\n");
  write('broken.ts', 'export const = ;');
  const tool = join(root, 'tool.ts');

  it('follows .js→.ts, index files, re-exports, export * and namespace imports', () => {
    const code = `
      import { MARKETPLACES, UNITS } from './glossary';
      import * as glossary from './glossary/index.js';
      const probe = [MARKETPLACES.values, UNITS, glossary.UNITS];`;
    expect(evaluate(code, tool)).toEqual([['US', 'MX'], ['g', 'lb'], ['g', 'lb']]);
    const origins = probe(code, { filename: tool }).value;
    const first = origins.kind === 'array' ? origins.elements[0]! : origins;
    expect(first.origins.map((origin) => [origin.name, origin.file.endsWith('tables.ts')])).toContainEqual(['MARKETS', true]);
  });

  it('reads JSON modules', () => {
    expect(evaluate("import data from './codes.json'; const probe = data.codes;", tool)).toEqual(['a', 'b']);
  });

  it('treats missing, cyclic and unparsable modules as unknown', () => {
    expect(evaluate("import { X } from './missing'; const probe = X;", tool)).toBe('<unknown>');
    expect(evaluate("import { X } from './cycle-a'; const probe = X;", tool)).toBe('<unknown>');
    expect(evaluate("import { X } from './broken'; const probe = X;", tool)).toBe('<unknown>');
    expect(evaluate("import { X } from './glossary/'; const probe = X;", tool)).toBe('<unknown>');
  });

  it('applies a function imported from a project module, keeping the dependency table it is given', () => {
    write('utils.ts', "export function getEnumKeys(e: object) { return Object.keys(e).filter((k) => k !== 'Unknown'); }\n");
    expect(evaluate("import { getEnumKeys } from './utils.js'; enum E { Unknown = 0, A = 1 } const probe = getEnumKeys(E);", tool)).toEqual(['A']);
    expect(evaluate("import * as utils from './utils'; enum T { X = 1, Unknown = 2 } const probe = utils.getEnumKeys(T);", tool)).toEqual(['X']);
    // An object that is no table (a config, a schema) is not a reason to open the helper's module.
    expect(evaluate("import * as utils from './utils'; const T = { X: 1, Unknown: 2 }; const probe = utils.getEnumKeys(T);", tool)).toBe('<unknown>');
    // An argument read through no binding: the call reshapes no table, and the module stays closed.
    expect(evaluate("import * as utils from './utils'; const probe = utils.getEnumKeys({ X: 1 });", tool)).toBe('<unknown>');
    // An enum of an installed dependency stays unknown, and the list is still that package's table.
    write('node_modules/vendor-api/package.json', '{ "name": "vendor-api", "main": "index.js" }');
    write('node_modules/vendor-api/index.js', 'exports.Status = { A: 0 };\n');
    const { value } = probe("import { Status } from 'vendor-api'; import { getEnumKeys } from './utils.js'; const probe = getEnumKeys(Status);", { filename: tool });
    expect(value.kind).toBe('unknown');
    expect(value.origins.map((origin) => origin.dependency?.packageName)).toContain('vendor-api');
  });

  it('re-reads a module changed on disk', () => {
    write('changing.ts', "export const V = 'one';\n");
    expect(evaluate("import { V } from './changing'; const probe = V;", tool)).toBe('one');
    write('changing.ts', "export const V = 'two-changed';\n");
    expect(evaluate("import { V } from './changing'; const probe = V;", tool)).toBe('two-changed');
  });
});
