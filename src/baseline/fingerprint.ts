import { createHash } from 'node:crypto';
import { relative, sep } from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { describeContext, findingContext } from './finding-context.js';

/**
 * What identifies a finding inside one file and rule, independent of where the file lives:
 * the reported code (as tokens, so indentation, line endings and line breaks do not matter) and
 * its context (the names from the top of the file down to it, see finding-context.ts). The path
 * is folded in later by `fingerprintOf`, once the baseline file (which paths are relative to) is
 * known.
 */
export interface FindingIdentity {
  /** Hash of the normalised reported code and its context. */
  readonly identity: string;
  /** The context as people read it (`tools › [name="search"] › inputSchema`); undefined at the top of the file. */
  readonly context: string | undefined;
  /** The reported code on one line, shortened, for humans reading the baseline. */
  readonly snippet: string;
  /** Source offsets of the reported code: findings are numbered in this order. */
  readonly start: number;
  readonly end: number;
}

const SNIPPET_LENGTH = 80;
/**
 * Part of every identity: fingerprints of one format version never equal another's by accident,
 * and a version that identifies findings differently must change it (with BASELINE_FORMAT_VERSION).
 */
const IDENTITY_SCHEME = 'schema-contract-finding/2';

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  const chars = [...text];
  return chars.length <= SNIPPET_LENGTH ? text : `${chars.slice(0, SNIPPET_LENGTH - 1).join('')}…`;
}

type ReportTarget = TSESTree.Node | TSESTree.Token;
type ReportLoc = Readonly<TSESTree.Position> | Readonly<TSESTree.SourceLocation>;

function isAstNode(target: ReportTarget): target is TSESTree.Node {
  // Tokens have no parent; the Program node has none either but is never a token.
  return 'parent' in target || target.type === 'Program';
}

function rangeOfLoc(sourceCode: Readonly<TSESLint.SourceCode>, loc: ReportLoc): [number, number] {
  const lines = sourceCode.lines;
  const toIndex = (position: Readonly<TSESTree.Position>): number => {
    const line = Math.min(Math.max(position.line, 1), lines.length);
    const column = Math.min(Math.max(position.column, 0), lines[line - 1]?.length ?? 0);
    return sourceCode.getIndexFromLoc({ line, column });
  };
  if ('start' in loc) return [toIndex(loc.start), toIndex(loc.end)];
  const index = toIndex(loc);
  return [index, index];
}

/**
 * Tokens, not characters: `{a:1}` reformatted to `{ a: 1 }` over three lines is the same finding.
 * Whitespace inside a token (a template literal spanning lines) is collapsed too, which also
 * makes CRLF and LF checkouts agree.
 */
function normalisedText(sourceCode: Readonly<TSESLint.SourceCode>, range: [number, number]): string {
  const tokens = sourceCode.getTokens({ range } as TSESTree.Node);
  if (tokens.length > 0) return tokens.map((token) => collapseWhitespace(token.value)).join(' ');
  return collapseWhitespace(sourceCode.text.slice(range[0], range[1]));
}

/**
 * Identifies what a `context.report()` descriptor points at: the reported node (or token), or,
 * for a report that only has a `loc`, the code inside that location.
 */
export function identifyReport(
  sourceCode: Readonly<TSESLint.SourceCode>,
  descriptor: { readonly node?: ReportTarget; readonly loc?: ReportLoc },
): FindingIdentity {
  let range: [number, number];
  let anchor: TSESTree.Node | null;
  if (descriptor.node) {
    range = [descriptor.node.range[0], descriptor.node.range[1]];
    anchor = isAstNode(descriptor.node) ? descriptor.node : sourceCode.getNodeByRangeIndex(range[0]);
  } else if (descriptor.loc) {
    range = rangeOfLoc(sourceCode, descriptor.loc);
    if (range[0] === range[1]) {
      // A bare position: the rest of its line is the best description of what is there.
      const lineEnd = sourceCode.text.indexOf('\n', range[0]);
      range = [range[0], lineEnd === -1 ? sourceCode.text.length : lineEnd];
    }
    anchor = sourceCode.getNodeByRangeIndex(range[0]);
  } else {
    throw new TypeError('eslint-plugin-schema-contract: a report needs a node or a loc');
  }
  const segments = anchor ? findingContext(sourceCode, anchor) : [];
  const text = normalisedText(sourceCode, range);
  return {
    // Segments never hold a raw line break (literals are JSON-quoted), so '\n' cannot be forged.
    identity: sha256(`${IDENTITY_SCHEME}\u0000${text}\u0000${segments.join('\n')}`),
    context: segments.length === 0 ? undefined : describeContext(segments),
    snippet: shorten(collapseWhitespace(sourceCode.text.slice(range[0], range[1]))),
    start: range[0],
    end: range[1],
  };
}

const FINGERPRINT_LENGTH = 20;

/**
 * The fingerprint stored in the baseline: rule, path and identity. Identical findings in one file
 * share it and are told apart by their occurrence index (their order in the file).
 */
export function fingerprintOf(rule: string, path: string, identity: string): string {
  return sha256(`${rule}\u0000${path}\u0000${identity}`).slice(0, FINGERPRINT_LENGTH);
}

/** POSIX path of `file` relative to the baseline's directory: the same on every OS and checkout. */
export function baselinePath(baselineDirectory: string, file: string): string {
  return relative(baselineDirectory, file).split(sep).join('/');
}
