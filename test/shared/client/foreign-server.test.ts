// The shared client against a service that reads the spec otherwise (a proxy in front of the local
// service rewrites its answers): pages that repeat their cursor, events at or below the cursor, a
// mentions read without a page size; and the one tree and assignee rule every face uses.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  Client,
  UnexpectedResponseError,
  docTreeChildren,
  docTreePath,
  readRunEvents,
  resolveAssignee,
  type Member,
  type Message,
  type RunEvent,
} from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { startHostileProxy, type AnswerRewrite, type HostileProxy } from '../../support/hostile-proxy';

const GENERAL = 'c0000000-0000-4000-8000-000000000001';
const THREAD_ROOT = 'e0000000-0000-4000-8000-000000000002';
const RUN = 'b0000000-0000-4000-8000-000000000003';
const PASS: AnswerRewrite = (_path, body) => body;

let emu: TestEmulator;
let proxy: HostileProxy;
let client: Client;
let rule: AnswerRewrite = PASS;

beforeAll(async () => {
  emu = await startEmulator();
  await emu.control.appendRunEvents(RUN, [1, 2, 3].map((n) => ({ name: 'note', runtime: 'claude', lane: 'main', payload: { text: `note ${n}` } })));
  proxy = await startHostileProxy(emu.url, (path, body, url) => rule(path, body, url));
  client = new Client({ baseUrl: proxy.url, token: 'hpt_member_rw', clientName: 'test' });
}, 60_000);

afterEach(() => {
  rule = PASS;
  proxy.requests.length = 0;
});

afterAll(async () => {
  await client.close();
  await proxy.stop();
  await emu.stop();
});

/** Every read carrying `param` answers the first such answer again, saying more follow. */
function repeatFirst(pathEnd: string, param: string): AnswerRewrite {
  let first: unknown = null;
  return (path, body, url) => {
    if (!path.endsWith(pathEnd) || !url.searchParams.has(param)) return body;
    first ??= body;
    return { ...(first as Record<string, unknown>), hasMore: true };
  };
}

/** The items before the iterator failed, and the failure. */
async function drain<T>(items: AsyncIterable<T>): Promise<{ got: T[]; error: unknown }> {
  const got: T[] = [];
  try {
    for await (const item of items) got.push(item);
  } catch (error) {
    return { got, error };
  }
  return { got, error: undefined };
}

describe('paging iterators stop at a cursor that does not advance', () => {
  it('iterateMessages (newer): each message once, then unexpected_response naming the endpoint', async () => {
    rule = repeatFirst(`/channels/${GENERAL}/messages`, 'after');
    const { got, error } = await drain<Message>(client.iterateMessages(GENERAL, { direction: 'newer', limit: 5 }));
    expect(got.length).toBeGreaterThan(0);
    expect(new Set(got.map((m) => m.id)).size).toBe(got.length);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('GET /api/v1/channels/{id}/messages');
    expect(proxy.requests.length).toBeLessThan(20);
  });

  it('iterateReplies (older): the same for a thread', async () => {
    rule = repeatFirst(`/threads/${THREAD_ROOT}`, 'limit');
    const { got, error } = await drain<Message>(client.iterateReplies(THREAD_ROOT, { direction: 'older', limit: 1 }));
    expect(new Set(got.map((m) => m.id)).size).toBe(got.length);
    expect((error as Error).message).toContain('GET /api/v1/threads/{id}');
    expect(proxy.requests.length).toBeLessThan(20);
  });

  it('iterateRunEvents and the run-event reader drop events at or below the cursor', async () => {
    let first: RunEvent | undefined;
    for await (const e of client.iterateRunEvents(RUN)) {
      first = e;
      break;
    }
    rule = (path, body, url) => (path.endsWith(`/runs/${RUN}/events`) ? { events: [first], nextAfter: Number(url.searchParams.get('after')) + 1, hasMore: url.searchParams.get('after') !== '5' } : body);
    const { got } = await drain<RunEvent>(client.iterateRunEvents(RUN, { after: 2 }));
    expect(got).toEqual([]);
    const seen: number[] = [];
    for await (const item of readRunEvents({ client, runId: RUN, after: 2 })) if (item.type === 'event') seen.push(item.event.seq);
    expect(seen).toEqual([]);
  });

  it('mentions always send a limit', async () => {
    await client.mentions({});
    await client.mentions({ since: '2000-01-01T00:00:00Z' });
    const reads = proxy.requests.filter((r) => r.includes('/me/mentions'));
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.every((r) => /[?&]limit=\d+/.test(r))).toBe(true);
  });
});

describe('the docs tree rule', () => {
  const doc = (id: string, parent_id: string | null, is_folder = false) => ({ id, parent_id, title: id, is_folder });

  it('a doc whose parent is itself, missing, or on a cycle sits at the top; one under a cycle member stays under it', () => {
    const docs = [doc('root', null, true), doc('kid', 'root'), doc('self', 'self'), doc('lost', 'gone'), doc('a', 'b', true), doc('b', 'a', true), doc('under-a', 'a')];
    expect(docTreeChildren(docs, null).map((d) => d.id)).toEqual(['a', 'b', 'root', 'lost', 'self']);
    expect(docTreeChildren(docs, 'root').map((d) => d.id)).toEqual(['kid']);
    expect(docTreeChildren(docs, 'a').map((d) => d.id)).toEqual(['under-a']);
    expect(docTreePath(docs, 'under-a').map((d) => d.id)).toEqual(['a', 'under-a']);
    // Every doc is reachable from the top exactly once.
    const shown: string[] = [];
    const walk = (parent: string | null) => docTreeChildren(docs, parent).forEach((d) => (shown.push(d.id), walk(d.id)));
    walk(null);
    expect(shown.sort()).toEqual(docs.map((d) => d.id).sort());
  });
});

describe('assignees given as text', () => {
  const member = (id: string, handle: string, name: string, kind: 'person' | 'agent' = 'person') => ({ id, handle, name, kind }) as Member;
  const people = [member('u1', 'dan', 'Dan Developer'), member('u2', 'dana', 'Dana Smith'), member('g1', 'scout', 'Scout', 'agent')];
  const me = { userId: 'u9' };

  it('takes me, @handle, a name, an id and none, and tells people from agents', () => {
    expect(resolveAssignee('@dan', people, me)).toEqual({ ok: true, target: { kind: 'person', id: 'u1' } });
    expect(resolveAssignee('Dana Smith', people, me)).toEqual({ ok: true, target: { kind: 'person', id: 'u2' } });
    expect(resolveAssignee('@scout', people, me)).toEqual({ ok: true, target: { kind: 'agent', id: 'g1' } });
    expect(resolveAssignee('me', people, me)).toEqual({ ok: true, target: { kind: 'person', id: 'u9' } });
    expect(resolveAssignee('none', people, me)).toEqual({ ok: true, target: { kind: 'nobody' } });
    const id = '00000000-0000-4000-8000-000000000042';
    expect(resolveAssignee(id, people, me, 'agent')).toEqual({ ok: true, target: { kind: 'agent', id } });
    expect(resolveAssignee('@scout', people, me, 'person')).toMatchObject({ ok: false, reason: 'wrong-kind' });
    expect(resolveAssignee('@nobody', people, me)).toMatchObject({ ok: false, reason: 'nobody' });
  });
});
