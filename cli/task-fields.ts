// Task flag values checked before sending: statuses, kinds and priorities.
import { TASK_KINDS, TASK_PRIORITY_NAMES, TASK_STATUSES, type TaskKind, type TaskPriority, type TaskStatus } from '../shared/index';
import { usageError } from '../term/cli-error';

export function parseStatus(value: string | undefined): TaskStatus | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase().replace(/[- ]/g, '_');
  if ((TASK_STATUSES as readonly string[]).includes(v)) return v as TaskStatus;
  throw usageError(`'${value}' is not a task status.`, `Use one of: ${TASK_STATUSES.join(', ')}.`);
}

export function parseKind(value: string | undefined): TaskKind | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if ((TASK_KINDS as readonly string[]).includes(v)) return v as TaskKind;
  throw usageError(`'${value}' is not a task kind.`, `Use one of: ${TASK_KINDS.join(', ')}.`);
}

export function parsePriority(value: string | undefined): TaskPriority | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  for (const [n, name] of Object.entries(TASK_PRIORITY_NAMES)) {
    if (v === n || v === name) return Number(n) as TaskPriority;
  }
  throw usageError(`'${value}' is not a priority.`, 'Use 0-4 or none, urgent, high, medium, low.');
}
