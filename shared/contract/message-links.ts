// Links to messages (ours): `{base}/w/{workspaceId}/c/{channelId}[/m/{messageId} | /t/{rootId}]`

import type { Channel } from './channels';
import type { Message } from './messages';

/** (ours) GET /message-link: the channel, and the message with its thread root when the URL names one. */
export interface MessageLinkResult {
  channel: Channel;
  message: Message | null;
  /** The thread root when the message is a reply or the URL names a thread. */
  root: Message | null;
}

export interface ParsedMessageLink {
  workspaceId: string;
  channelId: string;
  messageId: string | null;
  threadRootId: string | null;
}

export function messageUrl(baseUrl: string, workspaceId: string, channelId: string, messageId?: string): string {
  const base = `${baseUrl.replace(/\/+$/, '')}/w/${encodeURIComponent(workspaceId)}/c/${encodeURIComponent(channelId)}`;
  return messageId ? `${base}/m/${encodeURIComponent(messageId)}` : base;
}

export function threadUrl(baseUrl: string, workspaceId: string, channelId: string, rootId: string): string {
  return `${messageUrl(baseUrl, workspaceId, channelId)}/t/${encodeURIComponent(rootId)}`;
}

export function parseMessageLink(url: string): ParsedMessageLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const m = /\/w\/([^/]+)\/c\/([^/]+)(?:\/(m|t)\/([^/]+))?\/?$/.exec(parsed.pathname);
  if (!m) return null;
  const kind = m[3];
  const target = m[4] ? decodeURIComponent(m[4]) : null;
  return {
    workspaceId: decodeURIComponent(m[1] ?? ''),
    channelId: decodeURIComponent(m[2] ?? ''),
    messageId: kind === 'm' ? target : null,
    threadRootId: kind === 't' ? target : null,
  };
}
