// A run event as one timeline row: the shared describeRunEvent summary plus a codicon per kind.
import { childRunIdOf, describeRunEvent, fileChangeOf, isKnownRunEvent, type RunEvent, type RunEventView } from '../../shared/index';
import type { TimelineRow } from './timeline-protocol';

const CODICONS: Record<RunEventView['kind'], string> = {
  run: 'pulse',
  tool: 'tools',
  file: 'diff',
  check: 'pass',
  usage: 'dashboard',
  child: 'type-hierarchy-sub',
  review: 'eye',
  unknown: 'question',
  withheld: 'eye-closed',
};

/** A few known events get a more telling icon than their kind's. */
function codiconFor(event: RunEvent, view: RunEventView): string {
  if (view.kind === 'withheld' || view.kind === 'unknown') return CODICONS[view.kind];
  const p = typeof event.payload === 'object' && event.payload !== null ? (event.payload as Record<string, unknown>) : {};
  switch (event.name) {
    case 'run.settled':
      return p.status === 'succeeded' ? 'check-all' : p.status === 'failed' ? 'error' : 'circle-slash';
    case 'run.stopped':
      return 'debug-pause';
    case 'run.resumed':
      return 'debug-continue';
    case 'tool.result':
      return p.ok === true ? 'tools' : 'error';
    case 'check.completed':
      return p.conclusion === 'success' ? 'pass' : p.conclusion === 'failure' ? 'error' : 'circle-outline';
    case 'message.posted':
      return 'comment';
    case 'note':
      return 'note';
    default:
      return CODICONS[view.kind];
  }
}

const payloadText = (event: RunEvent, key: string): string | undefined => {
  const p = event.payload;
  const v = typeof p === 'object' && p !== null ? (p as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
};

/**
 * `messageLinks`: the run's channel is known, so a posted message is a link (not a raw id). A child
 * run's row names its agent and lane; its id stays behind the row's "Open child run" link.
 */
export function toTimelineRow(event: RunEvent, options: { messageLinks?: boolean } = {}): TimelineRow {
  const view = describeRunEvent(event);
  const childRunId = childRunIdOf(event);
  const childAgent = childRunId ? payloadText(event, 'agent') : undefined;
  const file = fileChangeOf(event);
  const messageId = options.messageLinks && view.kind !== 'withheld' && event.name === 'message.posted' ? payloadText(event, 'message_id') : undefined;
  let detail = view.detail;
  if (childRunId) detail = [childAgent, payloadText(event, 'lane')].filter(Boolean).join(' · ');
  else if (messageId) detail = event.redaction === 'redacted' ? 'parts redacted' : '';
  return {
    seq: event.seq,
    name: event.name,
    lane: event.lane || 'main',
    runtime: event.runtime || 'unknown runtime',
    at: event.at,
    kind: view.kind,
    codicon: codiconFor(event, view),
    glyph: view.icon,
    title: view.title,
    detail,
    known: isKnownRunEvent(event),
    withheld: event.redaction === 'withheld',
    ...(childRunId ? { childRunId } : {}),
    ...(childAgent ? { childAgent } : {}),
    ...(messageId ? { messageId } : {}),
    ...(file ? { filePath: file.path, fileDiff: file.sides !== undefined } : {}),
  };
}
