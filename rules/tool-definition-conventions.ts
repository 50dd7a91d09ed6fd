import { checkToolConventions, type ConventionFinding } from '../src/analysis/conventions/tool-conventions.js';
import { describeViolations, TOOL_NAME_CLIENTS, type ToolNameClient } from '../src/analysis/conventions/tool-names.js';
import { conventionSites, TOOL_SITE_VOCABULARY, type ToolSiteCandidate } from '../src/analysis/conventions/convention-sites.js';
import { getEvaluator } from '../src/analysis/values/evaluator.js';
import { createRule } from '../src/util/create-rule.js';

export interface RuleOptions {
  clients?: ToolNameClient[];
  requireDescription?: boolean;
}
export type Options = [RuleOptions];
export type MessageIds = 'invalidToolName' | 'duplicateToolName' | 'missingToolDescription' | 'emptyToolDescription';

export default createRule<Options, MessageIds>({
  name: 'tool-definition-conventions',
  meta: {
    type: 'problem',
    docs: {
      description: 'Report tool names that clients refuse or that repeat within one server, and tools without a description',
      recommended: true,
    },
    messages: {
      invalidToolName:
        "Tool name '{{name}}' ({{where}}) is refused by {{clients}}. A client that refuses one tool name can fail every request that lists the server's tools, or drop the tool; rename it (letters, digits, `_` and `-`, at most 64 characters, starting with a letter, pass everywhere).",
      duplicateToolName:
        "Tool name '{{name}}' ({{where}}) is already used at line {{firstLine}} in {{registry}}. The MCP specification says names SHOULD be unique within a server, the MCP SDK's `registerTool` throws on the second, and function-calling APIs refuse the request (Anthropic: \"Tool names must be unique\"); rename one of them.",
      missingToolDescription:
        "Tool '{{name}}' ({{where}}) has no description. The description is what a model reads to decide when and how to call a tool; without one it guesses from the name. Add a `description`.",
      emptyToolDescription:
        "Tool '{{name}}' ({{where}}) has an empty description. The description is what a model reads to decide when and how to call a tool; write one, or leave the key out if the tool has none on purpose.",
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          clients: {
            type: 'array',
            items: { type: 'string', enum: [...TOOL_NAME_CLIENTS] },
            uniqueItems: true,
            description:
              "The clients whose tool-name rules a name must meet: `openai`, `anthropic`, `gemini` and `mcp` (the MCP specification's recommendation). Leave out a client the server's tools never reach.",
          },
          requireDescription: {
            type: 'boolean',
            description: 'Also report a tool defined without any description (an empty description is always reported). Off in both configs: on real servers it found definitions that are not tools more often than tools without a description.',
          },
        },
      },
    ],
    defaultOptions: [{ clients: [...TOOL_NAME_CLIENTS], requireDescription: false }],
  },
  vocabulary: () => TOOL_SITE_VOCABULARY,
  create(context, [options]) {
    const { clients, requireDescription } = options as Required<RuleOptions>;
    const evaluator = getEvaluator(context);

    function report(finding: ConventionFinding): void {
      const { name, where } = finding;
      switch (finding.kind) {
        case 'invalid-name':
          context.report({ node: finding.node, messageId: 'invalidToolName', data: { name, where, clients: describeViolations(finding.violations) } });
          return;
        case 'duplicate-name':
          context.report({ node: finding.node, messageId: 'duplicateToolName', data: { name, where, firstLine: finding.first.loc.start.line, registry: finding.registry } });
          return;
        case 'missing-description':
          context.report({ node: finding.node, messageId: 'missingToolDescription', data: { name, where } });
          return;
        case 'empty-description':
          context.report({ node: finding.node, messageId: 'emptyToolDescription', data: { name, where } });
      }
    }

    const candidates: ToolSiteCandidate[] = [];
    return {
      CallExpression(node) {
        candidates.push(node);
      },
      ObjectExpression(node) {
        candidates.push(node);
      },
      'Program:exit'() {
        for (const finding of checkToolConventions(conventionSites(candidates, evaluator), evaluator, { clients, requireDescription })) report(finding);
      },
    };
  },
});
