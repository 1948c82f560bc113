// The workspace's MCP tools. Each one is a REST route run in-process (callRoute), so permissions,
// visibility, validation, errors, idempotency and compare-and-set are exactly those of REST, and
// each input schema is generated from that route's declaration (tool-list.ts). The writes beyond
// posting, updating and linking are in write-tools.ts.
import { id, PATHS } from '../../shared/contract';
import { channelHasGuest } from '../access';
import { permissionRequired } from '../errors';
import { findRun } from '../store/runs';
import type { WorkspaceTool } from './tool-def';
import { WRITE_TOOLS } from './write-tools';

const whoami: WorkspaceTool = {
  name: 'whoami',
  title: 'Who am I',
  description: 'Who these tools act as: a person (personal token) or a named agent acting as itself (agent token), with role, scopes and workspace.',
  readOnly: true,
  idempotent: true,
  answer: ({ svc, auth }) => ({
    kind: auth.memberKind ?? 'person',
    id: auth.personId,
    name: auth.name,
    handle: auth.handle,
    role: auth.role,
    scopes: auth.scopes,
    workspace: svc.workspace(),
  }),
};

const reads = (tool: Omit<WorkspaceTool, 'readOnly' | 'idempotent'>): WorkspaceTool => ({ ...tool, readOnly: true, idempotent: true });

export const WORKSPACE_TOOLS: readonly WorkspaceTool[] = [
  whoami,
  reads({
    name: 'list_channels',
    title: 'List channels',
    description: 'The channels and direct messages you can read, with unread counts and membership.',
    route: { method: 'GET', path: PATHS.channels() },
  }),
  reads({
    name: 'read_channel',
    title: 'Read a channel',
    description: 'Top-level messages of a channel, oldest first (replies are read with read_thread). Page with before/after (ISO timestamps, the cursor of the previous page).',
    route: { method: 'GET', path: PATHS.channelMessages(':id'), params: { channel_id: 'id' } },
  }),
  reads({
    name: 'read_thread',
    title: 'Read a thread',
    description: 'A thread: its root message and replies, oldest first. Pass the id of the root or of any reply.',
    route: { method: 'GET', path: PATHS.thread(':id'), params: { message_id: 'id' } },
  }),
  reads({
    name: 'read_mentions',
    title: 'Read mentions',
    description: 'Messages addressed to you (@mentions and direct messages) with their lead-up context. Resume with since = the newest created_at you handled.',
    route: { method: 'GET', path: PATHS.mentions(), fields: ['since', 'channel_id', 'limit'] },
  }),
  {
    name: 'post_message',
    title: 'Post a message',
    description: 'Posts Markdown in a channel, or as a reply when parent_id names a thread root. @-mentions notify people and summon agents. Send idempotency_key so a retry never posts twice.',
    readOnly: false,
    idempotent: false,
    route: { method: 'POST', path: PATHS.channelMessages(':id'), params: { channel_id: 'id' } },
  },
  reads({
    name: 'search_messages',
    title: 'Search messages',
    description: 'Messages containing the words, newest first, in the channels you can read.',
    route: { method: 'GET', path: PATHS.search() },
  }),
  reads({
    name: 'list_tasks',
    title: 'List tasks',
    description: 'Tasks and epics you can see, by number, optionally filtered.',
    route: { method: 'GET', path: PATHS.tasks() },
  }),
  reads({
    name: 'get_task',
    title: 'Get a task',
    description: 'One task with all its fields (description, assignees, linked pull request).',
    route: { method: 'GET', path: PATHS.action('get_task'), fields: [], rename: { task: 'taskId' } },
    extraInput: { task: id({ description: 'Task id or its T-ref, e.g. "T-12".' }) },
    extraRequired: ['task'],
  }),
  {
    name: 'update_task',
    title: 'Update a task',
    description: 'Changes the given fields of a task; append_note adds a dated line to the description. Fields left out stay as they are.',
    readOnly: false,
    idempotent: false,
    route: {
      method: 'PATCH',
      path: PATHS.task(':id'),
      params: { task: 'id' },
      fields: ['title', 'description', 'status', 'priority', 'labels', 'assignee_user_id', 'assignee_agent_id', 'append_note'],
    },
  },
  {
    name: 'link_pull_request',
    title: 'Link a pull request to a task',
    description: 'Links a pull request to a task (merging it later closes the task). pr_url "" unlinks.',
    readOnly: false,
    idempotent: true,
    route: { method: 'PATCH', path: PATHS.task(':id'), params: { task: 'id' }, fields: ['pr_url', 'pr_number', 'repo_full_name', 'branch'] },
    extraRequired: ['pr_url'],
  },
  reads({
    name: 'list_docs',
    title: 'List docs',
    description: 'Workspace docs and folders (without bodies); q searches titles and bodies.',
    route: { method: 'GET', path: PATHS.docs() },
  }),
  reads({
    name: 'read_doc',
    title: 'Read a doc',
    description: 'One doc with its Markdown body and updated_at (pass updated_at to write_doc).',
    route: { method: 'GET', path: PATHS.doc(':id'), params: { doc_id: 'id' } },
  }),
  {
    name: 'write_doc',
    title: 'Write a doc (compare-and-set)',
    description:
      'Replaces a doc body only if nobody saved it since you read it: expected_updated_at is the updated_at read_doc returned. On conflict, read the doc again, merge your change and write with the new updated_at.',
    readOnly: false,
    idempotent: true,
    route: { method: 'PATCH', path: PATHS.doc(':id'), params: { doc_id: 'id' } },
    extraRequired: ['expected_updated_at'],
  },
  reads({
    name: 'read_run_events',
    title: 'Read run events',
    description:
      "Events of an agent run after a sequence number (tool calls, messages, child runs). Keep nextAfter and call again while hasMore is true. Needs a non-guest member who can read the run's room.",
    route: { method: 'GET', path: PATHS.runEvents(':id'), params: { run_id: 'id' } },
    before: (args, caller) => {
      if (caller.auth.memberKind !== 'agent') return;
      const run = findRun(caller.svc, String(args.run_id));
      // Spec: named-agent replay is refused while the room contains a guest.
      if (run && channelHasGuest(caller.svc, run.channel_id)) {
        throw permissionRequired("A named agent cannot read run events while the run's room contains a guest.", 'Ask a member of the room to read the run, or read it with a personal token.');
      }
    },
  }),
  ...WRITE_TOOLS,
];
