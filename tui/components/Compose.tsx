// The compose box: multi-line (Enter sends; Alt+Enter or Ctrl+J adds a line), @-mention completion
// from the channel's members, a draft per channel/thread kept across restarts, and editing your
// last message (↑ on an empty box).
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Member, Message } from '../../shared/index';
import { clip, safeLine } from '../format';
import { completeMention, editText, mentionQuery } from '../text-editing';

export interface ComposeProps {
  width: number;
  /** Whether the box has the keyboard. */
  focused: boolean;
  placeholder: string;
  members: readonly Member[];
  initialDraft: string;
  onDraftChange(text: string): void;
  /** Resolves true when sent (the box then empties). */
  onSend(text: string): Promise<boolean>;
  /** Your newest message here, for ↑ on an empty box. */
  lastOwnMessage(): Message | null;
  onEdit(message: Message, body: string): Promise<boolean>;
  onLeave(): void;
  color?: boolean;
  /** Lines of text shown at most (the rest scrolls). */
  maxLines?: number;
  /** Told whether @-completions are shown, so the app leaves Tab to them. */
  completing?: { current: boolean };
}

const MAX_SUGGESTIONS = 5;

export function Compose(props: ComposeProps) {
  const { width, focused, members } = props;
  const [text, setTextState] = useState(props.initialDraft);
  // Keys can arrive faster than renders: every handler reads and writes the latest text here.
  const latest = useRef(props.initialDraft);
  const setText = (next: string) => {
    latest.current = next;
    setTextState(next);
  };
  const [editing, setEditing] = useState<Message | null>(null);
  const [choice, setChoice] = useState(0);
  const [busy, setBusy] = useState(false);
  const color = props.color !== false;

  const query = focused ? mentionQuery(text) : null;
  const suggestions = useMemo(() => {
    if (query === null) return [];
    const q = query.toLowerCase();
    return members.filter((m) => m.handle.toLowerCase().startsWith(q) || m.name.toLowerCase().startsWith(q)).slice(0, MAX_SUGGESTIONS);
  }, [query, members]);

  useEffect(() => setChoice(0), [query]);
  // Written as it renders, so the app's key handler sees it for the very next key.
  if (props.completing) props.completing.current = suggestions.length > 0;
  const completing = props.completing;
  useEffect(
    () => () => {
      if (completing) completing.current = false;
    },
    [completing],
  );

  const update = (next: string) => {
    setText(next);
    if (editing === null) props.onDraftChange(next);
  };

  useKeys(
    (input, key) => {
      if (busy) return;
      const text = latest.current;
      if (suggestions.length > 0 && (key.tab || (key.return && !key.meta))) {
        if (key.tab || key.return) {
          const pick = suggestions[Math.min(choice, suggestions.length - 1)];
          if (pick) update(completeMention(text, pick.mention));
          return;
        }
      }
      if (suggestions.length > 0 && (key.upArrow || key.downArrow)) {
        setChoice((c) => (c + (key.downArrow ? 1 : suggestions.length - 1)) % suggestions.length);
        return;
      }
      if (key.escape) {
        if (editing !== null) {
          setEditing(null);
          setText(props.initialDraft);
          return;
        }
        props.onLeave();
        return;
      }
      if (key.upArrow && text === '' && editing === null) {
        const last = props.lastOwnMessage();
        if (last !== null) {
          setEditing(last);
          setText(last.body);
        }
        return;
      }
      // Alt+Enter arrives as ESC CR (meta + return); Ctrl+J as a bare LF.
      if ((key.return && key.meta) || input === '\n') {
        update(`${text}\n`);
        return;
      }
      if (key.return) {
        const body = text.trim();
        if (body === '') return;
        setBusy(true);
        const done = editing !== null ? props.onEdit(editing, text) : props.onSend(text);
        void done.then((ok) => {
          setBusy(false);
          if (!ok) return;
          if (editing !== null) {
            setEditing(null);
            setText(props.initialDraft);
          } else {
            update('');
          }
        });
        return;
      }
      update(editText(text, input, key));
    },
    { isActive: focused, text: true },
  );

  const inner = Math.max(10, width - 2);
  const maxLines = props.maxLines ?? 3;
  const allLines = text === '' ? [] : text.split('\n');
  const shown = allLines.slice(-maxLines);
  const title = editing !== null ? 'editing your message · Enter saves · Esc cancels' : busy ? 'sending…' : props.placeholder;
  const border = focused ? '▌' : '│';

  return (
    <Box flexDirection="column" width={width}>
      <Text dimColor={color} wrap="truncate">
        {clip(safeLine(`${border} ${title}`), width)}
      </Text>
      {shown.length === 0 ? (
        <Text dimColor={color} wrap="truncate">
          {clip(safeLine(`${border} ${focused ? '▏' : '(press i to write)'}`), width)}
        </Text>
      ) : (
        shown.map((line, i) => (
          <Text key={i} wrap="truncate">
            {safeLine(`${border} ${clip(safeLine(line + (focused && i === shown.length - 1 ? '▏' : '')), inner)}`)}
          </Text>
        ))
      )}
      {suggestions.length > 0 ? (
        <Text wrap="truncate">
          {clip(
            safeLine(`${border} ` +
              suggestions
                .map((m, i) => `${i === choice ? '▸' : ' '}${safeLine(m.mention)} (${safeLine(m.name)})`)
                .join('  ') +
              '  Tab completes'),
            width,
          )}
        </Text>
      ) : null}
    </Box>
  );
}
