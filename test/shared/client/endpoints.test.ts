import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  ConflictError,
  InvalidRequestError,
  isAbortError,
  isApiError,
  NotFoundError,
  PermissionRequiredError,
  UnauthorizedError,
  type Message,
} from '../../../shared';
import { ALICE_TOKEN, BOB_TOKEN, clientFixture, IDS, REPLY_COUNT, RUN_EVENT_COUNT, TOP_LEVEL_COUNT } from '../support/fixture';
import { startEmulator, type TestEmulator } from '../../support/emulator';

// Every Client method against the local service over real loopback HTTP.
let service: TestEmulator;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  service = await startEmulator({ fixture: clientFixture() });
  alice = new Client({ baseUrl: service.url, token: ALICE_TOKEN, clientName: 'client-tests', retry: { maxAttempts: 1 } });
  bob = new Client({ baseUrl: service.url, token: BOB_TOKEN, clientName: 'client-tests-bob', retry: { maxAttempts: 1 } });
});

afterAll(async () => {
  await alice.close();
  await bob.close();
  await service.stop();
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const topLevelTotal = TOP_LEVEL_COUNT + 1; // plus the thread root

describe('me', () => {
  it('me() names the person and workspace', async () => {
    const me = await alice.me();
    expect(me).toMatchObject({ kind: 'person', userId: IDS.alice, workspaceId: IDS.workspace, workspace: 'Client tests', handle: 'alice' });
    expect(me.note.length).toBeGreaterThan(0);
  });

  it('wake() gives doorbell coordinates', async () => {
    const wake = await alice.wake();
    expect(wake.event).toBe('wake');
    expect(wake.topic.length).toBeGreaterThan(0);
    expect(wake.refreshMs).toBeGreaterThan(0);
    expect(wake.url).toMatch(/^(ws|http)s?:\/\//);
  });

  it('mentions() lists the @alice message with reason and context', async () => {
    const { mentions } = await alice.mentions({});
    const row = mentions.find((m) => m.body.includes('@alice'));
    expect(row?.reason).toBe('mention');
    expect(Array.isArray(row?.context)).toBe(true);
  });

  it('mentions() with since and wait_ms answers when a mention arrives', async () => {
    const { mentions } = await alice.mentions({});
    const since = mentions[0]?.created_at;
    const pending = alice.mentions({ since, wait_ms: 10_000 });
    setTimeout(() => void bob.postMessage(IDS.general, { body: '@alice long-poll ping' }), 150);
    const answer = await pending;
    expect(answer.mentions.map((m) => m.body)).toContain('@alice long-poll ping');
  });
});

describe('long-poll abort', () => {
  it('aborting a waiting mentions() long-poll rejects promptly', async () => {
    const { mentions } = await alice.mentions({});
    const controller = new AbortController();
    const started = Date.now();
    const pending = alice.mentions({ since: mentions[0]?.created_at, wait_ms: 20_000 }, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 100);
    const e = await pending;
    expect(isAbortError(e)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('channels and messages', () => {
  it('channels() lists readable channels with room_icon', async () => {
    const list = await alice.channels();
    const general = list.find((c) => c.id === IDS.general);
    expect(general).toMatchObject({ name: 'general', kind: 'channel' });
    expect(general).toHaveProperty('room_icon');
    expect(list.some((c) => c.id === IDS.dm && c.kind === 'dm')).toBe(true);
  });

  it('messages() gives the newest window, oldest first, with hasMore and cursor', async () => {
    const page = await alice.messages(IDS.general, { limit: 5 });
    expect(page.messages).toHaveLength(5);
    expect(page.hasMore).toBe(true);
    const times = page.messages.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);
    expect(page.cursor).toBe(times[0]);
    const older = await alice.messages(IDS.general, { limit: 5, before: page.cursor ?? undefined });
    expect((older.messages.at(-1)?.created_at ?? '') < (times[0] ?? '')).toBe(true);
  });

  it('iterateMessages() older and newer each see every top-level message once', async () => {
    const older = await collect(alice.iterateMessages(IDS.general, { direction: 'older', limit: 4 }));
    const newer = await collect(alice.iterateMessages(IDS.general, { direction: 'newer', limit: 4 }));
    const ids = (ms: Message[]): string[] => ms.map((m) => m.id);
    expect(new Set(ids(older)).size).toBe(older.length);
    expect(older.length).toBeGreaterThanOrEqual(topLevelTotal);
    expect(ids(newer)).toEqual(ids(older).reverse());
    expect(older.every((m) => m.parent_id === null)).toBe(true);
  });

  it('iterateMessages() newer from a cursor starts just after it', async () => {
    const first = await alice.messages(IDS.general, { limit: 200 });
    const third = first.messages[2];
    const rest = await collect(alice.iterateMessages(IDS.general, { direction: 'newer', from: third?.created_at, limit: 3 }));
    expect(rest.map((m) => m.id)).toEqual(first.messages.slice(3).map((m) => m.id));
  });

  it('postMessage() posts under the person with the via marker; editMessage() edits it', async () => {
    const posted = await alice.postMessage(IDS.general, { body: 'posted by the client tests' });
    expect(posted.id).toBeTruthy();
    expect(posted.url).toMatch(/^https?:\/\//);
    const page = await alice.messages(IDS.general, { limit: 3 });
    const mine = page.messages.find((m) => m.id === posted.id);
    expect(mine).toMatchObject({ body: 'posted by the client tests', via: 'client-tests', author: { id: IDS.alice } });
    const edited = await alice.editMessage(posted.id, 'edited by the client tests');
    expect(edited).toMatchObject({ ok: true, id: posted.id });
    const e = await bob.editMessage(posted.id, 'not mine').catch((err: unknown) => err);
    expect(isApiError(e) && ['permission_required', 'not_found'].includes(e.code)).toBe(true);
  });

  it('thread() and iterateReplies() read the replies; postMessage() with parent_id replies', async () => {
    const thread = await alice.thread(IDS.root);
    expect(thread.root.id).toBe(IDS.root);
    expect(thread.replies.length).toBeGreaterThanOrEqual(REPLY_COUNT);
    const reply = await bob.postMessage(IDS.general, { body: 'a reply from bob', parent_id: IDS.root });
    const all = await collect(alice.iterateReplies(IDS.root, { direction: 'newer', limit: 3 }));
    expect(all.at(-1)?.id).toBe(reply.id);
    const back = await collect(alice.iterateReplies(IDS.root, { direction: 'older', limit: 3 }));
    expect(back.map((m) => m.id)).toEqual(all.map((m) => m.id).reverse());
    expect(all.every((m) => m.parent_id === IDS.root)).toBe(true);
  });

  it('members() and links()', async () => {
    const members = await alice.members(IDS.general);
    expect(members.find((m) => m.id === IDS.bob)).toMatchObject({ kind: 'person', handle: 'bob', mention: '@bob' });
    expect(members.some((m) => m.kind === 'agent')).toBe(true);
    const links = await alice.links(IDS.general);
    expect(links.find((l) => l.kind === 'repository')).toMatchObject({ url: 'https://github.com/acme/app', repo_full_name: 'acme/app' });
  });

  it('messageLink() resolves a copied message URL', async () => {
    const page = await alice.messages(IDS.general, { limit: 1 });
    const message = page.messages[0] as Message;
    const found = await alice.messageLink(message.url);
    expect(found.channel.id).toBe(IDS.general);
    expect(found.message?.id).toBe(message.id);
  });

  it('search() finds messages; a 1-character query is invalid', async () => {
    const hits = await alice.search({ q: 'message number', limit: 5 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((m) => m.body.includes('message number'))).toBe(true);
    await expect(alice.search({ q: 'x' })).rejects.toBeInstanceOf(InvalidRequestError);
  });
});

describe('automations', () => {
  it('list, upsert, enable/disable, delete; members cannot change them', async () => {
    const listed = await alice.automations(IDS.general);
    expect(listed.isAdmin).toBe(true);
    expect(listed.automations.some((a) => a.id === IDS.automation)).toBe(true);
    expect((await bob.automations(IDS.general)).isAdmin).toBe(false);

    const created = await alice.upsertAutomation(IDS.general, {
      name: 'Every hour',
      trigger: { kind: 'schedule', options: { everyMinutes: 60 } },
      actions: [{ kind: 'post_message', options: { text: 'tick' } }],
    });
    expect(created.id).toBeTruthy();
    expect(created.webhookKey).toBeUndefined();
    await alice.upsertAutomation(IDS.general, {
      automation_id: created.id,
      name: 'Every two hours',
      trigger: { kind: 'schedule', options: { everyMinutes: 120 } },
      actions: [{ kind: 'post_message', options: { text: 'tock' } }],
    });
    await expect(alice.setAutomationEnabled(IDS.general, created.id, false)).resolves.toMatchObject({ ok: true });
    const after = (await alice.automations(IDS.general)).automations.find((a) => a.id === created.id);
    expect(after).toMatchObject({ name: 'Every two hours', enabled: false });

    const hook = await alice.upsertAutomation(IDS.general, {
      name: 'Hook',
      trigger: { kind: 'webhook', options: {} },
      actions: [{ kind: 'add_reaction', options: { emoji: 'eyes' } }],
    });
    expect(hook.webhookKey).toBeTruthy();
    expect(hook.webhookPath).toBeTruthy();

    await expect(alice.deleteAutomation(IDS.general, created.id)).resolves.toMatchObject({ ok: true });
    await expect(bob.deleteAutomation(IDS.general, hook.id)).rejects.toBeInstanceOf(PermissionRequiredError);
    await expect(alice.deleteAutomation(IDS.general, created.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('env, budget, warm workspace, artifacts', () => {
  it('putEnv() stores a write-only value, env() lists its fingerprint, deleteEnv() removes it', async () => {
    await expect(alice.putEnv(IDS.general, { name: 'API_KEY', value: 's3cret-value', kind: 'secret' })).resolves.toMatchObject({ ok: true });
    const entries = await alice.env(IDS.general);
    const entry = entries.find((e) => e.name === 'API_KEY');
    expect(entry?.kind).toBe('secret');
    expect(entry?.fingerprint).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(JSON.stringify(entries)).not.toContain('s3cret-value');
    await expect(alice.deleteEnv(IDS.general, 'API_KEY')).resolves.toMatchObject({ ok: true });
    expect((await alice.env(IDS.general)).some((e) => e.name === 'API_KEY')).toBe(false);
    await expect(bob.putEnv(IDS.general, { name: 'X', value: 'y', kind: 'variable' })).rejects.toBeInstanceOf(PermissionRequiredError);
  });

  it('budget() and putBudget()', async () => {
    await alice.putBudget(IDS.general, 500);
    expect(await alice.budget(IDS.general)).toMatchObject({ monthlyCredits: 500 });
    await alice.putBudget(IDS.general, null);
    const cleared = await alice.budget(IDS.general);
    expect(cleared.monthlyCredits).toBeNull();
    expect(cleared.month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('warmWorkspace() and rebuildWarmWorkspace()', async () => {
    const before = await alice.warmWorkspace(IDS.general);
    expect(before).toMatchObject({ status: 'ready', stale: false, enabled: true });
    await expect(alice.rebuildWarmWorkspace(IDS.general)).resolves.toMatchObject({ ok: true });
    expect((await alice.warmWorkspace(IDS.general)).stale).toBe(true);
  });

  it('putArtifactAddress() sets a published app address', async () => {
    const result = await alice.putArtifactAddress(IDS.artifact, 'client-tests-app');
    expect(result).toMatchObject({ ok: true, address: 'client-tests-app' });
    expect(result.url).toContain('client-tests-app');
    await expect(alice.putArtifactAddress(IDS.artifact, '-bad-')).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('putArtifactAddress() on an unknown artifact is not_found', async () => {
    await expect(alice.putArtifactAddress('10000000-0000-4000-8000-00000000ffff', 'my-app')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('docs', () => {
  it('docs(), createDoc(), getDoc(), patchDoc() with compare-and-set', async () => {
    const list = await alice.docs();
    expect(list.some((d) => d.id === IDS.doc)).toBe(true);
    expect(list.every((d) => !('body' in d))).toBe(true);
    expect((await alice.docs({ q: 'Welcome' })).some((d) => d.id === IDS.doc)).toBe(true);

    const { id } = await alice.createDoc({ title: 'Notes', body: 'v1', parent_id: IDS.folder });
    const doc = await alice.getDoc(id);
    expect(doc).toMatchObject({ title: 'Notes', body: 'v1', parent_id: IDS.folder, is_folder: false });

    const saved = await alice.patchDoc(id, { body: 'v2', expected_updated_at: doc.updated_at });
    expect(saved.saved).toBe(true);
    const stale = await alice.patchDoc(id, { body: 'v3', expected_updated_at: doc.updated_at }).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as ConflictError).currentUpdatedAt).toBe(saved.saved ? saved.updated_at : undefined);
    expect((await alice.getDoc(id)).body).toBe('v2');
  });

  it('patchDoc() on the rules-file mirror answers with a pull request', async () => {
    const result = await alice.patchDoc(IDS.rulesDoc, { body: '# Rules\n\nBe kind.\n' });
    expect(result.saved).toBe(false);
    if (!result.saved) expect(result.pull_request.url).toMatch(/^https?:\/\//);
  });

  it('getDoc() of an unknown id is not_found', async () => {
    await expect(alice.getDoc('10000000-0000-4000-8000-00000000dddd')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('tasks', () => {
  it('tasks() with filters, createTask(), patchTask() by T-ref', async () => {
    expect((await alice.tasks()).map((t) => t.ref)).toEqual(expect.arrayContaining(['T-1', 'T-2']));
    expect((await alice.tasks({ kind: 'epic' })).map((t) => t.ref)).toEqual(['T-1']);
    const created = await alice.createTask({ title: 'From the client', priority: 3, labels: ['client'] });
    expect(created.ref).toBe(`T-${created.number}`);
    const patched = await alice.patchTask(created.ref, { status: 'doing', append_note: 'started' });
    expect(patched).toEqual({ ok: true, number: created.number, ref: created.ref });
    const row = (await alice.tasks({ status: 'doing' })).find((t) => t.ref === created.ref);
    expect(row?.title).toBe('From the client');
    await expect(alice.patchTask('T-9999', { status: 'done' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('runs', () => {
  it('runEvents() pages with nextAfter/hasMore; iterateRunEvents() reads them all', async () => {
    const first = await alice.runEvents(IDS.run, { limit: 4 });
    expect(first.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(first).toMatchObject({ nextAfter: 4, hasMore: true });
    const all = await collect(alice.iterateRunEvents(IDS.run, { limit: 4 }));
    expect(all.map((e) => e.seq)).toEqual(Array.from({ length: RUN_EVENT_COUNT }, (_, i) => i + 1));
    const none = await alice.runEvents(IDS.run, { after: RUN_EVENT_COUNT });
    expect(none).toMatchObject({ events: [], nextAfter: RUN_EVENT_COUNT, hasMore: false });
  });

  it('iterateRunEvents() keeps paging across pages cut short by the 128 KiB budget', async () => {
    const big = 'x'.repeat(50 * 1024);
    const huge = 'y'.repeat(200 * 1024);
    const appended = [
      ...Array.from({ length: 6 }, (_, i) => ({ name: 'note', payload: { text: `${i} ${big}` } })),
      { name: 'note', payload: { text: huge } },
      { name: 'future.event', version: 3, payload: {} },
    ];
    const { seqs } = await service.control.appendRunEvents(IDS.run, appended);
    const all = await collect(alice.iterateRunEvents(IDS.run, { after: RUN_EVENT_COUNT, limit: 200 }));
    expect(all.map((e) => e.seq)).toEqual(seqs);
    const withheld = all.find((e) => e.seq === seqs[6]);
    expect(withheld?.redaction).toBe('withheld');
    expect(all.at(-1)).toMatchObject({ name: 'future.event', known: false });
    // The byte budget really did cut pages short (fewer events than the limit while hasMore).
    const first = await alice.runEvents(IDS.run, { after: RUN_EVENT_COUNT, limit: 200 });
    expect(first.hasMore).toBe(true);
    expect(first.events.length).toBeLessThan(appended.length);
  });

  it('retryRun() continues a stopped run', async () => {
    const result = await alice.retryRun(IDS.run);
    expect(result).toMatchObject({ ok: true, run_id: IDS.run });
  });
});

describe('generic actions', () => {
  it('capabilities() publishes commands with schemas', async () => {
    const caps = await alice.capabilities();
    const join = caps.commands.find((c) => c.name === 'join_channel');
    expect(join?.inputSchema.type).toBe('object');
    expect(typeof caps.webmcpStandard).toBe('string');
  });

  it('readAction() runs a read command over GET', async () => {
    const onboarding = await alice.readAction<Record<string, unknown>>('get_onboarding', { workspaceId: IDS.workspace });
    expect(typeof onboarding).toBe('object');
  });

  it('runAction() returns a receipt; the same key replays it without repeating the effect', async () => {
    const input = { workspaceId: IDS.workspace, name: 'client-actions' };
    const first = await alice.runAction<{ channelId?: string }>('create_channel', input, { idempotencyKey: 'client-tests-create-channel-1' });
    expect(first.ok).toBe(true);
    expect(first.receipt).toMatchObject({ requestId: 'client-tests-create-channel-1', replayed: false });
    const again = await alice.runAction('create_channel', input, { idempotencyKey: 'client-tests-create-channel-1' });
    expect(again.receipt).toMatchObject({ actionId: first.receipt.actionId, replayed: true });
    expect((await alice.channels()).filter((c) => c.name === 'client-actions')).toHaveLength(1);
  });

  it('a read command POSTed is invalid; a mutation over GET needs permission', async () => {
    await expect(alice.runAction('get_onboarding', { workspaceId: IDS.workspace })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(alice.readAction('join_channel', { channelId: IDS.general })).rejects.toBeInstanceOf(PermissionRequiredError);
  });
});

describe('authentication', () => {
  it.each([['hpt_not_a_real_token'], ['mgo_agent_token']])('%s is unauthorized', async (token) => {
    const c = new Client({ baseUrl: service.url, token, clientName: 'client-tests' });
    try {
      await expect(c.me()).rejects.toBeInstanceOf(UnauthorizedError);
    } finally {
      await c.close();
    }
  });

  it('an unknown channel is not_found', async () => {
    await expect(alice.messages('10000000-0000-4000-8000-00000000cccc')).rejects.toBeInstanceOf(NotFoundError);
  });
});
