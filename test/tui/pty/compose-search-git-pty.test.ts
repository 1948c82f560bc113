// Editing your last message, search, fast keys as the list appears, and linking a task's pull
// request from the git branch and remote wsc runs in: the whole app in a real pseudo-terminal
// against the local service in this process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { api, storedTask } from '../support/api';
import { PtyApp, ensureBuilt, stripCsi } from '../support/pty-app';
import { closeTui, startTui } from '../support/tui-session';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const MARIA = 'hpt_member_rw';
const OLIVIA = 'hpt_owner_all';

/** The newest message of #general at the service, once it is `body` (the row on screen may still be pending); what it is after 10 s otherwise. */
async function newestAtService(emu: TestEmulator, body: string): Promise<string | undefined> {
  let newest: string | undefined;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    const page = await api(emu, MARIA, 'GET', `/channels/${GENERAL}/messages`);
    newest = (page.messages as WireMessage[]).at(-1)?.body;
    if (newest === body) break;
  }
  return newest;
}

interface WireMessage {
  id: string;
  body: string;
  edited_at: string | null;
  author: { name: string };
}

describe('compose and search in a pseudo-terminal', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ size: { cols: 110, rows: 30 } }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('edits your last message with ↑ on an empty box (Esc cancels, Enter saves)', async () => {
    await app.press('\r', 'general — Company-wide');
    await app.press('i', '▌ message');
    await app.type('the release is on Frday');
    await app.press('\r', /Maria Member \(via wsc\)[^\n]*\n[^\n]*the release is on Frday(?!▏)/);

    // ↑ on the empty box takes the message back into it; Esc leaves it untouched.
    await app.press('\x1b[A', 'editing your message · Enter saves · Esc cancels');
    await app.waitFor('▌ the release is on Frday▏');
    await app.press('\x1b', 'Enter sends');

    await app.press('\x1b[A', 'editing your message');
    for (let i = 0; i < 'Frday'.length; i++) await app.press('\x7f');
    await app.waitFor('▌ the release is on ▏');
    await app.type('Friday');
    await app.press('\r', 'message edited');
    await app.waitFor(/\(edited\)[^]*the release is on Friday/);

    const page = await api(emu, MARIA, 'GET', `/channels/${GENERAL}/messages`);
    const mine = (page.messages as WireMessage[]).filter((m) => m.author.name === 'Maria Member');
    expect(mine.map((m) => m.body)).toEqual(['the release is on Friday']);
    expect(mine[0]?.edited_at).not.toBeNull();
    await app.press('\x1b', 'press i to write');
  });

  it('Tab on an @-completion completes it and leaves the focus in the box (the next letters are text, not commands)', async () => {
    await app.press('i', '▌ message');
    await app.type('thanks @ad');
    await app.waitFor('@adam (Adam Admin)');
    await app.press('\t', 'thanks @adam ▏');
    // With the focus moved, `t` would open Tasks and the rest would run as commands.
    await app.type('for the tests');
    await app.press('\r', /Maria Member \(via wsc\)[^\n]*\n[^\n]*thanks @adam for the tests(?!▏)/);
    expect(await newestAtService(emu, 'thanks @adam for the tests')).toBe('thanks @adam for the tests');
    await app.press('\x1b', 'press i to write');
  });

  it('Tab on an @name nobody matches stays in the box too (found typing in tmux: it moved the focus)', async () => {
    await app.press('i', '▌ message');
    await app.type('ping @zz');
    const since = app.mark();
    app.proc.write('\t');
    await app.type(' anyone');
    await app.press('\r', /Maria Member \(via wsc\)[^\n]*\n[^\n]*ping @zz anyone(?!▏)/);
    expect(app.output.slice(since)).not.toContain('Tasks ·');
    expect(await newestAtService(emu, 'ping @zz anyone')).toBe('ping @zz anyone');
    await app.press('\x1b', 'press i to write');
  });

  it('searches with / and opens a top-level hit in its channel, selected', async () => {
    await api(emu, OLIVIA, 'POST', `/channels/${GENERAL}/messages`, { body: 'The rollout checklist is ready for review.' });
    await app.press('/', 'Search messages');
    await app.type('rollout checklist');
    await app.press('\r', '1 hits for “rollout checklist” · Enter opens');
    await app.waitFor('#general Olivia Owner: The rollout checklist is ready for review.');
    const since = app.mark();
    await app.press('\r', 'general — Company-wide');
    await app.waitFor('▌  The rollout checklist is ready for review.', { since });
    await app.press('\x1b', '1 hits for');
    await app.press('\x1b', 'press i to write');
  });
});

describe('a pasted message link', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ({ emu, app } = await startTui({ size: { cols: 110, rows: 30 }, ready: ['general'] }));
  });

  afterAll(() => closeTui({ emu, app }));

  it('opens a reply in its thread, and Esc goes back to where it was pasted (no trap)', async () => {
    const root = (await api(emu, OLIVIA, 'POST', `/channels/${GENERAL}/messages`, { body: 'Root of the paste test.' })) as { id: string };
    const posted = (await api(emu, OLIVIA, 'POST', `/channels/${GENERAL}/messages`, { body: 'Linked message for the paste test.', parent_id: root.id })) as { url: string };
    await app.press('\r', 'press i to write');
    await app.press('/', 'Search messages');
    // Pasted with its Enter in one chunk (as a terminal delivers a paste ending in a newline, or
    // fast typing under load): the one-line prompt confirms instead of keeping a hidden newline.
    await app.press(`${posted.url}\r`, 'Thread in');
    await app.waitFor('Linked message for the paste test.');
    // Esc: back to the channel the link was pasted in (its header), not through the link again.
    await app.press('\x1b', 'general — Company-wide');
    // Marked once the channel is back: a late frame of the thread view drawn before Esc was
    // handled is not a trap; a thread drawn after the next key would be.
    const since = app.mark();
    await app.press('t', /Tasks \(\d+\)/);
    expect(stripCsi(app.output.slice(since))).not.toContain('Thread in');
  });
});

describe('a lost connection, then the service back', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('the "could not reach" line leaves once a call succeeds again', async () => {
    ensureBuilt();
    emu = await startEmulator();
    const port = Number(new URL(emu.url).port);
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 160, rows: 30 });
    await app.waitFor('general');
    await app.press('\r', 'press i to write');
    await emu.stop();
    await app.press('i', '▌ message');
    await app.type('sent while offline');
    // The one send policy: queued at once (shown pending), sent by the outbox once the service is back.
    await app.press('\r', '⋯ pending · D drop · Maria Member: sent while offline');
    const since = app.mark();
    emu = await startEmulator({ port });
    await app.waitFor(/Maria Member \(via wsc\)[^\n]*\n[^\n]*sent while offline(?!▏)/, { since, timeoutMs: 30_000 });
    await app.waitFor('? help · / search', { since });
    await app.press('\x1b', 'press i to write');
  });
});

describe('Ctrl+R while reconnecting', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('tries the service again at once; the reconnect line leaves when it answers', async () => {
    ensureBuilt();
    emu = await startEmulator();
    const port = Number(new URL(emu.url).port);
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 160, rows: 30 });
    await app.waitFor('general');
    await emu.stop();
    // The mention feed's long-poll breaks: the line says so, with the key.
    await app.waitFor('reconnecting… (Ctrl+R retries now)');
    // Ctrl+R while the service is still down: on a busy machine a service brought back first can
    // be reached by the feed's own retry before the key arrives, and then there is nothing to retry.
    await app.press('\x12', 'retrying now…');
    emu = await startEmulator({ port });
    const back = app.mark();
    app.proc.write('\x12');
    // Back within seconds, not after a backoff that has grown while the service was away.
    await app.waitFor('? help · / search', { since: back, timeoutMs: 15_000 });
  });
});

describe('keys typed the moment the channel list appears', () => {
  let emu: TestEmulator;
  let app: PtyApp | undefined;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('j then Enter opens the second room, not the first nor a place', async () => {
    // The sidebar: Mentions, Tasks, Docs, then the rooms (general first, selected at start).
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 110, rows: 30 });
    await app.waitFor('# client-collab');
    // Written back to back: one read or two, the Enter meets the selection the j left.
    app.proc.write('j');
    app.proc.write('\r');
    await app.waitFor('message #client-collab · Enter sends');
  });
});

describe('linking a pull request from the git branch and remote', () => {
  let emu: TestEmulator;
  let app: PtyApp;
  let repo: string;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    repo = mkdtempSync(join(tmpdir(), 'wsc-tui-git-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'ignore' });
    git('init', '-q', '-b', 'feature/T-3-deploy-docs');
    git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '--allow-empty', '-m', 'start');
    git('remote', 'add', 'origin', 'https://github.com/acme/widgets.git');
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 120, rows: 30 }, { cwd: repo });
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  it('suggests the branch, links the pasted pull request and records the branch on the task', async () => {
    expect((await storedTask(emu, 3))?.title).toBe('Write deploy docs');
    await app.press('t', 'Tasks (');
    await app.press('f', 'Filter tasks');
    await app.type('deploy');
    await app.press('\r', /Tasks \(1\)/);
    await app.press('l', 'Pull request of T-3');
    await app.waitFor('On branch feature/T-3-deploy-docs (T-3) · open one: https://github.com/acme/widgets/');
    await app.type('https://github.com/acme/widgets/pull/42');
    await app.press('\r', 'T-3: linked https://github.com/acme/widgets/pull/42');
    await app.waitFor(/T-3 Write deploy docs[^\n]*⇄PR/);
    const task = await storedTask(emu, 3);
    expect(task).toMatchObject({
      pr_url: 'https://github.com/acme/widgets/pull/42',
      pr_number: 42,
      repo_full_name: 'acme/widgets',
      branch: 'feature/T-3-deploy-docs',
    });
  });

  it('warns when the branch names another task and then does not record that branch', async () => {
    await app.press('f', 'Filter tasks');
    for (let i = 0; i < 'deploy'.length; i++) await app.press('\x7f');
    await app.type('ranking');
    await app.press('\r', /Tasks \(1\) · filter: ranking[^]*T-2 /);
    await app.press('l', 'Pull request of T-2');
    await app.waitFor('On branch feature/T-3-deploy-docs (T-3) — not T-2!');
    // T-2 has a pull request already: Ctrl+U clears the field.
    await app.press('\x15', '> ▏');
    await app.type('https://github.com/acme/widgets/pull/43');
    await app.press('\r', 'T-2: linked https://github.com/acme/widgets/pull/43');
    const task = await storedTask(emu, 2);
    expect(task).toMatchObject({ pr_url: 'https://github.com/acme/widgets/pull/43', pr_number: 43 });
    // The branch it had stays: the current branch is another task's.
    expect(task?.branch).toBe('fix/search-ranking');
  });
});

describe('lines that outlive their moment', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('the mention notice leaves once the mention is looked at; a note leaves after a few seconds', async () => {
    ensureBuilt();
    emu = await startEmulator();
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 140, rows: 30 });
    await app.waitFor('general');
    await app.press('\r', 'press i to write');
    const since = app.mark();
    await api(emu, OLIVIA, 'POST', '/channels/c0000000-0000-4000-8000-000000000006/messages', { body: '@maria lunch at noon?' });
    await app.waitFor('Olivia Owner mentioned you in #random', { since });
    // Opening the inbox is looking at it: the row goes.
    await app.press('m', /Mentions \(\d+\) · [^]*lunch at noon\?/);
    await app.untilFrame((f) => !f.join('\n').includes('mentioned you in #random'), { what: 'the notice gone' });
    // A note ("connected: nothing to retry") gives the line back to the key hint after ~8 s.
    const noted = app.mark();
    await app.press('\x12', 'connected: nothing to retry');
    await app.waitFor('? help · / search', { since: noted, timeoutMs: 20_000 });
  });
});
