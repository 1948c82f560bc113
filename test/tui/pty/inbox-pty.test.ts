// The attention inbox in the terminal UI, in a real pseudo-terminal against the local service, as
// Maria: a change someone else makes appears once; `d` is seen by a second InboxSession on the same
// account's folder within a second, and what that session marks done leaves the view; while the
// terminal reports focus out an arrival writes a desktop notification (OSC 777: the pty says it is
// a VTE terminal), after focus in it writes none. The focus reports never act as keys.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, terminalOfflineRoot, type InboxSession } from '../../../shared';
import { terminalInboxSession } from '../../../term/inbox';
import { closeTui, startTui, MARIA, type TuiSession } from '../support/tui-session';
import { HANG_LIMIT_MS } from '../../support/hang-limit';

const ADMIN = 'hpt_admin_all';
const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const OSC_777 = '\x1b]777;notify;';

const client = (url: string, token: string) => new Client({ baseUrl: url, token, clientName: 'inbox-pty-test', retry: { maxAttempts: 1 } });

async function until(what: string, probe: () => boolean, ms = HANG_LIMIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const rowsWith = (frame: string[], text: string) => frame.filter((line) => line.includes(text)).length;

describe('the attention inbox in the terminal UI', () => {
  let tui: TuiSession;
  let other: InboxSession | undefined;

  beforeAll(async () => {
    tui = await startTui({ env: () => ({ VTE_VERSION: '7600' }) });
  });

  afterAll(async () => {
    await other?.close();
    await closeTui(tui);
  });

  it('opens with i; a task of mine moved to done by its merged pull request appears once', async () => {
    const { app, emu } = tui;
    await app.press('i', 'Inbox · all');
    // The first read of the sources is the baseline: a change after it is someone else's.
    await app.waitFor(/Inbox · all · \d+ shown · \d+ unread · read \d\d:\d\d/);
    await emu.control.mergePr('https://github.com/acme/app/pull/42');
    // A task change rings no doorbell: r reads the sources now.
    const since = app.mark();
    app.proc.write('r');
    const frame = await app.untilFrame((f) => rowsWith(f, 'T-2 moved to done') > 0, { since, what: 'the task row' });
    expect(rowsWith(frame, 'T-2 moved to done')).toBe(1);
    expect(frame.join('\n')).toContain('◉ Inbox (1)');
  });

  it('a mention arrives live; d is seen by a second session on the same account within a second; done there leaves the view', async () => {
    const { app, emu } = tui;
    const me = await client(emu.url, MARIA).me();
    const root = terminalOfflineRoot({ XDG_STATE_HOME: app.home, HOME: app.home });
    other = terminalInboxSession({ client: client(emu.url, MARIA), me, serviceUrl: emu.url, root, mentionsFromFeed: true });
    await other.open();

    await client(emu.url, ADMIN).postMessage(GENERAL, { body: '@maria inbox ping one' });
    const frame = await app.untilFrame((f) => f.some((l) => /•@ @maria inbox ping one/.test(l)), { what: 'the mention row' });
    expect(rowsWith(frame, 'inbox ping one')).toBeGreaterThanOrEqual(1);
    const mention = () => other?.items({ done: true }).find((i) => i.title === '@maria inbox ping one');
    await until('the second session to see the mention', () => mention() !== undefined);

    // 1: mentions only, so the mention is the first row, selected.
    await app.press('1', '[1 @ mentions');
    const since = app.mark();
    app.proc.write('d');
    const pressed = Date.now();
    await until('done in the second session', () => mention()?.state === 'done', 1_000);
    expect(Date.now() - pressed).toBeLessThanOrEqual(1_000);
    await app.untilFrame((f) => f.some((l) => l.includes('Inbox · Mentions · ')) && !f.some((l) => /[•\s]@ @maria inbox ping one/.test(l)), { since, what: 'the mention row to leave' });

    await app.press('0', '[0 all]');
    // Done by the other session: the task row leaves this view.
    const task = other.items().find((i) => i.id === 'task:T-2');
    expect(task).toBeDefined();
    const before = app.mark();
    await other.mark(['task:T-2'], 'done');
    const after = await app.untilFrame((f) => rowsWith(f, 'Inbox · all') === 1 && rowsWith(f, 'T-2 moved to done') === 0, { since: before, what: 'the task row to leave' });
    expect(after.join('\n')).toContain('Inbox · all');
  });

  it('notifies while the terminal is not focused (OSC 777 on a VTE terminal), never while focused; focus reports are not keys', async () => {
    const { app, emu } = tui;
    const admin = client(emu.url, ADMIN);

    const away = app.mark();
    app.proc.write('\x1b[O');
    // The focus report is read before the mention is posted (a busy UI may read it late).
    await new Promise((r) => setTimeout(r, 300));
    await admin.postMessage(GENERAL, { body: '@maria while you were away' });
    await until('the notification', () => app.output.slice(away).includes(`${OSC_777}wsc · Mentions;@maria while you were away`));
    const written = app.output.slice(away);
    expect(written.split(OSC_777).length - 1).toBe(1);

    const back = app.mark();
    app.proc.write('\x1b[I');
    await admin.postMessage(GENERAL, { body: '@maria while you are here' });
    const frame = await app.untilFrame((f) => f.some((l) => /•@ @maria while you are here/.test(l)), { since: back, what: 'the second mention in the inbox' });
    expect(app.output.slice(back)).not.toContain(OSC_777);
    expect(app.output.slice(back)).not.toContain('\x07');
    // "[I" / "[O" neither typed anywhere nor taken as keys: still the Inbox, nothing else opened.
    expect(frame.join('\n')).not.toMatch(/\[I|\[O/);
  });
});

describe('the Inbox as the start view (tui.toml), with a bell for notifications', () => {
  let tui: TuiSession;

  beforeAll(async () => {
    const config = mkdtempSync(join(tmpdir(), 'wsc-tui-config-'));
    mkdirSync(join(config, 'wsc'));
    writeFileSync(join(config, 'wsc', 'tui.toml'), 'startView = "inbox"\nnotifications = "bell"\n');
    tui = await startTui({ env: () => ({ XDG_CONFIG_HOME: config, VTE_VERSION: '7600' }), ready: [/Inbox · all · \d+ shown · \d+ unread · read \d\d:\d\d/] });
  });

  afterAll(async () => {
    await closeTui(tui);
  });

  it('starts in the Inbox with the keys; Enter opens the task and marks it read; ? lists the Inbox keys first', async () => {
    const { app, emu } = tui;
    await emu.control.mergePr('https://github.com/acme/app/pull/42');
    await app.press('r', /•☐ T-2 moved to done/);
    await app.press('\r', 'Fix search ranking');
    await app.press('\x1b', /\s☐ T-2 moved to done/);
    expect(app.lastFrame().join('\n')).not.toMatch(/•☐ T-2/);
    await app.press('?', 'Keys · inbox first');
    expect(app.lastFrame().join('\n')).toContain('mark everything in the current filter done');
    await app.press('\x1b', 'Inbox · all');
  });

  it('D asks y/n above three items: n keeps them, y marks them all done', async () => {
    const { app, emu } = tui;
    const admin = client(emu.url, ADMIN);
    // The mentions already there when the inbox first looked are in it too (read, being old).
    const shownNow = (f: string[]) => Number(/Inbox · all · (\d+) shown/.exec(f.join('\n'))?.[1] ?? -1);
    const before = shownNow(app.lastFrame());
    expect(before).toBeGreaterThanOrEqual(0);
    const all = before + 4;
    for (const n of [1, 2, 3, 4]) await admin.postMessage(GENERAL, { body: `@maria batch ${n}` });
    const five = await app.untilFrame((f) => f.some((l) => l.includes('@maria batch 4')) && f.some((l) => l.includes('@maria batch 1')) && shownNow(f) === all, { what: `${all} items` });
    expect(five.length).toBeGreaterThan(0);
    await app.press('D', `Mark all ${all} items in this filter done?`);
    const kept = app.mark();
    app.proc.write('n');
    await app.untilFrame((f) => !f.some((l) => l.includes(`Mark all ${all}`)) && shownNow(f) === all, { since: kept, what: 'the question gone, the items kept' });
    await app.press('D', `Mark all ${all} items in this filter done?`);
    await app.press('y', /Inbox · all · 0 shown · 0 unread/);
  });

  it('notifications = "bell": a bell, not an OSC, while the terminal is not focused', async () => {
    const { app, emu } = tui;
    const away = app.mark();
    app.proc.write('\x1b[O');
    // The focus report is read before the mention is posted (a busy UI may read it late).
    await new Promise((r) => setTimeout(r, 300));
    await client(emu.url, ADMIN).postMessage(GENERAL, { body: '@maria ring' });
    await app.untilFrame((f) => f.some((l) => /•@ @maria ring/.test(l)), { what: 'the item' });
    await until('the bell', () => app.output.slice(away).includes('\x07'));
    expect(app.output.slice(away)).not.toContain(OSC_777);
    app.proc.write('\x1b[I');
  });
});
