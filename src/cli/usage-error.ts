/** A mistake in how the CLI was called or configured: exit code 2, message without a stack. */
export class UsageError extends Error {
  override name = 'UsageError';
}
