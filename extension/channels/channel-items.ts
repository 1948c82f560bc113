// What a channel row looks like (vscode-free; channels-tree.ts maps it onto a TreeItem).
import { roomLabel, type Channel, type RoomReader } from '../../shared/index';
import { channelContextValue } from '../context-values';
import { isCodicon } from './codicon-names';
import { l10n } from '../l10n';

export interface ChannelRowState {
  unread: boolean;
  mentions: number;
  muted: boolean;
}

export interface ChannelRowModel {
  id: string;
  label: string;
  /** Codicon id: the room's own when VS Code has it, else the kind's default (one icon column for all). */
  icon: string;
  /** Hex colour of the room icon (for the tooltip; tree icons take theme colours only). */
  color: string | null;
  description: string;
  tooltip: string;
  /** `channel[:notMember]:(muted|unmuted)`: menus match on it. */
  contextValue: string;
  unread: boolean;
}

export interface RoomIcon {
  kind: 'emoji' | 'icon';
  value: string;
  color: string | null;
}

/** `emoji:<glyph>[:#rrggbb]` or `icon:<name>[:#rrggbb]`; anything else is the default icon. */
export function parseRoomIcon(roomIcon: string | null): RoomIcon | null {
  if (!roomIcon) return null;
  const m = /^(emoji|icon):([^:]+)(?::(#[0-9a-fA-F]{6}))?$/.exec(roomIcon);
  if (!m || !m[2]) return null;
  if (m[1] === 'icon' && !/^[a-z0-9-]+$/.test(m[2])) return null;
  return { kind: m[1] as 'emoji' | 'icon', value: m[2], color: m[3] ?? null };
}

export function defaultChannelIcon(channel: Pick<Channel, 'kind' | 'private'>): string {
  if (channel.kind === 'dm') return 'account';
  return channel.private ? 'lock' : 'comment-discussion';
}

/** How a channel is named everywhere in the extension: the shared room label (`#general`, `@Bob Martínez`). */
export function channelDisplayName(channel: Pick<Channel, 'kind' | 'name'>, selfName?: RoomReader): string {
  return roomLabel(channel, selfName);
}

export function channelRow(channel: Channel, state: ChannelRowState, selfName?: RoomReader): ChannelRowModel {
  const room = parseRoomIcon(channel.room_icon);
  const name = channelDisplayName(channel, selfName);
  const label = name;
  const parts: string[] = [];
  // An emoji room icon leads the description: the icon column stays codicons only.
  if (room?.kind === 'emoji') parts.push(room.value);
  if (state.mentions > 0) parts.push(`@${state.mentions}`);
  if (state.unread) parts.push('●');
  if (state.muted) parts.push(l10n.t('muted'));
  if (!channel.is_member && channel.kind === 'channel') parts.push(l10n.t('not joined'));
  const tooltipLines = [
    name,
    channel.description,
    channel.kind === 'dm' ? l10n.t('Direct message') : channel.private ? l10n.t('Private channel') : l10n.t('Public channel'),
    state.mentions === 1 ? l10n.t('{0} unread mention', 1) : state.mentions > 1 ? l10n.t('{0} unread mentions', state.mentions) : '',
    state.unread ? l10n.t('New messages') : '',
    state.muted ? l10n.t('Muted on this machine') : '',
  ].filter(Boolean);
  return {
    id: channel.id,
    label,
    icon: room?.kind === 'icon' && isCodicon(room.value) ? room.value : defaultChannelIcon(channel),
    color: room?.color ?? null,
    description: parts.join(' '),
    tooltip: tooltipLines.join('\n'),
    contextValue: channelContextValue({ isMember: channel.is_member === true, muted: state.muted }),
    unread: state.unread || state.mentions > 0,
  };
}

/** Archived hidden; channels before DMs; then by name. */
export function visibleChannels(channels: readonly Channel[]): Channel[] {
  return channels
    .filter((c) => !c.archived)
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'channel' ? -1 : 1));
}

export type ChannelSectionKind = 'channel' | 'dm';

/** The Channels view's headings: "Channels" and "Direct messages", each with its rows (empty ones left out). */
export function channelSections(channels: readonly Channel[]): { kind: ChannelSectionKind; label: string; channels: Channel[] }[] {
  return [
    { kind: 'channel' as const, label: l10n.t('Channels'), channels: channels.filter((c) => c.kind !== 'dm') },
    { kind: 'dm' as const, label: l10n.t('Direct messages'), channels: channels.filter((c) => c.kind === 'dm') },
  ].filter((s) => s.channels.length > 0);
}
