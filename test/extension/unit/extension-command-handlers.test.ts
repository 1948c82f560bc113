// The vscode-free halves of the extension's command handlers: channels (which channel a command
// acts on), the channel panel (what opens it, what a restored panel names), search and message
// links, sign-in, the run timeline's restored state.
import { describe, expect, it } from 'vitest';
import type { Channel, Identity, Message, MessageLinkResult } from '../../../shared';
import { signInFlow, serviceUrlAnswer, serviceUrlInputError, tokenAnswer, tokenInputError, type SignInSteps } from '../../../extension/auth/sign-in-flow';
import { describeChannelFailure } from '../../../extension/channel-panel/describe-channel-action';
import { channelIdFromState, openChannelArgsOf } from '../../../extension/channel-panel/open-channel-args';
import { channelDisplayName } from '../../../extension/channels/channel-items';
import { channelIdOf, channelPickItems, channelTarget, copiedLinkStatus } from '../../../extension/channels/channel-target';
import { messageLinkInputError, NOT_A_MESSAGE_LINK, openArgsFor, openArgsForLink, searchHitItem } from '../../../extension/search/search-results';
import { runIdFromState } from '../../../extension/timeline/timeline-state';

const channel = (over: Partial<Channel> = {}): Channel => ({
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

const message = (over: Partial<Message> = {}): Message => ({
  id: 'm1',
  channel_id: 'c1',
  parent_id: null,
  author: { id: 'u1', kind: 'person', name: 'Alice', handle: 'alice' },
  body: 'Ship it **today**',
  created_at: '2026-01-02T03:04:05.000006Z',
  edited_at: null,
  via: null,
  reply_count: 0,
  url: 'http://127.0.0.1:1/w/w1/c/c1/m/m1',
  ...over,
});

describe('channels commands', () => {
  const channels = [channel(), channel({ id: 'd1', name: 'Bob', kind: 'dm', description: '' })];

  it('names channels with # and DMs with @ and the person', () => {
    expect(channels.map((c) => channelDisplayName(c))).toEqual(['#general', '@Bob']);
    expect(copiedLinkStatus(channels[1] as Channel)).toBe('Copied the link to @Bob');
  });

  it('takes the channel from a tree item, {channelId} or an id; asks when none is named', () => {
    expect(channelIdOf('c1')).toBe('c1');
    expect(channelIdOf({ channelId: 'c2', id: 'x' })).toBe('c2');
    expect(channelIdOf(channels[0])).toBe('c1');
    expect(channelIdOf(42)).toBeUndefined();
    expect(channelTarget(channels[1], channels)).toBe(channels[1]);
    expect(channelTarget('gone', channels)).toBe('unknown');
    expect(channelTarget(undefined, channels)).toBe('ask');
    expect(channelTarget('', channels)).toBe('ask');
    expect(channelPickItems(channels).map((i) => i.label)).toEqual(['#general', '@Bob']);
  });
});

describe('channel panel', () => {
  it('wsc.openChannel takes OpenChannelArgs or a Channel', () => {
    expect(openChannelArgsOf({ channelId: 'c1', threadRootId: 't1', messageId: null })).toEqual({ channelId: 'c1', threadRootId: 't1', messageId: null });
    expect(openChannelArgsOf(channel())).toEqual({ channelId: 'c1' });
    expect(openChannelArgsOf({ channelId: '' })).toBeUndefined();
    expect(openChannelArgsOf({ channelId: 'c1', messageId: 3 })).toBeUndefined();
    expect(openChannelArgsOf('c1')).toBeUndefined();
  });

  it('a restored panel names its channel through the saved state', () => {
    expect(channelIdFromState({ channelId: 'c1', draft: 'x' })).toBe('c1');
    expect(channelIdFromState({ channelId: null })).toBeUndefined();
    expect(channelIdFromState(undefined)).toBeUndefined();
  });

  it('failures say what could not be done', () => {
    expect(describeChannelFailure({ type: 'post', requestId: 'r', body: 'x', parentId: null })).toBe('Could not post the message');
    expect(describeChannelFailure({ type: 'ready' })).toBe('Could not load the channel');
  });
});

describe('search and message links', () => {
  it('a hit shows its text, author, room and thread, and opens in its thread', () => {
    const hit = message({ parent_id: 'm0' });
    const item = searchHitItem(hit, channel());
    expect(item.label).toContain('Ship it');
    expect(item.description).toBe('Alice in #general (thread)');
    expect(item.hit).toBe(hit);
    expect(searchHitItem(message(), undefined).description).toBe('Alice');
    expect(openArgsFor(hit)).toEqual({ channelId: 'c1', threadRootId: 'm0', messageId: 'm1' });
  });

  it('a pasted link is checked, then opens where the service says it points', () => {
    expect(messageLinkInputError(' http://127.0.0.1:1/w/w1/c/c1/m/m1 ')).toBeUndefined();
    expect(messageLinkInputError('https://example.com/')).toBe(NOT_A_MESSAGE_LINK);
    const parsed = { workspaceId: 'w1', channelId: 'c1', messageId: 'm2', threadRootId: null };
    const reply: MessageLinkResult = { channel: channel(), message: message({ id: 'm2', parent_id: 'm0' }), root: message({ id: 'm0' }) };
    expect(openArgsForLink(reply, parsed)).toEqual({ channelId: 'c1', threadRootId: 'm0', messageId: 'm2' });
    const channelOnly: MessageLinkResult = { channel: channel(), message: null, root: null };
    expect(openArgsForLink(channelOnly, { ...parsed, messageId: null })).toEqual({ channelId: 'c1', threadRootId: null, messageId: null });
  });
});

describe('sign-in', () => {
  const identity: Identity = { kind: 'person', userId: 'u1', name: 'Alice', workspaceId: 'w1', workspace: 'Acme', note: '', handle: 'alice' };

  function steps(over: Partial<SignInSteps> & { url?: string } = {}): SignInSteps & { written: string[]; notes: string[]; tokens: string[] } {
    let url = over.url ?? '';
    const written: string[] = [];
    const notes: string[] = [];
    const tokens: string[] = [];
    return {
      written,
      notes,
      tokens,
      serviceUrl: () => url,
      writeServiceUrl: async (next) => {
        written.push(next);
        url = next;
      },
      askServiceUrl: async () => 'http://127.0.0.1:9',
      askToken: async () => 'hpt_asked',
      signIn: async (token) => {
        tokens.push(token);
        return identity;
      },
      notify: (m) => notes.push(m),
      ...over,
    };
  }

  it('asks for the address when none is set, then the token, and says who signed in', async () => {
    const s = steps();
    expect(await signInFlow(s)).toBe(identity);
    expect(s.written).toEqual(['http://127.0.0.1:9']);
    expect(s.tokens).toEqual(['hpt_asked']);
    expect(s.notes).toEqual(['Signed in as Alice (@alice) to Acme.']);
  });

  it('an argument skips the questions and signs in quietly', async () => {
    const s = steps({ askServiceUrl: async () => { throw new Error('asked'); }, askToken: async () => { throw new Error('asked'); } });
    expect(await signInFlow(s, { token: 'hpt_given', serviceUrl: 'http://127.0.0.1:7//' })).toBe(identity);
    expect(s.written).toEqual(['http://127.0.0.1:7']);
    expect(s.tokens).toEqual(['hpt_given']);
    expect(s.notes).toEqual([]);
  });

  it('a cancelled question signs nobody in', async () => {
    const noUrl = steps({ askServiceUrl: async () => undefined });
    expect(await signInFlow(noUrl)).toBeUndefined();
    const noToken = steps({ url: 'http://127.0.0.1:9', askToken: async () => undefined });
    expect(await signInFlow(noToken)).toBeUndefined();
    expect(noToken.tokens).toEqual([]);
  });

  it('checks and trims the answers', () => {
    expect(serviceUrlInputError('http://127.0.0.1:8787')).toBeUndefined();
    expect(serviceUrlInputError('127.0.0.1')).toMatch(/http\(s\)/);
    expect(serviceUrlAnswer(' https://w.example.com/ ')).toBe('https://w.example.com');
    expect(serviceUrlAnswer('')).toBeUndefined();
    expect(serviceUrlAnswer(undefined)).toBeUndefined();
    expect(tokenInputError('  ')).toBeDefined();
    expect(tokenAnswer(' hpt_x ')).toBe('hpt_x');
    expect(tokenAnswer('  ')).toBeUndefined();
  });
});

describe('run timeline restore', () => {
  it('a restored timeline names a plausible run id, else nothing', () => {
    expect(runIdFromState({ runId: 'b0000000-0000-4000-8000-000000000001', filter: 'x' })).toBe('b0000000-0000-4000-8000-000000000001');
    expect(runIdFromState({ runId: '../etc' })).toBeUndefined();
    expect(runIdFromState(null)).toBeUndefined();
  });
});
