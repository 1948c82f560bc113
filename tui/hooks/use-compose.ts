// The compose box's state and what its keys do (the container of components/Compose.tsx): the
// draft at its cursor in the UiStore, @-completion, editing your last message, sending while the box
// takes the next one, and Ctrl+G for $EDITOR. Which key asks for what is compose-key-map.ts's.
import { useEffect, useMemo, useRef } from 'react';
import type { Member, Message } from '../../shared/index';
import type { ComposeProps } from '../components/Compose';
import { composeKeyAction } from '../components/compose-key-map';
import type { Draft } from '../line-cursor';
import { mentionQuery } from '../text-editing';
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
      const current = latest.current;
      const text = current.text;
      const action = composeKeyAction(input, key, {
        draft: current,
        editing: editing !== null,
        busy,
        suggestions: suggestions.map((m) => m.mention),
        choice,
        canOpenEditor: props.openEditor !== undefined,
      });
      switch (action?.kind) {
        case undefined:
          return false;
        case 'draft':
          return updateDraft(action.draft);
        case 'choose':
          return setChoice(action.choice);
        case 'open-editor':
          setBusy(true);
          void props.openEditor?.(text).then((edited) => {
            setBusy(false);
            if (edited !== null) updateDraft({ text: edited, cursor: edited.length });
          });
          return;
        case 'cancel-edit':
          setEditing(null);
          return setText(props.initialDraft);
        case 'leave':
          return props.onLeave();
        case 'edit-last': {
          const last = props.lastOwnMessage();
          if (last === null) return false;
          setEditing(last);
          return setText(last.body);
        }
        case 'send':
          // The box is free at once for the next message while this one goes; a failed send brings
          // its text back, before anything typed since.
          update('');
          setSending((n) => n + 1);
          void props.onSend(action.text).then((ok) => {
            setSending((n) => n - 1);
            if (ok) return;
            const now = latest.current;
            updateDraft({ text: now.text === '' ? action.text : `${action.text}\n${now.text}`, cursor: now.text === '' ? action.text.length : action.text.length + 1 + now.cursor });
          });
          return;
        case 'save-edit':
          if (editing === null) return false;
          setBusy(true);
          void props.onEdit(editing, action.text).then((ok) => {
            setBusy(false);
            if (!ok) return;
            setEditing(null);
            setText(props.initialDraft);
          });
          return;
      }
    },
    { isActive: focused, text: true },
  );

  return { draft, editing, busy, sending, suggestions, choice };
}
