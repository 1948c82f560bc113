// Run records.
import type { RunStatus } from '../../shared/contract';
import type { RunRecord } from './records';
import type { Services } from '../types';

export function findRun(svc: Services, id: string): RunRecord | null {
  const row = svc.db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRecord | undefined;
  return row ?? null;
}

export function setRunStatus(svc: Services, id: string, status: RunStatus, at: string): RunRecord | null {
  const settled = ['succeeded', 'failed', 'canceled'].includes(status);
  svc.db
    .prepare(
      `UPDATE runs SET status = ?, started_at = COALESCE(started_at, CASE WHEN ? = 'running' THEN ? END),
       ended_at = CASE WHEN ? THEN ? WHEN ? IN ('running', 'queued') THEN NULL ELSE ended_at END WHERE id = ?`,
    )
    .run(status, status, at, settled ? 1 : 0, at, status, id);
  return findRun(svc, id);
}
