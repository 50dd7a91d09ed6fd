import type { CompileOutcome } from './schema-compiler.js';
import { describeMetaErrors } from './meta-errors.js';
import { compileErrorFinding, describeStrictMessage, findSchemaObjects } from './strict-messages.js';
import { forEachSchemaObject, isPlainObject, type JsonPointer, type JsonSchemaDraft } from './schema-structure.js';

export { editDistance, subjectOf, suggestClosest } from './diagnostic-words.js';

/**
 * Puts what Ajv said about a schema into plain words, each finding pinned to the key or value it
 * is about (by JSON Pointer into the schema), together with what the finding relies on, so that a
 * caller holding a partly known literal can drop the findings an unknown part could make wrong.
 * Meta-schema errors are read in `meta-errors.ts`, strict-mode complaints in `strict-messages.ts`,
 * compile failures here; `diagnostic-words.ts` words them.
 */

export type SchemaFindingKind =
  | 'unknownKeyword'
  | 'invalidValue'
  | 'requiredNotDefined'
  | 'missingType'
  | 'typeConflict'
  | 'openTuple'
  | 'ignoredKeyword'
  | 'unresolvedRef'
  | 'invalidPattern'
  | 'compileError'
  | 'unknownFormat';

export interface SchemaFinding {
  readonly kind: SchemaFindingKind;
  /** What to underline: the key of the property at `pointer`, or the value there. */
  readonly target: { readonly pointer: JsonPointer; readonly part: 'key' | 'value' };
  /** Words for the message; every kind has its own fields (see the rule's messages). */
  readonly data: Readonly<Record<string, string>>;
  /** Values the finding is about: when one of them, or a value containing it, is unknown, the finding is not certain. */
  readonly reads: readonly JsonPointer[];
  /**
   * Objects and arrays the finding needs in full (a key or element that is not known could change
   * it), or `'whole'`: the finding depends on the whole schema.
   */
  readonly needsComplete: readonly JsonPointer[] | 'whole';
  /** The keyword or value the author probably meant, for a did-you-mean fix. */
  readonly replacement?: string;
}

export interface DiagnosticOptions {
  /** Keywords accepted besides the draft's own and `x-*` (OpenAPI's `nullable`, a custom vocabulary). */
  readonly allowedKeywords: ReadonlySet<string>;
  /**
   * Keywords the position's own vocabulary defines at one schema object only (MCP's `enumNames`
   * in an elicitation property): known there, unknown everywhere else.
   */
  readonly keywordsAt?: (schemaPointer: JsonPointer) => readonly string[];
}

export function describeOutcome(schema: unknown, draft: JsonSchemaDraft, outcome: CompileOutcome, options: DiagnosticOptions): SchemaFinding[] {
  return findingsOf(schema, draft, outcome, options).map(withBoundedData);
}

/** Past this many characters, a piece of a message (a key as the literal spells it) is cut. */
const MAX_MESSAGE_DATA_CHARS = 1000;

/**
 * A finding whose message data is cut past `MAX_MESSAGE_DATA_CHARS`: a literal with a
 * megabyte-long key must not make every finding about it a megabyte of output.
 */
function withBoundedData(finding: SchemaFinding): SchemaFinding {
  const long = Object.entries(finding.data).filter(([, text]) => text.length > MAX_MESSAGE_DATA_CHARS);
  if (long.length === 0) return finding;
  const data = { ...finding.data };
  for (const [key, text] of long) data[key] = `${text.slice(0, MAX_MESSAGE_DATA_CHARS)}…`;
  return { ...finding, data };
}

function findingsOf(schema: unknown, draft: JsonSchemaDraft, outcome: CompileOutcome, options: DiagnosticOptions): SchemaFinding[] {
  if (outcome.metaErrors.length > 0) return describeMetaErrors(schema, outcome.metaErrors);
  // Concatenated, not pushed with spread arguments: one message can name every schema object of a
  // large literal, and a spread of that many arguments overflows the stack.
  let findings: SchemaFinding[] = [];
  for (const message of outcome.strictMessages) findings = findings.concat(describeStrictMessage(schema, draft, message, options));
  for (const ref of outcome.unresolvedLocalRefs) findings = findings.concat(describeUnresolvedRef(schema, draft, ref));
  if (outcome.compileError !== undefined) findings = findings.concat(describeCompileError(schema, draft, outcome.compileError));
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Compile failures

function describeUnresolvedRef(schema: unknown, draft: JsonSchemaDraft, ref: string): SchemaFinding[] {
  const found = findSchemaObjects(schema, draft, (node) => typeof node.$ref === 'string' && node.$ref.slice(node.$ref.indexOf('#')) === ref && node.$ref.includes('#'));
  const pointers = found.length > 0 ? found.map((pointer) => [...pointer, '$ref']) : [[]];
  return pointers.map((pointer) => ({
    kind: 'unresolvedRef',
    target: { pointer, part: 'value' },
    data: { ref },
    reads: [pointer],
    needsComplete: 'whole',
  }));
}

function regexError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message.replace(/^Invalid regular expression: /, '');
  }
}

function describeCompileError(schema: unknown, draft: JsonSchemaDraft, message: string): SchemaFinding[] {
  if (/Invalid regular expression/.test(message)) {
    const findings: SchemaFinding[] = [];
    forEachSchemaObject(schema, draft, (node, pointer) => {
      if (typeof node.pattern === 'string') {
        const error = regexError(node.pattern);
        const target = [...pointer, 'pattern'];
        if (error) findings.push({ kind: 'invalidPattern', target: { pointer: target, part: 'value' }, data: { keyword: 'pattern', error }, reads: [target], needsComplete: [] });
      }
      if (isPlainObject(node.patternProperties)) {
        for (const pattern of Object.keys(node.patternProperties)) {
          const error = regexError(pattern);
          const target = [...pointer, 'patternProperties', pattern];
          // The key is the pattern: what its schema is does not matter.
          const reads = [[...pointer, 'patternProperties']];
          if (error) findings.push({ kind: 'invalidPattern', target: { pointer: target, part: 'key' }, data: { keyword: 'patternProperties', error }, reads, needsComplete: [] });
        }
      }
    });
    if (findings.length > 0) return findings;
  }
  return [compileErrorFinding(message)];
}
