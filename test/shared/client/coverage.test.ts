import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client, readTask, SERVICE_PATHS } from '../../../shared';
import { startEmulator, type TestEmulator } from '../../support/emulator';
import { capturingLogger } from '../support/fakes';
import { ALICE_TOKEN, clientFixture, IDS } from '../support/fixture';

// Every authenticated operation the local service publishes in its OpenAPI document is reached by
// some Client method (or the shared reader built on one, such as readTask): call each once and
// match the requests they made against the document.
let service: TestEmulator;
beforeAll(async () => {
  service = await startEmulator({ fixture: clientFixture() });
});
afterAll(() => service.stop());

interface OpenApi {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

it('every published /api/v1 operation has a Client method', async () => {
  const res = await request(`${service.url}${SERVICE_PATHS.openapi}`, { headers: { 'accept-encoding': 'identity' } });
  const doc = (await res.body.json()) as OpenApi;
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
  const published = operations.filter((op) => op.path.startsWith('/api/v1/') && op.path !== SERVICE_PATHS.openapi);
  expect(published.length).toBeGreaterThan(30);

  const log = capturingLogger();
  const c = new Client({ baseUrl: service.url, token: ALICE_TOKEN, clientName: 'coverage', logger: log, retry: { maxAttempts: 1 } });
  const x = 'x-id';
  const calls: (() => Promise<unknown>)[] = [
    () => c.me(),
    () => c.mentions({}),
    () => c.wake(),
    () => c.channels(),
    () => c.messages(IDS.general),
    () => c.postMessage(IDS.general, { body: 'coverage' }),
    () => c.editMessage(x, 'b'),
    () => c.thread(x),
    () => c.members(IDS.general),
    () => c.links(IDS.general),
    () => c.automations(IDS.general),
    () => c.upsertAutomation(IDS.general, { name: 'n', trigger: { kind: 'webhook', options: {} }, actions: [] }),
    () => c.setAutomationEnabled(IDS.general, x, true),
    () => c.deleteAutomation(IDS.general, x),
    () => c.env(IDS.general),
    () => c.putEnv(IDS.general, { name: 'A', value: 'b', kind: 'variable' }),
    () => c.deleteEnv(IDS.general, 'A'),
    () => c.budget(IDS.general),
    () => c.putBudget(IDS.general, null),
    () => c.warmWorkspace(IDS.general),
    () => c.rebuildWarmWorkspace(IDS.general),
    () => c.putArtifactAddress(x, 'abc'),
    () => c.messageLink('https://example.com/w/a/c/b'),
    () => c.search({ q: 'coverage' }),
    () => c.docs(),
    () => c.createDoc({ title: 't', body: 'b' }),
    () => c.getDoc(x),
    () => c.patchDoc(x, { body: 'b' }),
    () => c.tasks(),
    () => c.createTask({ title: 't' }),
    () => c.patchTask('T-1', {}),
    () => c.runEvents(IDS.run),
    () => c.retryRun(x),
    () => c.capabilities(),
    () => c.readAction('get_onboarding', { workspaceId: IDS.workspace }),
    () => readTask(c, 'T-1'),
    () => c.runAction('join_channel', { channelId: IDS.general }),
  ];
  for (const call of calls) await call().catch(() => undefined);
  await c.close();

  const sent = log.entries.map((e) => e.message.split(' ').slice(0, 2).join(' '));
  const template = (path: string): RegExp => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const missing = published.filter((op) => !sent.some((s) => {
    const [method, path] = s.split(' ');
    return method === op.method && template(op.path).test(path ?? '');
  }));
  expect(missing).toEqual([]);
});
