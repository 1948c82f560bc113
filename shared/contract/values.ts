// The contract's plain values: header names, the lists of known enum values, patterns and the
// helpers built on them. Nothing here builds a schema, so code that needs only these (a one-shot
// `wsc` command) never loads TypeBox or the schema modules; the schemas import them from here.

// wire
export const API_PREFIX = '/api/v1';
/** Header names. */
export const HEADERS = {
  authorization: 'authorization',
  client: 'x-service-client',
  idempotencyKey: 'idempotency-key',
  retryAfter: 'retry-after',
  wwwAuthenticate: 'www-authenticate',
  webhookKey: 'x-webhook-key',
} as const;

// errors
export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'permission_required',
  'not_found',
  'conflict',
  'rate_limited',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  permission_required: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
};

// channels
export const CHANNEL_KINDS = ['channel', 'dm'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

// messages
export const AUTHOR_KINDS = ['person', 'agent'] as const;

// runs
export const RUN_STATUSES = ['queued', 'running', 'stopped', 'succeeded', 'failed', 'canceled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const SETTLED_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'canceled'];

// mentions
export const MENTION_REASONS = ['mention', 'dm'] as const;
export type MentionReason = (typeof MENTION_REASONS)[number];

// channel-links
export const LINK_KINDS = ['repository', 'branch', 'pull_request'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const LINK_STATES = ['open', 'merged', 'closed'] as const;
export type LinkState = (typeof LINK_STATES)[number];

// tasks
export const TASK_STATUSES = ['backlog', 'todo', 'doing', 'in_review', 'done', 'canceled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const OPEN_TASK_STATUSES: readonly TaskStatus[] = ['backlog', 'todo', 'doing', 'in_review'];
export const TASK_KINDS = ['task', 'epic'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
/** 0 none, 1 urgent, 2 high, 3 medium, 4 low. */
export type TaskPriority = 0 | 1 | 2 | 3 | 4;
export const TASK_PRIORITY_NAMES: Record<TaskPriority, string> = {
  0: 'none',
  1: 'urgent',
  2: 'high',
  3: 'medium',
  4: 'low',
};
export const TASK_REF_PATTERN = /^T-(\d+)$/;
export function taskRef(number: number): string {
  return `T-${number}`;
}

// run-events
export const REDACTIONS = ['redacted', 'withheld'] as const;
export type Redaction = (typeof REDACTIONS)[number] | null;
export const WITHHELD_MARKER = 'replay_transport_budget';
/** Event names (and their payload version) this contract knows; any other is `known:false`. */
export const KNOWN_RUN_EVENTS: Readonly<Record<string, number>> = {
  'run.started': 1,
  'run.settled': 1,
  'run.stopped': 1,
  'run.resumed': 1,
  'tool.call': 1,
  'tool.result': 1,
  'file.changed': 1,
  'check.completed': 1,
  'usage.reported': 1,
  'child.started': 1,
  'child.settled': 1,
  'review.submitted': 1,
  'message.posted': 1,
  'note': 1,
};

// automations
export const TRIGGER_KINDS = [
  'message',
  'schedule',
  'pr_merged',
  'checks_failed',
  'task_completed',
  'run_settled',
  'webhook',
] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
export const ACTION_KINDS = ['post_message', 'add_reaction', 'ask_agent'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

// channel-settings
export const ENV_KINDS = ['secret', 'variable'] as const;
export type EnvKind = (typeof ENV_KINDS)[number];
export const ENV_NAME_PATTERN = /^[A-Z_][A-Z0-9_]{0,63}$/;
export const WARM_STATUSES = ['none', 'building', 'ready', 'failed'] as const;
export type WarmStatus = (typeof WARM_STATUSES)[number];

// artifacts
export const ARTIFACT_ADDRESS_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])?$/;

// actions
export const COMMAND_RISKS = ['read', 'write', 'admin', 'destructive'] as const;
export type CommandRisk = (typeof COMMAND_RISKS)[number];
/** Command names the clients call by name; every other command is reached through list_capabilities. */
export const COMMANDS = {
  createWorkspace: 'create_workspace',
  updateWorkspace: 'update_workspace',
  leaveWorkspace: 'leave_workspace',
  transferWorkspace: 'transfer_workspace',
  deleteWorkspace: 'delete_workspace',
  createChannel: 'create_channel',
  updateChannel: 'update_channel',
  archiveChannel: 'archive_channel',
  restoreChannel: 'restore_channel',
  joinChannel: 'join_channel',
  leaveChannel: 'leave_channel',
  deleteChannel: 'delete_channel',
  setStatus: 'set_status',
  listNativeArtifacts: 'list_native_artifacts',
  getNativeArtifact: 'get_native_artifact',
  addReaction: 'add_reaction',
  removeReaction: 'remove_reaction',
  pinMessage: 'pin_message',
  unpinMessage: 'unpin_message',
  deleteMessage: 'delete_message',
  createDocFolder: 'create_doc_folder',
  moveDoc: 'move_doc',
  renameDoc: 'rename_doc',
  deleteDoc: 'delete_doc',
  getTask: 'get_task',
  deleteTask: 'delete_task',
  assignTask: 'assign_task',
  listFounderInvites: 'list_founder_invites',
  createFounderInvite: 'create_founder_invite',
  previewFounderInvite: 'preview_founder_invite',
  sendFounderInvite: 'send_founder_invite',
  revokeFounderInvite: 'revoke_founder_invite',
  extendFounderGift: 'extend_founder_gift',
  updateFounderInviteNotes: 'update_founder_invite_notes',
  getOnboarding: 'get_onboarding',
  saveOnboarding: 'save_onboarding',
  finishOnboarding: 'finish_onboarding',
  approveDispatch: 'approve_dispatch',
} as const;
export const CONFIRM_PHRASES = {
  leave_workspace: 'leave workspace',
  transfer_workspace: 'transfer ownership',
  delete_workspace: 'delete workspace permanently',
  delete_channel: 'delete channel permanently',
  delete_doc: 'delete doc permanently',
  delete_task: 'delete task permanently',
} as const;

