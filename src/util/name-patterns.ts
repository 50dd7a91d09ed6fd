/**
 * Compiles the regular expressions users give in rule options (`schemaNames`, `helperNames`).
 * A pattern that does not compile is a configuration error naming the pattern, never ignored.
 */
export function compileNamePatterns(patterns: readonly string[]): readonly RegExp[] {
  return patterns.map((pattern) => {
    try {
      return new RegExp(pattern, 'u');
    } catch (error) {
      throw new Error(`eslint-plugin-schema-contract: invalid name pattern ${JSON.stringify(pattern)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  });
}
