// What the webview knows of the channel besides its saved state: who I am, the members, paging,
// the message wanted in focus, writes on their way and the outbox's entries.
import type { MemberView, PendingView } from '../../extension/channel-panel/channel-panel-protocol';

/** Older pages loaded while looking for focusWanted; the search stops after MAX_FOCUS_PAGES. */
export const MAX_FOCUS_PAGES = 20;

export const panel = {
  me: { userId: '', handle: '', name: '' },
  members: [] as MemberView[],
  hasMore: false,
  loadingOlder: false,
  oldest: null as string | null,
  /** A message to scroll to and outline once it is shown (a mention or link opened before it loaded). */
  focusWanted: null as string | null,
  focusPages: 0,
  focusedId: null as string | null,
  /** The outbox's entries of this channel, as last sent by the host. */
  outboxEntries: [] as PendingView[],
};

/** Posts and edits on their way to the host; `sending` is the post's placeholder, shown until the host answers. */
export const pending = new Map<string, { textarea: HTMLTextAreaElement; button: HTMLButtonElement; onDone: () => void; sending?: HTMLElement }>();
