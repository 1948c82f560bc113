import type { WscServices } from '../context';

export interface TasksFeature {
  readonly ready: true;
}

export function registerTasks(_services: WscServices): TasksFeature {
  return { ready: true };
}
