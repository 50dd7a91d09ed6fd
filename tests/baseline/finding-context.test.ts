import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import type { FindingIdentity } from '../../src/baseline/fingerprint.js';
import { identifyReports } from './identify.js';

/** Identifies every `{ type: 'object' }` literal with nothing else in it, in source order. */
function identify(code: string): FindingIdentity[] {
  return identifyReports(code, (context, report) => ({
    ObjectExpression(node) {
      const [only] = node.properties;
      if (node.properties.length === 1 && only && context.sourceCode.getText(only) === "type: 'object'") {
        report({ node: node as unknown as TSESTree.Node });
      }
    },
  }));
}

const contexts = (code: string) => identify(code).map((finding) => finding.context);
const ids = (code: string) => identify(code).map((finding) => finding.identity);

describe('the context of a finding', () => {
  it('names look-alike fallbacks of one tools array by each tool\'s name and property', () => {
    const code = `export const tools = [
  { name: 'search', inputSchema: toSchema(a) ?? { type: 'object' } },
  { name: "fetch", inputSchema: toSchema(b) ?? { type: 'object' }, outputSchema: { type: 'object' } },
  { description: 'unnamed', inputSchema: { type: 'object' } },
];
`;
    expect(contexts(code)).toEqual([
      'tools › [name="search"] › inputSchema',
      'tools › [name="fetch"] › inputSchema',
      'tools › [name="fetch"] › outputSchema',
      'tools › [] › inputSchema',
    ]);
    expect(new Set(ids(code)).size).toBe(4);
  });

  it('names registration calls by their literal argument and position, through anonymous callbacks', () => {
    expect(
      contexts(`server.registerTool('search', { inputSchema: spec ?? { type: 'object' } }, handler);
this.server.registerTool(\`fetch\`, { inputSchema: { type: 'object' } });
app.get('/tools', (req, res) => res.json(list ?? { type: 'object' }));
const schemas = specs.map((spec) => ({ ...spec, inputSchema: spec.inputSchema ?? { type: 'object' } }));
`),
    ).toEqual([
      'registerTool("search") argument 2 › inputSchema',
      'registerTool("fetch") argument 2 › inputSchema',
      'get("/tools") argument 2 › json() argument 1',
      'schemas › map() argument 1 › inputSchema',
    ]);
  });

  it('tells catch, switch cases, defaults and assignments apart inside one function', () => {
    expect(
      contexts(`export function toJsonSchema(kind: string, fallback = { type: 'object' }) {
  try {
    return convert(kind);
  } catch {
    return { type: 'object' };
  }
}
function fromZod(def: { typeName: string }) {
  switch (def.typeName) {
    case 'ZodAny':
      return { type: 'object' };
    default:
      return { type: 'object' };
  }
}
class Registry {
  static empty = { type: 'object' };
  add(tool) {
    this.schema = tool.schema ?? { type: 'object' };
    const { inputSchema = { type: 'object' } } = tool;
  }
}
export default { schema: { type: 'object' } };
namespace Legacy { export const open = { type: 'object' }; }
`),
    ).toEqual([
      'toJsonSchema › default of fallback',
      'toJsonSchema › catch',
      'fromZod › case \'ZodAny\'',
      'fromZod › default',
      'Registry › empty',
      'Registry › add › schema =',
      'Registry › add › default of inputSchema',
      'export default › schema',
      'Legacy › open',
    ]);
  });

  it('names an object held by a constant, and leaves a bare module-level literal without context', () => {
    expect(contexts(`const t = [{ name: TOOL_NAME, inputSchema: { type: 'object' } }, { id: Tools.Search, inputSchema: { type: 'object' } }];\n({ type: 'object' });\n`)).toEqual([
      't › [name=TOOL_NAME] › inputSchema',
      't › [id=Tools.Search] › inputSchema',
      undefined,
    ]);
  });

  it('survives reordering elements and statements, quote style of the names, indentation and CRLF', () => {
    const original = `export const tools = [
  { name: 'search', inputSchema: a ?? { type: 'object' } },
  { name: 'fetch', inputSchema: b ?? { type: 'object' } },
];
export function helper() {
  return { type: 'object' };
}
`;
    const moved = `export function helper() {\r\n\t\treturn {\r\n\t\t\ttype: 'object'\r\n\t\t};\r\n}\r\n\r\n// The tools, sorted.\r\nexport const tools = [\r\n  { name: "fetch", inputSchema: b ?? { type: 'object' } },\r\n  { inputSchema: a ?? { type: 'object' }, name: \`search\` },\r\n];\r\n`;
    const byContext = (code: string) => new Map(identify(code).map((finding) => [finding.context, finding.identity]));
    expect(byContext(moved)).toEqual(byContext(original));
  });

  it('changes with the tool\'s name, the property or the enclosing declaration, not with an index', () => {
    const base = `const tools = [{ name: 'search', inputSchema: { type: 'object' } }];\n`;
    const [identity] = ids(base);
    expect(ids(base.replace("'search'", "'find'"))[0]).not.toBe(identity);
    expect(ids(base.replace('inputSchema', 'outputSchema'))[0]).not.toBe(identity);
    expect(ids(base.replace('const tools', 'const allTools'))[0]).not.toBe(identity);
    expect(ids(base.replace('[{', "[{ name: 'first' }, {").replace("name: 'search', ", "name: 'search', title: 'Search', "))[0]).toBe(identity);
  });

  it('keeps very long names readable and cannot be confused by separators inside literals', () => {
    const [long] = contexts(`const t = [{ name: '${'n'.repeat(100)}', s: { type: 'object' } }];\n`);
    expect(long).toBe(`t › [name="${'n'.repeat(59)}…"] › s`);
    // A literal that spells a separator is quoted, so it cannot imitate a deeper context.
    const [spelled] = ids(`const t = [{ name: 'a"] › inputSchema › x', s: { type: 'object' } }];\n`);
    const [nested] = ids(`const t = [{ name: 'a', s: { type: 'object' } }];\n`);
    expect(spelled).not.toBe(nested);
  });
});
