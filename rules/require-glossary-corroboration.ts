import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { getEvaluator } from '../src/analysis/values/evaluator.js';
import { corroborationTags, countCorroboration, type CorroborationCount } from '../src/analysis/glossary/corroboration.js';
import { findPolicyTag, policyOfTag, policyVocabulary, tableOfObjectLiteral } from '../src/analysis/glossary/glossary.js';
import { getProperty, type StaticValue } from '../src/analysis/values/static-value.js';
import { getSettings } from '../src/settings.js';
import { createRule } from '../src/util/create-rule.js';

export type Options = [{ key?: string; minimumSources?: number }];
export type MessageIds = 'missingSources' | 'tooFewSources' | 'duplicateSources';

export default createRule<Options, MessageIds>({
  name: 'require-glossary-corroboration',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require a closed glossary table to name at least two independent sources that corroborate its values',
      recommended: true,
    },
    messages: {
      missingSources:
        "Closed table '{{table}}' names no sources ({{count}} distinct found): a closed table's values may become an enum that rejects every other value, so list at least {{minimum}} independent sources that confirm the set is exhaustive in {{where}}, or mark the table described.",
      tooFewSources:
        "Closed table '{{table}}' names {{count}} distinct source(s) in {{where}}, fewer than the {{minimum}} independent sources needed to prove its values exhaustive; add sources or mark the table described.",
      duplicateSources:
        "Closed table '{{table}}' names '{{source}}' more than once in {{where}} ({{count}} distinct of the {{minimum}} independent sources needed); a repeated source is one source, so name each once.",
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          key: {
            type: 'string',
            minLength: 1,
            description: 'Property holding the sources of a closed table, and the JSDoc tag (`@<key>`) of a JSDoc-marked one.',
          },
          minimumSources: {
            type: 'integer',
            minimum: 1,
            description: 'How many distinct sources a closed table needs.',
          },
        },
      },
    ],
    defaultOptions: [{ key: 'corroboratedBy', minimumSources: 2 }],
  },
  vocabulary: (context) => policyVocabulary(getSettings(context).glossary),
  create(context, [options]) {
    const key = options.key ?? 'corroboratedBy';
    const minimum = options.minimumSources ?? 2;
    const { glossary } = getSettings(context);
    const sourceCode = context.sourceCode;

    function report(
      at: { node: TSESTree.Node } | { loc: TSESTree.SourceLocation },
      table: string,
      where: string,
      count: CorroborationCount | undefined,
    ): void {
      const messageId: MessageIds | undefined = !count
        ? 'missingSources'
        : count.duplicates.length > 0
          ? 'duplicateSources'
          : count.distinct < minimum
            ? 'tooFewSources'
            : undefined;
      if (!messageId) return;
      context.report({
        ...at,
        messageId,
        data: {
          table,
          where,
          minimum: String(minimum),
          count: String(count?.distinct ?? 0),
          source: count?.duplicates[0] ?? '',
        },
      });
    }

    function sourcesOf(value: StaticValue): (string | undefined)[] {
      if (value.kind === 'primitive') return [typeof value.value === 'string' ? value.value : undefined];
      if (value.kind !== 'array') return [];
      return value.elements.map((element) =>
        element.kind === 'primitive' && typeof element.value === 'string' ? element.value : undefined,
      );
    }

    function jsdocOf(declaration: TSESTree.VariableDeclaration): TSESTree.Comment | undefined {
      const statement = declaration.parent.type === AST_NODE_TYPES.ExportNamedDeclaration ? declaration.parent : declaration;
      const comment = sourceCode.getCommentsBefore(statement).at(-1);
      return comment?.type === 'Block' && comment.value.startsWith('*') ? comment : undefined;
    }

    return {
      ObjectExpression(node) {
        const table = tableOfObjectLiteral(node, glossary, context.filename);
        if (!table?.closed) return;
        // Evaluated rather than read off the literal, so `{ ...base, enumPolicy: 'closed' }`
        // counts the sources `base` brings; a spread that cannot be known may hold them.
        const value = getEvaluator(context).evaluate(node);
        const sources = getProperty(value, key);
        if (!sources && value.kind === 'object' && !value.complete) return;
        const where = `'${key}'`;
        report({ node: table.policyProperty }, table.name, where, sources && countCorroboration(sourcesOf(sources)));
      },
      VariableDeclaration(node) {
        if (node.kind !== 'const') return;
        const comment = jsdocOf(node);
        if (!comment) return;
        const tag = findPolicyTag(comment.value, glossary);
        if (!tag || policyOfTag(tag) !== glossary.closedValue) return;
        const textStart = comment.range[0] + 2;
        const loc = {
          start: sourceCode.getLocFromIndex(textStart + tag.offset),
          end: sourceCode.getLocFromIndex(textStart + tag.offset + tag.length),
        };
        const declarator = node.declarations[0];
        const name = declarator?.id.type === AST_NODE_TYPES.Identifier ? declarator.id.name : '(table)';
        const tags = corroborationTags(comment.value, key);
        const where = `@${key} tags`;
        report({ loc }, name, where, tags.length === 0 ? undefined : countCorroboration(tags.map((found) => found.value)));
      },
    };
  },
});
