/**
 * The typed message union between the run-timeline panel (extension host) and its webview.
 * vscode-free and DOM-free: the host, the webview script (media/timeline.ts) and the tests share it.
 * The webview never holds the token; every call goes through the host over these messages.
 */

export type TimelineRowKind = 'tool' | 'file' | 'check' | 'usage' | 'child' | 'review' | 'run' | 'unknown' | 'withheld';

export const TIMELINE_ROW_KINDS: readonly TimelineRowKind[] = ['run', 'tool', 'file', 'check', 'usage', 'child', 'review', 'unknown', 'withheld'];

/** One event as the webview draws it (computed in the host with the shared describeRunEvent). */
export interface TimelineRow {
  seq: number;
  name: string;
  lane: string;
  runtime: string;
  at: string;
  kind: TimelineRowKind;
  /** Codicon name (without the `codicon-` prefix). */
  codicon: string;
  /** A glyph for places without the icon font. */
  glyph: string;
  title: string;
  detail: string;
  known: boolean;
  withheld: boolean;
  /** A child run this event names: the row links to that run's timeline. */
  childRunId?: string;
}

export type FollowState = 'loading' | 'following' | 'caught_up' | 'stopped' | 'settled' | 'failed' | 'aborted';

export type HostToTimeline =
  | { type: 'init'; runId: string; title: string; resumedAfter: number | null }
  | { type: 'events'; rows: TimelineRow[]; reset?: boolean }
  | { type: 'follow'; state: FollowState; after: number; message?: string; nextPollInMs?: number }
  | { type: 'retryResult'; ok: boolean; message: string; hint?: string }
  | { type: 'error'; message: string; hint?: string };

export type TimelineToHost =
  | { type: 'ready' }
  | { type: 'openRun'; runId: string }
  | { type: 'retry' }
  | { type: 'refresh' }
  /** What the webview shows now: lets the host (and tests) know the rows reached the DOM. */
  | { type: 'rendered'; total: number; matching: number; domRows: number };

/** Events per `events` message: big enough to be quick, small enough to keep the webview responsive. */
export const TIMELINE_BATCH_SIZE = 2_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const RUN_ID_MAX = 200;

const INBOUND_KEYS: Record<TimelineToHost['type'], readonly string[]> = {
  ready: [],
  retry: [],
  refresh: [],
  openRun: ['runId'],
  rendered: ['total', 'matching', 'domRows'],
};

/** Validates what the webview sent: exactly one shape of the union (no extra keys), else null. */
export function parseTimelineToHost(raw: unknown): TimelineToHost | null {
  if (!isObject(raw) || typeof raw.type !== 'string' || !Object.prototype.hasOwnProperty.call(INBOUND_KEYS, raw.type)) return null;
  const allowed = INBOUND_KEYS[raw.type as TimelineToHost['type']];
  if (Object.keys(raw).some((k) => k !== 'type' && !allowed.includes(k))) return null;
  switch (raw.type) {
    case 'ready':
    case 'retry':
    case 'refresh':
      return { type: raw.type };
    case 'openRun':
      return typeof raw.runId === 'string' && raw.runId.length > 0 && raw.runId.length <= RUN_ID_MAX ? { type: 'openRun', runId: raw.runId } : null;
    case 'rendered':
      return isCount(raw.total) && isCount(raw.matching) && isCount(raw.domRows)
        ? { type: 'rendered', total: raw.total, matching: raw.matching, domRows: raw.domRows }
        : null;
    default:
      return null;
  }
}

function isRow(v: unknown): v is TimelineRow {
  return (
    isObject(v) &&
    isCount(v.seq) &&
    typeof v.name === 'string' &&
    typeof v.lane === 'string' &&
    typeof v.runtime === 'string' &&
    typeof v.at === 'string' &&
    typeof v.kind === 'string' &&
    (TIMELINE_ROW_KINDS as readonly string[]).includes(v.kind) &&
    typeof v.codicon === 'string' &&
    typeof v.glyph === 'string' &&
    typeof v.title === 'string' &&
    typeof v.detail === 'string' &&
    typeof v.known === 'boolean' &&
    typeof v.withheld === 'boolean' &&
    (v.childRunId === undefined || typeof v.childRunId === 'string')
  );
}

const FOLLOW_STATES: readonly FollowState[] = ['loading', 'following', 'caught_up', 'stopped', 'settled', 'failed', 'aborted'];

/** The webview checks what the host sent too: a message of another shape is dropped, never half-drawn. */
export function parseHostToTimeline(raw: unknown): HostToTimeline | null {
  if (!isObject(raw) || typeof raw.type !== 'string') return null;
  switch (raw.type) {
    case 'init':
      return typeof raw.runId === 'string' && typeof raw.title === 'string' && (raw.resumedAfter === null || isCount(raw.resumedAfter))
        ? { type: 'init', runId: raw.runId, title: raw.title, resumedAfter: raw.resumedAfter }
        : null;
    case 'events':
      return Array.isArray(raw.rows) && raw.rows.every(isRow) && (raw.reset === undefined || typeof raw.reset === 'boolean')
        ? { type: 'events', rows: raw.rows, ...(raw.reset ? { reset: true } : {}) }
        : null;
    case 'follow':
      return typeof raw.state === 'string' && (FOLLOW_STATES as readonly string[]).includes(raw.state) && isCount(raw.after)
        ? {
            type: 'follow',
            state: raw.state as FollowState,
            after: raw.after,
            ...(typeof raw.message === 'string' ? { message: raw.message } : {}),
            ...(isCount(raw.nextPollInMs) ? { nextPollInMs: raw.nextPollInMs } : {}),
          }
        : null;
    case 'retryResult':
      return typeof raw.ok === 'boolean' && typeof raw.message === 'string'
        ? { type: 'retryResult', ok: raw.ok, message: raw.message, ...(typeof raw.hint === 'string' ? { hint: raw.hint } : {}) }
        : null;
    case 'error':
      return typeof raw.message === 'string' ? { type: 'error', message: raw.message, ...(typeof raw.hint === 'string' ? { hint: raw.hint } : {}) } : null;
    default:
      return null;
  }
}
