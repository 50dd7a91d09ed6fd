import { describe, expect, it } from 'vitest';
import { probe, show } from './probe.js';

// A const whose object is written into after its declaration is not its initialiser: a schema
// literal filled in property by property (notion-mcp-server's parser) must not read as `{}`.

const valueOf = (code: string) => show(probe(code).value);

describe('bindings: writes through members', () => {
  it.each([
    ['an assigned property', `const s = { type: 'object', properties: {} };\ns.properties.a = { type: 'string' };\nconst probe = s;`],
    ['a computed write behind a non-null assertion', `const s = { properties: {} };\nfor (const k of keys) s.properties![k] = {};\nconst probe = s;`],
    ['a push into a member', `const s = { required: [] };\ns.required.push('a');\nconst probe = s;`],
    ['a push into the array itself', `const list = [];\nlist.push('a');\nconst probe = list;`],
    ['a push through a quoted method name', `const list = [];\nlist['push']('a');\nconst probe = list;`],
    ['a delete', `const s = { a: 1 };\ndelete s.a;\nconst probe = s;`],
    ['an update', `const s = { n: 1 };\ns.n++;\nconst probe = s;`],
    ['Object.assign into it', `const s = {};\nObject.assign(s, extra);\nconst probe = s;`],
    ['a write behind satisfies', `const s = { properties: {} };\n(s satisfies object as any).properties.a = {};\nconst probe = s;`],
    ['a write behind a type assertion', `const s = { properties: {} };\n(<any>s).properties.a = {};\nconst probe = s;`],
  ])('%s makes the binding unknown', (_name, code) => {
    expect(valueOf(code)).toBe('<unknown>');
  });

  it.each([
    ['reads', `const s = { a: 1 };\nuse(s.a, s.a.toString());\nconst probe = s;`, { a: 1 }],
    ['a non-mutating method', `const list = ['a'];\nconst upper = list.map((v) => v);\nconst probe = list;`, ['a']],
    ['a copy that is mutated', `const list = ['a'];\nconst copy = [...list];\ncopy.push('b');\nconst probe = list;`, ['a']],
    ['Object.freeze', `const s = { a: 1 };\nObject.freeze(s);\nconst probe = s;`, { a: 1 }],
  ])('%s keep the initialiser', (_name, code, expected) => {
    expect(valueOf(code)).toEqual(expected);
  });
});
