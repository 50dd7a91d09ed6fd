import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';

/** A test on one condition expression: does it (read in the given polarity) establish the fact? */
export type ConditionTest = (condition: TSESTree.Expression, holds: boolean) => boolean;

/**
 * Whether knowing `condition` evaluated to `holds` establishes what `test` looks for. Looks through
 * `!`, and through `&&` (when true, both sides hold) and `||` (when false, both sides fail).
 */
export function conditionEstablishes(condition: TSESTree.Expression, holds: boolean, test: ConditionTest): boolean {
  return conditionFacts(condition, holds, (node, nodeHolds) => (test(node, nodeHolds) ? true : undefined)).length > 0;
}

/** Memo of `alwaysExits`: nested `if`/`else` chains would otherwise be walked once per enclosing block. */
const exits = new WeakMap<TSESTree.Statement, boolean>();

/** A statement after which control never reaches the next statement of its block. */
function alwaysExits(statement: TSESTree.Statement): boolean {
  const known = exits.get(statement);
  if (known !== undefined) return known;
  let result: boolean;
  switch (statement.type) {
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.ThrowStatement:
    case AST_NODE_TYPES.ContinueStatement:
    case AST_NODE_TYPES.BreakStatement:
      result = true;
      break;
    case AST_NODE_TYPES.BlockStatement:
      result = statement.body.some(alwaysExits);
      break;
    case AST_NODE_TYPES.IfStatement:
      result = statement.alternate !== null && alwaysExits(statement.consequent) && alwaysExits(statement.alternate);
      break;
    default:
      result = false;
  }
  exits.set(statement, result);
  return result;
}

function isFunctionBoundary(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.FunctionDeclaration ||
    node.type === AST_NODE_TYPES.FunctionExpression ||
    node.type === AST_NODE_TYPES.ArrowFunctionExpression ||
    node.type === AST_NODE_TYPES.Program
  );
}

type StatementList = TSESTree.BlockStatement | TSESTree.Program | TSESTree.SwitchCase;

/** `if (...) return` statements of a block, in order: the code after each runs only when its test failed. */
const earlyExitsByBlock = new WeakMap<StatementList, readonly TSESTree.IfStatement[]>();

function earlyExitsOf(block: StatementList): readonly TSESTree.IfStatement[] {
  let found = earlyExitsByBlock.get(block);
  if (!found) {
    const body: readonly TSESTree.Node[] = block.type === AST_NODE_TYPES.SwitchCase ? block.consequent : block.body;
    const list: TSESTree.IfStatement[] = [];
    for (const statement of body) {
      if (statement.type === AST_NODE_TYPES.IfStatement && statement.alternate === null && alwaysExits(statement.consequent)) list.push(statement);
    }
    earlyExitsByBlock.set(block, (found = list));
  }
  return found;
}

/** How many of a block's early exits end before `offset` (they are in source order). */
function exitsBefore(exits: readonly TSESTree.IfStatement[], offset: number): number {
  let low = 0;
  let high = exits.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (exits[middle]!.range[1] <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Walks the conditions that decide whether `node` is evaluated, innermost first, up to the
 * enclosing function: enclosing `if`/ternary/`&&`/`||`/`??` branches (`visit`), and the early
 * exits of enclosing blocks before it (`visitBlock`, with how many of the block's exits precede).
 * A guard in a caller is out of sight without call-site analysis. Stops when a visitor returns true.
 */
function walkControl(
  node: TSESTree.Node,
  visit: (condition: TSESTree.Expression, holds: boolean) => boolean,
  visitBlock: (block: StatementList, exitsBeforeChild: number) => boolean,
): boolean {
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.IfStatement:
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.consequent === child && visit(parent.test, true)) return true;
        if (parent.alternate === child && visit(parent.test, false)) return true;
        break;
      case AST_NODE_TYPES.LogicalExpression:
        if (parent.right === child && visit(parent.left, parent.operator === '&&')) return true;
        break;
      case AST_NODE_TYPES.BlockStatement:
      case AST_NODE_TYPES.Program:
      case AST_NODE_TYPES.SwitchCase: {
        const count = exitsBefore(earlyExitsOf(parent), child.range[0]);
        if (count > 0 && visitBlock(parent, count)) return true;
        break;
      }
      default:
        break;
    }
    if (isFunctionBoundary(parent)) break;
  }
  return false;
}

/**
 * The conditions that decide whether `node` is evaluated, with the outcome under which it is:
 * enclosing `if`/ternary/`&&`/`||`/`??` branches, and earlier `if (...) return` statements of
 * enclosing blocks (an early exit means the code below runs only when the test failed). Stops at
 * the enclosing function. Lists every early exit above `node`: a caller asking about many nodes
 * of one block asks a `GuardIndex` instead, whose time does not grow with that product.
 */
export function controllingConditions(node: TSESTree.Node): { condition: TSESTree.Expression; holds: boolean }[] {
  const found: { condition: TSESTree.Expression; holds: boolean }[] = [];
  walkControl(
    node,
    (condition, holds) => {
      found.push({ condition, holds });
      return false;
    },
    (block, count) => {
      const exits = earlyExitsOf(block);
      for (let index = 0; index < count; index += 1) found.push({ condition: exits[index]!.test, holds: false });
      return false;
    },
  );
  return found;
}

/** What a condition, read in a polarity, establishes: keys the caller chooses (a table, a flag). */
export type ConditionFacts<K> = (condition: TSESTree.Expression, holds: boolean) => readonly K[];

/**
 * Answers "is `node` evaluated only under a condition that establishes one of these facts?" for
 * every node of a file in time linear in the file: each condition's facts are computed once, and
 * each block keeps, per fact, the first early exit that establishes it, so a node below a
 * thousand early exits looks each fact up once instead of reading every exit. One index per
 * linted file and per `factsOf` (whose answers must not change during the file).
 */
export class GuardIndex<K> {
  readonly #factsOf: ConditionFacts<K>;
  readonly #facts = [new Map<TSESTree.Expression, readonly K[]>(), new Map<TSESTree.Expression, readonly K[]>()];
  /** Per block: for each fact, how many early exits come before the first one establishing it, plus one. */
  readonly #firstExit = new Map<StatementList, Map<K, number>>();

  constructor(factsOf: ConditionFacts<K>) {
    this.#factsOf = factsOf;
  }

  isEstablished(node: TSESTree.Node, wanted: readonly K[]): boolean {
    return walkControl(
      node,
      (condition, holds) => this.factsOf(condition, holds).some((fact) => wanted.includes(fact)),
      (block, count) => {
        const first = this.firstExitOf(block);
        return wanted.some((fact) => (first.get(fact) ?? Number.POSITIVE_INFINITY) <= count);
      },
    );
  }

  private factsOf(condition: TSESTree.Expression, holds: boolean): readonly K[] {
    const memo = this.#facts[holds ? 1 : 0]!;
    let facts = memo.get(condition);
    if (!facts) memo.set(condition, (facts = this.#factsOf(condition, holds)));
    return facts;
  }

  private firstExitOf(block: StatementList): Map<K, number> {
    let first = this.#firstExit.get(block);
    if (!first) {
      first = new Map();
      for (const [index, exit] of earlyExitsOf(block).entries()) {
        for (const fact of this.factsOf(exit.test, false)) if (!first.has(fact)) first.set(fact, index + 1);
      }
      this.#firstExit.set(block, first);
    }
    return first;
  }
}

/**
 * Every fact `extract` finds in `condition` read as `holds`, looking through `!`, and through
 * `&&` (when true, both sides hold) and `||` (when false, both sides fail), as
 * `conditionEstablishes` does.
 */
export function conditionFacts<K>(condition: TSESTree.Expression, holds: boolean, extract: (test: TSESTree.Expression, holds: boolean) => K | undefined): K[] {
  const facts: K[] = [];
  const visit = (current: TSESTree.Expression, currentHolds: boolean): void => {
    const node = unwrapChainAndTypeWrappers(current) as TSESTree.Expression;
    if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === '!') {
      visit(node.argument, !currentHolds);
      return;
    }
    if (node.type === AST_NODE_TYPES.LogicalExpression && ((node.operator === '&&' && currentHolds) || (node.operator === '||' && !currentHolds))) {
      visit(node.left, currentHolds);
      visit(node.right, currentHolds);
      return;
    }
    const fact = extract(node, currentHolds);
    if (fact !== undefined) facts.push(fact);
  };
  visit(condition, holds);
  return facts;
}

function isNamed(node: TSESTree.Node, name: string): boolean {
  const inner = unwrapChainAndTypeWrappers(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name === name;
  if (inner.type === AST_NODE_TYPES.MemberExpression) return memberName(inner) === name;
  return false;
}

function isStringLiteral(node: TSESTree.Node, value: string): boolean {
  const inner = unwrapChainAndTypeWrappers(node);
  return (
    (inner.type === AST_NODE_TYPES.Literal && inner.value === value) ||
    (inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 0 && inner.quasis[0]?.value.cooked === value)
  );
}

/**
 * `x.enumPolicy === 'closed'` read so that it holds (also `!==` read as failed, and the literal on
 * either side). Returns the expression whose policy is checked (`x`), so the caller can tell
 * whether the guard checks the table the enum comes from.
 */
export function policyCheckSubject(
  condition: TSESTree.Expression,
  holds: boolean,
  policyKey: string,
  closedValue: string,
): TSESTree.Expression | undefined {
  const node = unwrapChainAndTypeWrappers(condition);
  if (node.type !== AST_NODE_TYPES.BinaryExpression) return undefined;
  const equality = node.operator === '===' || node.operator === '==';
  const inequality = node.operator === '!==' || node.operator === '!=';
  if (!(equality && holds) && !(inequality && !holds)) return undefined;
  for (const [member, literal] of [
    [node.left, node.right],
    [node.right, node.left],
  ] as const) {
    const inner = unwrapChainAndTypeWrappers(member);
    if (inner.type === AST_NODE_TYPES.MemberExpression && memberName(inner) === policyKey && isStringLiteral(literal, closedValue)) {
      return inner.object;
    }
  }
  return undefined;
}

/** Whether a condition reads the kill-switch flag (`FLAG`, `flags.FLAG`, `process.env.FLAG === '1'`). */
export function readsFlag(condition: TSESTree.Node, flag: string): boolean {
  const node = unwrapChainAndTypeWrappers(condition);
  if (isNamed(node, flag)) return true;
  switch (node.type) {
    case AST_NODE_TYPES.UnaryExpression:
      return readsFlag(node.argument, flag);
    case AST_NODE_TYPES.LogicalExpression:
    case AST_NODE_TYPES.BinaryExpression:
      return (node.left.type !== AST_NODE_TYPES.PrivateIdentifier && readsFlag(node.left, flag)) || readsFlag(node.right, flag);
    case AST_NODE_TYPES.CallExpression:
      // `isEnabled('EMIT_GLOSSARY_ENUMS')`, `flags.get('EMIT_GLOSSARY_ENUMS')`
      return node.arguments.some((argument) => isStringLiteral(argument, flag) || readsFlag(argument, flag));
    case AST_NODE_TYPES.MemberExpression:
      return readsFlag(node.object, flag);
    default:
      return false;
  }
}

/**
 * `switch (table.enumPolicy) { case 'closed': return { enum: codes } }`: the policy subjects
 * (`table`) of enclosing `case` clauses that only the closed value reaches (no fall-through from
 * a case above).
 */
export function closedCaseSubjects(node: TSESTree.Node, policyKey: string, closedValue: string): TSESTree.Expression[] {
  const subjects: TSESTree.Expression[] = [];
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent && !isFunctionBoundary(parent); child = parent, parent = parent.parent) {
    // A clause's child is its test or one of its statements: no search of the statements needed.
    if (parent.type !== AST_NODE_TYPES.SwitchCase || child === parent.test) continue;
    if (!parent.test || !isStringLiteral(parent.test, closedValue)) continue;
    const previous = caseBefore(parent);
    const lastOfPrevious = previous?.consequent.at(-1);
    if (previous && !(lastOfPrevious && alwaysExits(lastOfPrevious))) continue;
    const discriminant = unwrapChainAndTypeWrappers(parent.parent.discriminant);
    if (discriminant.type === AST_NODE_TYPES.MemberExpression && memberName(discriminant) === policyKey) {
      subjects.push(discriminant.object);
    }
  }
  return subjects;
}

/** The `case` just above `clause`, by binary search: `indexOf` per node is quadratic in a long `switch`. */
function caseBefore(clause: TSESTree.SwitchCase): TSESTree.SwitchCase | undefined {
  const cases = clause.parent.cases;
  let low = 0;
  let high = cases.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cases[middle]!.range[0] < clause.range[0]) low = middle + 1;
    else high = middle;
  }
  return low > 0 ? cases[low - 1] : undefined;
}
