// Filters GET /tasks does not take (the spec lists status, assignee, epic, channel, kind and text):
// priority and labels, applied to the rows it returned.
import type { TaskPriority, TaskRow } from '../contract';

export interface TaskFieldFilter {
  priority?: TaskPriority;
  /** Every one of these labels (case-insensitive). */
  labels?: readonly string[];
}

export function hasTaskFieldFilter(filter: TaskFieldFilter): boolean {
  return filter.priority !== undefined || (filter.labels?.length ?? 0) > 0;
}

export function matchesTaskFields(task: Pick<TaskRow, 'priority' | 'labels'>, filter: TaskFieldFilter): boolean {
  if (filter.priority !== undefined && task.priority !== filter.priority) return false;
  const have = new Set(task.labels.map((l) => l.toLowerCase()));
  return (filter.labels ?? []).every((l) => have.has(l.toLowerCase()));
}
