// One run event as a pane: what it says, where it ran (lane, runtime, time), whether this client
// knows it, its payload as recorded, and for a child run the way to its own timeline (Enter).
import { useMemo } from 'react';
import { childRunIdOf, describeRunEvent, fileChangeOf, isKnownRunEvent, sanitizeTerminalText, safeLines, wrapSafe, type RunEvent } from '../../shared/index';
import { ScrollingText } from '../components/ScrollingText';
import { useKeys } from '../hooks/use-keys';
import { runEventKeyAction } from '../keys/run-key-map';
import { safeLine, term, type SafeText } from '../format';
import { useUi, type RunThread } from '../ui-context';
import { useStepReply } from './run-step-reply';

export interface RunEventViewProps {
  runId: string;
  event: RunEvent;
  /** The run's thread (r replies to this step there). */
  thread?: RunThread;
  width: number;
  height: number;
  focused: boolean;
}

export function runEventDetailLines(e: RunEvent, width: number): SafeText[] {
  const v = describeRunEvent(e);
  const child = childRunIdOf(e);
  const field = (name: string, value: string) => safeLine(`${name.padEnd(11)}${value}`);
  const change = fileChangeOf(e);
  const diff = change?.sides && typeof (e.payload as { diff?: unknown }).diff === 'string' ? (e.payload as { diff: string }).diff : undefined;
  const payload = e.payload === undefined ? '(none)' : JSON.stringify(e.payload, null, 2) ?? String(e.payload);
  const lines: SafeText[] = [
    safeLine(`${v.icon} ${v.title}`),
    ...(v.detail ? [safeLine(v.detail)] : []),
    term``,
    field('event', `${e.name} v${e.version}${isKnownRunEvent(e) ? '' : ' (not known to this client; kept as recorded)'}`),
    field('lane', e.lane || 'main'),
    field('runtime', e.runtime || 'unknown'),
    field('at', e.at),
    field('redaction', e.redaction ?? 'none'),
    ...(child ? [field('child run', `${child} · Enter opens its timeline`)] : []),
    ...(change ? [field('file', `${change.path}${diff ? '' : ' (the event does not carry the change)'}`)] : []),
    // The change as the run made it, when the event carries it: the unified diff, line by line.
    ...(diff ? [term``, term`change`, ...safeLines(sanitizeTerminalText(diff))] : []),
    term``,
    term`payload`,
    ...safeLines(sanitizeTerminalText(payload)),
  ];
  return lines.flatMap((l) => wrapSafe(l, width));
}

export function RunEventView(props: RunEventViewProps) {
  const ui = useUi();
  const { event } = props;
  const width = Math.max(10, props.width - 1);
  const lines = useMemo(() => runEventDetailLines(event, width), [event, width]);
  const child = childRunIdOf(event);
  const replyToStep = useStepReply(props.thread);
  useKeys(
    (input, key) => {
      const action = runEventKeyAction(input, key, { hasChildRun: child !== undefined });
      if (action?.kind === 'reply-step') replyToStep(event);
      else if (action?.kind === 'open-child-run' && child !== undefined) ui.navigate({ kind: 'run', runId: child });
      else return false;
      return true;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );
  const title = safeLine(`Run ${props.runId} · event ${event.seq} · Esc back${props.thread ? ' · r reply' : ''}`);
  return <ScrollingText title={title} lines={lines} width={props.width} height={props.height} focused={props.focused} color={ui.color} keyboardTaken={ui.keyboardTaken} />;
}
