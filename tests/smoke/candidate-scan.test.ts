/**
 * The independent candidate scan, on small sources (this file runs in `npm test`): each kind is
 * found where it stands and not in the look-alike beside it. The scan is wide on purpose (its
 * candidates are judged by hand), so the "not" cases are the shapes it must never list at all.
 */
import { describe, expect, it } from 'vitest';
import { scanFile, type CandidateKind } from './candidate-scan.js';

const kinds = (source: string, file = 'src/x.ts'): [CandidateKind, number, string][] =>
  scanFile(file, source).map((candidate) => [candidate.kind, candidate.line, candidate.snippet]);

describe('scanFile', () => {
  it('lists a catch that returns an open object schema (the seed ADR helper)', () => {
    const source = [
      'export function toolSchema(def: ToolDef): JSONSchema7 {',
      '  try {',
      '    return marshal(def.args);',
      '  } catch (err) {',
      '    return { type: "object" };',
      '  }',
      '}',
    ].join('\n');
    expect(kinds(source)).toEqual([['catch-permissive', 5, '{ type: "object" }']]);
  });

  it('does not list a catch returning a constrained schema or a non-schema value', () => {
    const source = 'function f() { try { return g(); } catch { return { type: "object", additionalProperties: false }; } }\nfunction h() { try { return 1; } catch { return null; } }';
    expect(kinds(source)).toEqual([]);
  });

  it('lists `{}` or `true` in a catch only where the function or the code it tried speaks of schemas', () => {
    const source = [
      'function loadCache() { try { return JSON.parse(read()); } catch { return {}; } }',
      'function toSchema(def) { try { return convert(def); } catch { return {}; } }',
      'function f(def): JSONSchema7Definition { try { return zodToJsonSchema(def); } catch { return true; } }',
      // A predicate's `true` is its answer, not the schema `true`.
      'function safeIsOptional(schema) { try { return schema.isOptional(); } catch { return true; } }',
    ].join('\n');
    expect(kinds(source).map(([kind, line]) => [kind, line])).toEqual([
      ['catch-permissive', 2],
      ['catch-permissive', 3],
    ]);
  });

  it('lists library permissive values in a catch, and a rejection handler', () => {
    const source = 'function f() { try { return toZod(d); } catch { return z.object({}).passthrough(); } }\nconst s = load().catch(() => z.any());';
    expect(kinds(source).map(([kind, line]) => [kind, line])).toEqual([
      ['catch-permissive', 1],
      ['rejection-permissive', 2],
    ]);
  });

  it('lists a fall-through return after a loop, beside other returns', () => {
    const source = 'function resolve(ref) {\n  for (const d of defs) { if (d.id === ref) return d.schema; }\n  return { type: "object" };\n}';
    expect(kinds(source)).toEqual([['fallthrough-permissive', 3, '{ type: "object" }']]);
  });

  it('lists a guard returning a call to a function of the file that only returns a permissive value', () => {
    const source = 'function parseAnyDef() { return {}; }\nfunction parseRef(def, refs) {\n  if (refs.seen.has(def)) return parseAnyDef();\n  return { $ref: refs.path };\n}';
    expect(kinds(source).map(([kind, line]) => [kind, line])).toEqual([['fallthrough-permissive', 3]]);
  });

  it('lists converter options that turn the unconvertible into "anything"', () => {
    const source = 'const a = z.toJSONSchema(s, { unrepresentable: "any" });\nconst b = toJsonSchema(s, { errorMode: "ignore" });\nconst c = z.toJSONSchema(s, { unrepresentable: "throw" });';
    expect(kinds(source).map(([kind, line]) => [kind, line])).toEqual([
      ['permissive-converter-option', 1],
      ['permissive-converter-option', 2],
    ]);
  });

  it('lists `??`, `||` and defaults that supply a permissive value for a schema-named thing only', () => {
    const source = 'const a = spec.inputSchema ?? { type: "object" };\nconst b = options || {};\nfunction f(schema = {}) {}';
    expect(kinds(source).map(([kind, line]) => [kind, line])).toEqual([
      ['logical-default', 1],
      ['logical-default', 3],
    ]);
  });

  it('lists a throw in a function declared to return a schema, not in one that returns data', () => {
    const source = 'function toolSchema(): JSONSchema7 { if (!x) throw new Error("no"); return build(); }\nfunction load(): string { throw new Error("no"); }';
    expect(kinds(source)).toEqual([['helper-throw', 1, 'throw new Error("no");']]);
  });

  it('lists enums fed by a named list, not inline literal enums', () => {
    const source = 'const A = z.enum(MARKETS);\nconst B = { enum: Object.keys(REGIONS) };\nconst C = z.enum(["asc", "desc"]);\nconst D = { enum: ["a", "b"] };';
    expect(kinds(source).map(([kind, line]) => [kind, line])).toEqual([
      ['enum-from-identifier', 1],
      ['enum-from-identifier', 2],
    ]);
  });

  it('lists a validator compiled inside a try', () => {
    const source = 'function v(s) { try { return ajv.compile(s); } catch { return () => true; } }';
    expect(kinds(source).map(([kind]) => kind)).toEqual(['validator-in-try']);
  });

  it('lists a misspelled keyword or a boolean `required` in an object schema, not a CLI option', () => {
    const source = 'const s = { type: "object", properties: { q: { type: "string", required: true } } };\nconst o = { name: "q", type: "string", required: true };';
    expect(kinds(source).map(([kind, line]) => [kind, line])).toEqual([['schema-typo', 1]]);
  });

  it('gives look-alikes in one function distinct keys that do not depend on their lines', () => {
    const body = 'function f() { try { a(); } catch { return {type:"object"}; } try { b(); } catch { return {type:"object"}; } }';
    const [first, second] = scanFile('src/x.ts', body);
    expect(first!.key).not.toBe(second!.key);
    const moved = scanFile('src/x.ts', `\n\n\n${body}`);
    expect(moved.map((candidate) => candidate.key)).toEqual([first!.key, second!.key]);
  });

  it('lists nothing in a file it cannot parse', () => {
    expect(scanFile('src/x.ts', 'function (')).toEqual([]);
  });
});
