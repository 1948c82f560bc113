// A message asked for (a search hit, a mention, a pasted link) selected in its conversation: once
// it is in the window, or after reading older pages until it is, among its neighbours.
import { useEffect, useRef } from 'react';
import type { ShownMark } from '../history/message-window';
import { useUiState } from '../state/use-ui-store';
import type { Conversation } from './use-conversation';

/** How many older pages are read at most to reach a message asked for. */
const SEEK_PAGES = 20;

export function useMessageSeek(conv: Conversation, focusMessageId: string | undefined, selection: ShownMark | null, setSelection: (mark: ShownMark) => void, info: (text: string) => void): void {
  const count = conv.messages.length;
  const focused = useRef(false);

  // A message asked for is selected once it is loaded.
  useEffect(() => {
    if (count === 0 || !focusMessageId || focused.current) return;
    const i = conv.messages.findIndex((m) => m.id === focusMessageId);
    if (i < 0) return;
    focused.current = true;
    if (selection === null) setSelection(conv.mark(i));
  }, [count]);

  // Older than the first page: read older pages until it is there, then select it.
  const seek = useRef({ pending: focusMessageId !== undefined, pages: 0 });
  const [seekTick, setSeekTick] = useUiState(0);
  useEffect(() => {
    const s = seek.current;
    if (!s.pending || !focusMessageId || conv.loading || count === 0) return;
    const i = conv.messages.findIndex((m) => m.id === focusMessageId);
    if (i >= 0) {
      s.pending = false;
      focused.current = true;
      setSelection(conv.mark(i));
      return;
    }
    if (!conv.hasOlder || s.pages >= SEEK_PAGES) {
      s.pending = false;
      info(conv.hasOlder ? `That message is more than ${SEEK_PAGES} pages back.` : 'That message is no longer here (deleted or moved).');
      return;
    }
    s.pages += 1;
    void conv.loadOlder().then(() => setSeekTick((t) => t + 1));
  }, [count, conv.loading, conv.hasOlder, seekTick]);
}
