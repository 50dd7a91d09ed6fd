import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, getTargetName } from '../analysis/syntax/ast.js';

/**
 * Where a finding sits, as names rather than positions: the chain of declarations, property keys,
 * call arguments, `catch` and `case` clauses from the top of the file down to the reported node,
 * plus the identifying literal of every object on the way (a tool's `name`). Two look-alike
 * fallbacks (`{ type: 'object' }` for two tools of one array) get different chains, while moving
 * code, reordering array elements or statements, re-indenting and changing line endings leave the
 * chain alone, because no index, line or column is part of it.
 *
 * What is deliberately left out, and so still collides, is written down in docs/baseline.md.
 */

/** Keys whose literal value names the object they are in: a tool, a route, a command. */
const IDENTIFYING_KEYS = ['name', 'toolName', 'id', 'key', 'operationId', 'url', 'path', 'command'] as const;
/** Long literals are cut: a literal that long is a description, and what is kept still tells objects apart. */
const LITERAL_LENGTH = 60;

function shortened(text: string): string {
  const chars = [...text];
  return chars.length <= LITERAL_LENGTH ? text : `${chars.slice(0, LITERAL_LENGTH - 1).join('')}…`;
}

/** The cooked value of a string or number literal (so `'a'`, `"a"` and `` `a` `` agree), quoted. */
function literalText(node: TSESTree.Node): string | undefined {
  if (node.type === AST_NODE_TYPES.Literal && (typeof node.value === 'string' || typeof node.value === 'number')) {
    return JSON.stringify(typeof node.value === 'string' ? shortened(node.value) : node.value);
  }
  if (node.type === AST_NODE_TYPES.TemplateLiteral && node.expressions.length === 0) {
    const cooked = node.quasis[0]?.value.cooked;
    return cooked === undefined || cooked === null ? undefined : JSON.stringify(shortened(cooked));
  }
  return undefined;
}

/** `Tools.search` or `TOOL_NAME`: a name held in a constant is as stable as a literal. */
function referenceText(node: TSESTree.Node): string | undefined {
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  if (node.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.property.type === AST_NODE_TYPES.Identifier) {
    const object = referenceText(node.object);
    return object === undefined ? undefined : `${object}.${node.property.name}`;
  }
  return undefined;
}

/** `name="search"` for `{ name: 'search', … }`: the first identifying key present, in priority order. */
function identifyingLiteral(object: TSESTree.ObjectExpression): string | undefined {
  for (const key of IDENTIFYING_KEYS) {
    for (const property of object.properties) {
      if (property.type !== AST_NODE_TYPES.Property || property.kind !== 'init' || property.method || property.shorthand) continue;
      if (getKeyName(property.key, property.computed) !== key) continue;
      const value = literalText(property.value) ?? referenceText(property.value);
      if (value !== undefined) return `${key}=${value}`;
    }
  }
  return undefined;
}

/** The callee's last name (`registerTool` of `this.server.registerTool`): the receiver is incidental. */
function calleeName(call: TSESTree.CallExpression | TSESTree.NewExpression): string {
  let callee: TSESTree.Node = call.callee;
  while (callee.type === AST_NODE_TYPES.ChainExpression || callee.type === AST_NODE_TYPES.TSNonNullExpression) {
    callee = callee.expression;
  }
  const name =
    callee.type === AST_NODE_TYPES.Identifier
      ? callee.name
      : callee.type === AST_NODE_TYPES.MemberExpression
        ? (getKeyName(callee.property, callee.computed) ?? '[…]')
        : '(…)';
  return call.type === AST_NODE_TYPES.NewExpression ? `new ${name}` : name;
}

function tokenText(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): string {
  return sourceCode
    .getTokens(node)
    .map((token) => token.value.replace(/\s+/g, ' ').trim())
    .join(' ');
}

function keyText(sourceCode: Readonly<TSESLint.SourceCode>, key: TSESTree.Node, computed: boolean): string {
  return getKeyName(key, computed) ?? `[${tokenText(sourceCode, key)}]`;
}

function callArgument(call: TSESTree.CallExpression | TSESTree.NewExpression, child: TSESTree.Node): string | undefined {
  const index = call.arguments.indexOf(child as TSESTree.CallExpressionArgument);
  if (index === -1) return undefined;
  // The first literal argument names what the call registers: `registerTool('search', …)`.
  const named = call.arguments.find((argument) => argument !== child && literalText(argument) !== undefined);
  return `${calleeName(call)}(${named ? literalText(named) : ''}) argument ${index + 1}`;
}

/** Parents that already name the function they hold: the function's own id would say it twice. */
const NAMING_PARENTS = new Set<AST_NODE_TYPES>([
  AST_NODE_TYPES.Property,
  AST_NODE_TYPES.MethodDefinition,
  AST_NODE_TYPES.PropertyDefinition,
  AST_NODE_TYPES.VariableDeclarator,
  AST_NODE_TYPES.AssignmentExpression,
  AST_NODE_TYPES.AssignmentPattern,
]);

/** The segment one step from `child` up to `parent` contributes, if any. */
function step(sourceCode: Readonly<TSESLint.SourceCode>, child: TSESTree.Node, parent: TSESTree.Node): string | undefined {
  switch (parent.type) {
    case AST_NODE_TYPES.Property:
      // A destructuring pattern's key is said again by the default it holds (`default of x`).
      return parent.value === child && parent.parent.type === AST_NODE_TYPES.ObjectExpression
        ? keyText(sourceCode, parent.key, parent.computed)
        : undefined;
    case AST_NODE_TYPES.MethodDefinition:
    case AST_NODE_TYPES.PropertyDefinition:
    case AST_NODE_TYPES.AccessorProperty:
    case AST_NODE_TYPES.TSAbstractMethodDefinition:
    case AST_NODE_TYPES.TSAbstractPropertyDefinition:
      return parent.value === child ? keyText(sourceCode, parent.key, parent.computed) : undefined;
    case AST_NODE_TYPES.CallExpression:
    case AST_NODE_TYPES.NewExpression:
      return callArgument(parent, child);
    case AST_NODE_TYPES.CatchClause:
      return parent.body === child ? 'catch' : undefined;
    case AST_NODE_TYPES.SwitchCase:
      return parent.test ? `case ${tokenText(sourceCode, parent.test)}` : 'default';
    case AST_NODE_TYPES.AssignmentPattern:
      return parent.right === child ? `default of ${getTargetName(parent.left) ?? '…'}` : undefined;
    case AST_NODE_TYPES.AssignmentExpression:
      return parent.right === child ? `${getTargetName(parent.left) ?? '…'} =` : undefined;
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === child && parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : undefined;
    case AST_NODE_TYPES.FunctionDeclaration:
      return parent.id?.name;
    case AST_NODE_TYPES.FunctionExpression:
      return parent.id && !NAMING_PARENTS.has(parent.parent.type) ? parent.id.name : undefined;
    case AST_NODE_TYPES.ClassDeclaration:
    case AST_NODE_TYPES.ClassExpression:
      return parent.id?.name;
    case AST_NODE_TYPES.TSModuleDeclaration:
      return parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : literalText(parent.id);
    case AST_NODE_TYPES.TSEnumDeclaration:
      return parent.id.name;
    case AST_NODE_TYPES.ExportDefaultDeclaration:
      return 'export default';
    default:
      return undefined;
  }
}

/**
 * The chain from the top of the file down to `node`, outermost first, e.g.
 * `['tools', '[name="search"]', 'inputSchema']`.
 */
export function findingContext(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): string[] {
  const segments: string[] = [];
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    // An object passed through (not the reported one, whose tokens already say what it holds)
    // is told apart by its identifying literal, and an array element by nothing else: no index.
    if (child !== node && child.type === AST_NODE_TYPES.ObjectExpression) {
      const literal = identifyingLiteral(child);
      if (parent.type === AST_NODE_TYPES.ArrayExpression) {
        segments.push(`[${literal ?? ''}]`);
        continue;
      }
      if (literal !== undefined) segments.push(`{${literal}}`);
    } else if (parent.type === AST_NODE_TYPES.ArrayExpression) {
      segments.push('[]');
      continue;
    }
    const segment = step(sourceCode, child, parent);
    if (segment !== undefined) segments.push(segment);
  }
  return segments.reverse();
}

/** How a context reads in messages and in the baseline file. */
export function describeContext(segments: readonly string[]): string {
  return segments.join(' › ');
}
