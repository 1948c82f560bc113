// A post made before the room's outbox has opened is queued like any other: shown as pending, sent
// once when the service is back. The outbox loads from a file of its own once a room first opens,
// so a post handled in the same read of keys as that opening always comes before it, whatever the
// machine's load: the read opens #general (its draft kept from the last run) and sends the draft.
import { afterEach, expect, it } from 'vitest';
import type { TestEmulator } from '../../support/emulator';
import { readUntil } from '../support/api';
import { stripCsi, type PtyApp } from '../support/pty-app';
import { closeTui, startFromCache } from '../support/tui-session';

const BODY = 'posted before the outbox opened';

let emu: TestEmulator | undefined;
let app: PtyApp | undefined;

afterEach(async () => {
  await closeTui({ app, emu });
  app = undefined;
  emu = undefined;
});

async function postedAt(service: TestEmulator): Promise<number> {
  const { tables } = await service.control.state();
  return (tables.messages ?? []).filter((m) => m.body === BODY).length;
}

it('a post in the read of keys that first opens a room, with the service away, is pending and then sent exactly once', async () => {
  const start = await startFromCache({
    read: async (first) => {
      await first.press('\r', 'general — Company-wide');
      await first.press('i', '▌ message');
      await first.type(BODY);
    },
  });
  app = start.app;
  await app.waitFor('reconnecting…');
  await app.untilFrame((f) => f.some((l) => /▸[@• ]*🏠 general/.test(l)), { what: '#general selected in the sidebar' });

  const since = app.mark();
  // One write, read at once: Enter opens #general, i focuses its box (the draft is there), End is an
  // escape sequence, so the Enter after it reaches the box as a key of its own and sends.
  app.proc.write('\ri\x1b[F\r');
  await app.waitFor(new RegExp(`⋯ pending · D drop · Maria Member: ${BODY}|Could not send`), { since });
  expect(stripCsi(app.output.slice(since))).not.toContain('Could not send');

  emu = await start.serviceBack();
  expect(await readUntil(() => postedAt(emu as TestEmulator), (n) => n > 0)).toBe(1);
  await app.untilFrame((f) => !f.some((l) => l.includes('⋯ pending')) && f.filter((l) => l.includes(BODY)).length === 1, { what: 'the message shown once, nothing pending' });
  expect(await postedAt(emu)).toBe(1);
});
