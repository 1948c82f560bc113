// Done in one process is done in another: a running home (an InboxSession in this process, as the
// terminal UI and VS Code hold one) and `wsc inbox done` run as its own process on the same account.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, terminalOfflineRoot, type InboxSession } from '../../shared';
import { terminalInboxSession } from '../../term/inbox';
import { shortId } from '../../cli/inbox';
import { startEmulator, type TestEmulator } from '../support/emulator';
import { cliEnv, makeHome, runWsc } from './run-wsc';

const MARIA = 'hpt_member_rw';
let emu: TestEmulator;
let session: InboxSession | undefined;

beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await session?.close();
  await emu.stop();
});

const until = async (what: string, probe: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the inbox across processes', () => {
  it('wsc inbox done in another process shows done in a running session within a second, and the other way', async () => {
    const home = makeHome();
    const env = cliEnv(home, { url: emu.url, token: MARIA });
    const first = await runWsc(['inbox', '--json'], { env });
    expect(first.code).toBe(0);
    const client = new Client({ baseUrl: emu.url, token: MARIA, clientName: 'inbox-test' });
    const me = await client.me();
    session = terminalInboxSession({ client, me, serviceUrl: emu.url, root: terminalOfflineRoot({ XDG_STATE_HOME: join(home, 'state'), HOME: home }) });
    await session.open();
    const [one, two] = session.items();
    if (!one || !two) throw new Error(`two items expected: ${JSON.stringify(session.items())}`);

    // The short id a terminal shows (each uuid's last 8 digits) is enough.
    const done = await runWsc(['inbox', 'done', shortId(one.id)], { env });
    expect(shortId(one.id).length).toBeLessThan(one.id.length);
    expect(done.code).toBe(0);
    const finished = Date.now();
    await until('the running session to see it done', () => session?.items({ done: true }).find((i) => i.id === one.id)?.state === 'done', 1_000);
    expect(Date.now() - finished).toBeLessThan(1_000);

    await session.mark([two.id], 'done');
    const listed = await runWsc(['inbox', '--json'], { env });
    expect(listed.stdout).not.toContain(JSON.stringify(two.id));
  });
});
