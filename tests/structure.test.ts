import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { rules } from '../rules/index.js';
import plugin from '../src/index.js';
import { BASELINE_STALE_MESSAGE_ID } from '../src/baseline/rule-wrapper.js';
import { REPOSITORY_URL } from '../src/util/create-rule.js';

const root = join(import.meta.dirname, '..');
/** Rule docs link to the release's tag: what the installed version does. */
const manifestVersion = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const ruleFiles = readdirSync(join(root, 'rules'))
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -'.ts'.length));

const EXPECTED_RULES = [
  'no-fail-open-validator',
  'no-open-glossary-enum',
  'no-permissive-schema-fallback',
  'no-schema-helper-throw',
  'require-glossary-corroboration',
  'tool-definition-conventions',
  'tool-input-schema-conventions',
  'valid-schema-literal',
];

type JsonSchemaNode = Record<string, unknown>;

/** Collects every object-typed schema node, so each can be checked for closure and descriptions. */
function objectSchemas(schema: unknown, found: JsonSchemaNode[] = []): JsonSchemaNode[] {
  if (Array.isArray(schema)) {
    for (const item of schema) objectSchemas(item, found);
  } else if (schema && typeof schema === 'object') {
    const node = schema as JsonSchemaNode;
    if (node.type === 'object') found.push(node);
    for (const value of Object.values(node)) objectSchemas(value, found);
  }
  return found;
}

describe('plugin structure', () => {
  it('ships exactly the eight rules users configure and baseline by name', () => {
    expect(Object.keys(rules).sort()).toEqual(EXPECTED_RULES);
    expect(ruleFiles.sort()).toEqual(EXPECTED_RULES);
  });

  it('reads its meta from package.json', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(plugin.meta).toEqual({ name: manifest.name, version: manifest.version, namespace: 'schema-contract' });
  });

  describe.each(ruleFiles)('rule %s', (name) => {
    const rule = rules[name as keyof typeof rules];
    const source = readFileSync(join(root, 'rules', `${name}.ts`), 'utf8');

    it('is registered under its file name', () => {
      expect(rule).toBeDefined();
      expect(rule.name).toBe(name);
    });

    it('has a doc with why, ❌/✅ examples, options and "When not to use it"', () => {
      const docPath = join(root, 'docs', 'rules', `${name}.md`);
      expect(existsSync(docPath), `${docPath} is missing`).toBe(true);
      const doc = readFileSync(docPath, 'utf8');
      expect(doc).toContain('❌');
      expect(doc).toContain('✅');
      expect(doc).toMatch(/^## Options$/m);
      expect(doc).toMatch(/^## When not to use it$/m);
      expect(doc).not.toMatch(/\bTODO\b/);
      expect(rule.meta.docs?.url).toBe(`${REPOSITORY_URL}/blob/v${manifestVersion}/docs/rules/${name}.md`);
    });

    it('has a test file that exercises every message id', () => {
      const testPath = join(root, 'tests', 'rules', `${name}.test.ts`);
      expect(existsSync(testPath), `${testPath} is missing`).toBe(true);
      const tests = readFileSync(testPath, 'utf8');
      // The baseline wrapper owns its message (tested in tests/baseline/); every rule carries it.
      expect(rule.meta.messages).toHaveProperty(BASELINE_STALE_MESSAGE_ID);
      for (const messageId of Object.keys(rule.meta.messages).filter((id) => id !== BASELINE_STALE_MESSAGE_ID)) {
        expect(source, `rule never reports ${messageId}`).toMatch(new RegExp(`['"\`]${messageId}['"\`]|\\b${messageId}\\b`));
        expect(tests, `tests never assert ${messageId}`).toContain(messageId);
      }
    });

    it('describes itself with a verb and a {{placeholder}}-style message set', () => {
      expect(rule.meta.docs?.description).toMatch(/^(Disallow|Enforce|Require|Report|Validate|Check)\b/);
      expect(rule.meta.docs?.description).not.toMatch(/\.$/);
      expect(Object.keys(rule.meta.messages).length).toBeGreaterThan(0);
    });

    it('has an option schema that compiles, is closed and describes every option', () => {
      const schema = rule.meta.schema;
      expect(Array.isArray(schema)).toBe(true);
      const ajv = new Ajv({ strict: false });
      for (const optionSchema of schema as unknown[]) expect(() => ajv.compile(optionSchema as object)).not.toThrow();
      for (const node of objectSchemas(schema)) {
        expect(node.additionalProperties, JSON.stringify(node)).toBe(false);
        for (const [option, optionSchema] of Object.entries((node.properties ?? {}) as Record<string, JsonSchemaNode>)) {
          expect(typeof optionSchema.description, `option ${option} lacks a description`).toBe('string');
        }
      }
      if ((schema as unknown[]).length > 0) expect(rule.meta.defaultOptions).toBeDefined();
    });
  });
});

describe('configs', () => {
  const recommendedRules = Object.entries(rules)
    .filter(([, rule]) => rule.meta.docs?.recommended)
    .map(([name]) => `schema-contract/${name}`)
    .sort();

  it.each(['recommended', 'strict'] as const)('%s enables exactly the recommended rules, each at error', (level) => {
    const config = plugin.configs[level];
    expect(config.name).toBe(`schema-contract/${level}`);
    expect(Object.keys(config.rules ?? {}).sort()).toEqual(recommendedRules);
    for (const entry of Object.values(config.rules ?? {})) {
      expect(Array.isArray(entry) ? entry[0] : entry).toBe('error');
    }
    expect(config.plugins?.['schema-contract']).toBe(plugin);
  });

  it('strict passes each rule its strict options', () => {
    for (const [name, rule] of Object.entries(rules)) {
      const entry = plugin.configs.strict.rules?.[`schema-contract/${name}`];
      const strictOptions = rule.meta.docs?.strictOptions;
      expect(entry).toEqual(strictOptions ? ['error', ...strictOptions] : 'error');
    }
  });
});
