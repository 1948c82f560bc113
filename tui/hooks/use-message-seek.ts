// A message asked for (a search hit, a mention, a pasted link) selected in its conversation: once
// it is in the window, or after reading older pages until it is, among its neighbours.
import { useEffect, useRef } from 'react';
import type { ShownMark } from '../history/message-window';
import { useUiState } from '../state/use-ui-store';
import type { Conversation } from './use-conversation';

/** How many older pages are read at most to reach a message asked for. */
const SEEK_PAGES = 20;

export interface MessageSeek {
  /**
   * The asked message's index in the window as it is now, while it stands for the selection (the
   * window holds it and no other message was picked since), else -1. The frame that first holds it
   * draws it selected, and a key at that frame moves from it.
   */
  asked(): number;
  /** Another message is picked (a key, a click, a write of mine): the asked one no longer stands for the selection. */
  settle(): void;
}

export function useMessageSeek(conv: Conversation, focusMessageId: string | undefined, setSelection: (mark: ShownMark) => void, info: (text: string) => void): MessageSeek {
  const count = conv.messages.length;
  // Until the asked message is the selection's own mark, or given up.
  const open = useRef(focusMessageId !== undefined);
  const asked = (): number => (open.current && focusMessageId ? conv.messages.findIndex((m) => m.id === focusMessageId) : -1);
  const found = asked();

  // What the frame already shows becomes the selection's mark, which stays on the message as the window changes.
  useEffect(() => {
    const i = asked();
    if (i < 0) return;
    open.current = false;
    setSelection(conv.mark(i));
  }, [found]);

  // Older than the first page: read older pages until it is there.
  const pages = useRef(0);
  const [seekTick, setSeekTick] = useUiState(0);
  useEffect(() => {
    if (!open.current || !focusMessageId || conv.loading || count === 0 || found >= 0) return;
    if (!conv.hasOlder || pages.current >= SEEK_PAGES) {
      open.current = false;
      info(conv.hasOlder ? `That message is more than ${SEEK_PAGES} pages back.` : 'That message is no longer here (deleted or moved).');
      return;
    }
    pages.current += 1;
    void conv.loadOlder().then(() => setSeekTick((t) => t + 1));
  }, [count, conv.loading, conv.hasOlder, seekTick, found]);

  return {
    asked,
    settle: () => {
      open.current = false;
    },
  };
}
