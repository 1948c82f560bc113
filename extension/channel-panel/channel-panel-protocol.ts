// The message union between the channel panel webview and the extension host. vscode-free
// (media/channel-panel.ts imports these types too). Every inbound message is checked with
// parseChannelPanelToHost before the host acts on it; anything else is dropped and logged.
import { isBoolean, isCount, isId, matching, messageChecker, nullable, textUpTo, type FieldCheck } from '../panels/message-checker';

/** What the webview shows of a message: Markdown already rendered and sanitised by the host. */
export interface MessageView {
  id: string;
  parentId: string | null;
  author: { name: string; handle: string; kind: 'person' | 'agent' };
  /** renderMarkdownHtml output: safe to insert. */
  html: string;
  /** The Markdown source, only on the signed-in person's own messages (for editing). */
  source?: string;
  createdAt: string;
  editedAt: string | null;
  replyCount: number;
  mine: boolean;
  via: string | null;
  url: string;
  runId: string | null;
}

/** A write of this channel waiting in the outbox: shown as pending, or refused with the service's words. */
export interface PendingView {
  id: number;
  kind: 'post' | 'edit';
  /** The text as typed (shown as plain text, never as HTML). */
  body: string;
  parentId: string | null;
  /** The message an edit changes. */
  messageId: string | null;
  state: 'pending' | 'failed';
  /** Why it was not sent: the service's message and hint (for a pending one, the last attempt's). */
  error: { message: string; hint: string } | null;
}

export interface MemberView {
  handle: string;
  name: string;
  kind: 'person' | 'agent';
}

export interface ChannelView {
  id: string;
  name: string;
  kind: 'channel' | 'dm';
  description: string;
  archived: boolean;
  isMember: boolean;
}

// ---- host → webview ------------------------------------------------------------------------

export type HostToChannelPanel =
  | { type: 'init'; channel: ChannelView; me: { userId: string; handle: string; name: string }; members: MemberView[] }
  /**
   * 'replace': the newest window; 'refresh': the newest window in place of a saved copy (the reader's
   * place kept); 'prepend': older ones (scroll up); 'append': live, newer.
   */
  | { type: 'messages'; mode: 'replace' | 'refresh' | 'prepend' | 'append'; messages: MessageView[]; hasMore: boolean }
  /** The shown messages are the offline cache's copy (the mark says how old, and what happens next); null: they are the service's. */
  | { type: 'savedCopy'; mark: string | null }
  | { type: 'thread'; root: MessageView; replies: MessageView[]; hasMore: boolean }
  | { type: 'threadReplies'; rootId: string; replies: MessageView[] }
  /** An edit, or a reply count that changed. */
  | { type: 'messageUpdated'; message: MessageView }
  | { type: 'focusMessage'; messageId: string }
  | { type: 'done'; requestId: string }
  /** This channel's writes waiting in the outbox (all of them, replacing what was shown). */
  | { type: 'outbox'; entries: PendingView[] }
  | { type: 'failed'; requestId: string | null; message: string; hint: string };

// ---- webview → host (checked) --------------------------------------------------------------

export const MAX_BODY_LENGTH = 40_000;

export type ChannelPanelToHost =
  | { type: 'ready' }
  | { type: 'loadOlder'; before: string }
  | { type: 'openThread'; rootId: string }
  | { type: 'closeThread' }
  | { type: 'post'; requestId: string; body: string; parentId: string | null }
  | { type: 'edit'; requestId: string; messageId: string; body: string }
  | { type: 'openLink'; url: string }
  | { type: 'copyLink'; url: string }
  | { type: 'openRun'; runId: string }
  /** The webview saw the network come back. */
  | { type: 'online' }
  | { type: 'outboxRetry'; id: number }
  | { type: 'outboxDrop'; id: number }
  | { type: 'outboxEdit'; id: number; body: string }
  /** What the webview shows now (after each change): lets the host and the tests see the DOM's state. */
  | {
      type: 'shown';
      messages: number;
      olderShown: boolean;
      focusedId: string | null;
      /** Day separators, messages grouped under the previous one's header, messages that @mention you. */
      days: number;
      grouped: number;
      mentionsMe: number;
      /** Messages whose header (author, time, "via") is drawn over their own text (a layout fault). */
      overlapping: number;
      /** The saved-copy mark shown over the messages, null when they are the service's. */
      savedCopy: string | null;
    };

/** Non-blank, at most MAX_BODY_LENGTH characters. */
const isBody: FieldCheck = (value) => typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_BODY_LENGTH;
/** A link the person clicked or copied: web or mail only. */
const isLinkUrl = matching(/^(https?:|mailto:)/i, 4096);

export const parseChannelPanelToHost = messageChecker<ChannelPanelToHost>({
  ready: {},
  loadOlder: { before: textUpTo(200) },
  openThread: { rootId: isId },
  closeThread: {},
  post: { requestId: isId, body: isBody, parentId: nullable(isId) },
  edit: { requestId: isId, messageId: isId, body: isBody },
  openLink: { url: isLinkUrl },
  copyLink: { url: isLinkUrl },
  openRun: { runId: isId },
  online: {},
  outboxRetry: { id: isCount },
  outboxDrop: { id: isCount },
  outboxEdit: { id: isCount, body: isBody },
  shown: { messages: isCount, olderShown: isBoolean, focusedId: nullable(isId), days: isCount, grouped: isCount, mentionsMe: isCount, overlapping: isCount, savedCopy: nullable(textUpTo(400)) },
});
