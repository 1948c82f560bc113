// A run's live timeline: every event in order with its lane, tool calls, file changes, checks and
// usage; unknown events and withheld payloads stay visible as such. Follows until run.settled.
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { runKeyAction } from '../keys/run-key-map';
import { useEffect } from 'react';
import { useUiState } from '../state/use-ui-store';
import { describeRunEvent, readRunEvents, type RunEvent } from '../../shared/index';
import { clip, safeLine, type SafeText } from '../format';
import { useUi } from '../ui-context';
import { WindowedList } from '../components/WindowedList';
import { moveSelection } from '../windowing';
import type { RunThread } from '../ui-context';
import { useStepReply } from './run-step-reply';

export interface RunViewProps {
  runId: string;
  /** The run's thread, when it was opened from the agent's message (r replies to a step there). */
  thread?: RunThread;
  width: number;
  height: number;
  focused: boolean;
}

export function runEventLine(e: RunEvent): SafeText {
  const v = describeRunEvent(e);
  const tag = v.kind === 'unknown' ? ' [unknown event]' : v.kind === 'withheld' ? ' [withheld]' : '';
  const detail = v.detail ? ` — ${safeLine(v.detail)}` : '';
  return safeLine(`${String(e.seq).padStart(4)} ${safeLine(e.lane).padEnd(8)} ${v.icon} ${safeLine(v.title)}${tag}${detail}`);
}

export function RunView(props: RunViewProps) {
  const ui = useUi();
  const [events, setEvents] = useUiState<RunEvent[]>([]);
  const [state, setState] = useUiState('following…');
  const [chosen, setChosen] = useUiState(0);
  const [follow, setFollow] = useUiState(true);
  // Following, the newest event is the selection from the frame that shows it (a key at that frame meets it).
  const selected = follow ? Math.max(0, events.length - 1) : chosen;

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      const batch: RunEvent[] = [];
      for await (const item of readRunEvents({ client: ui.client, runId: props.runId, follow: true, signal: controller.signal })) {
        if (item.type === 'event') batch.push(item.event);
        else if (item.type === 'caught_up') {
          if (batch.length > 0) {
            const fresh = batch.splice(0);
            setEvents((prev) => [...prev, ...fresh]);
          }
          ui.connectionOk();
        } else if (item.type === 'error') {
          ui.showError(item.error, 'read the run events');
          setState(`retrying in ${Math.ceil(item.retryInMs / 1000)} s`);
        } else if (item.type === 'end') {
          if (batch.length > 0) {
            const fresh = batch.splice(0);
            setEvents((prev) => [...prev, ...fresh]);
          }
          setState(item.reason === 'settled' ? 'settled' : item.reason);
          if (item.reason === 'failed' && item.error) ui.showError(item.error, 'read the run events');
        }
      }
    })();
    return () => controller.abort();
  }, [props.runId]);

  const replyToStep = useStepReply(props.thread);
  useKeys(
    (input, key) => {
      const action = runKeyAction(input, key, { selected, count: events.length });
      if (action === null) return false;
      switch (action.kind) {
        case 'move':
          setChosen(moveSelection(selected, action.by, events.length));
          setFollow(action.follow);
          break;
        case 'follow':
          setFollow(true);
          break;
        case 'open-event': {
          const event = events[selected];
          if (event) ui.navigate({ kind: 'run-event', runId: props.runId, event, ...(props.thread ? { thread: props.thread } : {}) });
          break;
        }
        case 'reply-step':
          replyToStep(events[selected]);
          break;
      }
      return true;
    },
    { isActive: props.focused && !ui.keyboardTaken },
  );

  return (
    <Box flexDirection="column" width={props.width} height={props.height}>
      <Text bold={ui.color} wrap="truncate">
        {clip(safeLine(`Run ${safeLine(props.runId)} · ${events.length} events · ${state}${follow ? '' : ' · G follows'} · Enter details${props.thread ? ' · r reply' : ''}`), props.width)}
      </Text>
      <WindowedList items={events} selected={selected} height={props.height - 1} width={props.width} focused={props.focused} color={ui.color} empty="No events yet." render={runEventLine} />
    </Box>
  );
}
