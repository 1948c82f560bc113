// The tasks filter typed after `f`: `mine epic:T-3 channel:general kind:epic status:doing free text`.
import { TASK_KINDS, TASK_STATUSES, type Channel, type TaskKind, type TaskStatus, type TasksQuery } from '../shared/index';

export interface TaskFilter {
  mine: boolean;
  epic: string | null;
  channel: string | null;
  kind: TaskKind | null;
  status: TaskStatus | null;
  text: string;
}

export const NO_FILTER: TaskFilter = { mine: false, epic: null, channel: null, kind: null, status: null, text: '' };

export function parseTaskFilter(input: string): TaskFilter {
  const f: TaskFilter = { ...NO_FILTER };
  const words: string[] = [];
  for (const token of input.trim().split(/\s+/).filter(Boolean)) {
    const [name, ...rest] = token.split(':');
    const value = rest.join(':');
    if (token === 'mine') f.mine = true;
    else if (name === 'epic' && value) f.epic = value;
    else if (name === 'channel' && value) f.channel = value.replace(/^#/, '');
    else if (name === 'kind' && (TASK_KINDS as readonly string[]).includes(value)) f.kind = value as TaskKind;
    else if (name === 'status' && (TASK_STATUSES as readonly string[]).includes(value)) f.status = value as TaskStatus;
    else words.push(token);
  }
  f.text = words.join(' ');
  return f;
}

export function formatTaskFilter(f: TaskFilter): string {
  return [f.mine ? 'mine' : '', f.epic ? `epic:${f.epic}` : '', f.channel ? `channel:${f.channel}` : '', f.kind ? `kind:${f.kind}` : '', f.status ? `status:${f.status}` : '', f.text]
    .filter(Boolean)
    .join(' ');
}

/** The service query (no limit: the whole list is asked at the service's most); epic refs and channel names are resolved by the caller's lists. */
export function taskQuery(f: TaskFilter, channels: readonly Channel[], epicIdOf: (ref: string) => string | undefined): TasksQuery {
  const q: TasksQuery = {};
  if (f.mine) q.assignee = 'me';
  if (f.kind) q.kind = f.kind;
  if (f.status) q.status = f.status;
  if (f.text) q.q = f.text;
  if (f.channel) q.channel_id = channels.find((c) => c.name === f.channel || c.id === f.channel)?.id ?? f.channel;
  if (f.epic) q.epic_id = epicIdOf(f.epic) ?? f.epic;
  return q;
}
