import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { ENUM_POSITION_VOCABULARY, enumPositionOfCall, enumPositionOfProperty, isInOpenUnion, type EnumPosition } from '../src/analysis/enums/enum-positions.js';
import { mayImportLibraryBinding } from '../src/analysis/schemas/schema-libraries.js';
import { getEvaluator, type Evaluator } from '../src/analysis/values/evaluator.js';
import { describeLocation, describeTableLocation, type GlossaryTable, type UnmarkedTable } from '../src/analysis/glossary/glossary.js';
import { findSourceTables, findUnmarkedSources } from '../src/analysis/glossary/table-sources.js';
import { closedCaseSubjects, conditionFacts, GuardIndex, policyCheckSubject, readsFlag } from '../src/analysis/enums/guard-conditions.js';
import { describeValuesFix } from '../src/analysis/enums/enum-description-fix.js';
import { isRoutedByServer } from '../src/analysis/enums/server-routing.js';
import type { StaticValue } from '../src/analysis/values/static-value.js';
import { strictGatePlace } from '../src/analysis/enums/enum-schema-place.js';
import { unfollowedLibraryEnumOf, unreadTablesOf, type UnfollowedLibraryEnum } from '../src/analysis/enums/unfollowed-library-enum.js';
import { DEFAULT_GLOSSARY_MODULES, getSettings } from '../src/settings.js';
import { createRule } from '../src/util/create-rule.js';

export type Options = [{ reportUnmarkedTables?: boolean; killSwitch?: string }];
export type MessageIds = 'openGlossaryEnum' | 'glossaryModuleEnum' | 'unmarkedTableEnum' | 'unfollowedLibraryEnum' | 'enumWithoutKillSwitch' | 'describeValues';

/** How the message names the library a binding is taken for. */
const LIBRARY_NAMES = { zod: 'zod', typebox: 'TypeBox', valibot: 'valibot' } as const;

/** A policy check on something not statically a table: it may check any table. */
const ANY_TABLE = Symbol('any table');
/** A condition that reads the kill-switch flag. */
const KILL_SWITCH = Symbol('kill switch');

export default createRule<Options, MessageIds>({
  name: 'no-open-glossary-enum',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow schema enums whose values come from a glossary table that is not closed',
      recommended: true,
      strictOptions: [{ reportUnmarkedTables: true }],
    },
    hasSuggestions: true,
    messages: {
      openGlossaryEnum:
        "This enum's values come from glossary table '{{table}}' (policy '{{policy}}', declared at {{location}}), which is not closed: as an enum it rejects every value the table does not list, before your code sees the call. Describe the values in the field's description, or close the table with corroboration.",
      glossaryModuleEnum:
        "This enum's values come from '{{table}}' (declared at {{location}}), a table of a glossary module ({{module}}) that is not marked closed: as an enum it rejects every value the table does not list, before your code sees the call. Describe the values in the field's description, or mark the table closed with corroboration; `glossary.modules` in settings['schema-contract'] says which modules are glossary modules (`[]`: none).",
      unmarkedTableEnum:
        "This enum in the schema {{sink}} takes its values from '{{table}}' (declared at {{location}}), a list not marked as a closed glossary table: as an enum it rejects every value it does not list, before your code sees the call. Describe the values in the field's description, or mark the table closed with corroboration.",
      unfollowedLibraryEnum:
        "This enum in the schema {{sink}} takes its values from '{{table}}' (declared at {{location}}), a list not marked as a closed glossary table: as an enum it rejects every value it does not list, before your code sees the call. `{{binding}}` is taken for {{library}} by its name and where the schema goes: it is imported from '{{module}}', which the analysis did not read ({{reason}}). Describe the values in the field's description, or mark the table closed with corroboration.",
      enumWithoutKillSwitch:
        "This enum comes from glossary table '{{table}}' (policy '{{policy}}', declared at {{location}}) but is not emitted under a condition reading '{{killSwitch}}': put it behind the kill switch so every glossary enum can be stopped without a deploy.",
      describeValues: 'Replace the enum with a description listing its {{count}} values.',
    },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          reportUnmarkedTables: {
            type: 'boolean',
            description:
              'Also report enums whose values come from an imported or module-level array or object (or an installed dependency) that is not marked as a closed glossary table, wherever the schema stands.',
          },
          killSwitch: {
            type: 'string',
            minLength: 1,
            description:
              'Name of a boolean (such as `EMIT_GLOSSARY_ENUMS`) that every enum from a closed glossary table must be emitted under.',
          },
        },
      },
    ],
    defaultOptions: [{ reportUnmarkedTables: false }],
  },
  vocabulary: () => ENUM_POSITION_VOCABULARY,
  mayReportWithoutVocabulary: (context) => mayImportLibraryBinding(context.sourceCode, context.filename, getEvaluator(context).libraryEnvironment),
  create(context, [options]) {
    const { glossary } = getSettings(context);
    const cwd = context.cwd;

    /**
     * What a guard establishes: the tables it checks closed (`ANY_TABLE` when what it checks is
     * not statically a table), and whether it reads the kill switch. Asked once per condition.
     */
    const guards = new GuardIndex<TSESTree.Node | typeof ANY_TABLE | typeof KILL_SWITCH>((condition, holds) => {
      const evaluator = getEvaluator(context);
      const facts: (TSESTree.Node | typeof ANY_TABLE | typeof KILL_SWITCH)[] = [];
      if (options.killSwitch !== undefined && readsFlag(condition, options.killSwitch)) facts.push(KILL_SWITCH);
      const subjects = conditionFacts(condition, holds, (test, testHolds) => policyCheckSubject(test, testHolds, glossary.policyKey, glossary.closedValue));
      for (const subject of subjects) for (const table of tablesChecked(subject, evaluator)) facts.push(table);
      return facts;
    });

    /** The tables a policy check reads (`subject.enumPolicy`); any table when that is not statically known. */
    function tablesChecked(subject: TSESTree.Expression, evaluator: Evaluator): (TSESTree.Node | typeof ANY_TABLE)[] {
      const checked = findSourceTables(evaluator.evaluate(subject), subject, context.filename, glossary, cwd);
      return checked.length === 0 ? [ANY_TABLE] : checked.map((table) => table.node);
    }

    /** The unmarked tables an enum's values are copied from, less those the server routes on. */
    function unmarkedSourcesOf(values: StaticValue, position: EnumPosition, evaluator: Evaluator): UnmarkedTable[] {
      return findUnmarkedSources(values, glossary, cwd).filter(
        (source) => !isInlineElementSource(values, position, source.node) && !isRoutedByServer(source, evaluator, context.sourceCode.visitorKeys),
      );
    }

    /** Strict only: `zod.enum(T)` with `zod` from a module the analysis did not read, in a tool's schema. */
    function checkUnfollowed(found: UnfollowedLibraryEnum | undefined): void {
      if (!found) return;
      const { position, library } = found;
      const evaluator = getEvaluator(context);
      const values = evaluator.evaluate(position.valuesNode);
      if (position.requiresList && values.kind !== 'array') return;
      const source = unmarkedSourcesOf(values, position, evaluator)[0] ?? unreadTablesOf(position.valuesNode, evaluator)[0];
      if (!source) return;
      reportWithSuggestion(position, values, 'unfollowedLibraryEnum', {
        table: source.name,
        location: describeLocation(source.file, source.node, cwd),
        sink: found.sink,
        binding: library.binding,
        library: LIBRARY_NAMES[library.library],
        module: library.specifier,
        reason: library.reason,
      });
    }

    function check(position: EnumPosition | undefined): void {
      if (!position) return;
      const evaluator = getEvaluator(context);
      const values = evaluator.evaluate(position.valuesNode);
      if (position.requiresList && values.kind !== 'array') return;
      const tables = findSourceTables(values, position.valuesNode, context.filename, glossary, cwd);
      // A list the server itself routes on (its own enum, the actions it dispatches) is closed by
      // construction; any other unmarked list is a hidden gate wherever its schema stands.
      let unmarked = options.reportUnmarkedTables ? unmarkedSourcesOf(values, position, evaluator) : [];
      const gate = unmarked.length > 0 ? strictGatePlace(position, context) : undefined;
      if (!gate) unmarked = [];
      if (tables.length === 0 && unmarked.length === 0) return;
      if (isInOpenUnion(position, evaluator.module, evaluator.libraryEnvironment)) return;

      const open = tables.find((table) => !table.closed && !isGuardedClosed(table, position.reportNode, evaluator));
      if (open?.marking === 'glossary-module') {
        // The first finding a glossary module brings says why its lists are tables at all.
        reportWithSuggestion(position, values, 'glossaryModuleEnum', {
          table: open.name,
          location: describeTableLocation(open, cwd),
          module: glossary.modules === DEFAULT_GLOSSARY_MODULES ? 'by default, a module named glossary.* or in a glossary/ folder' : 'matched by glossary.modules',
        });
        return;
      }
      if (open) {
        reportWithSuggestion(position, values, 'openGlossaryEnum', {
          table: open.name,
          policy: open.policy,
          location: describeTableLocation(open, cwd),
        });
        return;
      }
      const source = unmarked[0];
      if (source) {
        reportWithSuggestion(position, values, 'unmarkedTableEnum', {
          table: source.name,
          location: describeLocation(source.file, source.node, cwd),
          sink: gate!,
        });
        return;
      }
      const killSwitch = options.killSwitch;
      if (killSwitch !== undefined && !guards.isEstablished(position.reportNode, [KILL_SWITCH])) {
        const table = tables[0]!;
        context.report({
          node: position.reportNode,
          messageId: 'enumWithoutKillSwitch',
          data: { table: table.name, policy: table.policy, location: describeTableLocation(table, cwd), killSwitch },
        });
      }
    }

    /**
     * `z.enum([Statuses.ACTIVE, Statuses.FAILED])`: a list written here, member by member, is the
     * author's own choice like any inline list, even when its members are named constants; only a
     * table copied in whole (`...T`, `T.values`) comes from the table.
     */
    function isInlineElementSource(values: StaticValue, position: EnumPosition, declaration: TSESTree.Node): boolean {
      const fileEvaluator = getEvaluator(context);
      if (values.kind !== 'array' || !values.node || fileEvaluator.moduleOf(values.node) !== fileEvaluator.module) return false;
      const [start, end] = position.valuesNode.range;
      const inline = values.node.range[0] >= start && values.node.range[1] <= end && values.node.type === 'ArrayExpression';
      return inline && !values.origins.some((origin) => origin.declaration === declaration);
    }

    /**
     * `if (table.enumPolicy === 'closed') return { enum: codes }`: the enum exists only when the
     * table is closed. A guard on some other table (statically known to be different) does not count.
     */
    function isGuardedClosed(table: GlossaryTable, reportNode: TSESTree.Node, evaluator: Evaluator): boolean {
      const checksThisTable = (subject: TSESTree.Expression): boolean => {
        const checked = tablesChecked(subject, evaluator);
        return checked.includes(ANY_TABLE) || checked.includes(table.node);
      };
      if (closedCaseSubjects(reportNode, glossary.policyKey, glossary.closedValue).some(checksThisTable)) return true;
      return guards.isEstablished(reportNode, [table.node, ANY_TABLE]);
    }

    function reportWithSuggestion(
      position: EnumPosition,
      values: StaticValue,
      messageId: 'openGlossaryEnum' | 'glossaryModuleEnum' | 'unmarkedTableEnum' | 'unfollowedLibraryEnum',
      data: Record<string, string>,
    ): void {
      const fix = describeValuesFix(position, values, context.sourceCode);
      context.report({
        node: position.reportNode,
        messageId,
        data,
        suggest: fix
          ? [
              {
                messageId: 'describeValues',
                data: { count: String(fix.count) },
                fix: (fixer: TSESLint.RuleFixer) => fix.apply(fixer),
              },
            ]
          : [],
      });
    }

    return {
      Property(node: TSESTree.Property) {
        check(enumPositionOfProperty(node));
      },
      CallExpression(node: TSESTree.CallExpression) {
        const evaluator = getEvaluator(context);
        const position = enumPositionOfCall(node, evaluator.module, evaluator.libraryEnvironment);
        if (position) check(position);
        else if (options.reportUnmarkedTables) checkUnfollowed(unfollowedLibraryEnumOf(node, context));
      },
    };
  },
});
