// The outbox's background loop (shared/offline/replay-loop.ts), shared by the extension and the terminal UI.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplayLoop } from '../../../shared/offline/replay-loop';

/** A round the test ends by hand, recording each start and the signal it got. */
function scriptedRounds() {
  const starts: { signal: AbortSignal; end: (tryAgainLater: boolean) => void; fail: (e: Error) => void }[] = [];
  const round = (signal: AbortSignal) =>
    new Promise<boolean>((resolve, reject) => {
      starts.push({ signal, end: resolve, fail: reject });
    });
  return { starts, round };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ReplayLoop', () => {
  it('runs one round at a time; a run while one is under way makes it go round exactly once more', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    const first = loop.run();
    const second = loop.run();
    const third = loop.run();
    expect(starts).toHaveLength(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(loop.running).toBe(true);
    starts[0]?.end(false);
    await first;
    expect(starts).toHaveLength(2);
    starts[1]?.end(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(starts).toHaveLength(2);
    expect(loop.running).toBe(false);
  });

  it('tries again after retryEveryMs when a round asks for it, and not when it does not', async () => {
    vi.useFakeTimers();
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    const first = loop.run();
    starts[0]?.end(true);
    await first;
    await vi.advanceTimersByTimeAsync(4999);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toHaveLength(2);
    starts[1]?.end(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts).toHaveLength(2);
  });

  it('a run before the retry is due starts at once and the waiting retry is dropped', async () => {
    vi.useFakeTimers();
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    const first = loop.run();
    starts[0]?.end(true);
    await first;
    const early = loop.run();
    expect(starts).toHaveLength(2);
    starts[1]?.end(false);
    await early;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts).toHaveLength(2);
  });

  it('interrupt() aborts the round under way and waits for it; the next run gets a fresh signal', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    void loop.run();
    const signal = starts[0]?.signal;
    const interrupted = loop.interrupt();
    expect(signal?.aborted).toBe(true);
    starts[0]?.fail(new Error('aborted'));
    await interrupted;
    expect(loop.running).toBe(false);
    void loop.run();
    expect(starts[1]?.signal.aborted).toBe(false);
    starts[1]?.end(false);
  });

  it('stop() aborts the round, forgets a pending go-round and schedules no retry', async () => {
    vi.useFakeTimers();
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    const first = loop.run();
    void loop.run();
    const stopped = loop.stop();
    expect(starts[0]?.signal.aborted).toBe(true);
    starts[0]?.end(true);
    await stopped;
    await first;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts).toHaveLength(1);
    await loop.run();
    expect(starts).toHaveLength(1);
  });

  it('a round that throws rejects its callers, as the face’s own replay did', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    const first = loop.run();
    starts[0]?.fail(new Error('store closed'));
    await expect(first).rejects.toThrow('store closed');
    expect(loop.running).toBe(false);
  });
});
