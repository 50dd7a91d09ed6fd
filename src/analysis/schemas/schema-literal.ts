import type { TSESTree } from '@typescript-eslint/utils';
import { compileSchemaWithin, draftFromSchemaUri, isTooDeepToCompile, type CompileBudget } from './schema-compiler.js';
import { describeOutcome, type SchemaFinding } from './schema-diagnostics.js';
import { describeFormats } from './schema-formats.js';
import { forEachSchemaObject, formatJsonPointer, subschemaShape, type JsonPointer, type JsonSchemaDraft } from './schema-structure.js';
import { toPlainValue, type ObjectValue, type StaticValue } from '../values/static-value.js';

/**
 * Checks an evaluated schema literal with Ajv: converts the `StaticValue` to JSON (a neutral
 * schema, `true`, where a subschema is unknown; nothing where a keyword's value is unknown), keeps
 * only the findings no unknown part could make wrong, and maps each back to the node it is about.
 */

export interface LocatedFinding extends SchemaFinding {
  /** The key or value node the finding is about: in the linted file or an imported module; undefined for JSON. */
  readonly node: TSESTree.Node | undefined;
}

export type SchemaLiteralCheck =
  | { readonly status: 'checked'; readonly draft: JsonSchemaDraft; readonly findings: readonly LocatedFinding[] }
  /** `$schema` names a dialect Ajv 8 does not check (draft-04, a custom meta-schema), or is unknown. */
  | { readonly status: 'unsupported-draft' | 'unknown-draft' }
  /** Nested deeper than a compile survives (`MAX_SCHEMA_DEPTH`): not checked, like a value past a budget. */
  | { readonly status: 'too-deep' }
  | { readonly status: 'over-budget' };

export interface SchemaLiteralOptions {
  readonly defaultDraft: JsonSchemaDraft;
  readonly allowedKeywords: ReadonlySet<string>;
  /** Keywords the position's vocabulary (MCP's) defines at one schema object only. */
  readonly keywordsAt?: (schemaPointer: JsonPointer) => readonly string[];
  /** Formats the project registers itself, known besides the draft's and `ajv-formats`'. */
  readonly knownFormats: ReadonlySet<string>;
  readonly budget: CompileBudget;
  /**
   * The code also writes into the literal, or hands it to code out of sight: any part may hold
   * more than is written, so only findings about what is there are kept (`propertes`, `minLength:
   * -1`), not those about what is missing (a `required` name `properties` lacks).
   */
  readonly mayBeFilledIn?: boolean;
}

interface Conversion {
  /** Pointers (formatted) of values that are not known: substituted by `true`, or left out. */
  readonly holes: Set<string>;
  /** Pointers (formatted) of objects and arrays that may hold more than is known. */
  readonly open: Set<string>;
  readonly draft: JsonSchemaDraft;
  /** Every object and array of the literal may hold more than is known (`mayBeFilledIn`). */
  readonly allOpen: boolean;
}

/** A JSON value of a fully known part, normalised as `JSON.stringify` would send it. */
function plainJson(value: StaticValue): { json: unknown } | undefined {
  const plain = toPlainValue(value);
  if (!plain) return undefined;
  const text = JSON.stringify(plain.value);
  return text === undefined ? undefined : { json: JSON.parse(text) as unknown };
}

function convertSchema(value: StaticValue, pointer: JsonPointer, conversion: Conversion): unknown {
  if (value.kind === 'object') {
    if (!value.complete || conversion.allOpen) conversion.open.add(formatJsonPointer(pointer));
    const keywords: [string, unknown][] = [];
    for (const [key, property] of value.properties) {
      const converted = convertKeyword(key, property.value, [...pointer, key], conversion);
      if (converted.present) {
        keywords.push([key, converted.json]);
      } else if (converted.unknown) {
        // A keyword whose value is unknown: the schema around it is not fully known either.
        conversion.holes.add(formatJsonPointer([...pointer, key]));
        conversion.open.add(formatJsonPointer(pointer));
      }
    }
    return Object.fromEntries(keywords);
  }
  const plain = plainJson(value);
  if (plain) return plain.json;
  conversion.holes.add(formatJsonPointer(pointer));
  // A stand-in for an unknown subschema while analysing, recorded as a hole: nothing validates with it.
  return true;
}

type Converted = { present: true; json: unknown } | { present: false; unknown: boolean };

function convertKeyword(keyword: string, value: StaticValue, pointer: JsonPointer, conversion: Conversion): Converted {
  if (value.kind === 'primitive' && value.value === undefined) return { present: false, unknown: false };
  const shape = subschemaShape(keyword, conversion.draft);
  const isSchemaLike = value.kind === 'object' || (value.kind === 'primitive' && typeof value.value === 'boolean');
  if (shape === 'schema' || (shape === 'schemaOrArray' && value.kind !== 'array')) {
    if (isSchemaLike || value.kind === 'unknown') return { present: true, json: convertSchema(value, pointer, conversion) };
  } else if ((shape === 'array' || shape === 'schemaOrArray') && value.kind === 'array') {
    if (!value.complete || conversion.allOpen) {
      conversion.open.add(formatJsonPointer(pointer));
      conversion.open.add(formatJsonPointer(pointer.slice(0, -1)));
    }
    return { present: true, json: value.elements.map((element, index) => convertSchema(element, [...pointer, String(index)], conversion)) };
  } else if ((shape === 'map' || shape === 'mapOfSchemaOrStrings') && value.kind === 'object') {
    if (!value.complete || conversion.allOpen) conversion.open.add(formatJsonPointer(pointer));
    const map: Record<string, unknown> = {};
    for (const [name, property] of value.properties) {
      const member = property.value;
      if (member.kind === 'primitive' && member.value === undefined) continue;
      if (shape === 'mapOfSchemaOrStrings' && member.kind === 'array') {
        const plain = plainJson(member);
        if (plain) map[name] = plain.json;
        else {
          conversion.holes.add(formatJsonPointer([...pointer, name]));
          map[name] = true;
        }
        continue;
      }
      map[name] = convertSchema(member, [...pointer, name], conversion);
    }
    return { present: true, json: map };
  }
  // Data (`type`, `required`, `enum`, an unknown keyword's value), or a value of the wrong shape
  // for the meta-schema to report. Known only as a whole: one unknown part and the keyword is unknown.
  const plain = plainJson(value);
  return plain ? { present: true, json: plain.json } : { present: false, unknown: true };
}

function isPrefix(prefix: JsonPointer, pointer: JsonPointer): boolean {
  return prefix.length <= pointer.length && prefix.every((segment, index) => pointer[index] === segment);
}

function pointerOf(formatted: string): JsonPointer {
  return formatted === '' ? [] : formatted.slice(1).split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Whether every part of the literal the finding relies on is known. */
function isCertain(finding: SchemaFinding, holes: readonly JsonPointer[], open: ReadonlySet<string>): boolean {
  if (finding.reads.some((read) => holes.some((hole) => isPrefix(hole, read)))) return false;
  if (finding.needsComplete === 'whole') return holes.length === 0 && open.size === 0;
  return finding.needsComplete.every((pointer) => !open.has(formatJsonPointer(pointer)) && !holes.some((hole) => isPrefix(hole, pointer)));
}

/**
 * The key or value node at `pointer`; the deepest node reached when the path ends early. May be in
 * another file (a value imported from a module), or undefined (a value read from JSON).
 */
export function locate(root: StaticValue, pointer: JsonPointer, part: 'key' | 'value'): TSESTree.Node | undefined {
  let current = root;
  for (const [index, segment] of pointer.entries()) {
    if (current.kind === 'object') {
      const property = current.properties.get(segment);
      if (!property) break;
      if (part === 'key' && index === pointer.length - 1 && property.keyNode) return property.keyNode;
      current = property.value;
    } else if (current.kind === 'array') {
      const element = current.elements[Number(segment)];
      if (!element) break;
      current = element;
    } else {
      break;
    }
  }
  return current.node;
}

export function checkSchemaLiteral(value: ObjectValue, options: SchemaLiteralOptions): SchemaLiteralCheck {
  const dialect = value.properties.get('$schema')?.value;
  let draft = options.defaultDraft;
  if (dialect) {
    if (dialect.kind !== 'primitive') return { status: 'unknown-draft' };
    const selected = draftFromSchemaUri(dialect.value);
    if (selected === 'unsupported') return { status: 'unsupported-draft' };
    if (selected) draft = selected;
  }
  const conversion: Conversion = { holes: new Set(), open: new Set(), draft, allOpen: options.mayBeFilledIn === true };
  const json = convertSchema(value, [], conversion);
  if (isTooDeepToCompile(json)) return { status: 'too-deep' };
  const outcome = compileSchemaWithin(json as object, draft, options.budget);
  if (!outcome) return { status: 'over-budget' };

  if (outcome.externalRefs.length > 0) {
    // What an external document defines (properties, types) is not known here.
    forEachSchemaObject(json, draft, (node, pointer) => {
      if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) conversion.open.add(formatJsonPointer(pointer));
    });
  }
  const holes = [...conversion.holes].map(pointerOf);
  const described = describeOutcome(json, draft, outcome, { allowedKeywords: options.allowedKeywords, keywordsAt: options.keywordsAt });
  // Like strict-mode findings, formats wait for the meta-schema violations to be fixed.
  if (outcome.metaErrors.length === 0) described.push(...describeFormats(json, draft, options.knownFormats));
  const findings = described
    .filter((finding) => isCertain(finding, holes, conversion.open))
    .map((finding) => ({ ...finding, node: locate(value, finding.target.pointer, finding.target.part) }));
  return { status: 'checked', draft, findings };
}

/**
 * The `required` names the literal check reports as naming no property (`requiredNotDefined`, as
 * `valid-schema-literal` words it), by the `required` array node that lists them, so that another
 * check of the same literal can leave them to that one. Empty where the check does not reach them:
 * a dialect Ajv 8 does not check, a meta-schema violation (reported first, alone), a part that is
 * not known, a literal that may be filled in, past the budget. Only `defaultDraft` of the check's
 * options changes which of these findings there are.
 */
export function requiredNotDefinedByLiteralCheck(
  value: ObjectValue,
  options: Pick<SchemaLiteralOptions, 'defaultDraft' | 'budget' | 'mayBeFilledIn'>,
): ReadonlyMap<TSESTree.Node, ReadonlySet<string>> {
  const result = checkSchemaLiteral(value, { ...options, allowedKeywords: new Set(), knownFormats: new Set() });
  const reported = new Map<TSESTree.Node, Set<string>>();
  if (result.status !== 'checked') return reported;
  for (const finding of result.findings) {
    if (finding.kind !== 'requiredNotDefined' || finding.data.property === undefined) continue;
    const { pointer } = finding.target;
    const list = locate(value, pointer.at(-1) === 'required' ? pointer : pointer.slice(0, -1), 'value');
    if (!list) continue;
    const names = reported.get(list) ?? new Set<string>();
    names.add(finding.data.property);
    reported.set(list, names);
  }
  return reported;
}
