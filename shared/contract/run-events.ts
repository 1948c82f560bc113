// Run events.

import { LIMITS } from './limits';
import type { RunStatus } from './values';
import { limitParameter, nullable, queryParameters, ref, stringEnum, timestamp, Type, type Static } from './schema-kit';
import { REDACTIONS } from './values';

export const RunEventSchema = Type.Object(
  {
    seq: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    version: Type.Integer(),
    runtime: Type.String(),
    lane: Type.String(),
    at: timestamp(),
    known: Type.Boolean({ description: 'false for an event of an unknown name or payload version; it stays in the replay.' }),
    redaction: nullable(stringEnum(REDACTIONS)),
    payload: Type.Unknown({ description: 'Event payload; `{withheld: "replay_transport_budget"}` when cut by the page budget.' }),
  },
  { $id: 'RunEvent' },
);
export type RunEvent = Static<typeof RunEventSchema>;

export const RunEventsPageSchema = Type.Object(
  { events: Type.Array(ref(RunEventSchema)), nextAfter: Type.Integer({ minimum: 0 }), hasMore: Type.Boolean() },
  { $id: 'RunEventsPage' },
);
export type RunEventsPage = Static<typeof RunEventsPageSchema>;

export const RunEventsQuerySchema = queryParameters(
  {
    after: Type.Optional(Type.Integer({ minimum: 0, description: 'Events with seq above this.' })),
    limit: Type.Optional(limitParameter(LIMITS.runEventsDefault, LIMITS.runEventsMax)),
  },
  { $id: 'RunEventsQuery' },
);
export type RunEventsQuery = Static<typeof RunEventsQuerySchema>;

/** Payload shapes of the known events (version 1); the answer schema carries payloads as unknown JSON. */
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
