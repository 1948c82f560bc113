// The waker (shared/live/waker.ts): cues from the real doorbell against the local service, and
// from the interval on an injected clock.
import { afterEach, describe, expect, it } from 'vitest';
import { isAbortError } from '../../../shared/abort';
import { Waker, type LiveCue } from '../../../shared/live/waker';
import { startEmulator } from '../../support/emulator';
import { manualClock } from '../support/fakes';
import { clientFor, GENERAL_CHANNEL, MARIA_TOKEN, OWNER_TOKEN, until } from '../support/clients';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A client that is never asked: the interval-only waker has no doorbell. */
const noDoorbell = { wake: () => Promise.reject(new Error('no doorbell here')) };

describe('Waker without a doorbell', () => {
  it('cues on the interval, and next() returns at once when a cue came since the last call', async () => {
    const clock = manualClock();
    const waker = new Waker({ client: noDoorbell, doorbell: false, intervalMs: 5_000, clock });
    cleanups.push(() => waker.stop());
    const cues: LiveCue[] = [];
    const off = waker.onCue((c) => cues.push(c));
    waker.start();
    await until(() => clock.sleeping() === 1, 2_000, 'the interval waiting');

    let woke = false;
    const next = waker.next().then(() => (woke = true));
    clock.advance(4_999);
    expect(cues).toEqual([]);
    clock.advance(1);
    await next;
    expect(woke).toBe(true);
    expect(cues).toEqual(['interval']);

    // A cue while nobody waits is kept for the next call.
    await until(() => clock.sleeping() === 1, 2_000, 'the interval waiting again');
    clock.advance(5_000);
    await until(() => cues.length === 2, 2_000, 'second cue');
    await waker.next();
    off();
    await until(() => clock.sleeping() === 1, 2_000, 'the interval waiting a third time');
    clock.advance(5_000);
    expect(cues).toHaveLength(2);
  });

  it('next() rejects as aborted on its signal and on stop(); stop() is safe twice', async () => {
    const clock = manualClock();
    const waker = new Waker({ client: noDoorbell, doorbell: false, intervalMs: 5_000, clock });
    waker.start();
    const controller = new AbortController();
    const aborted = waker.next(controller.signal).catch((e: unknown) => e);
    controller.abort();
    expect(isAbortError(await aborted)).toBe(true);

    const stopped = waker.next().catch((e: unknown) => e);
    await waker.stop();
    expect(isAbortError(await stopped)).toBe(true);
    expect(clock.sleeping()).toBe(0);
    await waker.stop();
    expect(waker.running).toBe(false);
  });
});

describe('Waker with the doorbell', () => {
  it('cues on subscription and on every wake from the local service', async () => {
    const emu = await startEmulator();
    cleanups.push(() => emu.stop());
    const maria = clientFor(emu.url, MARIA_TOKEN);
    const owner = clientFor(emu.url, OWNER_TOKEN);
    cleanups.push(() => maria.close(), () => owner.close());
    const statuses: string[] = [];
    const waker = new Waker({ client: maria, onDoorbellStatus: (s) => statuses.push(s) });
    cleanups.push(() => waker.stop());
    const cues: LiveCue[] = [];
    waker.onCue((c) => cues.push(c));
    waker.start();
    await waker.next();
    expect(cues).toEqual(['subscribed']);

    const woken = waker.next();
    await owner.postMessage(GENERAL_CHANNEL, { body: 'anything posted rings the bell' });
    await woken;
    expect(cues).toEqual(['subscribed', 'wake']);
    await waker.stop();
    expect(statuses.at(-1)).toBe('stopped');
  });
});
