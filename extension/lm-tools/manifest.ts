// The workspace's MCP tools as VS Code language model tools (contributes.languageModelTools): one
// entry per tool of the service's list (tools/list, the server card), with its description and
// input schema unchanged, so chat, `#` references and the MCP server offer the same tools. Pure
// and vscode-free: test/extension/unit/lm-tools-manifest.test.ts holds package.json to this
// mapping of the local service's live list (and writes it again with WSC_WRITE_LM_TOOLS=1).
import { AGENT_TOOL_SETTINGS, SETTINGS } from '../ids';

/** What the service lists for one tool (MCP tools/list). */
export interface McpToolListing {
  name: string;
  title?: string;
  description?: string;
  inputSchema: object;
  annotations?: { readOnlyHint?: boolean };
}

export interface LmToolContribution {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: true;
  userDescription: string;
  modelDescription: string;
  tags: string[];
  inputSchema: object;
  when?: string;
}

/** VS Code tool names are global: ours carry the prefix, the MCP name follows it. */
export const LM_TOOL_PREFIX = 'wsc_';
export const READ_TAG = 'wsc-read';
export const WRITE_TAG = 'wsc-write';

/** Writes are offered only while the "only reads" setting is off. */
export const WRITES_WHEN = `!config.${SETTINGS.section}.${AGENT_TOOL_SETTINGS.readOnly}`;

export function lmToolContribution(tool: McpToolListing): LmToolContribution {
  const reads = tool.annotations?.readOnlyHint === true;
  const name = `${LM_TOOL_PREFIX}${tool.name}`;
  const description = tool.description ?? tool.title ?? tool.name;
  return {
    name,
    displayName: `Workspace: ${tool.title ?? tool.name}`,
    toolReferenceName: name,
    canBeReferencedInPrompt: true,
    userDescription: description,
    modelDescription: description,
    tags: ['wsc', reads ? READ_TAG : WRITE_TAG],
    inputSchema: tool.inputSchema,
    ...(reads ? {} : { when: WRITES_WHEN }),
  };
}

/** The MCP tool name of a contributed tool name, or null for a tool that is not ours. */
export function mcpToolName(lmName: string): string | null {
  return lmName.startsWith(LM_TOOL_PREFIX) ? lmName.slice(LM_TOOL_PREFIX.length) : null;
}
