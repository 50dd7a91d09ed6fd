import { relative, dirname } from 'node:path';
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getEvaluator } from '../src/analysis/values/evaluator.js';
import { findSchemaLiteralPositions, type SchemaLiteralPosition } from '../src/analysis/flow/schema-literal-positions.js';
import { isSdkToolCall, sinkOfArgument, TOOL_INPUT_KEYS, TOOL_INPUT_SINK_VOCABULARY } from '../src/analysis/flow/schema-sinks.js';
import { describeSink, type SchemaSink } from '../src/analysis/flow/sink-model.js';
import { LiteralCheckReach } from '../src/analysis/flow/literal-check-reach.js';
import type { EmittedSchema } from '../src/analysis/schemas/emitted-schema.js';
import { emittedToolInput } from '../src/analysis/conventions/emitted-input.js';
import { checkInputSchema, type ConventionFinding, type ConventionKind } from '../src/analysis/conventions/input-schema-conventions.js';
import { CLIENT_NAMES, type ClientName } from '../src/analysis/conventions/client-profiles.js';
import { createRule } from '../src/util/create-rule.js';

export interface RuleOptions {
  clients?: ClientName[];
  parameterDescriptions?: boolean;
}
export type Options = [RuleOptions];
export type MessageIds = ConventionKind | 'addObjectType' | 'removeRequiredFlag';

/** MCP keys whose literal root `valid-schema-literal` checks already (its `mcpRoot` option). */
const MCP_ROOT_KEYS: ReadonlySet<string> = new Set(['inputSchema']);
/**
 * The root is checked only under a tool API's own input keys. The AI SDK's `jsonSchema()` wraps
 * object-generation schemas as often as tool inputs, and a tool definer's `schema` may take a
 * non-object that the framework wraps itself (LangChain's `tool(fn, { schema: z.string() })`).
 */
const ROOT_CHECKED_KEYS: ReadonlySet<string> = TOOL_INPUT_KEYS;


export default createRule<Options, MessageIds>({
  name: 'tool-input-schema-conventions',
  meta: {
    type: 'problem',
    docs: {
      description: "Check a tool's input schema against the conventions clients rely on, and against the profiles of the clients a server targets",
      recommended: true,
    },
    hasSuggestions: true,
    messages: {
      rootNotObject: "This schema is {{sink}}, but its root {{what}}, not `type: 'object'`: clients read a tool's arguments as an object, and some refuse the whole tool list over one such schema{{where}}.",
      requiredUnknownProperty: '`required` names `{{property}}`, which `properties` does not define: the schema {{sink}} can never be satisfied without it, and clients that check the list refuse it{{where}}.',
      requiredOnProperty:
        "`required: {{value}}` on the property `{{property}}` is not JSON Schema: validators ignore it (or refuse it in strict mode), so the parameter is optional in the schema {{sink}}; list required names in the object's `required` array{{where}}.",
      missingParameterDescription: 'The parameter `{{property}}` has no description: the model choosing its value for the schema {{sink}} sees only its name{{where}}.',
      clientOpenObject: 'This object {{written}}: {{client}} requires `additionalProperties: false` on every object ({{source}}), so it refuses the schema {{sink}}{{where}}.',
      clientOptionalProperty: '{{property}} is not in `required`: {{client}} requires every property to be required ({{source}}); make it nullable instead, in the schema {{sink}}{{where}}.',
      clientOptionalWithoutDefault: '{{property}} is optional and has no `default`: {{client}} handles optional parameters without a default badly ({{source}}), in the schema {{sink}}{{where}}.',
      clientUnsupportedKeyword: '`{{keyword}}` is not supported by {{client}} ({{source}}): the schema {{sink}} is refused or the keyword ignored there{{where}}.',
      clientRootKeyword: '`{{keyword}}` at the root of the schema {{sink}} is refused by {{client}} ({{source}}): the whole request carrying the tool list fails{{where}}.',
      clientMissingTitle: '{{property}} has no `title`: {{client}} shows the raw property name ({{source}}), in the schema {{sink}}{{where}}.',
      addObjectType: "Add `type: 'object'`.",
      removeRequiredFlag: 'Remove `required: false`.',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          clients: {
            type: 'array',
            items: { type: 'string', enum: [...CLIENT_NAMES] },
            uniqueItems: true,
            description: "The clients the server targets: each adds its documented constraints (`openai-strict`, `gemini`, `anthropic`, `cursor`). Empty: only the client-independent conventions.",
          },
          parameterDescriptions: {
            type: 'boolean',
            description: 'Report a parameter (a property at the root of the input schema) that has no description.',
          },
        },
      },
    ],
    defaultOptions: [{ clients: [], parameterDescriptions: false }],
  },
  // Every finding is at a position whose sink is a tool's input, or at an SDK `server.tool()` call.
  vocabulary: () => TOOL_INPUT_SINK_VOCABULARY,
  create(context, [options]) {
    const { clients, parameterDescriptions } = options as Required<RuleOptions>;
    const evaluator = getEvaluator(context);
    const checked = new Set<TSESTree.Node>();
    const reported = new Set<string>();
    const literalCheck = new LiteralCheckReach(context, evaluator);
    const sdkShapes: [TSESTree.Node, SchemaSink][] = [];

    function inLintedFile(node: TSESTree.Node | undefined): node is TSESTree.Node {
      return node !== undefined && evaluator.moduleOf(node) === evaluator.module;
    }

    function report(finding: ConventionFinding, sink: SchemaSink, fallback: TSESTree.Node, root: EmittedSchema): void {
      const local = inLintedFile(finding.node);
      const node = local ? finding.node! : fallback;
      const path = relative(dirname(context.filename), finding.node ? evaluator.moduleOf(finding.node).file : root.file) || root.file;
      const where = local ? '' : ` (in \`${path.startsWith('.') ? path : `./${path}`}\`)`;
      const key = `${finding.kind}\0${node.range.join(':')}\0${JSON.stringify(finding.data)}`;
      if (reported.has(key)) return;
      reported.add(key);
      const suggest: TSESLint.SuggestionReportDescriptor<MessageIds>[] = [];
      const literal = root.node?.type === AST_NODE_TYPES.ObjectExpression && inLintedFile(root.node) ? root.node : undefined;
      const first = literal?.properties[0];
      if (finding.addObjectType && literal && first) {
        const text = first.loc.start.line === literal.loc.start.line ? "type: 'object', " : `type: 'object',\n${' '.repeat(first.loc.start.column)}`;
        suggest.push({ messageId: 'addObjectType', fix: (fixer) => fixer.insertTextBefore(first, text) });
      }
      const flag = finding.removable && local ? finding.node!.parent : undefined;
      if (flag?.type === AST_NODE_TYPES.Property && flag.parent.type === AST_NODE_TYPES.ObjectExpression) {
        const siblings = flag.parent.properties;
        const index = siblings.indexOf(flag);
        const next = siblings[index + 1];
        const previous = siblings[index - 1];
        const range: [number, number] = next ? [flag.range[0], next.range[0]] : previous ? [previous.range[1], flag.range[1]] : flag.range;
        suggest.push({ messageId: 'removeRequiredFlag', fix: (fixer) => fixer.removeRange(range) });
      }
      context.report({ node, messageId: finding.kind, data: { ...finding.data, sink: describeSink(sink), where }, suggest });
    }

    function check(valueNode: TSESTree.Node, sink: SchemaSink | undefined, position?: SchemaLiteralPosition): void {
      if (!sink || sink.role !== 'tool-input' || sink.pointer.length > 0 || checked.has(valueNode)) return;
      checked.add(valueNode);
      const value = evaluator.evaluate(valueNode);
      const emitted = emittedToolInput(value, sink);
      if (!emitted) return;
      const rootCheck = ROOT_CHECKED_KEYS.has(sink.key) && !(emitted.source === 'literal' && MCP_ROOT_KEYS.has(sink.key));
      // A literal valid-schema-literal checks too: the `required` names it reports are left to it.
      const requiredReportedElsewhere = emitted.source === 'literal' && value.kind === 'object' ? literalCheck.requiredReported(valueNode, value, position) : undefined;
      for (const finding of checkInputSchema(emitted, { clients, parameterDescriptions, rootCheck, key: sink.key, requiredReportedElsewhere })) report(finding, sink, valueNode, emitted);
    }

    const listener = findSchemaLiteralPositions(evaluator, (positions) => {
      literalCheck.setPositions(positions);
      for (const position of positions) check(position.valueNode, position.sink, position);
      // After the positions: whether one of them holds a shape's literal is known only then.
      for (const [argument, sink] of sdkShapes) check(argument, sink);
    });
    return {
      ...listener,
      CallExpression(node) {
        listener.CallExpression?.(node);
        // `server.tool(name, description?, shape, callback)`: the shape is the tool's input schema.
        if (!isSdkToolCall(node)) return;
        for (const [index, argument] of node.arguments.entries()) {
          if (index === 0 || index === node.arguments.length - 1 || argument.type === AST_NODE_TYPES.SpreadElement) continue;
          const known = sinkOfArgument(node, index, evaluator);
          if (known?.kind === 'sink') sdkShapes.push([argument, known.sink]);
        }
      },
    };
  },
});

