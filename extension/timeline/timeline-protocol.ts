/**
 * The typed message union between the run-timeline panel (extension host) and its webview.
 * vscode-free and DOM-free: the host, the webview script (media/timeline.ts) and the tests share it.
 * The webview never holds the token; every call goes through the host over these messages. Both
 * directions are checked with the panels' one message checker.
 */
import { arrayOf, isBoolean, isCount, isString, messageChecker, nullable, objectOf, oneOf, optional, textUpTo } from '../panels/message-checker';

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
  /** The agent the child run was given to, when the event says. */
  childAgent?: string;
  /** A message the run posted, when its channel is known: the row links to it. */
  messageId?: string;
  /** A file.changed event's path: the row opens the change (as a diff when the event carries one). */
  filePath?: string;
  /** The event carries the change itself (a unified diff). */
  fileDiff?: boolean;
}

export type FollowState = 'loading' | 'following' | 'caught_up' | 'stopped' | 'settled' | 'failed' | 'aborted';

export type HostToTimeline =
  /** canReply: the run's thread and agent are known, so each step can be answered there. */
  | { type: 'init'; runId: string; title: string; resumedAfter: number | null; canReply: boolean }
  | { type: 'events'; rows: TimelineRow[]; reset?: boolean }
  | { type: 'follow'; state: FollowState; after: number; message?: string; nextPollInMs?: number }
  | { type: 'retryResult'; ok: boolean; message: string; hint?: string }
  | { type: 'error'; message: string; hint?: string };

export type TimelineToHost =
  | { type: 'ready' }
  | { type: 'openRun'; runId: string }
  | { type: 'openMessage'; messageId: string }
  | { type: 'openFileChange'; seq: number }
  | { type: 'replyToStep'; seq: number }
  | { type: 'retry' }
  | { type: 'refresh' }
  /** What the webview shows now: lets the host (and tests) know the rows reached the DOM. */
  | { type: 'rendered'; total: number; matching: number; domRows: number; clippedButtons: number };

/** Events per `events` message: big enough to be quick, small enough to keep the webview responsive. */
export const TIMELINE_BATCH_SIZE = 2_000;

const RUN_ID_MAX = 200;

/** Exactly one shape of the union (no extra keys), else null: what the host accepts from the webview. */
export const parseTimelineToHost = messageChecker<TimelineToHost>({
  ready: {},
  retry: {},
  refresh: {},
  openRun: { runId: textUpTo(RUN_ID_MAX) },
  openMessage: { messageId: textUpTo(RUN_ID_MAX) },
  openFileChange: { seq: isCount },
  replyToStep: { seq: isCount },
  rendered: { total: isCount, matching: isCount, domRows: isCount, clippedButtons: isCount },
});

const isRow = objectOf({
  seq: isCount,
  name: isString,
  lane: isString,
  runtime: isString,
  at: isString,
  kind: oneOf(TIMELINE_ROW_KINDS),
  codicon: isString,
  glyph: isString,
  title: isString,
  detail: isString,
  known: isBoolean,
  withheld: isBoolean,
  childRunId: optional(isString),
  childAgent: optional(isString),
  messageId: optional(isString),
  filePath: optional(isString),
  fileDiff: optional(isBoolean),
} satisfies Record<keyof TimelineRow, unknown>);

const FOLLOW_STATES: readonly FollowState[] = ['loading', 'following', 'caught_up', 'stopped', 'settled', 'failed', 'aborted'];

/** The webview checks what the host sent too: a message of another shape is dropped, never half-drawn. */
export const parseHostToTimeline = messageChecker<HostToTimeline>({
  init: { runId: isString, title: isString, resumedAfter: nullable(isCount), canReply: isBoolean },
  events: { rows: arrayOf(isRow), reset: optional(isBoolean) },
  follow: { state: oneOf(FOLLOW_STATES), after: isCount, message: optional(isString), nextPollInMs: optional(isCount) },
  retryResult: { ok: isBoolean, message: isString, hint: optional(isString) },
  error: { message: isString, hint: optional(isString) },
});
