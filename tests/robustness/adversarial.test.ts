/**
 * Adversarial inputs through ESLint's own `ESLint` class (so files are read from disk as in a real
 * run: BOM handling, invalid UTF-8, symlinks): no exception, no hang, a fatal message only where
 * the linted file itself cannot parse, and every other message from this plugin's rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFixtures, writeFixture } from './adversarial-fixtures.js';
import { allConfigurations, makeTempRoot } from './lint-helpers.js';

const root = makeTempRoot('adversarial');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const configurations = allConfigurations();

describe('adversarial inputs', () => {
  it.each(buildFixtures().map((fixture, index) => ({ ...fixture, index })))(
    '$name',
    async (fixture) => {
      const dir = path.join(root, `f${fixture.index}`);
      if (!writeFixture(dir, fixture)) return; // symlinks need privileges on some Windows set-ups
      const chosen = fixture.heavy ? configurations.filter(({ name }) => name === 'strict') : configurations;
      expect(chosen.length).toBeGreaterThan(0);
      for (const { name, config } of chosen) {
        const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, baseConfig: config });
        for (const file of fixture.lint) {
          const started = performance.now();
          const [result] = await eslint.lintFiles([path.join(dir, file)]);
          const ms = performance.now() - started;
          const where = `${name}: ${file}`;
          expect(result, where).toBeDefined();
          const fatal = result!.messages.filter((message) => message.fatal);
          if (fixture.unparsable?.includes(file)) {
            expect(fatal.length, `${where} should be ESLint's parse error`).toBe(1);
            expect(fatal[0]!.ruleId, where).toBeNull();
          } else if (fixture.mayNotParse?.includes(file)) {
            for (const message of fatal) expect(message.message, where).toMatch(/^Parsing error: Maximum call stack size exceeded/);
          } else {
            expect(fatal, where).toEqual([]);
          }
          for (const message of result!.messages.filter((message) => !message.fatal)) {
            expect(message.ruleId, `${where}: ${message.message}`).toMatch(/^schema-contract\//);
            expect(message.line, where).toBeGreaterThanOrEqual(1);
          }
          expect(ms, `${where} took ${ms.toFixed(0)} ms`).toBeLessThan(fixture.maxMs);
        }
      }
    },
    10 * 60_000,
  );
});
