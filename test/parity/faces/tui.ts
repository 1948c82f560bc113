// The terminal UI face of the parity suite: the built `wsc` in a pseudo-terminal, typed at like a
// person, connected by WSC_URL/WSC_TOKEN to the proxy. Every wait is on screen text.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PtyApp, ensureBuilt, stripCsi } from '../../tui/support/pty-app';
import type { SwitchableProxy } from '../../support/switchable-proxy';
import { mentionPollsSince, PARITY, until, type DocEdit, type FaceDriver, type InboxElsewhere, type ParityChannel, type ShownInboxItem } from '../scenarios';
import { accountCursorIn, CliFace, cliInboxOn } from './cli';

const EDITOR = join(__dirname, 'handshake-editor.mjs');
const SIZE = { cols: 120, rows: 34 };
/** How long a key's answer may take to show before the face is judged not to give it. */
const ANSWER_MS = 20_000;
/** What the UI says when a doc save ends (its outcome or a question about it). */
// Only the save round's own words: a "saved 3m ago" or "kept" elsewhere on screen is not an outcome.
const SAVE_SAID = /Saved “|not saved yet|Could not save|Not saved|Someone saved the same text|Someone else saved first|Someone else changed the same lines|pull request #\d|Kept their version|No changes; nothing to save|Sent “/;
const NOTICE = /● .+? (?:mentioned|messaged) you in .+?: (.+?)\s{2}\(m: mentions\)/g;

/** The text right of the sidebar (the pane), of one screen line. */
const pane = (line: string) => {
  const at = line.indexOf('│');
  return at < 0 ? line : line.slice(at + 1);
};
/** A message line of the pane, without the mark of the selected message. */
const paneText = (line: string) => pane(line).replace(/^▌/, '').trim();
/** The sidebar cell of one screen line, without the selection and unread marks. */
const sidebarCell = (line: string) => {
  const at = line.indexOf('│');
  return at < 0 ? '' : line.slice(0, at);
};

export class TuiFace implements FaceDriver {
  readonly face = 'tui' as const;
  private app: PtyApp | undefined;
  private home: string | undefined;
  /** Where this session's output starts (the notices of this session only). */
  private sessionStart = 0;
  private handshake = mkdtempSync(join(tmpdir(), 'wsc-parity-tui-edit-'));
  private edit: DocEdit = {};

  /** The proxy's request count when this session started. */
  private requestsAtStart = 0;

  constructor(private readonly proxy: SwitchableProxy) {}

  private get url(): string {
    return this.proxy.url;
  }

  private get running(): PtyApp {
    if (!this.app) throw new Error('the terminal UI is not started');
    return this.app;
  }

  private async start(): Promise<void> {
    ensureBuilt();
    const env: Record<string, string> = {
      WSC_URL: this.url,
      WSC_TOKEN: PARITY.maria.token,
      EDITOR: `'${process.execPath}' '${EDITOR}'`,
      PARITY_HANDSHAKE: this.handshake,
      PARITY_EDIT: JSON.stringify(this.edit),
      ...(this.home ? { HOME: this.home, XDG_STATE_HOME: this.home, XDG_CONFIG_HOME: this.home } : {}),
    };
    this.requestsAtStart = this.proxy.requests.length;
    this.app = new PtyApp([], env, SIZE);
    this.home ??= this.app.home;
    await this.app.waitFor('Maria Member (@maria) in');
    await this.app.waitFor('general');
    this.sessionStart = 0;
  }

  async open(): Promise<void> {
    if (!this.app) await this.start();
  }

  async restart(): Promise<void> {
    await this.app?.quit();
    this.app = undefined;
    await this.start();
  }

  async close(): Promise<void> {
    await this.app?.quit().catch(() => undefined);
    this.app = undefined;
  }

  /** Focus on the sidebar (Esc leaves the compose box, then the room), its selection marked ▸. */
  private async toSidebar(): Promise<string[]> {
    const app = this.running;
    for (let i = 0; i < 3; i++) {
      const now = app.lastFrame();
      if (now.some((l) => sidebarCell(l).startsWith('▸'))) return now;
      const since = app.mark();
      app.proc.write('\x1b');
      await app.untilFirstFrame(() => true, { since, what: 'a frame after Esc' });
    }
    return app.untilFrame((f) => f.some((l) => sidebarCell(l).startsWith('▸')), { what: 'the sidebar focused' });
  }

  /** Opens the room from the sidebar: moves the selection to its row and presses Enter. */
  private async openRoom(channel: ParityChannel): Promise<string[]> {
    const app = this.running;
    const rows = (await this.toSidebar()).map(sidebarCell);
    const selected = rows.findIndex((c) => c.startsWith('▸'));
    const wanted = channel.label.slice(1);
    const target = rows.findIndex((c) => {
      const text = c.replace(/^[›▸\s@•]*/, '').replace(/\s*◂?\s*$/, '');
      // The name after the room's icon, maybe cut with … at the sidebar's width.
      const name = text.replace(/^\S+\s/, '');
      return name === wanted || (name.endsWith('…') && wanted.startsWith(name.slice(0, -1)));
    });
    if (target < 0) throw new Error(`the terminal UI's sidebar has no row for ${channel.label}:\n${rows.join('\n')}`);
    const delta = target - selected;
    const since = app.mark();
    app.proc.write((delta > 0 ? 'j' : 'k').repeat(Math.abs(delta)) + '\r');
    // Opened: the row keeps the selection (› once the room has the focus), the pane shows the room.
    return app.untilFrame((f) => sidebarCell(f[target] ?? '').startsWith('›') && !f.some((l) => l.includes('Pick a channel on the left')), {
      since,
      what: `${channel.label} opened`,
    });
  }

  async post(channel: ParityChannel, body: string): Promise<void> {
    const app = this.running;
    await this.openRoom(channel);
    await app.press('i', '▌ message');
    await app.type(body);
    const since = app.mark();
    app.proc.write('\r');
    await app.untilFrame((f) => f.some((l) => l.includes(body) && !l.includes('▏')), { since, what: `the post "${body}" taken` });
  }

  async startPost(channel: ParityChannel, body: string): Promise<void> {
    await this.post(channel, body);
  }

  async expectPending(body: string): Promise<void> {
    await this.running.untilFrame((f) => f.some((l) => l.includes('pending') && l.includes(body)), { what: `"${body}" shown as pending`, timeoutMs: ANSWER_MS });
  }

  async dropPending(body: string): Promise<void> {
    const app = this.running;
    if (!app.lastFrame().some((l) => l.includes('press i to write'))) await app.press('\x1b', 'press i to write');
    const since = app.mark();
    app.proc.write('D');
    await app
      .untilFrame((f) => f.some((l) => l.includes('dropped from the outbox')), { since, what: `"${body}" dropped after D`, timeoutMs: ANSWER_MS })
      .catch(() => {
        throw new Error(`the terminal UI did not drop the entry being sent (D is answered only for a failed entry); the screen:\n${app.lastFrame().join('\n')}`);
      });
  }

  async replayNow(): Promise<void> {
    // Ctrl+R: "retries now", from anywhere.
    this.running.proc.write('\x12');
  }

  async settle(): Promise<void> {
    // A person back online waits until the outbox is empty; asked about a clean merge (the queued
    // save replayed into someone else's), they take the merged text. The question can come at any
    // time before the outbox empties, so it is looked for on every turn.
    const app = this.running;
    const outbox = new CliFace({ url: this.url, home: this.home ?? app.home, stateHome: this.home ?? app.home });
    await until('the outbox to empty (a merge question answered)', async () => {
      const merged = app.lastFrame().find((l) => /^\W*(\d) take the merged text/.test(pane(l)));
      if (merged !== undefined) {
        const since = app.mark();
        app.proc.write(pane(merged).replace(/^\W*(\d).*$/, '$1'));
        await app.untilFirstFrame(() => true, { since, what: 'a frame after taking the merged text' });
        return undefined;
      }
      if (app.lastFrame().some((l) => /⋯ (pending|sending)|sending…/.test(l))) return undefined;
      return (await outbox.entries()).every((e) => e.state !== 'pending') ? true : undefined;
    }, 60_000);
  }

  async shownCount(channel: ParityChannel, body: string): Promise<number> {
    await this.openRoom(channel);
    const shown = await this.running.untilFrame((f) => f.some((l) => paneText(l) === body), { what: `"${body}" shown in ${channel.label}`, timeoutMs: ANSWER_MS });
    return shown.filter((l) => paneText(l) === body).length;
  }

  async editDoc(title: string, edit: DocEdit, meanwhile: () => Promise<void>): Promise<void> {
    // The editor reads what to do from the environment: the UI starts again with it.
    this.edit = edit;
    for (const name of ['edited', 'go']) rmSync(join(this.handshake, name), { force: true });
    await this.restart();
    const app = this.running;
    const list = await (async () => {
      const since = app.mark();
      app.proc.write('d');
      return app.untilFrame((f) => f.some((l) => pane(l).includes(title)), { since, what: 'the docs list' });
    })();
    const rows = list.map(pane);
    const selected = rows.findIndex((l) => l.startsWith('▸'));
    const target = rows.findIndex((l) => l.replace(/^[▸\s]*/, '').trim() === title);
    if (target < 0) throw new Error(`no "${title}" in the docs list:\n${rows.join('\n')}`);
    const since = app.mark();
    app.proc.write('j'.repeat(Math.max(0, target - selected)) + '\r');
    await app.waitFor(`${title} · updated`, { since });
    await app.press('e');
    await until('the editor to make the edit', () => existsSync(join(this.handshake, 'edited')));
    await meanwhile();
    const after = app.mark();
    writeFileSync(join(this.handshake, 'go'), '');
    // Back from the editor: the save ends with a word on screen (saved, queued, could not save, a
    // prompt) while the service is still away; retries still under way are waited out.
    // Anywhere in what was drawn since: a later error (the connection's) may take the status line.
    await app.waitFor(SAVE_SAID, { since: after, timeoutMs: 60_000 });
  }

  async keptText(): Promise<string> {
    // The screen, and the file the editor wrote if the UI kept it (its hint names it).
    const parts = [stripCsi(this.running.output).slice(-6000)];
    const edited = join(this.handshake, 'edited');
    const file = existsSync(edited) ? readFileSync(edited, 'utf8') : '';
    if (file !== '' && existsSync(file)) parts.push(readFileSync(file, 'utf8'));
    return parts.join('\n');
  }

  async readMentions(waitFor?: string): Promise<string[]> {
    const app = this.running;
    const announced = () => [...stripCsi(app.output.slice(this.sessionStart)).matchAll(NOTICE)].map((m) => m[1] ?? '');
    if (waitFor !== undefined && !announced().some((b) => waitFor.startsWith(b.replace(/…$/, '')) || b.includes(waitFor))) {
      const since = app.mark();
      app.proc.write('m');
      await app.waitFor(waitFor.slice(0, 40), { since, timeoutMs: 60_000 });
      await app.press('\x1b');
    }
    else await until('the mention feed to handle an answer since the start', () => mentionPollsSince(this.proxy, this.requestsAtStart) >= 2);
    const bodies = [...new Set(announced())];
    // Shown in the inbox but not as a notice (the rows there at start): it was read all the same.
    return waitFor !== undefined && !bodies.some((b) => waitFor.startsWith(b.replace(/…$/, ''))) ? [...bodies, waitFor] : bodies;
  }

  async mentionCursor(): Promise<string | undefined> {
    return this.home ? accountCursorIn(join(this.home, 'wsc', 'offline')) : undefined;
  }

  async roomLabelShown(channel: ParityChannel): Promise<string> {
    await this.openRoom(channel);
    // The pane's first line is the room's heading (once loaded).
    const heading = (f: string[]) => f.map(pane).find((l) => l.trim() !== '' && !l.includes('Maria Member (@maria) in')) ?? '';
    const frame = await this.running.untilFrame((f) => !heading(f).includes('loading…'), { what: `the heading of ${channel.label} loaded` });
    return heading(frame).replace(/ — .*$/, '').trim();
  }

  async authorShown(channel: ParityChannel, body: string): Promise<string> {
    await this.openRoom(channel);
    const frame = await this.running.untilFrame((f) => f.some((l) => paneText(l) === body), { what: `"${body}" shown`, timeoutMs: ANSWER_MS });
    const lines = frame.map((l) => pane(l).replace(/^▌/, ''));
    const at = lines.findIndex((l) => l.trim() === body);
    return (lines[at - 1] ?? '').trim().replace(/ · .*$/, '');
  }

  /** The Inbox rows of a frame: selection mark, unread mark, source glyph, title, then who · where · when. */
  private inboxRows(frame: string[]): { title: string; unread: boolean; selected: boolean }[] {
    return frame.flatMap((line) => {
      const row = /^([▸ ])([• ])(\S) (.+?)(?:\s{2,}.*)?$/.exec(pane(line));
      if (!row || !frame.some((l) => pane(l).startsWith('Inbox · '))) return [];
      return [{ title: (row[4] ?? '').trim(), unread: row[2] === '•', selected: row[1] === '▸' }];
    }).filter((r) => !r.title.startsWith('Inbox · ') && !r.title.startsWith('['));
  }

  private async openInbox(): Promise<void> {
    const app = this.running;
    if (app.lastFrame().some((l) => pane(l).startsWith('Inbox · '))) return;
    // `i` opens the Inbox from anywhere but a conversation (where it writes): Esc leaves one first.
    if (app.lastFrame().some((l) => l.includes('press i to write'))) await app.press('\x1b', /Pick a channel|Inbox · /);
    await app.press('i', 'Inbox · ');
  }

  async inbox(): Promise<ShownInboxItem[]> {
    const app = this.running;
    await this.openInbox();
    // `r` reads every source now, as a person does; the rows are then those of a frame drawn after it.
    const since = app.mark();
    app.proc.write('r');
    // A read that changes nothing draws no frame: wait a moment for one, not for ever.
    await app.untilFirstFrame(() => true, { since, what: 'a frame after r', timeoutMs: 1_500 }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return this.inboxRows(app.lastFrame()).map(({ title, unread }) => ({ title, unread }));
  }

  async inboxDone(titlePart: string): Promise<void> {
    const app = this.running;
    await this.openInbox();
    const rows = this.inboxRows(app.lastFrame());
    const target = rows.findIndex((r) => r.title.includes(titlePart));
    if (target < 0) throw new Error(`the Inbox shows no row with "${titlePart}":\n${app.lastFrame().join('\n')}`);
    const selected = Math.max(0, rows.findIndex((r) => r.selected));
    const moves = target >= selected ? 'j'.repeat(target - selected) : 'k'.repeat(selected - target);
    if (moves !== '') {
      const since = app.mark();
      app.proc.write(moves);
      await app.untilFrame((f) => this.inboxRows(f).find((r) => r.selected)?.title.includes(titlePart) === true, { since, what: `the row with "${titlePart}" selected` });
    }
    const since = app.mark();
    app.proc.write('d');
    await app.untilFrame((f) => !this.inboxRows(f).some((r) => r.title.includes(titlePart)), { since, what: `the row with "${titlePart}" to leave after d` });
  }

  elsewhere(): InboxElsewhere {
    const home = this.home ?? this.running.home;
    return cliInboxOn(new CliFace({ url: this.url, home, stateHome: home }));
  }
}
