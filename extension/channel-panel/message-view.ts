// Message → MessageView for the webview: Markdown rendered and sanitised here, in the host.
import { renderMarkdownHtml, type Channel, type Member, type Message, type OutboxEntry } from '../../shared/index';
import type { ChannelView, MemberView, MessageView, PendingView } from './channel-panel-protocol';

export function toMessageView(message: Message, myUserId: string): MessageView {
  const mine = message.author.kind === 'person' && message.author.id === myUserId;
  return {
    id: message.id,
    parentId: message.parent_id,
    author: { name: message.author.name, handle: message.author.handle, kind: message.author.kind },
    html: renderMarkdownHtml(message.body),
    ...(mine ? { source: message.body } : {}),
    createdAt: message.created_at,
    editedAt: message.edited_at,
    replyCount: message.reply_count,
    mine,
    via: message.via,
    url: message.url,
    runId: message.run_id ?? null,
  };
}

export function toChannelView(channel: Channel): ChannelView {
  return {
    id: channel.id,
    name: channel.name,
    kind: channel.kind,
    description: channel.description,
    archived: channel.archived,
    isMember: channel.is_member,
  };
}

export function toMemberViews(members: readonly Member[]): MemberView[] {
  return members.map((m) => ({ handle: m.handle, name: m.name, kind: m.kind })).sort((a, b) => a.handle.localeCompare(b.handle));
}

/** The channel's waiting posts, and every waiting edit (the webview shows those of messages it has). */
export function toPendingViews(entries: readonly OutboxEntry[], channelId: string): PendingView[] {
  const views: PendingView[] = [];
  for (const entry of entries) {
    const op = entry.operation;
    const error = entry.lastError ? { message: entry.lastError.message, hint: entry.lastError.hint } : null;
    if (op.kind === 'post' && op.channelId === channelId) views.push({ id: entry.id, kind: 'post', body: op.body, parentId: op.parentId ?? null, messageId: null, state: entry.state, error });
    if (op.kind === 'edit') views.push({ id: entry.id, kind: 'edit', body: op.body, parentId: null, messageId: op.messageId, state: entry.state, error });
  }
  return views;
}
