import type { TSESTree } from '@typescript-eslint/utils';

/** What a module exports, by name, as its syntax says (ES exports, and CommonJS assignments). */
export interface ExportTable {
  readonly named: ReadonlyMap<string, ExportEntry>;
  /** `export * from '...'` sources, searched in order for names not found in `named`. */
  readonly starSources: readonly string[];
  /** `module.exports = value`: what `require()` of the module returns. */
  readonly moduleExports: LocalOrExpression | undefined;
}

type LocalOrExpression =
  | { readonly kind: 'local'; readonly localName: string }
  | { readonly kind: 'expression'; readonly node: TSESTree.Node };

export type ExportEntry = LocalOrExpression | { readonly kind: 'reexport'; readonly source: string; readonly importedName: string };

function sourceOf(node: TSESTree.Node): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
}

function exportedName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

function entryFor(value: TSESTree.Node): LocalOrExpression {
  return value.type === 'Identifier' ? { kind: 'local', localName: value.name } : { kind: 'expression', node: value };
}

function isIdentifier(node: TSESTree.Node, name: string): boolean {
  return node.type === 'Identifier' && node.name === name;
}

function propertyName(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.computed && member.property.type === 'Literal' && typeof member.property.value === 'string') return member.property.value;
  return undefined;
}

/**
 * The export a CommonJS assignment target writes: `module.exports` itself (an empty name), or the
 * name in `exports.X` / `module.exports.X`.
 */
function commonJsTarget(left: TSESTree.Node): string | undefined {
  if (left.type !== 'MemberExpression') return undefined;
  if (isIdentifier(left.object, 'module') && propertyName(left) === 'exports') return '';
  const name = propertyName(left);
  if (name === undefined) return undefined;
  if (isIdentifier(left.object, 'exports')) return name;
  if (left.object.type === 'MemberExpression' && isIdentifier(left.object.object, 'module') && propertyName(left.object) === 'exports') return name;
  return undefined;
}

/** Top-level `module.exports = …` and `exports.X = …`, the forms Node's own CommonJS export detection reads. */
function addCommonJsExport(statement: TSESTree.ExpressionStatement, named: Map<string, ExportEntry>): LocalOrExpression | undefined {
  const assignment = statement.expression;
  if (assignment.type !== 'AssignmentExpression' || assignment.operator !== '=') return undefined;
  const target = commonJsTarget(assignment.left);
  if (target === undefined) return undefined;
  if (target !== '') {
    named.set(target, entryFor(assignment.right));
    return undefined;
  }
  // What an ES module's default import of a CommonJS module gives, as in Node.
  named.set('default', entryFor(assignment.right));
  // `module.exports = { A, B: list }`: each property is also importable by name.
  if (assignment.right.type === 'ObjectExpression') {
    for (const property of assignment.right.properties) {
      if (property.type !== 'Property' || property.computed || property.kind !== 'init') continue;
      const key = property.key.type === 'Identifier' ? property.key.name : sourceOf(property.key);
      if (key !== undefined) named.set(key, entryFor(property.value));
    }
  }
  return entryFor(assignment.right);
}

/** The names a declarator's pattern binds: `a`, and in `{ a, b: [c, ...d] = [] }` a, c and d. */
function boundNames(pattern: TSESTree.Node): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name];
    case 'ObjectPattern':
      return pattern.properties.flatMap((property) => boundNames(property.type === 'RestElement' ? property.argument : property.value));
    case 'ArrayPattern':
      return pattern.elements.flatMap((element) => (element ? boundNames(element) : []));
    case 'AssignmentPattern':
      return boundNames(pattern.left);
    case 'RestElement':
      return boundNames(pattern.argument);
    default:
      return [];
  }
}

export function buildExportTable(program: TSESTree.Program): ExportTable {
  const named = new Map<string, ExportEntry>();
  const starSources: string[] = [];
  let moduleExports: LocalOrExpression | undefined;
  for (const statement of program.body) {
    switch (statement.type) {
      case 'ExportNamedDeclaration': {
        const source = statement.source ? sourceOf(statement.source) : undefined;
        if (statement.declaration) {
          const declaration = statement.declaration;
          if (declaration.type === 'VariableDeclaration') {
            for (const declarator of declaration.declarations) {
              for (const name of boundNames(declarator.id)) named.set(name, { kind: 'local', localName: name });
            }
          } else if ('id' in declaration && declaration.id && declaration.id.type === 'Identifier') {
            named.set(declaration.id.name, { kind: 'local', localName: declaration.id.name });
          }
        }
        for (const specifier of statement.specifiers) {
          const local = exportedName(specifier.local);
          const exported = exportedName(specifier.exported);
          named.set(
            exported,
            source === undefined ? { kind: 'local', localName: local } : { kind: 'reexport', source, importedName: local },
          );
        }
        break;
      }
      case 'ExportDefaultDeclaration': {
        const declaration = statement.declaration;
        if (declaration.type === 'Identifier') {
          named.set('default', { kind: 'local', localName: declaration.name });
        } else if ('id' in declaration && declaration.id && declaration.id.type === 'Identifier') {
          named.set('default', { kind: 'local', localName: declaration.id.name });
        } else {
          named.set('default', { kind: 'expression', node: declaration });
        }
        break;
      }
      case 'ExportAllDeclaration': {
        const source = sourceOf(statement.source);
        if (source === undefined) break;
        if (statement.exported) {
          named.set(exportedName(statement.exported), { kind: 'reexport', source, importedName: '*' });
        } else {
          starSources.push(source);
        }
        break;
      }
      case 'ExpressionStatement':
        moduleExports = addCommonJsExport(statement, named) ?? moduleExports;
        break;
      default:
        break;
    }
  }
  return { named, starSources, moduleExports };
}
