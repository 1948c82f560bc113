// Links to messages (ours): `{base}/w/{workspaceId}/c/{channelId}[/m/{messageId} | /t/{rootId}]`.
// No schemas here (GET /message-link's are in message-link-lookup.ts): the clients build links cheaply.

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
  // A stray `%` (not an escape) makes the link no link, not a URIError for whoever parses it.
  const workspaceId = decoded(m[1] ?? '');
  const channelId = decoded(m[2] ?? '');
  const target = m[4] ? decoded(m[4]) : null;
  if (workspaceId === null || channelId === null || (m[4] && target === null)) return null;
  return {
    workspaceId,
    channelId,
    messageId: kind === 'm' ? target : null,
    threadRootId: kind === 't' ? target : null,
  };
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
