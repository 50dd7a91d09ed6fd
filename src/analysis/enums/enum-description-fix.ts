import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName } from '../syntax/ast.js';
import { nextChainCall, type EnumPosition } from './enum-positions.js';
import { isDataFile } from '../modules/module-resolution.js';
import { knownStrings, type StaticValue } from '../values/static-value.js';
import { joinedValuesCode } from './values-expression.js';

export interface DescribeValuesFix {
  /** How many distinct values the description lists. */
  readonly count: number;
  apply(fixer: TSESLint.RuleFixer): TSESLint.RuleFix | TSESLint.RuleFix[];
}

/**
 * Past this many values a description stops being something an agent (or a reviewer) reads; such
 * lists need a hand-written summary, so no suggestion is offered.
 */
const MAX_DESCRIBED_VALUES = 200;

/**
 * The same for their text: a description is a sentence or two, and each report carries its
 * suggestion's text, so a few long values used in many enums would otherwise fill the output.
 */
const MAX_DESCRIBED_CHARS = 10_000;

/** The enum's values (repeats included) when every one is a known string: a list, or the values of an enum-like map. */
function enumStrings(value: StaticValue): readonly string[] | undefined {
  if (value.kind === 'array' && value.elements.length > MAX_DESCRIBED_VALUES) return undefined;
  if (value.kind === 'object' && value.properties.size > MAX_DESCRIBED_VALUES) return undefined;
  let strings: readonly string[] | undefined;
  if (value.kind === 'array') {
    strings = knownStrings(value);
  } else if (value.kind === 'object' && value.complete) {
    const found: string[] = [];
    for (const property of value.properties.values()) {
      if (property.value.kind !== 'primitive' || typeof property.value.value !== 'string') return undefined;
      found.push(property.value.value);
    }
    strings = found;
  }
  if (!strings || strings.length === 0) return undefined;
  let length = 0;
  for (const text of strings) length += text.length;
  if (length > MAX_DESCRIBED_CHARS) return undefined;
  return strings;
}

function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

function quoteTemplate(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${');
}

/** How the description lists the values: as text, or as code that joins them at run time. */
interface ValueList {
  readonly values: readonly string[];
  /** `MARKETS.join(', ')`: the description follows the table instead of copying it. */
  readonly joined: string | undefined;
}

/**
 * The description's code: `One of: ...` after what the author already wrote (as a new sentence),
 * a template literal joining the table's values when that can be written, else the values as text.
 */
function descriptionCode(existing: string | undefined, list: ValueList): string {
  const trimmed = existing?.trim() ?? '';
  const lead = trimmed === '' ? '' : `${trimmed}${/[.!?:;]$/.test(trimmed) ? '' : '.'} `;
  if (list.joined === undefined) return quote(`${lead}One of: ${list.values.join(', ')}.`);
  return `\`${quoteTemplate(lead)}One of: \${${list.joined}}.\``;
}

function literalString(node: TSESTree.Node): string | undefined {
  if (node.type === AST_NODE_TYPES.Literal && typeof node.value === 'string') return node.value;
  if (node.type === AST_NODE_TYPES.TemplateLiteral && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

function propertyNamed(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  return object.properties.find(
    (property): property is TSESTree.Property =>
      property.type === AST_NODE_TYPES.Property && getKeyName(property.key, property.computed) === name,
  );
}

/** Removes a property together with the comma that separates it from its neighbour. */
function removeProperty(fixer: TSESLint.RuleFixer, property: TSESTree.Property, sourceCode: Readonly<TSESLint.SourceCode>): TSESLint.RuleFix {
  const after = sourceCode.getTokenAfter(property);
  if (after && after.value === ',') {
    const next = sourceCode.getTokenAfter(after, { includeComments: true });
    return fixer.removeRange([property.range[0], next ? next.range[0] : after.range[1]]);
  }
  const before = sourceCode.getTokenBefore(property);
  if (before && before.value === ',') return fixer.removeRange([before.range[0], property.range[1]]);
  return fixer.remove(property);
}

function jsonSchemaFix(position: EnumPosition, list: ValueList, sourceCode: Readonly<TSESLint.SourceCode>): DescribeValuesFix | undefined {
  const object = position.schemaObject!;
  const enumProperty = position.enumProperty!;
  const count = list.values.length;
  const description = propertyNamed(object, 'description');
  if (description) {
    const existing = literalString(description.value);
    // A computed description cannot be merged without guessing; the author merges it by hand.
    if (existing === undefined) return undefined;
    return {
      count,
      apply: (fixer) => [removeProperty(fixer, enumProperty, sourceCode), fixer.replaceText(description.value, descriptionCode(existing, list))],
    };
  }
  // Without its enum, an untyped schema would accept anything; the values are strings, so say so.
  const type = propertyNamed(object, 'type') ? '' : "type: 'string', ";
  return { count, apply: (fixer) => fixer.replaceText(enumProperty, `${type}description: ${descriptionCode(undefined, list)}`) };
}

function libraryFix(position: EnumPosition, list: ValueList, sourceCode: Readonly<TSESLint.SourceCode>): DescribeValuesFix | undefined {
  const call = position.call!;
  // Extra arguments carry options or error messages that a plain string schema would not keep.
  if (call.arguments.length !== 1) return undefined;
  const callee = call.callee;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed) return undefined;
  const namespace = sourceCode.getText(callee.object);
  const count = list.values.length;
  switch (position.source) {
    case 'zod': {
      const next = nextChainCall(call);
      const describes = next?.name === 'describe' && next.call.arguments.length === 1;
      const written = describes ? literalString(next.call.arguments[0]!) : undefined;
      // A computed `.describe(...)` right after would replace the listed values: merge it by hand.
      if (describes && written === undefined) return undefined;
      const end = written === undefined ? call : next!.call;
      return {
        count,
        apply: (fixer) => fixer.replaceTextRange([callee.property.range[0], end.range[1]], `string().describe(${descriptionCode(written, list)})`),
      };
    }
    case 'typebox':
      return {
        count,
        apply: (fixer) => fixer.replaceTextRange([callee.property.range[0], call.range[1]], `String({ description: ${descriptionCode(undefined, list)} })`),
      };
    case 'valibot':
      if (callee.object.type !== AST_NODE_TYPES.Identifier) return undefined;
      return {
        count,
        apply: (fixer) =>
          fixer.replaceText(call, `${namespace}.pipe(${namespace}.string(), ${namespace}.description(${descriptionCode(undefined, list)}))`),
      };
    default:
      return undefined;
  }
}

/**
 * The suggestion for an enum that should not gate: the same values, in the field's description,
 * where an agent still reads them. Offered only when every value is a statically known string.
 * The description joins the table's values at run time (`One of: ${MARKETS.join(', ')}.`) wherever
 * the enum's own expression can be written there again, so it cannot drift from the table; the
 * values are copied as text only where it cannot.
 */
export function describeValuesFix(
  position: EnumPosition,
  value: StaticValue,
  sourceCode: Readonly<TSESLint.SourceCode>,
): DescribeValuesFix | undefined {
  const strings = enumStrings(value);
  if (!strings) return undefined;
  const joined = joinedValuesCode(position.valuesNode, value, strings, sourceCode);
  // A fix's text is printed too (`--format json`): values read from a data file are never written
  // out, but code that reads them is.
  const parts = value.kind === 'array' ? value.elements : value.kind === 'object' ? [...value.properties.values()].map((property) => property.value) : [];
  if (joined === undefined && [value, ...parts].some((part) => isDataFile(part.file))) return undefined;
  const list: ValueList = { values: [...new Set(strings)], joined };
  return position.source === 'json-schema' ? jsonSchemaFix(position, list, sourceCode) : libraryFix(position, list, sourceCode);
}
