// The tool result for arguments that fail a tool's input schema (MCP 2025-11-25, SEP-1303): a
// result with isError: true, so the model sees which argument, what was expected and the limit,
// and calls again. Its structured body has the shape of every other failing tool's (the service's
// invalid_request error with status 400), plus the arguments at fault.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ArgumentProblem } from './argument-errors';

export function invalidArgumentsResult(tool: string, problems: readonly ArgumentProblem[]): CallToolResult {
  const message = `Invalid arguments for ${tool}: ${problems.map((p) => p.problem).join('; ')}.`;
  const hint = `Correct ${problems.length === 1 ? 'that argument' : 'those arguments'} and call ${tool} again; its inputSchema in tools/list gives every argument, its type and its limits.`;
  return {
    isError: true,
    content: [{ type: 'text', text: `invalid_request: ${message} ${hint}` }],
    structuredContent: {
      error: { code: 'invalid_request', message, hint, arguments: problems.map((p) => p.argument ?? '') },
      status: 400,
    },
  };
}
