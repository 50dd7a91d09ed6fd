import { createRule } from '../src/util/create-rule.js';

export type Options = [];
export type MessageIds = 'TODO';

export default createRule<Options, MessageIds>({
  name: 'valid-schema-literal',
  meta: {
    type: 'problem',
    docs: {
      description: 'TODO: start with a verb',
      recommended: true,
    },
    messages: {
      TODO: 'TODO {{placeholder}}',
    },
    schema: [],
    defaultOptions: [],
  },
  create(context) {
    return {};
  },
});
