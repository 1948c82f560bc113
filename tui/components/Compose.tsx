// The compose box: multi-line (Enter sends; Alt+Enter or Ctrl+J adds a line), editing at a cursor
// (line-cursor.ts), @-mention completion from the channel's members, a draft per channel/thread
// kept across restarts, editing your last message (↑ on an empty box), and Ctrl+G for $EDITOR.
import { Box, Text } from 'ink';
import { useKeys } from '../hooks/use-keys';
import { useEffect, useMemo, useRef } from 'react';
import { useUiState } from '../state/use-ui-store';
import type { Member, Message } from '../../shared/index';
import { clip, safeLine } from '../format';
import { editDraft, insertAt, linesWithCursor, type Draft } from '../line-cursor';
import { completeMention, mentionQuery } from '../text-editing';

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
  /** Told whether an @name is being typed (completions or not), so the app leaves Tab to the box. */
  completing?: { current: boolean };
  /** Ctrl+G: edits the text in $EDITOR; resolves the new text, or null when nothing changed. */
  openEditor?(text: string): Promise<string | null>;
  /** Told how many lines the box needs now (it grows with the draft, up to maxLines). */
  onLines?(lines: number): void;
}

const MAX_SUGGESTIONS = 5;

export function Compose(props: ComposeProps) {
  const { width, focused, members } = props;
  const [draft, setDraftState] = useUiState<Draft>({ text: props.initialDraft, cursor: props.initialDraft.length });
  // Keys can arrive faster than renders: every handler reads and writes the latest draft here.
  const latest = useRef(draft);
  const setDraft = (next: Draft) => {
    latest.current = next;
    setDraftState(next);
  };
  const setText = (next: string) => setDraft({ text: next, cursor: next.length });
  const text = draft.text;
  const [editing, setEditing] = useUiState<Message | null>(null);
  const [choice, setChoice] = useUiState(0);
  const [busy, setBusy] = useUiState(false);
  /** Messages on their way (the box takes the next one meanwhile). */
  const [sending, setSending] = useUiState(0);
  const color = props.color !== false;

  const query = focused ? mentionQuery(text.slice(0, draft.cursor)) : null;
  const suggestions = useMemo(() => {
    if (query === null) return [];
    const q = query.toLowerCase();
    return members.filter((m) => m.handle.toLowerCase().startsWith(q) || m.name.toLowerCase().startsWith(q)).slice(0, MAX_SUGGESTIONS);
  }, [query, members]);

  useEffect(() => setChoice(0), [query]);
  // Written as it renders, so the app's key handler sees it for the very next key.
  // While an @name is being typed, Tab is the box's even when nobody matches: moving the focus then
  // would run the next typed letters as commands.
  if (props.completing) props.completing.current = query !== null;
  const completing = props.completing;
  useEffect(
    () => () => {
      if (completing) completing.current = false;
    },
    [completing],
  );

  const latestSaved = useRef(props.initialDraft);
  const updateDraft = (next: Draft) => {
    setDraft(next);
    if (editing === null && next.text !== latestSaved.current) {
      latestSaved.current = next.text;
      props.onDraftChange(next.text);
    }
  };
  const update = (next: string) => updateDraft({ text: next, cursor: next.length });

  useKeys(
    (input, key) => {
      if (busy) return;
      const current = latest.current;
      const text = current.text;
      if (suggestions.length > 0 && (key.tab || (key.return && !key.meta))) {
        const pick = suggestions[Math.min(choice, suggestions.length - 1)];
        if (pick) {
          const before = completeMention(text.slice(0, current.cursor), pick.mention);
          updateDraft({ text: before + text.slice(current.cursor), cursor: before.length });
        }
        return;
      }
      if (key.tab && query !== null) return;
      if (key.ctrl && input === 'g' && props.openEditor) {
        setBusy(true);
        void props.openEditor(text).then((edited) => {
          setBusy(false);
          if (edited !== null) updateDraft({ text: edited, cursor: edited.length });
        });
        return;
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
        updateDraft(insertAt(current, '\n'));
        return;
      }
      if (key.return) {
        const body = text.trim();
        if (body === '') return;
        if (editing === null) {
          // The box is free at once for the next message while this one goes (keys typed meanwhile
          // were dropped before, and a slow answer kept the text on screen); a failed send brings
          // its text back, before anything typed since.
          update('');
          setSending((n) => n + 1);
          void props.onSend(text).then((ok) => {
            setSending((n) => n - 1);
            if (ok) return;
            const now = latest.current.text;
            updateDraft({ text: now === '' ? text : `${text}\n${now}`, cursor: now === '' ? text.length : text.length + 1 + latest.current.cursor });
          });
          return;
        }
        setBusy(true);
        void props.onEdit(editing, text).then((ok) => {
          setBusy(false);
          if (!ok) return;
          setEditing(null);
          setText(props.initialDraft);
        });
        return;
      }
      updateDraft(editDraft(current, input, key));
    },
    { isActive: focused, text: true },
  );

  const inner = Math.max(10, width - 2);
  const maxLines = props.maxLines ?? 3;
  // The lines around the cursor's, so the whole draft can be reached; the cursor mark only when focused.
  const { lines: allLines, cursorLine } = text === '' ? { lines: [], cursorLine: 0 } : linesWithCursor(draft, focused ? '▏' : '');
  const first = Math.max(0, Math.min(cursorLine - maxLines + 1, allLines.length - maxLines));
  const shown = allLines.slice(first, first + maxLines);
  const neededLines = Math.max(1, Math.min(maxLines, allLines.length));
  const onLines = props.onLines;
  useEffect(() => onLines?.(neededLines), [neededLines, onLines]);
  const title = editing !== null ? 'editing your message · Enter saves · Esc cancels' : busy ? 'opening $EDITOR…' : sending > 0 ? 'sending…' : props.placeholder;
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
          <Text key={first + i} wrap="truncate">
            {safeLine(`${border} ${clip(safeLine(line), inner)}`)}
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
