// Free text in queries is bounded by the route's schema: an over-long search is a 400 that says
// how long it may be (not SQLite's "LIKE or GLOB pattern too complex" as a 500), and LIKE
// wildcards in a search are matched literally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/contract';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { TOKENS } from './support/api';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => emu.stop());

async function get(path: string): Promise<{ status: number; body: { error?: { code: string; message: string; hint: string } } & Record<string, unknown> }> {
  const res = await fetch(`${emu.url}${path}`, { headers: { authorization: `Bearer ${TOKENS.owner}` } });
  return { status: res.status, body: (await res.json()) as never };
}

describe('free-text query parameters', () => {
  const long = 'a'.repeat(5_000);
  for (const path of ['/api/v1/search?q=', '/api/v1/tasks?q=', '/api/v1/docs?q=']) {
    it(`${path.split('?')[0]}: a 5,000-character q is a 400 naming the bound`, async () => {
      const answer = await get(`${path}${long}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.code).toBe('invalid_request');
      expect(answer.body.error?.message).toContain(`${LIMITS.queryTextMax}`);
    });
  }

  it('matches % and _ literally in a search', async () => {
    const all = await get(`/api/v1/search?q=${encodeURIComponent('%%')}`);
    expect(all.status).toBe(200);
    expect(all.body.hits).toEqual([]);
    const underscores = await get(`/api/v1/tasks?q=${encodeURIComponent('__')}`);
    expect(underscores.status).toBe(200);
    expect(underscores.body.tasks).toEqual([]);
  });
});
