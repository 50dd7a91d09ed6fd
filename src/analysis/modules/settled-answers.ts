import { recordDependencies, stillCurrent, type Dependencies, type InPass } from './file-stamps.js';
import type { ProjectBoundary } from './project-boundary.js';

/**
 * Answers about a module that rest on the modules behind it ("nothing reachable from here passes
 * a schema library's binding on"), kept across lint passes under issue 31's freshness rule: a
 * cache may outlive a lint when every use is revalidated against the disk.
 *
 * Each module of a walk gets a node: the stamps its own part of the answer rested on (its text's
 * version, the resolutions of its imports with everything they looked at: `recordDependencies`)
 * and the nodes of the modules it leads to. An answer for a module holds while every node it can
 * reach is current, which is the module's closure and no more: the paths checked in a later pass
 * are the ones a walk from there would have `stat`ed, without resolving anything again. One
 * walk's stamps for every module it visited would be sound too, but a walk that stops at a module
 * another walk settled would inherit all of that walk's paths, and the sets would grow towards the
 * whole project.
 */
export interface DependencyNode {
  /** Undefined when the module's part rested on something no stamp covers: never current. */
  own: Dependencies | undefined;
  readonly next: DependencyNode[];
}

function dependencyNode(): DependencyNode {
  return { own: [], next: [] };
}

/** Nodes found current, with their whole closure, in a pass. */
const currentInPass = new WeakMap<Set<string>, WeakSet<DependencyNode>>();

/** Whether every node reachable from `node` rests on stamps that are as they were. */
export function closureCurrent(node: DependencyNode, checked: Set<string>): boolean {
  let current = currentInPass.get(checked);
  if (!current) currentInPass.set(checked, (current = new WeakSet()));
  if (current.has(node)) return true;
  const seen = new Set<DependencyNode>([node]);
  const stack = [node];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (current.has(next)) continue;
    if (next.own === undefined || !stillCurrent(next.own, checked)) return false;
    for (const child of next.next) {
      if (!seen.has(child)) {
        seen.add(child);
        stack.push(child);
      }
    }
  }
  for (const found of seen) current.add(found);
  return true;
}

/** Settled answers per boundary and question; the oldest go first. */
const MAX_SETTLED = 50_000;

/** A module's settled answer: what it is, and the node of what it rests on. */
export interface Settled<T> {
  readonly node: DependencyNode;
  readonly value: T;
}

/** Modules' settled answers, by the boundary of the pass and a key naming the question. */
export class SettledAnswers<T> {
  readonly #byBoundary = new WeakMap<ProjectBoundary, Map<string, Map<string, Settled<T>>>>();

  #answersFor(boundary: ProjectBoundary, question: string): Map<string, Settled<T>> {
    let byQuestion = this.#byBoundary.get(boundary);
    if (!byQuestion) this.#byBoundary.set(boundary, (byQuestion = new Map()));
    let answers = byQuestion.get(question);
    if (!answers) byQuestion.set(question, (answers = new Map()));
    return answers;
  }

  /** `file`'s settled answer, when it still holds in this pass. */
  current(boundary: ProjectBoundary, question: string, file: string, checked: Set<string>): Settled<T> | undefined {
    const answers = this.#answersFor(boundary, question);
    const settled = answers.get(file);
    if (settled === undefined) return undefined;
    if (closureCurrent(settled.node, checked)) return settled;
    answers.delete(file);
    return undefined;
  }

  settle(boundary: ProjectBoundary, question: string, file: string, settled: Settled<T>): void {
    const answers = this.#answersFor(boundary, question);
    answers.delete(file);
    answers.set(file, settled);
    if (answers.size > MAX_SETTLED) answers.delete(answers.keys().next().value!);
  }
}

/** Values kept by `settledValue`, per cache; the oldest go first. */
const MAX_SETTLED_VALUES = 100_000;

/**
 * A value computed from the disk alone (a resolution), kept across passes with the stamps it
 * rested on and used while they are as they were; computed again, and kept anew, otherwise. A
 * value that rested on something no stamp covers is its pass's alone. The caller keys the cache
 * by everything else the value depends on (the importer, the specifier, the project's boundary).
 */
export function settledValue<T>(cache: Map<string, InPass<T>>, key: string, checked: Set<string>, compute: () => T): T {
  const known = cache.get(key);
  if (known?.dependencies !== undefined && stillCurrent(known.dependencies, checked)) return known.value;
  const recorded = recordDependencies(compute);
  cache.delete(key);
  if (recorded.dependencies !== undefined) {
    cache.set(key, recorded);
    if (cache.size > MAX_SETTLED_VALUES) cache.delete(cache.keys().next().value!);
  }
  return recorded.value;
}

/** What a walk reads of one module: that it ends the walk ("may"), or its part of the answer and the modules it leads to. */
export type ModuleStep<T> = 'stop' | { readonly value: T; readonly next: readonly string[] };

/** One question asked of a module's closure, walked by `walkClosure`. */
export interface ClosureQuestion<T> {
  /** The answer of a closure of nothing, and how two parts combine. */
  readonly empty: T;
  readonly combine: (a: T, b: T) => T;
  /** Reads one module; every stamp it takes is its node's own (`recordDependencies`). */
  readonly step: (module: string) => ModuleStep<T>;
  /** A module's answer found already, in this pass or settled in an earlier one; `stop` when it ends the walk. */
  readonly known: (module: string) => Settled<T> | 'stop' | undefined;
  /** Modules read at most: past it the walk ends. */
  readonly limit: number;
  /**
   * Whether an answer is as good as whole: no part still to come can change what its asker does
   * with it (evidence that suffices alone). The walk then ends with it, and its nodes are those of
   * the modules read so far: the answer rests on those and no more, since every part it holds
   * came from them.
   */
  readonly saturated?: (value: T) => boolean;
}

/**
 * Walks the closure of `start` (which the caller has found unknown): every module read once, with
 * a node of what its part rested on and links to the nodes of the modules it leads to, a module
 * whose answer is known already taken as it is. Undefined when a module, or the limit, ends it;
 * else the combined answer and the node of every module read, `start`'s among them; a saturated
 * answer (`ClosureQuestion.saturated`) ends it early.
 */
export function walkClosure<T>(start: string, question: ClosureQuestion<T>): { readonly value: T; readonly nodes: ReadonlyMap<string, DependencyNode> } | undefined {
  const nodes = new Map<string, DependencyNode>([[start, dependencyNode()]]);
  const queue = [start];
  let value = question.empty;
  for (let index = 0; index < queue.length; index += 1) {
    if (nodes.size > question.limit) return undefined;
    const module = queue[index]!;
    const node = nodes.get(module)!;
    const recorded = recordDependencies(() => question.step(module));
    node.own = recorded.dependencies;
    if (recorded.value === 'stop') return undefined;
    value = question.combine(value, recorded.value.value);
    if (question.saturated?.(value)) return { value, nodes };
    for (const target of recorded.value.next) {
      const walked = nodes.get(target);
      if (walked) {
        if (!node.next.includes(walked)) node.next.push(walked);
        continue;
      }
      const known = question.known(target);
      if (known === 'stop') return undefined;
      if (known) {
        value = question.combine(value, known.value);
        if (!node.next.includes(known.node)) node.next.push(known.node);
        if (question.saturated?.(value)) return { value, nodes };
        continue;
      }
      const child = dependencyNode();
      nodes.set(target, child);
      node.next.push(child);
      queue.push(target);
    }
  }
  return { value, nodes };
}
