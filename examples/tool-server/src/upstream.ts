/** What a tool returns to the client (the MCP `CallToolResult` shape, text content only). */
export interface ToolResult {
  readonly content: readonly { readonly type: 'text'; readonly text: string }[];
  readonly isError?: boolean;
}

const API_BASE = process.env.CATALOG_API_URL ?? 'https://catalog.example.com/v1';

/**
 * Forwards a tool call to the catalog API. The API, not the tool schema, is the authority on which
 * values it accepts: an unknown marketplace comes back as a visible, logged API error.
 */
export async function callApi(path: string, query: Readonly<Record<string, unknown>>): Promise<ToolResult> {
  const url = new URL(path.replace(/^\//, ''), `${API_BASE}/`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const text = await response.text();
  return { content: [{ type: 'text', text }], isError: !response.ok };
}
