// One member in ~33,000 rooms (more than SQLite's 32,766 bound variables) must not turn
// /search and /me/mentions into a 500 for anyone: the queries take no per-room placeholders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, startEmulator, type TestEmulator } from '../support/emulator';
import { api, IDS, TOKENS, type Loose } from './support/api';

const ROOMS = 33_000;
let em: TestEmulator;

beforeAll(async () => {
  const fixture = loadFixture();
  for (let i = 0; i < ROOMS; i++) {
    const hex = i.toString(16).padStart(12, '0');
    fixture.channels.push({ id: `c1000000-0000-4000-8000-${hex}`, name: `room-${i}`, members: [IDS.mike, IDS.maria] });
  }
  // One DM per room would be unusual; a few hundred make the DM path carry many rooms too.
  for (let i = 0; i < 300; i++) {
    const hex = i.toString(16).padStart(12, '0');
    fixture.channels.push({ id: `c2000000-0000-4000-8000-${hex}`, name: `dm-${i}`, kind: 'dm', members: [IDS.mike, IDS.maria] });
  }
  (fixture.messages ??= []).push({
    id: 'e1000000-0000-4000-8000-000000000001',
    channel_id: `c1000000-0000-4000-8000-${(ROOMS - 1).toString(16).padStart(12, '0')}`,
    author_id: IDS.mike,
    body: '@maria the needle is in the last room',
    created_at: '2026-11-22T09:00:00.000000Z',
  });
  em = await startEmulator({ fixture });
}, 120_000);
afterAll(() => em.stop());

describe('a person in tens of thousands of rooms', () => {
  it('GET /search answers 200 and finds a message in the last room', async () => {
    const r = await api(em.url, TOKENS.maria, 'GET', '/api/v1/search?q=needle');
    expect(r.status).toBe(200);
    expect((r.body.hits as Loose[]).map((m) => m.body)).toEqual(['@maria the needle is in the last room']);
  });

  it('GET /me/mentions answers 200 with the mention from the last room, for the member and for others', async () => {
    const r = await api(em.url, TOKENS.maria, 'GET', '/api/v1/me/mentions?limit=50');
    expect(r.status).toBe(200);
    expect((r.body.mentions as Loose[])[0]).toMatchObject({ body: '@maria the needle is in the last room', reason: 'mention' });
    const other = await api(em.url, TOKENS.owner, 'GET', '/api/v1/me/mentions');
    expect(other.status).toBe(200);
  });
});
