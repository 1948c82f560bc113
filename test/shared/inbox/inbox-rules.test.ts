// The inbox's rules as pure functions and its store on disk: what counts as a change by someone
// else, the order faces show, the cap per source (done ones dropped first).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareTaskLooks, taskSnapshot, type InboxArrival, type TaskRow } from '../../../shared';
import { InboxStore, INBOX_CAP_PER_SOURCE } from '../../../shared/inbox-store';

const ME = 'me-id';
const row = (over: Partial<TaskRow> = {}): TaskRow => ({
  id: 'id-5', number: 5, ref: 'T-5', title: 'Ship it', kind: 'task', status: 'doing', priority: 3, epic_id: null, channel_id: null, labels: [],
  assignee_user_id: ME, assignee_agent_id: null, pr_url: null, updated_at: '2026-11-28T10:00:00.000000Z', ...over,
});

describe('my tasks changed by someone else', () => {
  it('the first look only takes a snapshot', () => {
    expect(compareTaskLooks(undefined, [row()], { me: ME, ownWrites: () => undefined }).arrivals).toEqual([]);
  });

  it('a change I made myself is not news; the same change by someone else is', () => {
    const before = taskSnapshot([row()]);
    const after = [row({ status: 'in_review', updated_at: '2026-11-28T11:00:00.000000Z' })];
    expect(compareTaskLooks(before, after, { me: ME, ownWrites: () => ({ fields: { status: 'in_review' }, at: Date.now() }) }).arrivals).toEqual([]);
    const news = compareTaskLooks(before, after, { me: ME, ownWrites: () => undefined }).arrivals;
    expect(news.map((a) => a.title)).toEqual(['T-5 moved to in review: Ship it']);
  });

  it('a task new in my list was assigned to me; one that left it is asked about', () => {
    const look = compareTaskLooks(taskSnapshot([row()]), [row({ ref: 'T-6', number: 6, id: 'id-6', title: 'New one' })], { me: ME, ownWrites: () => undefined });
    expect(look.arrivals.map((a) => a.title)).toEqual(['T-6 assigned to you: New one']);
    expect(look.left.map((t) => t.ref)).toEqual(['T-5']);
  });
});

describe('the inbox store', () => {
  const arrival = (n: number, at = `2026-11-28T10:00:${String(n % 60).padStart(2, '0')}.${String(n).padStart(6, '0')}Z`): InboxArrival => ({
    id: `message:${n}`, source: 'mention', title: `m${n}`, where: '#general', at, target: { kind: 'message', channelId: 'c', messageId: String(n) },
  });

  it('unread first, then newest; a newer happening of a read item makes it unread again', () => {
    const store = InboxStore.open(join(mkdtempSync(join(tmpdir(), 'wsc-inbox-store-')), 'inbox.sqlite'));
    store.arrive([arrival(1), arrival(2)]);
    store.mark(['message:2'], 'read');
    expect(store.list().map((i) => i.id)).toEqual(['message:1', 'message:2']);
    expect(store.arrive([arrival(2)])).toEqual([]);
    expect(store.arrive([{ ...arrival(2), at: '2026-11-28T12:00:00.000000Z' }]).map((i) => i.id)).toEqual(['message:2']);
    expect(store.get('message:2')?.state).toBe('unread');
    store.close();
  });

  it('holds at most the cap per source, dropping done ones first', () => {
    const store = InboxStore.open(join(mkdtempSync(join(tmpdir(), 'wsc-inbox-store-')), 'inbox.sqlite'));
    store.arrive(Array.from({ length: INBOX_CAP_PER_SOURCE }, (_, i) => arrival(i + 1)));
    store.mark(['message:500'], 'done');
    store.arrive([arrival(INBOX_CAP_PER_SOURCE + 1)]);
    expect(store.list({ done: true })).toHaveLength(INBOX_CAP_PER_SOURCE);
    expect(store.get('message:500')).toBeUndefined();
    expect(store.get('message:1')).toBeDefined();
    store.close();
  });
});
