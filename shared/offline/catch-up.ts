/**
 * After a reconnect, brings each kept channel and thread up to date from its newest kept message,
 * walking forward with the shared paging loop (so nothing between the kept position and now is
 * skipped), and the inbox from its newest kept row with the same `since` rule as the live feed.
 */
import type { Client } from '../client';
import { compareTimestamps } from '../timestamps';
import type { MentionRow, Message } from '../contract';
import type { OfflineCache, MessageScope } from './cache-store';

export interface CatchUpResult {
  /** Messages added per kept scope ("channel:<id>" / "thread:<id>"). */
  readonly added: Record<string, number>;
  readonly mentionsAdded: number;
  /** Scopes that could not be caught up, with the reason (e.g. access removed). */
  readonly failed: Record<string, string>;
}

function label(scope: MessageScope): string {
  return 'channel' in scope ? `channel:${scope.channel}` : `thread:${scope.thread}`;
}

async function newerThan(client: Client, scope: MessageScope, from: string | undefined): Promise<Message[]> {
  const found: Message[] = [];
  const walk =
    'channel' in scope
      ? client.iterateMessages(scope.channel, { direction: 'newer', from })
      : client.iterateReplies(scope.thread, { direction: 'newer', from });
  for await (const m of walk) found.push(m);
  return found;
}

export async function catchUpCache(client: Client, cache: OfflineCache): Promise<CatchUpResult> {
  const added: Record<string, number> = {};
  const failed: Record<string, string> = {};
  for (const { scope, newest } of cache.scopes()) {
    try {
      const fresh = await newerThan(client, scope, newest);
      cache.putMessages(scope, fresh);
      added[label(scope)] = fresh.length;
    } catch (e) {
      failed[label(scope)] = e instanceof Error ? e.message : String(e);
    }
  }
  const inbox = cache.get<MentionRow[]>('mentions')?.value ?? [];
  const since = inbox[0]?.created_at;
  let mentionsAdded = 0;
  try {
    const fresh: MentionRow[] = [];
    let cursor = since;
    for (;;) {
      const page = await client.mentions(cursor === undefined ? {} : { since: cursor });
      fresh.push(...page.mentions);
      if (!page.hasMore || page.mentions.length === 0 || cursor === undefined) break;
      cursor = page.mentions[0]?.created_at;
    }
    const known = new Set(inbox.map((m) => m.id));
    mentionsAdded = fresh.filter((m) => !known.has(m.id)).length;
    const merged = new Map<string, MentionRow>([...inbox, ...fresh].map((m) => [m.id, m]));
    cache.put('mentions', '', [...merged.values()].sort((a, b) => compareTimestamps(b.created_at, a.created_at)));
  } catch (e) {
    failed.mentions = e instanceof Error ? e.message : String(e);
  }
  return { added, mentionsAdded, failed };
}
