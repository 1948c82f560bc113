import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, type Identity } from '../../../shared/index';
import { openAccountOutbox } from '../../../shared/outbox';
import { OutboxSession } from '../../../tui/outbox-session';

/** An address nothing listens on (a port taken and closed again): the service cannot be reached. */
async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const me = { userId: 'u1', workspaceId: 'w1', name: 'Ann', handle: 'ann', workspace: 'W' } as Identity;

describe('the terminal UI outbox session', () => {
  let root = '';
  let session: OutboxSession | undefined;
  afterEach(() => {
    session?.close();
    session = undefined;
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('shows a post as pending before it starts sending it, then tries to send it', async () => {
    root = mkdtempSync(join(tmpdir(), 'wsc-outbox-session-'));
    const client = new Client({ baseUrl: await unreachableUrl(), token: 'hpt_x', clientName: 'wsc-test' });
    session = OutboxSession.open(client, me, root);
    let shownAttempts: number | undefined;
    const other = openAccountOutbox(root, { serviceUrl: client.baseUrl, workspaceId: me.workspaceId, userId: me.userId });
    session.subscribe(() => (shownAttempts ??= other.get(session?.entries()[0]?.id ?? -1)?.attempts));
    const entry = session.send({ kind: 'post', channelId: 'c1', body: 'written offline' });
    expect(session.entries().map((e) => [e.id, e.state])).toEqual([[entry.id, 'pending']]);
    // When the view is told, the entry is kept and not yet claimed for sending.
    expect(shownAttempts).toBe(0);
    expect(other.get(entry.id)?.attempts).toBe(0);
    await expect.poll(() => other.get(entry.id)?.attempts, { timeout: 5_000 }).toBe(1);
    expect(other.get(entry.id)?.state).toBe('pending');
    other.close();
  });
});
