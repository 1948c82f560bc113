// Generic command names from list_capabilities: the rule that maps our name to the service's,
// and the per-service cache of the service's own documents.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, commandWords, resolveCommandName, ServiceDocuments } from '../../../shared';
import { NotFoundError } from '../../../shared/errors';
import { startLoopbackServer, type LoopbackServer, type RecordedRequest } from '../support/loopback-server';

describe('resolveCommandName', () => {
  it('finds the same words in another order, case or separator', () => {
    expect(commandWords('get_task')).toBe('get task');
    expect(commandWords('getTask')).toBe('get task');
    expect(commandWords('task.get')).toBe('get task');
    expect(commandWords('DocFolderCreate')).toBe('create doc folder');
    expect(commandWords('HTTPGetTask')).toBe('get http task');
    expect(resolveCommandName('get_task', ['list_capabilities', 'get_task'])).toEqual({ kind: 'same', name: 'get_task' });
    expect(resolveCommandName('get_task', ['list_capabilities', 'task.get'])).toEqual({ kind: 'renamed', name: 'task.get' });
    expect(resolveCommandName('create_doc_folder', ['DocFolderCreate'])).toEqual({ kind: 'renamed', name: 'DocFolderCreate' });
  });

  it('does not guess: other words are absent, two candidates are ambiguous', () => {
    expect(resolveCommandName('get_task', ['get_tasks', 'read_task', 'task'])).toEqual({ kind: 'absent' });
    expect(resolveCommandName('get_task', ['task_get', 'getTask'])).toEqual({ kind: 'ambiguous', names: ['task_get', 'getTask'] });
  });
});

describe('ServiceDocuments', () => {
  it('keeps a copy for its age, reads again when fresh is asked or it is old, and says when it changed', async () => {
    let now = 0;
    const clock = { now: () => now, sleep: () => Promise.resolve() };
    const documents = new ServiceDocuments(clock, 1000);
    let version = 1;
    let reads = 0;
    const read = () => {
      reads += 1;
      return Promise.resolve({ version });
    };
    const changed: string[] = [];
    documents.onChange((name) => changed.push(name));
    await documents.get('capabilities', read);
    await documents.get('capabilities', read);
    expect(reads).toBe(1);
    now = 1500;
    expect(documents.peek('capabilities')).toBeNull();
    await documents.get('capabilities', read);
    expect(reads).toBe(2);
    expect(changed).toEqual([]);
    version = 2;
    await documents.get('capabilities', read, { fresh: true });
    expect(reads).toBe(3);
    expect(changed).toEqual(['capabilities']);
  });

  it('shares one read between callers that ask at the same time', async () => {
    const documents = new ServiceDocuments();
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return { ok: true };
    };
    await Promise.all([documents.get('openapi', read), documents.get('openapi', read), documents.get('openapi', read)]);
    expect(reads).toBe(1);
  });
});

// A service that names get_task "task.get" and join_channel "ChannelJoin", and has no move_doc.
const TASK = { id: 't1', number: 2, ref: 'T-2', title: 'Ship', kind: 'task', status: 'todo', priority: 'none', labels: [] };
function capabilitiesOf(names: string[]) {
  const command = (name: string) => ({
    name,
    description: name,
    risk: name.includes('get') || name === 'list_capabilities' ? 'read' : 'write',
    inputSchema: { type: 'object', properties: {} },
    roles: ['member'],
    scopes: ['workspace:read'],
    auditTarget: 'task',
    transports: ['rest'],
    rateClass: 'read',
    idempotency: 'none',
    interactiveOnly: false,
    webmcpDisposition: 'exposed',
  });
  return { commands: names.map(command), webmcpStandard: 'x', webmcpAgentConsumer: { supported: false } };
}

describe('a service whose commands have other names', () => {
  let stub: LoopbackServer;
  afterEach(async () => {
    await stub?.close();
  });

  async function serve(names: string[]): Promise<Client> {
    stub = await startLoopbackServer((req: RecordedRequest, res) => {
      const path = new URL(req.url, 'http://x').pathname;
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (path === '/api/v1/actions/list_capabilities') return json(200, capabilitiesOf(names));
      const command = decodeURIComponent(path.slice('/api/v1/actions/'.length));
      if (!names.includes(command)) return json(404, { error: { code: 'not_found', message: `The command '${command}' was not found.`, hint: 'list_capabilities' } });
      if (command === 'task.get') return json(200, { task: TASK });
      if (command === 'ChannelJoin') return json(200, { ok: true, receipt: { id: 'r1', replayed: false } });
      return json(500, { error: { code: 'internal', message: 'unexpected', hint: '' } });
    });
    // Each test gets its own cache, as a new process would.
    return new Client({ baseUrl: stub.url, token: 'hpt_x', clientName: 'test', serviceDocuments: new ServiceDocuments() });
  }
  const paths = () => stub.requests.map((r) => `${r.method} ${new URL(r.url, 'http://x').pathname}`);

  it('calls the service\'s own name: once through a not_found, then straight away', async () => {
    const client = await serve(['list_capabilities', 'task.get', 'ChannelJoin']);
    await expect(client.readAction('get_task', { taskId: 'T-2' })).resolves.toEqual({ task: TASK });
    expect(paths()).toEqual(['GET /api/v1/actions/get_task', 'GET /api/v1/actions/list_capabilities', 'GET /api/v1/actions/task.get']);
    await client.readAction('get_task', { taskId: 'T-2' });
    await client.runAction('join_channel', { channelId: 'c1' });
    expect(paths().slice(3)).toEqual(['GET /api/v1/actions/task.get', 'POST /api/v1/actions/ChannelJoin']);
  });

  it('a keyed write sent again under the service\'s name carries the same key', async () => {
    const client = await serve(['list_capabilities', 'ChannelJoin']);
    await client.runAction('join_channel', { channelId: 'c1' }, { idempotencyKey: 'k-1' });
    const posts = stub.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.headers['idempotency-key'])).toEqual(['k-1', 'k-1']);
  });

  it('a command the service does not offer is refused plainly, and with the list known, before anything is sent', async () => {
    const client = await serve(['list_capabilities', 'task.get']);
    const first = await client.runAction('move_doc', { docId: 'd1', parentId: null }).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(NotFoundError);
    expect((first as Error).message).toContain('This service does not offer the command "move_doc"');
    const sent = stub.requests.length;
    const second = await client.runAction('move_doc', { docId: 'd1', parentId: null }).catch((e: unknown) => e);
    expect((second as Error).message).toContain('does not offer the command "move_doc"');
    expect(stub.requests.length).toBe(sent);
  });

  it('two commands that could both be it: refused with both names, nothing run', async () => {
    const client = await serve(['list_capabilities', 'task.get', 'getTask']);
    const error = await client.readAction('get_task', { taskId: 'T-2' }).catch((e: unknown) => e);
    expect((error as Error).message).toContain('several commands that could be "get_task" (task.get, getTask)');
    expect(paths().filter((p) => p.includes('task.get') || p.includes('getTask'))).toEqual([]);
  });
});
