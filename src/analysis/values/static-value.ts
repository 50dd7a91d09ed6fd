import type { TSESTree } from '@typescript-eslint/utils';
import type { LibraryStep, SchemaLibrary } from '../schemas/schema-libraries.js';

export type Primitive = string | number | boolean | null | undefined | bigint;

/**
 * A binding a value flowed through on its way to where it is used. Rules ask these questions:
 * "does this enum come from glossary table T?", "where is T declared?", "is T exported?".
 */
export interface Origin {
  readonly name: string;
  /**
   * The declarator (or TS enum declaration) that binds the name; for data imported from a JSON
   * module, which has no syntax tree, the import specifier that brings it in.
   */
  readonly declaration: TSESTree.VariableDeclarator | TSESTree.TSEnumDeclaration | TSESTree.ImportClause;
  readonly file: string;
  /** Declared at the top level of its module (not inside a function or block). */
  readonly isModuleLevel: boolean;
  /** Exported from its module, or reached through an import. */
  readonly exported: boolean;
  /** The text of the JSDoc block directly above the declaration, without delimiters. */
  readonly jsdoc: string | undefined;
  /** The initializer expression, for rules that inspect how a table was written. */
  readonly init: TSESTree.Expression | undefined;
  /** The bound value itself (the whole table, not the part of it that was used). */
  readonly value: StaticValue;
  /**
   * Set when the binding is an export of an installed dependency (not a workspace package): its
   * values are not read, so `value` is unknown, but a list built from it is that package's table.
   */
  readonly dependency?: { readonly packageName: string; readonly exportName: string };
}

interface ValueBase {
  /** The expression the value was read from; in another file when it came through an import. */
  readonly node: TSESTree.Node | undefined;
  readonly file: string;
  readonly origins: readonly Origin[];
}

/** A hole: the value cannot be known without running the code. Never a reason to report. */
export interface UnknownValue extends ValueBase {
  readonly kind: 'unknown';
}

export interface PrimitiveValue extends ValueBase {
  readonly kind: 'primitive';
  readonly value: Primitive;
}

export interface ArrayValue extends ValueBase {
  readonly kind: 'array';
  readonly elements: readonly StaticValue[];
  /** False when elements may be missing (an unknown spread, a budget cut): the list is a prefix or a subset. */
  readonly complete: boolean;
}

export interface StaticProperty {
  readonly value: StaticValue;
  /** The key as written, for reports that point at a keyword. Undefined for keys from JSON or spreads of other files. */
  readonly keyNode: TSESTree.Node | undefined;
}

export interface ObjectValue extends ValueBase {
  readonly kind: 'object';
  readonly properties: ReadonlyMap<string, StaticProperty>;
  /** False when keys may be missing (an unknown spread or a computed key). */
  readonly complete: boolean;
}

export interface BuilderStep extends LibraryStep {
  readonly values: readonly StaticValue[];
}

/** A schema-library builder expression (`z.object({...}).strict()`), with its arguments evaluated. */
export interface BuilderValue extends ValueBase {
  readonly kind: 'builder';
  readonly library: SchemaLibrary;
  readonly steps: readonly BuilderStep[];
}

/** A function literal; callbacks given to `map`/`filter` by name are applied through it. */
export interface FunctionValue extends ValueBase {
  readonly kind: 'function';
  readonly function: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration;
}

export type StaticValue = UnknownValue | PrimitiveValue | ArrayValue | ObjectValue | BuilderValue | FunctionValue;

/** Converts a fully known value to plain data; undefined when any part is a hole or not data. */
export function toPlainValue(value: StaticValue): { value: unknown } | undefined {
  switch (value.kind) {
    case 'primitive':
      return typeof value.value === 'bigint' ? undefined : { value: value.value };
    case 'array': {
      if (!value.complete) return undefined;
      const items: unknown[] = [];
      for (const element of value.elements) {
        const plain = toPlainValue(element);
        if (!plain) return undefined;
        items.push(plain.value);
      }
      return { value: items };
    }
    case 'object': {
      if (!value.complete) return undefined;
      const result: Record<string, unknown> = {};
      for (const [key, property] of value.properties) {
        const plain = toPlainValue(property.value);
        if (!plain) return undefined;
        result[key] = plain.value;
      }
      return { value: result };
    }
    default:
      return undefined;
  }
}

/** The string values of a fully known list of strings (enum values), else undefined. */
export function knownStrings(value: StaticValue): readonly string[] | undefined {
  if (value.kind !== 'array' || !value.complete) return undefined;
  const strings: string[] = [];
  for (const element of value.elements) {
    if (element.kind !== 'primitive' || typeof element.value !== 'string') return undefined;
    strings.push(element.value);
  }
  return strings;
}

export function getProperty(value: StaticValue, key: string): StaticValue | undefined {
  return value.kind === 'object' ? value.properties.get(key)?.value : undefined;
}
