// The OpenAPI tags (the groups of /docs/api), each with what it covers.
export const TAGS: Readonly<Record<string, string>> = {
  discovery: 'Where everything is: the discovery document, this OpenAPI document, the reference and the MCP server card. No token.',
  me: 'The person the token acts as: identity, mentions and the realtime doorbell.',
  channels: 'Channels and direct messages the person can read, their members and links.',
  messages: 'Messages, threads, edits, copied message links and search.',
  docs: 'Workspace docs and folders; saves are compare-and-set.',
  tasks: 'Tasks and epics: the triage index, creation and updates.',
  runs: 'Agent runs: the event ledger and retry.',
  actions: 'Generic action commands described by list_capabilities.',
  automations: 'Channel automations and their inbound webhooks.',
  env: 'Write-only environment values of a channel (Zero to one).',
  budget: 'Monthly agent budgets of a channel.',
  workspace: 'The warm workspace of a channel.',
  artifacts: 'Published native apps.',
};
