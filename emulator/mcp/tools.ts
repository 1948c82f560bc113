// The workspace's MCP tools. Each one is a REST route run in-process (callRoute), so permissions,
// visibility, validation, errors, idempotency and compare-and-set are exactly those of REST.
import { z } from 'zod/v4';
import { LIMITS, PATHS, TASK_KINDS, TASK_STATUSES } from '../../shared/contract';

const searchText = z.string().max(LIMITS.queryTextMax);
import { channelHasGuest } from '../access';
import { permissionRequired } from '../errors';
import { findRun } from '../store/runs';
import { callRoute, type RouteCaller, type RouteCall } from './call-route';
import { defineTool, type WorkspaceTool } from './tool-def';

const id = (what: string) => z.string().min(1).describe(what);
const limit = z.number().int().positive().optional().describe('Page size (the service caps it).');
const idempotencyKey = z
  .string()
  .min(1)
  .max(160)
  .optional()
  .describe('A stable key (a UUID works) for this write: repeating the call with the same key and arguments replays the first answer instead of writing twice.');
const taskRef = id('Task id or its T-ref, e.g. "T-12".');

async function body(caller: RouteCaller, call: RouteCall): Promise<unknown> {
  return (await callRoute(caller, call)).body;
}

const whoami = defineTool({
  name: 'whoami',
  title: 'Who am I',
  description: 'Who these tools act as: a person (personal token) or a named agent acting as itself (agent token), with role, scopes and workspace.',
  input: {},
  readOnly: true,
  idempotent: true,
  run: async (_args, { svc, auth }) => ({
    kind: auth.memberKind ?? 'person',
    id: auth.personId,
    name: auth.name,
    handle: auth.handle,
    role: auth.role,
    scopes: auth.scopes,
    workspace: svc.workspace(),
  }),
});

const listChannels = defineTool({
  name: 'list_channels',
  title: 'List channels',
  description: 'The channels and direct messages you can read, with unread counts and membership.',
  input: {},
  readOnly: true,
  idempotent: true,
  run: (_args, caller) => body(caller, { method: 'GET', path: PATHS.channels() }),
});

const readChannel = defineTool({
  name: 'read_channel',
  title: 'Read a channel',
  description: 'Top-level messages of a channel, oldest first (replies are read with read_thread). Page with before/after (ISO timestamps, the cursor of the previous page).',
  input: { channel_id: id('Channel id (list_channels).'), limit, before: z.string().optional(), after: z.string().optional() },
  readOnly: true,
  idempotent: true,
  run: ({ channel_id, ...query }, caller) => body(caller, { method: 'GET', path: PATHS.channelMessages(channel_id), query }),
});

const readThread = defineTool({
  name: 'read_thread',
  title: 'Read a thread',
  description: 'A thread: its root message and replies, oldest first. Pass the id of the root or of any reply.',
  input: { message_id: id('Id of the thread root or of one of its replies.'), limit, before: z.string().optional(), after: z.string().optional() },
  readOnly: true,
  idempotent: true,
  run: ({ message_id, ...query }, caller) => body(caller, { method: 'GET', path: PATHS.thread(message_id), query }),
});

const readMentions = defineTool({
  name: 'read_mentions',
  title: 'Read mentions',
  description: 'Messages addressed to you (@mentions and direct messages) with their lead-up context. Resume with since = the newest created_at you handled.',
  input: { since: z.string().optional().describe('ISO timestamp; only newer mentions.'), channel_id: z.string().optional(), limit },
  readOnly: true,
  idempotent: true,
  run: (query, caller) => body(caller, { method: 'GET', path: PATHS.mentions(), query }),
});

const postMessage = defineTool({
  name: 'post_message',
  title: 'Post a message',
  description: 'Posts Markdown in a channel, or as a reply when parent_id names a thread root. @-mentions notify people and summon agents. Send idempotency_key so a retry never posts twice.',
  input: {
    channel_id: id('Channel id (list_channels).'),
    body: z.string().min(1).describe('Markdown text.'),
    parent_id: z.string().optional().describe('Id of the thread root to reply in.'),
    idempotency_key: idempotencyKey,
  },
  readOnly: false,
  idempotent: false,
  run: ({ channel_id, idempotency_key, ...fields }, caller) =>
    body(caller, { method: 'POST', path: PATHS.channelMessages(channel_id), body: fields, idempotencyKey: idempotency_key }),
});

const searchMessages = defineTool({
  name: 'search_messages',
  title: 'Search messages',
  description: 'Messages containing the words, newest first, in the channels you can read.',
  input: { q: searchText.describe('Words to find (at least 2 characters).'), limit },
  readOnly: true,
  idempotent: true,
  run: (query, caller) => body(caller, { method: 'GET', path: PATHS.search(), query }),
});

const listTasks = defineTool({
  name: 'list_tasks',
  title: 'List tasks',
  description: 'Tasks and epics you can see, by number, optionally filtered.',
  input: {
    status: z.enum(TASK_STATUSES).optional(),
    kind: z.enum(TASK_KINDS).optional(),
    assignee: z.string().optional().describe('A person or agent id, or "me".'),
    epic_id: z.string().optional().describe('Id or T-ref of an epic.'),
    channel_id: z.string().optional(),
    q: searchText.optional().describe('Words in the title or description.'),
    limit,
  },
  readOnly: true,
  idempotent: true,
  run: (query, caller) => body(caller, { method: 'GET', path: PATHS.tasks(), query }),
});

const getTask = defineTool({
  name: 'get_task',
  title: 'Get a task',
  description: 'One task with all its fields (description, assignees, linked pull request).',
  input: { task: taskRef },
  readOnly: true,
  idempotent: true,
  run: ({ task }, caller) => body(caller, { method: 'GET', path: PATHS.action('get_task'), query: { taskId: task } }),
});

const updateTask = defineTool({
  name: 'update_task',
  title: 'Update a task',
  description: 'Changes the given fields of a task; append_note adds a dated line to the description. Fields left out stay as they are.',
  input: {
    task: taskRef,
    title: z.string().optional(),
    description: z.string().optional(),
    status: z.enum(TASK_STATUSES).optional(),
    priority: z.number().int().optional().describe('0 none, 1 urgent, 2 high, 3 medium, 4 low.'),
    labels: z.array(z.string()).optional(),
    assignee_user_id: z.string().nullable().optional().describe('A person id, or null to unassign.'),
    assignee_agent_id: z.string().nullable().optional().describe('An agent id, or null to unassign.'),
    append_note: z.string().optional(),
    idempotency_key: idempotencyKey,
  },
  readOnly: false,
  idempotent: false,
  run: ({ task, idempotency_key, ...fields }, caller) => body(caller, { method: 'PATCH', path: PATHS.task(task), body: fields, idempotencyKey: idempotency_key }),
});

const linkPullRequest = defineTool({
  name: 'link_pull_request',
  title: 'Link a pull request to a task',
  description: 'Links a pull request to a task (merging it later closes the task). pr_url "" unlinks.',
  input: {
    task: taskRef,
    pr_url: z.string().describe('Full pull request URL, e.g. https://github.com/org/repo/pull/12; "" unlinks.'),
    pr_number: z.number().int().positive().optional(),
    repo_full_name: z.string().optional().describe('"owner/name".'),
    branch: z.string().optional(),
    idempotency_key: idempotencyKey,
  },
  readOnly: false,
  idempotent: true,
  run: ({ task, idempotency_key, ...fields }, caller) => body(caller, { method: 'PATCH', path: PATHS.task(task), body: fields, idempotencyKey: idempotency_key }),
});

const listDocs = defineTool({
  name: 'list_docs',
  title: 'List docs',
  description: 'Workspace docs and folders (without bodies); q searches titles and bodies.',
  input: { q: searchText.optional(), limit },
  readOnly: true,
  idempotent: true,
  run: (query, caller) => body(caller, { method: 'GET', path: PATHS.docs(), query }),
});

const readDoc = defineTool({
  name: 'read_doc',
  title: 'Read a doc',
  description: 'One doc with its Markdown body and updated_at (pass updated_at to write_doc).',
  input: { doc_id: id('Doc id (list_docs).') },
  readOnly: true,
  idempotent: true,
  run: ({ doc_id }, caller) => body(caller, { method: 'GET', path: PATHS.doc(doc_id) }),
});

const writeDoc = defineTool({
  name: 'write_doc',
  title: 'Write a doc (compare-and-set)',
  description:
    'Replaces a doc body only if nobody saved it since you read it: expected_updated_at is the updated_at read_doc returned. On conflict, read the doc again, merge your change and write with the new updated_at.',
  input: {
    doc_id: id('Doc id (list_docs).'),
    body: z.string().describe('The whole new Markdown body.'),
    expected_updated_at: z.string().describe('updated_at of the version you edited, exactly as read_doc returned it.'),
    idempotency_key: idempotencyKey,
  },
  readOnly: false,
  idempotent: true,
  run: ({ doc_id, idempotency_key, ...fields }, caller) => body(caller, { method: 'PATCH', path: PATHS.doc(doc_id), body: fields, idempotencyKey: idempotency_key }),
});

const readRunEvents = defineTool({
  name: 'read_run_events',
  title: 'Read run events',
  description:
    "Events of an agent run after a sequence number (tool calls, messages, child runs). Keep nextAfter and call again while hasMore is true. Needs a non-guest member who can read the run's room.",
  input: { run_id: id('Run id.'), after: z.number().int().min(0).optional().describe('Only events with a greater seq (default 0).'), limit },
  readOnly: true,
  idempotent: true,
  run: async ({ run_id, ...query }, caller) => {
    if (caller.auth.memberKind === 'agent') {
      const run = findRun(caller.svc, run_id);
      // Spec: named-agent replay is refused while the room contains a guest.
      if (run && channelHasGuest(caller.svc, run.channel_id)) {
        throw permissionRequired("A named agent cannot read run events while the run's room contains a guest.", 'Ask a member of the room to read the run, or read it with a personal token.');
      }
    }
    return body(caller, { method: 'GET', path: PATHS.runEvents(run_id), query });
  },
});

export const WORKSPACE_TOOLS: readonly WorkspaceTool[] = [
  whoami,
  listChannels,
  readChannel,
  readThread,
  readMentions,
  postMessage,
  searchMessages,
  listTasks,
  getTask,
  updateTask,
  linkPullRequest,
  listDocs,
  readDoc,
  writeDoc,
  readRunEvents,
];
