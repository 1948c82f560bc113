// approve_dispatch: a person approves an agent dispatch that an automation proposed (ask_agent).
// Approval starts the agent's run; the person who approves is its requester (an automation never
// spends). The run itself is driven after commit by the agent simulator (emulator/demo/agent.ts).
import { COMMANDS, taskRef } from '../../../shared/contract';
import { conflict, notFound } from '../../errors';
import { findTask } from '../../store/tasks';
import type { Services } from '../../types';
import { readableChannel, str, type CommandHandler } from '../command';

export interface DispatchRow {
  id: string;
  automation_id: string | null;
  channel_id: string;
  agent_id: string;
  task_id: string;
  prompt: string;
  proposal_message_id: string | null;
  status: 'proposed' | 'approved';
  approved_by: string | null;
  run_id: string | null;
  created_at: string;
  approved_at: string | null;
}

type DispatchStarter = (dispatch: DispatchRow) => void;
const starters = new WeakMap<Services, DispatchStarter>();

/** The agent simulator registers here: it plays an approved dispatch's run once the approval commits. */
export function setDispatchStarter(svc: Services, starter: DispatchStarter | null): void {
  if (starter) starters.set(svc, starter);
  else starters.delete(svc);
}

const approveDispatch: CommandHandler = (c) => {
  const { svc, who } = c;
  const hint = 'Check the dispatchId in the proposal message of the automation.';
  const row = svc.db.prepare('SELECT * FROM dispatches WHERE id = ?').get(str(c.input, 'dispatchId')) as DispatchRow | undefined;
  if (!row) throw notFound('Dispatch', hint);
  try {
    readableChannel(c, row.channel_id);
  } catch {
    throw notFound('Dispatch', hint);
  }
  if (row.status !== 'proposed') throw conflict('This dispatch was already approved.', `Follow its run instead: GET /api/v1/runs/${row.run_id ?? '{id}'}/events.`);
  const runId = svc.newId();
  const now = svc.nextTimestamp();
  svc.db
    .prepare("INSERT INTO runs (id, channel_id, requester_id, agent_id, status, started_at, ended_at) VALUES (?, ?, ?, ?, 'queued', NULL, NULL)")
    .run(runId, row.channel_id, who.personId, row.agent_id);
  svc.db.prepare("UPDATE dispatches SET status = 'approved', approved_by = ?, run_id = ?, approved_at = ? WHERE id = ?").run(who.personId, runId, now, row.id);
  svc.db.prepare("UPDATE tasks SET assignee_agent_id = ?, status = CASE WHEN status IN ('backlog','todo') THEN 'doing' ELSE status END, updated_at = ? WHERE id = ?").run(row.agent_id, now, row.task_id);
  const approved: DispatchRow = { ...row, status: 'approved', approved_by: who.personId, run_id: runId, approved_at: now };
  const hook = starters.get(svc);
  // After the surrounding transaction: the run exists only if the approval committed.
  if (hook) setImmediate(() => hook(approved));
  const task = findTask(svc, row.task_id);
  return { dispatch: { id: row.id, status: 'approved', runId, agentId: row.agent_id, taskRef: task ? task.ref : taskRef(0) } };
};

export const dispatchCommands: Record<string, CommandHandler> = { [COMMANDS.approveDispatch]: approveDispatch };
