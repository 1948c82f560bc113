import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../shared';
import { channelDisplayName, channelRow, channelSections, parseRoomIcon, visibleChannels } from '../../../extension/channels/channel-items';
import { ChannelState } from '../../../extension/channels/channel-state';
import { memoryStore } from '../../support/memory-store';

const channel = (over: Partial<Channel>): Channel => ({
  id: 'c1',
  name: 'general',
  description: 'All hands',
  kind: 'channel',
  private: false,
  archived: false,
  room_icon: null,
  is_member: true,
  last_message_at: '2026-01-01T00:00:00.000001Z',
  ...over,
});

describe('channel rows', () => {
  it('parses room icons and ignores malformed ones', () => {
    expect(parseRoomIcon('emoji:🚀')).toEqual({ kind: 'emoji', value: '🚀', color: null });
    expect(parseRoomIcon('icon:rocket:#ff0000')).toEqual({ kind: 'icon', value: 'rocket', color: '#ff0000' });
    expect(parseRoomIcon('icon:Bad Name')).toBeNull();
    expect(parseRoomIcon('nonsense')).toBeNull();
    expect(parseRoomIcon(null)).toBeNull();
  });

  it('builds label, icon, badges and the context value menus match on', () => {
    const plain = channelRow(channel({}), { unread: false, mentions: 0, muted: false });
    expect(plain).toMatchObject({ label: '#general', icon: 'comment-discussion', description: '', contextValue: 'channel:member:unmuted', unread: false });
    const emoji = channelRow(channel({ room_icon: 'emoji:🚀' }), { unread: true, mentions: 2, muted: false });
    // One icon column: an emoji leads the description, the kind's codicon stays the icon.
    expect(emoji).toMatchObject({ label: '#general', icon: 'comment-discussion', description: '🚀 @2 ●', unread: true });
    expect(emoji.tooltip).toContain('2 unread mentions');
    const dm = channelRow(channel({ kind: 'dm', name: 'Bob' }), { unread: false, mentions: 0, muted: true });
    expect(dm).toMatchObject({ label: '@Bob', icon: 'account', contextValue: 'channel:member:muted', description: 'muted' });
    const notJoined = channelRow(channel({ is_member: false, private: false, room_icon: 'icon:beaker' }), { unread: false, mentions: 0, muted: false });
    expect(notJoined).toMatchObject({ icon: 'beaker', contextValue: 'channel:notMember:unmuted', description: 'not joined' });
    expect(channelRow(channel({ private: true }), { unread: false, mentions: 0, muted: false }).icon).toBe('lock');
    // Not a codicon VS Code can draw: the default instead of an empty icon column.
    expect(channelRow(channel({ room_icon: 'icon:handshake' }), { unread: false, mentions: 0, muted: false }).icon).toBe('comment-discussion');
  });

  it('puts channels and direct messages under their own headings, leaving an empty one out', () => {
    const sections = channelSections([channel({ id: 'a' }), channel({ id: 'd', kind: 'dm', name: 'Bob' })]);
    expect(sections.map((s) => [s.label, s.channels.map((c) => c.id)])).toEqual([['Channels', ['a']], ['Direct messages', ['d']]]);
    expect(channelSections([channel({ id: 'a' })]).map((s) => s.label)).toEqual(['Channels']);
  });

  it('names a DM by the other people in it, without yourself', () => {
    const dm = channel({ kind: 'dm', name: 'Alice Chen, Bob Martínez' });
    expect(channelRow(dm, { unread: false, mentions: 0, muted: false }, 'Alice Chen').label).toBe('@Bob Martínez');
    expect(channelDisplayName(channel({ kind: 'dm', name: 'Alice Chen, Bob B, Carla C' }), 'Bob B')).toBe('@Alice Chen, Carla C');
    expect(channelDisplayName(channel({ kind: 'dm', name: 'Alice Chen' }), 'Alice Chen')).toBe('@Alice Chen');
    expect(channelDisplayName(channel({ name: 'general' }), 'general')).toBe('#general');
  });

  it('hides archived channels and lists channels before DMs, by name', () => {
    const list = visibleChannels([
      channel({ id: 'd', kind: 'dm', name: 'Alice' }),
      channel({ id: 'z', name: 'zeta' }),
      channel({ id: 'a', name: 'alpha' }),
      channel({ id: 'x', name: 'old', archived: true }),
    ]);
    expect(list.map((c) => c.id)).toEqual(['a', 'z', 'd']);
  });
});

describe('ChannelState', () => {
  it('baselines unseen channels as read, then marks new activity unread until read', async () => {
    const state = new ChannelState(memoryStore());
    const c = channel({ last_message_at: '2026-01-01T00:00:01.000000Z' });
    expect(state.isUnread(c)).toBe(false);
    await state.baseline([c]);
    expect(state.isUnread(c)).toBe(false);
    const newer = { ...c, last_message_at: '2026-01-01T00:00:02.000000Z' };
    expect(state.isUnread(newer)).toBe(true);
    await state.markRead(c.id, newer.last_message_at);
    expect(state.isUnread(newer)).toBe(false);
    await state.markRead(c.id, '2025-01-01T00:00:00.000000Z');
    expect(state.lastRead(c.id)).toBe(newer.last_message_at);
  });

  it('mutes locally; a muted channel is never unread', async () => {
    const state = new ChannelState(memoryStore());
    let changes = 0;
    state.onChange(() => changes++);
    await state.baseline([channel({ last_message_at: '2026-01-01T00:00:00.000000Z' })]);
    await state.setMuted('c1', true);
    expect(state.isMuted('c1')).toBe(true);
    expect(state.isUnread(channel({ last_message_at: '2027-01-01T00:00:00.000000Z' }))).toBe(false);
    await state.setMuted('c1', false);
    expect(state.isMuted('c1')).toBe(false);
    expect(changes).toBe(2);
  });
});
