// The store keeps only a hash of each personal token (spec: "stored only as a hash"): a --data
// file, its WAL and the state dump never hold a token, and the token still works after a restart.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../support/emulator';
import { api, TOKENS } from './support/api';

const dir = mkdtempSync(join(tmpdir(), 'wsc-token-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('token storage', () => {
  it('keeps hashes only, in memory and in a --data file, and the token works after a restart', async () => {
    const dataFile = join(dir, 'ws.sqlite');
    const em = await startEmulator({ dataFile });
    try {
      expect((await api(em.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
      const rows = (await em.control.state()).tables.tokens ?? [];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(String(row.token)).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      await em.stop();
    }
    for (const file of [dataFile, `${dataFile}-wal`]) {
      if (!existsSync(file)) continue;
      const bytes = readFileSync(file).toString('latin1');
      for (const token of Object.values(TOKENS)) expect(bytes.includes(token), `${token} in ${file}`).toBe(false);
    }
    const again = await startEmulator({ dataFile });
    try {
      expect((await api(again.url, TOKENS.maria, 'GET', '/api/v1/me')).status).toBe(200);
      expect((await api(again.url, 'hpt_not_a_token', 'GET', '/api/v1/me')).status).toBe(401);
    } finally {
      await again.stop();
    }
  });
});
