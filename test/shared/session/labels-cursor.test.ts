// The labels every face prints and the mention cursor every face keeps (shared/session).
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountMentionCursor, authorLabel, describeOutboxOperation, MemoryCursorStore, mentionCursorPath, roomLabel, takeStoreNotices } from '../../../shared';

describe('authorLabel', () => {
  it('names a person, an agent (with the mark), and with the handle where a face has room', () => {
    expect(authorLabel({ name: 'Alice Chen', handle: 'alice', kind: 'person' })).toBe('Alice Chen');
    expect(authorLabel({ name: 'Scout', handle: 'scout', kind: 'agent' })).toBe('Scout [agent]');
    expect(authorLabel({ name: 'Scout', handle: 'scout', kind: 'agent' }, { withHandle: true })).toBe('Scout (@scout) [agent]');
  });

  it('never prints an empty handle or an empty name', () => {
    expect(authorLabel({ name: 'Alice', handle: '', kind: 'person' }, { withHandle: true })).toBe('Alice');
    expect(authorLabel({ name: '', handle: 'alice', kind: 'person' })).toBe('@alice');
    expect(authorLabel(undefined)).toBe('unknown author');
  });
});

describe('room labels of queued writes', () => {
  it('name a DM by @ and its members, a channel by #', () => {
    expect(describeOutboxOperation({ kind: 'post', channelId: 'c', channelName: 'general', body: 'hi' })).toBe('post in #general: "hi"');
    expect(describeOutboxOperation({ kind: 'post', channelId: 'd', channelName: 'Alice Chen, Bob Martínez', channelKind: 'dm', body: 'hi' })).toBe('post in @Alice Chen, Bob Martínez: "hi"');
    expect(roomLabel({ kind: 'dm', name: 'Alice Chen, Bob Martínez' }, { name: 'Alice Chen', handle: 'alice' })).toBe('@Bob Martínez');
    expect(roomLabel({ kind: 'dm', name: 'Alice Chen, Bob Martínez, Carol Diaz' }, 'Alice Chen')).toBe('@Bob Martínez, Carol Diaz');
  });
});

describe('the mention cursor of an account', () => {
  const account = { serviceUrl: 'http://cursor.test', workspaceId: 'w', userId: 'u' };

  it('only moves forward, whatever a face saves', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-cursor-'));
    const cursor = accountMentionCursor(root, account);
    await cursor.save('2026-11-28T10:00:00.000002Z');
    await cursor.save('2026-11-28T09:00:00.000000Z');
    expect(await accountMentionCursor(root, account).load()).toBe('2026-11-28T10:00:00.000002Z');
    await cursor.save('2026-11-28T10:00:00.000003Z');
    expect(await accountMentionCursor(root, account).load()).toBe('2026-11-28T10:00:00.000003Z');
  });

  it('a look back (--since) is this run only; the latest of the former per-face cursors is where it resumes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-cursor-'));
    const formerTui = new MemoryCursorStore('2026-11-28T08:00:00Z');
    const formerCli = new MemoryCursorStore('2026-11-28T09:00:00Z');
    const lookBack = accountMentionCursor(root, account, { formerStores: [formerTui, formerCli], since: '2026-11-01T00:00:00Z' });
    expect(await lookBack.load()).toBe('2026-11-01T00:00:00Z');
    await lookBack.save('2026-11-02T00:00:00Z');
    expect(await accountMentionCursor(root, account, { formerStores: [formerTui, formerCli] }).load()).toBe('2026-11-28T09:00:00Z');
    expect(formerCli.saved).toEqual([]);
  });

  it('a corrupt cursor file is moved aside with a notice, never emptied in place', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wsc-cursor-'));
    const path = mentionCursorPath(root, account);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, '{not json');
    takeStoreNotices();
    expect(await accountMentionCursor(root, account).load()).toBeUndefined();
    const notices = takeStoreNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/could not be read .* moved to .*unreadable-/);
    expect(readdirSync(dirname(path)).some((n) => n.includes('.unreadable-'))).toBe(true);
  });
});
