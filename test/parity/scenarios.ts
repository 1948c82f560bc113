// The parity table of issue #41: each scenario is written once against a small face driver and
// checked the same way for every face (the CLI as a subprocess, the terminal UI in a pty, the
// extension inside the real VS Code), mostly through the local service's own state. The vitest
// runner (parity-pty.test.ts) runs it with the cli and tui drivers, the VS Code suite
// (test/extension/suite/parity.test.ts) with the vscode driver. No vitest, no vscode here: both
// runners import this file. A scenario's failure message names the drift it proves.
import * as assert from 'node:assert/strict';
import type { SwitchableProxy } from '../support/switchable-proxy';

export type FaceName = 'cli' | 'tui' | 'vscode';

/** test/fixtures/parity.json (basic.json with a named DM, a group DM, an agent message and a doc). */
export const PARITY = {
  fixture: 'parity',
  maria: { token: 'hpt_member_rw', id: 'a0000000-0000-4000-8000-000000000003', name: 'Maria Member' },
  /** "Bob" of the issue: another person, talking to the service directly with his own token. */
  bob: { token: 'hpt_owner_all', name: 'Olivia Owner' },
  general: { id: 'c0000000-0000-4000-8000-000000000001', name: 'general', label: '#general' },
  dm: { id: 'c0000000-0000-4000-8000-000000000003', name: 'Maria Member, Mike Member', label: '@Mike Member', firstBody: 'Hey Maria, lunch tomorrow?' },
  groupDm: { id: 'c0000000-0000-4000-8000-000000000007', name: 'Maria Member, Mike Member, Olivia Owner', label: '@Mike Member, Olivia Owner', firstBody: 'Parity group hello from Olivia.' },
  agentMessage: { body: 'Parity agent note: the build is green.', authorLabel: 'Helper [agent]' },
  doc: { id: 'd0000000-0000-4000-8000-000000000005', title: 'Parity notes', body: '# Parity notes\n\n1. Merge.\n2. Tag.\n' },
  /** Maria's task with a linked pull request, and a run she started (stopped in the fixture). */
  task: { ref: 'T-2', title: 'Fix search ranking', prUrl: 'https://github.com/acme/app/pull/42' },
  run: { id: 'b0000000-0000-4000-8000-000000000001' },
} as const;

export interface ParityChannel {
  readonly id: string;
  /** The name the service gives it (a DM's: every member). */
  readonly name: string;
  /** What every face must show for it to Maria (shared/channels/channel-name.ts roomLabel). */
  readonly label: string;
}

/** The service side, the same in every runner. */
export interface ParityWorld {
  /** What the faces talk to. */
  readonly proxy: SwitchableProxy;
  /** The service itself (Bob and the checks talk to it directly). */
  readonly serviceUrl: string;
  /** GET /_emulator/state with this run's control key. */
  state(): Promise<{ tables: Record<string, Record<string, unknown>[]> }>;
  /** POST /_emulator/<path> with this run's control key (merge a pull request, append run events). */
  control(path: string, body: unknown): Promise<unknown>;
}

/** An inbox item as a face shows it. */
export interface ShownInboxItem {
  readonly title: string;
  readonly unread: boolean;
}

/** Another home of the same account on this machine (`wsc` on the same state folder). */
export interface InboxElsewhere {
  /** `wsc inbox --json` there: the items not done, with their ids. */
  inbox(): Promise<{ id: string; title: string; state: string }[]>;
  /** `wsc inbox done ID` there. */
  done(id: string): Promise<void>;
  /** `wsc inbox watch RUN` there. */
  watchRun(runId: string): Promise<void>;
}

/** A change made in $EDITOR (or the wsc-doc editor): the first `find` replaced, or a line appended. */
export interface DocEdit {
  readonly find?: string;
  readonly replace?: string;
  readonly append?: string;
}

export function applyDocEdit(text: string, edit: DocEdit): string {
  let out = text;
  if (edit.find !== undefined) {
    if (!out.includes(edit.find)) throw new Error(`the doc has no ${JSON.stringify(edit.find)} to change: ${JSON.stringify(out)}`);
    out = out.replace(edit.find, edit.replace ?? '');
  }
  if (edit.append !== undefined) out = `${out.endsWith('\n') || out === '' ? out : `${out}\n`}${edit.append}\n`;
  return out;
}

/**
 * One face as a person uses it, signed in as Maria through the proxy. Each method acts as the face
 * lets a person act, and waits on what the face shows (screen text, exit codes, status bar), never
 * on time. Methods throw with what the face showed instead when it does not do what is asked.
 */
export interface FaceDriver {
  readonly face: FaceName;
  /**
   * Starts the face (proxy up), signed in, ready for input. `used-before`: the person has used this
   * face with the service before (the CLI then has run `wsc sync`, today the one command that makes
   * it learn the account); by default a first use (the CLI has made no call yet).
   */
  open(history?: 'first-use' | 'used-before'): Promise<void>;
  /** Quits and starts the face again on the same home (its saved state kept). */
  restart(): Promise<void>;
  close(): Promise<void>;

  /** Writes `body` in the channel as the face lets a person post; returns once the face has taken it. */
  post(channel: ParityChannel, body: string): Promise<void>;
  /** Starts a post whose send the proxy holds: returns while it is in flight. */
  startPost(channel: ParityChannel, body: string): Promise<void>;
  /** The face says `body` waits to be sent (queued / pending / outbox count). */
  expectPending(body: string): Promise<void>;
  /** Drops the waiting (or in-flight) entry holding `body`, as the face lets a person drop it. */
  dropPending(body: string): Promise<void>;
  /** Sends what waits now, as the face lets a person ask (returns without waiting for the send). */
  replayNow(): Promise<void>;
  /** After the proxy is up: waits until the face has nothing left to send (replays what waits). */
  settle(): Promise<void>;
  /** How many times the face shows `body` in the channel. */
  shownCount(channel: ParityChannel, body: string): Promise<number>;

  /** Opens the doc, makes `edit`, runs `meanwhile` while the edit is still unsaved, then saves. */
  editDoc(title: string, edit: DocEdit, meanwhile: () => Promise<void>): Promise<void>;
  /** Everything the face keeps of the person's words (outbox entries, conflict files, open editors, screen). */
  keptText(): Promise<string>;

  /**
   * Reads the mentions as the face does; `waitFor`: a body that must be among them. Returns the bodies
   * announced as new since open/restart, once the face has handled at least one answer since then
   * (a live face: two mention polls with `since` seen by the proxy, the second sent after the first
   * answer was handled; the CLI: one `wsc mentions`).
   */
  readMentions(waitFor?: string): Promise<string[]>;
  /** The face's saved mention cursor (undefined when it keeps none). */
  mentionCursor(): Promise<string | undefined>;

  /** The label the face shows for the room. */
  roomLabelShown(channel: ParityChannel): Promise<string>;
  /** The author label the face shows on the message with `body` in `channel`. */
  authorShown(channel: ParityChannel, body: string): Promise<string>;

  /** The inbox as the face shows it once it has looked again (as a person refreshes it); done items are not shown. */
  inbox(): Promise<ShownInboxItem[]>;
  /** Marks done the shown item whose title contains `titlePart`, as the face lets a person. */
  inboxDone(titlePart: string): Promise<void>;
  /** The same account in another home on this machine. */
  elsewhere(): InboxElsewhere;
}

export interface ScenarioContext {
  readonly world: ParityWorld;
  readonly face: FaceDriver;
  /** A body unique to this face and run. */
  readonly stamp: string;
}

export interface ParityScenario {
  readonly name: string;
  /** Faces the scenario does not apply to, with why (none today: every scenario runs in all three). */
  readonly skip?: Partial<Record<FaceName, string>>;
  run(ctx: ScenarioContext): Promise<void>;
}

// ── checks on the service's own state ──────────────────────────────────────────────────────────

export async function messagesWithBody(world: ParityWorld, body: string): Promise<Record<string, unknown>[]> {
  const { tables } = await world.state();
  return (tables.messages ?? []).filter((m) => m.body === body);
}

export async function docBody(world: ParityWorld, id: string): Promise<string> {
  const { tables } = await world.state();
  const doc = (tables.docs ?? []).find((d) => d.id === id);
  if (!doc) throw new Error(`the service has no doc ${id}`);
  return String(doc.body);
}

/** A call as Bob, straight to the service. */
export async function asBob<T>(world: ParityWorld, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${world.serviceUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${PARITY.bob.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Bob's ${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Bob saves the doc with compare-and-set against what the service holds now. */
export async function bobSavesDoc(world: ParityWorld, id: string, edit: DocEdit): Promise<void> {
  const doc = await asBob<{ body: string; updated_at: string }>(world, 'GET', `/api/v1/docs/${id}`);
  await asBob(world, 'PATCH', `/api/v1/docs/${id}`, { body: applyDocEdit(doc.body, edit), expected_updated_at: doc.updated_at });
}

export async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Mention requests with a `since` that reached the proxy after request number `from`. */
export function mentionPollsSince(proxy: SwitchableProxy, from: number): number {
  return proxy.requests.slice(from).filter((r) => r.startsWith('GET ') && r.includes('/me/mentions') && r.includes('since=')).length;
}

type MentionService = 'as-is' | 'older-only' | 'ignores-since';

/**
 * A service that misbehaves about `since` (through the proxy): `older-only` answers every mentions
 * read with the rows older than `floor` it sent before (an older window than asked), `ignores-since`
 * answers a read with `since` with every row it ever sent.
 */
function mentionService(world: ParityWorld): { set(mode: MentionService, floor?: string): void } {
  const seen = new Map<string, Record<string, unknown>>();
  let mode: MentionService = 'as-is';
  let floor = '';
  world.proxy.rewrite((method, url, body) => {
    if (method !== 'GET' || !url.pathname.endsWith('/me/mentions') || typeof body !== 'object' || body === null) return undefined;
    const answer = body as { mentions?: Record<string, unknown>[] };
    if (!Array.isArray(answer.mentions)) return undefined;
    for (const row of answer.mentions) seen.set(String(row.id), row);
    const newestFirst = [...seen.values()].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
    if (mode === 'older-only') return { ...answer, mentions: newestFirst.filter((r) => String(r.created_at) < floor), hasMore: false };
    if (mode === 'ignores-since' && url.searchParams.has('since')) return { ...answer, mentions: newestFirst };
    return undefined;
  });
  return {
    set(next, below) {
      mode = next;
      floor = below ?? '';
    },
  };
}

const postsToGeneral = (method: string, url: string) => method === 'POST' && url.includes(`/channels/${PARITY.general.id}/messages`);

// ── the table ──────────────────────────────────────────────────────────────────────────────────

export const SCENARIOS: readonly ParityScenario[] = [
  {
    name: 'post offline, reconnect: queued, then sent once and shown once',
    async run({ world, face, stamp }) {
      await face.open();
      await world.proxy.down();
      const body = `parity offline ${stamp}`;
      await face.post(PARITY.general, body);
      await face.expectPending(body);
      assert.equal((await messagesWithBody(world, body)).length, 0, 'nothing reached the service while it could not be reached');
      await world.proxy.up();
      await face.settle();
      await until(`"${body}" at the service`, async () => (await messagesWithBody(world, body)).length > 0);
      assert.equal((await messagesWithBody(world, body)).length, 1, 'the service has the message exactly once');
      assert.equal(await face.shownCount(PARITY.general, body), 1, 'the face shows the message once');
    },
  },
  {
    name: 'drop while being sent: the held send is dropped and never reaches the service',
    async run({ world, face, stamp }) {
      await face.open();
      const body = `parity in flight ${stamp}`;
      await world.proxy.hold(postsToGeneral);
      await face.startPost(PARITY.general, body);
      await world.proxy.untilHeld(1);
      await face.dropPending(body);
      await world.proxy.up();
      await face.settle();
      assert.equal((await messagesWithBody(world, body)).length, 0, 'the dropped message never reached the service');
    },
  },
  {
    name: 'drop while a queued post is being replayed: the held replay is dropped and never reaches the service',
    async run({ world, face, stamp }) {
      // Used before: the queueing itself is the first scenario's matter, this one is about the drop.
      await face.open('used-before');
      await world.proxy.down();
      const body = `parity replay dropped ${stamp}`;
      await face.post(PARITY.general, body);
      await face.expectPending(body);
      await world.proxy.hold(postsToGeneral);
      await face.replayNow();
      await world.proxy.untilHeld(1);
      await face.dropPending(body);
      await world.proxy.up();
      await face.settle();
      assert.equal((await messagesWithBody(world, body)).length, 0, 'the dropped message never reached the service');
    },
  },
  {
    name: 'doc saved offline while someone else saves (no overlap): both edits kept, merged',
    async run({ world, face, stamp }) {
      await face.open();
      const mine = `3. Announce (${stamp}).`;
      await face.editDoc(PARITY.doc.title, { append: mine }, async () => {
        await world.proxy.down();
        await bobSavesDoc(world, PARITY.doc.id, { find: '# Parity notes', replace: '# Parity notes (Bob)' });
      });
      await world.proxy.up();
      await face.settle();
      const body = await until('both edits in the doc at the service', async () => {
        const now = await docBody(world, PARITY.doc.id);
        return now.includes(mine) && now.includes('(Bob)') ? now : undefined;
      }, 30_000).catch(async (error: unknown) => {
        throw new Error(`${String(error)}: the doc is ${JSON.stringify(await docBody(world, PARITY.doc.id))}; the face keeps ${JSON.stringify((await face.keptText()).slice(-600))}`);
      });
      assert.ok(body.includes('1. Merge.') && body.includes('2. Tag.'), `nothing else lost: ${JSON.stringify(body)}`);
    },
  },
  {
    name: 'doc saved offline while someone else saves (overlap): both texts kept, the person\'s not lost',
    async run({ world, face, stamp }) {
      await face.open();
      const mine = `2. Tag and sign (${stamp}).`;
      await face.editDoc(PARITY.doc.title, { find: '2. Tag.', replace: mine }, async () => {
        await world.proxy.down();
        await bobSavesDoc(world, PARITY.doc.id, { find: '2. Tag.', replace: '2. Tag and push (Bob).' });
      });
      await world.proxy.up();
      await face.settle();
      const atService = await docBody(world, PARITY.doc.id);
      assert.ok(atService.includes('2. Tag and push (Bob).'), `Bob's save is not overwritten: ${JSON.stringify(atService)}`);
      const kept = atService.includes(mine) ? atService : await face.keptText();
      assert.ok(kept.includes(mine), `the person's text is kept (in the doc, the outbox or a file): the doc is ${JSON.stringify(atService)}; the face keeps ${JSON.stringify(kept.slice(-600))}`);
    },
  },
  {
    name: 'mention cursor after a restart when the service answers an older since: never moves back, nothing announced again',
    async run({ world, face, stamp }) {
      const service = mentionService(world);
      await face.open();
      const first = await face.readMentions('@maria please review the docs change.');
      assert.ok(first.length > 0, 'the first read announces the fixture mentions');
      // A live face saves it right after handling the rows.
      const saved = await until('the face to save a mention cursor after reading', () => face.mentionCursor(), 30_000);

      // Restarted against a service that answers a window older than the saved cursor.
      service.set('older-only', saved);
      await face.restart();
      const older = await face.readMentions();
      assert.deepEqual(older, [], 'rows older than the saved cursor are not announced again');
      assert.equal(await face.mentionCursor(), saved, 'the saved cursor does not move back to the older rows');

      // Then one that ignores `since` (every row again) while a new mention arrives.
      service.set('ignores-since');
      const fresh = `@maria parity new mention ${stamp}`;
      await asBob(world, 'POST', `/api/v1/channels/${PARITY.general.id}/messages`, { body: fresh });
      const again = await face.readMentions(fresh);
      assert.deepEqual(
        again.filter((b) => !b.includes('parity new mention')),
        [],
        `after the restart only the new mention is announced; old ones were announced again: ${JSON.stringify(again)}`,
      );
      const now = await face.mentionCursor();
      assert.ok(now !== undefined && now >= saved, `the saved cursor never moves back: ${saved} → ${String(now)}`);
      // Saved once the face has handled the new mention (a live face saves right after announcing it).
      await until('the saved cursor to move forward past the new mention', async () => ((await face.mentionCursor()) ?? '') > saved, 30_000);
    },
  },
  {
    name: 'labels: a DM, a group DM and an agent author read the same in every face',
    async run({ face }) {
      await face.open();
      const shown = {
        dm: await face.roomLabelShown(PARITY.dm),
        groupDm: await face.roomLabelShown(PARITY.groupDm),
        agent: await face.authorShown(PARITY.general, PARITY.agentMessage.body),
      };
      assert.deepEqual(shown, { dm: PARITY.dm.label, groupDm: PARITY.groupDm.label, agent: PARITY.agentMessage.authorLabel });
    },
  },
  {
    name: 'inbox: Bob merges the pull request of my task and my run settles: each arrives once; done here is done in another home, and back',
    async run({ world, face }) {
      await face.open();
      const other = face.elsewhere();
      // The first look only takes a snapshot of my tasks; the run is watched from the other home.
      await face.inbox();
      await other.watchRun(PARITY.run.id);
      await asBob(world, 'PATCH', `/api/v1/tasks/${PARITY.task.ref}`, { priority: 4 });
      await world.control('/pull-requests/merged', { pr_url: PARITY.task.prUrl });
      await world.control(`/runs/${PARITY.run.id}/events`, { events: [{ name: 'run.settled', runtime: 'claude', lane: 'main', payload: { status: 'failed', summary: 'parity tests failed' } }] });
      const isTask = (t: string) => t.includes(`${PARITY.task.ref} `) && t.includes('moved to done');
      const isRun = (t: string) => t.includes('Run failed: parity tests failed');
      const shown = await until('the task change and the settled run in the inbox', async () => {
        const items = await face.inbox();
        return items.some((i) => isTask(i.title)) && items.some((i) => isRun(i.title)) ? items : undefined;
      }, 60_000);
      assert.equal(shown.filter((i) => isTask(i.title)).length, 1, `the task change shows once: ${JSON.stringify(shown)}`);
      assert.equal(shown.filter((i) => isRun(i.title)).length, 1, `the settled run shows once: ${JSON.stringify(shown)}`);
      assert.ok(shown.filter((i) => isTask(i.title) || isRun(i.title)).every((i) => i.unread), `both arrive unread: ${JSON.stringify(shown)}`);

      // Done here → done in the other home.
      await face.inboxDone(PARITY.task.ref);
      const started = Date.now();
      await until('the other home to see the task item done', async () => !(await other.inbox()).some((i) => isTask(i.title)), 10_000);
      assert.ok(Date.now() - started < 5_000, `done reached the other home in ${Date.now() - started} ms`);
      // Done there → gone here.
      const runItem = (await other.inbox()).find((i) => isRun(i.title));
      assert.ok(runItem, 'the other home lists the settled run');
      await other.done(runItem.id);
      await until('the face to stop showing the run done in the other home', async () => !(await face.inbox()).some((i) => isRun(i.title)), 10_000).catch(async (e: unknown) => {
        throw new Error(`${String(e)}: the face shows ${JSON.stringify(await face.inbox())}; the other home lists ${JSON.stringify(await other.inbox())}`);
      });
      assert.ok(!(await face.inbox()).some((i) => isTask(i.title)), 'the task item marked done stays done');
    },
  },
];
