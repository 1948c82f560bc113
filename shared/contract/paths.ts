// Paths: one builder per endpoint of the spec's table.

import { API_PREFIX } from './values';

const enc = encodeURIComponent;

export const PATHS = {
  me: () => `${API_PREFIX}/me`,
  mentions: () => `${API_PREFIX}/me/mentions`,
  wake: () => `${API_PREFIX}/me/wake`,
  channels: () => `${API_PREFIX}/channels`,
  channelMessages: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/messages`,
  channelMembers: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/members`,
  channelAutomations: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/automations`,
  channelAutomation: (channelId: string, automationId: string) =>
    `${API_PREFIX}/channels/${enc(channelId)}/automations/${enc(automationId)}`,
  channelLinks: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/links`,
  channelEnv: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/env`,
  channelBudget: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/budget`,
  channelWorkspace: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/workspace`,
  channelWorkspaceRebuild: (channelId: string) => `${API_PREFIX}/channels/${enc(channelId)}/workspace/rebuild`,
  artifactAddress: (artifactId: string) => `${API_PREFIX}/artifacts/${enc(artifactId)}/address`,
  thread: (rootId: string) => `${API_PREFIX}/threads/${enc(rootId)}`,
  message: (messageId: string) => `${API_PREFIX}/messages/${enc(messageId)}`,
  messageLink: () => `${API_PREFIX}/message-link`,
  search: () => `${API_PREFIX}/search`,
  docs: () => `${API_PREFIX}/docs`,
  doc: (docId: string) => `${API_PREFIX}/docs/${enc(docId)}`,
  tasks: () => `${API_PREFIX}/tasks`,
  task: (idOrRef: string) => `${API_PREFIX}/tasks/${enc(idOrRef)}`,
  runEvents: (runId: string) => `${API_PREFIX}/runs/${enc(runId)}/events`,
  runRetry: (runId: string) => `${API_PREFIX}/runs/${enc(runId)}/retry`,
  capabilities: () => `${API_PREFIX}/actions/list_capabilities`,
  action: (command: string) => `${API_PREFIX}/actions/${enc(command)}`,
} as const;

/** Paths outside /api/v1 the local service serves. */
export const SERVICE_PATHS = {
  discovery: '/api',
  openapi: `${API_PREFIX}/openapi.json`,
  docsHtml: '/docs/api',
  docsMarkdown: '/docs/api.md',
  realtime: '/realtime/v1',
  /** Inbound automation webhooks: `POST /hooks/automations/{automationId}` with `x-webhook-key`. */
  webhookPrefix: '/hooks/automations/',
} as const;
