import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, isTypeWrapper } from '../syntax/ast.js';
import { type FunctionNode, getFunctionName, isFunctionNode } from '../syntax/function-name.js';
import { describeSink, isSubschemaPointer } from '../flow/sink-model.js';
import { getSinkAnalysis } from '../flow/value-flow.js';
import { isJsonSchemaShaped } from '../schemas/schema-model.js';
import { getEvaluator } from '../values/evaluator.js';
import type { EnumPosition } from './enum-positions.js';

/**
 * Where the schema holding an enum stands, for the strict check: an enum is a gate wherever its
 * schema ends up (a tool module usually imports the schema; the enum's file rarely holds the
 * tool), so a schema-library enum, or a JSON Schema `enum` in an object that is a JSON Schema by
 * its shape, is a schema by what it is and needs no sink in view. What the flow analysis sees
 * still decides two cases: a schema every use of which reads it as data (it parses a value the
 * program receives: its own API's responses, a webhook) and an elicitation form (a human picks
 * from a list shown to them) gate nothing hidden.
 */

/** How many parents are climbed to the outermost expression of the schema, or to a JSON Schema around an `enum`. */
const MAX_CLIMB = 16;

/**
 * The words the message puts after "This enum in the schema": the sink ("advertised as
 * `search`'s inputSchema") or, with no sink in view, where the schema stands ("exported as
 * `ListArgs`"). Undefined when the enum is no gate.
 */
export function strictGatePlace(position: EnumPosition, context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): string | undefined {
  const schema = position.schemaObject ?? position.call;
  if (!schema) return undefined;
  const flow = getSinkAnalysis(context);
  const answer = flow.finalSinkOf(schema);
  if (answer.kind === 'data') return undefined;
  if (answer.kind === 'schema') {
    // A human picks from an elicitation's list; the program's own parse (`Args.parse(input)`) fails where it can see it.
    if (answer.sink.role === 'elicitation' || answer.sink.role === 'parser') return undefined;
    if (answer.sink.role !== 'library' && answer.sink.role !== 'converter-input') return describeSink(answer.sink);
    // The builder the enum is part of goes no further as a schema: how the outermost one is used decides.
    const outer = answer.sink.slot.parent;
    if (outer?.type === AST_NODE_TYPES.CallExpression && flow.sinkOf(outer).kind === 'data') return undefined;
  }
  if (position.schemaObject && !isInJsonSchema(position.schemaObject, context)) return undefined;
  return describeStanding(schema);
}

/**
 * `{ type: 'string', enum: X }`, or `{ enum: X }` as a subschema of an object that is a JSON
 * Schema by its shape (`properties: { sort: { enum: X } }`): `{ enum: X }` alone is any object.
 */
function isInJsonSchema(object: TSESTree.ObjectExpression, context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): boolean {
  const evaluator = getEvaluator(context);
  let pointer: string[] = [];
  let current: TSESTree.Node = object;
  for (let step = 0; step < MAX_CLIMB; step += 1) {
    if (current.type === AST_NODE_TYPES.ObjectExpression && isSubschemaPointer(pointer) && isJsonSchemaShaped(evaluator.evaluate(current))) return true;
    const parent: TSESTree.Node | undefined = current.parent;
    if (parent?.type === AST_NODE_TYPES.Property && parent.value === current && parent.parent.type === AST_NODE_TYPES.ObjectExpression) {
      const key = getKeyName(parent.key, parent.computed);
      if (key === undefined) return false;
      pointer = [key, ...pointer];
      current = parent.parent;
    } else if (parent?.type === AST_NODE_TYPES.ArrayExpression) {
      pointer = [String(parent.elements.indexOf(current as TSESTree.Expression)), ...pointer];
      current = parent;
    } else if (parent && isTypeWrapper(parent)) {
      current = parent;
    } else {
      return false;
    }
  }
  return false;
}

/**
 * The outermost expression the schema is part of (through object and array literals, builder
 * calls and their chains), and what holds it: "exported as `ListArgs`", "held by `args`",
 * "returned by `argsShape()`", or "built here" when nothing names it.
 */
function describeStanding(schema: TSESTree.Node): string {
  let current: TSESTree.Node = schema;
  for (let step = 0; step < MAX_CLIMB && current.parent; step += 1) {
    const parent: TSESTree.Node = current.parent;
    const climbs =
      (parent.type === AST_NODE_TYPES.Property && parent.value === current) ||
      parent.type === AST_NODE_TYPES.ObjectExpression ||
      parent.type === AST_NODE_TYPES.ArrayExpression ||
      parent.type === AST_NODE_TYPES.SpreadElement ||
      (parent.type === AST_NODE_TYPES.CallExpression && parent.callee !== current) ||
      (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === current && parent.parent.type === AST_NODE_TYPES.CallExpression) ||
      (parent.type === AST_NODE_TYPES.CallExpression && parent.callee === current && current.type === AST_NODE_TYPES.MemberExpression) ||
      isTypeWrapper(parent);
    if (!climbs) break;
    current = parent;
  }
  const holder = current.parent;
  if (holder?.type === AST_NODE_TYPES.VariableDeclarator && holder.init === current && holder.id.type === AST_NODE_TYPES.Identifier) {
    const exported = holder.parent.parent?.type === AST_NODE_TYPES.ExportNamedDeclaration;
    return `${exported ? 'exported as' : 'held by'} \`${holder.id.name}\``;
  }
  if (holder?.type === AST_NODE_TYPES.ExportDefaultDeclaration) return "exported as the module's default";
  const fn = holder?.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(holder) : holder && isFunctionNode(holder) && holder.body === current ? holder : undefined;
  const name = fn && getFunctionName(fn);
  if (name !== undefined) return `returned by \`${name}()\``;
  return 'built here';
}

function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionNode(current)) return current;
  return undefined;
}
