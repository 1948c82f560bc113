// The ONE message union between the channel panel webview and the extension host. vscode-free
// (media/channel-panel.ts imports these types too). Every inbound message is validated with
// parseWebviewMessage before the host acts on it; anything else is dropped and logged.

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

export type HostToWebview =
  | { type: 'init'; channel: ChannelView; me: { userId: string; handle: string }; members: MemberView[] }
  /** 'replace': the newest window; 'prepend': older ones (scroll up); 'append': live, newer. */
  | { type: 'messages'; mode: 'replace' | 'prepend' | 'append'; messages: MessageView[]; hasMore: boolean }
  | { type: 'thread'; root: MessageView; replies: MessageView[]; hasMore: boolean }
  | { type: 'threadReplies'; rootId: string; replies: MessageView[] }
  /** An edit, or a reply count that changed. */
  | { type: 'messageUpdated'; message: MessageView }
  | { type: 'focusMessage'; messageId: string }
  | { type: 'done'; requestId: string }
  | { type: 'failed'; requestId: string | null; message: string; hint: string };

// ---- webview → host (validated) ------------------------------------------------------------

export const MAX_BODY_LENGTH = 40_000;

export type WebviewToHost =
  | { type: 'ready' }
  | { type: 'loadOlder'; before: string }
  | { type: 'openThread'; rootId: string }
  | { type: 'closeThread' }
  | { type: 'post'; requestId: string; body: string; parentId: string | null }
  | { type: 'edit'; requestId: string; messageId: string; body: string }
  | { type: 'openLink'; url: string }
  | { type: 'copyLink'; url: string }
  | { type: 'openRun'; runId: string };

export type WebviewMessageType = WebviewToHost['type'];

type Shape = Record<string, 'id' | 'text' | 'body' | 'url' | 'id|null'>;

const SHAPES: { [K in WebviewMessageType]: Shape } = {
  ready: {},
  loadOlder: { before: 'text' },
  openThread: { rootId: 'id' },
  closeThread: {},
  post: { requestId: 'id', body: 'body', parentId: 'id|null' },
  edit: { requestId: 'id', messageId: 'id', body: 'body' },
  openLink: { url: 'url' },
  copyLink: { url: 'url' },
  openRun: { runId: 'id' },
};

const ID = /^[A-Za-z0-9_.:-]{1,200}$/;

function fieldOk(kind: Shape[string], value: unknown): boolean {
  switch (kind) {
    case 'id':
      return typeof value === 'string' && ID.test(value);
    case 'id|null':
      return value === null || (typeof value === 'string' && ID.test(value));
    case 'text':
      return typeof value === 'string' && value.length > 0 && value.length <= 200;
    case 'body':
      return typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_BODY_LENGTH;
    case 'url':
      return typeof value === 'string' && value.length <= 4096 && /^(https?:|mailto:)/i.test(value);
  }
}

/**
 * The message if it is exactly one of the union's shapes (known type, every field valid, no
 * extra fields), else undefined. Never throws.
 */
export function parseWebviewMessage(data: unknown): WebviewToHost | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  const type = record.type;
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(SHAPES, type)) return undefined;
  const shape = SHAPES[type as WebviewMessageType];
  for (const key of Object.keys(record)) {
    if (key !== 'type' && !Object.prototype.hasOwnProperty.call(shape, key)) return undefined;
  }
  for (const [key, kind] of Object.entries(shape)) {
    if (!fieldOk(kind, record[key])) return undefined;
  }
  return record as unknown as WebviewToHost;
}
