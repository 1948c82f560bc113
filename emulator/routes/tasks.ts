// Tasks and epics: triage list with filters, create, and validated patches by uuid or T-<n>.
import { CreateTaskInputSchema, CreateTaskResultSchema, PatchTaskInputSchema, PatchTaskResultSchema, TasksQuerySchema, TasksResponseSchema } from '../../shared/contract';
import { LIMITS, PATHS, type PatchTaskInput, type Task } from '../../shared/contract';
import { canRead, getChannel } from '../access';
import { created, ok } from '../dispatch';
import { invalidRequest, notFound, permissionRequired } from '../errors';
import { findTask, taskFromRow, taskRowOf, type RawTask } from '../store/tasks';
import { route } from '../route';
import type { AuthContext, EmulatorModule, Services } from '../types';
import { isHttpUrl, likePattern } from '../validate';

/** A task is visible when it has no channel (non-guests only) or its channel is readable. */
function visible(svc: Services, me: AuthContext, task: Task): boolean {
  if (!task.channel_id) return me.role !== 'guest';
  const channel = getChannel(svc, task.channel_id);
  return channel !== null && canRead(svc, me, channel);
}

function requireTask(svc: Services, me: AuthContext, idOrRef: string): Task {
  const task = findTask(svc, idOrRef);
  if (!task || !visible(svc, me, task)) throw notFound('Task', 'Check the id or T-ref (GET /api/v1/tasks lists the tasks you can see).');
  return task;
}

const bad = (field: string, what: string, example: string) => invalidRequest(`${field} ${what}.`, `Send ${field} as ${example}, or leave it out.`);

type Patch = Partial<Record<keyof RawTask, string | number | null>>;

/** An id field: undefined when left out, null when cleared (null or ''). */
function nullableId(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : value === null || value === '' ? null : value;
}

/**
 * The route's schema has checked each field's type, range and form before the handler runs; this
 * checks what a schema cannot (the epic, channel and assignees exist and are visible, the PR link
 * is a URL, the repository names owner/name), all before any change (a 400 changes nothing), and
 * returns the column changes.
 */
function validateFields(svc: Services, me: AuthContext, body: PatchTaskInput, self: Task | null): { patch: Patch; note: string | null } {
  const patch: Patch = {};
  if (body.title !== undefined) patch.title = body.title;
  if (body.description !== undefined) patch.description = body.description;
  if (body.kind !== undefined) patch.kind = body.kind;
  if (body.status !== undefined) patch.status = body.status;
  if (body.priority !== undefined) patch.priority = body.priority;
  if (body.labels !== undefined) patch.labels = JSON.stringify(body.labels);
  const epicId = nullableId(body.epic_id);
  if (epicId !== undefined) {
    if (epicId !== null) {
      const epic = findTask(svc, epicId);
      if (!epic || epic.kind !== 'epic' || !visible(svc, me, epic)) throw bad('epic_id', 'does not name an epic you can see', 'the id or T-ref of an epic');
      if (self && epic.id === self.id) throw bad('epic_id', 'cannot be the task itself', 'the id of another epic');
      patch.epic_id = epic.id;
    } else patch.epic_id = null;
  }
  const channelId = nullableId(body.channel_id);
  if (channelId !== undefined) {
    if (channelId !== null) {
      const channel = getChannel(svc, channelId);
      if (!channel || !canRead(svc, me, channel)) throw bad('channel_id', 'does not name a channel you can read', 'an id from GET /api/v1/channels');
    } else if (me.role === 'guest') throw bad('channel_id', 'is required for guests', 'a channel you are a member of');
    patch.channel_id = channelId;
  }
  const userId = nullableId(body.assignee_user_id);
  if (userId !== undefined) {
    if (userId !== null && !svc.db.prepare('SELECT 1 FROM people WHERE id = ?').get(userId)) throw bad('assignee_user_id', 'does not name a person of this workspace', 'a person id');
    patch.assignee_user_id = userId;
  }
  const agentId = nullableId(body.assignee_agent_id);
  if (agentId !== undefined) {
    if (agentId !== null && !svc.db.prepare('SELECT 1 FROM agents WHERE id = ?').get(agentId)) throw bad('assignee_agent_id', 'does not name an agent of this workspace', 'an agent id');
    patch.assignee_agent_id = agentId;
  }
  if (body.pr_url !== undefined) {
    if (body.pr_url === '') patch.pr_url = null;
    else if (isHttpUrl(body.pr_url)) patch.pr_url = body.pr_url;
    else throw invalidRequest('pr_url must be a full http(s) URL, or "" to unlink; the current link was kept.', 'Send e.g. "https://github.com/org/repo/pull/12".');
  }
  if (body.pr_number !== undefined) patch.pr_number = body.pr_number;
  const repo = body.repo_full_name === '' ? null : body.repo_full_name;
  if (repo !== undefined) {
    if (repo !== null && !/^[\w.-]+\/[\w.-]+$/.test(repo)) throw bad('repo_full_name', 'must look like owner/name', '"acme/app"');
    patch.repo_full_name = repo;
  }
  if (body.branch !== undefined) patch.branch = body.branch === '' ? null : body.branch;
  const note = body.append_note === undefined ? null : body.append_note.trim();
  return { patch, note };
}

function applyPatch(svc: Services, id: string, patch: Patch): void {
  const keys = Object.keys(patch) as (keyof RawTask)[];
  if (keys.length === 0) return;
  svc.db.prepare(`UPDATE tasks SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...patch, id });
}

export const tasksModule: EmulatorModule = {
  name: 'tasks',
  routes: [
    route({
      method: 'GET',
      path: PATHS.tasks(),
      summary: 'Compact triage index of tasks and epics', tag: 'tasks', query: TasksQuerySchema, queryDefaults: { limit: LIMITS.tasksDefault }, answer: { schema: TasksResponseSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const where: string[] = [];
        const params: unknown[] = [];
        const status = ctx.query.status;
        if (status) {
          where.push('status = ?');
          params.push(status);
        }
        const kind = ctx.query.kind;
        if (kind) {
          where.push('kind = ?');
          params.push(kind);
        }
        const assignee = ctx.query.assignee;
        if (assignee) {
          const id = assignee === 'me' ? me.personId : assignee;
          where.push('(assignee_user_id = ? OR assignee_agent_id = ?)');
          params.push(id, id);
        }
        const epic = ctx.query.epic_id;
        if (epic) {
          const e = findTask(svc, epic);
          where.push('epic_id = ?');
          params.push(e?.id ?? epic);
        }
        const channel = ctx.query.channel_id;
        if (channel) {
          where.push('channel_id = ?');
          params.push(channel);
        }
        const q = (ctx.query.q ?? '').trim();
        if (q) {
          where.push("(title LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')");
          params.push(likePattern(q), likePattern(q));
        }
        const { limit } = ctx.query;
        // Rows are read one at a time and the read stops at `limit` visible ones, each channel's
        // readability decided once: a workspace of 20,000 tasks answers its first 500 without
        // reading (or checking) the rest.
        const readable = new Map<string | null, boolean>();
        const tasks: Task[] = [];
        const rows = svc.db.prepare(`SELECT * FROM tasks ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY number`).iterate(...params) as IterableIterator<RawTask>;
        for (const row of rows) {
          let canSee = readable.get(row.channel_id);
          if (canSee === undefined) {
            canSee = visible(svc, me, taskFromRow(row));
            readable.set(row.channel_id, canSee);
          }
          if (!canSee) continue;
          tasks.push(taskFromRow(row));
          if (tasks.length >= limit) break;
        }
        return ok({ tasks: tasks.map(taskRowOf) });
      },
    }),
    route({
      method: 'POST',
      path: PATHS.tasks(),
      summary: 'Create a task or epic', tag: 'tasks', body: CreateTaskInputSchema, answer: { status: 201, schema: CreateTaskResultSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const body = ctx.body;
        const { patch } = validateFields(svc, me, body, null);
        if (me.role === 'guest' && !patch.channel_id) throw permissionRequired('Guests can create tasks only in a channel they are a member of.', 'Send channel_id of a channel you are in.');
        const id = svc.newId();
        const number = ((svc.db.prepare('SELECT MAX(number) AS n FROM tasks').get() as { n: number | null }).n ?? 0) + 1;
        const now = svc.nextTimestamp();
        svc.db.prepare("INSERT INTO tasks (id, number, title, kind, status, created_at, updated_at) VALUES (?, ?, '', 'task', 'todo', ?, ?)").run(id, number, now, now);
        applyPatch(svc, id, patch);
        const task = findTask(svc, id);
        if (task?.status === 'done') svc.bus.emit('task.completed', { task });
        return created({ id, number, ref: `T-${number}` });
      },
    }),
    route({
      method: 'PATCH',
      path: PATHS.task(':id'),
      summary: 'Update any subset of task fields; answers {ok, number, ref}', tag: 'tasks', params: { id: 'Task uuid or T-<n>' }, body: PatchTaskInputSchema, answer: { schema: PatchTaskResultSchema },
      canonicalParams: (svc, params) => ({ id: findTask(svc, params.id ?? '')?.id ?? params.id ?? '' }),
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const task = requireTask(svc, me, ctx.params.id ?? '');
        const body = ctx.body;
        const { patch, note } = validateFields(svc, me, body, task);
        if (note !== null) {
          const base = (patch.description as string | undefined) ?? task.description;
          const line = `- ${new Date(svc.clock.nowMs()).toISOString().slice(0, 10)}: ${note}`;
          patch.description = base === '' ? line : `${base}${base.endsWith('\n') ? '' : '\n'}${line}`;
        }
        patch.updated_at = svc.nextTimestamp();
        applyPatch(svc, task.id, patch);
        const after = findTask(svc, task.id);
        if (after && after.status === 'done' && task.status !== 'done') svc.bus.emit('task.completed', { task: after });
        return ok({ ok: true, number: task.number, ref: task.ref });
      },
    }),
  ],
};
