import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName } from '../syntax/ast.js';
import { nextChainCall, type EnumPosition } from './enum-positions.js';
import { isDataFile } from '../modules/module-resolution.js';
import { knownStrings, type StaticValue } from '../values/static-value.js';

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

/** The enum's values when every one is a known string: a list, or the values of an enum-like map. */
function enumStrings(value: StaticValue): string[] | undefined {
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
  return [...new Set(strings)];
}

function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
}

function oneOf(values: readonly string[]): string {
  return `One of: ${values.join(', ')}.`;
}

/** Appends the value list to a description the author already wrote, as a new sentence. */
function mergeDescription(existing: string, values: readonly string[]): string {
  const trimmed = existing.trim();
  if (trimmed === '') return oneOf(values);
  return `${trimmed}${/[.!?:;]$/.test(trimmed) ? '' : '.'} ${oneOf(values)}`;
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

function jsonSchemaFix(
  position: EnumPosition,
  values: readonly string[],
  sourceCode: Readonly<TSESLint.SourceCode>,
): DescribeValuesFix | undefined {
  const object = position.schemaObject!;
  const enumProperty = position.enumProperty!;
  const description = propertyNamed(object, 'description');
  if (description) {
    const existing = literalString(description.value);
    // A computed description cannot be merged without guessing; the author merges it by hand.
    if (existing === undefined) return undefined;
    return {
      count: values.length,
      apply: (fixer) => [
        removeProperty(fixer, enumProperty, sourceCode),
        fixer.replaceText(description.value, quote(mergeDescription(existing, values))),
      ],
    };
  }
  // Without its enum, an untyped schema would accept anything; the values are strings, so say so.
  const type = propertyNamed(object, 'type') ? '' : "type: 'string', ";
  return {
    count: values.length,
    apply: (fixer) => fixer.replaceText(enumProperty, `${type}description: ${quote(oneOf(values))}`),
  };
}

function libraryFix(position: EnumPosition, values: readonly string[], sourceCode: Readonly<TSESLint.SourceCode>): DescribeValuesFix | undefined {
  const call = position.call!;
  // Extra arguments carry options or error messages that a plain string schema would not keep.
  if (call.arguments.length !== 1) return undefined;
  const callee = call.callee;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed) return undefined;
  const namespace = sourceCode.getText(callee.object);
  switch (position.source) {
    case 'zod': {
      const next = nextChainCall(call);
      const describes = next?.name === 'describe' && next.call.arguments.length === 1;
      const written = describes ? literalString(next.call.arguments[0]!) : undefined;
      // A computed `.describe(...)` right after would replace the listed values: merge it by hand.
      if (describes && written === undefined) return undefined;
      const end = written === undefined ? call : next!.call;
      const text = written === undefined ? oneOf(values) : mergeDescription(written, values);
      return {
        count: values.length,
        apply: (fixer) => fixer.replaceTextRange([callee.property.range[0], end.range[1]], `string().describe(${quote(text)})`),
      };
    }
    case 'typebox':
      return {
        count: values.length,
        apply: (fixer) => fixer.replaceTextRange([callee.property.range[0], call.range[1]], `String({ description: ${quote(oneOf(values))} })`),
      };
    case 'valibot':
      if (callee.object.type !== AST_NODE_TYPES.Identifier) return undefined;
      return {
        count: values.length,
        apply: (fixer) =>
          fixer.replaceText(call, `${namespace}.pipe(${namespace}.string(), ${namespace}.description(${quote(oneOf(values))}))`),
      };
    default:
      return undefined;
  }
}

/**
 * The suggestion for an enum that should not gate: the same values, in the field's description,
 * where an agent still reads them. Offered only when every value is a statically known string.
 */
export function describeValuesFix(
  position: EnumPosition,
  value: StaticValue,
  sourceCode: Readonly<TSESLint.SourceCode>,
): DescribeValuesFix | undefined {
  const values = enumStrings(value);
  if (!values) return undefined;
  // A fix's text is printed too (`--format json`): values read from a data file are never written out.
  const parts = value.kind === 'array' ? value.elements : value.kind === 'object' ? [...value.properties.values()].map((property) => property.value) : [];
  if ([value, ...parts].some((part) => isDataFile(part.file))) return undefined;
  return position.source === 'json-schema' ? jsonSchemaFix(position, values, sourceCode) : libraryFix(position, values, sourceCode);
}
