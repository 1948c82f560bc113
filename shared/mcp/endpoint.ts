// Where the workspace's remote MCP lives for a service address (spec: `/api/mcp`, relative to the
// base URL like every REST path) and the headers it takes: the same bearer token as REST.

export const MCP_ENDPOINT_PATH = '/api/mcp';

/** The MCP endpoint URL of a service base URL (`http://127.0.0.1:8787` -> `http://127.0.0.1:8787/api/mcp`). */
export function mcpEndpointUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`not an http(s) address: ${url.protocol}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${MCP_ENDPOINT_PATH}`;
}

/** Request headers for /api/mcp: the bearer token and the client name shown as 'via' on posts. */
export function mcpRequestHeaders(token: string, clientName: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-service-client': clientName };
}
