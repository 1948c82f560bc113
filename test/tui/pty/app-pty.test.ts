// The whole app in a real pseudo-terminal against the local service (started in this process).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleWidth } from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { HOSTILE_INPUTS } from '../../fixtures/hostile-inputs';
import { readUntil } from '../support/api';
import { PtyApp, ROOT, ensureBuilt, stripCsi } from '../support/pty-app';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const CLIENT_COLLAB = 'c0000000-0000-4000-8000-000000000005';
const DEPLOY_GUIDE = 'd0000000-0000-4000-8000-000000000003';
const MARIA = 'hpt_member_rw';
const OLIVIA = 'hpt_owner_all';

async function api(emu: TestEmulator, token: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

describe('wsc in a pseudo-terminal', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    app = new PtyApp([], {
      WSC_URL: emu.url,
      WSC_TOKEN: MARIA,
      EDITOR: `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'test', 'tui', 'support', 'scripted-editor.mjs'))}`,
      OTHER_TOKEN: OLIVIA,
      DOC_ID: DEPLOY_GUIDE,
    });
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('starts and says who, which workspace and where the token came from', async () => {
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('WSC_TOKEN');
    // The channel list arrives after the input handlers are attached.
    await app.waitFor('general');
  });

  it('opens a channel and posts', async () => {
    await app.press('\r', 'general — Company-wide');
    await app.press('i', '▌ message');
    await app.type('hello from the pty');
    await app.press('\r', /Maria Member \(via wsc\)[^\n]*\n[^]*hello from the pty/);
    const bodiesAt = async () => ((await api(emu, MARIA, 'GET', `/channels/${GENERAL}/messages`)).messages as { body: string; via: string }[]).map((m) => [m.body, m.via]);
    const bodies = await readUntil(bodiesAt, (b) => b.some(([body]) => body === 'hello from the pty'));
    expect(bodies).toContainEqual(['hello from the pty', 'wsc']);
  });

  it('shows a mention from another person live: in the open channel at once, from elsewhere as a notice', async () => {
    const since = app.mark();
    // In the channel on screen the message itself is the news (its notice may leave before a frame).
    await api(emu, OLIVIA, 'POST', `/channels/${GENERAL}/messages`, { body: '@maria can you look at the deploy?' });
    await app.waitFor('can you look at the deploy?', { since });
    await api(emu, OLIVIA, 'POST', `/channels/${CLIENT_COLLAB}/messages`, { body: '@maria the client asked about pricing' });
    await app.waitFor('Olivia Owner mentioned you in #client-collab', { since });
  });

  it('opens a thread and replies', async () => {
    await app.press('\x1b', 'press i to write');
    await app.press('\r', 'Thread in');
    await app.press('i', '▌ reply in thread');
    await app.type('on it');
    await app.press('\r', /Maria Member \(via wsc\)[^\n]*\n[^\n]*on it(?!▏)/);
    const mentions = await api(emu, MARIA, 'GET', '/me/mentions');
    const root = (mentions.mentions as { id: string; body: string }[]).find((m) => m.body.includes('deploy?'));
    const repliesAt = async () => ((await api(emu, MARIA, 'GET', `/threads/${root?.id}`)).replies as { body: string }[]).map((r) => r.body);
    expect(await readUntil(repliesAt, (replies) => replies.includes('on it'))).toContain('on it');
    await app.press('\x1b', 'press i to write');
  });

  it("changes a task's status", async () => {
    await app.press('t', 'Tasks (');
    await app.press('f', 'Filter tasks');
    await app.type('deploy');
    await app.press('\r', /Tasks \(1\)/);
    await app.press('s', 'Status of');
    await app.press('5', 'status done');
    const statusAt = async () => ((await api(emu, MARIA, 'GET', '/tasks?q=deploy')).tasks as { title: string; status: string }[]).find((t) => t.title === 'Write deploy docs')?.status;
    expect(await readUntil(statusAt, (status) => status === 'done')).toBe('done');
  });

  it('Enter opens the task as a pane with names instead of ids; Esc goes back to the list', async () => {
    await app.press('\r', 'Write deploy docs · Esc back');
    await app.waitFor('status       done');
    await app.waitFor('channel      #general');
    await app.waitFor('assignee     Mike Member (@mike)');
    await app.waitFor('(no description)');
    await app.press('\x1b', /Tasks \(1\)/);
  });

  it('edits a doc in $EDITOR while someone else changes it: merge, nothing lost', async () => {
    // Enter opens the selected row once the rows are listed (the title is drawn before them).
    await app.press('d', 'Handbook/');
    await app.press('\r', /Docs \/Handbook[^]*Deploy guide/);
    await app.press('\r', 'e edit');
    await app.press('e', 'the edits merge cleanly');
    await app.press('1', 'Saved');
    const doc = await api(emu, MARIA, 'GET', `/docs/${DEPLOY_GUIDE}`);
    expect(doc.body).toContain('(edited by the other person)');
    expect(doc.body).toContain('Mine: a line typed in the editor.');
  });

  it('redraws within 80x24 after a resize, from the first frame drawn at the new size', async () => {
    const expectWithin80x24 = (lines: string[]) => {
      const frame = lines.filter((l, i, all) => !(i === all.length - 1 && l === ''));
      expect(frame.length).toBeLessThanOrEqual(24);
      for (const line of frame) expect(visibleWidth(line)).toBeLessThanOrEqual(80);
      expect(frame.join('\n')).toContain('Maria Member');
    };
    await app.waitFor('Maria Member');
    const since = app.mark();
    app.proc.resize(80, 24);
    // Ink clears the screen in the first frame it draws once it has read that the terminal is now
    // shorter than the last frame: that frame must already be laid out for the new size.
    expectWithin80x24(await app.untilFirstFrame((raw) => raw.includes('\x1b[2J'), { since, what: 'the first frame after the resize' }));
    await app.press('?', 'Keys');
    const closed = app.mark();
    app.proc.write('\x1b');
    expectWithin80x24(await app.untilFrame((f) => f.join('\n').includes('Maria Member') && !f.join('\n').includes('Esc closes'), { since: closed, what: 'the help closed' }));
  });

  it('z hides the sidebar (the main pane takes the width) and shows it again', async () => {
    await app.press('t', 'Tasks (');
    const frameAfter = async (keys: string, hasSidebar: boolean) => {
      const since = app.mark();
      app.proc.write(keys);
      // The key hint may be covered by a note for a few seconds: judge the frame itself.
      const frame = await app.untilFrame((f) => f.join('\n').includes('Tasks (') && f.join('\n').includes('✉ Mentions') === hasSidebar, {
        since,
        what: `the sidebar ${hasSidebar ? 'shown' : 'hidden'}`,
      });
      return frame.join('\n');
    };
    await frameAfter('z', false);
    await frameAfter('z', true);
  });

  it('quits with q and restores the terminal', async () => {
    const code = await app.quit();
    expect(code).toBe(0);
    expect(app.output.endsWith('\x1b[?1049l\x1b[?25h') || app.output.includes('\x1b[?1049l')).toBe(true);
  });
});

// Ink's own control sequences (NO_COLOR=1 turns off all styling): the alternate screen, cursor
// visibility, synchronized output, and erasing/moving over the previous frame.
const INK_SEQUENCES = /\x1b\[\?(?:1049|25|2026|1004|1000|1006)[hl]|\x1b\[2K|\x1b\[\d*A|\x1b\[G|\x1b\[2J|\x1b\[3J|\x1b\[H/g;

describe('a doc conflict edited again in $EDITOR', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    app = new PtyApp([], {
      WSC_URL: emu.url,
      WSC_TOKEN: MARIA,
      EDITOR: `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'test', 'tui', 'support', 'conflict-editor.mjs'))}`,
      OTHER_TOKEN: OLIVIA,
      DOC_ID: DEPLOY_GUIDE,
    });
    await app.waitFor('general');
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('is not saved while the conflict markers are still in it, and says where the text is', async () => {
    await app.press('d', 'Handbook/');
    await app.press('\r', 'Docs /Handbook');
    await app.press('\r', 'e edit');
    await app.press('e', 'Someone else changed the same lines');
    await app.press('2', /Not saved: conflict markers remain\. Your text is kept in \S*wsc-doc-/);
    const doc = await api(emu, MARIA, 'GET', `/docs/${DEPLOY_GUIDE}`);
    expect(doc.body).not.toContain('<<<<<<<');
    expect(String(doc.body).split('\n')[0]).toBe('# Their title');
  });

  it('Esc on the conflict picker says at once that nothing was saved and where the text is', async () => {
    // At 80 columns the whole path must still be on the line.
    app.proc.resize(80, 24);
    await app.press('e', /Someone else (changed the same lines|saved first)/);
    const since = app.mark();
    await app.press('\x1b');
    // "Not saved;" is this message's own (the earlier one reads "Not saved: conflict markers remain").
    await app.waitFor(/Not saved; your text is kept in \S*wsc-doc-/, { since });
    const frame = app.lastFrame(since).join('\n');
    expect(frame).toMatch(/kept in \S*wsc-doc-\S*\.md/);
    expect(frame).not.toContain('Someone else');
  });
});

describe('hostile message bodies never reach the terminal', () => {
  let emu: TestEmulator;
  let app: PtyApp;

  beforeAll(async () => {
    ensureBuilt();
    emu = await startEmulator();
    const terminal = HOSTILE_INPUTS.filter((h) => h.target === 'terminal');
    // A few inputs per message, so the whole corpus fits on one tall screen.
    for (let i = 0; i < terminal.length; i += 6) {
      const body = terminal
        .slice(i, i + 6)
        .map((h) => `${h.name}: ${h.input}`)
        .join('\n\n');
      await api(emu, OLIVIA, 'POST', `/channels/${GENERAL}/messages`, { body: `@maria ${body}` });
    }
    app = new PtyApp([], { WSC_URL: emu.url, WSC_TOKEN: MARIA }, { cols: 140, rows: 120 });
  });

  afterAll(async () => {
    await app?.quit();
    await emu?.stop();
  });

  it('writes no escape sequence but its own, no C1 byte and no bare CR', async () => {
    await app.waitFor('Maria Member (@maria) in');
    await app.waitFor('general');
    await app.press('\r', 'general — Company-wide');
    await app.waitFor('markdown quote with DCS');
    await app.press('m', /Mentions \(\d+\) · /);
    await app.press('/', 'Search messages');
    await app.type('markdown');
    await app.press('\r', 'hits for');
    await app.quit();
    const raw = app.output;
    const rest = raw.replace(INK_SEQUENCES, '');
    const escapes = [...rest.matchAll(/\x1b.{0,12}/gs)].map((m) => JSON.stringify(m[0]));
    expect(escapes).toEqual([]);
    expect(rest).not.toMatch(/[\u0080-\u009f]/);
    expect(rest).not.toMatch(/\r(?!\n)/);
    expect(rest).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/);
    // The visible text is there (sanitised, not dropped).
    expect(stripCsi(raw)).toContain('safe text');
  });
});
