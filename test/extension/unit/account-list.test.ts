// The account list (no tokens) in a Memento-like store, and what the account pick offers.
import { describe, expect, it } from 'vitest';
import type { Identity } from '../../../shared';
import { accountIdFor, accountLabel, AccountList, accountSecretKey, storedAccount, type AccountStore } from '../../../extension/auth/account-list';
import { accountPicks } from '../../../extension/auth/account-picks';
import { secretKeyFor } from '../../../extension/auth/secret-key';

class MemoryStore implements AccountStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

const olivia: Identity = { kind: 'person', userId: 'u1', workspaceId: 'w1', name: 'Olivia Owner', handle: 'olivia', workspace: 'Acme Test', note: '' };
const client: Identity = { ...olivia, workspaceId: 'w2', workspace: 'Client Co' };

describe('the account list', () => {
  it('keys an account by service origin, workspace and person; its token key differs from the former per-service key', () => {
    expect(accountIdFor('http://127.0.0.1:5/base/', olivia)).toBe('http://127.0.0.1:5#w1/u1');
    expect(accountIdFor('http://127.0.0.1:5', client)).not.toBe(accountIdFor('http://127.0.0.1:5', olivia));
    expect(accountSecretKey(accountIdFor('http://127.0.0.1:5', olivia))).not.toBe(secretKeyFor('http://127.0.0.1:5'));
    expect(accountLabel(olivia)).toBe('Olivia Owner · Acme Test');
  });

  it('keeps several accounts, the active one first on its service; removing one keeps the others and clears the active mark only for it', async () => {
    const store = new MemoryStore();
    const list = new AccountList(store);
    const work = storedAccount('http://127.0.0.1:5', olivia);
    const other = storedAccount('http://127.0.0.1:5', client);
    await list.put(work);
    await list.put(other);
    await list.setActive(other.id);
    expect(list.all().map((a) => a.id)).toEqual([work.id, other.id]);
    expect(list.onService('http://127.0.0.1:5/').map((a) => a.id)).toEqual([other.id, work.id]);
    expect(list.onService('http://127.0.0.1:6')).toEqual([]);
    await list.remove(work.id);
    expect(list.activeId()).toBe(other.id);
    await list.remove(other.id);
    expect(list.all()).toEqual([]);
    expect(list.activeId()).toBeUndefined();
    expect(JSON.stringify([...store.values])).not.toContain('hpt_');
  });

  it('the pick lists every account (the active one checked), then Add Account… and Sign Out of each', () => {
    const work = storedAccount('http://127.0.0.1:5', olivia);
    const other = storedAccount('http://127.0.0.1:6', client);
    const picks = accountPicks([work, other], other.id);
    expect(picks.map((p) => p.label)).toEqual([
      '$(account) Olivia Owner · Acme Test',
      '$(check) Olivia Owner · Client Co',
      '$(add) Add Account…',
      '$(sign-out) Sign Out of Olivia Owner · Acme Test…',
      '$(sign-out) Sign Out of Olivia Owner · Client Co…',
    ]);
    expect(picks[1]?.description).toBe('@olivia · 127.0.0.1:6 · active');
    expect(picks.map((p) => p.choice)).toEqual([
      { kind: 'switch', accountId: work.id },
      { kind: 'switch', accountId: other.id },
      { kind: 'add' },
      { kind: 'signOut', accountId: work.id },
      { kind: 'signOut', accountId: other.id },
    ]);
  });
});
