import { describe, expect, it } from 'vitest';
import { parseChannelPanelToHost } from '../../../extension/channel-panel/channel-panel-protocol';
import { toPendingViews } from '../../../extension/channel-panel/message-view';
import { countLabel, describeOutboxEntry } from '../../../extension/outbox/describe-entry';
import type { OutboxEntry } from '../../../shared';

const base = { idempotencyKey: 'k', createdAt: 0, attempts: 1 } as const;
const refused = { code: 'conflict', message: 'The channel is archived.', hint: 'Restore it first.', status: 409 };
const entries: OutboxEntry[] = [
  { ...base, id: 1, state: 'pending', operation: { kind: 'post', channelId: 'c1', channelName: 'general', body: 'hello' } },
  { ...base, id: 2, state: 'failed', lastError: refused, operation: { kind: 'post', channelId: 'c1', body: 'a reply', parentId: 'm1' } },
  { ...base, id: 3, state: 'pending', operation: { kind: 'post', channelId: 'c2', body: 'elsewhere' } },
  { ...base, id: 4, state: 'pending', operation: { kind: 'edit', messageId: 'm9', body: 'fixed' } },
  { ...base, id: 5, state: 'pending', operation: { kind: 'task_update', taskRef: 'T-1', patch: { status: 'done' } } },
];

describe('the outbox in the channel panel', () => {
  it("shows the channel's posts and every edit, with the service's words on a refused one", () => {
    expect(toPendingViews(entries, 'c1')).toEqual([
      { id: 1, kind: 'post', body: 'hello', parentId: null, messageId: null, state: 'pending', error: null },
      { id: 2, kind: 'post', body: 'a reply', parentId: 'm1', messageId: null, state: 'failed', error: { message: refused.message, hint: refused.hint } },
      { id: 4, kind: 'edit', body: 'fixed', parentId: null, messageId: 'm9', state: 'pending', error: null },
    ]);
  });

  it('accepts the Edit / Retry / Drop and online messages, and refuses a bad id or blank text', () => {
    for (const m of [{ type: 'outboxRetry', id: 2 }, { type: 'outboxDrop', id: 2 }, { type: 'outboxEdit', id: 2, body: 'new text' }, { type: 'online' }]) {
      expect(parseChannelPanelToHost(m), JSON.stringify(m)).toEqual(m);
    }
    for (const m of [{ type: 'outboxRetry', id: '2' }, { type: 'outboxDrop', id: -1 }, { type: 'outboxEdit', id: 2, body: '  ' }, { type: 'outboxDrop', id: 1.5 }]) {
      expect(parseChannelPanelToHost(m), JSON.stringify(m)).toBeNull();
    }
  });

  it('names entries and counts for the quick pick and the sign-out question', () => {
    expect(describeOutboxEntry(entries[0]!)).toEqual({ label: '$(clock) post in #general: "hello"', detail: 'Waiting to send' });
    expect(describeOutboxEntry(entries[1]!).detail).toBe('Not sent (refused) — The channel is archived. Restore it first.');
    expect(describeOutboxEntry(entries[4]!).label).toMatch(/^\$\(clock\) update of T-1: /);
    expect([countLabel(1), countLabel(3)]).toEqual(['1 unsent message', '3 unsent messages']);
  });
});
