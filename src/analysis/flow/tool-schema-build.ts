import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { memberName, unwrapChainAndTypeWrappers } from '../syntax/ast.js';
import { forEachDescendant } from '../syntax/ast-walk.js';
import { isFunctionNode } from '../syntax/function-name.js';
import { importedCallee } from './call-sites.js';
import { findBinding } from '../values/bindings.js';
import type { Evaluator } from '../values/evaluator.js';
import { resolveLibraryCall, type SchemaLibrary } from '../schemas/schema-libraries.js';
import type { SinkDialect } from './sink-model.js';
import { calleeName, CONVERTER_FUNCTIONS, isToolSchemaKey } from './schema-sinks.js';
import type { SourceCode } from '@typescript-eslint/utils/ts-eslint';

/**
 * How a tool's schema is built, as `tool-sites.ts` reports it for the inventory: what the
 * expression at the sink is (a literal, a library builder, a converter's result, an import, a
 * relayed descriptor's schema), read with the one evaluator where syntax alone does not say, and
 * why the analysis stops where it cannot follow the value. Bounded: past `MAX_DEPTH` steps or
 * `MAX_HELPERS` helpers the answer is "not followed", never a guess.
 */

export type SchemaBuild =
  /** A JSON Schema object literal (here, or where a const or import leads). */
  | { readonly kind: 'json-schema' }
  /** A schema library's builder; `rawShape` for the MCP SDK's zod raw shape (`{ q: z.string() }`). */
  | { readonly kind: 'library'; readonly library: SchemaLibrary; readonly rawShape: boolean }
  /** A converter's result (`zodToJsonSchema(S)`, `z.toJSONSchema(S)`), and what it converts. */
  | { readonly kind: 'converter'; readonly converter: string; readonly of: SchemaBuild }
  /** Imported from a module (`specifier`), and what it is there. */
  | { readonly kind: 'imported'; readonly specifier: string; readonly name: string; readonly build: SchemaBuild }
  /** Read from another tool's descriptor (`tool.inputSchema`): the declaring server's schema. */
  | { readonly kind: 'relayed'; readonly from: string }
  /** One of several (`a ?? b`, `ok ? a : b`). */
  | { readonly kind: 'either'; readonly options: readonly SchemaBuild[] }
  /**
   * The analysis does not follow it: `reason` says why. `import` names the import it stopped at,
   * so a caller can word the reason as `explain` does for that import.
   */
  | { readonly kind: 'not-followed'; readonly reason: string; readonly import?: { readonly specifier: string; readonly file: string } };

/** A piece of code on a schema's path: where it is written, or a helper that builds it. */
export interface SchemaSpan {
  readonly file: string;
  readonly node: TSESTree.Node;
}

export interface BuiltSchema {
  readonly build: SchemaBuild;
  /** The code the schema is made of or by: the expression, the consts it reads, its helpers. */
  readonly spans: readonly SchemaSpan[];
}

const MAX_DEPTH = 8;
const MAX_HELPERS = 8;

interface Walk {
  readonly evaluator: Evaluator;
  readonly visitorKeys: SourceCode.VisitorKeys;
  readonly spans: SchemaSpan[];
  readonly helpers: Set<TSESTree.Node>;
}

function notFollowed(reason: string, importOf?: { specifier: string; file: string }): SchemaBuild {
  return importOf ? { kind: 'not-followed', reason, import: importOf } : { kind: 'not-followed', reason };
}

function textOf(node: TSESTree.Node, walk: Walk): string {
  const text = walk.evaluator.moduleOf(node).text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ');
  return text.length <= 48 ? text : `${text.slice(0, 45)}…`;
}

function span(node: TSESTree.Node, walk: Walk): void {
  walk.spans.push({ file: walk.evaluator.moduleOf(node).file, node });
}

/** What the evaluator makes of the expression, when that alone says what the schema is. */
function byValue(node: TSESTree.Node, dialect: SinkDialect, walk: Walk): SchemaBuild | undefined {
  const value = walk.evaluator.evaluate(node);
  if (value.node && value.node !== node) walk.spans.push({ file: value.file, node: value.node });
  if (value.kind === 'object') return dialect === 'zod-raw-shape' ? { kind: 'library', library: 'zod', rawShape: true } : { kind: 'json-schema' };
  if (value.kind === 'builder') return { kind: 'library', library: value.library, rawShape: false };
  return undefined;
}

function either(options: SchemaBuild[]): SchemaBuild {
  const distinct = options.filter((option, index) => options.findIndex((other) => JSON.stringify(other) === JSON.stringify(option)) === index);
  return distinct.length === 1 ? distinct[0]! : { kind: 'either', options: distinct };
}

/** How the schema at `node` (a tool's schema slot, in `dialect`) is built. */
export function schemaBuildOf(node: TSESTree.Node, dialect: SinkDialect, evaluator: Evaluator, visitorKeys: SourceCode.VisitorKeys): BuiltSchema {
  const walk: Walk = { evaluator, visitorKeys, spans: [], helpers: new Set() };
  const build = classify(node, dialect, walk, 0);
  return { build, spans: walk.spans };
}

function classify(node: TSESTree.Node, dialect: SinkDialect, walk: Walk, depth: number): SchemaBuild {
  if (depth > MAX_DEPTH) return notFollowed(`\`${textOf(node, walk)}\`: past the analysis's depth budget`);
  const expression = unwrapChainAndTypeWrappers(node);
  span(expression, walk);
  switch (expression.type) {
    case AST_NODE_TYPES.ObjectExpression:
      return dialect === 'zod-raw-shape' ? { kind: 'library', library: 'zod', rawShape: true } : { kind: 'json-schema' };
    case AST_NODE_TYPES.LogicalExpression:
      return either([classify(expression.left, dialect, walk, depth + 1), classify(expression.right, dialect, walk, depth + 1)]);
    case AST_NODE_TYPES.ConditionalExpression:
      return either([classify(expression.consequent, dialect, walk, depth + 1), classify(expression.alternate, dialect, walk, depth + 1)]);
    case AST_NODE_TYPES.AwaitExpression:
      return classify(expression.argument, dialect, walk, depth + 1);
    case AST_NODE_TYPES.CallExpression:
      return classifyCall(expression, dialect, walk, depth);
    case AST_NODE_TYPES.Identifier:
      return classifyName(expression, dialect, walk, depth);
    case AST_NODE_TYPES.MemberExpression: {
      const key = memberName(expression);
      if (key !== undefined && isToolSchemaKey(key)) return { kind: 'relayed', from: textOf(expression.object, walk) };
      // `Args.shape`: the raw shape of a library object schema.
      if (key === 'shape') {
        const owner = walk.evaluator.evaluate(expression.object);
        if (owner.kind === 'builder') return { kind: 'library', library: owner.library, rawShape: true };
      }
      return byValue(expression, dialect, walk) ?? notFollowed(`read from \`${textOf(expression, walk)}\`, a value the evaluator does not know`);
    }
    default:
      return byValue(expression, dialect, walk) ?? notFollowed(`\`${textOf(expression, walk)}\`: a value the evaluator does not know`);
  }
}

function classifyCall(call: TSESTree.CallExpression, dialect: SinkDialect, walk: Walk, depth: number): SchemaBuild {
  const module = walk.evaluator.moduleOf(call);
  const name = calleeName(call.callee);
  const library = resolveLibraryCall(module, call, walk.evaluator.libraryEnvironment);
  const argument = call.arguments[0];
  if (library) {
    const step = library.steps.at(-1)!;
    if (step.name === 'toJSONSchema' && argument) return { kind: 'converter', converter: `${textOf(call.callee, walk)}()`, of: classify(argument, 'library', walk, depth + 1) };
    return { kind: 'library', library: library.library, rawShape: false };
  }
  if (name !== undefined && CONVERTER_FUNCTIONS.has(name)) {
    return { kind: 'converter', converter: `${name}()`, of: argument ? classify(argument, 'library', walk, depth + 1) : notFollowed(`\`${name}()\` is given no schema`) };
  }
  // The AI SDK's `jsonSchema(S)` wraps a JSON Schema as it is.
  if (name === 'jsonSchema' && argument) return classify(argument, 'json-schema', walk, depth + 1);
  const known = byValue(call, dialect, walk);
  const callee = unwrapChainAndTypeWrappers(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) {
    const binding = findBinding(module, callee);
    if (binding.kind === 'import') {
      // A helper of another project module is still on the schema's path: a fallback in it switches the tool's contract off.
      const imported = importedCallee(call, walk.evaluator);
      if (imported) addHelper(imported, walk);
      return known ?? notFollowed(`returned by \`${callee.name}()\`, imported from \`${binding.specifier}\``, { specifier: binding.specifier, file: module.file });
    }
    const helper = binding.kind === 'function' ? binding.node : binding.kind === 'declarator' ? binding.declarator.init : undefined;
    if (helper && isFunctionNode(helper)) addHelper(helper, walk);
  }
  return known ?? notFollowed(`returned by \`${textOf(call.callee, walk)}()\`, whose result the evaluator does not know`);
}

/** A helper that builds the schema, and the helpers it calls in turn: their code is on the schema's path. */
function addHelper(helper: TSESTree.Node, walk: Walk): void {
  if (walk.helpers.has(helper) || walk.helpers.size >= MAX_HELPERS) return;
  walk.helpers.add(helper);
  span(helper, walk);
  const module = walk.evaluator.moduleOf(helper);
  forEachDescendant(helper, walk.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.Identifier) return true;
    const binding = findBinding(module, node.callee);
    const inner = binding.kind === 'function' ? binding.node : binding.kind === 'declarator' ? binding.declarator.init : undefined;
    if (inner && isFunctionNode(inner)) addHelper(inner, walk);
    return true;
  });
}

function classifyName(identifier: TSESTree.Identifier, dialect: SinkDialect, walk: Walk, depth: number): SchemaBuild {
  const module = walk.evaluator.moduleOf(identifier);
  const binding = findBinding(module, identifier);
  switch (binding.kind) {
    case 'import': {
      const known = byValue(identifier, dialect, walk);
      if (known) return { kind: 'imported', specifier: binding.specifier, name: binding.importedName, build: known };
      return notFollowed(`imported from \`${binding.specifier}\`, whose value the evaluator does not know`, { specifier: binding.specifier, file: module.file });
    }
    case 'declarator': {
      span(binding.declarator, walk);
      const init = binding.declarator.init;
      if (init && binding.constant && binding.declarator.id === binding.identifier) return classify(init, dialect, walk, depth + 1);
      return byValue(identifier, dialect, walk) ?? notFollowed(`\`${identifier.name}\` is ${binding.constant ? 'destructured' : 'reassigned'}: the evaluator does not know its value`);
    }
    case 'opaque': {
      const parameter = binding.variable.defs[0]?.type === 'Parameter';
      return byValue(identifier, dialect, walk) ?? notFollowed(parameter ? `\`${identifier.name}\` is a parameter: its value is the caller's` : `\`${identifier.name}\`: a value the evaluator does not know`);
    }
    case 'global':
      return notFollowed(`\`${identifier.name}\` is not declared in this file`);
    default:
      return byValue(identifier, dialect, walk) ?? notFollowed(`\`${identifier.name}\`: a value the evaluator does not know`);
  }
}

/** The words for a build, as the inventory prints it: "JSON Schema literal", "zod", "converted by `zodToJsonSchema()` from zod". */
export function describeBuild(build: SchemaBuild): string {
  switch (build.kind) {
    case 'json-schema':
      return 'JSON Schema literal';
    case 'library':
      return build.rawShape ? `${build.library} raw shape` : build.library;
    case 'converter':
      return `converted by \`${build.converter}\` from ${describeBuild(build.of)}`;
    case 'imported':
      return `imported from \`${build.specifier}\` (${describeBuild(build.build)})`;
    case 'relayed':
      return `relayed from \`${build.from}\``;
    case 'either':
      return `either ${build.options.map(describeBuild).join(' or ')}`;
    case 'not-followed':
      return `not followed: ${build.reason}`;
  }
}

/** Whether any part of the build is one the analysis does not follow. */
export function isUnfollowed(build: SchemaBuild): boolean {
  switch (build.kind) {
    case 'not-followed':
      return true;
    case 'converter':
      return isUnfollowed(build.of);
    case 'imported':
      return isUnfollowed(build.build);
    case 'either':
      return build.options.some(isUnfollowed);
    default:
      return false;
  }
}
