import { describe, expect, it } from 'vitest';
import { FULL_SPEED, typingPace } from '../../../tui/history/load-pace';

describe('how loading every older page gives way to typing', () => {
  it('leaves the machine idle as long as the last page took while keys are being typed, and not once typing has stopped', () => {
    let since = 50;
    let clock = 0;
    const pace = typingPace(() => since, () => clock);
    pace.begin();
    clock = 10_000;
    expect(pace.pauseAfter(12)).toBe(12);
    expect(pace.pauseAfter(-1)).toBe(0);
    since = 999;
    expect(pace.pauseAfter(12)).toBe(12);
    since = 1_000;
    expect(pace.pauseAfter(12)).toBe(0);
    since = Number.POSITIVE_INFINITY;
    expect(pace.pauseAfter(12)).toBe(0);
  });

  it('draws older messages only once no key has been read for a moment', () => {
    let since = 0;
    let clock = 0;
    const pace = typingPace(() => since, () => clock);
    pace.begin();
    clock = 10_000;
    expect(pace.mayPublish()).toBe(false);
    since = 399;
    expect(pace.mayPublish()).toBe(false);
    since = 400;
    expect(pace.mayPublish()).toBe(true);
  });

  it('does not take the key that asked for the load (or one before it) for typing', () => {
    let clock = 1_000;
    let lastKey = 990;
    const pace = typingPace(() => clock - lastKey, () => clock);
    pace.begin();
    clock = 1_200;
    expect(pace.pauseAfter(15)).toBe(0);
    expect(pace.mayPublish()).toBe(true);
    lastKey = 1_150;
    expect(pace.pauseAfter(15)).toBe(15);
    expect(pace.mayPublish()).toBe(false);
    // A second load: the keys typed during the first are before it.
    clock = 1_300;
    pace.begin();
    clock = 1_400;
    expect(pace.pauseAfter(15)).toBe(0);
  });

  it('runs at full speed where nobody types', () => {
    expect(FULL_SPEED.pauseAfter(30)).toBe(0);
    expect(FULL_SPEED.mayPublish()).toBe(true);
  });
});
