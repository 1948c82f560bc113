// Held mention long-polls, indexed so a posted message wakes only the polls it can concern: those
// whose handle it can mention (the same tokens as the mention index, store/mention-tokens.ts) and,
// for a DM, those of the DM's members. With 1,000 polls held, a post costs a few map lookups instead
// of 1,000 listener calls and pattern tests. One bus subscription per service (mentionsModule.start).
import type { BusEvents } from '../bus';
import { indexableHandle, mentionToken, mentionTokens } from '../store/mention-tokens';
import type { Services } from '../types';

type Posted = BusEvents['message.posted'];

export interface Waiter {
  personId: string;
  handle: string;
  /** Called for each posted message that may be addressed to this person (the waiter decides). */
  wake(event: Posted): void;
}

export class MentionWaiters {
  private readonly byToken = new Map<string, Set<Waiter>>();
  private readonly byPerson = new Map<string, Set<Waiter>>();
  /** Handles without a token (whitespace, '@', very long): checked on every post. */
  private readonly unindexed = new Set<Waiter>();

  constructor(private readonly svc: Services) {}

  add(waiter: Waiter): () => void {
    const token = indexableHandle(waiter.handle) ? mentionToken(waiter.handle) : null;
    if (token === null) this.unindexed.add(waiter);
    else addTo(this.byToken, token, waiter);
    addTo(this.byPerson, waiter.personId, waiter);
    return () => {
      if (token === null) this.unindexed.delete(waiter);
      else removeFrom(this.byToken, token, waiter);
      removeFrom(this.byPerson, waiter.personId, waiter);
    };
  }

  posted(event: Posted): void {
    if (this.byPerson.size === 0) return;
    const woken = new Set<Waiter>(this.unindexed);
    for (const token of mentionTokens(event.message.body)) for (const w of this.byToken.get(token) ?? []) woken.add(w);
    if (event.channel.kind === 'dm') {
      const members = this.svc.db.prepare('SELECT member_id FROM channel_members WHERE channel_id = ?').all(event.channel.id) as { member_id: string }[];
      for (const { member_id } of members) for (const w of this.byPerson.get(member_id) ?? []) woken.add(w);
    }
    for (const w of woken) w.wake(event);
  }
}

function addTo(map: Map<string, Set<Waiter>>, key: string, waiter: Waiter): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(waiter);
}

function removeFrom(map: Map<string, Set<Waiter>>, key: string, waiter: Waiter): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(waiter);
  if (set.size === 0) map.delete(key);
}
