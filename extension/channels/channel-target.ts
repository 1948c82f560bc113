// Which channel a Channels command acts on, and what it shows about it. vscode-free.
import type { Channel } from '../../shared/index';
import { channelDisplayName } from './channel-items';
import { l10n } from '../l10n';

/** A command run from the tree gets the Channel; from elsewhere, `{channelId}` or an id. */
export function channelIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null) {
    const a = arg as { id?: unknown; channelId?: unknown };
    if (typeof a.channelId === 'string') return a.channelId;
    if (typeof a.id === 'string') return a.id;
  }
  return undefined;
}

/** The channel the argument names among `channels`: 'unknown' when it names one not there, 'ask' when it names none. */
export function channelTarget(arg: unknown, channels: readonly Channel[]): Channel | 'unknown' | 'ask' {
  const id = channelIdOf(arg);
  if (!id) return 'ask';
  return channels.find((c) => c.id === id) ?? 'unknown';
}

export interface ChannelPickItem {
  label: string;
  description: string;
  channel: Channel;
}

export function channelPickItems(channels: readonly Channel[]): ChannelPickItem[] {
  return channels.map((channel) => ({ label: channelDisplayName(channel), description: channel.description, channel }));
}

export function copiedLinkStatus(channel: Channel): string {
  return l10n.t('Copied the link to {0}', channelDisplayName(channel));
}
