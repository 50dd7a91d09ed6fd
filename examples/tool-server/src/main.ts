// The composition root: the one place that decides a schema defect stops the process.
import { createInterface } from 'node:readline';
import { buildServer } from './server.js';
import { allTools } from './tools/index.js';

const server = buildServer(allTools);
if (!server.ok) {
  console.error(`tool-server: refusing to start: ${server.error.message}`);
  // ✅ not a schema helper: exiting here is the decision the helpers leave to their caller.
  process.exit(1);
}

// A minimal line-delimited JSON-RPC loop over stdio, enough to try the tools by hand.
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line) as { id: number; method: string; params?: { name: string; arguments?: Record<string, unknown> } };
  // ✅ `?? {}` on arguments is not a schema position: absent arguments are an empty argument map.
  const result =
    request.method === 'tools/list'
      ? { tools: server.value.listTools() }
      : await server.value.callTool(request.params?.name ?? '', request.params?.arguments ?? {});
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: request.id, result })}\n`);
}
