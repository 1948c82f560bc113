// Runs: statuses, the fan-out plan graph, retry.

export type RunStatus = 'queued' | 'running' | 'stopped' | 'succeeded' | 'failed' | 'canceled';
export const SETTLED_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'canceled'];

export interface RunGraphNode {
  run_id: string;
  status: RunStatus;
  started_at: string | null;
  ended_at: string | null;
}

/** Content-free shape of a fan-out plan: ids, statuses, timing only. */
export interface RunGraph {
  manager: RunGraphNode;
  specialists: RunGraphNode[];
}

export interface RetryRunResult {
  ok: true;
  run_id: string;
  status: RunStatus;
}
