/**
 * The checks on a file's tools beyond their schemas (see `client-profiles.ts` for the folder):
 * a name a client refuses, a name used twice in one registry, a missing or empty description.
 * `convention-sites.ts` lists the tools from `flow/tool-sites.ts`, the sink model's one
 * enumeration of tool sites; `tool-names.ts`
 * says what each client accepts as a name, with its documented source.
 *
 * Names and descriptions are what the one evaluator (`values/`) makes of them; a value it cannot
 * know is never a finding.
 */
import type { TSESTree } from '@typescript-eslint/utils';
import type { Evaluator } from '../values/evaluator.js';
import type { StaticValue } from '../values/static-value.js';
import { toolNameViolations, type ToolNameClient, type ToolNameViolation } from './tool-names.js';

/** One tool as the checks need it, from the sink model's enumeration of tool sites. */
export interface ConventionSite {
  /** The definition or registration, where a finding about the whole tool goes. */
  readonly node: TSESTree.Node;
  /** The expression (or key) that names the tool. */
  readonly nameNode: TSESTree.Node | undefined;
  /** The server, array or map the tool is registered in: names must be unique within one. */
  readonly registry: object | undefined;
  /** How a message names the registry: "`server`", "this tool list". */
  readonly registryLabel: string;
  /** The description's expression; `absent` when the definition certainly has none. */
  readonly description: TSESTree.Node | 'absent' | 'unknown';
  /** How a message says where the tool is defined: "registered by `server.registerTool()`". */
  readonly registration: string;
  /** A tool re-exposed from another tool's descriptor: its description is the source's. */
  readonly relayed: boolean;
}

export type ConventionFinding =
  | { readonly kind: 'invalid-name'; readonly node: TSESTree.Node; readonly name: string; readonly where: string; readonly violations: readonly ToolNameViolation[] }
  | { readonly kind: 'duplicate-name'; readonly node: TSESTree.Node; readonly name: string; readonly where: string; readonly first: TSESTree.Node; readonly registry: string }
  | { readonly kind: 'missing-description'; readonly node: TSESTree.Node; readonly name: string; readonly where: string }
  | { readonly kind: 'empty-description'; readonly node: TSESTree.Node; readonly name: string; readonly where: string };

export interface ConventionOptions {
  readonly clients: readonly ToolNameClient[];
  /** Report a definition that has no description at all (an empty one is always reported). */
  readonly requireDescription: boolean;
}

function staticString(value: StaticValue): string | undefined {
  return value.kind === 'primitive' && typeof value.value === 'string' ? value.value : undefined;
}

/** "registered by `server.registerTool()`, its name read from `SEARCH`": where a name came from, when a binding gave it. */
function whereOf(site: ConventionSite, value: StaticValue | undefined): string {
  const origin = value?.origins.find((candidate) => candidate.declaration.type === 'VariableDeclarator');
  return origin ? `${site.registration}, its name read from \`${origin.name}\`` : site.registration;
}

const FUNCTION_TYPES: ReadonlySet<string> = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function enclosingFunction(node: TSESTree.Node): TSESTree.Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (FUNCTION_TYPES.has(current.type)) return current;
  return undefined;
}

/**
 * Whether `a` and `b` certainly both run when their code runs: written in the same function (or
 * both at the top level), and not in two branches of one condition (`if (v2)
 * server.registerTool('search', …) else server.registerTool('search', …)`, a `try` and its
 * `catch`). Two functions registering the same name may be alternatives the caller picks from.
 */
function bothRun(a: TSESTree.Node, b: TSESTree.Node): boolean {
  if (enclosingFunction(a) !== enclosingFunction(b)) return false;
  const childTowardsA = new Map<TSESTree.Node, TSESTree.Node>();
  for (let child: TSESTree.Node = a, parent = a.parent; parent; child = parent, parent = parent.parent) childTowardsA.set(parent, child);
  for (let parent = b.parent; parent; parent = parent.parent) {
    if (!childTowardsA.has(parent)) continue;
    // The lowest common ancestor: a condition there puts them in exclusive branches.
    return !['IfStatement', 'ConditionalExpression', 'LogicalExpression', 'SwitchStatement', 'TryStatement'].includes(parent.type);
  }
  return true;
}

/** The checks on every tool of one file, in source order. */
export function checkToolConventions(sites: readonly ConventionSite[], evaluator: Evaluator, options: ConventionOptions): ConventionFinding[] {
  const findings: ConventionFinding[] = [];
  const seen = new Map<object, Map<string, ConventionSite[]>>();
  for (const site of sites) {
    const value = site.nameNode ? evaluator.evaluate(site.nameNode) : undefined;
    const name = value && staticString(value);
    const where = whereOf(site, value);
    if (name !== undefined && site.nameNode) {
      const violations = toolNameViolations(name, options.clients);
      if (violations.length > 0) findings.push({ kind: 'invalid-name', node: site.nameNode, name, where, violations });
      if (site.registry) {
        let names = seen.get(site.registry);
        if (!names) seen.set(site.registry, (names = new Map()));
        const earlier = names.get(name) ?? [];
        const first = earlier.find((candidate) => bothRun(candidate.node, site.node));
        if (first) findings.push({ kind: 'duplicate-name', node: site.nameNode, name, where, first: first.nameNode ?? first.node, registry: site.registryLabel });
        names.set(name, [...earlier, site]);
      }
    }
    // A definition built from a name it is given (`{ name, inputSchema, handler }` in a
    // registrar, a placeholder for a call whose tool is gone) is a template or a stand-in: the
    // tools it makes are the caller's, and are described there.
    if (site.relayed || site.description === 'unknown' || name === undefined) continue;
    if (site.description === 'absent') {
      if (options.requireDescription) findings.push({ kind: 'missing-description', node: site.nameNode ?? site.node, name, where });
      continue;
    }
    const description = staticString(evaluator.evaluate(site.description));
    if (description !== undefined && description.trim() === '') findings.push({ kind: 'empty-description', node: site.description, name, where });
  }
  return findings;
}
