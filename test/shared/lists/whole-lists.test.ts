// Whole lists against the local service holding the big workspace (20,000 tasks, 3,000 docs in 100
// folders): the ceiling learnt from the published document, per-status narrowing, cut lists said,
// rows answered twice or beyond what was asked shown once and noted; natural order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, InvalidRequestError, ServiceDocuments, TASK_STATUSES, type TaskRow, type TasksQuery } from '../../../shared/index';
import { ceilingFromDocument, loadWholeDocs, loadWholeTasks, naturalCompare, settleAnswer, listNotesText } from '../../../shared/lists';
import { docTreeChildren } from '../../../shared/docs';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { startAnswerProxy, type AnswerProxy } from '../../support/answer-proxy';
import { BIG, BIG_TOKENS, bigAssigneeOf, bigCount, bigTaskStatus, bigWorkspace } from '../../fixtures/big-workspace';

let service: TestEmulator;
const proxies: AnswerProxy[] = [];

const clientOf = (baseUrl: string) => new Client({ baseUrl, token: BIG_TOKENS.owner, clientName: 'whole-lists', serviceDocuments: new ServiceDocuments() });

beforeAll(async () => {
  service = await startEmulator({ fixture: bigWorkspace() });
}, 60_000);
afterAll(async () => {
  for (const p of proxies) await p.close();
  await service.stop();
});

describe('natural order', () => {
  it('puts numbers in names by value, in the locale', () => {
    expect(['T-10', 'T-2', 'T-1'].sort(naturalCompare)).toEqual(['T-1', 'T-2', 'T-10']);
    expect(['Folder 10', 'Folder 2', 'folder 1', 'Folder 1'].sort(naturalCompare)).toEqual(['folder 1', 'Folder 1', 'Folder 2', 'Folder 10']);
    expect(['é', 'z', 'e'].sort((a, b) => naturalCompare(a, b, 'fr'))).toEqual(['e', 'é', 'z']);
    expect(['ä', 'z', 'a'].sort((a, b) => naturalCompare(a, b, 'sv'))).toEqual(['a', 'z', 'ä']);
  });
});

describe('the ceiling', () => {
  it('is read from the published document (x-maximum or maximum), never written in', async () => {
    const document = await clientOf(service.url).openapiDocument();
    expect(ceilingFromDocument(document, '/api/v1/tasks')).toBe(500);
    expect(ceilingFromDocument(document, '/api/v1/docs')).toBe(500);
    const doc = (max: unknown) => ({ paths: { '/x': { get: { parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: max } }] } } } });
    expect(ceilingFromDocument(doc(250), '/x')).toBe(250);
    expect(ceilingFromDocument(doc('many'), '/x')).toBeNull();
    expect(ceilingFromDocument({}, '/x')).toBeNull();
  });

  it('is learnt from answers when the document gives none: two questions cut at the same count', async () => {
    const proxy = await startAnswerProxy(service.url, {
      rewriteAnswer: (path, body) => (path === '/api/v1/openapi.json' ? { openapi: '3.1.0', info: {}, paths: {} } : body),
    });
    proxies.push(proxy);
    const whole = await loadWholeTasks(clientOf(proxy.url));
    expect(proxy.requests.some((r) => r.includes('limit=10000'))).toBe(true);
    expect(whole.truncated).toBe(true);
    expect(whole.cutStatuses).toEqual(['backlog', 'todo', 'doing', 'done']);
  });
});

describe('a service that refuses a large limit (the spec says it caps)', () => {
  it('is asked again without one, and a full answer is said to be maybe cut', async () => {
    const real = clientOf(service.url);
    const asked: (number | undefined)[] = [];
    const refusing = {
      openapiDocument: () => Promise.resolve({ openapi: '3.1.0', paths: {} }),
      tasks: async (q: TasksQuery = {}): Promise<TaskRow[]> => {
        asked.push(q.limit);
        if (q.limit !== undefined && q.limit > 500) throw new InvalidRequestError({ code: 'invalid_request', message: 'limit too large', hint: 'send at most 500', status: 400, path: '/api/v1/tasks' });
        return real.tasks(q);
      },
    };
    const whole = await loadWholeTasks(refusing, { status: 'canceled' });
    expect(asked).toEqual([10_000, undefined]);
    expect(whole.tasks).toHaveLength(100);
    expect(whole.truncated).toBe(true);
  });
});

describe('tasks', () => {
  it('fill a list grouped by status: each status asked at the ceiling, the cut ones named', async () => {
    const whole = await loadWholeTasks(clientOf(service.url));
    expect(whole.requests).toBe(TASK_STATUSES.length);
    for (const status of TASK_STATUSES) {
      const shown = whole.tasks.filter((t) => t.status === status).length;
      expect(shown, status).toBe(Math.min(500, bigCount((n) => bigTaskStatus(n) === status)));
    }
    expect(whole.cutStatuses).toEqual(['backlog', 'todo', 'doing', 'done']);
    expect(whole.truncated).toBe(true);
    const refs = whole.tasks.map((t) => t.ref);
    expect(refs.slice(0, 3)).toEqual(['T-1', 'T-2', 'T-3']);
    expect([...refs].sort(naturalCompare)).toEqual(refs);
  });

  it("hold every one of the person's 500 tasks, which one answer of 500 could not say was whole", async () => {
    const whole = await loadWholeTasks(clientOf(service.url), { assignee: 'me' });
    expect(whole.tasks).toHaveLength(bigCount((n) => bigAssigneeOf(n) === 1));
    expect(whole.truncated).toBe(false);
    const once = await loadWholeTasks(clientOf(service.url), { assignee: 'me', limit: 500 });
    expect(once.truncated).toBe(true);
  });

  it('from a service answering rows twice and more than asked: each shown once, and noted', async () => {
    const proxy = await startAnswerProxy(service.url, {
      rewriteAnswer: (path, body, url) => {
        if (path !== '/api/v1/tasks' || url.searchParams.get('status') !== 'canceled') return body;
        const tasks = (body as { tasks: unknown[] }).tasks;
        return { tasks: [...tasks, ...tasks.slice(0, 3)] };
      },
    });
    proxies.push(proxy);
    const whole = await loadWholeTasks(clientOf(proxy.url));
    expect(whole.tasks.filter((t) => t.status === 'canceled')).toHaveLength(bigCount((n) => bigTaskStatus(n) === 'canceled'));
    expect(whole.repeated).toBe(3);
    expect(listNotesText(whole)).toBe('The service sent 3 rows twice (each shown once).');
  });
});

describe('settling an answer', () => {
  it('counts rows beyond what was asked and calls the answer cut', () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: String(i) }));
    const a = settleAnswer(rows, 5, 500);
    expect(a).toMatchObject({ extra: 2, repeated: 0, truncated: true });
    expect(a.items).toHaveLength(7);
    expect(settleAnswer(rows.slice(0, 4), 5, 500).truncated).toBe(false);
    expect(settleAnswer(rows.slice(0, 4), 500, 4).truncated).toBe(true);
  });
});

describe('docs', () => {
  it('are asked at the ceiling; a cut listing says so; folders sort naturally', async () => {
    const whole = await loadWholeDocs(clientOf(service.url));
    expect(whole.docs).toHaveLength(500);
    expect(whole.truncated).toBe(true);
    const folders = docTreeChildren(whole.docs, null).map((d) => d.title);
    expect(folders).toHaveLength(BIG.folders);
    expect(folders.slice(0, 3)).toEqual(['Folder 1', 'Folder 2', 'Folder 3']);
    expect(folders.at(-1)).toBe('Folder 100');
  });

  it('any doc is found by search', async () => {
    const hits = await loadWholeDocs(clientOf(service.url), 'Doc 97-3');
    expect(hits.docs.map((d) => d.title)).toContain('Doc 97-3');
    expect(hits.truncated).toBe(false);
  });
});
