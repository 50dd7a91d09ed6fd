import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { getFallbackPosition, type FallbackPosition } from '../../../src/analysis/fallback/fallback-position.js';
import { atMarker } from '../../analysis/probe.js';

// The position analysis on its own: which form, which cause, which names. The expression under
// test is the one right after the `/*@*/` marker.

function positionOf(code: string): FallbackPosition | undefined {
  return atMarker(code, (context, node) => getFallbackPosition(node as TSESTree.Expression, context.sourceCode));
}

describe('getFallbackPosition', () => {
  it.each([
    ['catch return', `function f() { try { return a(); } catch { return /*@*/{}; } }`, 'catch', 'failure'],
    ['catch assignment', `let schema; try { schema = a(); } catch { schema = /*@*/{}; }`, 'catch', 'failure'],
    ['??', `const x = def.inputSchema ?? /*@*/{};`, 'logical', 'absence'],
    ['|| on a call result', `const x = convert(s) || /*@*/{};`, 'logical', 'failure'],
    ['?? on a lookup call is absence', `const x = tools.get(name) ?? /*@*/{};`, 'logical', 'absence'],
    ['?? on a binding initialised from a call', `const b = build(s); const x = b ?? /*@*/{};`, 'logical', 'failure'],
    ['?? on a declared field of a built value', `const d = load(s); const x = d.inputSchema ?? /*@*/{};`, 'logical', 'absence'],
    ['?? on a caught error', `try { a(); } catch (error) { const x = error ?? /*@*/{}; }`, 'logical', 'failure'],
    ['?? inside a catch handler is failure', `try { a(); } catch { const x = def.inputSchema ?? /*@*/{}; }`, 'logical', 'failure'],
    ['??=', `let s = def.schema; s ??= /*@*/{};`, 'logical', 'absence'],
    ['conditional on presence', `const x = tool.inputSchema ? c(tool.inputSchema) : /*@*/{};`, 'conditional', 'absence'],
    ['conditional on == null', `const x = tool.inputSchema == null ? /*@*/{} : tool.inputSchema;`, 'conditional', 'absence'],
    ['conditional on typeof undefined', `const x = typeof s === 'undefined' ? /*@*/{} : s;`, 'conditional', 'absence'],
    ['conditional on Object.hasOwn', `const x = Object.hasOwn(def, 'inputSchema') ? def.inputSchema : /*@*/{};`, 'conditional', 'absence'],
    ['conditional on ok', `const x = r.ok ? r.value : /*@*/{};`, 'conditional', 'failure'],
    ['conditional on isOk()', `const x = r.isOk() ? r.value : /*@*/{};`, 'conditional', 'failure'],
    ['conditional on a shape check', `const x = typeof s === 'object' ? s : /*@*/{};`, 'conditional', 'failure'],
    ['conditional on presence and shape', `const x = s && Array.isArray(s.items) ? s : /*@*/{};`, 'conditional', 'failure'],
    ['default parameter', `function f(schema = /*@*/{}) {}`, 'default-value', 'absence'],
    ['destructuring default', `const { inputSchema = /*@*/{} } = def;`, 'default-value', 'absence'],
    ['.catch', `p.catch(() => (/*@*/{}));`, 'rejection-handler', 'failure'],
    ['.then rejection', `p.then(ok, () => (/*@*/{}));`, 'rejection-handler', 'failure'],
    ['unwrapOr', `r.unwrapOr(/*@*/{});`, 'result-default', 'failure'],
    ['getOrElse callback', `E.getOrElse(() => (/*@*/{}));`, 'result-default', 'failure'],
    ['guard on presence', `function f(t) { if (t.inputSchema === undefined) return /*@*/{}; return c(t.inputSchema); }`, 'guard-return', 'absence'],
    ['guard on a result', `function f(t) { if (!r.ok) { log(); return /*@*/{}; } return r.value; }`, 'guard-return', 'failure'],
    ['fall-through after a guard', `function f(s) { if (s instanceof Z) return c(s); return /*@*/{}; }`, 'guard-return', 'failure'],
    ['else branch', `function f(s) { if (s) return c(s); else return /*@*/{}; }`, 'guard-return', 'absence'],
    ['switch default', `function f(n) { switch (n.k) { case 'a': return { type: 'string' }; default: return /*@*/{}; } }`, 'switch-default', 'failure'],
    ['a cast is looked through', `const x = def.inputSchema ?? (/*@*/{} as JSONSchema);`, 'logical', 'absence'],
    // Issue 18: the fall-through past plain statements, inside a try, and an if/else assignment.
    ['fall-through past logging', `function f(s) { if (s.ok) return s.value; log(s); const n = 1; return /*@*/{}; }`, 'guard-return', 'failure'],
    ['fall-through inside a try', `function f(s) { try { if (ok(s)) return c(s); return /*@*/{}; } catch { return null; } }`, 'guard-return', 'failure'],
    ['fall-through after kind tests', `function f(d) { if (d.typeName === 'ZodAny') return {}; return /*@*/{}; }`, 'guard-return', 'failure'],
    ['an else assignment', `let s; if (b.ok) { s = b.value; } else { s = /*@*/{}; }`, 'branch-assign', 'failure'],
    ['an if assignment with an else', `let s; if (!def.inputSchema) s = /*@*/{}; else s = def.inputSchema;`, 'branch-assign', 'absence'],
  ] as const)('%s', (_name, code, form, cause) => {
    const position = positionOf(code);
    expect(position).toMatchObject({ form, cause });
  });

  it.each([
    ['a plain initialiser', `const inputSchema = /*@*/{};`],
    ['a call argument', `register(/*@*/{});`],
    ['the left of ??', `const x = /*@*/{} ?? y;`],
    ['&&', `const x = y && /*@*/{};`],
    ['a plain assignment', `let s; s = /*@*/{};`],
    ['a callback of map inside a catch', `function f() { try { return a(); } catch { return xs.map(() => (/*@*/{})); } }`],
    ['a guard in a function with no other return', `function f(s) { if (!s) return /*@*/{}; use(s); }`],
    ['a lone switch default', `function f(n) { switch (n) { default: return /*@*/{}; } }`],
    ['a conditional test', `const x = /*@*/a ? b : c;`],
    ['a return with no guard', `function f() { return /*@*/{}; }`],
    ['a conditional spread', `const o = { ...(c ? a : /*@*/{}) };`],
    ['a ?? spread', `const o = { ...(a ?? /*@*/{}) };`],
    ['Object.entries of a default', `Object.entries(s.schemas || /*@*/{});`],
    ['Object.assign of a default', `Object.assign(target, s ?? /*@*/{});`],
    ['a for-of over a default', `for (const x of a ?? /*@*/{}) use(x);`],
    ['a nested conditional spread', `const o = { ...(c ? a : d ? b : /*@*/{}) };`],
    // Issue 18: the branch a kind test guards is a converter's case, not a fallback.
    ['a kind case', `function f(d) { if (d.typeName === 'ZodAny') return /*@*/{}; return { type: 'string' }; }`],
    ['a kind case against an enum member', `function f(d) { if (d.typeName === Kind.ZodAny) return /*@*/{}; return c(d); }`],
    ['an instanceof case', `function f(s) { if (s instanceof ZodAny) return /*@*/{}; return c(s); }`],
    ['a typeof case', `function f(v) { if (typeof v === 'object') return /*@*/{}; return ''; }`],
    ['a membership kind case', `function f(s) { if (['any', 'unknown'].includes(s.type)) return /*@*/{}; return c(s); }`],
    ['a kind case assigning', `let s; if (d.kind === 'any') { s = /*@*/{}; } else { s = c(d); }`],
    ['a guard separated by a loop', `function f(s) { if (s.ok) return s.value; for (const x of xs) use(x); return /*@*/{}; }`],
  ])('not a fallback: %s', (_name, code) => {
    expect(positionOf(code)).toBeUndefined();
  });

  it('names the target, the guarded field and the enclosing function', () => {
    expect(positionOf(`const tool = { inputSchema: def.parameters ?? /*@*/{} };`)?.names).toEqual(['inputSchema', 'parameters']);
    expect(positionOf(`function schemaOf(t) { try { return a(); } catch { return /*@*/{}; } }`)?.names).toEqual(['schemaOf']);
    expect(positionOf(`const { schema: local = /*@*/{} } = def;`)?.names).toEqual(['local', 'schema']);
    expect(positionOf(`const x = !tool.inputSchema || typeof s !== 'object' ? /*@*/{} : s;`)?.names).toEqual(['x', 'inputSchema', 's']);
  });

  it('lists what the fallback replaces', () => {
    const position = positionOf(`function f(s) { try { if (s) return a(s); return b(s); } catch { return /*@*/{}; } }`);
    expect(position?.replaced.map((node) => node.type)).toEqual(['CallExpression', 'CallExpression']);
    const switchPosition = positionOf(
      `function f(n) { switch (n.k) { case 'a': return A; case 'b': { return B; } default: return /*@*/{}; } }`,
    );
    expect(switchPosition?.replaced.map((node) => (node as TSESTree.Identifier).name).sort()).toEqual(['A', 'B']);
  });

  it('reports a schema-named property of a fallback value with its key', () => {
    const position = positionOf(`function f(t) { try { return c(t); } catch { return { ...t, inputSchema: /*@*/{} }; } }`);
    expect(position).toMatchObject({ form: 'catch', cause: 'failure', nestedKey: 'inputSchema' });
  });
});
