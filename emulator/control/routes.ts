// The control API for tests, benchmarks and the demo: loopback only, with this run's key
// (control/access.ts), never under /api.
import { OPEN_TASK_STATUSES, SETTLED_RUN_STATUSES, type RunStatus, type Task } from '../../shared/contract';
import { dumpAll } from '../db';
import { ok } from '../dispatch';
import { invalidRequest, notFound } from '../errors';
import type { FaultSpec } from '../faults';
import { PATH_PATTERN_MAX } from '../path-glob';
import { requireControlAccess } from './access';
import { appendRunEvents, type FixtureRunEvent } from '../fixture';
import { startFixture } from '../start-fixture';
import { findRun, setRunStatus } from '../store/runs';
import { taskFromRow, type RawTask } from '../store/tasks';
import type { EmulatorModule, RequestContext, Route } from '../types';

function body(ctx: RequestContext): Record<string, unknown> {
  const b = ctx.body ?? {};
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw invalidRequest('The body must be a JSON object.', 'Send a JSON object.');
  return b as Record<string, unknown>;
}

/** One call moves the clock at most ten years; timestamps stay four-digit years. */
const MAX_CLOCK_ADVANCE_MS = 10 * 365 * 24 * 3600 * 1000;
const MAX_CLOCK_TIME_MS = Date.UTC(9999, 0, 1);

function prUrl(ctx: RequestContext): string {
  const url = body(ctx).pr_url;
  if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url)) throw invalidRequest('pr_url must be a full http(s) URL.', 'Send {"pr_url":"https://github.com/org/repo/pull/1"}.');
  return url;
}

const control = (method: 'GET' | 'POST', path: string, handler: Route['handler']): Route => ({
  method,
  path: `/_emulator${path}`,
  auth: 'none',
  mutation: false,
  internal: true,
  handler: (ctx) => {
    requireControlAccess(ctx, ctx.svc.control.key);
    return handler(ctx);
  },
});

export const controlModule: EmulatorModule = {
  name: 'control',
  routes: [
    control('POST', '/reset', (ctx) => {
      const fixture = body(ctx).fixture ?? startFixture(ctx.svc.options);
      try {
        ctx.svc.control.reset(fixture as Parameters<typeof ctx.svc.control.reset>[0]);
      } catch (error) {
        throw invalidRequest(error instanceof Error ? error.message : 'The fixture could not be loaded.', 'Fix the fixture (see design.md "Fixture") and reset again.');
      }
      return ok({ ok: true });
    }),
    control('POST', '/pull-requests/merged', (ctx) => {
      const url = prUrl(ctx);
      const { svc } = ctx;
      const tasks: Task[] = svc.transaction(() => {
        const now = svc.nextTimestamp();
        svc.db.prepare("INSERT OR REPLACE INTO pull_requests (url, state, updated_at) VALUES (?, 'merged', ?)").run(url, now);
        svc.db.prepare("UPDATE links SET state = 'merged', updated_at = ? WHERE url = ?").run(now, url);
        const open = svc.db
          .prepare(`SELECT * FROM tasks WHERE pr_url = ? AND status IN (${OPEN_TASK_STATUSES.map(() => '?').join(',')})`)
          .all(url, ...OPEN_TASK_STATUSES) as RawTask[];
        const done: Task[] = [];
        for (const row of open) {
          svc.db.prepare("UPDATE tasks SET status = 'done', updated_at = ? WHERE id = ?").run(now, row.id);
          const task = taskFromRow({ ...row, status: 'done', updated_at: now });
          done.push(task);
          svc.bus.emit('task.completed', { task });
        }
        svc.bus.emit('pr.merged', { pr_url: url, tasks: done });
        return done;
      });
      return ok({ ok: true, tasks: tasks.map((t) => t.ref) });
    }),
    control('POST', '/checks/failed', (ctx) => {
      const url = prUrl(ctx);
      ctx.svc.bus.emit('checks.failed', { pr_url: url });
      return ok({ ok: true });
    }),
    control('POST', '/runs/:id/events', (ctx) => {
      const { svc } = ctx;
      const run = findRun(svc, ctx.params.id ?? '');
      if (!run) throw notFound('Run');
      const events = body(ctx).events;
      if (!Array.isArray(events) || events.some((e) => typeof e !== 'object' || e === null || typeof (e as { name?: unknown }).name !== 'string')) {
        throw invalidRequest('events must be an array of {name, payload, ...} objects.', 'Send {"events":[{"name":"note","payload":{"text":"hi"}}]}.');
      }
      const seqs = svc.transaction(() => {
        const assigned = appendRunEvents(svc, run.id, events as FixtureRunEvent[]);
        svc.bus.emit('run.events', { run, seqs: assigned });
        return assigned;
      });
      return ok({ ok: true, seqs });
    }),
    control('POST', '/runs/:id/status', (ctx) => {
      const { svc } = ctx;
      const status = body(ctx).status;
      const all: RunStatus[] = ['queued', 'running', 'stopped', 'succeeded', 'failed', 'canceled'];
      if (typeof status !== 'string' || !all.includes(status as RunStatus)) {
        throw invalidRequest(`status must be one of ${all.join(', ')}.`, 'Send {"status":"succeeded"}.');
      }
      if (!findRun(svc, ctx.params.id ?? '')) throw notFound('Run');
      const run = svc.transaction(() => {
        const updated = setRunStatus(svc, ctx.params.id ?? '', status as RunStatus, svc.nextTimestamp());
        if (updated && SETTLED_RUN_STATUSES.includes(updated.status)) svc.bus.emit('run.settled', { run: updated });
        return updated;
      });
      return ok({ ok: true, run });
    }),
    control('POST', '/clock', (ctx) => {
      const advanceMs = body(ctx).advanceMs;
      if (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0 || advanceMs > MAX_CLOCK_ADVANCE_MS) {
        throw invalidRequest(
          `advanceMs must be a number of milliseconds from 0 to ${MAX_CLOCK_ADVANCE_MS} (ten years).`,
          'Send {"advanceMs":900000} to move the clock 15 minutes.',
        );
      }
      if (Date.parse(ctx.svc.clock.nowIso()) + advanceMs > MAX_CLOCK_TIME_MS) {
        throw invalidRequest('That would move the clock past the year 9999, which timestamps cannot show.', 'Reset the service, or advance less.');
      }
      ctx.svc.clock.advance(advanceMs);
      const now = ctx.svc.clock.nowIso();
      ctx.svc.bus.emit('clock.advanced', { now });
      return ok({ ok: true, now });
    }),
    control('POST', '/faults', (ctx) => {
      const b = body(ctx);
      const spec: FaultSpec = {};
      for (const key of ['dropResponseAfterCommit', 'fail500', 'delayMs'] as const) {
        const v = b[key];
        if (v === undefined) continue;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw invalidRequest(`${key} must be a non-negative integer.`, 'Send e.g. {"fail500":1}.');
        spec[key] = v;
      }
      if (b.dropResponseRate !== undefined) {
        const v = b.dropResponseRate;
        if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1) throw invalidRequest('dropResponseRate must be a number from 0 to 1.', 'Send e.g. {"dropResponseRate":0.3} to drop 30% of answers.');
        spec.dropResponseRate = v;
      }
      if (b.seed !== undefined) {
        if (typeof b.seed !== 'number' || !Number.isInteger(b.seed)) throw invalidRequest('seed must be an integer.', 'Send e.g. {"dropResponseRate":0.3,"seed":42}.');
        spec.seed = b.seed;
      }
      if (b.pathPattern !== undefined) {
        if (typeof b.pathPattern !== 'string' || b.pathPattern === '' || b.pathPattern.length > PATH_PATTERN_MAX || !/^[/*]/.test(b.pathPattern) || /[\\^$()[\]{}+?|]/.test(b.pathPattern)) {
          throw invalidRequest(
            `pathPattern must be a path prefix or a glob (\`*\` = any characters), up to ${PATH_PATTERN_MAX} characters; regular expressions are not accepted.`,
            'Send e.g. {"pathPattern":"/api/v1/search"} (a prefix) or {"pathPattern":"*/messages"} (a glob).',
          );
        }
        spec.pathPattern = b.pathPattern;
      }
      ctx.svc.control.faults.set(spec);
      return ok({ ok: true, faults: spec });
    }),
    control('GET', '/state', (ctx) =>
      ok({ workspace: ctx.svc.workspace(), now: ctx.svc.clock.nowIso(), faults: ctx.svc.control.faults.current(), tables: dumpAll(ctx.svc.db) }),
    ),
  ],
};
