// The compose box's state and what its keys do (the container of components/Compose.tsx): the
// draft at its cursor in the UiStore's drafts (by conversation), @-completion, editing your last message, sending while the box
// takes the next one, and Ctrl+G for $EDITOR. Which key asks for what is compose-key-map.ts's.
import { useEffect, useId, useMemo, useRef } from 'react';
import type { Member, Message } from '../../shared/index';
import { composeKeyAction } from '../keys/compose-key-map';
import type { Draft } from '../line-cursor';
import { mentionQuery } from '../text-editing';
import { composeDraftKey } from '../state/ui-store';
import { useUiRoot, useUiSelector, useUiState } from '../state/use-ui-store';
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
  /** Ctrl+G: edits the text in $EDITOR; resolves the new text, or null when nothing changed. */
  openEditor?(text: string): Promise<string | null>;
  /** Told how many lines the box needs now (it grows with the draft, up to maxLines). */
  onLines?(lines: number): void;
}

export function useCompose(props: ComposeProps): ComposeState {
  const { focused, members } = props;
  const { store } = useUiRoot();
  // The draft is the store's, by conversation (a box outside one, as in tests, gets its own key).
  const ownKey = `compose:${useId()}`;
  const draftKey = useUiSelector((s) => composeDraftKey(s.view)) ?? ownKey;
  const initial = useRef<Draft>({ text: props.initialDraft, cursor: props.initialDraft.length });
  const stored = useUiSelector((s) => s.drafts[draftKey]) ?? initial.current;
  /** Your message being edited, in its own buffer: the draft waits unchanged meanwhile. */
  const [editing, setEditingState] = useUiState<{ message: Message; draft: Draft } | null>(null);
  const draft = editing?.draft ?? stored;
  // Keys can arrive faster than renders: every handler reads and writes the latest edit here (the
  // store's draft is read at once).
  const latestEditing = useRef(editing);
  const setEditing = (next: { message: Message; draft: Draft } | null) => {
    latestEditing.current = next;
    setEditingState(next);
  };
  const messageDraft = (): Draft => store.getState().drafts[draftKey] ?? initial.current;
  const currentDraft = (): Draft => latestEditing.current?.draft ?? messageDraft();
  useEffect(() => () => store.dropDraft(ownKey), [store, ownKey]);
  const text = draft.text;
  /** The completion chosen, for the `@partial` it was chosen in (another partial starts at the first). */
  const [chosen, setChosen] = useUiState<{ query: string | null; index: number }>({ query: null, index: 0 });
  const [busy, setBusy] = useUiState(false);
  /** Messages on their way (the box takes the next one meanwhile). */
  const [sending, setSending] = useUiState(0);

  const query = focused ? mentionQuery(text.slice(0, draft.cursor)) : null;
  const suggestions = useMemo(() => {
    if (query === null) return [];
    const q = query.toLowerCase();
    return members.filter((m) => m.handle.toLowerCase().startsWith(q) || m.name.toLowerCase().startsWith(q)).slice(0, MAX_SUGGESTIONS);
  }, [query, members]);

  // From the frame that shows a new partial's list, its first completion is the one Tab or Enter takes.
  const choice = chosen.query === query ? chosen.index : 0;

  const latestSaved = useRef(props.initialDraft);
  /** The draft of the message to send: in the store, and its text kept across restarts. */
  const setMessageDraft = (next: Draft) => {
    store.setDraft(draftKey, next);
    if (next.text !== latestSaved.current) {
      latestSaved.current = next.text;
      props.onDraftChange(next.text);
    }
  };
  /** Whatever the box holds now: the edit of your message, or the draft. */
  const updateDraft = (next: Draft) => {
    const edit = latestEditing.current;
    if (edit !== null) setEditing({ ...edit, draft: next });
    else setMessageDraft(next);
  };

  useKeys(
    (input, key) => {
      const current = currentDraft();
      const text = current.text;
      const action = composeKeyAction(input, key, {
        draft: current,
        editing: latestEditing.current !== null,
        busy,
        suggestions: suggestions.map((m) => m.mention),
        choice,
        mentionTyped: query !== null,
        canOpenEditor: props.openEditor !== undefined,
      });
      if (action === null) return false;
      switch (action.kind) {
        case 'draft':
          updateDraft(action.draft);
          break;
        case 'choose':
          setChosen({ query, index: action.choice });
          break;
        case 'open-editor':
          setBusy(true);
          void props.openEditor?.(text).then((edited) => {
            setBusy(false);
            if (edited !== null) updateDraft({ text: edited, cursor: edited.length });
          });
          break;
        case 'cancel-edit':
          setEditing(null);
          break;
        case 'leave':
          props.onLeave();
          break;
        case 'edit-last': {
          const last = props.lastOwnMessage();
          if (last === null) return false;
          setEditing({ message: last, draft: { text: last.body, cursor: last.body.length } });
          break;
        }
        case 'send':
          // The box is free at once for the next message while this one goes; a failed send brings
          // its text back, before anything typed since.
          setMessageDraft({ text: '', cursor: 0 });
          setSending((n) => n + 1);
          void props.onSend(action.text).then((ok) => {
            setSending((n) => n - 1);
            if (ok) return;
            const now = messageDraft();
            setMessageDraft({ text: now.text === '' ? action.text : `${action.text}\n${now.text}`, cursor: now.text === '' ? action.text.length : action.text.length + 1 + now.cursor });
          });
          break;
        case 'save-edit': {
          const edit = latestEditing.current;
          if (edit === null) return false;
          setBusy(true);
          void props.onEdit(edit.message, action.text).then((ok) => {
            setBusy(false);
            if (ok) setEditing(null);
          });
          break;
        }
        case 'hold':
          break;
      }
      return true;
    },
    { isActive: focused, text: true },
  );

  return { draft, editing: editing?.message ?? null, busy, sending, suggestions, choice };
}
