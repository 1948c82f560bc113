/**
 * The wire contract of the workspace API v1, as the client and the local service both use it.
 *
 * The spec (../shared/spec/workspace-api-v1.md in the team handout) shows some names; where it
 * says "not shown", ../shared/design.md decides, and where neither speaks, this file decides.
 * Every such decision lives here so that adapting to the hosted service's published contract
 * is a one-file change. Fields marked "(ours)" are additive decisions of this project.
 */

export const API_PREFIX = '/api/v1';

// ---------------------------------------------------------------------------------------------
// Scopes, roles, errors

export const SCOPES = {
  read: 'workspace:read',
  write: 'workspace:write',
  admin: 'workspace:admin',
} as const;
export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export type Role = 'owner' | 'admin' | 'member' | 'guest';

export const PERSONAL_TOKEN_PREFIX = 'hpt_';
export const AGENT_TOKEN_PREFIX = 'mgo_';

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

export interface ErrorBody {
  error: {
    code: string;
    message: string;
    hint: string;
    /** 409 on PATCH /docs/{id}: the doc's updated_at now. */
    current_updated_at?: string;
  };
}

/** Header names. */
export const HEADERS = {
  authorization: 'authorization',
  client: 'x-service-client',
  idempotencyKey: 'idempotency-key',
  retryAfter: 'retry-after',
  wwwAuthenticate: 'www-authenticate',
  webhookKey: 'x-webhook-key',
} as const;

// ---------------------------------------------------------------------------------------------
// Limits (spec "Limits" plus decisions where it says "like the app")

export const LIMITS = {
  waitMsMax: 25_000,
  messagesDefault: 30,
  messagesMax: 200,
  repliesDefault: 200,
  repliesMax: 200,
  mentionsDefault: 50,
  mentionsMax: 200,
  mentionContext: 5,
  runEventsDefault: 100,
  runEventsMax: 200,
  runEventsPageBytes: 128 * 1024,
  searchMinChars: 2,
  searchDefault: 20,
  searchMax: 100,
  docsDefault: 100,
  docsMax: 500,
  tasksDefault: 100,
  tasksMax: 500,
  scheduleMinMinutes: 15,
  automationActionsMin: 1,
  automationActionsMax: 5,
  requestIdMax: 160,
  nameMax: 80,
  channelDescriptionMax: 500,
  avatarUrlMax: 2000,
  inviteNotesMax: 4000,
  /** Largest request body the local service accepts (ours). */
  requestBodyMaxBytes: 1024 * 1024,
} as const;

// ---------------------------------------------------------------------------------------------
// Identity, people, channels

export interface Identity {
  kind: 'person';
  userId: string;
  name: string;
  workspaceId: string;
  workspace: string;
  note: string;
  /** (ours) the person's @handle, for mention completion and "is this mine". */
  handle: string;
}

export interface Author {
  id: string;
  kind: 'person' | 'agent';
  name: string;
  handle: string;
}

export type ChannelKind = 'channel' | 'dm';

export interface Channel {
  id: string;
  name: string;
  description: string;
  kind: ChannelKind;
  private: boolean;
  archived: boolean;
  /** `emoji:<glyph>[:#rrggbb]`, `icon:<name>[:#rrggbb]` or null for the default. */
  room_icon: string | null;
  /** (ours) whether the person is a member (public channels are readable without joining). */
  is_member: boolean;
  /** (ours) created_at of the newest top-level message or reply, null when empty. */
  last_message_at: string | null;
}

export interface ChannelsResponse {
  channels: Channel[];
}

// ---------------------------------------------------------------------------------------------
// Messages, threads, mentions, search

export type RunStatus = 'queued' | 'running' | 'stopped' | 'succeeded' | 'failed' | 'canceled';
export const SETTLED_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'canceled'];

export interface RunGraphNode {
  run_id: string;
  status: RunStatus;
  started_at: string | null;
  ended_at: string | null;
}

/** Content-free shape of a fan-out plan: ids, statuses, timing only. */
export interface RunGraph {
  manager: RunGraphNode;
  specialists: RunGraphNode[];
}

export interface Message {
  id: string;
  channel_id: string;
  parent_id: string | null;
  author: Author;
  body: string;
  created_at: string;
  edited_at: string | null;
  /** The client name from `x-service-client` when posted through the API, else null. */
  via: string | null;
  reply_count: number;
  url: string;
  /** Present on fan-out plan messages unless the room contains a guest. */
  runGraph?: RunGraph;
  /** (ours) run started by this message (an agent reply that started a run), when any. */
  run_id?: string | null;
}

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
  /** A created_at value, exclusive; null when the page is empty. */
  cursor: string | null;
}

export interface MessagesQuery {
  limit?: number;
  before?: string;
  after?: string;
}

export interface PostMessageInput {
  body: string;
  parent_id?: string;
}

export interface PostMessageResult {
  id: string;
  url: string;
}

export interface EditMessageResult {
  ok: true;
  id: string;
  edited_at: string;
}

export interface Thread {
  root: Message;
  replies: Message[];
  hasMore: boolean;
  cursor: string | null;
}

export type MentionReason = 'mention' | 'dm';

export interface MentionRow extends Message {
  reason: MentionReason;
  /** Up to 5 preceding messages, oldest first. */
  context: Message[];
}

export interface MentionsQuery {
  /** Strictly after; pass the newest handled created_at exactly as the server wrote it. */
  since?: string;
  channel_id?: string;
  wait_ms?: number;
  limit?: number;
}

/**
 * Newest first. With `since`, the window is the `limit` rows just after `since` (so nothing is
 * skipped); `hasMore` (ours) says more rows after `since` exist beyond this window.
 */
export interface MentionsResponse {
  mentions: MentionRow[];
  hasMore?: boolean;
}

export interface SearchQuery {
  q: string;
  limit?: number;
}

export interface SearchResponse {
  hits: Message[];
}

/** (ours) GET /message-link: the channel, and the message with its thread root when the URL names one. */
export interface MessageLinkResult {
  channel: Channel;
  message: Message | null;
  /** The thread root when the message is a reply or the URL names a thread. */
  root: Message | null;
}

// ---------------------------------------------------------------------------------------------
// Members and links

export interface Member {
  id: string;
  kind: 'person' | 'agent';
  name: string;
  handle: string;
  /** Ready-to-paste mention, `@handle`. */
  mention: string;
}

export interface MembersResponse {
  members: Member[];
}

export type LinkKind = 'repository' | 'branch' | 'pull_request';
export type LinkState = 'open' | 'merged' | 'closed';

export interface Link {
  kind: LinkKind;
  url: string;
  repo_full_name: string | null;
  branch: string | null;
  number: number | null;
  state: LinkState | null;
  updated_at: string;
}

export interface LinksResponse {
  links: Link[];
}

// ---------------------------------------------------------------------------------------------
// Docs

export interface Doc {
  id: string;
  title: string;
  body: string;
  parent_id: string | null;
  is_folder: boolean;
  created_at: string;
  updated_at: string;
  /** (ours) true when the doc mirrors the repository's rules file (saves become pull requests). */
  mirrors_rules_file: boolean;
}

export type DocListItem = Omit<Doc, 'body'>;

export interface DocsResponse {
  docs: DocListItem[];
}

export interface DocsQuery {
  q?: string;
  limit?: number;
}

export interface CreateDocInput {
  title: string;
  body: string;
  parent_id?: string;
}

export interface CreateDocResult {
  id: string;
}

export interface PatchDocInput {
  body: string;
  expected_updated_at?: string;
}

export type PatchDocResult =
  | { saved: true; updated_at: string }
  | { saved: false; pull_request: { url: string; number: number } };

// ---------------------------------------------------------------------------------------------
// Tasks

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

export interface Task {
  id: string;
  number: number;
  /** `T-<number>`. */
  ref: string;
  title: string;
  description: string;
  kind: TaskKind;
  status: TaskStatus;
  priority: TaskPriority;
  epic_id: string | null;
  channel_id: string | null;
  labels: string[];
  assignee_user_id: string | null;
  assignee_agent_id: string | null;
  pr_url: string | null;
  pr_number: number | null;
  repo_full_name: string | null;
  branch: string | null;
  created_at: string;
  updated_at: string;
}

export type TaskRow = Omit<Task, 'description' | 'pr_number' | 'repo_full_name' | 'branch' | 'created_at'>;

export interface TasksResponse {
  tasks: TaskRow[];
}

export interface TasksQuery {
  status?: TaskStatus;
  /** 'me' or a user or agent id. */
  assignee?: string;
  epic_id?: string;
  channel_id?: string;
  kind?: TaskKind;
  q?: string;
  limit?: number;
}

export interface CreateTaskInput {
  title: string;
  description?: string;
  kind?: TaskKind;
  status?: TaskStatus;
  priority?: TaskPriority;
  epic_id?: string;
  channel_id?: string;
  labels?: string[];
}

export interface CreateTaskResult {
  id: string;
  number: number;
  ref: string;
}

export interface PatchTaskInput {
  title?: string;
  description?: string;
  kind?: TaskKind;
  status?: TaskStatus;
  priority?: TaskPriority;
  epic_id?: string | null;
  channel_id?: string | null;
  labels?: string[];
  append_note?: string;
  assignee_agent_id?: string | null;
  assignee_user_id?: string | null;
  /** Full http(s) URL; '' unlinks; anything else is refused and the link is kept. */
  pr_url?: string;
  pr_number?: number | null;
  repo_full_name?: string | null;
  branch?: string | null;
}

export interface PatchTaskResult {
  ok: true;
  number: number;
  ref: string;
}

export const TASK_REF_PATTERN = /^T-(\d+)$/;
export function taskRef(number: number): string {
  return `T-${number}`;
}

// ---------------------------------------------------------------------------------------------
// Run events

export type Redaction = 'redacted' | 'withheld' | null;

export interface RunEvent {
  seq: number;
  name: string;
  version: number;
  runtime: string;
  lane: string;
  at: string;
  /** false for an event of an unknown name or payload version; it stays in the replay. */
  known: boolean;
  redaction: Redaction;
  payload: unknown;
}

export interface RunEventsPage {
  events: RunEvent[];
  nextAfter: number;
  hasMore: boolean;
}

export interface RunEventsQuery {
  after?: number;
  limit?: number;
}

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

/** Payload shapes of the known events (version 1). */
export interface RunEventPayloads {
  'run.started': { prompt_summary?: string };
  'run.settled': { status: RunStatus; summary?: string };
  'run.stopped': { reason?: string };
  'run.resumed': Record<string, never>;
  'tool.call': { tool: string; call_id: string; input_summary?: string };
  'tool.result': { call_id: string; ok: boolean; output_summary?: string; duration_ms?: number };
  'file.changed': { path: string; change: 'added' | 'modified' | 'deleted'; additions?: number; deletions?: number };
  'check.completed': { name: string; conclusion: 'success' | 'failure' | 'neutral' | 'skipped'; details?: string };
  'usage.reported': { input_tokens: number; output_tokens: number; credits?: number };
  'child.started': { run_id: string; agent?: string; lane?: string };
  'child.settled': { run_id: string; status: RunStatus };
  'review.submitted': { verdict: 'approved' | 'changes_requested' | 'commented'; summary?: string };
  'message.posted': { message_id: string };
  'note': { text: string };
}

export interface RetryRunResult {
  ok: true;
  run_id: string;
  status: RunStatus;
}

// ---------------------------------------------------------------------------------------------
// Doorbell

export interface WakeCoordinates {
  /** Realtime endpoint for `new RealtimeClient(url, {params:{apikey: anonKey}})`; an http(s) project URL gets `/realtime/v1` appended. */
  url: string;
  anonKey: string;
  topic: string;
  event: 'wake';
  refreshMs: number;
}

/** (ours) GET /api: the discovery document. Every link is absolute. */
export interface DiscoveryDocument {
  name: string;
  api_version: '1';
  rest: { base_url: string };
  openapi: string;
  mcp: { url: string; server_card: string };
  authentication: { scheme: 'bearer'; token_prefix: string; guide: string };
  docs: { html: string; markdown: string };
  realtime: { wake: string };
}

// ---------------------------------------------------------------------------------------------
// Automations

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

export type AutomationTrigger =
  | { kind: 'message'; options: { contains?: string; hasAttachment?: boolean } }
  | { kind: 'schedule'; options: { everyMinutes: number } }
  | { kind: 'pr_merged' | 'checks_failed' | 'task_completed' | 'run_settled' | 'webhook'; options: Record<string, never> };

export type AutomationAction =
  | { kind: 'post_message'; options: { text: string } }
  | { kind: 'add_reaction'; options: { emoji: string } }
  | { kind: 'ask_agent'; options: { agentId: string; prompt: string } };

export interface AutomationRun {
  id: string;
  at: string;
  trigger_kind: TriggerKind;
  status: 'ok' | 'error';
  /** What the actions did, or why they failed. */
  detail: string;
}

export interface Automation {
  id: string;
  channel_id: string;
  name: string;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
  /** Recent run history, newest first (at most 20). */
  runs: AutomationRun[];
}

export interface AutomationsResponse {
  automations: Automation[];
  isAdmin: boolean;
}

export interface UpsertAutomationInput {
  automation_id?: string;
  name: string;
  trigger: AutomationTrigger;
  actions: AutomationAction[];
  enabled?: boolean;
}

export interface UpsertAutomationResult {
  id: string;
  /** One time only, for webhook triggers on create. */
  webhookKey?: string;
  webhookPath?: string;
}

/** Confirmation answer of PATCH/DELETE/PUT endpoints that return no resource. */
export interface Confirmation {
  ok: true;
}

// ---------------------------------------------------------------------------------------------
// Env values, budget, warm workspace, artifacts

export type EnvKind = 'secret' | 'variable';

export interface EnvEntry {
  name: string;
  kind: EnvKind;
  /** `sha256:<first 12 hex>` of the value; the value itself is never returned. */
  fingerprint: string;
  last_used_at: string | null;
}

export interface EnvResponse {
  env: EnvEntry[];
}

export interface PutEnvInput {
  name: string;
  value: string;
  kind: EnvKind;
}

export const ENV_NAME_PATTERN = /^[A-Z_][A-Z0-9_]{0,63}$/;

export interface Budget {
  monthlyCredits: number | null;
  usedCredits: number;
  /** `YYYY-MM`. */
  month: string;
}

export interface PutBudgetInput {
  monthlyCredits: number | null;
}

export type WarmStatus = 'none' | 'building' | 'ready' | 'failed';

export interface WarmWorkspace {
  status: WarmStatus;
  stale: boolean;
  enabled: boolean;
  updated_at: string | null;
}

/** (ours) PUT /artifacts/{id}/address body and answer. */
export interface PutArtifactAddressInput {
  address: string;
}
export interface PutArtifactAddressResult {
  ok: true;
  address: string;
  url: string;
}
export const ARTIFACT_ADDRESS_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])?$/;

// ---------------------------------------------------------------------------------------------
// Generic actions

export type CommandRisk = 'read' | 'write' | 'admin' | 'destructive';

/** A JSON Schema object as published by list_capabilities. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean;
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  description?: string;
  default?: unknown;
  pattern?: string;
}

export interface Capability {
  name: string;
  description: string;
  risk: CommandRisk;
  inputSchema: JsonSchema;
  roles: Role[];
  scopes: Scope[];
  auditTarget: string;
  transports: ('rest' | 'mcp' | 'webmcp')[];
  rateClass: 'read' | 'write' | 'admin';
  idempotency: 'none' | 'requestId';
  interactiveOnly: boolean;
  webmcpDisposition: 'exposed' | 'hidden' | 'confirm';
  /** (ours) the exact phrase `confirm` must carry, for commands that need one. */
  confirmPhrase?: string;
}

export interface CapabilitiesResponse {
  commands: Capability[];
  webmcpStandard: string;
  webmcpAgentConsumer: { supported: boolean; note: string };
}

export interface ActionReceipt {
  actionId: string;
  requestId: string;
  replayed: boolean;
}

export type ActionMutationResult<T extends object = Record<string, unknown>> = {
  ok: true;
  receipt: ActionReceipt;
} & T;

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

// ---------------------------------------------------------------------------------------------
// Links to messages (ours): `{base}/w/{workspaceId}/c/{channelId}[/m/{messageId} | /t/{rootId}]`

export interface ParsedMessageLink {
  workspaceId: string;
  channelId: string;
  messageId: string | null;
  threadRootId: string | null;
}

export function messageUrl(baseUrl: string, workspaceId: string, channelId: string, messageId?: string): string {
  const base = `${baseUrl.replace(/\/+$/, '')}/w/${encodeURIComponent(workspaceId)}/c/${encodeURIComponent(channelId)}`;
  return messageId ? `${base}/m/${encodeURIComponent(messageId)}` : base;
}

export function threadUrl(baseUrl: string, workspaceId: string, channelId: string, rootId: string): string {
  return `${messageUrl(baseUrl, workspaceId, channelId)}/t/${encodeURIComponent(rootId)}`;
}

export function parseMessageLink(url: string): ParsedMessageLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const m = /\/w\/([^/]+)\/c\/([^/]+)(?:\/(m|t)\/([^/]+))?\/?$/.exec(parsed.pathname);
  if (!m) return null;
  const kind = m[3];
  const target = m[4] ? decodeURIComponent(m[4]) : null;
  return {
    workspaceId: decodeURIComponent(m[1] ?? ''),
    channelId: decodeURIComponent(m[2] ?? ''),
    messageId: kind === 'm' ? target : null,
    threadRootId: kind === 't' ? target : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Paths: one builder per endpoint of the spec's table

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
