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
