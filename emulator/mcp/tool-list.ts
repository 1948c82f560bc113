// The tools as MCP lists them — name, title, description, strict JSON Schema input (unknown
// properties refused) and annotations — built once. tools/list answers exactly this list and the
// server card copies it, so the two cannot differ. The capabilities likewise: a stateless,
// POST-only server cannot notify, so the tool list never announces changes.
import { Ajv, type ValidateFunction } from 'ajv';
import { z } from 'zod/v4';
import type { WorkspaceTool } from './tool-def';
import { WORKSPACE_TOOLS } from './tools';

export const MCP_CAPABILITIES = { tools: { listChanged: false } } as const;

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  annotations: { title: string; readOnlyHint: boolean; idempotentHint: boolean; destructiveHint: boolean; openWorldHint: boolean };
}

function listed(tool: WorkspaceTool): ListedTool {
  const { $schema: _dialect, ...inputSchema } = z.toJSONSchema(z.strictObject(tool.input), { target: 'draft-2020-12' }) as Record<string, unknown>;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { ...inputSchema, type: 'object' },
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, idempotentHint: tool.idempotent, destructiveHint: false, openWorldHint: false },
  };
}

let cache: { list: ListedTool[]; validators: Map<string, ValidateFunction>; tools: Map<string, WorkspaceTool> } | null = null;

function built() {
  if (!cache) {
    const ajv = new Ajv({ strict: false, allErrors: false });
    const list = WORKSPACE_TOOLS.map(listed);
    cache = {
      list,
      validators: new Map(list.map((t) => [t.name, ajv.compile(t.inputSchema)])),
      tools: new Map(WORKSPACE_TOOLS.map((t) => [t.name, t])),
    };
  }
  return cache;
}

export const listedTools = (): readonly ListedTool[] => built().list;

/** The tool and its checked arguments, or the reason they are refused (JSON-RPC -32602). */
export function checkToolCall(name: string, args: unknown): { tool: WorkspaceTool; args: Record<string, unknown> } | { refused: string } {
  const { tools, validators } = built();
  const tool = tools.get(name);
  if (!tool) return { refused: `Unknown tool '${name}'. tools/list names the tools this server offers.` };
  const value = args ?? {};
  const validate = validators.get(name) as ValidateFunction;
  if (!validate(value)) {
    const e = validate.errors?.[0];
    const where = e?.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : 'arguments';
    const detail = e?.keyword === 'additionalProperties' ? `unknown argument '${String((e.params as { additionalProperty: string }).additionalProperty)}'` : `${where} ${e?.message ?? 'is invalid'}`;
    return { refused: `Invalid arguments for ${name}: ${detail}. Its inputSchema in tools/list says what to send.` };
  }
  return { tool, args: value as Record<string, unknown> };
}
