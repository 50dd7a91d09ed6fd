// Test-only rules built with the plugin's own createRule, so the baseline wrapper is exercised
// exactly as the real rules get it, independently of what those rules report.
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { createRule } from '../../src/util/create-rule.js';

function isTypeObjectProperty(property: TSESTree.ObjectLiteralElement): boolean {
  return (
    property.type === AST_NODE_TYPES.Property &&
    !property.computed &&
    property.key.type === AST_NODE_TYPES.Identifier &&
    property.key.name === 'type' &&
    property.value.type === AST_NODE_TYPES.Literal &&
    property.value.value === 'object'
  );
}

/** Reports `{ type: 'object' }` (with no other keys) by node. */
export const flagOpenObject = createRule<[], 'openObject'>({
  name: 'flag-open-object',
  meta: {
    type: 'problem',
    docs: { description: 'Report open object schemas (test fixture)', recommended: true },
    messages: { openObject: 'Open object schema `{{text}}`.' },
    schema: [],
    defaultOptions: [],
  },
  create(context) {
    return {
      ObjectExpression(node) {
        if (node.properties.length === 1 && node.properties[0] && isTypeObjectProperty(node.properties[0])) {
          context.report({ node, messageId: 'openObject', data: { text: context.sourceCode.getText(node) } });
        }
      },
    };
  },
});

/** Reports `FIXME` comments by `loc` only, as rules about comments do. */
export const flagFixme = createRule<[], 'fixme'>({
  name: 'flag-fixme',
  meta: {
    type: 'problem',
    docs: { description: 'Report FIXME comments (test fixture)', recommended: true },
    messages: { fixme: 'FIXME left in.' },
    schema: [],
    defaultOptions: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          if (comment.value.includes('FIXME')) context.report({ loc: comment.loc, messageId: 'fixme' });
        }
      },
    };
  },
});

/** Reports functions named `bad*` when their code path ends, after `Program:exit` for the last. */
export const flagBadFunction = createRule<[], 'badFunction'>({
  name: 'flag-bad-function',
  meta: {
    type: 'problem',
    docs: { description: 'Report functions named bad* (test fixture)', recommended: true },
    messages: { badFunction: 'Bad function {{name}}.' },
    schema: [],
    defaultOptions: [],
  },
  create(context) {
    // typescript-eslint leaves code-path listeners out of RuleListener (its issue #6993).
    const listeners = {
      onCodePathEnd(_codePath: TSESLint.CodePath, node: TSESTree.Node) {
        if (node.type === AST_NODE_TYPES.Program) {
          // Reported at the very end on purpose: the wrapper must still see this.
          for (const item of node.body) {
            const statement = item.type === AST_NODE_TYPES.ExportNamedDeclaration && item.declaration ? item.declaration : item;
            if (statement.type === AST_NODE_TYPES.FunctionDeclaration && statement.id?.name.startsWith('bad')) {
              context.report({ node: statement.id, messageId: 'badFunction', data: { name: statement.id.name } });
            }
          }
        }
      },
    };
    return listeners as unknown as TSESLint.RuleListener;
  },
});

const fixturePlugin = {
  meta: { name: 'fixture-plugin', version: '0.0.0' },
  rules: { 'flag-open-object': flagOpenObject, 'flag-fixme': flagFixme, 'flag-bad-function': flagBadFunction },
};

export default fixturePlugin;
