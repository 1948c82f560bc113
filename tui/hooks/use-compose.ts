// The compose box's state and keys (the container of components/Compose.tsx): the draft at its
// cursor in the UiStore, @-completion, editing your last message, sending while the box takes the
// next one, and Ctrl+G for $EDITOR.
import { useEffect, useMemo, useRef } from 'react';
import type { Member, Message } from '../../shared/index';
import type { ComposeProps } from '../components/Compose';
import { editDraft, insertAt, type Draft } from '../line-cursor';
import { completeMention, mentionQuery } from '../text-editing';
import { useUiState } from '../state/use-ui-store';
import { useKeys } from './use-keys';

export interface ComposeState {
  draft: Draft;
  editing: Message | null;
  busy: boolean;
  /** Messages on their way. */
  sending: number;
  suggestions: Member[];
  choice: number;
}

const MAX_SUGGESTIONS = 5;

export function useCompose(props: ComposeProps): ComposeState {
  const { focused, members } = props;
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

  return { draft, editing, busy, sending, suggestions, choice };
}
