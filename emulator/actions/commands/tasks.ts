// Task detail, deletion and assignment. A task filed in a room the caller cannot read is 404.
import { COMMANDS, type Task } from '../../../shared/contract';
import { invalidRequest, notFound } from '../../errors';
import { findTask } from '../../store/tasks';
import { findAgent, findPerson, readableChannel, str, type CommandContext, type CommandHandler } from '../command';

function visibleTask(c: CommandContext, idOrRef: string): Task {
  const task = findTask(c.svc, idOrRef);
  const hint = 'Check the id or T-ref; GET /api/v1/tasks lists tasks.';
  if (!task) throw notFound('Task', hint);
  if (task.channel_id) {
    try {
      readableChannel(c, task.channel_id);
    } catch {
      throw notFound('Task', hint);
    }
  }
  return task;
}

const getTask: CommandHandler = (c) => ({ task: visibleTask(c, str(c.input, 'taskId')) });

const deleteTask: CommandHandler = (c) => {
  const task = visibleTask(c, str(c.input, 'taskId'));
  c.svc.db.prepare('UPDATE tasks SET epic_id = NULL WHERE epic_id = ?').run(task.id);
  c.svc.db.prepare('DELETE FROM tasks WHERE id = ?').run(task.id);
  return { deleted: true, id: task.id, ref: task.ref };
};

const assignTask: CommandHandler = (c) => {
  const { svc, input } = c;
  const task = visibleTask(c, str(input, 'taskId'));
  if (input.assigneeUserId === undefined && input.assigneeAgentId === undefined) {
    throw invalidRequest('Nothing to assign.', 'Send assigneeUserId and/or assigneeAgentId (null clears).');
  }
  let user = task.assignee_user_id;
  let agent = task.assignee_agent_id;
  if (input.assigneeUserId !== undefined) {
    user = (input.assigneeUserId as string | null) ?? null;
    if (user !== null && !findPerson(svc, user)) throw notFound('Person', 'Send the id of a workspace member.');
  }
  if (input.assigneeAgentId !== undefined) {
    agent = (input.assigneeAgentId as string | null) ?? null;
    if (agent !== null && !findAgent(svc, agent)) throw notFound('Agent', 'Send the id of a workspace agent.');
  }
  svc.db.prepare('UPDATE tasks SET assignee_user_id = ?, assignee_agent_id = ?, updated_at = ? WHERE id = ?').run(user, agent, svc.nextTimestamp(), task.id);
  return { number: task.number, ref: task.ref, assignee_user_id: user, assignee_agent_id: agent };
};

export const taskCommands: Record<string, CommandHandler> = {
  [COMMANDS.getTask]: getTask,
  [COMMANDS.deleteTask]: deleteTask,
  [COMMANDS.assignTask]: assignTask,
};
