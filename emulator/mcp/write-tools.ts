// The write tools an agent asks for most beside posting (issue #43): file a task, add a note to
// one, create a doc, answer in a thread. Each is a REST route run in-process like every tool, so
// its bounds are the route's contract schema, its permissions the token's (a guest or read-only
// token is refused with the service's permission_required), and its idempotency_key the route's
// receipt: the same key and arguments replay the first answer instead of writing twice.
import { id, PATHS } from '../../shared/contract';
import { callRoute } from './call-route';
import type { WorkspaceTool } from './tool-def';

const writes = (tool: Omit<WorkspaceTool, 'readOnly'>): WorkspaceTool => ({ ...tool, readOnly: false });

export const WRITE_TOOLS: readonly WorkspaceTool[] = [
  writes({
    name: 'create_task',
    title: 'Create a task',
    description:
      'Files a task (or an epic with kind "epic") and answers its number and T-ref. Guests must name a channel they are in. Send idempotency_key so a retry never files it twice.',
    idempotent: false,
    route: { method: 'POST', path: PATHS.tasks(), fields: ['title', 'description', 'kind', 'status', 'priority', 'epic_id', 'channel_id', 'labels'] },
  }),
  writes({
    name: 'add_task_note',
    title: 'Add a note to a task',
    description:
      'Appends one dated line to a task\'s description (progress, a finding, a link); nothing else changes. task is its id or T-ref ("T-12"). Send idempotency_key so a retry never adds it twice.',
    idempotent: false,
    route: { method: 'PATCH', path: PATHS.task(':id'), params: { task: 'id' }, fields: ['append_note'], rename: { note: 'append_note' } },
    extraRequired: ['note'],
  }),
  writes({
    name: 'create_doc',
    title: 'Create a doc',
    description:
      'Creates a Markdown doc (in the folder parent_id names, else at the root) and answers its id; change it later with read_doc and write_doc. Guests have no docs. Send idempotency_key so a retry never creates two.',
    idempotent: false,
    route: { method: 'POST', path: PATHS.docs() },
  }),
  writes({
    name: 'reply_in_thread',
    title: 'Reply in a thread',
    description:
      'Posts Markdown as a reply in a thread; thread_id is the id of its root message or of any reply (read_thread, read_mentions and read_channel give them). @-mentions notify people and summon agents. Send idempotency_key so a retry never posts twice.',
    idempotent: false,
    route: { method: 'POST', path: PATHS.channelMessages(':id'), fields: ['body'] },
    extraInput: { thread_id: id({ description: 'The id of the thread root, or of any reply in the thread.' }) },
    extraRequired: ['thread_id'],
    resolvedOnly: ['thread_id'],
    // The thread as the caller may read it (not_found otherwise): its channel and its root.
    resolve: async (args, caller) => {
      const thread = await callRoute(caller, { method: 'GET', path: PATHS.thread(String(args.thread_id)), query: { limit: 1 } });
      const root = (thread.body as { root: { id: string; channel_id: string } }).root;
      return { params: { id: root.channel_id }, fields: { parent_id: root.id } };
    },
  }),
];
