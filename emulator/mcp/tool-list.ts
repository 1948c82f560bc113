// The tools as MCP lists them — name, title, description, strict JSON Schema input (unknown
// properties refused) and annotations — generated from each tool's route declaration and built
// once per route table. tools/list answers exactly this list and the server card copies it, so the
// two cannot differ. The capabilities likewise: a stateless, POST-only server cannot notify, so
// the tool list never announces changes.
import { Ajv, type ValidateFunction } from 'ajv';
import { derefSchema } from '../../shared/contract';
import { closedInputSchema, CONTRACT_SCHEMAS, idempotencyKeySchema, pathIdSchema, type ToolInputSchema } from '../../shared/contract';
import { Router } from '../router';
import type { ContractSchema, Route } from '../types';
import { describeArgumentError, type ArgumentProblem } from './argument-errors';
import type { WorkspaceTool } from './tool-def';
import { WORKSPACE_TOOLS } from './tools';

export const MCP_CAPABILITIES = { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } } as const;

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: ToolInputSchema;
  annotations: { title: string; readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
}

type Json = Record<string, unknown>;

/** The route a tool runs, found as a request to its path would find it. */
export function routeOfTool(tool: WorkspaceTool, router: Router): Route | null {
  if (!tool.route) return null;
  const found = router.match(tool.route.method, tool.route.path.replace(/%3A/gi, ':'));
  if (!found || 'methods' in found) throw new Error(`tool ${tool.name}: no route ${tool.route.method} ${tool.route.path}`);
  return found.route;
}

/** The tool's input schema: its path ids, the offered query or body fields, its extras; closed. */
export function toolInputSchema(tool: WorkspaceTool, route: Route | null): ListedTool['inputSchema'] {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const [arg, param] of Object.entries(tool.route?.params ?? {})) {
    properties[arg] = pathIdSchema(route?.params?.[param] ?? param);
    required.push(arg);
  }
  const source: ContractSchema | undefined = route && tool.route ? (tool.route.method === 'GET' ? route.query : route.body) : undefined;
  if (source) {
    const plain = derefSchema(source, CONTRACT_SCHEMAS) as { properties?: Record<string, Json>; required?: string[] };
    const offered = tool.route?.fields ?? Object.keys(plain.properties ?? {});
    // A field offered under another argument name (add_task_note's note -> append_note).
    const argOf = (field: string) => Object.entries(tool.route?.rename ?? {}).find(([, f]) => f === field)?.[0] ?? field;
    for (const name of offered) {
      const schema = plain.properties?.[name];
      if (!schema || name === 'requestId') continue;
      properties[argOf(name)] = schema;
      if (plain.required?.includes(name)) required.push(argOf(name));
    }
  }
  Object.assign(properties, derefSchema(tool.extraInput ?? {}, CONTRACT_SCHEMAS));
  for (const name of tool.extraRequired ?? []) if (!required.includes(name)) required.push(name);
  if (tool.route && tool.route.method !== 'GET') {
    properties.idempotency_key = idempotencyKeySchema();
  }
  return closedInputSchema(properties, required);
}

interface BuiltTools {
  list: ListedTool[];
  byName: Map<string, { tool: WorkspaceTool; validate: ValidateFunction }>;
}

const built = new WeakMap<readonly Route[], BuiltTools>();

function build(routes: readonly Route[]): BuiltTools {
  let tools = built.get(routes);
  if (!tools) {
    const router = new Router();
    for (const route of routes) router.add(route);
    // allErrors: an agent corrects every wrong argument in one go.
    const ajv = new Ajv({ strict: false, allErrors: true });
    const list: ListedTool[] = [];
    const byName = new Map<string, { tool: WorkspaceTool; validate: ValidateFunction }>();
    for (const tool of WORKSPACE_TOOLS) {
      const inputSchema = toolInputSchema(tool, routeOfTool(tool, router));
      list.push({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema,
        annotations: { title: tool.title, readOnlyHint: tool.readOnly, idempotentHint: tool.idempotent, destructiveHint: false, openWorldHint: false },
      });
      byName.set(tool.name, { tool, validate: ajv.compile(inputSchema) });
    }
    tools = { list, byName };
    built.set(routes, tools);
  }
  return tools;
}

export const listedTools = (routes: readonly Route[]): readonly ListedTool[] => build(routes).list;

export type CheckedToolCall =
  | { tool: WorkspaceTool; args: Record<string, unknown> }
  /** No such tool: a protocol error (JSON-RPC -32602). */
  | { unknown: string }
  /** The tool exists but its arguments fail its input schema: a tool result with isError (SEP-1303). */
  | { invalid: { tool: string; problems: ArgumentProblem[] } };

/** The tool and its checked arguments, an unknown tool, or the arguments' problems. */
export function checkToolCall(routes: readonly Route[], name: string, args: unknown): CheckedToolCall {
  const entry = build(routes).byName.get(name);
  if (!entry) return { unknown: `Unknown tool '${name.slice(0, 100)}'. tools/list names the tools this server offers.` };
  const value = args ?? {};
  if (!entry.validate(value)) {
    const problems: ArgumentProblem[] = [];
    for (const error of entry.validate.errors ?? []) {
      const problem = describeArgumentError(error, value);
      if (!problems.some((p) => p.argument === problem.argument)) problems.push(problem);
    }
    return { invalid: { tool: name, problems: problems.slice(0, 5) } };
  }
  return { tool: entry.tool, args: value as Record<string, unknown> };
}
