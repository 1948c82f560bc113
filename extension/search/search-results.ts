// What wsc.search and wsc.openMessageLink show and open. vscode-free.
import { parseMessageLink, type Channel, type Message, type MessageLinkResult, type ParsedMessageLink } from '../../shared/index';
import type { OpenChannelArgs } from '../channel-panel/open-channel-args';
import { channelDisplayName } from '../channels/channel-items';
import { snippet } from '../mentions/mention-text';

export interface SearchHitItem {
  label: string;
  description: string;
  detail: string;
  hit: Message;
}

/** A quick pick row of a hit: the text, who wrote it where, and when (in the person's locale). */
export function searchHitItem(hit: Message, channel: Channel | undefined): SearchHitItem {
  const where = channel ? ` in ${channelDisplayName(channel)}` : '';
  return {
    label: snippet(hit.body, 100),
    description: `${hit.author.name}${where}${hit.parent_id ? ' (thread)' : ''}`,
    detail: new Date(hit.created_at).toLocaleString(),
    hit,
  };
}

/** A hit opens in its channel, inside its thread when it is a reply. */
export function openArgsFor(hit: Message): OpenChannelArgs {
  return { channelId: hit.channel_id, threadRootId: hit.parent_id, messageId: hit.id };
}

export const NOT_A_MESSAGE_LINK = 'Not a workspace link (…/w/<workspace>/c/<channel>[/m/<message> | /t/<thread>])';

/** The input box's verdict on a pasted link: undefined when it is a workspace link. */
export function messageLinkInputError(value: string): string | undefined {
  return parseMessageLink(value.trim()) ? undefined : NOT_A_MESSAGE_LINK;
}

/** Where a resolved link opens: its channel, the thread it is in (or names), the message. */
export function openArgsForLink(resolved: MessageLinkResult, parsed: ParsedMessageLink): OpenChannelArgs {
  const root = resolved.root?.id ?? parsed.threadRootId;
  return { channelId: resolved.channel.id, threadRootId: root ?? null, messageId: resolved.message?.id ?? parsed.messageId };
}

/**
 * wsc.search's argument: a query text from a script or another command. The Channels and Mentions
 * views' title-bar button passes the focused row instead, which is no query.
 */
export function searchQueryArg(arg: unknown): string | undefined {
  return typeof arg === 'string' && arg.trim() ? arg : undefined;
}
