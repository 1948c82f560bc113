// The ONE table of every endpoint the local service serves outside its control API. The OpenAPI
// document, the Markdown reference's endpoint list and the fuzz suite are all generated from it.
import { LIMITS, SERVICE_PATHS, TASK_KINDS, TASK_STATUSES, ENV_NAME_PATTERN, ARTIFACT_ADDRESS_PATTERN } from '../../shared/contract';
import { anyObject, arr, bool, int, nullable, num, obj, ref, str, type Schema } from './schema-helpers';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429;

export interface QueryParam {
  name: string;
  schema: Schema;
  required?: boolean;
  description?: string;
}

export interface Endpoint {
  method: HttpMethod;
  /** OpenAPI form: `/api/v1/channels/{id}/messages`. */
  path: string;
  summary: string;
  tag: string;
  /** Needs `Authorization: Bearer <hpt_ token>`. */
  auth: boolean;
  /** A mutation: honours `Idempotency-Key`. */
  mutation?: boolean;
  query?: QueryParam[];
  /** Descriptions of path parameters (every `{name}` in the path is one). */
  pathParams?: Record<string, string>;
  body?: Schema;
  /** JSON response schema, or a non-JSON content type. */
  response: Schema | { contentType: string; description: string };
  /** Success status; 200 unless stated. */
  status?: 200 | 201 | 202;
  /** Extra error statuses beyond those derived (401 with auth, 404 with path ids, 400 with input). */
  errors?: ErrorStatus[];
}

const limit = (max: number, def?: number): QueryParam => ({
  name: 'limit',
  schema: int({ minimum: 1, ...(def === undefined ? {} : { default: def }), description: `capped at ${max}` }),
  description: `Page size; values above ${max} are capped.`,
});
const cursorParams: QueryParam[] = [
  { name: 'before', schema: str(), description: 'A created_at cursor (exclusive); pages older.' },
  { name: 'after', schema: str(), description: 'A created_at cursor (exclusive); reads forward.' },
];
const channelId = { id: 'Channel id' };
const RL: ErrorStatus[] = [429];

const taskPatch = obj(
  {
    'title?': str({ minLength: 1 }),
    'description?': str(),
    'kind?': str({ enum: [...TASK_KINDS] }),
    'status?': str({ enum: [...TASK_STATUSES] }),
    'priority?': int({ minimum: 0, maximum: 4 }),
    'epic_id?': nullable(str()),
    'channel_id?': nullable(str()),
    'labels?': arr(str()),
    'append_note?': str(),
    'assignee_agent_id?': nullable(str()),
    'assignee_user_id?': nullable(str()),
    'pr_url?': str({ description: "Full http(s) URL; '' unlinks; anything else is refused." }),
    'pr_number?': nullable(int()),
    'repo_full_name?': nullable(str()),
    'branch?': nullable(str()),
  },
  { closed: true },
);

export const ENDPOINTS: Endpoint[] = [
  // Discovery and references (no token)
  { method: 'GET', path: SERVICE_PATHS.discovery, summary: 'Discovery document', tag: 'discovery', auth: false, response: ref('Discovery') },
  {
    method: 'GET',
    path: SERVICE_PATHS.openapi,
    summary: 'This OpenAPI document',
    tag: 'discovery',
    auth: false,
    response: anyObject({ description: 'OpenAPI 3.1' }),
  },
  {
    method: 'GET',
    path: SERVICE_PATHS.docsHtml,
    summary: 'Human-readable API reference',
    tag: 'discovery',
    auth: false,
    response: { contentType: 'text/html', description: 'HTML page' },
  },
  {
    method: 'GET',
    path: SERVICE_PATHS.docsMarkdown,
    summary: 'API reference as raw Markdown',
    tag: 'discovery',
    auth: false,
    response: { contentType: 'text/markdown', description: 'Markdown' },
  },
  {
    method: 'GET',
    path: '/.well-known/mcp/server-card.json',
    summary: 'MCP server card (the endpoint /api/mcp, its transport, authentication and tools)',
    tag: 'discovery',
    auth: false,
    response: anyObject({ description: 'MCP server card' }),
  },

  // Identity, mentions, doorbell
  { method: 'GET', path: '/api/v1/me', summary: 'Who the token acts as', tag: 'me', auth: true, response: ref('Identity') },
  {
    method: 'GET',
    path: '/api/v1/me/mentions',
    summary: 'Messages addressed to the person, newest first (long-poll with wait_ms)',
    tag: 'me',
    auth: true,
    query: [
      { name: 'since', schema: str(), description: 'ISO timestamp; only messages strictly after it.' },
      { name: 'channel_id', schema: str() },
      { name: 'wait_ms', schema: int({ minimum: 0, description: `capped at ${LIMITS.waitMsMax}` }), description: 'Long-poll hold.' },
      limit(LIMITS.mentionsMax, LIMITS.mentionsDefault),
    ],
    response: ref('MentionsResponse'),
    errors: RL,
  },
  {
    method: 'GET',
    path: '/api/v1/me/wake',
    summary: 'Doorbell coordinates: a secret, rotating Supabase Realtime broadcast topic',
    tag: 'me',
    auth: true,
    response: ref('WakeCoordinates'),
  },

  // Channels
  { method: 'GET', path: '/api/v1/channels', summary: 'Channels and DMs the person can read', tag: 'channels', auth: true, response: obj({ channels: arr(ref('Channel')) }) },
  {
    method: 'GET',
    path: '/api/v1/channels/{id}/messages',
    summary: 'Top-level messages, oldest first',
    tag: 'messages',
    auth: true,
    pathParams: channelId,
    query: [limit(LIMITS.messagesMax, LIMITS.messagesDefault), ...cursorParams],
    response: ref('MessagesPage'),
    errors: RL,
  },
  {
    method: 'POST',
    path: '/api/v1/channels/{id}/messages',
    summary: 'Post a message or a thread reply',
    tag: 'messages',
    auth: true,
    mutation: true,
    pathParams: channelId,
    body: obj({ body: str({ minLength: 1 }), 'parent_id?': str({ description: 'Root message of the thread' }) }, { closed: true }),
    response: ref('PostMessageResult'),
    status: 201,
    errors: [403, 429],
  },
  { method: 'GET', path: '/api/v1/channels/{id}/members', summary: 'People and agents in the channel', tag: 'channels', auth: true, pathParams: channelId, response: ref('MembersResponse') },
  { method: 'GET', path: '/api/v1/channels/{id}/automations', summary: 'Automations with recent runs', tag: 'automations', auth: true, pathParams: channelId, response: ref('AutomationsResponse') },
  {
    method: 'POST',
    path: '/api/v1/channels/{id}/automations',
    summary: 'Create or update (automation_id) an automation (admins)',
    tag: 'automations',
    auth: true,
    mutation: true,
    pathParams: channelId,
    body: obj(
      {
        'automation_id?': str(),
        name: str({ minLength: 1, maxLength: LIMITS.nameMax }),
        trigger: ref('AutomationTrigger'),
        actions: arr(ref('AutomationAction'), { minItems: LIMITS.automationActionsMin, maxItems: LIMITS.automationActionsMax }),
        'enabled?': bool(),
      },
      { closed: true },
    ),
    response: ref('UpsertAutomationResult'),
    errors: [403, 429],
  },
  {
    method: 'PATCH',
    path: '/api/v1/channels/{id}/automations/{automationId}',
    summary: 'Enable or disable an automation (admins)',
    tag: 'automations',
    auth: true,
    mutation: true,
    pathParams: { ...channelId, automationId: 'Automation id' },
    body: obj({ enabled: bool() }, { closed: true }),
    response: ref('Confirmation'),
    errors: [403],
  },
  {
    method: 'DELETE',
    path: '/api/v1/channels/{id}/automations/{automationId}',
    summary: 'Delete an automation and its run history (admins)',
    tag: 'automations',
    auth: true,
    mutation: true,
    pathParams: { ...channelId, automationId: 'Automation id' },
    response: ref('Confirmation'),
    errors: [403],
  },
  { method: 'GET', path: '/api/v1/channels/{id}/links', summary: 'Repository, branch and pull-request links', tag: 'channels', auth: true, pathParams: channelId, response: ref('LinksResponse') },
  { method: 'GET', path: '/api/v1/channels/{id}/env', summary: 'Environment value names, kinds, fingerprints, last use', tag: 'env', auth: true, pathParams: channelId, response: ref('EnvResponse') },
  {
    method: 'PUT',
    path: '/api/v1/channels/{id}/env',
    summary: 'Write one write-only value (admins; Zero to one feature)',
    tag: 'env',
    auth: true,
    mutation: true,
    pathParams: channelId,
    body: obj({ name: str({ pattern: ENV_NAME_PATTERN.source }), value: str(), kind: str({ enum: ['secret', 'variable'] }) }, { closed: true }),
    response: ref('Confirmation'),
    errors: [403],
  },
  {
    method: 'DELETE',
    path: '/api/v1/channels/{id}/env',
    summary: 'Delete one value (admins; Zero to one feature)',
    tag: 'env',
    auth: true,
    mutation: true,
    pathParams: channelId,
    query: [{ name: 'name', schema: str(), required: true }],
    response: ref('Confirmation'),
    errors: [403],
  },
  { method: 'GET', path: '/api/v1/channels/{id}/budget', summary: "Monthly agent budget and this month's standing", tag: 'budget', auth: true, pathParams: channelId, response: ref('Budget') },
  {
    method: 'PUT',
    path: '/api/v1/channels/{id}/budget',
    summary: 'Set or clear the monthly budget (admins)',
    tag: 'budget',
    auth: true,
    mutation: true,
    pathParams: channelId,
    body: obj({ monthlyCredits: nullable(num({ minimum: 0 })) }, { closed: true }),
    response: ref('Confirmation'),
    errors: [403],
  },
  { method: 'GET', path: '/api/v1/channels/{id}/workspace', summary: 'Warm-workspace status and metadata', tag: 'workspace', auth: true, pathParams: channelId, response: ref('WarmWorkspace') },
  {
    method: 'POST',
    path: '/api/v1/channels/{id}/workspace/rebuild',
    summary: 'Mark the saved project stale (admins)',
    tag: 'workspace',
    auth: true,
    mutation: true,
    pathParams: channelId,
    response: ref('Confirmation'),
    errors: [403],
  },
  {
    method: 'PUT',
    path: '/api/v1/artifacts/{id}/address',
    summary: 'Move a published native app to a new address under the apps domain',
    tag: 'artifacts',
    auth: true,
    mutation: true,
    pathParams: { id: 'Published native app id' },
    body: obj({ address: str({ pattern: ARTIFACT_ADDRESS_PATTERN.source }) }, { closed: true }),
    response: ref('ArtifactAddressResult'),
    errors: [403, 409],
  },

  // Threads, messages, links, search
  {
    method: 'GET',
    path: '/api/v1/threads/{id}',
    summary: 'A thread root and its replies, oldest first',
    tag: 'messages',
    auth: true,
    pathParams: { id: 'Root message id' },
    query: [limit(LIMITS.repliesMax, LIMITS.repliesDefault), ...cursorParams],
    response: ref('Thread'),
  },
  {
    method: 'PATCH',
    path: '/api/v1/messages/{id}',
    summary: "Edit one of the person's own messages",
    tag: 'messages',
    auth: true,
    mutation: true,
    pathParams: { id: 'Message id' },
    body: obj({ body: str({ minLength: 1 }) }, { closed: true }),
    response: ref('EditMessageResult'),
    errors: [403, 429],
  },
  {
    method: 'GET',
    path: '/api/v1/message-link',
    summary: 'The message, thread or channel a copied URL names',
    tag: 'messages',
    auth: true,
    query: [{ name: 'url', schema: str(), required: true }],
    response: ref('MessageLinkResult'),
    errors: [404],
  },
  {
    method: 'GET',
    path: '/api/v1/search',
    summary: 'Contains-match search over readable messages, newest first',
    tag: 'messages',
    auth: true,
    query: [{ name: 'q', schema: str({ minLength: LIMITS.searchMinChars }), required: true }, limit(LIMITS.searchMax, LIMITS.searchDefault)],
    response: ref('SearchResponse'),
  },

  // Docs
  {
    method: 'GET',
    path: '/api/v1/docs',
    summary: 'List docs, or search titles and bodies with q',
    tag: 'docs',
    auth: true,
    query: [{ name: 'q', schema: str() }, limit(LIMITS.docsMax, LIMITS.docsDefault)],
    response: ref('DocsResponse'),
    errors: [403],
  },
  {
    method: 'POST',
    path: '/api/v1/docs',
    summary: 'Create a doc',
    tag: 'docs',
    auth: true,
    mutation: true,
    body: obj({ title: str({ minLength: 1 }), body: str(), 'parent_id?': str() }, { closed: true }),
    response: ref('CreateDocResult'),
    status: 201,
    errors: [403, 404, 429],
  },
  { method: 'GET', path: '/api/v1/docs/{id}', summary: 'A doc with its Markdown body', tag: 'docs', auth: true, pathParams: { id: 'Doc id' }, response: ref('Doc'), errors: [403] },
  {
    method: 'PATCH',
    path: '/api/v1/docs/{id}',
    summary: 'Save a doc body (compare-and-set with expected_updated_at)',
    tag: 'docs',
    auth: true,
    mutation: true,
    pathParams: { id: 'Doc id' },
    body: obj({ body: str(), 'expected_updated_at?': str() }, { closed: true }),
    response: ref('PatchDocResult'),
    errors: [403, 409, 429],
  },

  // Tasks
  {
    method: 'GET',
    path: '/api/v1/tasks',
    summary: 'Compact triage index of tasks and epics',
    tag: 'tasks',
    auth: true,
    query: [
      { name: 'status', schema: str({ enum: [...TASK_STATUSES] }) },
      { name: 'assignee', schema: str(), description: "'me' or a user or agent id" },
      { name: 'epic_id', schema: str() },
      { name: 'channel_id', schema: str() },
      { name: 'kind', schema: str({ enum: [...TASK_KINDS] }) },
      { name: 'q', schema: str(), description: 'Text over title and description' },
      limit(LIMITS.tasksMax, LIMITS.tasksDefault),
    ],
    response: ref('TasksResponse'),
  },
  {
    method: 'POST',
    path: '/api/v1/tasks',
    summary: 'Create a task or epic',
    tag: 'tasks',
    auth: true,
    mutation: true,
    body: obj(
      {
        title: str({ minLength: 1 }),
        'description?': str(),
        'kind?': str({ enum: [...TASK_KINDS] }),
        'status?': str({ enum: [...TASK_STATUSES] }),
        'priority?': int({ minimum: 0, maximum: 4 }),
        'epic_id?': str(),
        'channel_id?': str(),
        'labels?': arr(str()),
      },
      { closed: true },
    ),
    response: ref('CreateTaskResult'),
    status: 201,
    errors: [404, 429],
  },
  {
    method: 'PATCH',
    path: '/api/v1/tasks/{id}',
    summary: 'Update any subset of task fields; answers {ok, number, ref}',
    tag: 'tasks',
    auth: true,
    mutation: true,
    pathParams: { id: 'Task uuid or T-<n>' },
    body: taskPatch,
    response: ref('PatchTaskResult'),
    errors: [429],
  },

  // Runs
  {
    method: 'GET',
    path: '/api/v1/runs/{id}/events',
    summary: 'Run event ledger after a sequence cursor',
    tag: 'runs',
    auth: true,
    pathParams: { id: 'Run id' },
    query: [{ name: 'after', schema: int({ minimum: 0 }), description: 'Sequence cursor' }, limit(LIMITS.runEventsMax, LIMITS.runEventsDefault)],
    response: ref('RunEventsPage'),
    errors: [403],
  },
  {
    method: 'POST',
    path: '/api/v1/runs/{id}/retry',
    summary: 'Continue a stopped durable run (requester or admin)',
    tag: 'runs',
    auth: true,
    mutation: true,
    pathParams: { id: 'Run id' },
    response: ref('RetryRunResult'),
    errors: [403, 409],
  },

  // Generic actions
  {
    method: 'GET',
    path: '/api/v1/actions/list_capabilities',
    summary: 'The machine contract of every generic action command',
    tag: 'actions',
    auth: true,
    response: ref('CapabilitiesResponse'),
  },
  {
    method: 'GET',
    path: '/api/v1/actions/{command}',
    summary: "Run a read command; its input fields are query parameters",
    tag: 'actions',
    auth: true,
    pathParams: { command: 'Command name from list_capabilities' },
    response: ref('ActionResult'),
    errors: [403, 429],
  },
  {
    method: 'POST',
    path: '/api/v1/actions/{command}',
    summary: "Run a mutation command; the body follows the command's input schema",
    tag: 'actions',
    auth: true,
    mutation: true,
    pathParams: { command: 'Command name from list_capabilities' },
    body: anyObject({ description: "The command's inputSchema (unknown keys are refused); optional requestId." }),
    response: ref('ActionResult'),
    errors: [403, 409, 429],
  },

  // Inbound automation webhook (its key in x-webhook-key, not a bearer token)
  {
    method: 'POST',
    path: `${SERVICE_PATHS.webhookPrefix}{automationId}`,
    summary: 'Fire a webhook-triggered automation',
    tag: 'automations',
    auth: false,
    pathParams: { automationId: 'Automation id' },
    body: anyObject({ description: 'Any JSON; available to the actions as {{text}}.' }),
    response: obj({ ok: { const: true }, run: obj({ id: str(), status: str(), detail: str() }) }),
    status: 202,
    errors: [401, 404, 409],
  },
];

/** `/api/v1/channels/{id}` -> `/api/v1/channels/:id` (the router's form). */
export function routerPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ':$1');
}

export function pathParamNames(openApiPath: string): string[] {
  return [...openApiPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}
