// The terminal UI in a real pseudo-terminal against a service that reads the spec otherwise (a
// proxy in front of the local service rewrites its answers): a list that will not load, docs whose
// parent is odd, a doc date that is not a date, and a page that repeats its cursor.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { startHostileProxy, type AnswerRewrite, type HostileProxy } from '../../support/hostile-proxy';
import { PtyApp, ensureBuilt } from '../support/pty-app';

const MARIA = 'hpt_member_rw';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const PASS: AnswerRewrite = (_path, body) => body;

describe('the terminal UI against answers the local service never gives', () => {
  let emu: TestEmulator;
  let proxy: HostileProxy;
  let app: PtyApp;
  let rule: AnswerRewrite = PASS;
  let task: { id: string; ref: string };

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    const direct = new Client({ baseUrl: emu.url, token: MARIA, clientName: 'test' });
    task = await direct.createTask({ title: 'Read me again' });
    await direct.close();
    proxy = await startHostileProxy(emu.url, (path, body, url) => rule(path, body, url));
    app = new PtyApp([], { WSC_URL: proxy.url, WSC_TOKEN: MARIA }, { cols: 140, rows: 30 });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
  });

  afterEach(() => {
    rule = PASS;
  });

  afterAll(async () => {
    await app?.quit();
    await proxy?.stop();
    await emu?.stop();
  });

  it('a conversation whose newer page repeats its cursor keeps its rows and says which endpoint stalled', async () => {
    await app.press('\r', 'general — Company-wide');
    const since = app.mark();
    const requestsBefore = proxy.requests.length;
    // Every read after a cursor says more follow: after the new message comes a page with nothing
    // after it that still says so, and its cursor does not move.
    rule = (path, body, url) => (path === `/api/v1/channels/${GENERAL}/messages` && url.searchParams.has('after') ? { ...(body as Record<string, unknown>), hasMore: true } : body);
    const mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
    await mike.postMessage(GENERAL, { body: 'ping for a refresh' });
    await mike.close();
    await app.waitFor('GET /api/v1/channels/{id}/messages said more rows follow', { since });
    await app.waitFor('ping for a refresh', { since });
    expect(proxy.requests.slice(requestsBefore).filter((r) => r.includes('after=')).length).toBeLessThan(30);
  });

  it('a mentions page that repeats its since keeps the inbox rows and says which endpoint stalled', async () => {
    let first: unknown = null;
    rule = (path, body, url) => {
      if (path !== '/api/v1/me/mentions' || !url.searchParams.has('since')) return body;
      const page = body as { mentions: unknown[] };
      if (first === null && page.mentions.length > 0) first = body;
      return first === null ? body : { ...(first as Record<string, unknown>), hasMore: true };
    };
    const since = app.mark();
    const requestsBefore = proxy.requests.length;
    const mike = new Client({ baseUrl: emu.url, token: 'hpt_mike_rw', clientName: 'cli' });
    await mike.postMessage(GENERAL, { body: '@maria are you there' });
    await mike.close();
    await app.waitFor('GET /api/v1/me/mentions said more rows follow', { since });
    // The stalled reads only (those after a `since`): the live cue's own checks come as often as time allows.
    expect(proxy.requests.slice(requestsBefore).filter((r) => r.includes('/me/mentions') && r.includes('since=')).length).toBeLessThan(30);
  });

  it('the Tasks pane shows why it could not load, r retries; the error leaves the status line in the next view', async () => {
    rule = (path, body) => (path === '/api/v1/tasks' ? { nothing: 'here' } : body);
    await app.press('t', 'Could not load tasks (r retries)');
    rule = PASS;
    await app.press('r', 'Write deploy docs');
    // The status line still says what failed in Tasks; another view starts without it.
    const since = app.mark();
    await app.press('d', 'Docs /');
    await app.waitFor('? help', { since });
  });

  it('a task that cannot be read says so in its pane, and r reads it again', async () => {
    await app.press('t', 'Read me again');
    await app.press('f', 'Filter tasks');
    await app.type('Read me again');
    await app.press('\r', /Tasks \(1\)/);
    rule = (path, body) => (path.includes('/actions/get_task') || path.endsWith(`/tasks/${task.id}`) ? { nothing: 'here' } : body);
    await app.press('\r', 'Could not open the task · r retries');
    rule = PASS;
    await app.press('r', `${task.ref} Read me again · Esc back`);
    await app.press('\x1b', /Tasks \(1\)/);
  });

  it('Docs shows docs whose parent is themselves, missing or on a cycle at the top level; an unreadable date reads "unknown"', async () => {
    const parents: Record<string, string> = {
      'd0000000-0000-4000-8000-000000000002': 'd0000000-0000-4000-8000-000000000002',
      'd0000000-0000-4000-8000-000000000003': 'd0000000-0000-4000-8000-0000000000ff',
      'd0000000-0000-4000-8000-000000000001': 'd0000000-0000-4000-8000-000000000004',
      'd0000000-0000-4000-8000-000000000004': 'd0000000-0000-4000-8000-000000000001',
    };
    rule = (path, body) => {
      if (path === '/api/v1/docs') {
        const page = body as { docs: { id: string; parent_id: string | null }[] };
        return { ...page, docs: page.docs.map((d) => (parents[d.id] ? { ...d, parent_id: parents[d.id] } : d)) };
      }
      if (path.startsWith('/api/v1/docs/')) return { ...(body as Record<string, unknown>), updated_at: 'sometime' };
      return body;
    };
    const since = app.mark();
    await app.press('d', 'Docs /');
    await app.press('r');
    for (const title of ['Handbook/', 'AGENTS.md', 'Deploy guide', 'Onboarding']) await app.waitFor(title, { since });
    // Handbook/ (a folder) is first; the next row is a doc, whose date the proxy made unreadable.
    await app.press('j');
    await app.press('\r', ' · updated unknown');
    await app.press('\x1b', 'Docs /');
  });
});
