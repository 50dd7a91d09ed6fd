/**
 * A tool passed on from whoever declared and runs it: the sink model's answer (`flow/relayed-tool.ts`),
 * named here too because the fallback rule asks it where a default stands.
 */
export { isRelayedToolDefinition, isRelayedToolSchema } from '../flow/relayed-tool.js';
