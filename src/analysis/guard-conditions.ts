import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { memberName, unwrapChainAndTypeWrappers } from './ast.js';

/** A test on one condition expression: does it (read in the given polarity) establish the fact? */
export type ConditionTest = (condition: TSESTree.Expression, holds: boolean) => boolean;

/**
 * Whether knowing `condition` evaluated to `holds` establishes what `test` looks for. Looks through
 * `!`, and through `&&` (when true, both sides hold) and `||` (when false, both sides fail).
 */
export function conditionEstablishes(condition: TSESTree.Expression, holds: boolean, test: ConditionTest): boolean {
  const node = unwrapChainAndTypeWrappers(condition) as TSESTree.Expression;
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === '!') {
    return conditionEstablishes(node.argument, !holds, test);
  }
  if (node.type === AST_NODE_TYPES.LogicalExpression) {
    if ((node.operator === '&&' && holds) || (node.operator === '||' && !holds)) {
      return conditionEstablishes(node.left, holds, test) || conditionEstablishes(node.right, holds, test);
    }
  }
  return test(node, holds);
}

/** A statement after which control never reaches the next statement of its block. */
function alwaysExits(statement: TSESTree.Statement): boolean {
  switch (statement.type) {
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.ThrowStatement:
    case AST_NODE_TYPES.ContinueStatement:
    case AST_NODE_TYPES.BreakStatement:
      return true;
    case AST_NODE_TYPES.BlockStatement:
      return statement.body.some(alwaysExits);
    case AST_NODE_TYPES.IfStatement:
      return statement.alternate !== null && alwaysExits(statement.consequent) && alwaysExits(statement.alternate);
    default:
      return false;
  }
}

function isFunctionBoundary(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.FunctionDeclaration ||
    node.type === AST_NODE_TYPES.FunctionExpression ||
    node.type === AST_NODE_TYPES.ArrowFunctionExpression ||
    node.type === AST_NODE_TYPES.Program
  );
}

/**
 * The conditions that decide whether `node` is evaluated, with the outcome under which it is:
 * enclosing `if`/ternary/`&&`/`||`/`??` branches, and earlier `if (...) return` statements of
 * enclosing blocks (an early exit means the code below runs only when the test failed). Stops at
 * the enclosing function: a guard in a caller is out of sight without call-site analysis.
 */
export function controllingConditions(node: TSESTree.Node): { condition: TSESTree.Expression; holds: boolean }[] {
  const found: { condition: TSESTree.Expression; holds: boolean }[] = [];
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.IfStatement:
        if (parent.consequent === child) found.push({ condition: parent.test, holds: true });
        else if (parent.alternate === child) found.push({ condition: parent.test, holds: false });
        break;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.consequent === child) found.push({ condition: parent.test, holds: true });
        else if (parent.alternate === child) found.push({ condition: parent.test, holds: false });
        break;
      case AST_NODE_TYPES.LogicalExpression:
        if (parent.right === child) found.push({ condition: parent.left, holds: parent.operator === '&&' });
        break;
      case AST_NODE_TYPES.BlockStatement:
      case AST_NODE_TYPES.Program:
      case AST_NODE_TYPES.SwitchCase: {
        const body: readonly TSESTree.Node[] = parent.type === AST_NODE_TYPES.SwitchCase ? parent.consequent : parent.body;
        for (const statement of body) {
          if (statement === child) break;
          if (statement.type === AST_NODE_TYPES.IfStatement && statement.alternate === null && alwaysExits(statement.consequent)) {
            found.push({ condition: statement.test, holds: false });
          }
        }
        break;
      }
      default:
        break;
    }
    if (isFunctionBoundary(parent)) break;
  }
  return found;
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
    if (parent.type !== AST_NODE_TYPES.SwitchCase || !parent.consequent.includes(child as TSESTree.Statement)) continue;
    if (!parent.test || !isStringLiteral(parent.test, closedValue)) continue;
    const statement = parent.parent;
    const index = statement.cases.indexOf(parent);
    const previous = index > 0 ? statement.cases[index - 1] : undefined;
    const lastOfPrevious = previous?.consequent.at(-1);
    if (previous && !(lastOfPrevious && alwaysExits(lastOfPrevious))) continue;
    const discriminant = unwrapChainAndTypeWrappers(statement.discriminant);
    if (discriminant.type === AST_NODE_TYPES.MemberExpression && memberName(discriminant) === policyKey) {
      subjects.push(discriminant.object);
    }
  }
  return subjects;
}
