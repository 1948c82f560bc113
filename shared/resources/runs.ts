import { PATHS, type RetryRunResult, type RunEventsPage, type RunEventsQuery } from '../contract';
import type { Executor } from '../http/executor';
import type { CallOptions } from '../http/types';
import { checkRunEventsPage } from './page-shape';

export async function runEvents(api: Executor, runId: string, q: RunEventsQuery = {}, opts?: CallOptions): Promise<RunEventsPage> {
  const path = PATHS.runEvents(runId);
  return checkRunEventsPage(api.send({ method: 'GET', path, query: { after: q.after, limit: q.limit }, opts }), path, api.logger);
}

export function retryRun(api: Executor, runId: string, opts?: CallOptions): Promise<RetryRunResult> {
  return api.send({ method: 'POST', path: PATHS.runRetry(runId), body: {}, opts });
}
