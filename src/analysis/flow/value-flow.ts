import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { getKeyName, memberName, unwrapChainAndTypeWrappers, unwrapTypeWrappers } from '../syntax/ast.js';
import { CallSites, enclosingClassBody, importedCallee, outermostWrapper } from './call-sites.js';
import { getEvaluator, type Evaluator } from '../values/evaluator.js';
import { getFunctionName, isFunctionNode, type FunctionNode } from '../syntax/function-name.js';
import { calleeName, sinkOfArgument, sinkOfClassMember, sinkOfProperty } from './schema-sinks.js';
import { VALUE_PASSING_METHODS } from './argument-uses.js';
import { sinkOfReceiver } from './validation-sinks.js';
import { combine, dataSink, MODIFYING_USE, UNKNOWN_SINK, type SchemaSink, type SinkAnswer } from './sink-model.js';
import { isParsedValue, passedThroughInput, schemaAmongOtherReturns } from './schema-evidence.js';

/**
 * Follows a value forward to where it is used, and answers the question every rule asks: "is
 * this value a schema, and which one?". Through type wrappers, `??`/`||`/`?:`, object and array
 * literals (keeping the path inside them), spreads, consts and reassigned variables (every read),
 * returns (to the calls of the function in this file, and through IIFEs), and arguments (into the
 * parameter of a function of this file). Crossing into or out of a function is one level; the
 * analysis goes one level deep. Anything it cannot follow is unknown, and unknown means silence.
 */

export interface SinkAnalysisOptions {
  /** Names the user declares as schema positions (a binding, property or parameter named so). */
  readonly configuredNames?: readonly RegExp[];
}

export interface SinkAnalysis {
  readonly evaluator: Evaluator;
  /** Where the value of `expression` ends up. */
  sinkOf(expression: TSESTree.Node): SinkAnswer;
  /**
   * Where a schema finally goes: like `sinkOf`, but a schema-library position or a converter's
   * input is followed on to where the builder or the converted schema goes
   * (`z.object({ region: z.enum(R) })` passed as a tool's `inputSchema`).
   */
  finalSinkOf(expression: TSESTree.Node): SinkAnswer;
  /** Where a function's result ends up: the sink of its calls in this file (or of its getter's key). */
  resultSinkOf(fn: FunctionNode): SinkAnswer;
  /** The calls of `fn` in this file: through its name, `this.name(…)` in its class, or as an IIFE. */
  callSitesOf(fn: FunctionNode): readonly TSESTree.CallExpression[];
}

/** Steps per question: each step is one parent, reference or call site looked at. */
const MAX_STEPS = 400;
/** How many function boundaries (returns out of, arguments into) a value is followed across. */
const MAX_CALL_LEVELS = 1;
/** A binding read in more places than this is followed in the first ones only. */
const MAX_REFERENCES = 32;

interface FlowState {
  /** The expression the question is about, when it is one (not a function's result). */
  readonly subject?: TSESTree.Node;
  /** Whether `subject` is a schema library's schema, once asked. */
  subjectIsLibrarySchema?: boolean;
  readonly via: readonly string[];
  readonly levels: number;
  readonly budget: { steps: number };
  readonly visited: Set<TSESTree.Node>;
}

const analyses = new WeakMap<object, SinkAnalysis>();

/** One analysis per linted file (per option set), shared by the rules that ask without options. */
export function getSinkAnalysis(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  options: SinkAnalysisOptions = {},
): SinkAnalysis {
  if (options.configuredNames?.length) return new FlowAnalysis(getEvaluator(context), context.sourceCode, options.configuredNames);
  let analysis = analyses.get(context.sourceCode);
  if (!analysis) analyses.set(context.sourceCode, (analysis = new FlowAnalysis(getEvaluator(context), context.sourceCode, [])));
  return analysis;
}

/** Methods that change the collection they are called on. */
const MUTATING_METHODS = new Set(['push', 'unshift', 'splice', 'set', 'add', 'delete', 'clear', 'fill', 'sort', 'reverse']);

/** `value.a = x`, `value.a.b ??= x`, `delete value.a`, `value.list.push(x)`: a write through `member`. */
function isWrittenThrough(member: TSESTree.MemberExpression): boolean {
  let node: TSESTree.Node = member;
  while (node.parent?.type === AST_NODE_TYPES.MemberExpression && node.parent.object === node) node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.AssignmentExpression) return parent.left === node;
  if (parent.type === AST_NODE_TYPES.UpdateExpression) return true;
  if (parent.type === AST_NODE_TYPES.UnaryExpression) return parent.operator === 'delete';
  return parent.type === AST_NODE_TYPES.CallExpression && parent.callee === node && MUTATING_METHODS.has(calleeName(node) ?? '');
}

function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionNode(current)) return current;
  return undefined;
}

class FlowAnalysis implements SinkAnalysis {
  private readonly memo = new Map<TSESTree.Node, SinkAnswer>();
  private readonly calls: CallSites;

  constructor(
    readonly evaluator: Evaluator,
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly configuredNames: readonly RegExp[],
  ) {
    this.calls = new CallSites(sourceCode);
  }

  sinkOf(expression: TSESTree.Node): SinkAnswer {
    const cached = this.memo.get(expression);
    if (cached) return cached;
    const answer = this.follow(expression, [], { subject: expression, via: [], levels: 0, budget: { steps: 0 }, visited: new Set() });
    this.memo.set(expression, answer);
    return answer;
  }

  finalSinkOf(expression: TSESTree.Node): SinkAnswer {
    let answer = this.sinkOf(expression);
    for (let hops = 0; hops < 8 && answer.kind === 'schema' && (answer.sink.role === 'library' || answer.sink.role === 'converter-input'); hops += 1) {
      const call = answer.sink.slot.parent;
      if (call?.type !== AST_NODE_TYPES.CallExpression) break;
      const next = this.sinkOf(call);
      if (next.kind !== 'schema') break;
      answer = next;
    }
    return answer;
  }

  resultSinkOf(fn: FunctionNode): SinkAnswer {
    // The function asked about is the subject of the answer: its own name is not a step on the way.
    return this.followReturn(fn, [], { via: [], levels: 0, budget: { steps: 0 }, visited: new Set() }, undefined, false);
  }

  /** `toZod(def).parse(x)` where the value followed is `z.object({}).passthrough()`: the receiver holds a library schema. */
  private followedIsLibrarySchema(state: FlowState): boolean {
    if (state.subject === undefined) return false;
    return (state.subjectIsLibrarySchema ??= this.evaluator.evaluate(state.subject).kind === 'builder');
  }

  private schema(sink: SchemaSink, pointer: readonly string[], state: FlowState): SinkAnswer {
    return { kind: 'schema', sink: { ...sink, pointer: [...pointer, ...sink.pointer], via: state.via } };
  }

  private configured(name: string | undefined, slot: TSESTree.Node, pointer: readonly string[], state: FlowState): SinkAnswer | undefined {
    if (name === undefined || !this.configuredNames.some((pattern) => pattern.test(name))) return undefined;
    const sink: SchemaSink = {
      role: 'configured',
      dialect: 'json-schema',
      description: `held by \`${name}\`, a schema name by the \`schemaNames\` option`,
      key: name,
      toolName: undefined,
      slot,
      draft: undefined,
      pointer: [],
      via: [],
    };
    return this.schema(sink, pointer, state);
  }

  /** Walks up from `node`, whose value is the followed value at `pointer`, to where it is used. */
  private follow(node: TSESTree.Node, pointer: readonly string[], state: FlowState): SinkAnswer {
    let current = node;
    let path = pointer;
    for (;;) {
      if (++state.budget.steps > MAX_STEPS) return UNKNOWN_SINK;
      const parent = current.parent;
      if (!parent) return UNKNOWN_SINK;
      switch (parent.type) {
        case AST_NODE_TYPES.ChainExpression:
        case AST_NODE_TYPES.AwaitExpression:
        case AST_NODE_TYPES.TSAsExpression:
        case AST_NODE_TYPES.TSSatisfiesExpression:
        case AST_NODE_TYPES.TSNonNullExpression:
        case AST_NODE_TYPES.TSTypeAssertion:
          current = parent;
          continue;
        case AST_NODE_TYPES.LogicalExpression:
          if (parent.operator === '&&' && parent.left === current) return dataSink('a condition');
          current = parent;
          continue;
        case AST_NODE_TYPES.ConditionalExpression:
          if (parent.test === current) return dataSink('a condition');
          current = parent;
          continue;
        case AST_NODE_TYPES.SequenceExpression:
          if (parent.expressions.at(-1) !== current) return dataSink('discarded');
          current = parent;
          continue;
        case AST_NODE_TYPES.Property: {
          if (parent.value !== current || parent.parent.type !== AST_NODE_TYPES.ObjectExpression) return UNKNOWN_SINK;
          const key = getKeyName(parent.key, parent.computed);
          if (key === undefined) return UNKNOWN_SINK;
          const configured = this.configured(key, parent.value, path, state);
          if (configured) return configured;
          const sink = sinkOfProperty(parent.parent, key, parent.value, this.evaluator);
          if (sink) return this.schema(sink, path, state);
          path = [key, ...path];
          current = parent.parent;
          continue;
        }
        case AST_NODE_TYPES.ArrayExpression:
          path = [String(parent.elements.indexOf(current as TSESTree.Expression)), ...path];
          current = parent;
          continue;
        case AST_NODE_TYPES.SpreadElement: {
          // `{ ...base, ...(flag && { outputSchema: X }) }`: the spread's keys are the holder's keys.
          const holder = parent.parent;
          if (path.length === 0 || holder.type !== AST_NODE_TYPES.ObjectExpression) return dataSink('spread');
          const sink = sinkOfProperty(holder, path[0]!, parent, this.evaluator);
          if (sink) return this.schema(sink, path.slice(1), state);
          current = holder;
          continue;
        }
        case AST_NODE_TYPES.VariableDeclarator:
          if (parent.init !== current || parent.id.type !== AST_NODE_TYPES.Identifier) return UNKNOWN_SINK;
          return this.configured(parent.id.name, current, path, state) ?? this.followBinding(parent.id, path, state);
        case AST_NODE_TYPES.AssignmentPattern:
          if (parent.right !== current || parent.left.type !== AST_NODE_TYPES.Identifier) return UNKNOWN_SINK;
          return (
            this.configured(parent.left.name, current, path, state) ??
            this.configured(this.destructuredKey(parent), current, path, state) ??
            this.followBinding(parent.left, path, state)
          );
        case AST_NODE_TYPES.AssignmentExpression:
          if (parent.right !== current) return UNKNOWN_SINK;
          return this.followAssignment(parent, path, state);
        case AST_NODE_TYPES.ReturnStatement: {
          const fn = enclosingFunction(parent);
          return fn ? this.followReturn(fn, path, state, parent) : UNKNOWN_SINK;
        }
        case AST_NODE_TYPES.ArrowFunctionExpression:
          return parent.body === current ? this.followReturn(parent, path, state) : UNKNOWN_SINK;
        case AST_NODE_TYPES.CallExpression:
        case AST_NODE_TYPES.NewExpression:
          if (parent.callee === current) return dataSink(parent.type === AST_NODE_TYPES.NewExpression ? 'constructed' : 'called');
          return this.followArgument(parent, parent.arguments.indexOf(current as TSESTree.CallExpressionArgument), path, state);
        case AST_NODE_TYPES.MemberExpression: {
          if (parent.object !== current) return UNKNOWN_SINK;
          // `Args.parse(input)`, `S['~standard'].validate(input)`: the schema validates; where the parsed data goes is no schema's sink.
          const validation = sinkOfReceiver(parent, () => this.followedIsLibrarySchema(state), this.evaluator);
          if (validation) return this.schema(validation, path, state);
          // A builder chain goes on (`(s ?? z.any()).optional()`); any other member access reads the value.
          const call = parent.parent;
          if (call.type === AST_NODE_TYPES.CallExpression && call.callee === parent && this.evaluator.evaluate(current).kind === 'builder') {
            if (isParsedValue(this.evaluator.evaluate(call))) return dataSink('used to parse a value');
            current = call;
            continue;
          }
          return isWrittenThrough(parent) ? MODIFYING_USE : dataSink('read from');
        }
        case AST_NODE_TYPES.PropertyDefinition: {
          if (parent.value !== current || parent.parent.type !== AST_NODE_TYPES.ClassBody) return UNKNOWN_SINK;
          const key = getKeyName(parent.key, parent.computed);
          if (key === undefined) return UNKNOWN_SINK;
          const sink = sinkOfClassMember(parent.parent, key, current, this.evaluator);
          return sink ? this.schema(sink, path, state) : (this.configured(key, current, path, state) ?? UNKNOWN_SINK);
        }
        case AST_NODE_TYPES.TemplateLiteral:
        case AST_NODE_TYPES.TaggedTemplateExpression:
        case AST_NODE_TYPES.BinaryExpression:
        case AST_NODE_TYPES.UnaryExpression:
        case AST_NODE_TYPES.ForInStatement:
        case AST_NODE_TYPES.ForOfStatement:
        case AST_NODE_TYPES.IfStatement:
        case AST_NODE_TYPES.SwitchStatement:
        case AST_NODE_TYPES.SwitchCase:
        case AST_NODE_TYPES.WhileStatement:
        case AST_NODE_TYPES.DoWhileStatement:
        case AST_NODE_TYPES.ExpressionStatement:
        case AST_NODE_TYPES.ThrowStatement:
          return dataSink(parent.type === AST_NODE_TYPES.ExpressionStatement ? 'discarded' : 'read as data');
        default:
          return UNKNOWN_SINK;
      }
    }
  }

  /** `const { inputSchema: s = X } = def`: the key the default stands in for. */
  private destructuredKey(pattern: TSESTree.AssignmentPattern): string | undefined {
    const property = pattern.parent;
    return property.type === AST_NODE_TYPES.Property && property.value === pattern ? getKeyName(property.key, property.computed) : undefined;
  }

  /** The scope at `node`, in the linted file or in a module a call was followed into. */
  private scopeOf(node: TSESTree.Node): TSESLint.Scope.Scope {
    const module = this.evaluator.moduleOf(node);
    return module === this.evaluator.module ? this.sourceCode.getScope(node) : module.getScope(node);
  }

  /** Every read of `this.key` in the class whose body is `body`. */
  private followMember(body: TSESTree.ClassBody, key: string, pointer: readonly string[], state: FlowState): SinkAnswer {
    const reads = this.calls.thisReadsOf(body, key);
    const first = reads[0];
    if (!first || state.visited.has(first)) return UNKNOWN_SINK;
    state.visited.add(first);
    return combine(reads.slice(0, MAX_REFERENCES).map((read) => this.follow(read, pointer, state)));
  }

  /** Every read of the variable `identifier` declares (a const, a parameter, a reassigned let). */
  private followBinding(identifier: TSESTree.Identifier, pointer: readonly string[], state: FlowState): SinkAnswer {
    const variable = ASTUtils.findVariable(this.scopeOf(identifier), identifier.name);
    if (!variable || variable.defs.length === 0) return UNKNOWN_SINK;
    const declaration = variable.defs[0]!.name;
    if (state.visited.has(declaration)) return UNKNOWN_SINK;
    state.visited.add(declaration);
    const reads = variable.references.filter((reference) => reference.isRead() && !reference.init).slice(0, MAX_REFERENCES);
    return combine(reads.map((reference) => this.follow(reference.identifier, pointer, state)));
  }

  private followAssignment(assignment: TSESTree.AssignmentExpression, pointer: readonly string[], state: FlowState): SinkAnswer {
    const target = assignment.left;
    if (target.type === AST_NODE_TYPES.Identifier) {
      return this.configured(target.name, assignment.right, pointer, state) ?? this.followBinding(target, pointer, state);
    }
    if (target.type !== AST_NODE_TYPES.MemberExpression) return UNKNOWN_SINK;
    const key = memberName(target) ?? (target.property.type === AST_NODE_TYPES.PrivateIdentifier ? `#${target.property.name}` : undefined);
    if (key === undefined) return UNKNOWN_SINK;
    const configured = this.configured(key, assignment.right, pointer, state);
    if (configured) return configured;
    const receiver = unwrapChainAndTypeWrappers(target.object);
    let sink: SchemaSink | undefined;
    if (receiver.type === AST_NODE_TYPES.ThisExpression) {
      const body = enclosingClassBody(receiver);
      sink = body && sinkOfClassMember(body, key, assignment.right, this.evaluator);
      // `this.schema = schema`, advertised by `get inputSchema() { return this.schema; }`: the member's reads say.
      if (!sink && body) return this.followMember(body, key, pointer, state);
    } else if (receiver.type === AST_NODE_TYPES.Identifier) {
      // `toolDefinition.outputSchema = X` on a tool definition written as a literal.
      const variable = ASTUtils.findVariable(this.scopeOf(receiver), receiver.name);
      const declarator = variable?.defs[0]?.node;
      const init = declarator?.type === AST_NODE_TYPES.VariableDeclarator && declarator.init ? unwrapTypeWrappers(declarator.init) : undefined;
      sink = init?.type === AST_NODE_TYPES.ObjectExpression ? sinkOfProperty(init, key, assignment.right, this.evaluator) : undefined;
    }
    return sink ? this.schema(sink, pointer, state) : UNKNOWN_SINK;
  }

  /**
   * A value returned from `fn`: a getter's key (`get inputSchema()` of a tool class), the call of
   * an IIFE, the calls of `fn` in this file, or, failing those, a converter's branch when the
   * function's other returns are schemas.
   */
  private followReturn(fn: FunctionNode, pointer: readonly string[], state: FlowState, from?: TSESTree.ReturnStatement, nameStep = true): SinkAnswer {
    const holder = fn.parent;
    if ((holder.type === AST_NODE_TYPES.MethodDefinition || holder.type === AST_NODE_TYPES.Property) && holder.kind === 'get') {
      const key = getKeyName(holder.key, holder.computed);
      if (key !== undefined) {
        const sink =
          holder.type === AST_NODE_TYPES.MethodDefinition
            ? sinkOfClassMember(holder.parent, key, fn, this.evaluator)
            : holder.parent.type === AST_NODE_TYPES.ObjectExpression
              ? sinkOfProperty(holder.parent, key, fn, this.evaluator)
              : undefined;
        if (sink) return this.schema(sink, pointer, state);
      }
    }
    const wrapper = outermostWrapper(fn);
    const call = wrapper.parent;
    if (call?.type === AST_NODE_TYPES.CallExpression) {
      // An IIFE, or a callback whose return becomes the call's value (`p.catch(() => X)`, `getOrElse(() => X)`).
      if (call.callee === wrapper) return this.follow(call, pointer, state);
      const method = calleeName(call.callee);
      if (method !== undefined && VALUE_PASSING_METHODS.has(method) && call.arguments.includes(wrapper as TSESTree.CallExpressionArgument)) {
        return this.follow(call, pointer, state);
      }
    }
    let answer: SinkAnswer = UNKNOWN_SINK;
    if (state.levels < MAX_CALL_LEVELS) {
      const name = getFunctionName(fn);
      const inner: FlowState = { ...state, levels: state.levels + 1, via: name === undefined || !nameStep ? state.via : [...state.via, `${name}()`] };
      // A recursive call says where the function's result goes within itself, not where it ends up.
      const outside = this.callSitesOf(fn).filter((call) => !(fn.range[0] <= call.range[0] && call.range[1] <= fn.range[1]));
      answer = combine(outside.map((call) => this.follow(call, pointer, inner)));
    }
    if (answer.kind === 'unknown' && pointer.length === 0) {
      const name = getFunctionName(fn);
      const other = schemaAmongOtherReturns(fn, from, this.evaluator, this.sourceCode.visitorKeys);
      const input = other === undefined ? passedThroughInput(fn, from, this.evaluator, this.sourceCode.visitorKeys) : undefined;
      const why =
        other !== undefined
          ? `whose other returns are schemas (such as \`${other}\`)`
          : input !== undefined
            ? `which maps schemas to schemas (it also returns its input \`${input}\`)`
            : undefined;
      if (why !== undefined) {
        const sink: SchemaSink = {
          role: 'converter-return',
          dialect: 'json-schema',
          description: `returned by \`${name ?? 'a function'}()\`, ${why}`,
          key: name ?? '',
          toolName: undefined,
          slot: from ?? fn,
          draft: undefined,
          pointer: [],
          via: state.via,
        };
        return { kind: 'schema', sink };
      }
    }
    return answer;
  }

  /** Argument `index` of `call`: a known sink, data, a copy, or the parameter of a function in this file. */
  private followArgument(call: TSESTree.CallExpression | TSESTree.NewExpression, index: number, pointer: readonly string[], state: FlowState): SinkAnswer {
    if (index < 0) return UNKNOWN_SINK;
    const known = sinkOfArgument(call, index, this.evaluator);
    if (known?.kind === 'sink') return this.schema(known.sink, pointer, state);
    if (known?.kind === 'data') return dataSink(known.reason);
    if (known?.kind === 'copy') return this.follow(call, pointer, state);
    if (known?.kind === 'stringify') {
      // Marshalled for a wire format that is a schema sink, or hashed, counted, compared: data.
      const marshalled = this.follow(call, pointer, state);
      return marshalled.kind === 'schema' ? marshalled : dataSink('serialised by `JSON.stringify()`');
    }
    // Handed to code out of sight, which may fill it in.
    if (state.levels >= MAX_CALL_LEVELS) return MODIFYING_USE;
    const fn = this.calls.calledFunction(call) ?? importedCallee(call, this.evaluator);
    let parameter: TSESTree.Parameter | undefined = fn?.params[index];
    // `constructor(private readonly schema: JSONSchema7)`: a parameter that is also a member.
    const member = parameter?.type === AST_NODE_TYPES.TSParameterProperty ? parameter : undefined;
    if (member) parameter = member.parameter;
    const name = parameter?.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
    if (!fn || name?.type !== AST_NODE_TYPES.Identifier) return MODIFYING_USE;
    const fnName = call.type === AST_NODE_TYPES.NewExpression ? `new ${calleeName(call.callee) ?? 'a class'}` : getFunctionName(fn);
    const inner: FlowState = { ...state, levels: state.levels + 1, via: fnName === undefined ? state.via : [...state.via, `${fnName}()`] };
    const read = this.followBinding(name, pointer, inner);
    const body = member && enclosingClassBody(fn);
    return body ? combine([read, this.followMember(body, name.name, pointer, inner)]) : read;
  }

  callSitesOf(fn: FunctionNode): readonly TSESTree.CallExpression[] {
    return this.calls.callSitesOf(fn);
  }
}
