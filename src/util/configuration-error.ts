/**
 * A mistake in the user's configuration (settings, the baseline file), thrown from a rule so that
 * ESLint stops with exit 2. ESLint prints a thrown error under "Oops! Something went wrong!" as its
 * `stack` (bin/eslint.js `getErrorMessage`, unless the error names one of ESLint's own message
 * templates, which a plugin cannot add), and a stack trace reads as a crash of the plugin. So the
 * stack of these errors is their message: read when ESLint prints it, so that the lines ESLint
 * appends to the message ("Occurred while linting FILE", `Rule: "…"`) are printed too.
 */
export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    Object.defineProperty(this, 'stack', {
      get: () => this.message,
      configurable: true,
      enumerable: false,
    });
  }
}
