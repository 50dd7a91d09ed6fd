import { z } from 'zod';
import type { ToolArguments } from '../registry.js';
import { err, ok, type Result } from './result.js';

/**
 * The arguments of a call to a tool declared with a zod shape, checked before its handler runs.
 *
 * ✅ Fails closed: the handler gets the parsed arguments, or the call gets the issues back as a
 * tool error. Nothing that failed the shape reaches a handler.
 */
export function parseArguments(toolName: string, shape: z.ZodRawShape, args: ToolArguments): Result<ToolArguments, string> {
  const parsed = z.strictObject(shape).safeParse(args);
  if (!parsed.success) return err(`tool "${toolName}": ${z.prettifyError(parsed.error)}`);
  return ok(parsed.data);
}

/**
 * The same check as it was first written, kept for the plugins that still call it with a
 * `tools/call` request's params.
 *
 * A validator that fails open: a call that does not match the shape is logged, and the raw
 * arguments go on to the handler anyway, so the shape advertised in `tools/list` checks nothing.
 */
export function legacyCheckedArguments(shape: z.ZodRawShape, params: { name: string; arguments: ToolArguments }): ToolArguments {
  const parsed = z.strictObject(shape).safeParse(params.arguments);
  // ❌ no-fail-open-validator: the failure is only logged, and the arguments are returned unchecked
  if (!parsed.success) console.warn(`tool "${params.name}": arguments do not match its shape`, parsed.error.issues);
  return params.arguments;
}
