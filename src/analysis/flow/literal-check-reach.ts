import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { Evaluator } from '../values/evaluator.js';
import type { ObjectValue } from '../values/static-value.js';
import { unwrapTypeWrappers } from '../syntax/ast.js';
import { CompileBudget } from '../schemas/schema-compiler.js';
import { requiredNotDefinedByLiteralCheck } from '../schemas/schema-literal.js';
import type { JsonSchemaDraft } from '../schemas/schema-structure.js';
import { isSchemaLiteralAt, type SchemaLiteralPosition } from './schema-literal-positions.js';
import { mayReachFilledIn } from './sink-model.js';
import { getSinkAnalysis } from './value-flow.js';

/**
 * What the literal check (valid-schema-literal: every schema position of a file, compiled with
 * Ajv) reports of a `required` entry, so that another check of the same literal (the tool input
 * conventions) leaves that one defect to it and reports only what the literal check does not
 * reach. The literal check is asked the way valid-schema-literal asks it: the position's draft
 * (its `defaultDraft` default otherwise), and whether the literal may reach its sink filled in.
 */

/** valid-schema-literal's `defaultDraft` default: the draft it checks a literal without `$schema` against. */
const LITERAL_CHECK_DRAFT: JsonSchemaDraft = '2020-12';
/** Literals one file compiles for the question (valid-schema-literal's default `maxSchemasPerFile`); cached compiles are free. */
const LITERAL_CHECK_BUDGET = 500;

export type RequiredReported = (required: TSESTree.Node, name: string) => boolean;

const NOTHING_REPORTED: RequiredReported = () => false;

export class LiteralCheckReach {
  readonly #evaluator: Evaluator;
  readonly #context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;
  readonly #budget = new CompileBudget(LITERAL_CHECK_BUDGET);
  #positions: readonly SchemaLiteralPosition[] = [];
  #held: Set<TSESTree.Node> | undefined;

  constructor(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, evaluator: Evaluator) {
    this.#context = context;
    this.#evaluator = evaluator;
  }

  /** The file's schema positions (from `findSchemaLiteralPositions`), the literal check's starting points. */
  setPositions(positions: readonly SchemaLiteralPosition[]): void {
    this.#positions = positions;
    this.#held = undefined;
  }

  /**
   * Whether the literal check reports a `required` name of `value`, the literal at `valueNode`:
   * at a schema position with a sink (`position`), it checks it there; elsewhere (an SDK call's
   * shape argument), only a literal of this file that a position holds and whose flow reaches a
   * schema sink. Compiled once, on the first question, and only when a question is asked.
   */
  requiredReported(valueNode: TSESTree.Node, value: ObjectValue, position: SchemaLiteralPosition | undefined): RequiredReported {
    const literal = this.#localLiteral(value);
    let draft: JsonSchemaDraft | undefined;
    if (position?.sink) draft = position.draft;
    else if (!literal || !this.#heldByPosition(literal)) return NOTHING_REPORTED;
    let reported: ReadonlyMap<TSESTree.Node, ReadonlySet<string>> | undefined;
    return (required, name) => {
      reported ??= this.#reportedNames(valueNode, value, literal, position, draft);
      return reported.get(required)?.has(name) ?? false;
    };
  }

  #reportedNames(
    valueNode: TSESTree.Node,
    value: ObjectValue,
    literal: TSESTree.Node | undefined,
    position: SchemaLiteralPosition | undefined,
    draft: JsonSchemaDraft | undefined,
  ): ReadonlyMap<TSESTree.Node, ReadonlySet<string>> {
    // An inline literal's sink is the position's own; one written before its use is followed.
    const inline = position?.sink !== undefined && unwrapTypeWrappers(valueNode) === literal;
    const answer = literal && !inline ? getSinkAnalysis(this.#context).sinkOf(literal) : undefined;
    if (!position?.sink && (answer?.kind !== 'schema' || !isSchemaLiteralAt(value, answer.sink))) return new Map();
    return requiredNotDefinedByLiteralCheck(value, { defaultDraft: draft ?? LITERAL_CHECK_DRAFT, budget: this.#budget, mayBeFilledIn: mayReachFilledIn(answer) });
  }

  #localLiteral(value: ObjectValue): TSESTree.Node | undefined {
    const node = value.node;
    return node?.type === AST_NODE_TYPES.ObjectExpression && this.#evaluator.moduleOf(node) === this.#evaluator.module ? node : undefined;
  }

  #heldByPosition(literal: TSESTree.Node): boolean {
    if (!this.#held) {
      this.#held = new Set();
      for (const position of this.#positions) {
        const held = this.#evaluator.evaluate(position.valueNode);
        const node = held.kind === 'object' ? this.#localLiteral(held) : undefined;
        if (node) this.#held.add(node);
      }
    }
    return this.#held.has(literal);
  }
}
