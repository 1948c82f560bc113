/**
 * A watched run's events as inbox items: it settled (succeeded, failed, canceled) or it stopped
 * and waits for someone (a durable run continues from where it stopped when retried).
 */
import type { RunEvent } from '../contract';
import type { InboxArrival } from './inbox-item';
import type { WatchedRun } from './inbox-store';

export interface RunOutcome {
  readonly arrivals: InboxArrival[];
  readonly settled: boolean;
}

const str = (p: unknown, key: string): string => {
  const v = typeof p === 'object' && p !== null ? (p as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : '';
};

export function runOutcome(run: WatchedRun, events: readonly RunEvent[]): RunOutcome {
  const arrivals: InboxArrival[] = [];
  let settled = false;
  const base = (id: string, title: string, at: string): InboxArrival => ({
    id,
    source: 'run',
    title,
    where: run.title,
    at,
    target: { kind: 'run', runId: run.runId },
    ...(run.taskRef ? { taskRef: run.taskRef } : {}),
  });
  for (const e of events) {
    if (e.name === 'run.settled') {
      settled = true;
      const status = str(e.payload, 'status') || 'settled';
      const summary = str(e.payload, 'summary');
      arrivals.push(base(`run:${run.runId}:settled`, `Run ${status}${summary ? `: ${summary}` : ''}`, e.at));
    } else if (e.name === 'run.stopped') {
      const reason = str(e.payload, 'reason');
      arrivals.push(base(`run:${run.runId}:waiting`, `Run stopped and waits for you${reason ? `: ${reason}` : ''} (retry continues it)`, e.at));
    } else if (e.name === 'review.submitted' && str(e.payload, 'verdict') === 'changes_requested') {
      arrivals.push(base(`run:${run.runId}:waiting`, `Review asks for changes${str(e.payload, 'summary') ? `: ${str(e.payload, 'summary')}` : ''}`, e.at));
    }
  }
  return { arrivals, settled };
}

/** The item for a run that can no longer be read (deleted, or no longer shared with me). */
export function runGoneArrival(run: WatchedRun, at: string): InboxArrival {
  return {
    id: `run:${run.runId}:gone`,
    source: 'run',
    title: 'Run no longer readable (deleted, or no longer shared with you)',
    where: run.title,
    at,
    target: { kind: 'run', runId: run.runId },
    gone: true,
    ...(run.taskRef ? { taskRef: run.taskRef } : {}),
  };
}
