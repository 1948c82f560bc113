// The KeyRouter without a screen: which layer hears a key, how a read is cut into keys, and that
// the keys of one read are routed in order within the same tick.
import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { KeyRouter, cutAtCtrlC, firstKey, type KeyLayer, type KeyLevel } from '../../../tui/keys/key-router';

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

const label = (input: string, key: Key) => (key.return ? 'Enter' : key.delete ? 'Del' : key.backspace ? 'BS' : input);

/** A layer that records what it hears; it takes the keys `takes` says (none unless given). */
function layer(level: KeyLevel, heard: string[], name: string, options: { active?: () => boolean; text?: boolean; line?: boolean; takes?: (input: string) => boolean } = {}): KeyLayer {
  return {
    level,
    isActive: options.active ?? (() => true),
    isText: () => options.text === true,
    isLine: () => options.line === true,
    handle: (input, key) => {
      heard.push(`${name}:${label(input, key)}`);
      return options.takes?.(input) === true;
    },
  };
}

/** Resolves after every microtask queued so far (and those they queue) has run. */
const settled = () => new Promise((r) => setImmediate(r));

describe('KeyRouter', () => {
  it('knows how long ago the last input was read (a load of older pages gives way to typing)', () => {
    const router = new KeyRouter();
    expect(router.msSinceInput()).toBe(Number.POSITIVE_INFINITY);
    const before = performance.now();
    router.feed('x', NO_KEY);
    const after = performance.now();
    expect(router.msSinceInput(after + 500)).toBeGreaterThanOrEqual(500);
    expect(router.msSinceInput(after + 500)).toBeLessThanOrEqual(500 + (after - before));
  });

  it('offers a key to the overlay first, then the view, then the app, newest first within a level', () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('app', heard, 'app'));
    router.add(layer('view', heard, 'list'));
    router.add(layer('overlay', heard, 'picker'));
    router.add(layer('view', heard, 'compose'));
    router.feed('x', NO_KEY);
    expect(heard).toEqual(['picker:x', 'compose:x', 'list:x', 'app:x']);
  });

  it('a read that starts with a tab is the Tab key, then the text typed after it; a tab inside a paste stays text', async () => {
    const router = new KeyRouter();
    const heard: string[] = [];
    const tabs: boolean[] = [];
    router.add({ ...layer('view', heard, 'compose', { text: true, takes: () => true }), handle: (input, key) => (heard.push(input), tabs.push(key.tab), true) });
    router.feed('\t anyone', NO_KEY);
    await settled();
    router.feed('a tab\tand', NO_KEY);
    await settled();
    expect(heard).toEqual(['\t', ' anyone', 'a tab\tand']);
    expect(tabs).toEqual([true, false, false]);
  });

  it('stops at the first layer that says it took the key: the layers after it never hear it', () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('app', heard, 'app'));
    router.add(layer('view', heard, 'list', { takes: (input) => input === 'i' }));
    router.add(layer('overlay', heard, 'help', { takes: (input) => input === '?' }));
    router.feed('i', NO_KEY);
    router.feed('?', NO_KEY);
    router.feed('q', NO_KEY);
    return settled().then(() => expect(heard).toEqual(['help:i', 'list:i', 'help:?', 'help:q', 'list:q', 'app:q']));
  });

  it('routes a read Ink hands over right after another only after the render of the one before', async () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'list'));
    router.feed('', { ...NO_KEY, pageUp: true });
    router.feed('', { ...NO_KEY, return: true });
    expect(heard).toEqual(['list:']);
    await settled();
    expect(heard).toEqual(['list:', 'list:Enter']);
  });

  it('a one-line field confirmed in the same read as the next key: Enter closes it, and the key reaches what is below', async () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'list'));
    let open = true;
    router.add({ ...layer('overlay', heard, 'filter', { text: true, line: true, active: () => open }), handle: (input, key) => {
      heard.push(`filter:${label(input, key)}`);
      if (key.return) open = false;
      return false;
    } });
    router.feed('ab\rl', NO_KEY);
    await settled();
    expect(heard).toEqual(['filter:ab', 'list:ab', 'filter:Enter', 'list:Enter', 'list:l']);
  });

  it('a one-line field typed and confirmed in one read ends with Enter, not a line break in its text', async () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'filter', { text: true, line: true }));
    router.feed('get_task\r', NO_KEY);
    await settled();
    expect(heard).toEqual(['filter:get_task', 'filter:Enter']);
  });

  it('a multi-line text field keeps a pasted line break inside its text', () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'compose', { text: true }));
    router.feed('one\rtwo', NO_KEY);
    expect(heard).toEqual(['compose:one\rtwo']);
  });

  it('skips inactive layers and forgets removed ones', () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'off', { active: () => false }));
    const remove = router.add(layer('view', heard, 'gone'));
    router.add(layer('app', heard, 'app'));
    remove();
    router.feed('q', NO_KEY);
    expect(heard).toEqual(['app:q']);
  });

  it('routes the first key of a read at once and the rest in the same tick, in order', async () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'list'));
    router.feed('jk\r', NO_KEY);
    expect(heard).toEqual(['list:j']);
    expect(router.idle()).toBe(false);
    // A second read of the same tick waits its turn behind the first.
    router.feed('G', NO_KEY);
    await Promise.resolve();
    await settled();
    expect(heard).toEqual(['list:j', 'list:k', 'list:Enter', 'list:G']);
    expect(router.idle()).toBe(true);
  });

  it('decides at each key who is active: a key that focuses a text field gives it the rest of the read whole', async () => {
    const heard: string[] = [];
    let composing = false;
    const router = new KeyRouter();
    router.add({ ...layer('view', heard, 'list', { active: () => !composing }), handle: (input) => {
      if (input === 'i') composing = true;
      else heard.push(`list:${input}`);
      return input === 'i';
    } });
    router.add(layer('view', heard, 'compose', { active: () => composing, text: true }));
    router.feed('ihello\r', NO_KEY);
    await settled();
    expect(heard).toEqual(['compose:hello\r']);
  });

  it('cuts a run of Backspace into one deletion per key, also in a text field', async () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'field', { text: true }));
    router.feed('ab\x7f\x7fc\b', NO_KEY);
    await settled();
    expect(heard).toEqual(['field:ab', 'field:Del', 'field:Del', 'field:c', 'field:BS']);
  });

  it('runs an action queued with then only after every key fed before it, in order', async () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.add(layer('view', heard, 'list'));
    router.feed('jk', NO_KEY);
    router.then(() => heard.push('quit'));
    expect(heard).toEqual(['list:j']);
    await settled();
    expect(heard).toEqual(['list:j', 'list:k', 'quit']);
    expect(router.idle()).toBe(true);
  });

  it('runs an action at once when nothing is being routed', () => {
    const heard: string[] = [];
    const router = new KeyRouter();
    router.then(() => heard.push('quit'));
    expect(heard).toEqual(['quit']);
  });
});

describe('cutAtCtrlC', () => {
  it('leaves an input without Ctrl+C whole', () => {
    expect(cutAtCtrlC('hello\r')).toEqual({ before: 'hello\r', quit: false });
  });

  it('finds Ctrl+C read after other keys, and drops what follows it', () => {
    expect(cutAtCtrlC('t\x03')).toEqual({ before: 't', quit: true });
    expect(cutAtCtrlC('a draft\x03more')).toEqual({ before: 'a draft', quit: true });
    expect(cutAtCtrlC('\x03')).toEqual({ before: '', quit: true });
  });
});

describe('firstKey', () => {
  it('keeps a single key as Ink parsed it', () => {
    expect(firstKey('', { ...NO_KEY, upArrow: true }, false)).toEqual({ input: '', key: { ...NO_KEY, upArrow: true }, rest: '' });
  });

  it('turns a carriage return left of a fast run into Enter for a list, and marks capitals', () => {
    expect(firstKey('\r', NO_KEY, false).key.return).toBe(true);
    expect(firstKey('Gj', NO_KEY, false)).toMatchObject({ input: 'G', key: { shift: true }, rest: 'j' });
  });

  it('keeps a tab inside a chunk as text, not the Tab key', () => {
    expect(firstKey('\tb', NO_KEY, false)).toMatchObject({ input: '\t', key: { tab: false }, rest: 'b' });
  });

  it('in a one-line text field, a line break ends the text and is Enter', () => {
    expect(firstKey('ab\rl', NO_KEY, true, true)).toEqual({ input: 'ab', key: NO_KEY, rest: '\rl' });
    expect(firstKey('\rl', NO_KEY, true, true)).toEqual({ input: '', key: { ...NO_KEY, return: true }, rest: 'l' });
    expect(firstKey('\nl', NO_KEY, true, true)).toEqual({ input: '', key: { ...NO_KEY, return: true }, rest: 'l' });
    // The line break left alone after the text before it ("get_task\r" read at once) is Enter too.
    expect(firstKey('\r', NO_KEY, true, true)).toEqual({ input: '', key: { ...NO_KEY, return: true }, rest: '' });
    expect(firstKey('ab\rl', NO_KEY, true)).toEqual({ input: 'ab\rl', key: NO_KEY, rest: '' });
  });

  it('keeps an emoji (two UTF-16 units) as one key', () => {
    expect(firstKey('👋x', NO_KEY, false)).toMatchObject({ input: '👋', rest: 'x' });
  });
});
