// Run event replay (seq cursor, 128 KiB page budget, withheld marker, known:false) and retry.
import { RetryRunResultSchema, RunEventsPageSchema, RunEventsQuerySchema } from '../../shared/contract';
import { KNOWN_RUN_EVENTS, LIMITS, PATHS, WITHHELD_MARKER, type Redaction, type RunEvent, type RunEventsPage } from '../../shared/contract';
import { canRead, getChannel } from '../access';
import { isAdminRole, requireAdmin } from '../auth';
import { ok } from '../dispatch';
import { conflict, notFound, permissionRequired } from '../errors';
import { appendRunEvents } from '../fixture';
import type { RunRecord } from '../store/records';
import { findRun, setRunStatus } from '../store/runs';
import { route } from '../route';
import type { AuthContext, EmulatorModule, Services } from '../types';
import { shortLimit } from '../variants';

interface RawEvent {
  seq: number;
  name: string;
  version: number;
  runtime: string;
  lane: string;
  at: string;
  redaction: string | null;
  payload: string;
}

/** The run when its room is readable (else 404) and the caller is not a guest (else 403). */
function requireRunReader(svc: Services, me: AuthContext, id: string): RunRecord {
  const run = findRun(svc, id);
  const channel = run ? getChannel(svc, run.channel_id) : null;
  if (!run || !channel || !canRead(svc, me, channel)) throw notFound('Run', "Check the run id; you need to be able to read the run's room.");
  if (me.role === 'guest') throw permissionRequired('Guests cannot read run events.', 'Ask a workspace member of the room to share what the run did.');
  return run;
}

function toEvent(r: RawEvent): RunEvent {
  return {
    seq: r.seq,
    name: r.name,
    version: r.version,
    runtime: r.runtime,
    lane: r.lane,
    at: r.at,
    known: KNOWN_RUN_EVENTS[r.name] === r.version,
    redaction: (r.redaction as Redaction) ?? null,
    payload: JSON.parse(r.payload) as unknown,
  };
}

/** Positions already answered once with an empty page (the empty-event-pages variant). */
const emptiedOnce = new WeakMap<Services, Set<string>>();

function answerEmptyFirst(svc: Services, runId: string, after: number): boolean {
  if (!svc.variant.has('empty-event-pages')) return false;
  let seen = emptiedOnce.get(svc);
  if (!seen) emptiedOnce.set(svc, (seen = new Set()));
  const key = `${runId}:${after}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

export function readEventsPage(svc: Services, runId: string, after: number, requestedLimit: number): RunEventsPage {
  const limit = shortLimit(svc.variant, requestedLimit);
  const rows = svc.db.prepare('SELECT * FROM run_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?').all(runId, after, limit + 1) as RawEvent[];
  if (rows.length > 0 && answerEmptyFirst(svc, runId, after)) return { events: [], nextAfter: after, hasMore: true };
  const budget = LIMITS.runEventsPageBytes;
  // Size of the envelope around the events, with generous room for nextAfter/hasMore digits.
  const overhead = Buffer.byteLength(JSON.stringify({ events: [], nextAfter: Number.MAX_SAFE_INTEGER, hasMore: false }));
  let size = overhead;
  const events: RunEvent[] = [];
  let cut = false;
  for (const row of rows.slice(0, limit)) {
    let event = toEvent(row);
    let bytes = Buffer.byteLength(JSON.stringify(event));
    if (overhead + bytes > budget) {
      // Too large even alone: keep the envelope, withhold the payload (in place, not on a page of its own).
      event = { ...event, redaction: 'withheld', payload: { withheld: WITHHELD_MARKER } };
      bytes = Buffer.byteLength(JSON.stringify(event));
    }
    const separator = events.length > 0 ? 1 : 0;
    if (size + separator + bytes > budget) {
      cut = true;
      break;
    }
    events.push(event);
    size += separator + bytes;
  }
  const last = events.at(-1)?.seq;
  return { events, nextAfter: last ?? after, hasMore: cut || rows.length > events.length };
}

export const runsModule: EmulatorModule = {
  name: 'runs',
  routes: [
    route({
      method: 'GET',
      path: PATHS.runEvents(':id'),
      summary: 'Run event ledger after a sequence cursor', tag: 'runs', params: { id: 'Run id' }, query: RunEventsQuerySchema, queryDefaults: { after: 0, limit: LIMITS.runEventsDefault }, answer: { schema: RunEventsPageSchema },
      handler: (ctx) => {
        const run = requireRunReader(ctx.svc, ctx.who(), ctx.params.id ?? '');
        return ok(readEventsPage(ctx.svc, run.id, ctx.query.after, ctx.query.limit));
      },
    }),
    {
      method: 'POST',
      path: PATHS.runRetry(':id'),
      summary: 'Continue a stopped durable run (requester or admin)', tag: 'runs', params: { id: 'Run id' }, answer: { schema: RetryRunResultSchema }, errors: [409],
      confirmation: true,
      handler: (ctx) => {
        const { svc } = ctx;
        const me = ctx.who();
        const run = requireRunReader(svc, me, ctx.params.id ?? '');
        if (run.requester_id !== me.personId) {
          if (!isAdminRole(me.role)) throw permissionRequired('Only the person who started the run or an admin can retry it.', 'Ask the requester or a workspace admin to retry the run.');
          requireAdmin(me);
        }
        if (run.status !== 'stopped') {
          throw conflict(`The run is ${run.status}; only a stopped run can be retried.`, 'Wait until the run stops, or start a new run.');
        }
        const updated = setRunStatus(svc, run.id, 'running', svc.nextTimestamp()) ?? run;
        const seqs = appendRunEvents(svc, run.id, [{ name: 'run.resumed', runtime: 'hosted', lane: 'main', payload: {} }]);
        svc.bus.emit('run.events', { run: updated, seqs });
        return ok({ ok: true, run_id: run.id, status: 'running' });
      },
    },
  ],
};
