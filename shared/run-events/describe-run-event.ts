/**
 * One line of a run timeline for any event, known or not: what the UIs show. Events of an unknown
 * name or payload version and withheld payloads stay visible as such, never dropped or guessed at.
 * Texts are the service's data: a UI still passes them through its own sanitiser when shown.
 */
import { KNOWN_RUN_EVENTS, WITHHELD_MARKER, type RunEvent } from '../contract';

export type RunEventKind = 'tool' | 'file' | 'check' | 'usage' | 'child' | 'review' | 'run' | 'unknown' | 'withheld';

export interface RunEventView {
  kind: RunEventKind;
  /** One glyph, usable in a terminal and in VS Code labels. */
  icon: string;
  title: string;
  detail: string;
}

const ICONS: Record<RunEventKind, string> = {
  tool: '⚙',
  file: '✎',
  check: '✓',
  usage: '∑',
  child: '↳',
  review: '◎',
  run: '●',
  unknown: '?',
  withheld: '⊘',
};

type Payload = Record<string, unknown>;

const str = (p: Payload, key: string): string => (typeof p[key] === 'string' ? (p[key] as string) : '');
const num = (p: Payload, key: string): number | undefined => (typeof p[key] === 'number' ? (p[key] as number) : undefined);
const join = (...parts: Array<string | undefined>) => parts.filter((p) => p !== undefined && p !== '').join(' · ');

function view(kind: RunEventKind, title: string, detail = '', icon = ICONS[kind]): RunEventView {
  return { kind, icon, title, detail };
}

/** True when this client knows the event's name and payload version (and the service said so too). */
export function isKnownRunEvent(e: RunEvent): boolean {
  return e.known && KNOWN_RUN_EVENTS[e.name] === e.version;
}

/** The run a known child.started / child.settled event names, else undefined. */
export function childRunIdOf(e: RunEvent): string | undefined {
  if (describeRunEvent(e).kind !== 'child') return undefined;
  const p = e.payload as Record<string, unknown>;
  return typeof p.run_id === 'string' && p.run_id ? p.run_id : undefined;
}

export function isRunSettledEvent(e: RunEvent): boolean {
  return e.name === 'run.settled';
}

export function describeRunEvent(e: RunEvent): RunEventView {
  if (e.redaction === 'withheld') {
    const marker = typeof e.payload === 'object' && e.payload !== null ? (e.payload as Payload).withheld : undefined;
    const detail =
      marker === WITHHELD_MARKER
        ? 'Too large to replay (over the 128 KiB page budget). The event happened; its payload is not shown.'
        : 'Output was intentionally withheld. The event happened; its payload is not shown.';
    return view('withheld', `${e.name}: output withheld`, detail);
  }
  if (!isKnownRunEvent(e)) {
    return view('unknown', `${e.name} (v${e.version})`, 'An event this client does not know; kept as recorded.');
  }
  const p: Payload = typeof e.payload === 'object' && e.payload !== null ? (e.payload as Payload) : {};
  const redacted = e.redaction === 'redacted' ? 'parts redacted' : undefined;
  switch (e.name) {
    case 'run.started':
      return view('run', 'Run started', join(str(p, 'prompt_summary'), redacted));
    case 'run.settled': {
      const status = str(p, 'status') || 'settled';
      const icon = status === 'succeeded' ? '✔' : status === 'failed' ? '✖' : ICONS.run;
      return view('run', `Run ${status}`, join(str(p, 'summary'), redacted), icon);
    }
    case 'run.stopped':
      return view('run', 'Run stopped', join(str(p, 'reason'), redacted), '■');
    case 'run.resumed':
      return view('run', 'Run resumed', join(redacted), '▶');
    case 'tool.call':
      return view('tool', `Tool ${str(p, 'tool') || 'call'}`, join(str(p, 'input_summary'), redacted));
    case 'tool.result': {
      const okay = p.ok === true;
      const ms = num(p, 'duration_ms');
      return view('tool', okay ? 'Tool finished' : 'Tool failed', join(str(p, 'output_summary'), ms !== undefined ? `${ms} ms` : undefined, redacted), okay ? ICONS.tool : '✖');
    }
    case 'file.changed': {
      const adds = num(p, 'additions');
      const dels = num(p, 'deletions');
      const counts = adds !== undefined || dels !== undefined ? `+${adds ?? 0} −${dels ?? 0}` : undefined;
      return view('file', `${str(p, 'change') || 'changed'} ${str(p, 'path')}`.trim(), join(counts, redacted));
    }
    case 'check.completed': {
      const conclusion = str(p, 'conclusion');
      const icon = conclusion === 'success' ? '✔' : conclusion === 'failure' ? '✖' : ICONS.check;
      return view('check', `Check ${str(p, 'name')}: ${conclusion || 'done'}`, join(str(p, 'details'), redacted), icon);
    }
    case 'usage.reported': {
      const credits = num(p, 'credits');
      return view('usage', 'Usage', join(`${num(p, 'input_tokens') ?? 0} in / ${num(p, 'output_tokens') ?? 0} out tokens`, credits !== undefined ? `${credits} credits` : undefined, redacted));
    }
    case 'child.started':
      return view('child', `Child run started${str(p, 'agent') ? ` (${str(p, 'agent')})` : ''}`, join(str(p, 'run_id'), str(p, 'lane'), redacted));
    case 'child.settled':
      return view('child', `Child run ${str(p, 'status') || 'settled'}`, join(str(p, 'run_id'), redacted));
    case 'review.submitted':
      return view('review', `Review: ${(str(p, 'verdict') || 'submitted').replace(/_/g, ' ')}`, join(str(p, 'summary'), redacted));
    case 'message.posted':
      return view('run', 'Posted a message', join(str(p, 'message_id'), redacted), '✉');
    case 'note':
      return view('run', 'Note', join(str(p, 'text'), redacted), '•');
    default:
      return view('unknown', `${e.name} (v${e.version})`, 'An event this client does not know; kept as recorded.');
  }
}
