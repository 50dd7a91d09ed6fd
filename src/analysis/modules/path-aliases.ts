import { isAbsolute, join, normalize } from 'node:path';

/**
 * A tsconfig's `paths` (and `baseUrl`), as TypeScript applies them to a non-relative specifier.
 *
 * Matched here rather than by oxc-resolver's own tsconfig support: oxc-resolver has no file system
 * hook, so once it holds the tsconfig it looks at every substitution on disk, one outside the
 * project included (a `"@x/*": ["/elsewhere/*"]` alias had the outside directory's package.json
 * opened). Each candidate is checked against the project's boundary first, and only one inside is
 * handed to the resolver, as a path. It also keeps the tsconfig out of the resolver, which parsed
 * it again for every lint (see `tsconfig.ts` for the one parse per version).
 */
export interface PathAliases {
  /** Patterns without `*`, by their text. */
  readonly exact: ReadonlyMap<string, readonly string[]>;
  /** Patterns with one `*`, longest prefix first: TypeScript takes the longest prefix that matches. */
  readonly wildcards: readonly WildcardPattern[];
  /** The directory relative substitutions are taken from: `baseUrl`, else the directory of the config declaring `paths`. */
  readonly substitutionBase: string;
  /** `baseUrl`, when set: a non-relative specifier no pattern resolves is also looked for under it. */
  readonly baseUrl: string | undefined;
}

interface WildcardPattern {
  readonly prefix: string;
  readonly suffix: string;
  readonly substitutions: readonly string[];
}

/**
 * The alias table of a parsed config, or undefined when it declares neither `paths` nor `baseUrl`.
 * Patterns with more than one `*` are ignored, as TypeScript ignores them.
 */
export function pathAliasesOf(paths: unknown, baseUrl: string | undefined, pathsBasePath: string | undefined): PathAliases | undefined {
  const table = paths && typeof paths === 'object' && !Array.isArray(paths) ? (paths as Record<string, unknown>) : undefined;
  if (!table && baseUrl === undefined) return undefined;
  const exact = new Map<string, readonly string[]>();
  const wildcards: WildcardPattern[] = [];
  for (const [pattern, value] of Object.entries(table ?? {})) {
    const substitutions = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    const star = pattern.indexOf('*');
    if (star === -1) exact.set(pattern, substitutions);
    else if (pattern.indexOf('*', star + 1) === -1) wildcards.push({ prefix: pattern.slice(0, star), suffix: pattern.slice(star + 1), substitutions });
  }
  wildcards.sort((a, b) => b.prefix.length - a.prefix.length);
  const substitutionBase = baseUrl ?? pathsBasePath ?? '.';
  return { exact, wildcards, substitutionBase, baseUrl };
}

/**
 * The paths `specifier` stands for under the aliases, in TypeScript's order: the substitutions of
 * the pattern that matches (an exact pattern, else the wildcard with the longest prefix); when no
 * pattern matches, `baseUrl` joined with the specifier. Empty when neither applies. Either way a
 * specifier no candidate resolves is then looked for as a package.
 */
export function aliasCandidates(aliases: PathAliases, specifier: string): readonly string[] {
  const exact = aliases.exact.get(specifier);
  if (exact) return exact.map((substitution) => absoluteUnder(aliases.substitutionBase, substitution));
  const match = aliases.wildcards.find(
    ({ prefix, suffix }) => specifier.length >= prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix),
  );
  if (match) {
    const star = specifier.slice(match.prefix.length, specifier.length - match.suffix.length);
    return match.substitutions.map((substitution) => absoluteUnder(aliases.substitutionBase, substitution.replace('*', star)));
  }
  return aliases.baseUrl === undefined ? [] : [absoluteUnder(aliases.baseUrl, specifier)];
}

function absoluteUnder(base: string, path: string): string {
  return isAbsolute(path) ? normalize(path) : join(base, path);
}
