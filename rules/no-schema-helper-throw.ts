import type { TSESTree } from '@typescript-eslint/utils';
import { importsMayHoldFallbackEvidence } from '../src/analysis/fallback/fallback-precheck.js';
import { createPanicDetector, panicVocabulary } from '../src/analysis/panic/panic.js';
import { createSchemaHelperFinder, type SchemaHelperReason } from '../src/analysis/panic/schema-helper.js';
import { getEvaluator } from '../src/analysis/values/evaluator.js';
import { getSettings } from '../src/settings.js';
import { createRule, mayReportHere } from '../src/util/create-rule.js';
import { compileNamePatterns } from '../src/util/name-patterns.js';

export interface RuleOptions {
  allowErrorClasses?: string[];
  ignoreNames?: string[];
  helperNames?: string[];
  panicFunctions?: string[];
}
export type Options = [RuleOptions];
export type MessageIds = 'panicInSchemaHelper';

const nameList = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true } as const;

function describeReason(reason: SchemaHelperReason): string {
  switch (reason.kind) {
    case 'name':
      return 'named for the schema it builds';
    case 'name-pattern':
      return `its name matches ${reason.pattern}`;
    case 'declared-return-type':
      return `it declares that it returns \`${reason.type}\``;
    case 'returns-schema-literal':
      return 'it returns a JSON Schema';
    case 'returns-library-schema':
      return 'it returns a schema-library schema';
    case 'result-reaches-sink':
      return `its result is ${reason.sink}`;
    case 'returns-converter-result':
      return `it returns the result of \`${reason.converter}()\``;
    case 'returns-tool-schema':
      return `it returns a tool definition whose \`${reason.key}\` it builds`;
  }
}

export default createRule<Options, MessageIds>({
  name: 'no-schema-helper-throw',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow throwing, asserting and exiting inside schema helpers; return the failure as a value',
      recommended: true,
    },
    messages: {
      panicInSchemaHelper:
        "Schema helper '{{helper}}' ({{reason}}) fails through {{construct}}, which hides the failure from its signature and invites a caller's catch to substitute a permissive schema. Return the failure instead (e.g. `return { ok: false, error }`) and let the registrar fail registration.",
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          allowErrorClasses: {
            ...nameList,
            description:
              'Error classes that may be thrown (`throw new X(…)`), for codebases whose registration contract is a typed exception. Matched by class name or by the written path (`errors.SchemaError`).',
          },
          ignoreNames: {
            ...nameList,
            description:
              'Word prefixes of function names that are never schema helpers (validators throw by design). Replaces the default list.',
          },
          helperNames: {
            ...nameList,
            description: 'Extra regular expressions (`u` flag); a function whose name matches one is a schema helper.',
          },
          panicFunctions: {
            ...nameList,
            description: 'Names of functions that never return (called as a plain identifier). Replaces the default list.',
          },
        },
      },
    ],
    defaultOptions: [
      {
        allowErrorClasses: [],
        ignoreNames: ['is', 'has', 'validate', 'assert', 'check'],
        helperNames: [],
        panicFunctions: ['panic', 'fail', 'unreachable'],
      },
    ],
  },
  vocabulary: (_context, [options]) => panicVocabulary((options as Required<RuleOptions>).panicFunctions),
  // A schema helper is one by what it returns or declares, or where its result goes: a value that
  // is a schema by what it is, a schema type, a sink, in the file or behind its imports, which is
  // what the fallback rule's necessary condition asks (`fallback/fallback-precheck.ts`); its name
  // counts only beside such a value, and spells `schema`. A configured helper name needs nothing.
  mayHoldEvidence: (context, [options]) =>
    ((options as Required<RuleOptions>).helperNames.length > 0) ||
    importsMayHoldFallbackEvidence(context.sourceCode, context.filename, getSettings(context).libraries, getEvaluator(context).libraryEnvironment.checked),
  // Asked at the first panic (`mayReportHere`): the vocabulary's words are parts of many names
  // (`AbortController`, `onFailure`, `exitCode`), and a file without a panic needs no walk.
  deferConditions: true,
  create(context, [options]) {
    // `meta.defaultOptions` has been merged in, so every option is present.
    const { allowErrorClasses, ignoreNames, helperNames, panicFunctions } = options as Required<RuleOptions>;
    const helpers = createSchemaHelperFinder(context, { ignoreNames, helperNames: compileNamePatterns(helperNames) });
    const panics = createPanicDetector(context, { allowErrorClasses, panicFunctions });

    function check(node: TSESTree.ThrowStatement | TSESTree.CallExpression): void {
      const construct = panics.getPanicConstruct(node);
      if (!construct || !mayReportHere(context)) return;
      const helper = helpers.findEnclosingHelper(node);
      if (!helper) return;
      if (construct.catchable && panics.isCaughtWithin(node, helper.node)) return;
      context.report({
        node,
        messageId: 'panicInSchemaHelper',
        data: { helper: helper.name ?? '<anonymous>', reason: describeReason(helper.reason), construct: construct.label },
      });
    }

    return { ThrowStatement: check, CallExpression: check };
  },
});
