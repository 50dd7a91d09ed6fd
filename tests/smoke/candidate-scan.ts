/**
 * The independent candidate scan of the smoke run: the places in the corpus where a defect of one
 * of the rules *could* be, found without `src/analysis/` (patterns over a plain AST walk and the
 * file's text), so that what the rules miss shows up. Each candidate gets a verdict by hand in
 * `verdicts.json` (`candidates`); the defects among them are the *wanted* list that recall is
 * measured against. The scan is deliberately wider and simpler than the rules: it never decides
 * whether a value is a schema, only where a schema defect would stand if it were one.
 *
 * Nothing here may import from `src/`: a scan that shares the analysis shares its blind spots.
 */
import { parse, type TSESTree } from '@typescript-eslint/typescript-estree';
import { createHash } from 'node:crypto';

export const CANDIDATE_KINDS = {
  'catch-permissive': 'a catch block returns or assigns a permissive value',
  'fallthrough-permissive': 'a function with other returns returns a permissive value from a guard or after a loop',
  'logical-default': '`??` / `||` / a default value supplies a permissive value for something schema-named',
  'rejection-permissive': 'a rejection handler (`.catch(() => …)`) yields a permissive value',
  'result-branch-permissive': 'a conditional yields a permissive value on the failure side of a result',
  'helper-throw': 'a function that builds or returns a schema throws, exits or asserts',
  'enum-from-identifier': 'an enum (JSON Schema `enum`, a library enum) takes its values from a named list',
  'validator-in-try': 'a validator is compiled inside a try whose catch yields something',
  'closed-table': 'a table is marked closed',
  'schema-typo': 'a schema-looking literal has a misspelled or non-JSON-Schema keyword',
  'permissive-converter-option': 'a converter option that turns what cannot be converted into "anything"',
} as const;
export type CandidateKind = keyof typeof CANDIDATE_KINDS;

/** The rule whose defect a candidate of each kind would be. */
export const RULE_OF_KIND: Record<CandidateKind, string> = {
  'catch-permissive': 'schema-contract/no-permissive-schema-fallback',
  'fallthrough-permissive': 'schema-contract/no-permissive-schema-fallback',
  'logical-default': 'schema-contract/no-permissive-schema-fallback',
  'rejection-permissive': 'schema-contract/no-permissive-schema-fallback',
  'result-branch-permissive': 'schema-contract/no-permissive-schema-fallback',
  'helper-throw': 'schema-contract/no-schema-helper-throw',
  'enum-from-identifier': 'schema-contract/no-open-glossary-enum',
  'validator-in-try': 'schema-contract/no-fail-open-validator',
  'closed-table': 'schema-contract/require-glossary-corroboration',
  'schema-typo': 'schema-contract/valid-schema-literal',
  'permissive-converter-option': 'schema-contract/no-permissive-schema-fallback',
};

export interface Candidate {
  kind: CandidateKind;
  rule: string;
  /** POSIX path relative to the package root. */
  file: string;
  line: number;
  endLine: number;
  /** The candidate's code on one line, cut. */
  snippet: string;
  /**
   * Identity without line numbers: kind, the enclosing function's name and the normalised code,
   * with an occurrence counter for look-alikes in one file, so that a verdict survives nothing but
   * a change of the code itself (the corpus is pinned, so that never happens by accident).
   */
  key: string;
}

type Node = TSESTree.Node;

const SCHEMA_WORD = /schema|parameters|zod/i;
const SCHEMA_TYPE_WORD = /JSONSchema|JsonSchema|Schema\b|Schema<|Zod[A-Z]\w*|TSchema|GenericSchema|StandardSchema/;
/** Keywords that do not constrain what an object schema accepts. */
const NON_CONSTRAINING = new Set(['type', 'description', 'title', '$schema', '$id', 'examples', 'default', '$comment', 'properties', 'required', 'additionalProperties']);
const JSON_TYPES = new Set(['object', 'string', 'number', 'integer', 'boolean', 'array', 'null']);
const TYPO_KEYS = new Set(['require', 'requried', 'additionalProperty', 'additionalproperties', 'minLenght', 'maxLenght', 'propertys', 'enums', 'defualt', 'desc', 'item', 'minimun', 'maximun', 'pattern_', 'optional']);

function keyName(property: TSESTree.ObjectLiteralElement): string | undefined {
  if (property.type !== 'Property') return undefined;
  if (property.key.type === 'Identifier' && !property.computed) return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return undefined;
}

function unwrap(node: Node): Node {
  let current = node;
  while (
    current.type === 'TSAsExpression' ||
    current.type === 'TSSatisfiesExpression' ||
    current.type === 'TSNonNullExpression' ||
    current.type === 'TSTypeAssertion' ||
    (current.type === 'ChainExpression')
  ) {
    current = current.expression;
  }
  return current;
}

function isEmptyObject(node: Node): boolean {
  const value = unwrap(node);
  return value.type === 'ObjectExpression' && value.properties.length === 0;
}

function isEmptyArray(node: Node): boolean {
  const value = unwrap(node);
  return value.type === 'ArrayExpression' && value.elements.length === 0;
}

/** `{ type: 'object' }` with only keywords that do not constrain it. */
function isOpenObjectSchema(node: Node): boolean {
  const value = unwrap(node);
  if (value.type !== 'ObjectExpression' || value.properties.length === 0) return false;
  let typed = false;
  for (const property of value.properties) {
    const key = keyName(property);
    if (key === undefined || !NON_CONSTRAINING.has(key)) return false;
    const propertyValue = (property as TSESTree.Property).value;
    if (key === 'type') {
      if (propertyValue.type !== 'Literal' || propertyValue.value !== 'object') return false;
      typed = true;
    }
    if (key === 'properties' && !isEmptyObject(propertyValue)) return false;
    if (key === 'required' && !isEmptyArray(propertyValue)) return false;
    if (key === 'additionalProperties' && !(isEmptyObject(propertyValue) || (propertyValue.type === 'Literal' && propertyValue.value === true))) return false;
  }
  return typed;
}

const PERMISSIVE_CALL_TEXT = [
  /(^|\.)(any|unknown)\(\)$/,
  /\.passthrough\(\)$/,
  /(^|\.)looseObject\(\{\s*\}\)$/,
  /(^|\.)object\(\{\s*\}\)(\.passthrough\(\)|\.catchall\(.*\))?$/,
  /(^|\.)(Any|Unknown)\(\)$/,
  /^Type\.Object\(\{\s*\}\)$/,
  /(^|\.)record\((\w+\.string\(\), )?\w+\.(unknown|any)\(\)\)$/,
];

/** What the scan calls permissive: strong shapes on their own, `{}` and `true` only as "weak". */
function permissiveStrength(node: Node, text: string): 'strong' | 'weak' | undefined {
  const value = unwrap(node);
  if (isOpenObjectSchema(value)) return 'strong';
  if (value.type === 'CallExpression') {
    const code = text.slice(value.range[0], value.range[1]).replace(/\s+/g, '');
    const spaced = text.slice(value.range[0], value.range[1]).replace(/\s+/g, ' ');
    if (PERMISSIVE_CALL_TEXT.some((pattern) => pattern.test(code) || pattern.test(spaced))) return 'strong';
    return undefined;
  }
  if (isEmptyObject(value)) return 'weak';
  if (value.type === 'Literal' && value.value === true) return 'weak';
  return undefined;
}

interface FunctionInfo {
  node: TSESTree.FunctionLike | TSESTree.ArrowFunctionExpression;
  name: string;
  returns: TSESTree.ReturnStatement[];
  throws: Node[];
  hasTry: boolean;
  returnType: string;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function functionName(fn: Node, parent: Node | undefined): string {
  if ((fn.type === 'FunctionDeclaration' || fn.type === 'FunctionExpression') && fn.id) return fn.id.name;
  if (!parent) return '<anonymous>';
  if (parent.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if ((parent.type === 'Property' || parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') && parent.key.type === 'Identifier') {
    return parent.key.name;
  }
  return '<anonymous>';
}

function childNodes(node: Node): Node[] {
  const children: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'parent' || key === 'range' || key === 'loc') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object' && typeof (item as Node).type === 'string') children.push(item as Node);
    } else if (value && typeof value === 'object' && typeof (value as Node).type === 'string') {
      children.push(value as Node);
    }
  }
  return children;
}

export interface ScanLimits {
  /** Nodes visited per file before the rest of the file is left unscanned. */
  maxNodes: number;
}

const DEFAULT_LIMITS: ScanLimits = { maxNodes: 2_000_000 };

export function scanFile(file: string, text: string, limits: ScanLimits = DEFAULT_LIMITS): Candidate[] {
  let program: TSESTree.Program;
  try {
    program = parse(text, { jsx: /\.[jt]sx$/.test(file), range: true, loc: true, comment: false, errorOnUnknownASTType: false });
  } catch {
    return [];
  }
  const found: Omit<Candidate, 'key'>[] = [];
  const names: string[] = [];
  const snippetOf = (node: Node) => text.slice(node.range[0], node.range[1]).replace(/\s+/g, ' ').slice(0, 120);
  const add = (kind: CandidateKind, node: Node, fn: string) => {
    found.push({ kind, rule: RULE_OF_KIND[kind], file, line: node.loc.start.line, endLine: node.loc.end.line, snippet: snippetOf(node) });
    names.push(fn);
  };

  const functions: FunctionInfo[] = [];
  // The parser sets no parent links: each catch clause's try block, recorded on the way down.
  const triedBlocks = new Map<TSESTree.CatchClause, TSESTree.BlockStatement>();
  let visited = 0;
  // The stack of enclosing functions and catch clauses, innermost last.
  const walk = (node: Node, parent: Node | undefined, fnStack: FunctionInfo[], inCatch: TSESTree.CatchClause | undefined, inTry: TSESTree.TryStatement | undefined): void => {
    if (++visited > limits.maxNodes) return;
    let stack = fnStack;
    let catchClause = inCatch;
    let tried = inTry;
    if (FUNCTION_TYPES.has(node.type)) {
      const fn = node as TSESTree.FunctionLike;
      const info: FunctionInfo = {
        node: fn,
        name: functionName(node, parent),
        returns: [],
        throws: [],
        hasTry: false,
        returnType: fn.returnType ? text.slice(fn.returnType.range[0], fn.returnType.range[1]) : '',
      };
      functions.push(info);
      stack = [...fnStack, info];
      catchClause = undefined;
      tried = undefined;
      if (node.type === 'ArrowFunctionExpression' && node.expression) {
        info.returns.push({ type: 'ReturnStatement', argument: node.body, range: node.body.range, loc: node.body.loc } as TSESTree.ReturnStatement);
      }
    }
    const current = stack.at(-1);
    const fnName = current?.name ?? '<module>';
    switch (node.type) {
      case 'CatchClause':
        catchClause = node;
        break;
      case 'TryStatement':
        if (current) current.hasTry = true;
        break;
      case 'ReturnStatement':
        current?.returns.push(node);
        // `{}` and `true` are everyday values: in a catch they are a candidate only where the
        // function or the code it tried speaks of schemas.
        if (node.argument && catchClause) {
          const strength = permissiveStrength(node.argument, text);
          if (strength === 'strong' || (strength === 'weak' && (!current || weakCounts(node.argument, current, false)) && speaksOfSchemas(current, triedBlocks.get(catchClause), text))) {
            add('catch-permissive', node.argument, fnName);
          }
        }
        break;
      case 'AssignmentExpression':
        if (catchClause && (permissiveStrength(node.right, text) === 'strong' || (permissiveStrength(node.right, text) && SCHEMA_WORD.test(snippetOf(node.left))))) {
          add('catch-permissive', node.right, fnName);
        }
        if (node.operator === '??=' || node.operator === '||=') {
          if (permissiveStrength(node.right, text) && SCHEMA_WORD.test(snippetOf(node.left))) add('logical-default', node.right, fnName);
        }
        break;
      case 'ThrowStatement':
        current?.throws.push(node);
        break;
      case 'CallExpression': {
        const callee = snippetOf(node.callee);
        if (/^process\.exit$|^(assert|invariant)(\.\w+)?$/.test(callee)) current?.throws.push(node);
        if (/\.catch$/.test(callee) && node.arguments.length > 0) {
          const handler = node.arguments[0]!;
          if (handler.type === 'ArrowFunctionExpression' && handler.expression && permissiveStrength(handler.body, text)) {
            add('rejection-permissive', handler.body, fnName);
          }
        }
        // Library enums fed by a name: z.enum(X), z.nativeEnum(X), v.picklist(X), Type.Enum(X), Type.Union(X.map(…)).
        if (/(^|\.)(enum|nativeEnum|picklist|Enum)$/.test(callee) && node.arguments.length > 0) {
          const argument = unwrap(node.arguments[0]!);
          if (namesAList(argument)) add('enum-from-identifier', node, fnName);
        }
        if (/(^|\.)Union$/.test(callee) && node.arguments.length > 0 && /\.map\(/.test(snippetOf(node.arguments[0]!))) {
          add('enum-from-identifier', node, fnName);
        }
        // The whole try statement is the candidate: a fail-open value stands in its catch.
        if (tried && /(^|\.)(compile|getSchema|getValidator|compileAsync)$/.test(callee)) {
          add('validator-in-try', tried, fnName);
        }
        break;
      }
      case 'NewExpression':
        if (tried && snippetOf(node.callee) === 'Validator') add('validator-in-try', tried, fnName);
        break;
      case 'LogicalExpression':
        if ((node.operator === '??' || node.operator === '||') && permissiveStrength(node.right, text) && SCHEMA_WORD.test(snippetOf(node.left))) {
          add('logical-default', node.right, fnName);
        }
        break;
      case 'AssignmentPattern':
        if (permissiveStrength(node.right, text) && SCHEMA_WORD.test(snippetOf(node.left))) add('logical-default', node.right, fnName);
        break;
      case 'ConditionalExpression': {
        const test = snippetOf(node.test);
        if (/\b(ok|success|valid|error|err|failed|isValid)\b/.test(test)) {
          for (const branch of [node.consequent, node.alternate]) {
            if (permissiveStrength(branch, text) === 'strong' || (permissiveStrength(branch, text) && SCHEMA_WORD.test(snippetOf(node)))) {
              add('result-branch-permissive', branch, fnName);
            }
          }
        }
        break;
      }
      case 'Property': {
        const key = keyName(node);
        if (key === 'enum' && !node.computed) {
          const value = unwrap(node.value as Node);
          if (namesAList(value)) add('enum-from-identifier', node, fnName);
        }
        if (key === 'enumPolicy' && node.value.type === 'Literal' && node.value.value === 'closed') add('closed-table', node, fnName);
        // zod 4 `toJSONSchema(s, { unrepresentable: 'any' })`, valibot `toJsonSchema(s, { errorMode: 'ignore' })`.
        if (node.value.type === 'Literal' && ((key === 'unrepresentable' && node.value.value === 'any') || (key === 'errorMode' && node.value.value === 'ignore'))) {
          add('permissive-converter-option', node, fnName);
        }
        break;
      }
      case 'ObjectExpression':
        if (looksLikeSchemaWithTypo(node)) add('schema-typo', node, fnName);
        break;
      default:
        break;
    }
    if (node.type === 'TryStatement') {
      walk(node.block, node, stack, catchClause, node);
      if (node.handler) {
        triedBlocks.set(node.handler, node.block);
        walk(node.handler, node, stack, catchClause, tried);
      }
      if (node.finalizer) walk(node.finalizer, node, stack, catchClause, tried);
      return;
    }
    for (const child of childNodes(node)) walk(child, node, stack, catchClause, tried);
  };
  walk(program, undefined, [], undefined, undefined);

  // Functions of this file whose every return is a permissive object or library schema, or that are
  // named for "anything" and return one (zod-to-json-schema's `parseAnyDef`; never `true`, every
  // predicate's answer):
  // a call to one stands for the permissive value itself.
  const permissiveFunctions = new Set(
    functions
      .filter((fn) => {
        const permissive = fn.returns.filter((ret) => ret.argument && unwrap(ret.argument).type !== 'Literal' && permissiveStrength(ret.argument, text));
        // Every return permissive, or a permissive one in a function named for "anything".
        return fn.name !== '<anonymous>' && permissive.length > 0 && (permissive.length === fn.returns.length || /any|unknown|empty|loose|permissive/i.test(fn.name));
      })
      .map((fn) => fn.name),
  );
  const callsPermissiveFunction = (value: Node): boolean => {
    const call = unwrap(value);
    return call.type === 'CallExpression' && call.callee.type === 'Identifier' && permissiveFunctions.has(call.callee.name);
  };
  for (const fn of functions) {
    const body = text.slice(fn.node.range[0], fn.node.range[1]);
    const buildsSchema =
      SCHEMA_TYPE_WORD.test(fn.returnType) ||
      fn.returns.some((ret) => ret.argument && returnsSchemaShape(ret.argument, text)) ||
      /\b(zodToJsonSchema|toJsonSchema|toJSONSchema|z\.object|Type\.Object|v\.object)\s*\(/.test(body);
    // Fall-through: a strong permissive return beside other returns (guards, the end of a loop).
    if (fn.returns.length > 1) {
      for (const ret of fn.returns) {
        if (!ret.argument) continue;
        const strength = permissiveStrength(ret.argument, text);
        const inCatch = found.some((candidate) => candidate.kind === 'catch-permissive' && candidate.line === ret.argument!.loc.start.line);
        if (inCatch) continue;
        if (strength === 'strong' || (strength === 'weak' && weakCounts(ret.argument, fn)) || callsPermissiveFunction(ret.argument)) {
          add('fallthrough-permissive', ret.argument, fn.name);
        }
      }
    }
    if (buildsSchema) for (const exit of fn.throws) add('helper-throw', exit, fn.name);
  }

  const occurrences = new Map<string, number>();
  return found
    .map((candidate, index) => {
      const base = `${candidate.kind}\0${names[index]}\0${candidate.snippet}`;
      const occurrence = occurrences.get(base) ?? 0;
      occurrences.set(base, occurrence + 1);
      const key = `${createHash('sha256').update(base).digest('hex').slice(0, 16)}#${occurrence}`;
      return { ...candidate, key };
    })
    .sort((a, b) => a.line - b.line || a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key));
}

const PREDICATE_NAME = /^(is|has|can|should|needs?|accepts?|supports?|check|validate)[A-Z_$]|^(is|has)$/;

/**
 * Whether a weak permissive value (`{}`, `true`) is worth a candidate where a function returns it:
 * `true` only from a function declared to return a schema (everywhere else it is a predicate's
 * answer), `{}` from a function named for or declared as a schema that is not a predicate.
 */
function weakCounts(value: Node, fn: FunctionInfo, needsSchemaName = true): boolean {
  if (unwrap(value).type === 'Literal') return SCHEMA_TYPE_WORD.test(fn.returnType);
  if (PREDICATE_NAME.test(fn.name) || /\bboolean\b/.test(fn.returnType)) return false;
  return !needsSchemaName || SCHEMA_WORD.test(fn.name) || SCHEMA_TYPE_WORD.test(fn.returnType);
}

/** Whether a function's name or declared return type, or the try its catch belongs to, speaks of schemas. */
function speaksOfSchemas(fn: FunctionInfo | undefined, tried: TSESTree.BlockStatement | undefined, text: string): boolean {
  if (fn && (SCHEMA_WORD.test(fn.name) || SCHEMA_TYPE_WORD.test(fn.returnType))) return true;
  return tried !== undefined && SCHEMA_WORD.test(text.slice(tried.range[0], tried.range[1]));
}

/** An identifier, a member (`T.values`), a spread of one, or `Object.keys/values(T)`: a named list. */
function namesAList(node: Node): boolean {
  const value = unwrap(node);
  if (value.type === 'Identifier' || value.type === 'MemberExpression') return true;
  if (value.type === 'ArrayExpression') return value.elements.some((element) => element?.type === 'SpreadElement');
  if (value.type === 'CallExpression') {
    return value.callee.type === 'MemberExpression' && /^(keys|values|entries|map|filter|concat|from)$/.test(value.callee.property.type === 'Identifier' ? value.callee.property.name : '');
  }
  return false;
}

function returnsSchemaShape(node: Node, text: string): boolean {
  const value = unwrap(node);
  if (value.type === 'ObjectExpression') {
    const keys = value.properties.map(keyName);
    const type = value.properties.find((property) => keyName(property) === 'type') as TSESTree.Property | undefined;
    const typeIsJson = type?.value.type === 'Literal' && typeof type.value.value === 'string' && JSON_TYPES.has(type.value.value);
    return typeIsJson || keys.includes('properties') || keys.includes('inputSchema') || keys.includes('$schema');
  }
  if (value.type === 'CallExpression') {
    const callee = text.slice(value.callee.range[0], value.callee.range[1]);
    return /^(z|zod|Type|v|t)\.\w+$|zodToJsonSchema|toJsonSchema|toJSONSchema/.test(callee);
  }
  return false;
}

function looksLikeSchemaWithTypo(node: TSESTree.ObjectExpression): boolean {
  // Only an object schema with `properties` is schema-looking enough: `{ type: 'string', required:
  // true }` alone is as often a CLI option or a form field as a schema.
  const keys = node.properties.map(keyName).filter((key): key is string => key !== undefined);
  const type = node.properties.find((property) => keyName(property) === 'type') as TSESTree.Property | undefined;
  const properties = node.properties.find((property) => keyName(property) === 'properties') as TSESTree.Property | undefined;
  if (!(type?.value.type === 'Literal' && type.value.value === 'object') || properties?.value.type !== 'ObjectExpression') return false;
  if (keys.some((key) => TYPO_KEYS.has(key))) return true;
  return properties.value.properties.some((property) => {
    const value = property.type === 'Property' ? unwrap(property.value as Node) : undefined;
    if (value?.type !== 'ObjectExpression') return false;
    return value.properties.some((inner) => {
      const key = keyName(inner);
      if (key === undefined) return false;
      if (TYPO_KEYS.has(key)) return true;
      return key === 'required' && (inner as TSESTree.Property).value.type === 'Literal';
    });
  });
}
