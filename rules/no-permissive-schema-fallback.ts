import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { Evaluator } from '../src/analysis/values/evaluator.js';
import { unwrapTypeWrappers } from '../src/analysis/syntax/ast.js';
import { isFunctionNode } from '../src/analysis/syntax/function-name.js';
import { fallbackSlotListeners, getFallbackPosition, referenceName, type FallbackPosition } from '../src/analysis/fallback/fallback-position.js';
import { declaredSchemaResult, isStandardJsonSchemaMember, permissiveConverterOption, permissiveStandardSchemaOption, schemaByWhatItIs } from '../src/analysis/flow/schema-evidence.js';
import { resolveLibraryReference } from '../src/analysis/schemas/schema-libraries.js';
import { isRelayedToolSchema } from '../src/analysis/fallback/relayed-tool.js';
import { permissiveHelperCall } from '../src/analysis/fallback/permissive-helper.js';
import { describeUnsunkFailure, isCertainFailure, isStandardSchemaDocumentation } from '../src/analysis/fallback/failure-evidence.js';
import { isJsonSchemaShaped, isSchemaOnlyObject, JSON_SCHEMA_KEYWORDS, mayBePermissiveObjectLiteral, NO_ARGUMENTS_JSON_SCHEMA, type Permissiveness } from '../src/analysis/schemas/schema-model.js';
import { permissiveValueOf, refinesItself } from '../src/analysis/schemas/permissive-value.js';
import { calleeName, isToolSchemaKey } from '../src/analysis/flow/schema-sinks.js';
import { describeSink, expectedAt } from '../src/analysis/flow/sink-model.js';
import type { BuilderValue, StaticValue } from '../src/analysis/values/static-value.js';
import { getSinkAnalysis, type SinkAnalysis } from '../src/analysis/flow/value-flow.js';
import { declaredDestinationOf } from '../src/analysis/flow/declared-destination.js';
import { holdsValue } from '../src/analysis/schemas/declared-schema-type.js';
import { createRule, mayReportHere } from '../src/util/create-rule.js';
import { compileNamePatterns } from '../src/util/name-patterns.js';
import { fallbackVocabulary, importsMayHoldFallbackEvidence } from '../src/analysis/fallback/fallback-precheck.js';
import { getEvaluator } from '../src/analysis/values/evaluator.js';
import { getSettings } from '../src/settings.js';

export type Options = [{ schemaNames?: string[]; checkOutputSchemas?: boolean }];
export type MessageIds = 'permissiveAbsenceFallback' | 'permissiveFailureFallback' | 'replaceWithClosedSchema';

const ACCEPTS: Readonly<Record<Permissiveness, string>> = {
  anything: 'accepts anything',
  'any-object': 'accepts any object',
};

/**
 * Where the sink cannot say whether a schema is an output schema (a converter's branch, a value
 * standing in for a converter's result), the name of the function or binding may: a hint used
 * only to stay quiet in recommended, never to report.
 */
const OUTPUT_SCHEMA_NAME = /(?:output|response)_?schema/i;

/** The converters with an option that makes what they cannot convert "anything" (zod 4, valibot). */
const CONVERTER_NAMES: ReadonlySet<string> = new Set(['toJSONSchema', 'toJsonSchema']);

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
        'This fallback for a missing schema {{accepts}} and is {{sink}}, so the arguments it should check go unchecked. A tool without arguments declares {{closed}}.',
      permissiveFailureFallback:
        'This fallback for a schema that failed to build {{accepts}} and is {{sink}}: it looks healthy while validation is switched off. Return the build error instead, so that registration fails.',
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
              'Regular expressions (Unicode) for variable, property and parameter names that hold schemas in your code base: a value flowing into one is a schema, as if it reached a tool definition.',
          },
          checkOutputSchemas: {
            type: 'boolean',
            description: "Also report fallbacks that reach a tool's output schema (outputSchema, output_schema). Off in recommended, on in strict.",
          },
        },
      },
    ],
    defaultOptions: [{ schemaNames: [], checkOutputSchemas: false }],
  },
  // The necessary condition (`fallback/fallback-precheck.ts`): a file that cannot hold a finding registers no listener.
  vocabulary: (context, [options]) => fallbackVocabulary(getSettings(context).libraries, options.schemaNames ?? []),
  mayReportWithoutVocabulary: (context) =>
    importsMayHoldFallbackEvidence(context.sourceCode, context.filename, getSettings(context).libraries, getEvaluator(context).libraryEnvironment.checked),
  // Asked at the first value in a fallback's position (`mayReportHere`): most files have none.
  deferConditions: true,
  create(context, [options]) {
    const configuredNames = compileNamePatterns(options.schemaNames ?? []);
    const checkOutputSchemas = options.checkOutputSchemas ?? false;
    const sourceCode = context.sourceCode;
    let analysis: SinkAnalysis | undefined;
    // Created on the first candidate: most files have none, and then cost no evaluation at all.
    const sinks = (): SinkAnalysis => (analysis ??= getSinkAnalysis(context, { configuredNames }));
    const evaluate = (node: TSESTree.Node): StaticValue => sinks().evaluator.evaluate(node);

    /**
     * Where the fallback goes, as a message names it, and whether that is an output schema. A
     * schema by its sink (a tool definition, a registration call, Ajv, a schema library, a
     * converter's branch), or standing in for a value that is a schema by what it is, or a
     * certain failure's fallback that is itself a schema by what it is (`catch { return { type:
     * 'object' } }`, whose sink may be in another module). Anything else whose sink is unknown is
     * not reported: `{}` and `true` are schemas only by where they go.
     */
    function destination(position: FallbackPosition, node: TSESTree.Expression, value: StaticValue): { sink: string; output: boolean } | undefined {
      const answer = sinks().sinkOf(node);
      if (answer.kind === 'data') return undefined;
      if (answer.kind === 'schema') {
        // An elicitation's form is the user's to fill, not a contract a tool's arguments are checked against.
        if (answer.sink.role === 'elicitation') return undefined;
        // An object also written into, or handed to code out of sight, may reach the sink filled in.
        if (answer.alsoModified && value.kind === 'object') return undefined;
        // A proxy or adapter passing on a tool someone else declared and runs: nothing failed to build here.
        if (position.cause === 'absence' && isRelayedToolSchema(answer.sink.slot, position.replaced)) return undefined;
        // `(options.schema ?? z.unknown()).parse(body)`: parsing without a check when none is given
        // is a helper's documented choice; only a schema that failed to build there switches a check off.
        if (position.cause === 'absence' && answer.sink.role === 'parser') return undefined;
        const expected = expectedAt(answer.sink);
        // A JSON Schema literal is no schema where only a library schema goes; where a zod raw shape
        // goes, `{}` is one (no arguments), but a literal shaped like a JSON Schema is not.
        const schemaThere = value.kind === 'builder' || expected === 'schema' || (expected === 'raw-shape' && isJsonSchemaShaped(value));
        if (expected === undefined || !schemaThere) return undefined;
        // `additionalProperties: source.additionalProperties ?? true` writes out the keyword's own
        // default for a source that left it unset: a faithful translation, not a loosening.
        const keyword = answer.sink.pointer.at(-1);
        if (keyword !== undefined && JSON_SCHEMA_KEYWORDS.has(keyword) && position.replaced.some((other) => referenceName(other) === keyword)) return undefined;
        const output = answer.sink.role === 'tool-output' || (answer.sink.role === 'converter-return' && position.names.some((name) => OUTPUT_SCHEMA_NAME.test(name)));
        return { sink: describeSink(answer.sink), output };
      }
      if (position.nestedKey !== undefined) return undefined;
      const declared = declaredTarget(position, node, value);
      if (declared) return declared;
      const output = position.names.some((name) => OUTPUT_SCHEMA_NAME.test(name));
      for (const replaced of position.replaced) {
        const schema = schemaByWhatItIs(replaced, sinks().evaluator) ?? declaredSchemaResult(replaced, sinks().evaluator);
        if (schema !== undefined) return { sink: `used in place of \`${schema}\``, output };
      }
      // Handed to code that may fill it in: `{ type: 'object' }` may get its properties there.
      if (answer.modifies && value.kind === 'object') return undefined;
      if (isSchemaByItsShape(value) && isCertainFailure(position, node, { sourceCode })) return { sink: describeUnsunkFailure(node, sourceCode), output };
      return undefined;
    }

    /**
     * What the code declares where the value goes: a failure fallback returned from a function
     * declared `: JSONSchema7` (or assigned to a binding or field, passed as a parameter, or cast
     * to a type naming a schema type) is a schema whoever calls the function. An absence fallback still needs a sink: `{}` for a
     * field left undocumented is what the declared schema says about it.
     */
    function declaredTarget(position: FallbackPosition, node: TSESTree.Expression, value: StaticValue): { sink: string; output: boolean } | undefined {
      if (position.cause !== 'failure') return undefined;
      const declared = declaredDestinationOf(node, sinks().evaluator);
      if (!declared || !holdsValue(declared.type, value)) return undefined;
      return { sink: declared.description, output: declared.type.output || position.names.some((name) => OUTPUT_SCHEMA_NAME.test(name)) };
    }

    function check(candidate: TSESTree.Expression): void {
      if (!CANDIDATE_TYPES.has(candidate.type) && !(candidate.type === AST_NODE_TYPES.Literal && candidate.value === true)) return;
      const node = unwrapTypeWrappers(candidate);
      // Most objects in a slot are data (`return { id: row.id, … }`): their keys already say so.
      if (node.type === AST_NODE_TYPES.ObjectExpression && !mayBePermissiveObjectLiteral(node)) return;
      if (candidate.parent?.type === AST_NODE_TYPES.AssignmentExpression && candidate.parent.right === candidate && refinesItself(candidate.parent)) return;
      const position = getFallbackPosition(candidate, sourceCode);
      if (!position || !mayReportHere(context)) return;
      // `return parseAnyDef(refs)`: a helper of the file whose every return is a permissive schema.
      const permissive = permissiveValueOf(node, sinks().evaluator) ?? permissiveHelperCall(node, sinks().evaluator, sourceCode.visitorKeys);
      if (!permissive) return;
      const { value, permissiveness } = permissive;
      const helper = 'helper' in permissive ? permissive.helper : undefined;
      // zod's `schema.catch(value)` is the value parsing yields when it fails, not a rejection handler.
      if (position.form === 'rejection-handler' && position.replaced[0] && evaluate(position.replaced[0]).kind === 'builder') return;
      // `loose ? {} : { type: 'object' }` chooses between two permissive schemas: nothing is replaced.
      if (position.replaced.length > 0 && position.replaced.every((other) => permissiveValueOf(other, sinks().evaluator) !== undefined)) return;
      if (position.guard && isUnreachableGuard(position.guard.test, position.guard.fn)) return;
      if (isStandardSchemaDocumentation(node, (fn) => sinks().callSitesOf(fn))) return;
      const target = destination(position, candidate, value);
      if (!target || (target.output && !checkOutputSchemas)) return;
      const accepts = helper === undefined ? ACCEPTS[permissiveness] : `${ACCEPTS[permissiveness]} (\`${helper}()\` returns a permissive schema whatever it is given)`;
      if (position.cause === 'failure') {
        context.report({ node, messageId: 'permissiveFailureFallback', data: { accepts, sink: target.sink } });
        return;
      }
      const closed = closedSchemaFor(value, node, sinks().evaluator);
      context.report({
        node,
        messageId: 'permissiveAbsenceFallback',
        data: { accepts, sink: target.sink, closed: closed.text },
        // The helper may have other callers that mean "anything": the call is not this fallback's to rewrite.
        suggest: closed.fixable && helper === undefined
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

    /**
     * `if (!this.outputShape) return {}` in a method whose every call is under
     * `this.outputShape && …` (or `if (this.outputShape)`): the fallback is never taken.
     */
    function isUnreachableGuard(test: TSESTree.Expression, fn: TSESTree.Node): boolean {
      if (test.type !== AST_NODE_TYPES.UnaryExpression || test.operator !== '!' || !isFunctionNode(fn)) return false;
      const tested = sourceCode.getText(test.argument);
      const calls = sinks().callSitesOf(fn).filter((call) => !(fn.range[0] <= call.range[0] && call.range[1] <= fn.range[1]));
      return calls.length > 0 && calls.every((call) => isUnderCondition(call, tested));
    }

    function isUnderCondition(node: TSESTree.Node, tested: string): boolean {
      for (let child = node, parent = node.parent; parent && !isFunctionNode(parent); child = parent, parent = parent.parent) {
        if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.operator === '&&' && parent.right === child && sourceCode.getText(parent.left) === tested) return true;
        if ((parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) && parent.consequent === child && sourceCode.getText(parent.test) === tested) return true;
      }
      return false;
    }

    /**
     * Syntax only, before any analysis is created: `std['~standard'].jsonSchema.input(…)`, or a call
     * of a name declared as one (`const hook = s['~standard'].jsonSchema[io]; hook({ … })`).
     */
    function mayBeStandardHook(callee: TSESTree.Expression): boolean {
      const node = unwrapTypeWrappers(callee);
      if (node.type !== AST_NODE_TYPES.Identifier) return isStandardJsonSchemaMember(node);
      const declarator = ASTUtils.findVariable(sourceCode.getScope(node), node.name)?.defs[0]?.node;
      return declarator?.type === AST_NODE_TYPES.VariableDeclarator && declarator.init !== null && isStandardJsonSchemaMember(declarator.init);
    }

    /** `z.toJSONSchema(s, { unrepresentable: 'any' })`: the converter's own fallback for what it cannot convert. */
    function checkConverterOptions(call: TSESTree.CallExpression): void {
      const byName = call.arguments.length >= 2 && CONVERTER_NAMES.has(calleeName(call.callee) ?? '');
      // A Standard Schema hook (`s['~standard'].jsonSchema.input({ libraryOptions })`) passes its options on to the converter.
      const hook = !byName && call.arguments.length === 1 && mayBeStandardHook(call.callee);
      if ((!byName && !hook) || !mayReportHere(context)) return;
      const found = byName ? permissiveConverterOption(call, sinks().evaluator) : permissiveStandardSchemaOption(call, sinks().evaluator);
      if (!found) return;
      context.report({
        node: found.node,
        messageId: 'permissiveFailureFallback',
        data: { accepts: ACCEPTS.anything, sink: `what \`${found.converter}()\` writes, by \`${found.option}\`, for every part it cannot convert` },
      });
    }

    // A member of a fallback value is offered only under a key that can be a schema sink.
    const slots = fallbackSlotListeners(check, { memberKeys: (key) => isToolSchemaKey(key) || configuredNames.some((pattern) => pattern.test(key)) });
    const onCall = slots.CallExpression;
    return {
      ...slots,
      CallExpression(node) {
        onCall?.(node);
        checkConverterOptions(node);
      },
    };
  },
});


/**
 * What a permissive schema can be written as: a literal (`{}`, `true`), a reference to one, a
 * builder call (`z.any()`), or one of these under a type wrapper (`{} as JSONSchema7`).
 */
const CANDIDATE_TYPES: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.ObjectExpression,
  // `required ? s : s.optional()`: a choice between two permissive schemas is one.
  AST_NODE_TYPES.ConditionalExpression,
  AST_NODE_TYPES.Identifier,
  AST_NODE_TYPES.MemberExpression,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.ChainExpression,
  AST_NODE_TYPES.TSAsExpression,
  AST_NODE_TYPES.TSSatisfiesExpression,
  AST_NODE_TYPES.TSNonNullExpression,
  AST_NODE_TYPES.TSTypeAssertion,
]);

/**
 * A schema by its shape alone, with no sink to vouch for it: a library builder (the library is
 * resolved from the import), or a JSON Schema literal whose keys are schema keywords and which is
 * schema-shaped (`{ type: 'object' }`, `{ $schema, … }`, `{ additionalProperties: true }`). `{}`
 * and `true` are not: they are a schema only by where they go.
 */
function isSchemaByItsShape(value: StaticValue): boolean {
  return value.kind === 'builder' || isSchemaOnlyObject(value);
}

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
