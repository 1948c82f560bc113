// The shape of one workspace MCP tool: a name, an input schema (zod, turned into JSON Schema by the
// SDK for tools/list and by the server card) and what it does for the caller.
import type { ZodRawShape, z } from 'zod/v4';
import type { RouteCaller } from './call-route';

export interface WorkspaceTool {
  name: string;
  title: string;
  description: string;
  input: ZodRawShape;
  /** Reads only (annotations.readOnlyHint); writes say whether a repeat is harmless. */
  readOnly: boolean;
  idempotent: boolean;
  run(args: Record<string, unknown>, caller: RouteCaller): Promise<unknown>;
}

/** Declares a tool with typed arguments; the list keeps them erased. */
export function defineTool<S extends ZodRawShape>(tool: Omit<WorkspaceTool, 'input' | 'run'> & {
  input: S;
  run(args: z.infer<z.ZodObject<S>>, caller: RouteCaller): Promise<unknown>;
}): WorkspaceTool {
  return tool as unknown as WorkspaceTool;
}
