/**
 * The budget of what the module graph holds across files (`module-cache.ts`): least recently
 * used modules are evicted past it and parsed again when needed, the modules one pass uses are
 * never evicted while it runs, one pass reads no more than the budget's worth of source, and a
 * value an imported module doubles is as bounded as one the linted file doubles.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearHeldModules, heldSourceBytes, HeldCache, MODULE_MEMORY_LIMITS } from '../../src/analysis/modules/module-cache.js';
import { getModuleParseCounts, loadModule } from '../../src/analysis/modules/module-graph.js';
import { probe, show } from './probe.js';

const root = mkdtempSync(join(tmpdir(), 'schema-contract-module-cache-'));

/** A module of `share` of the budget (a long comment, which parses in no time), exporting `A`. */
function moduleOf(name: string, share: number): string {
  const file = join(root, `${name}.ts`);
  const header = `export const A = ['${name}'];\n//`;
  writeFileSync(file, `${header}${'x'.repeat(Math.floor(MODULE_MEMORY_LIMITS.sourceBytes * share) - header.length)}\n`);
  return file;
}

const parses = (file: string): number => getModuleParseCounts().get(file) ?? 0;

// The ceiling a 1 GB heap gives (it follows the heap, which differs between machines and runners).
beforeEach(() => clearHeldModules(MODULE_MEMORY_LIMITS.sourceBytes));

describe('module cache', () => {
  it('evicts the least recently used module past the budget, and parses it again when a file needs it', () => {
    const files = ['lru0', 'lru1', 'lru2', 'lru3'].map((name) => moduleOf(name, 0.3));
    for (const file of files.slice(0, 3)) expect(loadModule(file, new Set())?.kind).toBe('module');
    // Used again by a later file: now the most recently used.
    loadModule(files[0]!, new Set());
    expect(loadModule(files[3]!, new Set())?.kind).toBe('module');
    expect(heldSourceBytes()).toBeLessThanOrEqual(MODULE_MEMORY_LIMITS.sourceBytes);
    expect(files.map(parses)).toEqual([1, 1, 1, 1]);
    // lru1 was the least recently used: evicted, and parsed again; lru0 was kept.
    expect(loadModule(files[1]!, new Set())?.kind).toBe('module');
    expect(loadModule(files[0]!, new Set())?.kind).toBe('module');
    expect(files.map(parses)).toEqual([1, 2, 1, 1]);
  });

  it('reads no more than the budget of source in one pass: the modules past it are unknown to that pass only', () => {
    const files = ['pass0', 'pass1', 'pass2', 'pass3'].map((name) => moduleOf(name, 0.3));
    const pass = new Set<string>();
    expect(files.map((file) => loadModule(file, pass)?.kind)).toEqual(['module', 'module', 'module', undefined]);
    // Refused for the whole pass, and never parsed for it.
    expect(loadModule(files[3]!, pass)).toBeUndefined();
    expect(parses(files[3]!)).toBe(0);
    // The pass holds what it read: none of it was evicted to make room.
    expect(files.slice(0, 3).map((file) => loadModule(file, pass)?.kind)).toEqual(['module', 'module', 'module']);
    // The next file reads it.
    expect(loadModule(files[3]!, new Set())?.kind).toBe('module');
  });

  it('decides what a pass reads by that pass alone, whatever earlier passes left in the cache', () => {
    const files = ['fresh0', 'fresh1', 'fresh2', 'fresh3'].map((name) => moduleOf(name, 0.3));
    for (const file of files) loadModule(file, new Set());
    const pass = new Set<string>();
    expect(files.map((file) => loadModule(file, pass)?.kind)).toEqual(['module', 'module', 'module', undefined]);
  });

  it('shares one budget between kinds of entries', () => {
    const held = new HeldCache<string>('test');
    const file = moduleOf('shared', 0.45);
    expect(loadModule(file, new Set())?.kind).toBe('module');
    // While its pass may still run, the module stays: an entry outside any pass is not held.
    expect(held.set('/x', 'x', MODULE_MEMORY_LIMITS.sourceBytes * 0.6, 1)).toBe(false);
    // Once a later pass runs, an entry that does not fit evicts the module, the least recently used.
    expect(loadModule(moduleOf('tiny', 0.01), new Set())?.kind).toBe('module');
    expect(held.set('/x', 'x', MODULE_MEMORY_LIMITS.sourceBytes * 0.6, 1)).toBe(true);
    expect(heldSourceBytes()).toBeLessThanOrEqual(MODULE_MEMORY_LIMITS.sourceBytes);
    expect(loadModule(file, new Set())?.kind).toBe('module');
    expect(parses(file)).toBe(2);
    // An entry larger than the budget is not held at all.
    expect(held.set('/y', 'y', MODULE_MEMORY_LIMITS.sourceBytes + 1, 1)).toBe(false);
    expect(held.has('/y')).toBe(false);
  });
});

describe('values evaluated in an imported module', () => {
  it('are bounded by the value budget: a doubled list or string is unknown, a small one exact', () => {
    const doubling = [
      "export const small = ['a', 'b'];",
      ...Array.from({ length: 30 }, (_, index) => `const a${index + 1} = [...${index === 0 ? 'small' : `a${index}`}, ...${index === 0 ? 'small' : `a${index}`}];`),
      'export const twice = a1;',
      'export const huge = a30;',
      "const s0 = 'ab';",
      ...Array.from({ length: 40 }, (_, index) => `const s${index + 1} = \`\${s${index}}\${s${index}}\`;`),
      'export const text = s40;',
      "export const flat = [huge, huge].flat().concat(huge).join('');",
    ].join('\n');
    writeFileSync(join(root, 'doubling.ts'), `${doubling}\n`);
    const file = join(root, 'importer.ts');
    const evaluate = (name: string) => probe(`import { ${name} } from './doubling.js';\nconst probe = ${name};`, { filename: file }).value;
    expect(show(evaluate('twice'))).toEqual(['a', 'b', 'a', 'b']);
    // As in the linted file: the step past the budget is a hole, and spreading a hole gives a
    // list known to be partial, with nothing in it.
    const huge = evaluate('huge');
    expect(huge.kind === 'array' ? { complete: huge.complete, length: huge.elements.length } : huge.kind).toEqual({ complete: false, length: 0 });
    for (const name of ['text', 'flat']) expect(evaluate(name).kind, name).toBe('unknown');
  });
});
