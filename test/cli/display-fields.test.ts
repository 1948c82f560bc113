// A display field the service names otherwise is filled with a placeholder so the command works,
// and said once on stderr with the field and `wsc doctor`; a doc without a readable version is
// named as such by `doc put`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { startAnswerProxy, type AnswerProxy } from '../support/answer-proxy';
import { renameFields } from '../../emulator/variants';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const TOKEN = 'hpt_member_rw';
let emu: TestEmulator;
let proxy: AnswerProxy;

beforeAll(async () => {
  emu = await startEmulator({ variant: 'default' });
  proxy = await startAnswerProxy(emu.url, { rewriteAnswer: (_path, body) => renameFields(body, { author: 'poster', kind: 'type' }) });
});
afterAll(async () => {
  await proxy.close();
  await emu.stop();
});

const viaProxy = () => cliEnv(makeHome(), { url: proxy.url, token: TOKEN });
const notes = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('wsc: note:'));

describe('a display field absent from every row', () => {
  it('channels: still listed, and one stderr line names channels[].kind and wsc doctor', async () => {
    const r = await runWsc(['channels'], { env: viaProxy() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('general');
    // Only what the channel list lacks (the offline cache's one look at GET /me may add its own note).
    const said = notes(r.stderr).filter((l) => l.includes('GET /api/v1/channels'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('"channels[].kind"');
    expect(said[0]).toContain('GET /api/v1/channels');
    expect(said[0]).toContain('"channel"');
    expect(said[0]).toContain('wsc doctor');
  });

  it('read: the messages show, and the missing author is said once, not per message', async () => {
    const r = await runWsc(['read', '#general', '--limit', '5'], { env: viaProxy() });
    expect(r.code).toBe(0);
    const said = notes(r.stderr).filter((l) => l.includes('author'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('"messages[].author"');
    expect(said[0]).toContain('"unknown author"');
  });

  it('read --json: every field as the service sent it (the renamed poster and type kept; no placeholder author added)', async () => {
    const r = await runWsc(['read', '#general', '--limit', '5', '--json'], { env: viaProxy() });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).toHaveProperty('poster');
      expect(line).not.toHaveProperty('author');
      expect(line.poster).toHaveProperty('type');
    }
  });

  it('says nothing against a service that names every field as documented', async () => {
    const r = await runWsc(['channels'], { env: cliEnv(makeHome(), { url: emu.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});

describe('doc put against a service whose docs have no readable version', () => {
  let other: TestEmulator;
  beforeAll(async () => {
    other = await startEmulator({ variant: 'other-names' });
  });
  afterAll(async () => {
    await other.stop();
  });

  it('says the doc has no version field and points at wsc doctor (exit 6)', async () => {
    const home = makeHome();
    const file = join(home, 'body.md');
    writeFileSync(file, '# New text\n');
    const r = await runWsc(['doc', 'put', 'd0000000-0000-4000-8000-000000000003', file], { env: cliEnv(home, { url: other.url, token: TOKEN }) });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('has no version field ("updated_at")');
    expect(r.stderr).toContain('wsc doctor');
    expect(r.stderr).toContain('needs a service that states their version');
  });
});

describe('a service that sends author_id instead of the author object', () => {
  let authorIds: AnswerProxy;
  const onlyIds = (body: unknown): unknown => {
    if (Array.isArray(body)) return body.map(onlyIds);
    if (body === null || typeof body !== 'object') return body;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body)) {
      if (key === 'author' && value !== null && typeof value === 'object' && 'body' in body) out.author_id = (value as { id?: unknown }).id;
      else out[key] = onlyIds(value);
    }
    return out;
  };
  beforeAll(async () => {
    authorIds = await startAnswerProxy(emu.url, { rewriteAnswer: (_path, body) => onlyIds(body) });
  });
  afterAll(async () => {
    await authorIds.close();
  });

  it('read names each author from author_id and the channel\'s people, never "unknown author (@)"', async () => {
    const r = await runWsc(['read', '#general', '--limit', '5'], { env: cliEnv(makeHome(), { url: authorIds.url, token: TOKEN }) });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('(@)');
    expect(r.stdout).toContain('Olivia Owner');
    expect(r.stdout).toContain('Helper [agent]');
    // One the channel's people no longer include (Mike left #general) is named by id, not left blank.
    expect(r.stdout).toContain('unknown author (a0000000-0000-4000-8000-000000000004)');
    for (const unknown of r.stdout.match(/unknown author[^·\n]*/g) ?? []) expect(unknown).toMatch(/^unknown author \([0-9a-f-]{36}\)/);
    const json = await runWsc(['read', '#general', '--limit', '5', '--json'], { env: cliEnv(makeHome(), { url: authorIds.url, token: TOKEN }) });
    for (const line of json.stdout.trim().split('\n')) expect(JSON.parse(line)).toHaveProperty('author_id');
  });
});
