/**
 * Phoenix channel frames as the Supabase Realtime client speaks them.
 * vsn 1.0.0: JSON objects `{topic, event, payload, ref, join_ref}`.
 * vsn 2.0.0: JSON arrays `[join_ref, ref, topic, event, payload]`; we only ever send text
 * frames, which the 2.0.0 client decodes as arrays.
 */

export type Vsn = '1.0.0' | '2.0.0';
export const SUPPORTED_VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Frame {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref: string | null;
}

export function parseVsn(value: string | null): Vsn | null {
  if (value === null || value === '') return '1.0.0';
  return (SUPPORTED_VSNS as readonly string[]).includes(value) ? (value as Vsn) : null;
}

function refOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Decodes one text frame; null for anything that is not a well-formed frame of this vsn. */
export function decodeFrame(text: string, vsn: Vsn): Frame | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  let topic: unknown;
  let event: unknown;
  let payload: unknown;
  let ref: unknown;
  let joinRef: unknown;
  if (vsn === '2.0.0') {
    if (!Array.isArray(raw) || raw.length !== 5) return null;
    [joinRef, ref, topic, event, payload] = raw as unknown[];
  } else {
    if (!isRecord(raw)) return null;
    ({ topic, event, payload, ref, join_ref: joinRef } = raw);
  }
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return {
    topic,
    event,
    payload: isRecord(payload) ? payload : {},
    ref: refOf(ref),
    join_ref: refOf(joinRef),
  };
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.join_ref, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
    ref: frame.ref,
    join_ref: frame.join_ref,
  });
}

export function replyFrame(
  request: Frame,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): Frame {
  return {
    topic: request.topic,
    event: 'phx_reply',
    payload: { status, response },
    ref: request.ref,
    join_ref: request.join_ref,
  };
}

/** The content-free doorbell ping. join_ref null: the client never drops it as outdated. */
export function wakeFrame(topic: string, event: string): Frame {
  return {
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload: {} },
    ref: null,
    join_ref: null,
  };
}
