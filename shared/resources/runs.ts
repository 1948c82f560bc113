import { PATHS, type RetryRunResult, type RunEventsPage, type RunEventsQuery } from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';

export function runEvents(api: Executor, runId: string, q: RunEventsQuery = {}, opts?: CallOptions): Promise<RunEventsPage> {
  return api.send({ method: 'GET', path: PATHS.runEvents(runId), query: { after: q.after, limit: q.limit }, opts });
}

export function retryRun(api: Executor, runId: string, opts?: CallOptions): Promise<RetryRunResult> {
  return api.send({ method: 'POST', path: PATHS.runRetry(runId), body: {}, opts });
}
