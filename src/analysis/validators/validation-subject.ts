import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { destructuredKey, memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { isFunctionNode } from '../syntax/function-name.js';
import { TOOL_OUTPUT_KEYS } from '../flow/schema-sinks.js';
import { getProperty } from '../values/static-value.js';
import { validatorOperands, type ValidationEvidence } from './validator-evidence.js';
import type { SinkAnalysis } from '../flow/value-flow.js';

/**
 * What stops being checked when a validator fails open, for the message and for the output
 * option: the arguments of a tool (the schema is read from a tool's `inputSchema`, or the value
 * from a call's `arguments`), a tool's structured result (`outputSchema`, `structuredContent`), an
 * elicitation's response (`requestedSchema`), or, when the code does not say, the values checked
 * against the schema as written.
 */

export type SubjectKind = 'tool-input' | 'tool-output' | 'elicitation' | 'values';

export interface ValidationSubject {
  readonly kind: SubjectKind;
  /** "tool arguments", "the arguments of tool `search`", "values checked against `schema`". */
  readonly text: string;
}

/** Keys whose value is a tool's input schema in no other common API, or a call's arguments. */
const INPUT_KEYS: ReadonlySet<string> = new Set(['inputSchema', 'input_schema', 'arguments']);
const OUTPUT_KEYS: ReadonlySet<string> = new Set([...TOOL_OUTPUT_KEYS, 'structuredContent', 'structured_content']);
const ELICITATION_KEYS: ReadonlySet<string> = new Set(['requestedSchema']);
/** Bindings and call sites a schema is followed back through. */
const MAX_DEPTH = 3;

export function validationSubject(evidence: ValidationEvidence, analysis: SinkAnalysis): ValidationSubject {
  const { evaluator } = analysis;
  const { schema, data } = validatorOperands(evidence, evaluator);
  for (const operand of [schema, data]) {
    const origin = operand && keyedOrigin(operand, analysis, 0);
    if (!origin) continue;
    if (INPUT_KEYS.has(origin.key)) {
      const name = getProperty(evaluator.evaluate(origin.object), 'name');
      const toolName = name?.kind === 'primitive' && typeof name.value === 'string' ? name.value : undefined;
      return { kind: 'tool-input', text: toolName === undefined ? 'tool arguments' : `the arguments of tool \`${toolName}\`` };
    }
    if (OUTPUT_KEYS.has(origin.key)) return { kind: 'tool-output', text: 'structured tool results' };
    return { kind: 'elicitation', text: 'elicitation responses' };
  }
  const written = schema && shortText(schema, evaluator);
  return { kind: 'values', text: written === undefined ? 'the values this validator checks' : `values checked against \`${written}\`` };
}

/** The member a value was read from, when its key says what it is: `tool.inputSchema`, `params.arguments`. */
function keyedOrigin(node: TSESTree.Node, analysis: SinkAnalysis, depth: number): { key: string; object: TSESTree.Node } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const value = unwrapChainAndTypeWrappers(node);
  switch (value.type) {
    case AST_NODE_TYPES.MemberExpression: {
      const key = memberName(value);
      return key !== undefined && isSubjectKey(key) ? { key, object: value.object } : undefined;
    }
    case AST_NODE_TYPES.LogicalExpression:
      return keyedOrigin(value.left, analysis, depth + 1);
    case AST_NODE_TYPES.Identifier:
      return boundOrigin(value, analysis, depth);
    default:
      return undefined;
  }
}

function boundOrigin(identifier: TSESTree.Identifier, analysis: SinkAnalysis, depth: number): { key: string; object: TSESTree.Node } | undefined {
  const binding = findBinding(analysis.evaluator.module, identifier);
  if (binding.kind === 'declarator' && binding.module === analysis.evaluator.module) {
    const { declarator } = binding;
    if (!declarator.init) return undefined;
    // `const { inputSchema } = tool`
    if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
      const key = destructuredKey(declarator.id, binding.identifier);
      return key !== undefined && isSubjectKey(key) ? { key, object: declarator.init } : undefined;
    }
    return binding.constant ? keyedOrigin(declarator.init, analysis, depth + 1) : undefined;
  }
  if (binding.kind !== 'opaque') return undefined;
  // A parameter: what the calls of its function in this file pass.
  const definition = binding.variable.defs[0];
  const fn = definition?.type === 'Parameter' ? definition.node : undefined;
  if (!fn || !isFunctionNode(fn)) return undefined;
  const index = fn.params.findIndex((parameter) => parameter === definition!.name || (parameter.type === AST_NODE_TYPES.AssignmentPattern && parameter.left === definition!.name));
  if (index < 0) return undefined;
  for (const call of analysis.callSitesOf(fn).slice(0, 8)) {
    const argument = call.arguments[index];
    const origin = argument && argument.type !== AST_NODE_TYPES.SpreadElement ? keyedOrigin(argument, analysis, depth + 1) : undefined;
    if (origin) return origin;
  }
  return undefined;
}

function isSubjectKey(key: string): boolean {
  return INPUT_KEYS.has(key) || OUTPUT_KEYS.has(key) || ELICITATION_KEYS.has(key);
}

function shortText(node: TSESTree.Node, evaluator: Evaluator): string | undefined {
  const text = evaluator.module.text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  return text.length <= 40 ? text : undefined;
}
