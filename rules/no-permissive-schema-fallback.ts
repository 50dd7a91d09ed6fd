import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getEvaluator, type Evaluator } from '../src/analysis/evaluator.js';
import { unwrapTypeWrappers } from '../src/analysis/ast.js';
import { fallbackSlotListeners, getFallbackPosition, referenceName, type FallbackPosition } from '../src/analysis/fallback-position.js';
import { isSchemaConverterCall, resolveLibraryReference } from '../src/analysis/schema-libraries.js';
import {
  classifySchema,
  isJsonSchemaShaped,
  mayBePermissiveObjectLiteral,
  NO_ARGUMENTS_JSON_SCHEMA,
  type Permissiveness,
} from '../src/analysis/schema-model.js';
import { compileNamePatterns, isOutputSchemaName, isSchemaPositionName } from '../src/analysis/schema-names.js';
import type { BuilderValue, StaticValue } from '../src/analysis/static-value.js';
import { createRule } from '../src/util/create-rule.js';

export type Options = [{ schemaNames?: string[]; checkOutputSchemas?: boolean }];
export type MessageIds = 'permissiveAbsenceFallback' | 'permissiveFailureFallback' | 'replaceWithClosedSchema';

const ACCEPTS: Readonly<Record<Permissiveness, string>> = {
  anything: 'accepts anything',
  'any-object': 'accepts any object',
};

export default createRule<Options, MessageIds>({
  name: 'no-permissive-schema-fallback',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow permissive schemas as the fallback for a missing or failed schema',
      recommended: true,
      strictOptions: [{ checkOutputSchemas: true }],
    },
    hasSuggestions: true,
    messages: {
      permissiveAbsenceFallback:
        'This fallback for a missing schema {{accepts}}, so the tool\'s arguments go unchecked. A tool without arguments declares {{closed}}.',
      permissiveFailureFallback:
        'This fallback for a schema that failed to build {{accepts}}: the tool stays listed with argument validation switched off. Propagate the build error instead.',
      replaceWithClosedSchema: 'Replace with {{closed}}, which accepts no arguments.',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          schemaNames: {
            type: 'array',
            items: { type: 'string', minLength: 1 },
            uniqueItems: true,
            description:
              'Extra regular expressions (Unicode) for variable, property, parameter and function names that hold schemas, besides /schema/i, parameters, input_schema and parametersJsonSchema.',
          },
          checkOutputSchemas: {
            type: 'boolean',
            description:
              'Also report fallbacks in output-schema positions (outputSchema, output_schema, responseSchema, response_schema). Off in recommended, on in strict.',
          },
        },
      },
    ],
    defaultOptions: [{ schemaNames: [], checkOutputSchemas: false }],
  },
  create(context, [options]) {
    const schemaNames = compileNamePatterns(options.schemaNames ?? []);
    const checkOutputSchemas = options.checkOutputSchemas ?? false;
    const sourceCode = context.sourceCode;
    let evaluator: Evaluator | undefined;
    // Created on the first fallback: most files have none, and then cost no evaluation at all.
    const evaluate = (node: TSESTree.Node): StaticValue => (evaluator ??= getEvaluator(context)).evaluate(node);
    // `schemas`, `inputSchemas`: a collection of schemas, whose empty default is an empty map.
    const isSchemaName = (name: string): boolean =>
      (isSchemaPositionName(name) && !/schemas$/i.test(name)) || schemaNames.some((pattern) => pattern.test(name));

    /** A value known to be a schema by what it is: a JSON Schema literal, a library builder, a converter's result. */
    function isSchemaValue(expression: TSESTree.Expression): boolean {
      const node = unwrapTypeWrappers(expression);
      const value = evaluate(node);
      if (value.kind === 'builder' || isJsonSchemaShaped(value)) return true;
      if (node.type !== AST_NODE_TYPES.CallExpression) return false;
      return isSchemaConverterCall(evaluator!.module, node, evaluator!.libraryEnvironment);
    }

    /** A schema by its value, or by the name it is read under (`def.inputSchema`, `loadSchema(url)`). */
    function isSchemaExpression(expression: TSESTree.Expression): boolean {
      const name = referenceName(unwrapTypeWrappers(expression));
      return (name !== undefined && isSchemaName(name)) || isSchemaValue(expression);
    }

    /**
     * A fallback is only a schema fallback where a schema is expected: `options ?? {}` is not one.
     * Evidence is the value's own shape, the names of the position, or a schema it stands in for.
     */
    function isSchemaFallback(position: FallbackPosition, node: TSESTree.Expression, value: StaticValue): boolean {
      const shaped = value.kind === 'builder' || isJsonSchemaShaped(value);
      // Under a schema-named key of a fallback value, a bare `{}` may be a zod raw shape (no arguments).
      if (position.nestedKey !== undefined) return shaped && isSchemaName(position.nestedKey);
      if (shaped) return true;
      // `return true` in `isSchemaFoo()` is a predicate's answer: `true` is a schema only where it
      // replaces one, never on the strength of a name alone.
      if (value.kind === 'primitive') return position.replaced.some(isSchemaValue);
      const ownName = referenceName(node);
      if (ownName !== undefined && isSchemaName(ownName)) return true;
      return position.names.some(isSchemaName) || position.replaced.some(isSchemaExpression);
    }

    function isOutputPosition(position: FallbackPosition): boolean {
      return position.nestedKey !== undefined
        ? isOutputSchemaName(position.nestedKey)
        : position.names.some(isOutputSchemaName);
    }

    function check(candidate: TSESTree.Expression): void {
      if (!CANDIDATE_TYPES.has(candidate.type) && !(candidate.type === AST_NODE_TYPES.Literal && candidate.value === true)) return;
      const node = unwrapTypeWrappers(candidate);
      // Most objects in a slot are data (`return { id: row.id, … }`): their keys already say so.
      if (node.type === AST_NODE_TYPES.ObjectExpression && !mayBePermissiveObjectLiteral(node)) return;
      const position = getFallbackPosition(candidate, sourceCode);
      if (!position) return;
      if (!checkOutputSchemas && isOutputPosition(position)) return;
      const value = evaluate(node);
      const permissiveness = classifySchema(value);
      if (!permissiveness) return;
      if (!isSchemaFallback(position, node, value)) return;
      // `loose ? {} : { type: 'object' }` chooses between two permissive schemas: nothing is replaced.
      if (position.replaced.length > 0 && position.replaced.every((other) => classifySchema(evaluate(other)) !== undefined)) {
        return;
      }
      const accepts = ACCEPTS[permissiveness];
      if (position.cause === 'failure') {
        context.report({ node, messageId: 'permissiveFailureFallback', data: { accepts } });
        return;
      }
      const closed = closedSchemaFor(value, node, evaluator!);
      context.report({
        node,
        messageId: 'permissiveAbsenceFallback',
        data: { accepts, closed: closed.text },
        suggest: closed.fixable
          ? [
              {
                messageId: 'replaceWithClosedSchema',
                data: { closed: closed.text },
                fix: (fixer) => replaceValue(fixer, node, closed.text),
              },
            ]
          : [],
      });
    }

    // A member of a fallback value is one only under a schema's name (see `isSchemaFallback`).
    return fallbackSlotListeners(check, { memberKeys: isSchemaName });
  },
});

/**
 * What a permissive schema can be written as: a literal (`{}`, `true`), a reference to one, a
 * builder call (`z.any()`), or one of these under a type wrapper (`{} as JSONSchema7`).
 */
const CANDIDATE_TYPES: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.ObjectExpression,
  AST_NODE_TYPES.Identifier,
  AST_NODE_TYPES.MemberExpression,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.ChainExpression,
  AST_NODE_TYPES.TSAsExpression,
  AST_NODE_TYPES.TSSatisfiesExpression,
  AST_NODE_TYPES.TSNonNullExpression,
  AST_NODE_TYPES.TSTypeAssertion,
]);

/** How each library spells a closed schema without properties, given its namespace. */
const CLOSED_BUILDERS: Readonly<Record<BuilderValue['library'], { namespace: string; closed: (namespace: string) => string }>> = {
  zod: { namespace: 'z', closed: (namespace) => `${namespace}.object({}).strict()` },
  typebox: { namespace: 'Type', closed: (namespace) => `${namespace}.Object({}, { additionalProperties: false })` },
  valibot: { namespace: 'v', closed: (namespace) => `${namespace}.strictObject({})` },
};

/**
 * The closed no-argument schema in the permissive value's own dialect: a zod fallback is replaced
 * by a zod schema (a JSON Schema literal there would not type-check), written with the namespace
 * the file already uses. `fixable` is false when that namespace cannot be named where the
 * fallback is: the message still says what to write, but no suggestion guesses an import.
 */
function closedSchemaFor(value: StaticValue, node: TSESTree.Node, evaluator: Evaluator): { text: string; fixable: boolean } {
  if (value.kind !== 'builder') return { text: NO_ARGUMENTS_JSON_SCHEMA, fixable: true };
  const builder = CLOSED_BUILDERS[value.library];
  const namespace = builderNamespace(value, node, evaluator);
  return { text: builder.closed(namespace ?? builder.namespace), fixable: namespace !== undefined };
}

/**
 * `z` in `z.any()`, `Type` in `Type.Any()`, `tb.Type` in `tb.Type.Any()`, provided that name means
 * the same library namespace where the fallback is used (the builder may come from another module
 * through a const, where the file at hand imports the library differently or not at all).
 */
function builderNamespace(value: BuilderValue, node: TSESTree.Node, evaluator: Evaluator): string | undefined {
  const callee = value.steps[0]?.node.callee;
  if (callee?.type !== AST_NODE_TYPES.MemberExpression || callee.computed) return undefined;
  const path: string[] = [];
  let root: TSESTree.Node = callee.object;
  while (root.type === AST_NODE_TYPES.MemberExpression && !root.computed && root.property.type === AST_NODE_TYPES.Identifier) {
    path.unshift(root.property.name);
    root = root.object;
  }
  if (root.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = ASTUtils.findVariable(evaluator.module.getScope(node), root.name);
  const declared = variable?.identifiers[0];
  if (!declared) return undefined;
  const reference = resolveLibraryReference(evaluator.module, declared, evaluator.libraryEnvironment);
  if (reference?.library !== value.library) return undefined;
  return [root.name, ...path].join('.');
}

/** Replaces the value, keeping a shorthand property's key (`{ inputSchema }` → `{ inputSchema: X }`). */
function replaceValue(fixer: TSESLint.RuleFixer, node: TSESTree.Node, text: string): TSESLint.RuleFix {
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.Property && parent.shorthand && parent.value === node) {
    return fixer.insertTextAfter(node, `: ${text}`);
  }
  return fixer.replaceText(node, text);
}
