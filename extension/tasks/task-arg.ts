// Which task a Tasks command acts on: a tree node, a TaskRow, or a ref/id string (from other tools).
import type { TaskRow } from '../../shared/index';
import type { TaskNode } from './tasks-tree';

export async function taskOf(arg: unknown, list: () => Promise<TaskRow[]>): Promise<TaskRow | undefined> {
  if (typeof arg === 'object' && arg !== null) {
    const node = arg as Partial<TaskNode> & Partial<TaskRow>;
    if (node.kind === 'task' && 'task' in node && node.task) return node.task;
    if (typeof node.ref === 'string' && typeof node.id === 'string') return node as TaskRow;
  }
  if (typeof arg === 'string') return (await list()).find((t) => t.ref === arg || t.id === arg);
  return undefined;
}
