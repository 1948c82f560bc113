// A run event as one timeline row: the shared describeRunEvent summary plus a codicon per kind.
import { childRunIdOf, describeRunEvent, isKnownRunEvent, type RunEvent, type RunEventView } from '../../shared/index';
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

export function toTimelineRow(event: RunEvent): TimelineRow {
  const view = describeRunEvent(event);
  const childRunId = childRunIdOf(event);
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
    detail: view.detail,
    known: isKnownRunEvent(event),
    withheld: event.redaction === 'withheld',
    ...(childRunId ? { childRunId } : {}),
  };
}
