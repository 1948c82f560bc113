// Run events.

import type { RunStatus } from './runs';

export type Redaction = 'redacted' | 'withheld' | null;

export interface RunEvent {
  seq: number;
  name: string;
  version: number;
  runtime: string;
  lane: string;
  at: string;
  /** false for an event of an unknown name or payload version; it stays in the replay. */
  known: boolean;
  redaction: Redaction;
  payload: unknown;
}

export interface RunEventsPage {
  events: RunEvent[];
  nextAfter: number;
  hasMore: boolean;
}

export interface RunEventsQuery {
  after?: number;
  limit?: number;
}

export const WITHHELD_MARKER = 'replay_transport_budget';

/** Event names (and their payload version) this contract knows; any other is `known:false`. */
export const KNOWN_RUN_EVENTS: Readonly<Record<string, number>> = {
  'run.started': 1,
  'run.settled': 1,
  'run.stopped': 1,
  'run.resumed': 1,
  'tool.call': 1,
  'tool.result': 1,
  'file.changed': 1,
  'check.completed': 1,
  'usage.reported': 1,
  'child.started': 1,
  'child.settled': 1,
  'review.submitted': 1,
  'message.posted': 1,
  'note': 1,
};

/** Payload shapes of the known events (version 1). */
export interface RunEventPayloads {
  'run.started': { prompt_summary?: string };
  'run.settled': { status: RunStatus; summary?: string };
  'run.stopped': { reason?: string };
  'run.resumed': Record<string, never>;
  'tool.call': { tool: string; call_id: string; input_summary?: string };
  'tool.result': { call_id: string; ok: boolean; output_summary?: string; duration_ms?: number };
  'file.changed': { path: string; change: 'added' | 'modified' | 'deleted'; additions?: number; deletions?: number };
  'check.completed': { name: string; conclusion: 'success' | 'failure' | 'neutral' | 'skipped'; details?: string };
  'usage.reported': { input_tokens: number; output_tokens: number; credits?: number };
  'child.started': { run_id: string; agent?: string; lane?: string };
  'child.settled': { run_id: string; status: RunStatus };
  'review.submitted': { verdict: 'approved' | 'changes_requested' | 'commented'; summary?: string };
  'message.posted': { message_id: string };
  'note': { text: string };
}
