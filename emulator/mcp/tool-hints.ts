// The service's hints name REST requests ("GET /api/v1/docs lists them"); an agent reaches the same
// routes through tools, so on the MCP face each REST request a hint names becomes the tool that
// makes it, and the idempotency header becomes the tools' idempotency_key argument.
const REST_TO_TOOL: ReadonlyArray<readonly [RegExp, string]> = [
  [/GET \/api\/v1\/docs\/\{id\}/g, 'read_doc'],
  [/GET \/api\/v1\/docs\b/g, 'list_docs'],
  [/GET \/api\/v1\/tasks\b/g, 'list_tasks'],
  [/GET \/api\/v1\/channels\b/g, 'list_channels'],
  [/GET \/api\/v1\/me\b/g, 'whoami'],
  [/exactly as GET returned it/g, 'exactly as read_doc returned it'],
  [/Idempotency-Key header or requestId/g, 'idempotency_key'],
  [/Idempotency-Key \(or requestId\)/g, 'idempotency_key'],
];

export function hintForTools(hint: string): string {
  let text = hint;
  for (const [rest, tool] of REST_TO_TOOL) text = text.replace(rest, tool);
  return text;
}
