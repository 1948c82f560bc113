// The people list behind @ completion and hovers, against the local service through a proxy that
// counts what reaches it: one load shared by every asker, the stale list served at once while one
// refresh runs, nothing kept or asked after sign-out.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../../../shared/client';
import { PeopleDirectory, PEOPLE_TTL_MS } from '../../../shared';
import { startAnswerProxy, type AnswerProxy } from '../../support/answer-proxy';
import { startEmulator, type TestEmulator } from '../../support/emulator';

let emu: TestEmulator;
let proxy: AnswerProxy;
let client: Client;
let readable: number;

beforeAll(async () => {
  emu = await startEmulator();
  proxy = await startAnswerProxy(emu.url);
  client = new Client({ baseUrl: proxy.url, token: 'hpt_owner_all', clientName: 'people-directory-test' });
  readable = (await client.channels()).filter((c) => !c.archived).length;
});
afterAll(async () => {
  await client.close();
  await proxy.close();
  await emu.stop();
});
beforeEach(() => {
  proxy.requests.length = 0;
});

const apiRequests = () => proxy.requests.filter((r) => r.includes('/api/v1/'));

describe('PeopleDirectory', () => {
  it('warmed once, every later ask within the TTL is answered without a request', async () => {
    const directory = new PeopleDirectory(client);
    await directory.warm();
    const warmed = apiRequests().length;
    expect(warmed).toBe(1 + readable);
    expect(directory.requests).toBe(warmed);
    for (let i = 0; i < 200; i += 1) await directory.people();
    expect(apiRequests()).toHaveLength(warmed);
    expect((await directory.people()).map((p) => p.handle)).toContain('maria');
  });

  it('concurrent first asks share one load', async () => {
    const directory = new PeopleDirectory(client);
    const lists = await Promise.all(Array.from({ length: 10 }, () => directory.people()));
    for (const list of lists) expect(list).toBe(lists[0]);
    expect(apiRequests()).toHaveLength(1 + readable);
  });

  it('a stale list is served at once and refreshed once in the background', async () => {
    let now = 1_000;
    const directory = new PeopleDirectory(client, { now: () => now });
    const first = await directory.people();
    const loaded = apiRequests().length;
    now += PEOPLE_TTL_MS;
    const stale = await Promise.all(Array.from({ length: 10 }, () => directory.people()));
    for (const list of stale) expect(list).toBe(first);
    await directory.idle();
    expect(apiRequests()).toHaveLength(loaded * 2);
    const fresh = await directory.people();
    expect(fresh).not.toBe(first);
    expect(fresh).toEqual(first);
    expect(apiRequests()).toHaveLength(loaded * 2);
  });

  it('after clear() (sign-out) it answers nothing, asks nothing, and keeps no refresh under way', async () => {
    const directory = new PeopleDirectory(client);
    const loading = directory.people();
    directory.clear();
    await loading;
    expect(await directory.people()).toEqual([]);
    const before = apiRequests().length;
    expect(await directory.people()).toEqual([]);
    expect(apiRequests()).toHaveLength(before);
  });

  it('a failed load with nothing held answers [] and is not asked again on every keystroke', async () => {
    let now = 1_000;
    const nowhere = new Client({ baseUrl: 'http://127.0.0.1:9', token: 'hpt_owner_all', clientName: 'people-directory-test', retry: { maxAttempts: 1 } });
    let asked = 0;
    const directory = new PeopleDirectory({ channels: () => (asked++, nowhere.channels()), members: (id) => nowhere.members(id) }, { now: () => now });
    expect(await directory.people()).toEqual([]);
    expect(await directory.people()).toEqual([]);
    expect(asked).toBe(1);
    now += 6_000;
    expect(await directory.people()).toEqual([]);
    expect(asked).toBe(2);
    await nowhere.close();
  });
});
