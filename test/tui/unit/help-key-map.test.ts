// The help overlay's keys as a pure function: what its title line offers (j/k scroll · Esc closes)
// and the keys that mean nothing there.
import { describe, expect, it } from 'vitest';
import { helpKeyAction } from '../../../tui/keys/help-key-map';
import { inkKey } from '../support/ink-key';

describe('helpKeyAction', () => {
  const middle = { top: 5, page: 10, maxTop: 30 };

  it('Esc, ? and q close it', () => {
    expect(helpKeyAction('', inkKey({ escape: true }), middle)).toEqual({ kind: 'close' });
    expect(helpKeyAction('?', inkKey(), middle)).toEqual({ kind: 'close' });
    expect(helpKeyAction('q', inkKey(), middle)).toEqual({ kind: 'close' });
  });

  it('j/k and the arrows scroll a line, Space and PgDn/PgUp a page', () => {
    expect(helpKeyAction('j', inkKey(), middle)).toEqual({ kind: 'scroll', top: 6 });
    expect(helpKeyAction('', inkKey({ downArrow: true }), middle)).toEqual({ kind: 'scroll', top: 6 });
    expect(helpKeyAction('k', inkKey(), middle)).toEqual({ kind: 'scroll', top: 4 });
    expect(helpKeyAction('', inkKey({ upArrow: true }), middle)).toEqual({ kind: 'scroll', top: 4 });
    expect(helpKeyAction(' ', inkKey(), middle)).toEqual({ kind: 'scroll', top: 15 });
    expect(helpKeyAction('', inkKey({ pageDown: true }), middle)).toEqual({ kind: 'scroll', top: 15 });
    expect(helpKeyAction('', inkKey({ pageUp: true }), { ...middle, top: 20 })).toEqual({ kind: 'scroll', top: 10 });
  });

  it('scrolling stops at the first and the last page', () => {
    expect(helpKeyAction('', inkKey({ pageDown: true }), { top: 25, page: 10, maxTop: 30 })).toEqual({ kind: 'scroll', top: 30 });
    expect(helpKeyAction('', inkKey({ pageUp: true }), { top: 3, page: 10, maxTop: 30 })).toEqual({ kind: 'scroll', top: 0 });
  });

  it('a scroll that would not move (at an end, or when everything fits) means nothing', () => {
    expect(helpKeyAction('k', inkKey(), { top: 0, page: 10, maxTop: 30 })).toBeNull();
    expect(helpKeyAction('j', inkKey(), { top: 30, page: 10, maxTop: 30 })).toBeNull();
    expect(helpKeyAction('j', inkKey(), { top: 0, page: 40, maxTop: 0 })).toBeNull();
  });

  it('other keys mean nothing: the app keys behind it stay shut while it is open', () => {
    for (const input of ['t', 'm', ':', '/', 'x', '']) expect(helpKeyAction(input, inkKey(), middle)).toBeNull();
    expect(helpKeyAction('', inkKey({ return: true }), middle)).toBeNull();
    expect(helpKeyAction('', inkKey({ tab: true }), middle)).toBeNull();
  });
});
