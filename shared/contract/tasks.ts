// Tasks and epics.

import { LIMITS } from './limits';
import { id, limitParameter, nullable, queryParameters, ref, requestBody, requiredText, stringEnum, text, timestamp, Type, type Static } from './schema-kit';
import { TASK_STATUSES, TASK_KINDS, type TaskPriority } from './values';

export const TaskStatusSchema = stringEnum(TASK_STATUSES, { $id: 'TaskStatus' });
export const TaskKindSchema = stringEnum(TASK_KINDS, { $id: 'TaskKind' });
export const TaskPrioritySchema = Type.Unsafe<TaskPriority>({
  type: 'integer',
  minimum: 0,
  maximum: 4,
  $id: 'TaskPriority',
  description: '0 none, 1 urgent, 2 high, 3 medium, 4 low.',
});

/** A task's fields as the triage index shows them. */
const taskRowFields = {
  id: Type.String(),
  number: Type.Integer(),
  ref: Type.String({ pattern: '^T-\\d+$', description: '`T-<number>`.', examples: ['T-42'] }),
  title: Type.String(),
  kind: ref(TaskKindSchema),
  status: ref(TaskStatusSchema),
  priority: ref(TaskPrioritySchema),
  epic_id: nullable(Type.String()),
  channel_id: nullable(Type.String()),
  labels: Type.Array(Type.String()),
  assignee_user_id: nullable(Type.String()),
  assignee_agent_id: nullable(Type.String()),
  pr_url: nullable(Type.String()),
  updated_at: timestamp(),
};

export const TaskRowSchema = Type.Object(taskRowFields, { $id: 'TaskRow' });
export type TaskRow = Static<typeof TaskRowSchema>;

export const TaskSchema = Type.Object(
  {
    ...taskRowFields,
    description: Type.String(),
    pr_number: nullable(Type.Integer()),
    repo_full_name: nullable(Type.String()),
    branch: nullable(Type.String()),
    created_at: timestamp(),
  },
  { $id: 'Task' },
);
export type Task = Static<typeof TaskSchema>;

export const TasksResponseSchema = Type.Object({ tasks: Type.Array(ref(TaskRowSchema)) }, { $id: 'TasksResponse' });
export type TasksResponse = Static<typeof TasksResponseSchema>;

/** get_task's output: the task under `task`. */
export const TaskResultSchema = Type.Object({ task: ref(TaskSchema) }, { $id: 'TaskResult' });
export type TaskResult = Static<typeof TaskResultSchema>;

export const TasksQuerySchema = queryParameters(
  {
    status: Type.Optional(ref(TaskStatusSchema)),
    assignee: Type.Optional(id({ description: "'me' or a user or agent id." })),
    epic_id: Type.Optional(id()),
    channel_id: Type.Optional(id()),
    kind: Type.Optional(ref(TaskKindSchema)),
    q: Type.Optional(text(LIMITS.queryTextMax, { description: 'Text over title and description.' })),
    limit: Type.Optional(limitParameter(LIMITS.tasksDefault, LIMITS.tasksMax)),
  },
  { $id: 'TasksQuery' },
);
export type TasksQuery = Static<typeof TasksQuerySchema>;

const labels = Type.Array(requiredText(LIMITS.labelMax, { examples: ['bug'] }), { maxItems: LIMITS.labelsMax });

export const CreateTaskInputSchema = requestBody(
  {
    title: requiredText(LIMITS.taskTitleMax),
    description: Type.Optional(text(LIMITS.taskDescriptionMax)),
    kind: Type.Optional(ref(TaskKindSchema)),
    status: Type.Optional(ref(TaskStatusSchema)),
    priority: Type.Optional(ref(TaskPrioritySchema)),
    epic_id: Type.Optional(id()),
    channel_id: Type.Optional(id()),
    labels: Type.Optional(labels),
  },
  { $id: 'CreateTaskInput' },
);
export type CreateTaskInput = Static<typeof CreateTaskInputSchema>;

export const CreateTaskResultSchema = Type.Object({ id: Type.String(), number: Type.Integer(), ref: Type.String() }, { $id: 'CreateTaskResult' });
export type CreateTaskResult = Static<typeof CreateTaskResultSchema>;

export const PatchTaskInputSchema = requestBody(
  {
    title: Type.Optional(requiredText(LIMITS.taskTitleMax)),
    description: Type.Optional(text(LIMITS.taskDescriptionMax)),
    kind: Type.Optional(ref(TaskKindSchema)),
    status: Type.Optional(ref(TaskStatusSchema)),
    priority: Type.Optional(ref(TaskPrioritySchema)),
    epic_id: Type.Optional(nullable(id())),
    channel_id: Type.Optional(nullable(id())),
    labels: Type.Optional(labels),
    append_note: Type.Optional(requiredText(LIMITS.taskNoteMax)),
    assignee_agent_id: Type.Optional(nullable(id())),
    assignee_user_id: Type.Optional(nullable(id())),
    pr_url: Type.Optional(text(LIMITS.urlMax, { description: "Full http(s) URL; '' unlinks; anything else is refused and the link is kept." })),
    pr_number: Type.Optional(nullable(Type.Integer({ minimum: 1 }))),
    repo_full_name: Type.Optional(nullable(text(LIMITS.repoNameMax))),
    branch: Type.Optional(nullable(text(LIMITS.branchMax))),
  },
  { $id: 'PatchTaskInput' },
);
export type PatchTaskInput = Static<typeof PatchTaskInputSchema>;

export const PatchTaskResultSchema = Type.Object({ ok: Type.Literal(true), number: Type.Integer(), ref: Type.String() }, { $id: 'PatchTaskResult' });
export type PatchTaskResult = Static<typeof PatchTaskResultSchema>;

