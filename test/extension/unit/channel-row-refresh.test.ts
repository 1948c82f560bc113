// The Channels view refreshes only the rows a mark changed, once per burst (extension/channels/row-refresh.ts).
import { describe, expect, it } from 'vitest';
import { Coalescer, DrawnRows } from '../../../extension/channels/row-refresh';

describe('DrawnRows', () => {
  it('names only the drawn rows whose look changed', () => {
    const drawn = new DrawnRows();
    drawn.drew('a', 'general');
    drawn.drew('b', 'random');
    drawn.drew('c', 'design');
    const changed = drawn.changed([
      ['a', 'general ●'],
      ['b', 'random'],
      ['c', 'design @1'],
      ['d', 'never drawn'],
    ]);
    expect(changed).toEqual(['a', 'c']);
  });

  it('a row drawn again with its new look is no longer changed', () => {
    const drawn = new DrawnRows();
    drawn.drew('a', 'general');
    expect(drawn.changed([['a', 'general ●']])).toEqual(['a']);
    drawn.drew('a', 'general ●');
    expect(drawn.changed([['a', 'general ●']])).toEqual([]);
  });

  it('tells rows added, gone or moved apart from marks', () => {
    const drawn = new DrawnRows();
    expect(drawn.structureChanged('["a","b"]'), 'nothing drawn yet: nothing to redraw').toBe(false);
    drawn.drewStructure('["a","b"]');
    expect(drawn.structureChanged('["a","b"]')).toBe(false);
    expect(drawn.structureChanged('["b","a"]')).toBe(true);
    expect(drawn.structureChanged('["a","b","c"]')).toBe(true);
  });
});

describe('Coalescer', () => {
  it('flushes once for a burst of requests, and again for a later one', async () => {
    let flushed = 0;
    let done: () => void = () => undefined;
    const coalescer = new Coalescer(5, () => {
      flushed += 1;
      done();
    });
    let settled = new Promise<void>((resolve) => (done = resolve));
    for (let i = 0; i < 20; i += 1) coalescer.request();
    await settled;
    expect(flushed).toBe(1);
    settled = new Promise<void>((resolve) => (done = resolve));
    coalescer.request();
    await settled;
    expect(flushed).toBe(2);
    coalescer.dispose();
  });

  it('dispose drops a pending flush', async () => {
    let flushed = 0;
    const coalescer = new Coalescer(1, () => (flushed += 1));
    coalescer.request();
    coalescer.dispose();
    // A later flush of another coalescer with the same delay runs after this one would have.
    await new Promise<void>((resolve) => new Coalescer(1, resolve).request());
    expect(flushed).toBe(0);
  });
});
