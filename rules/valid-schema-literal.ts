import { relative, dirname } from 'node:path';
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getEvaluator } from '../src/analysis/values/evaluator.js';
import {
  CheckedRanges,
  findSchemaLiteralPositions,
  mayBeJsonSchema,
  isSchemaLiteralAt,
  SCHEMA_LITERAL_POSITION_VOCABULARY,
  type SchemaLiteralPosition,
} from '../src/analysis/flow/schema-literal-positions.js';
import { checkSchemaLiteral, type LocatedFinding } from '../src/analysis/schemas/schema-literal.js';
import { MCP_ROOT_REQUIREMENT, mcpKeywordsAt, mcpRoleOf, type McpSchemaRole } from '../src/analysis/schemas/mcp-vocabulary.js';
import { describeSink, mayReachFilledIn, type SchemaSink, type SinkAnswer } from '../src/analysis/flow/sink-model.js';
import { getSinkAnalysis, type SinkAnalysis } from '../src/analysis/flow/value-flow.js';
import { unwrapTypeWrappers } from '../src/analysis/syntax/ast.js';
import { CompileBudget } from '../src/analysis/schemas/schema-compiler.js';
import { JSON_SCHEMA_DRAFTS, formatJsonPointer, type JsonSchemaDraft } from '../src/analysis/schemas/schema-structure.js';
import { JSON_SCHEMA_TYPES } from '../src/analysis/schemas/schema-model.js';
import { isDataFile } from '../src/analysis/modules/module-resolution.js';
import type { ObjectValue, StaticValue } from '../src/analysis/values/static-value.js';
import { createRule } from '../src/util/create-rule.js';

export interface RuleOptions {
  allowedKeywords?: string[];
  knownFormats?: string[];
  mcpRoot?: boolean;
  defaultDraft?: JsonSchemaDraft;
  maxSchemasPerFile?: number;
}
export type Options = [RuleOptions];
export type MessageIds =
  | LocatedFinding['kind']
  | 'mcpRootType'
  | 'mcpRootMissingType'
  | 'tooManySchemas'
  | 'invalidInDataFile'
  | 'renameKeyword'
  | 'replaceValue'
  | 'addObjectType';

/** An MCP tool's schema keys: the MCP root rule is the specification's, not other tool APIs'. */
const MCP_TOOL_KEYS: ReadonlySet<string> = new Set(['inputSchema', 'outputSchema']);

/** What each kind of finding is, in words that quote nothing from the schema. */
const DATA_FILE_PROBLEMS: Readonly<Record<LocatedFinding['kind'], string>> = {
  unknownKeyword: 'an unknown keyword',
  invalidValue: 'a keyword with a value it does not allow',
  requiredNotDefined: 'a `required` name that `properties` does not define',
  missingType: 'a keyword that does not apply to the type it declares',
  typeConflict: 'a `type` the enclosing schema does not allow',
  openTuple: 'a tuple whose length is not fixed',
  ignoredKeyword: 'a keyword validators ignore',
  unresolvedRef: 'a `$ref` that points to nothing in it',
  invalidPattern: 'a pattern that is not a valid regular expression',
  compileError: 'a problem that stops Ajv compiling it',
  unknownFormat: 'a `format` no validator knows',
};

export default createRule<Options, MessageIds>({
  name: 'valid-schema-literal',
  meta: {
    type: 'problem',
    docs: {
      description: 'Validate JSON Schema literals with Ajv in strict mode, so that a typo cannot switch a tool schema off',
      recommended: true,
    },
    hasSuggestions: true,
    messages: {
      unknownKeyword:
        "Unknown keyword `{{keyword}}`{{hint}}: Ajv's strict mode refuses this schema, and lenient validators ignore the keyword silently{{where}}.",
      invalidValue: '{{subject}} {{reason}}{{where}}.',
      requiredNotDefined: '`required` names `{{property}}`, which `properties` does not define{{where}}.',
      missingType: '`{{keyword}}` only applies to {{applies}}, but this schema does not declare {{declared}}{{where}}.',
      typeConflict: '`type` {{written}} {{type}}, but the enclosing schema only allows {{context}}, so no value can match{{where}}.',
      openTuple:
        '`{{keyword}}` describes a {{length}}-item tuple, but `minItems`/`maxItems` (or `{{closing}}: false`) do not fix the array to that length{{where}}.',
      ignoredKeyword: '`{{keyword}}` {{reason}}, so validators ignore it{{where}}.',
      unresolvedRef: '`$ref` `{{ref}}` points to nothing in this schema{{where}}.',
      invalidPattern: '`{{keyword}}` is not a valid regular expression with the `u` flag: {{error}}{{where}}.',
      compileError: 'Ajv cannot compile this schema: {{reason}}{{where}}.',
      unknownFormat:
        "Unknown format `{{format}}`{{hint}}: Ajv's strict mode refuses this schema, and validators that skip unknown formats (the MCP SDK's) do not check this value at all{{where}}.",
      mcpRootType: "This schema is {{sink}}, but its root has `type: {{type}}`, not `type: 'object'`: {{requirement}}{{where}}.",
      mcpRootMissingType: "This schema is {{sink}}, but its root does not declare `type: 'object'`: {{requirement}}{{where}}.",
      tooManySchemas:
        'This file has more than {{limit}} distinct schema literals; from here on they are not checked. Raise the `maxSchemasPerFile` option or split the file.',
      invalidInDataFile:
        'The schema read from the data file `{{file}}` has {{problem}}: open the file to fix it (what a data file holds is never quoted in lint output).',
      renameKeyword: 'Rename `{{keyword}}` to `{{replacement}}`.',
      replaceValue: 'Replace `{{value}}` with `{{replacement}}`.',
      addObjectType: "Add `type: 'object'`.",
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          allowedKeywords: {
            type: 'array',
            items: { type: 'string', minLength: 1 },
            uniqueItems: true,
            description:
              'Keywords accepted besides the draft\'s own and `x-*` extensions, for vocabularies your validator adds (OpenAPI\'s `discriminator`, `example`).',
          },
          knownFormats: {
            type: 'array',
            items: { type: 'string', minLength: 1 },
            uniqueItems: true,
            description:
              "Formats your validator registers itself (`ajv.addFormat('sku', …)`), accepted besides the draft's own and `ajv-formats`'.",
          },
          mcpRoot: {
            type: 'boolean',
            description:
              "Require `type: 'object'` at the root of an MCP tool's `inputSchema` (every revision) and `outputSchema` (revisions up to 2025-11-25), and of an elicitation's `requestedSchema`, as the MCP specification does.",
          },
          defaultDraft: {
            type: 'string',
            enum: [...JSON_SCHEMA_DRAFTS],
            description: 'The draft a schema without `$schema` is checked against (Ajv calls use their Ajv class\'s draft).',
          },
          maxSchemasPerFile: {
            type: 'integer',
            minimum: 1,
            description: 'How many distinct schema literals one file may compile; past it, the rule reports once and stops checking that file.',
          },
        },
      },
    ],
    defaultOptions: [{ allowedKeywords: [], knownFormats: [], mcpRoot: true, defaultDraft: '2020-12', maxSchemasPerFile: 500 }],
  },
  vocabulary: () => SCHEMA_LITERAL_POSITION_VOCABULARY,
  create(context, [options]) {
    const { allowedKeywords, knownFormats, mcpRoot, defaultDraft, maxSchemasPerFile } = options as Required<RuleOptions>;
    const evaluator = getEvaluator(context);
    const allowed = new Set(allowedKeywords);
    const formats = new Set(knownFormats);
    const budget = new CompileBudget(maxSchemasPerFile);
    const reported = new Set<string>();
    let budgetReported = false;

    function inLintedFile(node: TSESTree.Node | undefined): node is TSESTree.Node {
      return node !== undefined && evaluator.moduleOf(node) === evaluator.module;
    }

    /** Where a finding in another module is, for a report made at the use in this file. */
    function whereElsewhere(node: TSESTree.Node | undefined, file: string, pointer: readonly string[]): string {
      if (inLintedFile(node)) return '';
      const path = relative(dirname(context.filename), node ? evaluator.moduleOf(node).file : file) || file;
      return ` (in \`${path.startsWith('.') ? path : `./${path}`}\`, at \`${formatJsonPointer(pointer) || '/'}\`)`;
    }

    function report(descriptor: TSESLint.ReportDescriptor<MessageIds> & { node: TSESTree.Node }): void {
      // One literal can sit in several positions (a `const fooSchema` used as `inputSchema`).
      const key = `${descriptor.messageId}\0${descriptor.node.range.join(':')}\0${JSON.stringify(descriptor.data)}`;
      if (reported.has(key)) return;
      reported.add(key);
      context.report(descriptor);
    }

    function suggestionsFor(finding: LocatedFinding, value: ObjectValue): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
      const { node, replacement } = finding;
      if (!replacement || !inLintedFile(node)) return [];
      if (finding.kind === 'unknownKeyword' && (node.type === AST_NODE_TYPES.Identifier || node.type === AST_NODE_TYPES.Literal)) {
        // Renaming onto a keyword the object already has would silently drop one of the two.
        const container = finding.target.pointer.slice(0, -1).reduce<ObjectValue['properties'] | undefined>((properties, segment) => {
          const next = properties?.get(segment)?.value;
          return next?.kind === 'object' ? next.properties : undefined;
        }, value.properties);
        if (!container || container.has(replacement)) return [];
        const text = node.type === AST_NODE_TYPES.Identifier && /^[$A-Z_a-z][$\w]*$/.test(replacement) ? replacement : quoteLike(node, replacement);
        return [{ messageId: 'renameKeyword', data: { keyword: finding.data.keyword!, replacement }, fix: (fixer) => fixer.replaceText(node, text) }];
      }
      if ((finding.kind === 'invalidValue' || finding.kind === 'unknownFormat') && node.type === AST_NODE_TYPES.Literal && typeof node.value === 'string') {
        return [{ messageId: 'replaceValue', data: { value: node.value, replacement }, fix: (fixer) => fixer.replaceText(node, quoteLike(node, replacement)) }];
      }
      return [];
    }

    function quoteLike(node: TSESTree.Node, text: string): string {
      const quote = node.type === AST_NODE_TYPES.Literal && node.raw.startsWith('"') ? '"' : "'";
      return `${quote}${text.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`)}${quote}`;
    }

    /**
     * The MCP root rule, where the sink is an MCP position's root: an MCP tool's `inputSchema` or
     * `outputSchema` (other APIs' keys are not MCP's to rule on), an elicitation's `requestedSchema`.
     */
    function checkMcpRoot(position: SchemaLiteralPosition, sink: SchemaSink, role: McpSchemaRole, value: ObjectValue, mayBeFilledIn: boolean): void {
      if (sink.pointer.length > 0 || (role !== 'elicitation' && !MCP_TOOL_KEYS.has(sink.key))) return;
      const type = value.properties.get('type')?.value;
      const where = inLintedFile(value.node) ? '' : whereElsewhere(value.node, value.file, []);
      const data = { sink: describeSink(sink), requirement: MCP_ROOT_REQUIREMENT[role], where };
      if (!type) {
        if (!value.complete || mayBeFilledIn) return;
        const literal = value.node?.type === AST_NODE_TYPES.ObjectExpression && inLintedFile(value.node) ? value.node : undefined;
        const first = literal?.properties[0];
        report({
          node: position.keyNode ?? position.valueNode,
          messageId: 'mcpRootMissingType',
          data,
          suggest:
            literal && first
              ? [
                  {
                    messageId: 'addObjectType',
                    fix: (fixer) =>
                      fixer.insertTextBefore(
                        first,
                        first.loc.start.line === literal.loc.start.line ? "type: 'object', " : `type: 'object',\n${' '.repeat(first.loc.start.column)}`,
                      ),
                  },
                ]
              : [],
        });
        return;
      }
      const names = type.kind === 'primitive' ? [type.value] : type.kind === 'array' && type.complete ? type.elements.map((element) => (element.kind === 'primitive' ? element.value : undefined)) : [];
      // Not a type name at all: the meta-schema finding says so already.
      if (names.length === 0 || !names.every((name) => typeof name === 'string' && JSON_SCHEMA_TYPES.has(name))) return;
      if (type.kind === 'primitive' && type.value === 'object') return;
      report({
        node: inLintedFile(type.node) ? type.node : position.valueNode,
        messageId: 'mcpRootType',
        data: { ...data, type: type.kind === 'primitive' ? `'${String(type.value)}'` : `[${names.map((name) => `'${String(name)}'`).join(', ')}]` },
      });
    }

    /** The data file (JSON) a finding's keys or values were read from, if any: its content is never quoted. */
    function dataFileOf(value: ObjectValue, pointer: readonly string[]): string | undefined {
      let current: StaticValue | undefined = value;
      let found = isDataFile(value.file) ? value.file : undefined;
      for (const segment of pointer) {
        current = current?.kind === 'object' ? current.properties.get(segment)?.value : current?.kind === 'array' ? current.elements[Number(segment)] : undefined;
        if (!current) break;
        if (isDataFile(current.file)) found = current.file;
      }
      return found;
    }

    let analysis: SinkAnalysis | undefined;
    // Created on the first literal that needs it: most files have none, and then cost no flow analysis.
    const sinks = (): SinkAnalysis => (analysis ??= getSinkAnalysis(context));
    /** Literals of this file checked already, and the sink a position names at each literal's use. */
    const checkedLiterals = new Set<TSESTree.Node>();
    const sinkAtUse = new Map<TSESTree.Node, SchemaSink>();

    function localLiteral(value: StaticValue): TSESTree.Node | undefined {
      return value.kind === 'object' && value.node?.type === AST_NODE_TYPES.ObjectExpression && inLintedFile(value.node) ? value.node : undefined;
    }

    /**
     * Where a literal of this file goes, asked of the sink analysis only for a literal that may be
     * a schema (shaped like one, or written at a position with a sink), and only when the position
     * does not hold it in place: an inline literal's sink is the position's own.
     */
    function forwardSinkOf(position: SchemaLiteralPosition, value: ObjectValue, literal: TSESTree.Node | undefined): SinkAnswer | undefined {
      if (!literal || (position.sink && unwrapTypeWrappers(position.valueNode) === literal)) return undefined;
      if (!position.sink && !sinkAtUse.has(literal) && !mayBeJsonSchema(value)) return undefined;
      return sinks().sinkOf(literal);
    }

    /** Whether the position held a schema literal (checked, or left for lack of budget). */
    function checkPosition(position: SchemaLiteralPosition): boolean {
      const value = evaluator.evaluate(position.valueNode);
      if (value.kind !== 'object') return false;
      const literal = localLiteral(value);
      if (literal && checkedLiterals.has(literal)) return true;
      const answer = forwardSinkOf(position, value, literal);
      const sink = position.sink ?? (literal && sinkAtUse.get(literal)) ?? (answer?.kind === 'schema' ? answer.sink : undefined);
      if (!isSchemaLiteralAt(value, sink)) return false;
      if (literal) checkedLiterals.add(literal);
      // Written into elsewhere, or handed to code out of sight: it may reach its sink filled in.
      const mayBeFilledIn = mayReachFilledIn(answer);
      const role = sink && mcpRoleOf(sink);
      if (mcpRoot && sink && role) checkMcpRoot(position, sink, role, value, mayBeFilledIn);
      // Where the literal sits inside the MCP schema (a `const` used as one property's schema), its vocabulary is the one there.
      const offset = sink?.pointer ?? [];
      const result = checkSchemaLiteral(value, {
        defaultDraft: position.draft ?? defaultDraft,
        allowedKeywords: allowed,
        keywordsAt: role && ((pointer) => mcpKeywordsAt(role, [...offset, ...pointer])),
        knownFormats: formats,
        budget,
        mayBeFilledIn,
      });
      if (result.status === 'over-budget') {
        if (!budgetReported) report({ node: position.valueNode, messageId: 'tooManySchemas', data: { limit: String(maxSchemasPerFile) } });
        budgetReported = true;
        return true;
      }
      if (result.status !== 'checked') return true;
      for (const finding of result.findings) {
        const dataFile = dataFileOf(value, finding.target.pointer);
        if (dataFile !== undefined) {
          const shown = relative(dirname(context.filename), dataFile) || dataFile;
          report({ node: position.valueNode, messageId: 'invalidInDataFile', data: { file: shown.startsWith('.') ? shown : `./${shown}`, problem: DATA_FILE_PROBLEMS[finding.kind] } });
          continue;
        }
        const local = inLintedFile(finding.node);
        report({
          node: local ? finding.node! : position.valueNode,
          messageId: finding.kind,
          data: { ...finding.data, where: local ? '' : whereElsewhere(finding.node, value.file, finding.target.pointer) },
          suggest: suggestionsFor(finding, value),
        });
      }
      return true;
    }

    function checkPositions(positions: readonly SchemaLiteralPosition[]): void {
      // A literal written before its use (`const searchSchema = {…}`, then `inputSchema:
      // searchSchema`) takes the sink its use names, even where the flow from it is not followed.
      for (const position of positions) {
        if (!position.sink) continue;
        const literal = localLiteral(evaluator.evaluate(position.valueNode));
        if (literal && !sinkAtUse.has(literal)) sinkAtUse.set(literal, position.sink);
      }
      const checked = new CheckedRanges();
      for (const position of positions) {
        if (!checked.holds(position.valueNode) && checkPosition(position)) checked.add(position.valueNode);
      }
    }

    return findSchemaLiteralPositions(evaluator, checkPositions);
  },
});
