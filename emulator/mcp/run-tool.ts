// Runs a checked tool call: its route in-process with the arguments split back into path ids,
// query or body fields and the idempotency key.
import { callRoute, type RouteCaller } from './call-route';
import type { WorkspaceTool } from './tool-def';

export async function runWorkspaceTool(tool: WorkspaceTool, args: Record<string, unknown>, caller: RouteCaller): Promise<unknown> {
  if (tool.answer) return tool.answer(caller);
  const route = tool.route;
  if (!route) throw new Error(`tool ${tool.name} has neither a route nor an answer`);
  tool.before?.(args, caller);
  const resolved = (await tool.resolve?.(args, caller)) ?? {};
  let path = route.path;
  const setParam = (param: string, value: unknown) => (path = path.replace(new RegExp(`(?::|%3A)${param}(?=/|$)`, 'i'), encodeURIComponent(String(value))));
  const fields: Record<string, unknown> = { ...resolved.fields };
  const params = Object.entries(route.params ?? {});
  for (const [name, value] of Object.entries(args)) {
    const param = params.find(([arg]) => arg === name)?.[1];
    if (param) setParam(param, value);
    else if (name !== 'idempotency_key' && !tool.resolvedOnly?.includes(name)) fields[route.rename?.[name] ?? name] = value;
  }
  for (const [param, value] of Object.entries(resolved.params ?? {})) setParam(param, value);
  const idempotencyKey = typeof args.idempotency_key === 'string' ? args.idempotency_key : undefined;
  const reply =
    route.method === 'GET'
      ? await callRoute(caller, { method: 'GET', path, query: { ...route.fixedQuery, ...(fields as Record<string, string | number | undefined>) } })
      : await callRoute(caller, { method: route.method, path, body: fields, idempotencyKey });
  return reply.body;
}
