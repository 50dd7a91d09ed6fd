import { dirname, resolve } from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { getSettings } from '../settings.js';
import { readBaseline, type Baseline } from './baseline-file.js';
import { activeCollector, registerBaselinedRule, type CollectedFinding } from './collector.js';
import { baselinePath, fingerprintOf, identifyReport } from './fingerprint.js';
import { assignOccurrences, matchFindings } from './matching.js';

/** The message every rule gains for a baseline entry whose finding is gone. */
export const BASELINE_STALE_MESSAGE_ID = 'baselineStale';
export type BaselineMessageId = typeof BASELINE_STALE_MESSAGE_ID;

const BASELINE_STALE_MESSAGE =
  'Fixed — prune the baseline: {{fixed}} of {{count}} baselined finding(s) `{{snippet}}`{{where}} no longer occur; ' +
  'remove them from {{baseline}} with `schema-contract baseline prune`.';

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;
type Descriptor = TSESLint.ReportDescriptor<string>;
type Listener = (...args: unknown[]) => void;

export interface RuleModuleLike<MessageIds extends string, Options extends readonly unknown[], Docs> {
  readonly name: string;
  readonly meta: TSESLint.RuleMetaData<MessageIds, Docs, Options>;
  create(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>): TSESLint.RuleListener;
  readonly defaultOptions?: Options;
}

function interpolate(template: string, data: Readonly<Record<string, unknown>> | undefined): string {
  if (!data) return template;
  return template.replace(/\{\{([^{}]+?)\}\}/g, (whole, term: string) => {
    const key = term.trim();
    return key in data ? String(data[key]) : whole;
  });
}

/** The location ESLint will give the message, so the CLI can tell which findings a directive disabled. */
function reportedLocation(descriptor: Descriptor): Pick<CollectedFinding, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const loc = 'loc' in descriptor && descriptor.loc ? descriptor.loc : (descriptor as { node: TSESTree.Node }).node.loc;
  const start = 'start' in loc ? loc.start : loc;
  const end = 'start' in loc ? loc.end : undefined;
  return { line: start.line, column: start.column + 1, endLine: end?.line, endColumn: end ? end.column + 1 : undefined };
}

/** A baseline as one linted file sees it: its entries are under `path`. */
interface FileBaseline {
  readonly baseline: Baseline;
  readonly path: string;
}

/**
 * The baseline as read for one linted file: every rule of the file shares one read (one `stat` of
 * the baseline file), and the next file reads afresh, so an edited baseline is seen.
 */
const baselinesByFile = new WeakMap<object, Map<string, FileBaseline>>();

function baselineForFile(sourceCode: object, baselineFile: string, lintedFile: string): FileBaseline {
  let baselines = baselinesByFile.get(sourceCode);
  if (!baselines) baselinesByFile.set(sourceCode, (baselines = new Map()));
  let known = baselines.get(baselineFile);
  if (!known) {
    const baseline = readBaseline(baselineFile);
    known = { baseline, path: baselinePath(dirname(baseline.file), lintedFile) };
    baselines.set(baselineFile, known);
  }
  return known;
}

/**
 * Gives a rule the findings baseline: the rule reports through a context whose `report` only
 * records; at the end of the file (after the rule's own `Program:exit` and code-path end, so the
 * order of findings is complete) identical findings are numbered in source order, compared with
 * the baseline, and only new findings and fixed entries reach ESLint. Every rule of the plugin is
 * wrapped once, by `createRule`. Without a configured baseline the rule runs untouched, and so it
 * does on a file the baseline holds no entry of the rule for.
 */
export function withBaseline<MessageIds extends string, Options extends readonly unknown[], Docs>(
  rule: RuleModuleLike<MessageIds, Options, Docs>,
): RuleModuleLike<MessageIds | BaselineMessageId, Options, Docs> {
  const ruleName = rule.name;
  registerBaselinedRule(ruleName);
  const docs = rule.meta.docs as { description?: string; url?: string } | undefined;
  const messages = { ...rule.meta.messages, [BASELINE_STALE_MESSAGE_ID]: BASELINE_STALE_MESSAGE } as Record<
    MessageIds | BaselineMessageId,
    string
  >;
  return {
    ...rule,
    meta: { ...rule.meta, messages } as TSESLint.RuleMetaData<MessageIds | BaselineMessageId, Docs, Options>,
    create(context) {
      const settings = getSettings(context as AnyContext);
      const collector = activeCollector();
      const configuredBaseline = settings.baseline === undefined ? undefined : resolve(context.cwd, settings.baseline);
      if (!collector && configuredBaseline === undefined) {
        return rule.create(context as Readonly<TSESLint.RuleContext<MessageIds, Options>>);
      }
      // Read before the rule runs: a bad baseline fails the run however clean the file is.
      const fileBaseline =
        collector || configuredBaseline === undefined ? undefined : baselineForFile(context.sourceCode, configuredBaseline, context.filename);
      const entries = fileBaseline?.baseline.index.get(fileBaseline.path)?.get(ruleName) ?? [];
      // Without entries for this file and rule every finding is new and none can be stale: the rule
      // reports as it does without a baseline (most files of a large baseline have none).
      if (!collector && entries.length === 0) return rule.create(context as Readonly<TSESLint.RuleContext<MessageIds, Options>>);
      collector?.ruleRan({
        file: context.filename,
        physicalFile: context.physicalFilename,
        rule: ruleName,
        ruleId: context.id,
        configuredBaseline,
        description: docs?.description,
        url: docs?.url,
        options: context.options,
      });

      const report = context.report as (descriptor: Descriptor) => void;
      const pending: Descriptor[] = [];
      // Inherits everything else (sourceCode, settings, options, filename, cwd, id…) from ESLint's
      // own context. Defined, not assigned: the inherited `report` is a frozen read-only property.
      const recordingContext = Object.freeze(
        Object.create(context, {
          report: {
            enumerable: true,
            value(descriptor: Descriptor) {
              pending.push(descriptor);
            },
          },
        }) as typeof context,
      );
      const listeners = rule.create(recordingContext as Readonly<TSESLint.RuleContext<MessageIds, Options>>) as Record<
        string,
        Listener | undefined
      >;

      let flushed = false;
      const flush = (): void => {
        if (flushed) return;
        flushed = true;
        const sourceCode = context.sourceCode;
        const findings = assignOccurrences(
          pending.map((descriptor) => ({ ...identifyReport(sourceCode, descriptor), descriptor })),
        );
        if (collector) {
          collector.found(
            findings.map(({ descriptor, ...identity }) => ({
              ...identity,
              ...reportedLocation(descriptor),
              file: context.filename,
              physicalFile: context.physicalFilename,
              rule: ruleName,
              ruleId: context.id,
              messageId: descriptor.messageId,
              message: interpolate(messages[descriptor.messageId as MessageIds] ?? '', descriptor.data),
            })),
          );
          for (const { descriptor } of findings) report(descriptor);
          return;
        }
        if (!fileBaseline) return;
        const { baseline, path } = fileBaseline;
        const fingerprinted = findings.map((finding) => ({
          ...finding,
          fingerprint: fingerprintOf(ruleName, path, finding.identity),
        }));
        const result = matchFindings(entries, fingerprinted);
        for (const finding of result.new) report(finding.descriptor);
        for (const stale of result.stale) {
          report({
            loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 0 } },
            messageId: BASELINE_STALE_MESSAGE_ID,
            data: {
              fixed: stale.fixed,
              count: stale.entry.count,
              snippet: stale.entry.snippet ?? stale.entry.fingerprint,
              where: stale.entry.context === undefined ? '' : ` in ${stale.entry.context}`,
              baseline: baselinePath(context.cwd, baseline.file) || baseline.file,
            },
          });
        }
      };

      const wrapped: Record<string, Listener | undefined> = { ...listeners };
      const programExit = listeners['Program:exit'];
      const codePathEnd = listeners.onCodePathEnd;
      // The Program's code path ends after `Program:exit`: a rule listening to it may still report.
      if (codePathEnd) {
        wrapped.onCodePathEnd = (...args: unknown[]) => {
          codePathEnd(...args);
          if ((args[1] as TSESTree.Node | undefined)?.type === 'Program') flush();
        };
      }
      wrapped['Program:exit'] = (...args: unknown[]) => {
        programExit?.(...args);
        if (!codePathEnd) flush();
      };
      return wrapped as TSESLint.RuleListener;
    },
  };
}
