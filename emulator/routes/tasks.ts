// Tasks and epics: triage list with filters, create, and validated patches by uuid or T-<n>.
import { CreateTaskInputSchema, CreateTaskResultSchema, PatchTaskInputSchema, PatchTaskResultSchema, TasksQuerySchema, TasksResponseSchema } from '../../shared/contract';
import { LIMITS, PATHS, TASK_KINDS, TASK_STATUSES, type Task, type TaskKind, type TaskStatus } from '../../shared/contract';
import { canRead, getChannel } from '../access';
import { created, ok } from '../dispatch';
import { invalidRequest, notFound, permissionRequired } from '../errors';
import { findTask, taskFromRow, taskRowOf, type RawTask } from '../store/tasks';
import type { AuthContext, EmulatorModule, Services } from '../types';
import { bodyObject, isHttpUrl, likePattern, onlyKeys, queryLimit, requiredString } from '../validate';

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

function nullableString(body: Record<string, unknown>, key: string, example: string): string | null | undefined {
  const v = body[key];
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  if (typeof v !== 'string') throw bad(key, 'must be a string or null', example);
  return v;
}

/** Validates every field first (a 400 changes nothing), then returns the column changes. */
function validateFields(svc: Services, me: AuthContext, body: Record<string, unknown>, self: Task | null): { patch: Patch; note: string | null } {
  const patch: Patch = {};
  if (body.title !== undefined) patch.title = requiredString(body, 'title', { max: 300 });
  if (body.description !== undefined) {
    if (typeof body.description !== 'string') throw bad('description', 'must be a string', 'Markdown text');
    patch.description = body.description;
  }
  if (body.kind !== undefined) {
    if (!TASK_KINDS.includes(body.kind as TaskKind)) throw bad('kind', `must be one of ${TASK_KINDS.join(', ')}`, '"task" or "epic"');
    patch.kind = body.kind as string;
  }
  if (body.status !== undefined) {
    if (!TASK_STATUSES.includes(body.status as TaskStatus)) throw bad('status', `must be one of ${TASK_STATUSES.join(', ')}`, '"doing"');
    patch.status = body.status as string;
  }
  if (body.priority !== undefined) {
    const p = body.priority;
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > 4) throw bad('priority', 'must be an integer from 0 (none) to 4 (low)', '2');
    patch.priority = p;
  }
  if (body.labels !== undefined) {
    if (!Array.isArray(body.labels) || body.labels.some((l) => typeof l !== 'string')) throw bad('labels', 'must be an array of strings', '["bug","search"]');
    patch.labels = JSON.stringify(body.labels);
  }
  const epicId = nullableString(body, 'epic_id', 'the id of an epic');
  if (epicId !== undefined) {
    if (epicId !== null) {
      const epic = findTask(svc, epicId);
      if (!epic || epic.kind !== 'epic' || !visible(svc, me, epic)) throw bad('epic_id', 'does not name an epic you can see', 'the id or T-ref of an epic');
      if (self && epic.id === self.id) throw bad('epic_id', 'cannot be the task itself', 'the id of another epic');
      patch.epic_id = epic.id;
    } else patch.epic_id = null;
  }
  const channelId = nullableString(body, 'channel_id', 'a channel id');
  if (channelId !== undefined) {
    if (channelId !== null) {
      const channel = getChannel(svc, channelId);
      if (!channel || !canRead(svc, me, channel)) throw bad('channel_id', 'does not name a channel you can read', 'an id from GET /api/v1/channels');
    } else if (me.role === 'guest') throw bad('channel_id', 'is required for guests', 'a channel you are a member of');
    patch.channel_id = channelId;
  }
  const userId = nullableString(body, 'assignee_user_id', 'a person id');
  if (userId !== undefined) {
    if (userId !== null && !svc.db.prepare('SELECT 1 FROM people WHERE id = ?').get(userId)) throw bad('assignee_user_id', 'does not name a person of this workspace', 'a person id');
    patch.assignee_user_id = userId;
  }
  const agentId = nullableString(body, 'assignee_agent_id', 'an agent id');
  if (agentId !== undefined) {
    if (agentId !== null && !svc.db.prepare('SELECT 1 FROM agents WHERE id = ?').get(agentId)) throw bad('assignee_agent_id', 'does not name an agent of this workspace', 'an agent id');
    patch.assignee_agent_id = agentId;
  }
  if (body.pr_url !== undefined) {
    const v = body.pr_url;
    if (v === '') patch.pr_url = null;
    else if (typeof v === 'string' && isHttpUrl(v)) patch.pr_url = v;
    else throw invalidRequest('pr_url must be a full http(s) URL, or "" to unlink; the current link was kept.', 'Send e.g. "https://github.com/org/repo/pull/12".');
  }
  if (body.pr_number !== undefined) {
    const v = body.pr_number;
    if (v !== null && (typeof v !== 'number' || !Number.isInteger(v) || v < 1)) throw bad('pr_number', 'must be a positive integer or null', '12');
    patch.pr_number = v as number | null;
  }
  const repo = nullableString(body, 'repo_full_name', '"owner/name"');
  if (repo !== undefined) {
    if (repo !== null && !/^[\w.-]+\/[\w.-]+$/.test(repo)) throw bad('repo_full_name', 'must look like owner/name', '"acme/app"');
    patch.repo_full_name = repo;
  }
  const branch = nullableString(body, 'branch', 'a branch name');
  if (branch !== undefined) patch.branch = branch;
  let note: string | null = null;
  if (body.append_note !== undefined) {
    if (typeof body.append_note !== 'string' || body.append_note.trim() === '') throw bad('append_note', 'must be a non-empty string', '"deployed to staging"');
    note = body.append_note.trim();
  }
  return { patch, note };
}

const PATCH_FIELDS = [
  'title', 'description', 'kind', 'status', 'priority', 'epic_id', 'channel_id', 'labels', 'append_note',
  'assignee_agent_id', 'assignee_user_id', 'pr_url', 'pr_number', 'repo_full_name', 'branch',
] as const;
const CREATE_FIELDS = ['title', 'description', 'kind', 'status', 'priority', 'epic_id', 'channel_id', 'labels'] as const;

function applyPatch(svc: Services, id: string, patch: Patch): void {
  const keys = Object.keys(patch) as (keyof RawTask)[];
  if (keys.length === 0) return;
  svc.db.prepare(`UPDATE tasks SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...patch, id });
}

export const tasksModule: EmulatorModule = {
  name: 'tasks',
  routes: [
    {
      method: 'GET',
      path: PATHS.tasks(),
      summary: 'Compact triage index of tasks and epics', tag: 'tasks', query: TasksQuerySchema, answer: { schema: TasksResponseSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const where: string[] = [];
        const params: unknown[] = [];
        const status = ctx.query.get('status');
        if (status) {
          if (!TASK_STATUSES.includes(status as TaskStatus)) throw invalidRequest(`status must be one of ${TASK_STATUSES.join(', ')}.`, 'Fix the status filter.');
          where.push('status = ?');
          params.push(status);
        }
        const kind = ctx.query.get('kind');
        if (kind) {
          if (!TASK_KINDS.includes(kind as TaskKind)) throw invalidRequest('kind must be task or epic.', 'Fix the kind filter.');
          where.push('kind = ?');
          params.push(kind);
        }
        const assignee = ctx.query.get('assignee');
        if (assignee) {
          const id = assignee === 'me' ? me.personId : assignee;
          where.push('(assignee_user_id = ? OR assignee_agent_id = ?)');
          params.push(id, id);
        }
        const epic = ctx.query.get('epic_id');
        if (epic) {
          const e = findTask(svc, epic);
          where.push('epic_id = ?');
          params.push(e?.id ?? epic);
        }
        const channel = ctx.query.get('channel_id');
        if (channel) {
          where.push('channel_id = ?');
          params.push(channel);
        }
        const q = (ctx.query.get('q') ?? '').trim();
        if (q) {
          where.push("(title LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')");
          params.push(likePattern(q), likePattern(q));
        }
        const limit = queryLimit(ctx, LIMITS.tasksDefault, LIMITS.tasksMax);
        const rows = svc.db.prepare(`SELECT * FROM tasks ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY number`).all(...params) as RawTask[];
        const tasks = rows.map(taskFromRow).filter((t) => visible(svc, me, t)).slice(0, limit);
        return ok({ tasks: tasks.map(taskRowOf) });
      },
    },
    {
      method: 'POST',
      path: PATHS.tasks(),
      summary: 'Create a task or epic', tag: 'tasks', body: CreateTaskInputSchema, answer: { status: 201, schema: CreateTaskResultSchema },
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const body = bodyObject(ctx);
        onlyKeys(body, CREATE_FIELDS);
        requiredString(body, 'title', { max: 300 });
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
    },
    {
      method: 'PATCH',
      path: PATHS.task(':id'),
      summary: 'Update any subset of task fields; answers {ok, number, ref}', tag: 'tasks', params: { id: 'Task uuid or T-<n>' }, body: PatchTaskInputSchema, answer: { schema: PatchTaskResultSchema },
      canonicalParams: (svc, params) => ({ id: findTask(svc, params.id ?? '')?.id ?? params.id ?? '' }),
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const task = requireTask(svc, me, ctx.params.id ?? '');
        const body = bodyObject(ctx);
        onlyKeys(body, PATCH_FIELDS);
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
    },
  ],
};
