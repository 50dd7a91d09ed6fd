/**
 * Names under which a value is a tool or API schema. `/schema/i` covers `inputSchema`,
 * `outputSchema`, `jsonSchema`, `schemaFor…`; the rest are the spellings of function-calling APIs
 * (OpenAI `parameters`, Anthropic `input_schema`, Gemini `parametersJsonSchema`).
 */
const SCHEMA_NAME = /schema/i;
const EXACT_SCHEMA_NAMES = new Set(['parameters', 'input_schema', 'parametersJsonSchema']);

/**
 * Output schemas: in recommended, a fallback there is not reported (their looseness has other
 * risks). Also the functions and bindings that hold one: `generateOutputSchema`, `OUTPUT_SCHEMA`.
 */
const OUTPUT_SCHEMA_NAME = /(?:output|response)_?schema/i;

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

export function isSchemaPositionName(name: string, extraPatterns: readonly RegExp[] = []): boolean {
  return SCHEMA_NAME.test(name) || EXACT_SCHEMA_NAMES.has(name) || extraPatterns.some((pattern) => pattern.test(name));
}

export function isOutputSchemaName(name: string): boolean {
  return OUTPUT_SCHEMA_NAME.test(name);
}
