import { type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { unwrapTypeWrappers } from '../src/analysis/syntax/ast.js';
import { failOpenFallback, mayBePassing, type FailOpenFallback } from '../src/analysis/validators/fail-open-value.js';
import { fallbackSlotListeners, getFallbackPosition, type FallbackPosition } from '../src/analysis/fallback/fallback-position.js';
import { fromStatement } from '../src/analysis/fallback/fallback-statements.js';
import { ignoredFailureOf, ignoredThrowOf, skippedValidatorOf, type IgnoredFailure } from '../src/analysis/validators/skipped-validation.js';
import { validationSubject, type ValidationSubject } from '../src/analysis/validators/validation-subject.js';
import { rejectingValidator } from '../src/analysis/validators/rejecting-validator.js';
import { hasValidatorCall, VALIDATOR_CALL_VOCABULARY, type ValidationEvidence } from '../src/analysis/validators/validator-evidence.js';
import { getSinkAnalysis, type SinkAnalysis } from '../src/analysis/flow/value-flow.js';
import { createRule } from '../src/util/create-rule.js';

export type Options = [{ checkOutputValidation?: boolean }];
export type MessageIds = 'failOpenFallback' | 'validatorSkippedWhenMissing' | 'ignoredValidationFailure' | 'rejectWithError';

export default createRule<Options, MessageIds>({
  name: 'no-fail-open-validator',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow validation that lets every value through when the schema does not compile, the validator is missing, or the value fails',
      recommended: true,
      strictOptions: [{ checkOutputValidation: true }],
    },
    hasSuggestions: true,
    messages: {
      failOpenFallback: '{{subject}} are accepted unchecked when {{when}}: this fallback for `{{standsFor}}` {{does}}. {{instead}}.',
      validatorSkippedWhenMissing:
        '{{subject}} are accepted unchecked when {{when}}: {{why}}, and this check skips validation without a validator. Reject when there is no validator.',
      ignoredValidationFailure:
        '{{subject}} are used unchecked when they fail `{{validator}}`: this {{branch}} only notes the failure, and `{{input}}` is used afterwards as if it were valid. Return or throw on failure, or use the validated value.',
      rejectWithError: 'Return a validator that rejects every value, with {{error}} as its message.',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          checkOutputValidation: {
            type: 'boolean',
            description:
              "Also report fail-open validation of tools' structured results (a schema read from `outputSchema`, a value read from `structuredContent`), which the MCP specification leaves to clients (SHOULD). Off in recommended, on in strict.",
          },
        },
      },
    ],
    defaultOptions: [{ checkOutputValidation: false }],
  },
  // Every report needs a validator call written in the file (`hasValidatorCall`).
  vocabulary: () => VALIDATOR_CALL_VOCABULARY,
  create(context, [options]) {
    const checkOutputValidation = options.checkOutputValidation ?? false;
    const sourceCode = context.sourceCode;
    let analysis: SinkAnalysis | undefined;
    // Created on the first candidate: most slots of a file are no candidate, and cost no evaluation.
    const sinks = (): SinkAnalysis => (analysis ??= getSinkAnalysis(context));
    let validatorCalls: boolean | undefined;
    // Every finding leads back to a validator call in this file: without one, nothing is looked at.
    const active = (): boolean => (validatorCalls ??= hasValidatorCall(sourceCode, sinks().evaluator));

    /** What stops being checked, or undefined when the option leaves it out. */
    function subjectOf(evidence: ValidationEvidence): string | undefined {
      const subject: ValidationSubject = validationSubject(evidence, sinks());
      if (subject.kind === 'tool-output' && !checkOutputValidation) return undefined;
      return subject.text.charAt(0).toUpperCase() + subject.text.slice(1);
    }

    function reportFallback(node: TSESTree.Node, found: FailOpenFallback, position: FallbackPosition, value: TSESTree.Expression | null): void {
      const subject = subjectOf(found.evidence);
      if (subject === undefined) return;
      const rejecting = value && position.form === 'catch' ? rejectingValidator(value, found, position.replaced, sourceCode) : undefined;
      const instead = position.form === 'catch' || position.form === 'rejection-handler' ? 'Reject with the error instead, or let it propagate' : 'Reject when there is no validator';
      context.report({
        node,
        messageId: 'failOpenFallback',
        data: { subject, when: found.when, standsFor: found.standsFor, does: found.passing.does, instead },
        suggest: rejecting ? [{ messageId: 'rejectWithError', data: { error: rejecting.error }, fix: rejecting.fix }] : [],
      });
    }

    function check(candidate: TSESTree.Expression): void {
      if (!mayBePassing(candidate) || !active()) return;
      const position = getFallbackPosition(candidate, sourceCode);
      // A member of a fallback value (`{ success: true, data: args }`'s `args`) is judged with the whole value.
      if (!position || position.nestedKey !== undefined) return;
      const found = failOpenFallback(candidate, candidate, position, sinks(), sourceCode);
      if (found) reportFallback(unwrapTypeWrappers(candidate), found, position, candidate);
    }

    /** `catch { return; }`: a bare return is the function's `undefined`. */
    function checkBareReturn(statement: TSESTree.ReturnStatement): void {
      if (!active()) return;
      const position = fromStatement(statement, { sourceCode });
      if (!position) return;
      const found = failOpenFallback(null, statement, position, sinks(), sourceCode);
      if (found) reportFallback(statement, found, position, null);
    }

    /** Reported on the failure test of an `if`, or on the `catch` keyword (the whole clause would span the handler). */
    function reportIgnored(where: { node: TSESTree.Node } | { loc: TSESTree.SourceLocation }, ignored: IgnoredFailure, branch: string): void {
      const subject = subjectOf(ignored.evidence);
      if (subject === undefined) return;
      const data = { subject, validator: shortText(ignored.evidence.call, sourceCode), branch, input: shortText(ignored.input, sourceCode) };
      context.report({ ...where, messageId: 'ignoredValidationFailure', data });
    }

    const slots = fallbackSlotListeners(check);
    const onReturn = slots.ReturnStatement;
    return {
      ...slots,
      ReturnStatement(node) {
        onReturn?.(node);
        if (!node.argument) checkBareReturn(node);
      },
      IfStatement(node) {
        if (!active()) return;
        const skipped = skippedValidatorOf(node, sinks().evaluator, sourceCode);
        if (skipped) {
          const subject = subjectOf(skipped.evidence);
          if (subject === undefined) return;
          const call = shortText(skipped.evidence.call, sourceCode);
          const why = skipped.swallowedBy
            ? `the \`catch\` on line ${skipped.swallowedBy.loc.start.line} swallows the compile error and leaves \`${sourceCode.getText(skipped.read)}\` unset`
            : `\`${call}\` returns \`undefined\` for a schema nobody registered`;
          const when = skipped.swallowedBy ? 'the schema does not compile' : 'the schema reference is unknown';
          context.report({ node: skipped.read, messageId: 'validatorSkippedWhenMissing', data: { subject, when, why } });
          return;
        }
        const ignored = ignoredFailureOf(node, sinks().evaluator, sourceCode);
        if (ignored) reportIgnored({ node: node.test }, ignored, '`if`');
      },
      CatchClause(node) {
        if (!active()) return;
        const ignored = ignoredThrowOf(node, sinks().evaluator, sourceCode);
        if (ignored) reportIgnored({ loc: sourceCode.getFirstToken(node)!.loc }, ignored, '`catch`');
      },
    };
  },
});

function shortText(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string {
  const text = sourceCode.getText(node).replace(/\s+/g, ' ');
  return text.length <= 48 ? text : `${text.slice(0, 45)}…`;
}
