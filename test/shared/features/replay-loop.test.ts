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

  it('whileStopped() aborts the round under way, waits for it and runs the task before any other round', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    void loop.run();
    void loop.run(); // a go-round queued behind the first
    const signal = starts[0]?.signal;
    let startsDuringTask = -1;
    const stopped = loop.whileStopped(async () => {
      await Promise.resolve();
      void loop.run(); // asked for while held: waits for the task
      startsDuringTask = starts.length;
      return 'task result';
    });
    expect(signal?.aborted).toBe(true);
    starts[0]?.fail(new Error('aborted'));
    await expect(stopped).resolves.toBe('task result');
    expect(startsDuringTask).toBe(1);
    expect(starts).toHaveLength(2);
    expect(starts[1]?.signal.aborted).toBe(false);
    starts[1]?.end(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(starts).toHaveLength(2);
  });

  it('whileStopped() with no round under way runs the task and starts none', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    await expect(loop.whileStopped(() => 7)).resolves.toBe(7);
    expect(starts).toHaveLength(0);
    expect(loop.running).toBe(false);
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

describe('ReplayLoop: a drop while sending, a stop, failures in the background', () => {
  it('a drop during a round with nothing else asked for is followed by one round for what the aborted round left', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    void loop.run();
    const dropped = loop.whileStopped(() => 'dropped');
    starts[0]?.end(false);
    await expect(dropped).resolves.toBe('dropped');
    expect(starts).toHaveLength(2);
    expect(starts[1]?.signal.aborted).toBe(false);
    starts[1]?.end(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(starts).toHaveLength(2);
  });

  it('a run asked for during a drop with no round under way starts one round once the drop is done', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    await loop.whileStopped(async () => {
      await expect(loop.run()).resolves.toBeUndefined();
      expect(starts).toHaveLength(0);
    });
    expect(starts).toHaveLength(1);
    expect(loop.running).toBe(true);
  });

  it('two drops during one round: no round starts until both are done, then exactly one', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    void loop.run();
    let releaseFirst: (() => void) | undefined;
    let releaseSecond: (() => void) | undefined;
    const first = loop.whileStopped(() => new Promise<void>((resolve) => (releaseFirst = resolve)));
    const second = loop.whileStopped(() => new Promise<void>((resolve) => (releaseSecond = resolve)));
    starts[0]?.fail(new Error('aborted'));
    await vi.waitFor(() => expect(releaseFirst && releaseSecond).toBeTypeOf('function'), { timeout: 2000, interval: 1 });
    releaseFirst?.();
    await first;
    void loop.run();
    await Promise.resolve();
    expect(starts).toHaveLength(1);
    releaseSecond?.();
    await second;
    expect(starts).toHaveLength(2);
    starts[1]?.end(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(starts).toHaveLength(2);
  });

  it('a retry that falls due during a drop waits for it, and one round follows', async () => {
    vi.useFakeTimers();
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    void loop.run();
    let release = (): void => undefined;
    const dropped = loop.whileStopped(() => new Promise<void>((resolve) => (release = resolve)));
    starts[0]?.end(true); // the aborted round could not reach the service
    await vi.advanceTimersByTimeAsync(6000);
    expect(starts).toHaveLength(1);
    release();
    await dropped;
    expect(starts).toHaveLength(2);
    starts[1]?.end(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts).toHaveLength(2);
  });

  it('stop() resolves once the round under way has ended, not before', async () => {
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    void loop.run();
    let stoppedAt = -1;
    const stopped = loop.stop().then(() => (stoppedAt = starts.length));
    await Promise.resolve();
    await Promise.resolve();
    expect(stoppedAt).toBe(-1);
    starts[0]?.end(false);
    await stopped;
    expect(stoppedAt).toBe(1);
    expect(loop.running).toBe(false);
  });

  it('a stopped loop keeps no retry timer, even when its last round asked for one', async () => {
    vi.useFakeTimers();
    const { starts, round } = scriptedRounds();
    const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
    void loop.run();
    const stopped = loop.stop();
    starts[0]?.end(true);
    await stopped;
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a round started in the background (queued, retried or after a drop) that throws leaves the loop working', async () => {
    vi.useFakeTimers();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { starts, round } = scriptedRounds();
      const loop = new ReplayLoop({ round, retryEveryMs: 5000 });
      const settle = () => vi.advanceTimersByTimeAsync(0);
      const first = loop.run();
      void loop.run();
      starts[0]?.end(false);
      await first;
      starts[1]?.fail(new Error('store closed')); // the queued go-round
      await settle();
      const second = loop.run();
      starts[2]?.end(true);
      await second;
      await vi.advanceTimersByTimeAsync(5000);
      starts[3]?.fail(new Error('store closed')); // the retry
      await settle();
      loop.run().catch(() => undefined);
      const dropped = loop.whileStopped(() => undefined);
      starts[4]?.fail(new Error('store closed'));
      await dropped;
      starts[5]?.fail(new Error('store closed')); // the round after the drop
      await settle();
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
      expect(starts).toHaveLength(6);
      expect(loop.running).toBe(false);
      void loop.run();
      expect(starts).toHaveLength(7);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
